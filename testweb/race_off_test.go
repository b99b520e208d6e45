//go:build !race

package testweb

// raceSlowdown stretches the client timeouts of the truth tests under the
// race detector (see race_on_test.go); without it, it is 1.
const raceSlowdown = 1
