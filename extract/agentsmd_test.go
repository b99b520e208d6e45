package extract

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

const agentsMDPolicy = "# AGENTS.md\n\n## Identity\n- site: example.com\n- contact: a@example.com\n\n## Restrictions\n- disallowed-paths: /private/*\n"

// TestAgentsMDAdapter_DecideUnusable checks that a valid AGENTS.md that a
// conforming agent must not use (§11.1, §11.2, §11.3, or cut at the cap)
// gets no decision from its rules: the decision says it is not usable and
// why, and the permissive defaults apply. A usable file is evaluated.
func TestAgentsMDAdapter_DecideUnusable(t *testing.T) {
	body := []byte(agentsMDPolicy)
	for _, c := range []struct {
		name string
		in   Input
		why  string // "" when the file is usable
	}{
		{"https", Input{Location: registry.LocAgentsMD, Host: "example.com", Scheme: "https"}, ""},
		{"local", Input{}, ""},
		{"http", Input{Location: registry.LocAgentsMD, Host: "example.com", Scheme: "http"}, "agents-md.insecure-transport"},
		{"downgraded", Input{Location: registry.LocAgentsMDWK, Host: "example.com", Scheme: "http", Downgraded: true}, "agents-md.downgraded"},
		{"truncated", Input{Location: registry.LocAgentsMD, Host: "example.com", Scheme: "https", Truncated: true}, "extract.truncated"},
	} {
		doc := Parse(registry.AgentsMD, body, c.in)
		if !doc.Valid || doc.Usable != (c.why == "") {
			t.Fatalf("%s: valid %v usable %v\n%v", c.name, doc.Valid, doc.Usable, doc.Diagnostics)
		}
		for _, path := range []string{"/x", "/private/a"} {
			d, err := Decide(doc, Query{Agent: "X", URL: path})
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, path, err)
			}
			if c.why == "" {
				if want := path == "/x"; d.Allowed != want || strings.Contains(d.Reason, "not usable") {
					t.Errorf("%s %s: %+v; want allowed %v from the rules", c.name, path, d, want)
				}
				continue
			}
			if !d.Allowed || d.Line != 0 || !strings.Contains(d.Reason, "not usable") || !strings.Contains(d.Reason, c.why) || strings.Contains(d.Reason, "path restriction") {
				t.Errorf("%s %s: %+v; want allowed by the permissive defaults, the file not usable (%s)", c.name, path, d, c.why)
			}
		}
	}
}
