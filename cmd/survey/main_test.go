package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
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
