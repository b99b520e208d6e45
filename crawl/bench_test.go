package crawl

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/agentpolicy/survey/seeds"
)

// BenchmarkCrawl_Loop crawls 100 domains over HTTP, every location of the
// registry and the canary (1,300 fetches), from a loopback server that
// answers 404, through the whole crawler (colly, the gates, the guard, the
// budgets, the hops recorded), the results discarded: the crawler's own
// cost. Its allocations per operation compare across machines; its time
// does only on an idle one.
func BenchmarkCrawl_Loop(b *testing.B) {
	s := newTestServer(b, http.NotFoundHandler())
	c, err := New(Config{ConnectTo: s.Addr, Concurrency: 16, CanaryPath: "/.well-known/survey-canary-x"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		in := make(chan seeds.Seed, 100)
		for i := range 100 {
			in <- seeds.Seed{Host: fmt.Sprintf("site%d.test", i), Scheme: "http"}
		}
		close(in)
		if err := c.Run(context.Background(), in, func(*DomainResult) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
