package llmstxt

import "testing"

// TestClassifyURL: a "%" must start an escape of two hex digits in every
// part of a URL (RFC 3986 §2.1) and a port is at most 65535, whichever part
// net/url's Parse checks itself.
func TestClassifyURL(t *testing.T) {
	cases := map[string]urlKind{
		"https://example.com/":          urlAbsolute,
		"HTTPS://EXAMPLE.COM/":          urlAbsolute,
		"https://example.com/a%20b":     urlAbsolute,
		"https://example.com/a b":       urlAbsolute,
		"https://example.com/?q=a+b%2F": urlAbsolute,
		"https://example.com:65535/":    urlAbsolute,
		"https://exa_mple.com/":         urlAbsolute,
		"https://宇宙.jp/":                urlAbsolute,
		"/docs/a.md":                    urlRelative,
		"#anchor":                       urlRelative,
		"mailto:a@example.com":          urlOther,
		"javascript:alert(1)":           urlOther,
		"":                              urlMalformed,
		"https://example.com/%zz":       urlMalformed, // path
		"https://example.com/#%zz":      urlMalformed, // fragment
		"https://u%zz@example.com/":     urlMalformed, // user info
		"https://example.com/?q=%":      urlMalformed, // query
		"https://example.com/?q=%zz":    urlMalformed,
		"docs/a.md?q=%":                 urlMalformed,
		"mailto:%zz@example.com":        urlMalformed, // opaque part
		"https://example.com:99999/":    urlMalformed, // port
		"https://[::1]:70000/":          urlMalformed,
		"//cdn.example.com:65536/a.md":  urlMalformed,
		"https://example.com:８０/":       urlMalformed,
		"http://[::1":                   urlMalformed,
		"https:///path":                 urlMalformed, // no host
		"https:/example.com":            urlMalformed,
	}
	for in, want := range cases {
		got, why := classifyURL(in)
		if got != want {
			t.Errorf("%q: kind %d (%s), want %d", in, got, why, want)
		}
		if got == urlMalformed && why == "" {
			t.Errorf("%q: malformed without a reason", in)
		}
	}
}
