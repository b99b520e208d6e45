// Package tdmrep parses /.well-known/tdmrep.json, the TDM file on the
// origin server of the W3C TDM Reservation Protocol (Community Group Final
// Report, 10 May 2024): a JSON array of rules, each an object with a
// location pattern (mandatory), a tdm-reservation of 0 or 1 (mandatory) and
// a tdm-policy URL (optional, meaningful with reservation 1).
//
// Parse is a pure function from bytes to a File and diagnostics. Decoding
// is bounded: at most MaxBytes of input, MaxDepth levels of nesting and
// MaxRules rules are read. File.Reservation evaluates the rules for a path
// the way the report asks a TDM agent to.
//
// Decisions where the report is silent or loose:
//   - tdm-reservation is an integer: a JSON number 0 or 1. The string "1",
//     1.0, 2 and every other value are protocol errors (errors here) that
//     leave the rule's reservation unset, as the report says.
//   - A top-level object instead of an array is an error, but it is read as
//     one rule so that the publisher's intent is recorded; an object that
//     wraps the rules array instead ({"policies": [...]}: no rule field, and
//     exactly one array member, of objects) has that array's rules read.
//   - Field names are case-sensitive, as JSON names are: "Location" is not
//     location (a warning says so, and location is then missing).
//   - The tdm-policy is checked to be an absolute http or https URL
//     (warning otherwise); when a field appears twice the last value is
//     used.
//
// Pattern rules (the report reuses robots.txt matching, draft-koster-rep-00
// §2.2.3, and defers to Google's reading of it): a location matches a path
// when the path starts with it; "*" matches any sequence of characters; a
// "$" at the end anchors the pattern at the end of the path ("$" elsewhere
// is literal). Matching is case-sensitive and applies to the path and query.
// Before comparison, percent-encoded unreserved characters (RFC 3986 §2.3)
// are decoded, other escapes are upper-cased, and bytes outside printable
// US-ASCII are percent-encoded, in both the pattern and the path; a "$" or
// "*" in a path is compared as "%24" or "%2A", so the pattern "/foo-%24"
// matches the path "/foo-$". The first matching rule in file order is used
// ("the most specific match is the first in sequence"); an empty location
// matches nothing. A rule that is never the first match (File.Applicable)
// counts for nothing in File.Effective.
package tdmrep

import (
	"strings"

	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// Limits of the decoder.
const (
	// MaxBytes is the largest file parsed; larger files are rejected.
	MaxBytes = 1 << 20
	// MaxDepth is the deepest nesting of arrays and objects read (the
	// rules array is depth 1, a rule depth 2).
	MaxDepth = 32
	// MaxRules is the number of rules kept.
	MaxRules = 10000
)

// File is a parsed tdmrep.json.
type File struct {
	// Rules are the rules in file order.
	Rules []Rule `json:"rules"`
	// Array is true when the top-level value is an array, as required.
	Array bool `json:"array"`
	// Complete is true when the whole file was decoded: it is JSON, within
	// the decoder's limits, and every rule was kept (at most MaxRules).
	// Rules past MaxRules may decide paths the kept rules leave unset, so
	// an incomplete file's Effective label is "unset".
	Complete bool `json:"complete"`
}

// Rule is one object of the array.
type Rule struct {
	// Line is the line of the rule's opening brace.
	Line int `json:"line"`
	// Location is the path pattern; nil when the rule has none (or it is
	// not a string), in which case the rule never matches.
	Location *string `json:"location"`
	// Reservation is tdm-reservation: 0 or 1, nil when missing or not one
	// of those values ("unset").
	Reservation *int `json:"tdm_reservation"`
	// Policy is the tdm-policy URL as written ("" when absent).
	Policy string `json:"tdm_policy,omitempty"`
	// Unknown lists the fields the report does not define, in file order.
	Unknown []string `json:"unknown_fields,omitempty"`
}

// Reserved reports whether the rule reserves TDM rights (tdm-reservation
// is 1).
func (r Rule) Reserved() bool { return r.Reservation != nil && *r.Reservation == 1 }

// Reservation evaluates the rules for target, a path ("/a/b?q") or an
// absolute URL. It returns the index of the first rule whose location
// matches, or -1 when none does (tdm-reservation is then unset for the
// target). reserved is true when that rule's tdm-reservation is 1, and
// policy is its tdm-policy in that case. A matching rule whose reservation
// is missing or invalid also leaves the reservation unset: reserved is
// false and f.Rules[ruleIndex].Reservation is nil. The target's path is
// matched as an agent's HTTP client sends it, without its "." and ".."
// segments (RFC 3986 §5.2.4; "%2E" counts as a dot): "/docs/../images/a"
// is "/images/a".
func (f *File) Reservation(target string) (reserved bool, policy string, ruleIndex int) {
	path := pathnorm.RemoveDotSegments(normalize(requestPath(target), false))
	for i, r := range f.Rules {
		if r.Location == nil || !match(normalize(*r.Location, true), path) {
			continue
		}
		if r.Reserved() {
			return true, r.Policy, i
		}
		return false, "", i
	}
	return false, "", -1
}

// Effective labels the site-wide state of a file: "reserved" when the
// first rule whose location matches every path ("/", "/*" or "*": the rule
// a path falls back to when no earlier rule matches it) reserves TDM rights,
// "partial" when only other rules do,
// "not-reserved" when rules with a location exist and none reserves, and
// "unset" when no rule with a location has a valid reservation, or when the
// file is not a complete JSON array of rules (the origin then does not
// provide the representation the report defines). Only rules that can
// apply count (see Applicable): a rule that is never the first match
// reserves nothing.
func (f *File) Effective() string {
	if !f.Array || !f.Complete {
		return "unset"
	}
	reserving, set := false, false
	applicable := f.Applicable()
	for i, r := range f.Rules {
		if !applicable[i] || r.Reservation == nil {
			continue
		}
		set = true
		reserving = reserving || r.Reserved()
	}
	for i, r := range f.Rules {
		if applicable[i] && matchesEveryPath(*r.Location) {
			if r.Reserved() {
				return "reserved"
			}
			break
		}
	}
	switch {
	case reserving:
		return "partial"
	case set:
		return "not-reserved"
	}
	return "unset"
}

// requestPath returns the path and query of target, which may be an
// absolute URL or a path; the fragment is dropped.
func requestPath(target string) string {
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	if i := strings.Index(target, "://"); i > 0 && !strings.ContainsAny(target[:i], "/?") {
		rest := target[i+3:]
		j := strings.IndexAny(rest, "/?")
		if j < 0 {
			return "/"
		}
		target = rest[j:]
	}
	if target == "" || target[0] == '?' {
		target = "/" + target
	}
	return target
}
