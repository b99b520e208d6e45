package content

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// agentsMDSections parses an AGENTS.md per §6.1–§6.2: level-2 headings
// start sections (names lower-cased, §4.6), "- key: value" lines are
// directives (keys lower-cased, values trimmed).
func agentsMDSections(body string) (names []string, keys map[string]map[string]string) {
	keys = map[string]map[string]string{}
	cur := ""
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if name, ok := strings.CutPrefix(line, "## "); ok {
			cur = strings.ToLower(strings.TrimSpace(name))
			names = append(names, cur)
			if keys[cur] == nil {
				keys[cur] = map[string]string{}
			}
			continue
		}
		kv, ok := strings.CutPrefix(line, "- ")
		if !ok || cur == "" {
			continue
		}
		if k, v, ok := strings.Cut(kv, ":"); ok {
			k = strings.ToLower(strings.TrimSpace(k))
			if _, dup := keys[cur][k]; !dup {
				keys[cur][k] = strings.TrimSpace(v)
			}
		}
	}
	return names, keys
}

func agentsMDBodies(loc registry.LocationID) map[string]Variant {
	out := map[string]Variant{}
	for _, v := range Variants(loc) {
		out[strings.TrimPrefix(v.Name, string(loc)+"/")] = v
	}
	return out
}

// TestAgentsMD_Section6_8_IdentityDecidesValidity checks that, apart from
// the other-format file, a variant is valid exactly when it has an
// Identity section (§6.8: its absence is the only error).
func TestAgentsMD_Section6_8_IdentityDecidesValidity(t *testing.T) {
	for _, loc := range []registry.LocationID{registry.LocAgentsMD, registry.LocAgentsMDWK} {
		for slug, v := range agentsMDBodies(loc) {
			names, _ := agentsMDSections(string(v.Body("example.test")))
			has := false
			for _, n := range names {
				has = has || n == "identity"
			}
			if v.OtherFormat != "" {
				if has || slug != "coding-agent" || v.OtherFormat != "coding-agent-instructions" {
					t.Errorf("%s: other format %q with Identity %v", v.Name, v.OtherFormat, has)
				}
				continue
			}
			if has != v.Valid {
				t.Errorf("%s: has Identity %v, labelled valid %v", v.Name, has, v.Valid)
			}
		}
	}
}

// TestAgentsMD_Section5_FullHasEveryKey checks that the full variant holds
// every section of §5 with every key of its table.
func TestAgentsMD_Section5_FullHasEveryKey(t *testing.T) {
	want := map[string][]string{
		"identity":             {"site", "contact", "last-updated"},
		"trust requirements":   {"minimum-trust-level", "authentication", "authentication-methods"},
		"allowed actions":      {"read-content", "submit-forms", "make-purchases", "modify-account", "access-api"},
		"rate limits":          {"requests-per-minute", "requests-per-hour", "concurrent-sessions"},
		"data handling":        {"personal-data-collection", "data-retention", "third-party-sharing", "gdpr-compliance"},
		"restrictions":         {"disallowed-paths", "require-human-approval", "read-only-paths"},
		"agent identification": {"require-agent-header", "agent-header-name", "require-disclosure"},
	}
	_, keys := agentsMDSections(string(agentsMDBodies(registry.LocAgentsMD)["full"].Body("example.test")))
	for section, ks := range want {
		for _, k := range ks {
			if keys[section][k] == "" {
				t.Errorf("full: section %q lacks key %q", section, k)
			}
		}
	}
}

// TestAgentsMD_Section6_4_Integers checks the integer spellings the
// warning variants rely on.
func TestAgentsMD_Section6_4_Integers(t *testing.T) {
	bodies := agentsMDBodies(registry.LocAgentsMD)
	_, bad := agentsMDSections(string(bodies["bad-integers"].Body("")))
	if got := []string{bad["rate limits"]["requests-per-minute"], bad["trust requirements"]["minimum-trust-level"], bad["rate limits"]["requests-per-hour"]}; strings.Join(got, " ") != "+30 030 3.0" {
		t.Errorf("bad-integers values %q", got)
	}
	_, neg := agentsMDSections(string(bodies["negative-rate-limit"].Body("")))
	if got := neg["rate limits"]["requests-per-minute"]; got != "-5" {
		t.Errorf("negative-rate-limit value %q", got)
	}
	_, newer := agentsMDSections(string(bodies["newer-spec-version"].Body("")))
	if got := newer["identity"]["spec-version"]; got != "2.0.0" {
		t.Errorf("newer-spec-version value %q", got)
	}
}

func TestAgentsMD_DuplicateIdentityAndExtensions(t *testing.T) {
	bodies := agentsMDBodies(registry.LocAgentsMD)
	names, keys := agentsMDSections(string(bodies["duplicate-identity"].Body("")))
	n := 0
	for _, s := range names {
		if s == "identity" {
			n++
		}
	}
	if n != 2 || keys["identity"]["site"] != "example.com" {
		t.Errorf("duplicate-identity: %d Identity sections, first site %q", n, keys["identity"]["site"])
	}
	names, keys = agentsMDSections(string(bodies["x-extensions"].Body("")))
	if !strings.Contains(strings.Join(names, ","), "x-") || keys["allowed actions"]["x-generate-summaries"] != "true" || keys["identity"]["x-policy-owner"] == "" {
		t.Errorf("x-extensions: sections %v keys %v", names, keys)
	}
}

// TestAgentsMD_Section4_2_CRLF checks that case-crlf uses CRLF throughout
// and lower-case section names.
func TestAgentsMD_Section4_2_CRLF(t *testing.T) {
	b := string(agentsMDBodies(registry.LocAgentsMD)["case-crlf"].Body(""))
	if strings.Count(b, "\n") != strings.Count(b, "\r\n") || !strings.Contains(b, "## identity\r\n") {
		t.Errorf("case-crlf: %q", b)
	}
}

// TestAgentsMD_CodingAgentWeights checks the location weights: at the root
// the coding-agent file is the most common variant, at the well-known
// location one of the rarest.
func TestAgentsMD_CodingAgentWeights(t *testing.T) {
	root, wk := agentsMDBodies(registry.LocAgentsMD), agentsMDBodies(registry.LocAgentsMDWK)
	for slug, v := range root {
		if slug != "coding-agent" && v.Weight >= root["coding-agent"].Weight {
			t.Errorf("root %s weighs %d, not less than coding-agent %d", slug, v.Weight, root["coding-agent"].Weight)
		}
	}
	if wk["coding-agent"].Weight >= wk["minimal"].Weight {
		t.Errorf("well-known coding-agent weighs %d, minimal %d", wk["coding-agent"].Weight, wk["minimal"].Weight)
	}
	if len(root) != len(wk) {
		t.Errorf("%d root variants, %d well-known", len(root), len(wk))
	}
	for slug, v := range root {
		if string(v.Body("")) != string(wk[slug].Body("")) || v.Valid != wk[slug].Valid {
			t.Errorf("%s differs between the two locations", slug)
		}
	}
}
