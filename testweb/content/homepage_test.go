package content

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// metaTags returns the name and content of every <meta name=...> of a page,
// read with an HTML tokenizer.
func metaTags(t *testing.T, body []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data != "meta" {
				continue
			}
			var name, content string
			for _, a := range tok.Attr {
				switch a.Key {
				case "name":
					name = strings.ToLower(a.Val)
				case "content":
					content = a.Val
				}
			}
			if name != "" {
				out[name] = content
			}
		}
	}
}

// TestHomePages_Signals checks every page's exact policy headers and meta
// tags.
func TestHomePages_Signals(t *testing.T) {
	const policy = "https://example.com/policies/tdm-policy.json"
	type want struct {
		header map[string][]string
		meta   map[string]string
	}
	cases := map[string]want{
		"home/plain":            {},
		"home/x-robots-noai":    {header: map[string][]string{"X-Robots-Tag": {"noai, noimageai"}}},
		"home/content-usage":    {header: map[string][]string{"Content-Usage": {"train-ai=n"}}},
		"home/tdm-headers":      {header: map[string][]string{"Tdm-Reservation": {"1"}, "Tdm-Policy": {policy}}},
		"home/meta-robots-noai": {meta: map[string]string{"robots": "noai, noimageai"}},
		"home/meta-tdm":         {meta: map[string]string{"tdm-reservation": "1"}},
		"home/meta-tdm-policy":  {meta: map[string]string{"tdm-reservation": "1", "tdm-policy": policy}},
		"home/headers-and-meta": {
			header: map[string][]string{"X-Robots-Tag": {"noai"}, "Content-Usage": {"train-ai=n"}, "Tdm-Reservation": {"1"}},
			meta:   map[string]string{"robots": "index, follow, noai, noimageai", "tdm-reservation": "1"},
		},
		"home/x-robots-per-agent": {header: map[string][]string{"X-Robots-Tag": {"googlebot: nosnippet", "otherbot: noai, noimageai"}}},
		"home/conflicting":        {header: map[string][]string{"Tdm-Reservation": {"0"}}, meta: map[string]string{"tdm-reservation": "1"}},
		"home/large":              {meta: map[string]string{"robots": "index, follow, max-image-preview:large"}},
		"home/llms-link":          {},
		"home/link-header":        {header: map[string][]string{"Link": {`</llms.txt>; rel="describedby"; type="text/markdown"`}}},
	}
	pages := HomePages()
	if len(pages) != len(cases) {
		t.Errorf("%d home pages, want %d", len(pages), len(cases))
	}
	for _, p := range pages {
		w, ok := cases[p.Name]
		if !ok {
			t.Errorf("unexpected home page %s", p.Name)
			continue
		}
		if p.Weight <= 0 || p.Body == nil || p.Note == "" {
			t.Errorf("%s: weight %d, body set %v, note %q", p.Name, p.Weight, p.Body != nil, p.Note)
		}
		if got := p.Header.Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", p.Name, got)
		}
		for k, vs := range p.Header {
			if k == "Content-Type" {
				continue
			}
			if strings.Join(vs, "|") != strings.Join(w.header[k], "|") {
				t.Errorf("%s: header %s = %q, want %q", p.Name, k, vs, w.header[k])
			}
		}
		for k, vs := range w.header {
			if strings.Join(p.Header.Values(k), "|") != strings.Join(vs, "|") {
				t.Errorf("%s: header %s = %q, want %q", p.Name, k, p.Header.Values(k), vs)
			}
		}
		meta := metaTags(t, p.Body("example.test"))
		delete(meta, "viewport")
		delete(meta, "description")
		if len(meta) != len(w.meta) {
			t.Errorf("%s: meta tags %v, want %v", p.Name, meta, w.meta)
		}
		for k, v := range w.meta {
			if meta[k] != v {
				t.Errorf("%s: meta %s = %q, want %q", p.Name, k, meta[k], v)
			}
		}
	}
}

func TestHomePages_LargeAndDeterministic(t *testing.T) {
	for _, p := range HomePages() {
		a, b := p.Body("example.test"), p.Body("127.0.0.1:8443")
		if !bytes.Equal(a, b) {
			t.Errorf("%s: body depends on the host", p.Name)
		}
		doc, err := html.Parse(bytes.NewReader(a))
		if err != nil || doc == nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if p.Name == "home/large" && (len(a) < 100<<10 || len(a) > 110<<10) {
			t.Errorf("large page is %d bytes, want about 100 KiB", len(a))
		}
	}
}

// TestHomePages_FreshHeaders checks that each call returns its own headers,
// so a server that adds to them does not change the next caller's.
func TestHomePages_FreshHeaders(t *testing.T) {
	a := HomePages()
	a[0].Header.Set("X-Test", "1")
	for _, p := range HomePages() {
		if p.Header.Get("X-Test") != "" {
			t.Errorf("%s: headers shared between calls", p.Name)
		}
	}
}
