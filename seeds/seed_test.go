package seeds

import (
	"strconv"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Seed{
		" Example.COM. ":           {Input: "Example.COM.", Host: "example.com"},
		"bücher.example":           {Input: "bücher.example", Host: "xn--bcher-kva.example"},
		"https://Example.com:8443": {Input: "https://Example.com:8443", Host: "example.com", Port: "8443", Scheme: "https"},
		"http://example.com/":      {Input: "http://example.com/", Host: "example.com", Scheme: "http"},
	} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "example.com/page", "localhost", "ftp://example.com"} {
		if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("Parse(%q): %v, want an error naming the input", bad, err)
		}
	}
	for _, bad := range []string{"a..example.com", ".example.com", "https://www..example.com"} {
		if _, err := Parse(bad); err == nil || !strings.Contains(err.Error(), "empty label") {
			t.Errorf("Parse(%q): %v, want an error saying it has an empty label", bad, err)
		}
	}
}

// TestParse_IPv6Zone: an origin whose address has a zone (fe80::1%eth0)
// is refused: the zone names an interface of the crawling machine, and the
// seed printed back ("http://[fe80::1%eth0]") would not parse as an origin.
func TestParse_IPv6Zone(t *testing.T) {
	for _, in := range []string{"http://[fe80::1%25eth0]", "https://[fe80::1%251]:8443"} {
		if s, err := Parse(in); err == nil || !strings.Contains(err.Error(), "zone") {
			t.Errorf("Parse(%q) = %+v, %v; want an error naming the zone", in, s, err)
		}
	}
	if s, err := Parse("https://[fe80::1]"); err != nil || s.Host != "fe80::1" {
		t.Errorf("without a zone: %+v, %v", s, err)
	}
}
