package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// measuredOptions are the options (keys of the crawls table's options)
// that decide what a crawl measures: which locations are fetched, where a
// body is cut, which addresses are reached, and which locations robots.txt
// keeps the crawler from. The runs of one crawl must agree on them, or its
// domains would be measured unalike in one dataset. The other options
// (concurrency, timeouts, the User-Agent, ...) may change from run to run;
// the crawls table records each run's.
var measuredOptions = []struct{ key, flag string }{
	{"locations", "--locations"},
	{"max_body", "--max-body"},
	{"allow_private", "--allow-private"},
	{"respect_robots", "--respect-robots"},
}

// checkMeasuredAlike returns an error naming each measured option that
// differs between the crawl's last run (previous, its recorded options)
// and this one (next). An option missing from either record is not
// compared.
func checkMeasuredAlike(previous, next json.RawMessage) error {
	if previous == nil {
		return nil
	}
	var was, now map[string]json.RawMessage
	if json.Unmarshal(previous, &was) != nil || json.Unmarshal(next, &now) != nil {
		return nil // an unreadable record is the crawls table's concern, not this check's
	}
	var diffs []string
	for _, o := range measuredOptions {
		a, okA := was[o.key]
		b, okB := now[o.key]
		if okA && okB && !sameJSON(a, b) {
			diffs = append(diffs, fmt.Sprintf("%s %s (the crawl: %s)", o.flag, optionText(b), optionText(a)))
		}
	}
	if diffs == nil {
		return nil
	}
	return fmt.Errorf("--resume would change what the crawl measures: %s; a crawl's domains are all measured alike, so resume with the crawl's own values (leave these flags out), or start a new crawl with another --crawl-id",
		strings.Join(diffs, ", "))
}

// sameJSON reports whether two JSON values are the same but for
// whitespace (the state file holds its options indented).
func sameJSON(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

// optionText renders a recorded option as a flag would take it: a list
// comma-separated, a string unquoted.
func optionText(raw json.RawMessage) string {
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, ",")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}
