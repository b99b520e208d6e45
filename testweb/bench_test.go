package testweb

import (
	"io"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// benchmarkServe requests a normal site's robots.txt over one kept-alive
// connection. Run with -cpu 1 to measure one core (the client shares it).
func benchmarkServe(b *testing.B, scheme string) {
	w, addrs := startWeb(b, Config{Seed: 1, Sites: 1000, Mix: MixClean})
	var host string
	for i := range 1000 {
		s := w.site(i)
		hi, _ := w.lookupHost(s.seed)
		if w.siteFile(s, "robots") != nil && w.canonicalHost(hi) == "" {
			host = s.seed
			break
		}
	}
	c := &http.Client{Transport: w.Transport(addrs.HTTP)}
	url := scheme + "://" + host + "/robots.txt"
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	var size int64
	b.ResetTimer()
	for range b.N {
		resp, err := c.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("status %d", resp.StatusCode)
		}
		size = n
	}
	b.StopTimer()
	b.SetBytes(size)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

func BenchmarkServe_HTTP(b *testing.B)  { benchmarkServe(b, "http") }
func BenchmarkServe_HTTPS(b *testing.B) { benchmarkServe(b, "https") }

// BenchmarkServe_Population crawls a realistic population's normal sites
// the way the crawler does (every location of a domain over one kept-alive
// HTTPS connection, 8 domains at a time): what a crawl costs the server,
// TLS handshakes and certificate issuance included. One op is one request.
func BenchmarkServe_Population(b *testing.B) {
	w, addrs := startWeb(b, Config{Seed: 1, Sites: 2000})
	var domains []string
	for d, k := range w.Domains() {
		if k == "normal" {
			domains = append(domains, d)
		}
	}
	perDomain := len(w.locs)
	var next, bytes, requests atomic.Int64
	b.ResetTimer()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for requests.Load() < int64(b.N) {
				d := domains[int(next.Add(1))%len(domains)]
				tr := w.Transport(addrs.HTTP)
				c := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
				for _, l := range w.locs {
					resp, err := c.Get("https://" + d + l.Path)
					if err != nil {
						b.Error(err)
						return
					}
					n, _ := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					bytes.Add(n)
				}
				tr.CloseIdleConnections()
				requests.Add(int64(perDomain))
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	n := requests.Load()
	b.SetBytes(bytes.Load() / n)
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "req/s")
	b.ReportMetric(float64(n)/float64(perDomain)/b.Elapsed().Seconds(), "domains/s")
}

// BenchmarkPlan is the server's decision per request, without the
// network.
func BenchmarkPlan(b *testing.B) {
	w, err := New(Config{Seed: 1, Sites: 100_000})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := range b.N {
		hi, _ := w.lookupHost(w.siteName(i % 100_000))
		rep := w.plan(hi, "https", "/robots.txt", "")
		w.replyBody(rep, hi.seed)
	}
}

// BenchmarkTruth_Million writes the truth of a population of a million
// sites and reports the peak heap in use while doing so: it must stay
// flat (the population is computed, never held).
func BenchmarkTruth_Million(b *testing.B) {
	const sites = 1_000_000
	w, err := New(Config{Seed: 1, Sites: sites, DNS: true})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	var out countingWriter
	b.ResetTimer()
	for range b.N {
		if err := w.WriteTruth(&out); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	close(stop)
	<-done
	runtime.GC()
	var end runtime.MemStats
	runtime.ReadMemStats(&end)
	b.ReportMetric(float64(end.HeapInuse)/(1<<20), "end-heap-MiB")
	b.SetBytes(out.n / int64(b.N))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*sites), "ns/site")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(base.HeapInuse)/(1<<20), "base-heap-MiB")
}

// countingWriter counts and discards.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }
