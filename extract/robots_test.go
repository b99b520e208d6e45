package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
	"github.com/agentpolicy/survey/registry"
)

func TestRobotsAdapter_Effective(t *testing.T) {
	for _, c := range []struct {
		name, body, effective string
		valid                 bool
		other                 string
	}{
		{"empty", "", "empty", true, ""},
		{"sitemap only", "Sitemap: https://example.com/s.xml\n", "empty", true, ""},
		{"explicit allow all", "User-agent: *\nDisallow:\n", "allow-all", true, ""},
		{"disallow all", "User-agent: *\nDisallow: /\n", "disallow-all", true, ""},
		{"partial", "User-agent: *\nDisallow: /private/\n", "partial", true, ""},
		{"named only", "User-agent: GPTBot\nDisallow: /\n", "allow-all", true, ""},
		{"relative path matches nothing", "User-agent: *\nDisallow: wp-admin\n", "allow-all", true, ""},
		{"relative allow opens nothing", "User-agent: *\nDisallow: /\nAllow: wp-content/\n", "disallow-all", true, ""},
		{"html", "<!DOCTYPE html><html><body>404</body></html>", "empty", false, "html"},
		{"utf-16", "\xff\xfeU\x00s\x00e\x00r\x00", "empty", false, ""},
	} {
		doc := Parse(registry.Robots, []byte(c.body), Input{})
		if doc.Effective != c.effective || doc.Valid != c.valid || doc.OtherFormat != c.other || doc.Format != registry.Robots {
			t.Errorf("%s: effective %q valid %v other %q format %q; want %q %v %q robots", c.name, doc.Effective, doc.Valid, doc.OtherFormat, doc.Format, c.effective, c.valid, c.other)
		}
		if _, ok := doc.Result.(*robots.File); !ok {
			t.Errorf("%s: Result is %T, want *robots.File", c.name, doc.Result)
		}
	}
}

func TestRobotsAdapter_ContentType(t *testing.T) {
	doc := Parse(registry.Robots, []byte("User-agent: *\nDisallow: /\n"), Input{ContentType: "text/html; charset=utf-8"})
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Code != "robots.content-type" || !doc.Valid {
		t.Errorf("diagnostics %v valid %v; want one robots.content-type warning, still valid", doc.Diagnostics, doc.Valid)
	}
}

