package agentfeed

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

// TestParse_Section7_1_SpecVersion: af:spec-version must be 0; a future
// integer makes a v0 reader treat the feed as terminated; a feed without
// it is an error but read as v0.
func TestParse_Section7_1_SpecVersion(t *testing.T) {
	doc := oneEntry(t)
	cases := []struct {
		name  string
		edits []string
		want  []string
		state string
	}{
		{"zero", nil, nil, StateActive},
		{"zero padded", []string{"<af:spec-version>0<", "<af:spec-version> 00 <"}, nil, StateActive},
		{"one", []string{"<af:spec-version>0<", "<af:spec-version>1<"}, []string{"unsupported-spec-version"}, StateTerminated},
		{"not integer", []string{"<af:spec-version>0<", "<af:spec-version>0.1<"}, []string{"bad-spec-version"}, StateTerminated},
		{"negative", []string{"<af:spec-version>0<", "<af:spec-version>-1<"}, []string{"bad-spec-version"}, StateTerminated},
		{"missing", []string{"<af:spec-version>0</af:spec-version>", ""}, []string{"missing-spec-version"}, StateActive},
		{"two agreeing", []string{"<af:spec-version>0</af:spec-version>", "<af:spec-version>0</af:spec-version><af:spec-version>00</af:spec-version>"}, []string{"duplicate-element"}, StateActive},
		// Disagreeing versions are treated as disagreeing statuses are.
		{"two disagreeing", []string{"<af:spec-version>0</af:spec-version>", "<af:spec-version>0</af:spec-version><af:spec-version>1</af:spec-version>"}, []string{"duplicate-element", "bad-spec-version"}, StateTerminated},
		// A future version is terminated for a v0 reader even when it says
		// migrated: the reader cannot vouch for af:migrated-to either.
		{"one, migrated", []string{"<af:spec-version>0<", "<af:spec-version>1<", ">active<", ">migrated<", "</af:feed-status>", "</af:feed-status><af:migrated-to>https://new.example/feed</af:migrated-to>"}, []string{"unsupported-spec-version"}, StateTerminated},
		{"not integer, migrated", []string{"<af:spec-version>0<", "<af:spec-version>x<", ">active<", ">migrated<", "</af:feed-status>", "</af:feed-status><af:migrated-to>https://new.example/feed</af:migrated-to>"}, []string{"bad-spec-version"}, StateTerminated},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, edit(t, doc, c.edits...), opts(t))
			wantCodes(t, diags, c.want...)
			if f.State != c.state {
				t.Errorf("state %s, want %s", f.State, c.state)
			}
			if c.state == StateTerminated && (len(f.Endpoints) != 0 || f.Trusted || !f.Entries[0].Verified) {
				t.Errorf("a future-version feed was applied: %+v", f.Endpoints)
			}
		})
	}
}

// TestParse_Section7_2_FeedStatus: exactly active, terminated or migrated;
// anything else (or nothing) is a violation treated as terminated.
func TestParse_Section7_2_FeedStatus(t *testing.T) {
	doc := oneEntry(t)
	cases := []struct {
		name  string
		edits []string
		want  []string
		state string
	}{
		{"terminated", []string{">active<", ">terminated<"}, nil, StateTerminated},
		{"unknown", []string{">active<", ">paused<"}, []string{"unknown-feed-status"}, StateTerminated},
		{"case", []string{">active<", ">Active<"}, []string{"unknown-feed-status"}, StateTerminated},
		{"missing", []string{"<af:feed-status>active</af:feed-status>", ""}, []string{"missing-feed-status"}, StateTerminated},
		{"two agreeing", []string{"<af:feed-status>active</af:feed-status>", "<af:feed-status>active</af:feed-status><af:feed-status>active</af:feed-status>"}, []string{"duplicate-element"}, StateActive},
		{"two disagreeing", []string{"<af:feed-status>active</af:feed-status>", "<af:feed-status>active</af:feed-status><af:feed-status>terminated</af:feed-status>"}, []string{"duplicate-element", "unknown-feed-status"}, StateTerminated},
		{"white space", []string{">active<", ">\n  active\n<"}, nil, StateActive},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, edit(t, doc, c.edits...), opts(t))
			wantCodes(t, diags, c.want...)
			if f.State != c.state {
				t.Errorf("state %s, want %s", f.State, c.state)
			}
		})
	}
}

