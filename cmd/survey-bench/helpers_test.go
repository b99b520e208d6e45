package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseReady(t *testing.T) {
	got, err := parseReady("HTTP=127.0.0.1:4000\nDNS=\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"HTTP": "127.0.0.1:4000", "DNS": ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("parseReady = %v, want %v", got, want)
	}
	// A file being written: the incomplete last line does not count.
	got, err = parseReady("HTTP=127.0.0.1:4000\nDNS=127.0")
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"HTTP": "127.0.0.1:4000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("parseReady of a partial file = %v, want %v", got, want)
	}
	if got, err := parseReady("HTTP=1.2"); err != nil || len(got) != 0 {
		t.Errorf("parseReady without a complete line = %v, %v; want empty, nil", got, err)
	}
	if _, err := parseReady("HTTP=x\ngarbage\n"); err == nil || !strings.Contains(err.Error(), `line 2: "garbage"`) {
		t.Errorf("parseReady of a bad line: err = %v, want one naming line 2", err)
	}
}

func TestStatCPU(t *testing.T) {
	// utime 250 and stime 50 ticks: 3 s. The command name holds spaces
	// and parentheses.
	stat := "4242 (my (odd) cmd) S 1 4242 4242 0 -1 4194304 98 0 0 0 250 50 0 0 20 0 1 0 235761 3133440 379"
	got, ok := statCPU(stat)
	if !ok || got != 3*time.Second {
		t.Errorf("statCPU = %v, %v; want 3s, true", got, ok)
	}
	if _, ok := statCPU("4242 (cut) S 1 2"); ok {
		t.Error("statCPU of a short line: ok")
	}
	if _, ok := statCPU("no parenthesis"); ok {
		t.Error("statCPU without a command name: ok")
	}
}

func TestProcCPU_Self(t *testing.T) {
	if _, ok := procCPU(os.Getpid()); !ok {
		t.Error("procCPU of this process: not readable")
	}
	if _, ok := procCPU(-1); ok {
		t.Error("procCPU of pid -1: ok")
	}
}

func TestProcField(t *testing.T) {
	status := "Name:\tsurvey\nVmHWM:\t  524288 kB\nVmRSS:\t  262144 kB\n"
	if n, ok := procField(status, "VmHWM"); !ok || n != 524288 {
		t.Errorf("VmHWM = %d, %v; want 524288, true", n, ok)
	}
	if _, ok := procField(status, "VmSwap"); ok {
		t.Error("a missing field was found")
	}
	if _, ok := procField("VmRSS:\n", "VmRSS"); ok {
		t.Error("an empty field was parsed")
	}
}

func TestCPUModel(t *testing.T) {
	info := "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t\t: fpu\n"
	if got := cpuModel(info); got != "AMD EPYC 7B13" {
		t.Errorf("cpuModel = %q", got)
	}
	if got := cpuModel("processor : 0\n"); got != "" {
		t.Errorf("cpuModel without a model = %q, want empty", got)
	}
}

func TestTailLines(t *testing.T) {
	if got := tailLines("a\nb\nc\nd\n", 2); got != "c\nd" {
		t.Errorf("tailLines = %q, want %q", got, "c\nd")
	}
	if got := tailLines("a\n", 5); got != "a" {
		t.Errorf("tailLines = %q, want %q", got, "a")
	}
}

func TestParseGroups(t *testing.T) {
	all, err := parseGroups("")
	if err != nil || len(all) != 4 || !all["ceiling"] || !all["latency"] || !all["memory"] || !all["stages"] {
		t.Errorf("parseGroups(\"\") = %v, %v; want all four", all, err)
	}
	some, err := parseGroups("memory, stages")
	if err != nil || !reflect.DeepEqual(some, map[string]bool{"memory": true, "stages": true}) {
		t.Errorf("parseGroups = %v, %v", some, err)
	}
	if _, err := parseGroups("memory,speed"); err == nil || !strings.Contains(err.Error(), `"speed"`) {
		t.Errorf("parseGroups of an unknown group: err = %v, want one naming it", err)
	}
}

