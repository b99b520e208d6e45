// Package racetest tells tests whether they run under the race detector.
package racetest

import "testing"

// SkipTimedComparison skips a test whose assertions need every fetch of a crawl
// to finish within its request timeout (a comparison of two crawls, or of
// a crawl with the ground truth) when it runs under the race detector. The
// detector slows the in-process simulated web and the crawler several
// times over, so that on two busy cores the population's 4 MiB bodies
// sometimes time out in one crawl and not in the other. make test runs
// such tests without the detector; make test-race keeps the tests that
// crawl once and check what does not depend on timing.
func SkipTimedComparison(t testing.TB) {
	t.Helper()
	if On {
		t.Skip("its comparison needs every fetch within the timeout, which the race detector's slowdown makes a matter of luck; make test runs it")
	}
}
