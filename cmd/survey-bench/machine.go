package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// machine describes the computer a run measured.
type machine struct {
	CPUs    int
	Model   string
	MemGiB  float64
	LoadAvg string // 1, 5 and 15 minute load averages at the start
	OS      string
	Go      string
}

// String is one line for the output.
func (m machine) String() string {
	s := fmt.Sprintf("%d CPUs", m.CPUs)
	if m.Model != "" {
		s += " (" + m.Model + ")"
	}
	if m.MemGiB > 0 {
		s += fmt.Sprintf(", %.1f GiB RAM", m.MemGiB)
	}
	s += ", " + m.OS + ", " + m.Go
	if m.LoadAvg != "" {
		s += ", load average " + m.LoadAvg + " at start"
	}
	return s
}

// readMachine reads the machine's description from /proc (fields it cannot
// read stay empty).
func readMachine() machine {
	m := machine{CPUs: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, Go: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		m.Model = cpuModel(string(b))
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		if kib, ok := procField(string(b), "MemTotal"); ok {
			m.MemGiB = float64(kib) / (1 << 20)
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			m.LoadAvg = strings.Join(f[:3], " ")
		}
	}
	return m
}

// cpuModel returns the "model name" of /proc/cpuinfo.
func cpuModel(cpuinfo string) string {
	sc := bufio.NewScanner(strings.NewReader(cpuinfo))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// procField returns the number of a "Name:   123 kB" line of a /proc file
// (/proc/meminfo, /proc/PID/status).
func procField(s, name string) (int64, bool) {
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok || k != name {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			return 0, false
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		return n, err == nil
	}
	return 0, false
}

// rssKiB returns the current and peak resident set size of a running
// process, in KiB, from /proc/PID/status.
func rssKiB(pid int) (now, peak int64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0, false
	}
	now, ok1 := procField(string(b), "VmRSS")
	peak, ok2 := procField(string(b), "VmHWM")
	return now, peak, ok1 && ok2
}

// surveyVersion returns the output of "survey version", or "version
// unknown".
func surveyVersion(survey string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, survey, "version").Output()
	if err != nil {
		return "version unknown"
	}
	return strings.TrimSpace(string(out))
}

// clockTicks is the unit of the CPU times of /proc/PID/stat (USER_HZ,
// 100 on every Linux architecture Go supports).
const clockTicks = 100

// procCPU returns the user + system CPU time a running process has used,
// from /proc/PID/stat.
func procCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	return statCPU(string(b))
}

// statCPU parses the utime and stime fields (14 and 15) of a
// /proc/PID/stat line. The command name (field 2) is in parentheses and
// may hold spaces, so fields are counted after its closing parenthesis.
func statCPU(stat string) (time.Duration, bool) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(stat[i+1:])
	// f[0] is field 3 (state); utime is field 14, stime field 15.
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+s) * time.Second / clockTicks, true
}

// selfCPU returns the user + system CPU time this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
