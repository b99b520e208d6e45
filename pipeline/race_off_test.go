//go:build !race

package pipeline

// raceDetector reports whether the tests run under the race detector (see
// race_on_test.go).
const raceDetector = false
