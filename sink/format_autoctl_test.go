package sink

import (
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// TestFormatRows_Autoctl flattens a file with a site-wide group (one method
// outside the closed list), a group with two scopes, two hosts, repeated
// and lower-case methods and an unknown directive, and a group without
// scope.
func TestFormatRows_Autoctl(t *testing.T) {
	key := docKey(registry.LocAutoctl)
	doc := parseFixture(t, registry.Autoctl, registry.LocAutoctl, "automation-preferences.txt", nil, nil)
	checkRows(t, FormatRows(key, doc), Rows{TableAutoctlGroups, keyed(key,
		AutoctlGroupRow{GroupIndex: 0, Line: 2, EndLine: 5, Scopes: []string{"/"}, UserAgents: []string{"*"},
			MethodsListed: true, Methods: []string{"GET", "HEAD"}, Purposes: []string{"search"}},
		AutoctlGroupRow{GroupIndex: 1, Line: 7, EndLine: 13, Scopes: []string{"/api/", "/v2/api/"},
			Hosts: []string{"shop.example", "*.shop.example"}, UserAgents: []string{"ExampleBot"},
			MethodsListed: true, Methods: []string{"GET", "POST"}, UnknownDirectives: []string{"x-contact"}},
		AutoctlGroupRow{GroupIndex: 2, Line: 15, EndLine: 16, UserAgents: []string{"OrphanBot"},
			MethodsListed: true, Methods: []string{"GET"}, MissingScope: true},
	)})

	// A file with a raw control byte is rejected as a whole.
	doc = extract.Parse(registry.Autoctl, []byte("scope: /\nallowed-methods: GET\x01\n"), extract.Input{Location: registry.LocAutoctl})
	checkRows(t, FormatRows(key, doc), Rows{TableAutoctlGroups, keyed(key, AutoctlGroupRow{
		Line: 1, EndLine: 2, Scopes: []string{"/"}, MethodsListed: true, Rejected: true, // "GET\x01" is no method
	})})
	if doc.Effective != "rejected" {
		t.Errorf("effective %q, want rejected", doc.Effective)
	}
}
