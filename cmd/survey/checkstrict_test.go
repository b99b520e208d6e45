package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// --strict makes survey check fail a CI job for what it otherwise passes:
// a valid file with a warning, or one that is not usable (cut at the body
// cap), a file alone or any of a site's. Without it only an invalid file
// or one of another format exits 1.
func TestCheck_Strict(t *testing.T) {
	write := tempFiles(t)
	clean := write("robots.txt", "User-agent: *\nDisallow: /private\n")
	warned := write("warned/robots.txt", "User-agent: *\nDissallow: /private\n") // robots.misspelled-key
	invalid := write("automation-preferences.txt", "scope: /\nallowed-methods: ANY\n\n")
	for _, c := range []struct {
		label  string
		args   []string
		normal int
		strict int
	}{
		{"clean", []string{clean}, exitOK, exitOK},
		{"a warning", []string{warned}, exitOK, exitFindings},
		{"cut at the cap (not usable)", []string{"--max-body", "20", clean}, exitOK, exitFindings},
		{"invalid", []string{invalid}, exitFindings, exitFindings},
	} {
		if code, out, errs := runSurvey(t, "", append([]string{"check"}, c.args...)...); code != c.normal {
			t.Errorf("%s: exit %d, want %d\n%s%s", c.label, code, c.normal, out, errs)
		}
		code, out, errs := runSurvey(t, "", append([]string{"check", "--strict"}, c.args...)...)
		if code != c.strict {
			t.Errorf("%s, --strict: exit %d, want %d\n%s%s", c.label, code, c.strict, out, errs)
		}
		// A failure of --strict alone says so.
		if said := strings.Contains(out, ": --strict: exit status 1 for "); said != (c.normal == exitOK && c.strict == exitFindings) {
			t.Errorf("%s, --strict: says why %v\n%s", c.label, said, out)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("User-agent: *\nDissallow: /private\n"))
	}))
	defer srv.Close()
	if code, out, errs := runSurvey(t, "", "check", "--allow-private", "--site", srv.URL); code != exitOK {
		t.Errorf("--site, a warning: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runSurvey(t, "", "check", "--strict", "--allow-private", "--site", srv.URL); code != exitFindings || !strings.Contains(out, "--strict: exit status 1 for 1 file with warnings or not usable") {
		t.Errorf("--site --strict, a warning: exit %d, want %d\n%s%s", code, exitFindings, out, errs)
	}
}
