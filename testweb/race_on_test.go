//go:build race

package testweb

// raceSlowdown stretches the client timeouts of the truth tests under the
// race detector, which slows the in-process web and its client several
// times over: a 4 MiB body must still arrive within the timeout.
const raceSlowdown = 3