func TestRobotsAdapter_Summary(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("robots", "testdata", "corpus", "cloudflare-content-signals.txt"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Parse(registry.Robots, body, Input{})
	want := robotsSummary{Groups: 9, Rules: 9, ContentSignal: true, AIBlocked: 8, AIBlockedNamed: 8}
	if got := doc.Summary.(robotsSummary); !reflect.DeepEqual(got, want) {
		t.Errorf("summary = %+v, want %+v", got, want)
	}
	// A Content-Signal line before any group counts, as it has a
	// robots_preferences row.
	top := Parse(registry.Robots, []byte("Content-Signal: ai-train=no\nUser-agent: *\nDisallow: /x\n"), Input{})
	if got := top.Summary.(robotsSummary); !got.ContentSignal || got.ContentUsage || got.AppDirectives {
		t.Errorf("summary of a file with a Content-Signal line before its group = %+v, want content_signal alone", got)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"type", "valid", "usable", "effective", "diagnostics", "summary", "result"} {
		if _, ok := back[key]; !ok {
			t.Errorf("JSON document has no %q", key)
		}
	}
	doc = Parse(registry.Robots, []byte("User-agent: *\nDisallow: /\nApp-Directives: a;b\nContent-Usage: / train-ai=n\n"), Input{})
	want = robotsSummary{Groups: 1, Rules: 1, AppDirectives: true, ContentUsage: true, AIBlocked: len(robots.AITokens())}
	if got := doc.Summary.(robotsSummary); !reflect.DeepEqual(got, want) {
		t.Errorf("summary = %+v, want %+v", got, want)
	}
}

func TestRobotsAdapter_Decide(t *testing.T) {
	doc := Parse(registry.Robots, []byte("User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\n"), Input{})
	for _, c := range []struct {
		agent, url string
		allowed    bool
		line       int
	}{
		{"FooBot", "https://example.com/private/x", false, 2},
		{"FooBot", "/private/ok.html", true, 3},
		{"FooBot", "/public", true, 0},
		{"GPTBot/1.1", "/public", false, 6},
		{"GPTBot", "/robots.txt", true, 0},
	} {
		d, err := Decide(doc, Query{Agent: c.agent, URL: c.url})
		if err != nil || d.Allowed != c.allowed || d.Line != c.line || d.Reason == "" {
			t.Errorf("Decide(%s, %s) = %+v, %v; want allowed %v line %d", c.agent, c.url, d, err, c.allowed, c.line)
		}
	}
	// A full User-Agent string is matched by the first of its products a
	// group names (RFC 9309 §2.2.1 chooses groups by product token), not
	// by its leading "Mozilla", nor by the words of its URL, and the
	// reason says which.
	for _, c := range []struct {
		agent, url, reason string
		allowed            bool
		line               int
	}{
		{"Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)", "/public", `"GPTBot" of this User-Agent string is the first of its products a group names`, false, 6},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; gptbot/1.0)", "/public", `"gptbot" of this User-Agent string`, false, 6},
		{"Mozilla/5.0 (compatible; FooBot/1.0)", "/private/x", `no group names a product of this User-Agent string (FooBot)`, false, 2},
		{"GPTBot/1.1", "/public", `"GPTBot" of this User-Agent string`, false, 6},
		{"GPTBot", "/public", "", false, 6},
	} {
		d, _ := Decide(doc, Query{Agent: c.agent, URL: c.url})
		if d.Allowed != c.allowed || d.Line != c.line || (c.reason == "") != !strings.Contains(d.Reason, "User-Agent string") || !strings.Contains(d.Reason, c.reason) {
			t.Errorf("Decide(%s, %s) = %+v; want allowed %v line %d, reason with %q", c.agent, c.url, d, c.allowed, c.line, c.reason)
		}
	}
	// A group naming "Mozilla" (a bad-bot list's "Mozilla/4.0 (compatible;
	// BullsEye; Windows 95)") is no crawler's that names itself later; nor
	// is a group naming a word of the string's URL (openai, google).
	for _, c := range []struct {
		file, agent string
		allowed     bool
	}{
		{"User-agent: Mozilla/4.0 (compatible; BullsEye; Windows 95)\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
			"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0 Safari/537.36", true},
		{"User-agent: GPTBot\nUser-agent: OpenAI\nDisallow: /\n",
			"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", true},
		{"User-agent: Google\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n",
			"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", false},
		{"User-agent: Bytespider\nDisallow: /\n",
			"Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", false},
	} {
		doc := Parse(registry.Robots, []byte(c.file), Input{})
		d, _ := Decide(doc, Query{Agent: c.agent, URL: "/products/x"})
		if d.Allowed != c.allowed {
			t.Errorf("%q asked by %q: allowed %v (%s), want %v", c.file, c.agent, d.Allowed, d.Reason, c.allowed)
		}
	}
	if !CanDecide(registry.Robots) {
		t.Errorf("CanDecide(robots) = false")
	}
	if _, err := Decide(Document{Format: registry.Robots, Result: "not a file"}, Query{Agent: "x", URL: "/"}); err == nil {
		t.Errorf("Decide on a foreign result gave no error")
	}
}

// TestRobotsAdapter_Codes: every code a robots.txt document carries is in
// the extract catalogue.
func TestRobotsAdapter_Codes(t *testing.T) {
	cat := Catalogue()
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob(filepath.Join("robots", "testdata", "corpus", "*.txt"))
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range Parse(registry.Robots, body, Input{}).Diagnostics {
			if _, ok := cat.Lookup(d.Code); !ok {
				t.Errorf("%s: %s is not in the catalogue", p, d.Code)
			}
		}
	}
	for _, c := range robots.Codes() {
		if got, ok := cat.Lookup(c.ID); !ok || got != c {
			t.Errorf("%s missing from the catalogue", c.ID)
		}
	}
}

// TestRobotsAdapter_TruncatedOverLimit checks that robots.txt and ai.txt
// pass Input.Truncated to the parser: robots.over-size-limit of a body cut
// at the cap says the file is more than the cut size, not that it is the
// cut size.
func TestRobotsAdapter_TruncatedOverLimit(t *testing.T) {
	body := []byte("User-agent: *\n" + strings.Repeat("Disallow: /"+strings.Repeat("a", 88)+"\n", 6000))
	for _, f := range []registry.FormatID{registry.Robots, registry.AITxt} {
		for _, truncated := range []bool{false, true} {
			doc := Parse(f, body, Input{Truncated: truncated})
			msg := ""
			for _, d := range doc.Diagnostics {
				if d.Code == "robots.over-size-limit" {
					msg = d.Message
				}
			}
			if cut := fmt.Sprintf("more than %d bytes", len(body)); msg == "" || strings.Contains(msg, cut) != truncated {
				t.Errorf("%s truncated %v: over-size-limit %q", f, truncated, msg)
			}
		}
	}
}
