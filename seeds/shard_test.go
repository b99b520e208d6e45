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

// TestShardIndex_ApexAndWWWAgree: a site's apex and its www host are in
// the same shard, also when the apex is a public suffix that is a site
// (gov.uk and www.gov.uk are each their own registrable domain).
func TestShardIndex_ApexAndWWWAgree(t *testing.T) {
	for _, apex := range []string{"example.com", "bbc.co.uk", "gov.uk", "co.uk", "github.io", "blogspot.com", "xn--mnchen-3ya.de", "www.com"} {
		for n := 2; n <= 32; n++ {
			a, w := ShardIndex(Seed{Host: apex}, n), ShardIndex(Seed{Host: "www." + apex}, n)
			if a != w {
				t.Errorf("%d shards: %s in shard %d, www.%s in shard %d", n, apex, a, apex, w)
				break
			}
		}
	}
}
