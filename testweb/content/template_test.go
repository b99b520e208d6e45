package content

import (
	"strings"
	"testing"
)

func TestDIDWeb(t *testing.T) {
	cases := map[string]string{
		"example.com":       "did:web:example.com",
		"example.test:8443": "did:web:example.test%3A8443",
		"127.0.0.1:8080":    "did:web:127.0.0.1%3A8080",
	}
	for host, want := range cases {
		if got := DIDWeb(host); got != want {
			t.Errorf("DIDWeb(%q) = %q, want %q", host, got, want)
		}
	}
}

func TestHostTemplate(t *testing.T) {
	tmpl := newHostTemplate("a " + hostMark + " b " + didHostMark + hostMark + " c")
	if got, want := string(tmpl.render("h:1")), "a h:1 b h%3A1h:1 c"; got != want {
		t.Errorf("render = %q, want %q", got, want)
	}
	if got := string(newHostTemplate("plain").render("h")); got != "plain" {
		t.Errorf("render without marks = %q", got)
	}
	if got := string(newHostTemplate("").render("h")); got != "" {
		t.Errorf("render of empty = %q", got)
	}
}

// FuzzHostTemplate checks that rendering a template equals one left-to-right
// pass of strings.Replacer over its placeholders (text inserted for a host
// never forms a new placeholder with its neighbours), and never panics.
func FuzzHostTemplate(f *testing.F) {
	f.Add("a {{host}} b {{did-host}} c", "example.test:8443")
	f.Add("{{host}}{{host}}{{did-host}}{{did-host}}", "")
	f.Add("{{{host}}}} {{did-host {{host", "x")
	f.Add("", "h")
	f.Fuzz(func(t *testing.T, text, host string) {
		out := string(newHostTemplate(text).render(host))
		want := strings.NewReplacer(hostMark, host, didHostMark, didWebHost(host)).Replace(text)
		if out != want {
			t.Errorf("render(%q, %q) = %q, want %q", text, host, out, want)
		}
	})
}
