package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/sink"
)

// childEnv marks a re-executed test binary that runs the survey command
// with the arguments after "--" instead of the tests, so that tests can
// kill a real crawl process.
const childEnv = "SURVEY_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		args := os.Args[1:]
		for i, a := range args {
			if a == "--" {
				args = args[i+1:]
				break
			}
		}
		main2(args)
		return
	}
	os.Exit(m.Run())
}

// main2 is main with explicit arguments.
func main2(args []string) {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	os.Exit(run(e, args))
}

// child returns a command that runs "survey args..." in a child process.
func child(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	return cmd
}

// runSurvey runs "survey args..." in-process and returns its exit code,
// standard output and standard error.
func runSurvey(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(e, args)
	return code, out.String(), errb.String()
}

// TestWithContact: --contact goes inside the User-Agent's closing comment,
// or in a comment of its own when it ends with none; "mybot/1" with
// --contact gave "mybot/1; contact: mailto:a@b.org)", a parenthesis
// closing nothing.
func TestWithContact(t *testing.T) {
	for _, c := range []struct{ ua, contact, want string }{
		{"survey/1 (+https://x.test; research)", "mailto:a@b.org", "survey/1 (+https://x.test; research; contact: mailto:a@b.org)"},
		{"mybot/1", "mailto:a@b.org", "mybot/1 (contact: mailto:a@b.org)"},
		{"mybot/1 (+https://x.test)", "", "mybot/1 (+https://x.test)"},
	} {
		if got := withContact(c.ua, c.contact); got != c.want {
			t.Errorf("withContact(%q, %q) = %q, want %q", c.ua, c.contact, got, c.want)
		}
	}
}

// failingWriter fails every write, as standard output on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestRunChecked_UnwritableStdout: a command whose standard output could
// not be written fails, saying so; survey merge > /dev/full exited 0.
func TestRunChecked_UnwritableStdout(t *testing.T) {
	var stderr strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: failingWriter{}, stderr: &stderr, getenv: func(string) string { return "" }}
	if code := runChecked(e, []string{"version"}); code != exitUsage {
		t.Errorf("survey version > /dev/full: exit %d, want %d", code, exitUsage)
	}
	if want := "survey version: writing standard output: no space left on device\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	stderr.Reset()
	var stdout strings.Builder
	e = &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	if code := runChecked(e, []string{"version"}); code != exitOK || stderr.Len() != 0 || !strings.HasPrefix(stdout.String(), "survey ") {
		t.Errorf("survey version: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// tempFiles returns a function that writes a file of name (a relative
// path, its directories made) and body into one temporary directory, and
// returns its path.
func tempFiles(t *testing.T) func(name, body string) string {
	t.Helper()
	dir := t.TempDir()
	return func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// TestSkipDamagedCommand checks the merge that fail suggests for a build
// stopped by damaged parts: the failed build's database and directories,
// quoted for the shell, when it knows them (survey merge, survey crawl's
// build), else placeholders.
func TestSkipDamagedCommand(t *testing.T) {
	damaged := &sink.DamagedError{}
	if got, want := skipDamagedCommand(damaged), "survey merge --skip-damaged --db DB DIR..."; got != want {
		t.Errorf("without the build's paths: %q, want %q", got, want)
	}
	err := &buildOf{err: &pipeline.BuildError{Path: "my out/survey.duckdb", Err: damaged}, db: "my out/survey.duckdb", dirs: []string{"my out", "b"}}
	if got, want := skipDamagedCommand(fmt.Errorf("crawl: %w", err)), "survey merge --skip-damaged --db 'my out/survey.duckdb' 'my out' b"; got != want {
		t.Errorf("with them: %q, want %q", got, want)
	}
	if !errors.As(error(err), &damaged) {
		t.Errorf("a buildOf hides the DamagedError it wraps")
	}
}
