package crawl

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

// A server that answers every path with one page costs the crawl that page
// once per domain, not once per location: the fetches of a domain that got
// the same bytes hold one slice. Different bytes of the same length are not
// shared, and nothing is shared across domains (a worker's next domain does
// not keep the last one's bodies alive).
func TestCrawl_IdenticalBodiesOfADomainAreHeldOnce(t *testing.T) {
	page := bytes.Repeat([]byte("<p>nothing here</p>\n"), 10<<10) // 200 KiB
	other := bytes.Repeat([]byte("<p>something else</p>"), len(page)/21)
	other = append(other, page[:len(page)-len(other)]...)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/llms.txt" {
			w.Write(other)
			return
		}
		w.Write(page)
	})
	s := newTestServer(t, h)
	c, err := New(Config{ConnectTo: s.Addr, RootCAs: s.Roots, Timeout: 2 * time.Second, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	in := make(chan seeds.Seed, 2)
	in <- seeds.Seed{Host: "a.example.test"}
	in <- seeds.Seed{Host: "b.example.test"}
	close(in)
	var got []*DomainResult
	if err := c.Run(context.Background(), in, func(r *DomainResult) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d results, want 2", len(got))
	}
	same := func(a, b []byte) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }
	for _, res := range got {
		robots := res.Fetch(registry.LocRobots).Body
		if !bytes.Equal(robots, page) {
			t.Fatalf("%s: robots.txt body of %d bytes, want the page's %d", res.Domain, len(robots), len(page))
		}
		for _, f := range res.Fetches {
			switch {
			case f.Location == registry.LocLLMsTxt:
				if !bytes.Equal(f.Body, other) || same(f.Body, robots) {
					t.Errorf("%s: llms.txt's different body (%d bytes) is shared with robots.txt's or altered", res.Domain, len(f.Body))
				}
			case !bytes.Equal(f.Body, page):
				t.Errorf("%s: %s body of %d bytes, want the page", res.Domain, f.Location, len(f.Body))
			case !same(f.Body, robots):
				t.Errorf("%s: %s holds its own copy of the page robots.txt already holds", res.Domain, f.Location)
			}
		}
	}
	if same(got[0].Fetch(registry.LocRobots).Body, got[1].Fetch(registry.LocRobots).Body) {
		t.Error("the second domain shares the first domain's body: the worker kept it past the domain's end")
	}
}
