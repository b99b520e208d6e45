package content

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// testHosts returns the hosts bodies are rendered for in tests: a plain
// name and one with a port, which did:web percent-encodes.
func testHosts() []string { return []string{"example.test", "127.0.0.1:8443"} }

// allVariants returns every variant of every location and of every feed
// set.
func allVariants(t testing.TB) []Variant {
	t.Helper()
	var out []Variant
	for _, loc := range registry.Locations() {
		out = append(out, Variants(loc.ID)...)
	}
	for _, s := range FeedSets() {
		for _, m := range []*Variant{s.Feed, s.DID, s.Card} {
			if m != nil {
				out = append(out, *m)
			}
		}
	}
	return out
}

func TestVariants_NilForSetsHomeAndCanary(t *testing.T) {
	for _, loc := range []registry.LocationID{registry.LocAgentFeed, registry.LocDID, registry.LocAgentCard, registry.LocHome, registry.LocCanary} {
		if got := Variants(loc); got != nil {
			t.Errorf("Variants(%s) = %d variants, want nil", loc, len(got))
		}
	}
	if got := Variants("no-such-location"); got != nil {
		t.Errorf("Variants(unknown) = %d variants, want nil", len(got))
	}
}

func TestVariants_EveryFileLocationHasValidAndInvalid(t *testing.T) {
	for _, loc := range registry.Locations() {
		switch loc.ID {
		case registry.LocAgentFeed, registry.LocDID, registry.LocAgentCard, registry.LocHome, registry.LocCanary:
			continue
		}
		var valid, invalid int
		for _, v := range Variants(loc.ID) {
			if v.Valid {
				valid++
			} else {
				invalid++
			}
		}
		if valid == 0 || invalid == 0 {
			t.Errorf("%s: %d valid and %d invalid variants, want both", loc.ID, valid, invalid)
		}
	}
}

func TestVariants_NamesUniqueAndPrefixed(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range allVariants(t) {
		prefix := string(v.Location) + "/"
		if !strings.HasPrefix(v.Name, prefix) || len(v.Name) == len(prefix) {
			t.Errorf("variant %q: name does not start with %q followed by a slug", v.Name, prefix)
		}
		if strings.ContainsAny(strings.TrimPrefix(v.Name, prefix), "/ ") {
			t.Errorf("variant %q: slug has a slash or space", v.Name)
		}
		if seen[v.Name] {
			t.Errorf("variant %q: duplicate name", v.Name)
		}
		seen[v.Name] = true
	}
	for _, p := range HomePages() {
		if !strings.HasPrefix(p.Name, "home/") || len(p.Name) == len("home/") {
			t.Errorf("home page %q: name does not start with home/", p.Name)
		}
		if seen[p.Name] {
			t.Errorf("home page %q: duplicate name", p.Name)
		}
		seen[p.Name] = true
	}
}

func TestVariants_FieldsSet(t *testing.T) {
	for _, v := range allVariants(t) {
		if v.Weight <= 0 {
			t.Errorf("%s: weight %d, want > 0", v.Name, v.Weight)
		}
		if v.ContentType == "" {
			t.Errorf("%s: no content type", v.Name)
		}
		if v.Body == nil {
			t.Errorf("%s: nil Body", v.Name)
		}
		if v.Note == "" {
			t.Errorf("%s: no note", v.Name)
		}
		if v.OtherFormat != "" && v.Valid {
			t.Errorf("%s: other format %q but labelled valid", v.Name, v.OtherFormat)
		}
		if i := strings.Index(v.Note, strings.TrimSpace(OpenPrefix)); i > 0 {
			t.Errorf("%s: %q appears inside the note instead of at its start", v.Name, OpenPrefix)
		}
	}
}

func TestVariants_BodyDeterministic(t *testing.T) {
	first := map[string][]byte{}
	for _, v := range allVariants(t) {
		for _, h := range testHosts() {
			a, b := v.Body(h), v.Body(h)
			if !bytes.Equal(a, b) {
				t.Errorf("%s: two calls for %s differ", v.Name, h)
			}
			first[v.Name+"@"+h] = a
		}
	}
	// A second build of the corpus (new keys derived from the same seeds,
	// new signatures) gives the same bytes.
	for _, v := range allVariants(t) {
		for _, h := range testHosts() {
			if !bytes.Equal(first[v.Name+"@"+h], v.Body(h)) {
				t.Errorf("%s: the body for %s differs between two builds of the corpus", v.Name, h)
			}
		}
	}
}

func TestVariants_HostOnlyWhereNeeded(t *testing.T) {
	// Only the agent-feed trio depends on the host.
	for _, v := range allVariants(t) {
		same := bytes.Equal(v.Body(testHosts()[0]), v.Body(testHosts()[1]))
		switch v.Location {
		case registry.LocAgentFeed, registry.LocDID, registry.LocAgentCard:
		default:
			if !same {
				t.Errorf("%s: body depends on the host", v.Name)
			}
		}
	}
}

// malformedJSON reports whether a variant's JSON is broken on purpose.
func malformedJSON(name string) bool { return name == "tdmrep/malformed-json" }

func TestVariants_JSONWellFormed(t *testing.T) {
	var n int
	for _, v := range allVariants(t) {
		if v.ContentType != typeJSON {
			continue
		}
		n++
		for _, h := range testHosts() {
			ok := json.Valid(v.Body(h))
			if ok == malformedJSON(v.Name) {
				t.Errorf("%s for %s: json.Valid = %v, want %v", v.Name, h, ok, !malformedJSON(v.Name))
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d JSON variants checked", n)
	}
}

func TestFeedSets_Members(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range FeedSets() {
		if s.Name == "" || seen[s.Name] {
			t.Errorf("feed set %q: empty or duplicate name", s.Name)
		}
		seen[s.Name] = true
		if s.Weight <= 0 {
			t.Errorf("feed set %s: weight %d", s.Name, s.Weight)
		}
		if s.Feed == nil && s.DID == nil && s.Card == nil {
			t.Errorf("feed set %s: no member", s.Name)
		}
		for _, m := range []struct {
			v   *Variant
			loc registry.LocationID
		}{{s.Feed, registry.LocAgentFeed}, {s.DID, registry.LocDID}, {s.Card, registry.LocAgentCard}} {
			if m.v == nil {
				continue
			}
			if m.v.Location != m.loc || m.v.Name != string(m.loc)+"/"+s.Name || m.v.Weight != s.Weight {
				t.Errorf("feed set %s: member %s at %s with weight %d", s.Name, m.v.Name, m.v.Location, m.v.Weight)
			}
		}
	}
}

func TestWeights_CommonValidFilesDominate(t *testing.T) {
	for _, loc := range registry.Locations() {
		vs := Variants(loc.ID)
		if len(vs) == 0 {
			continue
		}
		var valid, total int
		for _, v := range vs {
			total += v.Weight
			if v.Valid || v.OtherFormat != "" {
				valid += v.Weight
			}
		}
		if valid*2 <= total {
			t.Errorf("%s: valid and other-format files weigh %d of %d, want more than half", loc.ID, valid, total)
		}
	}
}
