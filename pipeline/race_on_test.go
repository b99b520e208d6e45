//go:build race

package pipeline

// raceDetector reports whether the tests run under the race detector,
// which slows the in-process simulated web and the crawler several times
// over; crawlConfig then crawls with fewer workers and longer timeouts, so
// that a 4 MiB body still arrives within the request timeout in every
// crawl a test compares.
const raceDetector = true
