package main

import (
	"bufio"
	"context"
	"crypto/x509"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// webOptions are the flags of one simulated web (survey testweb).
type webOptions struct {
	Sites      int
	Seed       int64
	Mix        string        // clean, realistic or hostile
	Latency    time.Duration // median added latency; 0 adds none
	LatencyP99 time.Duration
	StallShare float64
}

// args returns the survey testweb flags for o, writing its files into dir.
func (o webOptions) args(dir string) []string {
	a := []string{"testweb",
		"--sites", strconv.Itoa(o.Sites),
		"--seed", strconv.FormatInt(o.Seed, 10),
		"--mix", o.Mix,
		"--ca-out", filepath.Join(dir, "ca.pem"),
		"--seeds-out", filepath.Join(dir, "seeds.txt"),
		"--ready", filepath.Join(dir, "ready"),
	}
	if o.Latency > 0 {
		a = append(a, "--latency", o.Latency.String())
		if o.LatencyP99 > 0 {
			a = append(a, "--latency-p99", o.LatencyP99.String())
		}
	}
	if o.StallShare > 0 {
		a = append(a, "--stall-share", strconv.FormatFloat(o.StallShare, 'g', -1, 64))
	}
	return a
}

// String describes o in the words of its flags.
func (o webOptions) String() string {
	s := fmt.Sprintf("%d sites, seed %d, mix %s", o.Sites, o.Seed, o.Mix)
	if o.Latency > 0 {
		s += fmt.Sprintf(", latency median %s p99 %s", o.Latency, o.LatencyP99)
	}
	if o.StallShare > 0 {
		s += fmt.Sprintf(", stall share %g", o.StallShare)
	}
	return s
}

// simWeb is a running survey testweb process.
type simWeb struct {
	proc  *child
	dir   string
	Addr  string // HTTP=: the HTTPS and HTTP listener
	CA    string // path of the CA certificate (PEM)
	Seeds string // path of the seed list (one domain per line)
}

// startWeb starts survey testweb with o, its files in dir, and waits until
// it serves (its --ready file names the listener) or readyTimeout passes.
func startWeb(ctx context.Context, survey, dir string, o webOptions, readyTimeout time.Duration) (*simWeb, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("simulated web: %w", err)
	}
	ready := filepath.Join(dir, "ready")
	os.Remove(ready)
	proc, err := startChild(ctx, "survey testweb", survey, filepath.Join(dir, "testweb.log"), o.args(dir)...)
	if err != nil {
		return nil, err
	}
	w := &simWeb{proc: proc, dir: dir, CA: filepath.Join(dir, "ca.pem"), Seeds: filepath.Join(dir, "seeds.txt")}
	deadline := time.Now().Add(readyTimeout)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if b, err := os.ReadFile(ready); err == nil && len(b) > 0 {
			addrs, err := parseReady(string(b))
			if err == nil && addrs["HTTP"] != "" {
				w.Addr = addrs["HTTP"]
				return w, nil
			}
		}
		if proc.exited() {
			return nil, fmt.Errorf("simulated web exited before serving: %v%s", proc.err, logTail(proc.log))
		}
		if time.Now().After(deadline) {
			proc.stop()
			return nil, fmt.Errorf("simulated web not serving after %s%s", readyTimeout, logTail(proc.log))
		}
		select {
		case <-ctx.Done():
			proc.stop()
			return nil, ctx.Err()
		case <-tick.C:
		}
	}
}

// cpu returns the CPU time the simulated web has used so far (0 when it
// cannot be read).
func (w *simWeb) cpu() time.Duration {
	d, _ := procCPU(w.proc.cmd.Process.Pid)
	return d
}

// stop stops the simulated web.
func (w *simWeb) stop() { w.proc.stop() }

// roots returns a pool holding the simulated web's CA.
func (w *simWeb) roots() (*x509.CertPool, error) {
	pem, err := os.ReadFile(w.CA)
	if err != nil {
		return nil, fmt.Errorf("simulated web CA: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("simulated web CA %s: no PEM certificate", w.CA)
	}
	return pool, nil
}

// parseReady parses the lines NAME=value of a --ready file. Only complete
// lines (ending in a newline) count, so a file being written is read as
// what it holds so far.
func parseReady(s string) (map[string]string, error) {
	out := map[string]string{}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[:i+1]
	} else {
		return out, nil
	}
	for n, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("ready file line %d: %q is not NAME=value", n+1, line)
		}
		out[k] = v
	}
	return out, nil
}

// readDomains reads a seed list of one domain per line.
func readDomains(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("seed list: %w", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if d := strings.TrimSpace(sc.Text()); d != "" && !strings.HasPrefix(d, "#") {
			out = append(out, d)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("seed list %s: %w", path, err)
	}
	return out, nil
}

// writeOrigins writes domains as origins of scheme ("http://d"), the seed
// form that makes survey crawl use that scheme without fallback.
func writeOrigins(path, scheme string, domains []string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("seed list: %w", err)
	}
	bw := bufio.NewWriter(f)
	for _, d := range domains {
		bw.WriteString(scheme + "://" + d + "\n")
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("seed list %s: %w", path, err)
	}
	return f.Close()
}