// TestParse_Section7_3_MigratedTo: migrated needs af:migrated-to, an
// absolute https URL; af:migrated-to without migrated is not followed.
func TestParse_Section7_3_MigratedTo(t *testing.T) {
	doc := oneEntry(t)
	cases := []struct {
		name  string
		edits []string
		want  []string
		state string
		to    string
	}{
		{"migrated", []string{">active<", ">migrated<", "</af:feed-status>", "</af:feed-status><af:migrated-to>https://new.example/.well-known/agent-feed.xml</af:migrated-to>"}, nil, StateMigrated, "https://new.example/.well-known/agent-feed.xml"},
		{"missing target", []string{">active<", ">migrated<"}, []string{"missing-migrated-to"}, StateMigrated, ""},
		{"http target", []string{">active<", ">migrated<", "</af:feed-status>", "</af:feed-status><af:migrated-to>http://new.example/feed</af:migrated-to>"}, []string{"bad-migrated-to"}, StateMigrated, "http://new.example/feed"},
		{"target without migrated", []string{"</af:feed-status>", "</af:feed-status><af:migrated-to>https://new.example/feed</af:migrated-to>"}, []string{"migrated-to-unexpected"}, StateActive, "https://new.example/feed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, edit(t, doc, c.edits...), opts(t))
			wantCodes(t, diags, c.want...)
			if f.State != c.state || f.MigratedTo != c.to {
				t.Errorf("state %s migrated-to %q", f.State, f.MigratedTo)
			}
		})
	}
}

// TestParse_Section6_6_NamespaceByURI: the namespace is recognised by URI,
// with any prefix or as the default namespace; a misbound prefix is not
// the namespace.
func TestParse_Section6_6_NamespaceByURI(t *testing.T) {
	for _, prefix := range []string{"af", "x", "agentfeed", "-"} {
		t.Run(prefix, func(t *testing.T) {
			body, err := BuildFeed(FeedSpec{ID: "x", Title: "x", Updated: t0(), Prefix: prefix,
				Entries: []EntrySpec{announce(0, "a2a", "/a2a/v1", "a2a", "1.0")}})
			if err != nil {
				t.Fatal(err)
			}
			f, diags := parse(t, body, opts(t))
			wantCodes(t, diags)
			if f.State != StateActive || len(f.Endpoints) != 1 {
				t.Errorf("prefix %s: state %s\n%s", prefix, f.State, body)
			}
		})
	}
	wrong := edit(t, oneEntry(t), `xmlns:af="https://agent-feed.dev/ns/v0"`, `xmlns:af="https://agent-feed.dev/ns/v1"`)
	f, diags := parse(t, wrong, opts(t))
	wantCodes(t, diags, "namespace-not-declared", "foreign-namespace", "foreign-namespace", "foreign-namespace", "foreign-namespace",
		"entry-missing-type", "missing-signature", "missing-spec-version", "missing-feed-status", "unverified-entry")
	if f.State != StateTerminated {
		t.Errorf("state %s", f.State)
	}
	undeclared := edit(t, oneEntry(t), ` xmlns:af="https://agent-feed.dev/ns/v0"`, ``)
	_, diags = parse(t, undeclared, opts(t))
	if got := codes(diags); len(got) < 2 || got[0] != "namespace-not-declared" || got[1] != "foreign-namespace" {
		t.Errorf("codes %v", got)
	}
}

// TestParse_Section8_2_NamespaceDeclaredDeeper: §8.2 requires the
// publisher to declare the agent-feed namespace on <feed>. A feed that
// declares it on each agent-feed element instead is still read whole
// (the namespace is recognised by URI), but it is not a valid v0 feed:
// namespace-not-declared is an error, as the other publisher MUSTs of
// §8.2 are. It was a warning, so such a feed counted as valid.
func TestParse_Section8_2_NamespaceDeclaredDeeper(t *testing.T) {
	doc := string(edit(t, oneEntry(t), ` xmlns:af="https://agent-feed.dev/ns/v0"`, ``))
	deeper := regexp.MustCompile(`<af:([a-z-]+)`).ReplaceAllString(doc, `<af:$1 xmlns:af="https://agent-feed.dev/ns/v0"`)
	f, diags := parse(t, []byte(deeper), opts(t))
	wantCodes(t, diags, "namespace-not-declared")
	if f.State != StateActive || len(f.Endpoints) != 1 {
		t.Errorf("state %s, %d endpoints; want the feed read whole\n%s", f.State, len(f.Endpoints), deeper)
	}
	for _, d := range diags {
		if d.Code == "agent-feed.namespace-not-declared" && d.Severity != diag.Error {
			t.Errorf("%s is a %s; §8.2 makes declaring the namespace on <feed> a publisher MUST, an error", d.Code, d.Severity)
		}
	}
}

// The messages say what is wrong: "-1" is an integer but no version
// number, and of two disagreeing af:feed-status elements neither is used.
func TestParse_Section7_Messages(t *testing.T) {
	doc := oneEntry(t)
	for _, c := range []struct {
		edits []string
		code  string
		want  string
	}{
		{[]string{"<af:spec-version>0<", "<af:spec-version>-1<"}, codeBadSpecVersion.ID, `af:spec-version "-1" is not a version number (digits only, as 0)`},
		{[]string{"</af:feed-status>", "</af:feed-status><af:feed-status>terminated</af:feed-status>"}, codeDuplicateElement.ID,
			"when they disagree, the feed is treated as terminated"},
	} {
		_, diags := parse(t, edit(t, doc, c.edits...), opts(t))
		if !slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Code == c.code && strings.Contains(d.Message, c.want) }) {
			t.Errorf("%v: no %s saying %q in %v", c.edits, c.code, c.want, diags)
		}
	}
}
