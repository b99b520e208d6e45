package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
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

Crawl it with the flags it prints:

  survey crawl --seeds SEEDS --connect-to HTTP --ca-file CA [--resolver DNS]

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
		mix        = fs.String("mix", "realistic", "mix of site kinds: realistic, hostile or clean")
		median     = fs.Duration("latency", 0, "median latency added to every response")
		p99        = fs.Duration("latency-p99", 0, "99th percentile latency (log-normal; default: the median)")
		stallShare = fs.Float64("stall-share", 0, "share of sites that stall until the client gives up (0 keeps the mix's)")
		slowDelay  = fs.Duration("slow-delay", 2*time.Second, "delay of the slow sites' responses (keep it under the crawler's --timeout)")
		caOut      = fs.String("ca-out", "", "write the CA certificate (PEM) here")
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
	seedsHint := shell.Quote(*seedsOut)
	if *seedsOut == "" {
		seedsHint = "SEEDS (see --seeds-out)"
	}
	fmt.Fprintf(e.stdout, "simulated web: %d sites (seed %d, mix %s) on %s", *sites, *seed, *mix, ln.Addr())
	if dnsListen != "" {
		fmt.Fprintf(e.stdout, ", DNS on %s", dnsListen)
	}
	fmt.Fprintf(e.stdout, "\ncrawl it with:\n  survey crawl --seeds %s %s\n", seedsHint, strings.Join(crawlFlags, " "))

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
