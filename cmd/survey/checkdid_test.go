package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A did.json with no Ed25519VerificationKey2020 method is a DID document of
// another use when survey check knows of no agent feed beside it, and the
// feed's invalid key document when it does: from --feed for a local file,
// fetched from the origin for a URL.
func TestCheck_DIDOfAnotherUse(t *testing.T) {
	const body = `{"id": "did:web:HOST", "verificationMethod": [{"id": "#k1", "type": "JsonWebKey2020", "controller": "did:web:HOST"}]}`
	dir := t.TempDir()
	didFile, feedFile := filepath.Join(dir, "did.json"), filepath.Join(dir, "agent-feed.xml")
	os.WriteFile(didFile, []byte(strings.ReplaceAll(body, "HOST", "example.com")), 0o644)
	os.WriteFile(feedFile, []byte(`<feed xmlns="http://www.w3.org/2005/Atom"/>`), 0o644)
	withFeed := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/.well-known/did.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(strings.ReplaceAll(body, "HOST", strings.ReplaceAll(r.Host, ":", "%3A"))))
		case r.URL.Path == "/.well-known/agent-feed.xml" && withFeed:
			w.Header().Set("Content-Type", "application/atom+xml")
			w.Write([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"/>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	for _, c := range []struct {
		label string
		feed  bool
		args  []string
		other string
	}{
		{"a local file", false, []string{"--origin", "https://example.com", didFile}, "did-core"},
		{"a local file with --feed", false, []string{"--origin", "https://example.com", "--feed", feedFile, didFile}, ""},
		{"a URL, no feed", false, []string{"--allow-private", srv.URL + "/.well-known/did.json"}, "did-core"},
		{"a URL beside a feed", true, []string{"--allow-private", srv.URL + "/.well-known/did.json"}, ""},
	} {
		withFeed = c.feed
		code, out, errs := runSurvey(t, "", append([]string{"check", "--format", "json"}, c.args...)...)
		var got checkOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: exit %d %v\n%s%s", c.label, code, err, out, errs)
		}
		codes := map[string]bool{}
		for _, d := range got.Diagnostics {
			codes[d.Code] = true
		}
		want := "did.other-use"
		if c.other == "" {
			want = "did.no-ed25519-method"
		}
		if code != exitFindings || got.OtherFormat != c.other || got.Valid || !codes[want] {
			t.Errorf("%s: exit %d, other_format %q valid %v, diagnostics %v; want exit 1, other_format %q and %s", c.label, code, got.OtherFormat, got.Valid, got.Diagnostics, c.other, want)
		}
	}
}
