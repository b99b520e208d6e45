package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A home page's check says which signals it was read to carry, a line for
// each kind, where the verdict says only "effective policy: signals"; a
// page without any says so.
func TestCheck_HomeSignalsLines(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "index.html")
	if err := os.WriteFile(page, []byte(`<!doctype html>
<html><head>
<meta name="robots" content="noai, noimageai">
<meta name="googlebot" content="nosnippet, max-snippet:20">
<meta name="tdm-reservation" content="1">
<meta name="tdm-policy" content="https://example.com/tdm.json">
<link rel="alternate" type="text/markdown" href="/llms.txt">
</head><body><meta name="robots" content="noindex"></body></html>
`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runSurvey(t, "", "check", "--header", "X-Robots-Tag: noai, nofoo", "--header", "X-Robots-Tag: gptbot: noindex",
		"--header", "Content-Usage: train-ai=n, search=y", page)
	want := []string{
		page + `: signals: robots directives for every agent: noai, nofoo (unknown) (X-Robots-Tag header); noai, noimageai (<meta name="robots">, line 3)`,
		page + `: signals: robots directives for gptbot: noindex (X-Robots-Tag header)`,
		page + `: signals: robots directives for googlebot: nosnippet, max-snippet:20 (<meta name="googlebot">, line 4)`,
		page + `: signals: Content-Usage header "train-ai=n, search=y": train-ai=n, search=y`,
		page + `: signals: TDMRep: tdm-reservation 1 (meta), text and data mining rights reserved, tdm-policy https://example.com/tdm.json`,
		page + `: signals: links to agent-policy files: /llms.txt (<link rel="alternate">, line 7, llms-txt)`,
	}
	if code != exitOK || !strings.HasSuffix(out, strings.Join(want, "\n")+"\n") {
		t.Errorf("exit %d, want these last:\n%s\ngot:\n%s%s", code, strings.Join(want, "\n"), out, errs)
	}

	plain := filepath.Join(dir, "plain.html")
	if err := os.WriteFile(plain, []byte("<html><head><title>x</title></head><body></body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ = runSurvey(t, "", "check", "--header", "Content-Usage: train-ai=maybe", "--header", "Tdm-Reservation: 2", plain)
	want = []string{
		plain + `: signals: Content-Usage header "train-ai=maybe": no preference for train-ai or search`,
		plain + `: signals: TDMRep: tdm-reservation unset (no valid value)`,
	}
	if !strings.HasSuffix(out, strings.Join(want, "\n")+"\n") {
		t.Errorf("want these last:\n%s\ngot:\n%s", strings.Join(want, "\n"), out)
	}
	_, out, _ = runSurvey(t, "", "check", plain)
	if want := plain + ": signals: none: "; !strings.Contains(out, want) {
		t.Errorf("no %q line:\n%s", want, out)
	}
	// Only a home page has the line.
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, out, _ = runSurvey(t, "", "check", robots); strings.Contains(out, "signals:") {
		t.Errorf("a robots.txt has a signals line:\n%s", out)
	}
}
