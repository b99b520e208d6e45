package seeds

import "testing"

// TestRegistrable: the registrable domain by the public suffix list, with
// host names compared as RFC 3986 §3.2.2 says (case-insensitively; a
// trailing dot names the same host); an IP address is its own, so two
// addresses never share one.
func TestRegistrable(t *testing.T) {
	for host, want := range map[string]string{
		"www.example.com":      "example.com",
		"WWW.Example.COM":      "example.com",
		"www.example.com.":     "example.com",
		"a.b.example.co.uk":    "example.co.uk",
		"example.com":          "example.com",
		"127.0.0.1":            "127.0.0.1",
		"10.9.8.7":             "10.9.8.7",
		"::1":                  "::1",
		"[2001:db8::1]":        "2001:db8::1",
		"co.uk":                "co.uk",
		"localhost":            "localhost",
		"site-000001.test":     "site-000001.test",
		"www.site-000001.test": "site-000001.test",
	} {
		if got := Registrable(host); got != want {
			t.Errorf("Registrable(%q) = %q, want %q", host, got, want)
		}
	}
}
