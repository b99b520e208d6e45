package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/extract/robots"
)

// TestCheck_AICrawlersLine: survey check on a robots.txt says, after its
// verdict, what the file tells the known AI crawlers, naming those blocked
// by a group of their own (the first six, then a count); a robots.txt of
// another format, and the JSON output, have no such line.
func TestCheck_AICrawlersLine(t *testing.T) {
	known := len(robots.AICrawlers())
	write := tempFiles(t)
	var many strings.Builder
	tokens := robots.AITokens()
	for _, tok := range tokens[:8] {
		fmt.Fprintf(&many, "User-agent: %s\n", tok)
	}
	many.WriteString("Disallow: /\n\nUser-agent: *\nDisallow: /private/\n")
	for _, c := range []struct{ name, body, want string }{
		{"robots.txt", "User-agent: *\nDisallow:\n",
			fmt.Sprintf("AI crawlers (%d known): 0 blocked from the whole site, 0 from some paths, %d allowed everywhere", known, known)},
		{"all.txt", "User-agent: *\nDisallow: /\n",
			fmt.Sprintf("AI crawlers (%d known): %d blocked from the whole site, 0 from some paths, 0 allowed everywhere", known, known)},
		{"named.txt", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n",
			fmt.Sprintf("AI crawlers (%d known): 1 blocked from the whole site (by name: GPTBot), %d from some paths, 0 allowed everywhere", known, known-1)},
		{"many.txt", many.String(),
			fmt.Sprintf("AI crawlers (%d known): 8 blocked from the whole site (by name: %s and 2 more), %d from some paths, 0 allowed everywhere",
				known, strings.Join(tokens[:6], ", "), known-8)},
	} {
		p := write(c.name, c.body)
		code, out, errs := runSurvey(t, "", "check", "--type", "robots", p)
		if code != exitOK || !strings.Contains(out, "\n"+p+": "+c.want+"\n") {
			t.Errorf("%s: exit %d, want the line %q\n%s%s", c.name, code, c.want, out, errs)
		}
		_, js, _ := runSurvey(t, "", "check", "--type", "robots", "--format", "json", p)
		if strings.Contains(js, "AI crawlers") {
			t.Errorf("%s: the JSON output has the text line", c.name)
		}
	}
	html := write("page.txt", "<!doctype html><html><body>Not found</body></html>\n")
	if _, out, _ := runSurvey(t, "", "check", "--type", "robots", html); strings.Contains(out, "AI crawlers") {
		t.Errorf("an HTML page checked as robots.txt has the AI crawlers line:\n%s", out)
	}
}