func TestParseArgs(t *testing.T) {
	var stderr strings.Builder
	c, err := parseArgs([]string{"-survey", "x/survey", "-quick", "-work", "w", "-seed", "7"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if c.survey != "x/survey" || !c.quick || c.work != "w" || c.seed != 7 || len(c.groups) != 4 {
		t.Errorf("parseArgs = %+v", c)
	}
	if _, err := parseArgs([]string{"extra"}, &stderr); err == nil {
		t.Error("an argument was accepted")
	}
	if c, err := parseArgs([]string{"-bare-busy", "1.5ms"}, &stderr); err != nil || c.bareBusy != 1500*time.Microsecond {
		t.Errorf("-bare-busy 1.5ms: %v, %v", c.bareBusy, err)
	}
	if _, err := parseArgs([]string{"-bare-busy", "-1ms"}, &stderr); err == nil || !strings.Contains(err.Error(), "-bare-busy") {
		t.Errorf("-bare-busy -1ms: err = %v, want one naming the flag", err)
	}
}

func TestRun_BadSurveyBinary(t *testing.T) {
	var stdout, stderr strings.Builder
	missing := filepath.Join(t.TempDir(), "survey")
	if code := run([]string{"-survey", missing}, &stdout, &stderr); code != exitUsage {
		t.Errorf("exit code %d, want %d", code, exitUsage)
	}
	if !strings.Contains(stderr.String(), missing) {
		t.Errorf("stderr does not name the binary: %q", stderr.String())
	}
	dir := t.TempDir()
	if code := run([]string{"-survey", dir}, &stdout, &stderr); code != exitUsage {
		t.Errorf("a directory as -survey: exit code %d, want %d", code, exitUsage)
	}
}

func TestPlans(t *testing.T) {
	full, quick := plans(false, 1), plans(true, 3)
	if !reflect.DeepEqual(full.MemorySites, []int{100_000, 1_000_000}) || full.MemoryConcurrency != 1000 || full.MemoryHostileSites != 20_000 {
		t.Errorf("full memory populations %v and %d hostile at %d", full.MemorySites, full.MemoryHostileSites, full.MemoryConcurrency)
	}
	if !reflect.DeepEqual(quick.MemorySites, []int{20_000}) || quick.MemoryConcurrency != 1000 || quick.Seed != 3 || quick.MemoryHostileSites != 0 {
		t.Errorf("quick memory populations %v and %d hostile at %d, seed %d", quick.MemorySites, quick.MemoryHostileSites, quick.MemoryConcurrency, quick.Seed)
	}
	// An odd number of pairs, so that the median is a measured pair; a full
	// run measures at least three, a quick one (within its three minutes)
	// one, without the gap's loops.
	if full.CeilingPairs < 3 || full.CeilingPairs%2 == 0 || !full.CeilingGap {
		t.Errorf("full plan: %d ceiling pairs (gap loops %t), want an odd number of at least 3, with the loops", full.CeilingPairs, full.CeilingGap)
	}
	if quick.CeilingPairs != 1 || quick.CeilingGap {
		t.Errorf("quick plan: %d ceiling pairs (gap loops %t), want 1, without the loops", quick.CeilingPairs, quick.CeilingGap)
	}
	if w := quick.ceilingWeb(); w.Mix != "clean" || w.Latency != 0 || w.StallShare != 0 {
		t.Errorf("ceiling web %+v is not clean", w)
	}
	if w := full.latencyWeb(); w.Latency != 80*time.Millisecond || w.LatencyP99 != 1200*time.Millisecond || w.StallShare != 0.02 {
		t.Errorf("latency web %+v", w)
	}
	// The crawler's timeout must exceed the longest injected delay
	// (testweb caps delays at 3 × p99).
	if full.LatencyTimeout <= 3*full.LatencyP99 {
		t.Errorf("timeout %s is not above the latency cap %s", full.LatencyTimeout, 3*full.LatencyP99)
	}
}

func TestWebOptionsArgs(t *testing.T) {
	o := webOptions{Sites: 2000, Seed: 1, Mix: "clean", Latency: 80 * time.Millisecond, LatencyP99: 1200 * time.Millisecond, StallShare: 0.02}
	got := strings.Join(o.args("/w"), " ")
	want := "testweb --sites 2000 --seed 1 --mix clean --ca-out /w/ca.pem --seeds-out /w/seeds.txt --ready /w/ready --latency 80ms --latency-p99 1.2s --stall-share 0.02"
	if got != want {
		t.Errorf("args:\n%s\nwant:\n%s", got, want)
	}
	if got, want := o.String(), "2000 sites, seed 1, mix clean, latency median 80ms p99 1.2s, stall share 0.02"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	plain := webOptions{Sites: 5, Seed: 2, Mix: "clean"}
	if got := strings.Join(plain.args("/w"), " "); strings.Contains(got, "latency") || strings.Contains(got, "stall") {
		t.Errorf("args of a web without latency: %s", got)
	}
}

func TestCrawlOptionsArgs(t *testing.T) {
	web := &simWeb{Addr: "127.0.0.1:9", CA: "/w/ca.pem"}
	o := crawlOptions{Seeds: "/w/seeds.txt", Out: "/w/out", Concurrency: 256, Timeout: 4 * time.Second}
	got := strings.Join(o.args(web), " ")
	want := "crawl --seeds /w/seeds.txt --out /w/out --crawl-id bench --connect-to 127.0.0.1:9 --ca-file /w/ca.pem --concurrency 256 --quiet --timeout 4s"
	if got != want {
		t.Errorf("args:\n%s\nwant:\n%s", got, want)
	}
}

func TestOriginsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(seeds, []byte("site-000000.test\n# comment\n\nsite-000001.test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	domains, err := readDomains(seeds)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"site-000000.test", "site-000001.test"}; !reflect.DeepEqual(domains, want) {
		t.Fatalf("readDomains = %v, want %v", domains, want)
	}
	origins := filepath.Join(dir, "origins.txt")
	if err := writeOrigins(origins, "http", domains); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(origins)
	if err != nil {
		t.Fatal(err)
	}
	if want := "http://site-000000.test\nhttp://site-000001.test\n"; string(b) != want {
		t.Errorf("origins = %q, want %q", b, want)
	}
	if _, err := readDomains(filepath.Join(dir, "missing.txt")); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("readDomains of a missing file: err = %v, want one naming it", err)
	}
}

func TestCeilingPaths(t *testing.T) {
	paths := ceilingPaths()
	if len(paths) != 13 || paths[0] != "/robots.txt" || paths[len(paths)-1] != "/" {
		t.Errorf("paths = %v, want 13 from /robots.txt to /", paths)
	}
	if paths[1] != "/.well-known/survey-canary-benchceiling" {
		t.Errorf("canary path = %q", paths[1])
	}
}

func TestCopyFile(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.WriteFile(src, []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	dst, err := copyFile(src, filepath.Join(dir, "dst"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(dst)
	if err != nil || string(b) != "#!/bin/sh\necho hi\n" {
		t.Errorf("copy holds %q, %v", b, err)
	}
	if st, err := os.Stat(dst); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("copy is not executable: %v, %v", st.Mode(), err)
	}
	if _, err := copyFile(filepath.Join(dir, "missing"), filepath.Join(dir, "x")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("copying a missing file: err = %v, want one naming it", err)
	}
}

// checkContains reports each of wants that got, the text named what, lacks.
func checkContains(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("%s lacks %q:\n%s", what, want, got)
		}
	}
}
