package pipeline

import (
	"encoding/json"
	"slices"
	"testing"
)

// A resume that changes an option moving how fetches end (a timeout) is
// told which, and with what the crawl's last run had; options that move
// nothing of the kind (concurrency) are not named.
func TestChangedOutcomeOptions(t *testing.T) {
	was := json.RawMessage(`{"timeout":"10s","domain_deadline":"1m0s","max_retry_after":"10s","concurrency":256}`)
	now := json.RawMessage(`{"timeout":"5s","domain_deadline":"1m0s","max_retry_after":"10s","concurrency":16}`)
	if got, want := changedOutcomeOptions(was, now), []string{"--timeout 5s (the crawl's last run: 10s)"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := changedOutcomeOptions(was, was); got != nil {
		t.Errorf("the same options: %q", got)
	}
	if got := changedOutcomeOptions(nil, now); got != nil {
		t.Errorf("no earlier options: %q", got)
	}
}
