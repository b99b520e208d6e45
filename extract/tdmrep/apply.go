package tdmrep

import "github.com/agentpolicy/survey/extract/internal/pathnorm"

// Why a rule never decides a path. The report uses the first rule whose
// location matches ("the most specific match is the first in sequence"),
// so a rule that cannot match, or that an earlier rule always matches
// before, is never used.
const (
	ruleApplies       = iota // the rule may be the first match of some path
	ruleNoLocation           // no location, or not a string
	ruleEmptyLocation        // location "" matches nothing
	ruleNotPath              // location starts with neither "/" nor "*"
	ruleDotSegment           // location holds a "." or ".." segment, which no path holds
	ruleDuplicate            // an earlier rule has the same location
	ruleCovered              // an earlier plain-prefix rule matches every path it matches
)

// ruleUse is the verdict on one rule: why it never applies (ruleApplies
// when it may), and the earlier rule responsible for ruleDuplicate and
// ruleCovered.
type ruleUse struct {
	why int
	by  int
}

// ruleUses judges every rule of rules. It finds the rules the parser
// reports as never used; other rules may still never be first for any path
// (an earlier pattern with "*" can cover a later one), which it does not
// try to prove.
func ruleUses(rules []Rule) []ruleUse {
	out := make([]ruleUse, len(rules))
	firstByPattern := map[string]int{}
	var prefixes prefixIndex
	for i, r := range rules {
		if r.Location == nil {
			out[i] = ruleUse{ruleNoLocation, -1}
			continue
		}
		loc := *r.Location
		switch {
		case loc == "":
			out[i] = ruleUse{ruleEmptyLocation, -1}
			continue
		case loc[0] != '/' && loc[0] != '*':
			out[i] = ruleUse{ruleNotPath, -1}
			continue
		case pathnorm.DeadDotSegment(loc, true):
			out[i] = ruleUse{ruleDotSegment, -1}
			continue
		}
		pattern := normalize(loc, true)
		if first, ok := firstByPattern[pattern]; ok {
			out[i] = ruleUse{ruleDuplicate, first}
			continue
		}
		firstByPattern[pattern] = i
		literal, plain := literalPrefix(pattern)
		covered := literal
		if pattern[0] == '*' {
			// Every path starts with "/", so "*.pdf" matches the paths
			// "/*.pdf" matches, and an earlier "/" rule covers it.
			covered = "/"
		}
		if by := prefixes.covering(covered); by >= 0 {
			out[i] = ruleUse{ruleCovered, by}
			continue
		}
		if plain {
			prefixes.insert(literal, i)
		}
		out[i] = ruleUse{ruleApplies, -1}
	}
	return out
}

// Applicable reports, for each rule, whether it can be the first rule to
// match some path, the only rule the report uses. A rule without a string
// location, with an empty location or one starting with neither "/" nor
// "*" (such as a full URL), with a "." or ".." segment that no path holds,
// with the same location as an earlier rule, or whose every path an
// earlier prefix rule matches is never used: these are the rules the
// parser reports (tdmrep.location-empty, tdmrep.location-not-path,
// tdmrep.dot-segment-location, tdmrep.duplicate-location,
// tdmrep.unreachable-rule, and a missing or non-string location).
func (f *File) Applicable() []bool {
	uses := ruleUses(f.Rules)
	out := make([]bool, len(uses))
	for i, u := range uses {
		out[i] = u.why == ruleApplies
	}
	return out
}
