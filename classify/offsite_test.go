package classify

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/registry"
)

// TestOffsite_Redirects follows redirect chains on a loopback server that
// answers for several host names (the crawler connects every name to it)
// and checks which end off-site: the final URL's registrable domain, by the
// public suffix list, without regard to case or a trailing dot.
func TestOffsite_Redirects(t *testing.T) {
	const llms = "# Site\n\n> Summary\n\n- [A](https://example.com/a): a\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := strings.TrimSuffix(strings.ToLower(r.Host), ".")
		redirect := func(to string) { http.Redirect(w, r, to, http.StatusFound) }
		switch {
		case r.URL.Path == "/real-llms.txt", host != "up.test" && host != "dot.test" &&
			host != "bounce.test" && host != "sso.other.test" && host != "off.test" && host != "shop.example.co.uk" &&
			host != "gov.uk":
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(llms))
		case host == "up.test":
			redirect("http://WWW.UP.TEST/llms.txt")
		case host == "dot.test":
			redirect("http://www.dot.test./llms.txt")
		case host == "bounce.test":
			redirect("http://sso.other.test/auth?r=http%3A%2F%2Fbounce.test%2Freal-llms.txt")
		case host == "sso.other.test":
			redirect("http://bounce.test/real-llms.txt")
		case host == "off.test":
			redirect("http://cdn.other.test/llms.txt")
		case host == "shop.example.co.uk":
			redirect("http://other.co.uk/llms.txt")
		case host == "gov.uk":
			redirect("http://www.gov.uk/llms.txt")
		}
	}))
	defer srv.Close()
	c, err := crawl.New(crawl.Config{AllowPrivate: true, ConnectTo: srv.Listener.Addr().String(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := registry.LookupLocation(registry.LocLLMsTxt)
	for _, tc := range []struct {
		url  string
		want Result
	}{
		{"http://up.test/llms.txt", Result{Present, ReasonOK}},                    // to WWW.UP.TEST: host names ignore case
		{"http://dot.test/llms.txt", Result{Present, ReasonOK}},                   // to www.dot.test.: the same name, absolute
		{"http://bounce.test/llms.txt", Result{Present, ReasonOK}},                // through sso.other.test and back
		{"http://off.test/llms.txt", Result{Redirected, ReasonOffsite}},           // ends on other.test
		{"http://shop.example.co.uk/llms.txt", Result{Redirected, ReasonOffsite}}, // co.uk is a public suffix
		{"http://www.example.co.uk/llms.txt", Result{Present, ReasonOK}},          // no redirect
		{"http://gov.uk/llms.txt", Result{Present, ReasonOK}},                     // a public suffix's www host is its site
	} {
		f := c.FetchURL(context.Background(), tc.url, registry.LocLLMsTxt)
		if f.ErrKind != crawl.ErrNone {
			t.Errorf("%s: %s %s", tc.url, f.ErrKind, f.Err)
			continue
		}
		if f.Offsite != (tc.want.Reason == ReasonOffsite) && tc.url != "http://bounce.test/llms.txt" {
			t.Errorf("%s (final %s): the crawler's offsite flag is %v", tc.url, f.FinalURL, f.Offsite)
		}
		if got := Fetch(f, loc, nil); got != tc.want {
			t.Errorf("%s (final %s): %+v, want %+v", tc.url, f.FinalURL, got, tc.want)
		}
	}
}

func TestSite(t *testing.T) {
	for raw, want := range map[string]string{
		"https://WWW.Example.COM/x":      "example.com",
		"https://www.example.com./x":     "example.com",
		"https://a.b.example.co.uk/":     "example.co.uk",
		"https://127.0.0.1:8080/":        "127.0.0.1",
		"https://[2001:db8::1]/":         "2001:db8::1",
		"http://localhost/":              "localhost",
		"https://user@Shop.Example.org/": "example.org",
		"https://www.gov.uk/":            "gov.uk",
		"https://gov.uk/":                "gov.uk",
	} {
		if got := site(raw); got != want {
			t.Errorf("site(%q) = %q, want %q", raw, got, want)
		}
	}
}
