package content

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentpolicy/survey/registry"
	"github.com/dunglas/httpsfv"
)

// robotsBodies returns the robots.txt bodies by name.
func robotsBodies() map[string]string {
	out := map[string]string{}
	for _, v := range Variants(registry.LocRobots) {
		out[v.Name] = string(v.Body("example.test"))
	}
	return out
}

// ruleValues returns the values of the lines whose key is one of keys
// (case-insensitive).
func ruleValues(body string, keys ...string) []string {
	var out []string
	for _, line := range strings.Split(body, "\n") {
		k, v, ok := strings.Cut(strings.TrimSuffix(line, "\r"), ":")
		if !ok {
			continue
		}
		for _, want := range keys {
			if strings.EqualFold(strings.TrimSpace(k), want) {
				out = append(out, strings.TrimSpace(v))
			}
		}
	}
	return out
}

// TestRobots_AppDirectives_Section2 parses every App-Directive(s) value as an
// RFC 9651 List after its optional path (draft-nottingham-plan-b §2): the
// valid variants' values parse, the invalid variant's does not.
func TestRobots_AppDirectives_Section2(t *testing.T) {
	want := map[string]struct{ ok, bad int }{
		"robots/app-directives":         {1, 0},
		"robots/app-directive-path":     {2, 0},
		"robots/app-directives-invalid": {0, 1},
	}
	for name, body := range robotsBodies() {
		var got struct{ ok, bad int }
		for _, v := range ruleValues(body, "App-Directives", "App-Directive") {
			if strings.HasPrefix(v, "/") {
				_, v, _ = strings.Cut(v, " ")
			}
			if _, err := httpsfv.UnmarshalList([]string{v}); err != nil {
				got.bad++
			} else {
				got.ok++
			}
		}
		if got != want[name] {
			t.Errorf("%s: %d values parse and %d do not, want %v", name, got.ok, got.bad, want[name])
		}
	}
}

// TestRobots_ContentUsageAndSignal parses the Content-Usage values
// (draft-ietf-aipref-attach: an optional path, then an RFC 9651 Dictionary)
// and the Content-Signal value (a comma-separated key=value list).
func TestRobots_ContentUsageAndSignal(t *testing.T) {
	bodies := robotsBodies()
	usage := ruleValues(bodies["robots/content-usage"], "Content-Usage")
	if len(usage) != 2 {
		t.Fatalf("content-usage: %d Content-Usage rules, want 2", len(usage))
	}
	for i, v := range usage {
		path := ""
		if strings.HasPrefix(v, "/") {
			path, v, _ = strings.Cut(v, " ")
		}
		d, err := httpsfv.UnmarshalDictionary([]string{v})
		if err != nil {
			t.Errorf("Content-Usage %q: %v", v, err)
			continue
		}
		m, _ := d.Get("train-ai")
		if item, ok := m.(httpsfv.Item); !ok || item.Value != httpsfv.Token("n") {
			t.Errorf("Content-Usage %q: train-ai = %v, want token n", v, m)
		}
		if (i == 1) != (path == "/news/") {
			t.Errorf("Content-Usage rule %d has path %q", i, path)
		}
	}
	signal := ruleValues(bodies["robots/content-signal"], "Content-Signal")
	if len(signal) != 1 || signal[0] != "search=yes, ai-train=no" {
		t.Errorf("content-signal: %q", signal)
	}
}

func TestRobots_Section2_5_Large(t *testing.T) {
	n := len(robotsBodies()["robots/large"])
	if n <= 500<<10 || n >= 1<<20 {
		t.Errorf("large robots.txt is %d bytes, want more than 500 KiB and less than 1 MiB", n)
	}
}

// TestRobots_Encoding checks the byte-level variants: only invalid-utf8 is
// not UTF-8, only nul-bytes holds NUL, only bom-crlf starts with a BOM, and
// bom-crlf ends every line with CRLF.
func TestRobots_Encoding(t *testing.T) {
	for name, body := range robotsBodies() {
		if utf8.ValidString(body) == (name == "robots/invalid-utf8") {
			t.Errorf("%s: valid UTF-8 = %v", name, utf8.ValidString(body))
		}
		if strings.Contains(body, "\x00") != (name == "robots/nul-bytes") {
			t.Errorf("%s: holds NUL = %v", name, strings.Contains(body, "\x00"))
		}
		if strings.HasPrefix(body, "\uFEFF") != (name == "robots/bom-crlf") {
			t.Errorf("%s: starts with a BOM = %v", name, strings.HasPrefix(body, "\uFEFF"))
		}
	}
	bom := robotsBodies()["robots/bom-crlf"]
	if strings.Count(bom, "\n") != strings.Count(bom, "\r\n") || !strings.Contains(bom, "\r\n") {
		t.Errorf("bom-crlf has bare LF line ends")
	}
}

func TestRobots_AIBlocks(t *testing.T) {
	body := robotsBodies()["robots/ai-blocks"]
	for _, name := range aiCrawlers() {
		if !strings.Contains(body, "\nUser-agent: "+name+"\n") {
			t.Errorf("ai-blocks has no user-agent line for %s", name)
		}
	}
	for _, name := range []string{"GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "PerplexityBot", "Bytespider"} {
		if !strings.Contains(strings.Join(aiCrawlers(), " "), name) {
			t.Errorf("aiCrawlers lacks %s", name)
		}
	}
	// Every group ends with Disallow: / except the first and Googlebot's.
	if got := strings.Count(body, "Disallow: /\n"); got != 14 {
		t.Errorf("%d Disallow: / rules, want 14 (21 crawlers, 7 groups sharing two user-agent lines)", got)
	}
}

func TestRobots_AllowAllIsEmpty(t *testing.T) {
	if b := robotsBodies()["robots/allow-all-empty"]; b != "" {
		t.Errorf("allow-all-empty is %q", b)
	}
}

// TestRobots_StructuralLabels checks the variants whose label rests on
// structure: a rule line before any user-agent line, and lines without a
// colon.
func TestRobots_StructuralLabels(t *testing.T) {
	for name, body := range robotsBodies() {
		sawUA, ruleFirst, noColon := false, false, false
		for _, line := range strings.Split(strings.TrimPrefix(body, "\uFEFF"), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			k, _, ok := strings.Cut(line, ":")
			if !ok {
				noColon = true
				continue
			}
			switch strings.ToLower(k) {
			case "user-agent":
				sawUA = true
			case "allow", "disallow":
				ruleFirst = ruleFirst || !sawUA
			}
		}
		wantRuleFirst := name == "robots/rules-before-user-agent" || name == "robots/missing-colon"
		if ruleFirst != wantRuleFirst {
			t.Errorf("%s: rule before any user-agent = %v", name, ruleFirst)
		}
		if noColon != (name == "robots/missing-colon") {
			t.Errorf("%s: line without colon = %v", name, noColon)
		}
	}
}
