//go:build race

package racetest

// On reports whether the race detector is on.
const On = true
