package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/testweb"
)

const testwebAbout = `
Serve the simulated web: many synthetic domains (site-000000.test, ...) from
one loopback listener that speaks HTTPS and HTTP, with a CA it generates and
an optional DNS server. Each site's behaviour (valid and invalid files of every
format, soft 404s, bot walls, redirects, stalls, resets, bombs, ...) follows
deterministically from --seed. It runs until interrupted.

  survey testweb --sites 300 --mix clean --ca-out ca.pem --seeds-out seeds.txt
  survey testweb --dns --ca-out ca.pem --seeds-out seeds.txt --ready ready &

Crawl it with the flags it prints:

  survey crawl --seeds SEEDS --connect-to HTTP --ca-file CA [--resolver DNS]

The crawl trusts the generated CA with --ca-file, the file --ca-out wrote;
without it every HTTPS connection fails its certificate check and every site
is crawled over plain HTTP after the fallback (http_fallback, certificate).
--ready writes the addresses as shell assignments (". ./ready" sets $HTTP
and $DNS, empty without --dns), for scripts that start it in the background.

--truth-out writes what a correct crawler must find at every location of every
domain (JSON lines), the ground truth of the tests.`

func runTestweb(e *env, args []string) int {
	fs := newFlags(e, "testweb", "[flags]", testwebAbout)
	var (
		addr       = fs.String("addr", "127.0.0.1:0", "TCP address for HTTPS and HTTP")
		dnsAddr    = fs.String("dns-addr", "127.0.0.1:0", "UDP address of the DNS server (with --dns)")
		dns        = fs.Bool("dns", false, "serve DNS and add the sites only DNS can express (NXDOMAIN, private answers); crawl with --resolver")
		sites      = fs.Int("sites", 2000, "number of synthetic domains")
		seed       = fs.Int64("seed", 1, "population seed: the same seed serves the same web")
		mix        = fs.String("mix", "realistic", "mix of site kinds: realistic (mostly normal sites, every broken or hostile kind at a small share), hostile (a fifth normal, the rest shared among the other kinds) or clean (every site normal)")
		median     = fs.Duration("latency", 0, "median latency added to every response")
		p99        = fs.Duration("latency-p99", 0, "99th percentile latency (log-normal, each delay capped at 3 times it; default: the median)")
		stallShare = fs.Float64("stall-share", 0, "share of sites that stall until the client gives up (0 keeps the mix's)")
		slowDelay  = fs.Duration("slow-delay", 2*time.Second, "delay of the slow sites' responses, more than 0 (keep it under the crawler's --timeout)")
		caOut      = fs.String("ca-out", "", "write the CA certificate (PEM) here, for the crawl's --ca-file")
		seedsOut   = fs.String("seeds-out", "", "write the seed list here")
		truthOut   = fs.String("truth-out", "", "write the ground truth here (JSON lines)")
		ready      = fs.String("ready", "", "when serving, write HTTP=addr and DNS=addr lines to this file")
	)
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fail(e, "testweb", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if err := checkTestwebFlags(*sites, *mix, *stallShare, *median, *p99, *slowDelay); err != nil {
		return fail(e, "testweb", err)
	}
	dnsAddrGiven := false
	fs.Visit(func(f *flag.Flag) { dnsAddrGiven = dnsAddrGiven || f.Name == "dns-addr" })
	if dnsAddrGiven && !*dns {
		return fail(e, "testweb", errors.New("--dns-addr goes with --dns, which serves the DNS"))
	}
	w, err := testweb.New(testweb.Config{
		Seed: *seed, Sites: *sites, DNS: *dns, Mix: *mix, StallShare: *stallShare, SlowDelay: *slowDelay,
		Latency: testweb.Latency{Median: *median, P99: *p99},
	})
	if err != nil {
		return fail(e, "testweb", err)
	}
	defer w.Close()
	write := func(path string, fn func(*os.File) error) error {
		if path == "" {
			return nil
		}
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	if err := write(*caOut, func(f *os.File) error { _, err := f.Write(w.CACertPEM()); return err }); err != nil {
		return fail(e, "testweb", err)
	}
	if err := write(*seedsOut, func(f *os.File) error { return w.WriteSeeds(f) }); err != nil {
		return fail(e, "testweb", err)
	}
	if err := write(*truthOut, func(f *os.File) error { return w.WriteTruth(f) }); err != nil {
		return fail(e, "testweb", err)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(e, "testweb", err)
	}
	errs := make(chan error, 2)
	go func() { errs <- w.Serve(ln) }()
	dnsListen := ""
	if *dns {
		pc, err := net.ListenPacket("udp", *dnsAddr)
		if err != nil {
			return fail(e, "testweb", err)
		}
		dnsListen = pc.LocalAddr().String()
		go func() { errs <- w.ServeDNS(pc) }()
	}
	if err := write(*ready, func(f *os.File) error {
		_, err := fmt.Fprintf(f, "HTTP=%s\nDNS=%s\n", ln.Addr(), dnsListen)
		return err
	}); err != nil {
		return fail(e, "testweb", err)
	}
	crawlFlags := []string{"--connect-to " + ln.Addr().String()}
	if *caOut != "" {
		crawlFlags = append(crawlFlags, "--ca-file "+shell.Quote(*caOut))
	}
	if dnsListen != "" {
		crawlFlags = append(crawlFlags, "--resolver "+dnsListen)
	}
	if *caOut == "" {
		crawlFlags = append(crawlFlags, "--ca-file CA")
	}
	seedsHint := shell.Quote(*seedsOut)
	if *seedsOut == "" {
		seedsHint = "SEEDS (see --seeds-out)"
	}
	fmt.Fprintf(e.stdout, "simulated web: %d sites (seed %d, mix %s) on %s", *sites, *seed, *mix, ln.Addr())
	if dnsListen != "" {
		fmt.Fprintf(e.stdout, ", DNS on %s", dnsListen)
	}
	fmt.Fprintf(e.stdout, "\ncrawl it with:\n  survey crawl --seeds %s %s\n", seedsHint, strings.Join(crawlFlags, " "))
	if *caOut == "" {
		fmt.Fprintln(e.stdout, "CA: no --ca-out was given, so no file holds this run's CA: a crawl without it fails every HTTPS certificate check and falls back to plain HTTP")
	}

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	select {
	case <-sigs:
		w.Close()
		return exitOK
	case err := <-errs:
		if err != nil && !errors.Is(err, net.ErrClosed) {
			return fail(e, "testweb", err)
		}
		return exitOK
	}
}

// checkTestwebFlags returns an error naming the first flag of survey
// testweb whose value the simulated web cannot take or would take as
// something else: testweb.Config reads a zero --sites or --slow-delay as
// its default (2,000 sites, 2 s), which would serve another web than the
// one asked for and announced.
func checkTestwebFlags(sites int, mix string, stallShare float64, median, p99, slowDelay time.Duration) error {
	switch {
	case sites < 1:
		return fmt.Errorf("--sites %d: must be at least 1", sites)
	case !slices.Contains(testweb.Mixes(), mix):
		return fmt.Errorf("--mix %q: want one of %s", mix, strings.Join(testweb.Mixes(), ", "))
	case !(stallShare >= 0 && stallShare < 1):
		return fmt.Errorf("--stall-share %v: want a share from 0 up to, not including, 1", stallShare)
	case median < 0:
		return fmt.Errorf("--latency %v: must not be negative", median)
	case p99 < 0:
		return fmt.Errorf("--latency-p99 %v: must not be negative", p99)
	case p99 > 0 && median == 0:
		return fmt.Errorf("--latency-p99 %v needs --latency, the median", p99)
	case p99 > 0 && p99 < median:
		return fmt.Errorf("--latency-p99 %v is below --latency %v, the median", p99, median)
	case slowDelay <= 0:
		return fmt.Errorf("--slow-delay %v: must be more than 0", slowDelay)
	}
	return nil
}
