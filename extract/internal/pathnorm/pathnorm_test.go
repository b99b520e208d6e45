package pathnorm

import "testing"

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"/café":        "/caf%C3%A9",
		"/caf%c3%a9":   "/caf%C3%A9",
		"/a b":         "/a%20b",
		"/a%2fb":       "/a%2Fb",
		"/*.pdf$":      "/*.pdf$",
		"/100%":        "/100%",
		"/%zz":         "/%zz",
		"/\x00\x7f":    "/%00%7F",
		"/already/ok/": "/already/ok/",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
