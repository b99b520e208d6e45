package queries

import (
	"context"
	"strings"
	"testing"
)

// A parameter whose value is a known set or a count is checked before the
// query runs: a typo gave an empty table, or every row, with no error.
func TestCheckParam(t *testing.T) {
	for _, c := range []struct {
		name, value, want string // want: the error's start, "" for none
	}{
		{"format", "agents-txt", ""},
		{"format", "homepage", ""},
		{"format", "home", `parameter format: no format "home"; home is a location, whose format is homepage (formats: robots, `},
		{"format", "agents-tx", `parameter format: no format "agents-tx"; did you mean agents-txt? (formats: `},
		{"format", "ai.txt", `parameter format: no format "ai.txt"; did you mean ai-txt? (formats: `},
		{"location", "robots", ""},
		{"location", "agents-md-wk", ""},
		{"location", "robotz", `parameter location: no location "robotz"; did you mean robots? (locations: robots, canary, `},
		{"location", "homepage", `parameter location: no location "homepage"; homepage is a format, found at location home (locations: `},
		{"limit", "10", ""},
		{"limit", "abc", `parameter limit must be a positive whole number, not "abc"`},
		{"limit", "2.5", `parameter limit must be a positive whole number, not "2.5"`},
		{"top", "0", `parameter top must be a positive whole number, not "0"`},
		{"crawl", "anything", ""}, // the SQL knows the crawls
	} {
		err := checkParam(c.name, c.value)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s=%s: %v", c.name, c.value, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s=%s: %v, want %q...", c.name, c.value, err, c.want)
		}
	}
}

// Run checks the parameters before it opens a session.
func TestRun_ChecksParamsFirst(t *testing.T) {
	q, err := Get("changes_detail")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.Run(context.Background(), nil, map[string]string{"limit": "abc"}); err == nil || !strings.Contains(err.Error(), "query changes_detail: parameter limit must be a positive whole number") {
		t.Errorf("limit=abc: %v", err)
	}
}
