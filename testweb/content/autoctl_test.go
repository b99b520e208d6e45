package content

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

func autoctlBodies() map[string]string {
	out := map[string]string{}
	for _, v := range Variants(registry.LocAutoctl) {
		out[v.Name] = string(v.Body("example.test"))
	}
	return out
}

// TestAutoctl_SampleVerbatim checks the draft-sample variant against the
// sample of the draft's appendix, read from the specification.
func TestAutoctl_SampleVerbatim(t *testing.T) {
	spec, err := os.ReadFile("/work/shared/specs/automation-preferences.draft-liao-aipref-autoctl-core-01.xml")
	if err != nil {
		t.Skipf("specification not available: %v", err)
	}
	_, appendix, ok := strings.Cut(string(spec), "Sample automation-preferences.txt File")
	if !ok {
		t.Fatal("no sample appendix")
	}
	_, sample, ok := strings.Cut(appendix, "<![CDATA[")
	sample, _, ok2 := strings.Cut(sample, "]]>")
	if !ok || !ok2 {
		t.Fatal("no CDATA in the sample appendix")
	}
	// The artwork starts on the line after "<![CDATA[", as xml2rfc renders it.
	sample = strings.TrimPrefix(sample, "\n")
	if got := autoctlBodies()["autoctl/draft-sample"]; got != sample {
		t.Errorf("draft-sample differs from the draft:\n%q\nwant\n%q", got, sample)
	}
}

// autoctlGroups splits a file into blank-line-separated groups of
// directive lines (specs README), dropping comment lines and the draft's
// <!-- --> lines, and reports the keys of each.
func autoctlGroups(body string) [][]string {
	var groups [][]string
	var cur []string
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSuffix(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			if len(cur) > 0 {
				groups = append(groups, cur)
			}
			cur = nil
		case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "<!--"):
		default:
			k, _, _ := strings.Cut(t, ":")
			cur = append(cur, strings.ToLower(strings.TrimSpace(k)))
		}
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	return groups
}

// TestAutoctl_Section3_4_Groups checks that every group has a scope except
// in group-without-scope, and that every group has allowed-methods except
// in missing-allowed-methods.
func TestAutoctl_Section3_4_Groups(t *testing.T) {
	for name, body := range autoctlBodies() {
		noScope, noMethods := false, false
		groups := autoctlGroups(body)
		if len(groups) == 0 {
			t.Errorf("%s: no group", name)
		}
		for _, g := range groups {
			noScope = noScope || !slices.Contains(g, "scope")
			noMethods = noMethods || !slices.Contains(g, "allowed-methods")
		}
		if noScope != (name == "autoctl/group-without-scope") {
			t.Errorf("%s: a group without scope = %v", name, noScope)
		}
		if noMethods != (name == "autoctl/missing-allowed-methods") {
			t.Errorf("%s: a group without allowed-methods = %v", name, noMethods)
		}
	}
}

// TestAutoctl_Section4_Methods checks every allowed-methods value against
// the ABNF's method list: only unknown-method names another method.
func TestAutoctl_Section4_Methods(t *testing.T) {
	abnf := []string{"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"}
	for name, body := range autoctlBodies() {
		unknown := false
		for _, line := range strings.Split(body, "\n") {
			k, v, ok := strings.Cut(line, ":")
			if !ok || strings.TrimSpace(k) != "allowed-methods" {
				continue
			}
			for _, m := range strings.Split(v, ",") {
				unknown = unknown || !slices.Contains(abnf, strings.TrimSpace(m))
			}
		}
		if unknown != (name == "autoctl/unknown-method") {
			t.Errorf("%s: names a method outside the ABNF = %v", name, unknown)
		}
	}
}

// TestAutoctl_Section3_1_ControlBytes checks that only control-bytes holds a
// byte below U+0020 other than CR and LF (a tab included).
func TestAutoctl_Section3_1_ControlBytes(t *testing.T) {
	for name, body := range autoctlBodies() {
		ctl := strings.IndexFunc(body, func(r rune) bool { return r < 0x20 && r != '\r' && r != '\n' }) >= 0
		if ctl != (name == "autoctl/control-bytes") {
			t.Errorf("%s: holds control bytes = %v", name, ctl)
		}
	}
}

// TestAutoctl_Section4_GroupTerminated checks that every file ends with a
// blank line, which terminates the last group under the ABNF.
func TestAutoctl_Section4_GroupTerminated(t *testing.T) {
	for name, body := range autoctlBodies() {
		if !strings.HasSuffix(body, "\n\n") {
			t.Errorf("%s: does not end with a blank line", name)
		}
	}
}

func TestAutoctl_UnknownDirectives(t *testing.T) {
	known := []string{"scope", "host", "user-agent", "allowed-methods", "allowed-purposes"}
	for name, body := range autoctlBodies() {
		unknown := false
		for _, g := range autoctlGroups(body) {
			for _, k := range g {
				unknown = unknown || !slices.Contains(known, k)
			}
		}
		if unknown != (name == "autoctl/unknown-directive") {
			t.Errorf("%s: has an unknown directive = %v", name, unknown)
		}
	}
}
