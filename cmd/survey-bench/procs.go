package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// stopGrace is how long a child has to exit after SIGTERM before it is
// killed.
const stopGrace = 15 * time.Second

// child is a running process of bin/survey.
type child struct {
	name string
	cmd  *exec.Cmd
	log  string // file receiving its standard output and error
	done chan struct{}
	err  error // Wait's error, set when done is closed
}

// startChild starts bin/survey with args, its output going to logPath.
// The child is killed when ctx ends (SIGTERM, then SIGKILL after
// stopGrace) and when this program dies (Pdeathsig), and it runs in its own
// process group so that a Ctrl-C at the terminal reaches it only through
// this program.
func startChild(ctx context.Context, name, survey, logPath string, args ...string) (*child, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	cmd := exec.CommandContext(ctx, survey, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = stopGrace
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("%s: starting %s: %w", name, survey, err)
	}
	c := &child{name: name, cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() {
		c.err = cmd.Wait()
		logf.Close()
		close(c.done)
	}()
	return c, nil
}

// wait waits for the child to exit and returns its error, with the end of
// its log when it failed.
func (c *child) wait() error {
	<-c.done
	if c.err != nil {
		return fmt.Errorf("%s: %w%s", c.name, c.err, logTail(c.log))
	}
	return nil
}

// exited reports whether the child has exited.
func (c *child) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// stop asks the child to exit (SIGTERM), kills it after stopGrace, and
// waits for it. It is safe to call more than once and after the child
// exited.
func (c *child) stop() {
	if c.exited() {
		return
	}
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(stopGrace):
		_ = c.cmd.Process.Kill()
		<-c.done
	}
}

// maxRSSKiB returns the peak resident set size of the exited child in KiB
// (Linux's ru_maxrss unit).
func (c *child) maxRSSKiB() int64 {
	if c.cmd.ProcessState == nil {
		return 0
	}
	if ru, ok := c.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}

// cpuTime returns the user and system CPU time of the exited child.
func (c *child) cpuTime() time.Duration {
	if c.cmd.ProcessState == nil {
		return 0
	}
	return c.cmd.ProcessState.UserTime() + c.cmd.ProcessState.SystemTime()
}

// logTail returns the last lines of a log file, formatted to follow an
// error message, or "" when the file is empty or unreadable.
func logTail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 {
		return ""
	}
	return "; last lines of " + path + ":\n" + tailLines(string(b), 10)
}

// tailLines returns the last n lines of s.
func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
