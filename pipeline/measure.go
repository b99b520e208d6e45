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
// keeps the crawler from. The runs and the shards of one crawl must agree
// on them, or its domains would be measured unalike in one dataset. The
// other options (concurrency, timeouts, the User-Agent, ...) may differ;
// the crawls table records each run's.
var measuredOptions = []struct{ key, flag string }{
	{"locations", "--locations"},
	{"max_body", "--max-body"},
	{"allow_private", "--allow-private"},
	{"respect_robots", "--respect-robots"},
}

// measured returns the measured options of an options record, by flag,
// each as the flag would take it (a list comma-separated). An option the
// record lacks, or a record that cannot be read, gives no entry: it is
// not compared.
func measured(record json.RawMessage) map[string]string {
	var m map[string]json.RawMessage
	if len(record) == 0 || json.Unmarshal(record, &m) != nil {
		return nil
	}
	out := make(map[string]string, len(measuredOptions))
	for _, o := range measuredOptions {
		if v, ok := m[o.key]; ok {
			out[o.flag] = optionText(v)
		}
	}
	return out
}

// optionText renders a recorded option as a flag would take it: a list
// comma-separated, a string unquoted, anything else as it is.
func optionText(raw json.RawMessage) string {
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, ",")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) == nil {
		return b.String()
	}
	return string(raw)
}

// checkMeasuredAlike returns an error naming each measured option that
// differs between the crawl's last run (previous, its recorded options)
// and this one (next).
func checkMeasuredAlike(previous, next json.RawMessage) error {
	was, now := measured(previous), measured(next)
	var diffs []string
	for _, o := range measuredOptions {
		a, okA := was[o.flag]
		b, okB := now[o.flag]
		if okA && okB && a != b {
			diffs = append(diffs, fmt.Sprintf("%s %s (the crawl: %s)", o.flag, b, a))
		}
	}
	if diffs == nil {
		return nil
	}
	return fmt.Errorf("--resume would change what the crawl measures: %s; a crawl's domains are all measured alike, so resume with the crawl's own values (leave these flags out), or start a new crawl with them in another --out (this one holds an unfinished crawl)",
		strings.Join(diffs, ", "))
}

// measuredUnalike returns one line per measured option on which the
// shards differ, each value with the shards that took it:
// "--max-body 1024 (0/2); 1048576 (1/2)".
func measuredUnalike(shards []ShardOutput) []string {
	var lines []string
	for _, o := range measuredOptions {
		values, byValue := shardsByValue(shards, func(s ShardOutput) (string, bool) {
			v, ok := s.measured[o.flag]
			return v, ok
		})
		if len(values) < 2 {
			continue
		}
		parts := make([]string, len(values))
		for i, v := range values {
			parts[i] = fmt.Sprintf("%s (%s)", v, strings.Join(byValue[v], ", "))
		}
		lines = append(lines, o.flag+" "+strings.Join(parts, "; "))
	}
	return lines
}

// outcomeOptions are options a resume may change that still move which
// fetches end how: a shorter --timeout turns slow answers into timeouts.
// A resume that changes them is told so (the crawls table records each
// run's options).
var outcomeOptions = []struct{ key, flag string }{
	{"timeout", "--timeout"},
	{"domain_deadline", "--domain-deadline"},
	{"max_retry_after", "--max-retry-after"},
}

// changedOutcomeOptions returns "--timeout 5s (the crawl's last run: 10s)"
// for each outcome option that differs between the crawl's last run
// (previous) and this one (next).
func changedOutcomeOptions(previous, next json.RawMessage) []string {
	var was, now map[string]json.RawMessage
	if json.Unmarshal(previous, &was) != nil || json.Unmarshal(next, &now) != nil {
		return nil
	}
	var out []string
	for _, o := range outcomeOptions {
		a, okA := was[o.key]
		b, okB := now[o.key]
		if okA && okB && optionText(a) != optionText(b) {
			out = append(out, fmt.Sprintf("%s %s (the crawl's last run: %s)", o.flag, optionText(b), optionText(a)))
		}
	}
	return out
}
