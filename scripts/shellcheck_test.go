package scripts_test

import (
	"bufio"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// shebang matches the first line of a sh or bash script.
var shebang = regexp.MustCompile(`^#!\s*\S*/(env\s+)?(ba)?sh\b`)

// shellScripts returns the shell scripts under root, as paths relative to
// it: the files whose first line is a sh or bash #! line, outside hidden
// directories other than .ci, the build and crawl output and testdata.
func shellScripts(t *testing.T, root string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && strings.HasPrefix(name, ".") && name != ".ci" {
				return filepath.SkipDir // .git, the benchmarks' .bench
			}
			switch name {
			case "bin", "testdata", "demo-data", "survey-data", "real-files-out", "node_modules", "__pycache__":
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		first, _ := bufio.NewReader(f).ReadString('\n')
		if shebang.MatchString(first) {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			found = append(found, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("finding the shell scripts under %s: %v", root, err)
	}
	return found
}

// TestShellcheck checks every shell script of the repository (the scripts
// here, .ci/run, the Slurm scripts) with shellcheck: a cd that fails
// unnoticed or a word split by a missing quote shows here, not in a user's
// run. It skips without shellcheck, unless SURVEY_REQUIRE_SHELLCHECK=1 (CI).
func TestShellcheck(t *testing.T) {
	bin, err := exec.LookPath("shellcheck")
	if err != nil {
		if os.Getenv("SURVEY_REQUIRE_SHELLCHECK") == "1" {
			t.Fatalf("shellcheck is not installed (Debian: apt-get install shellcheck) and SURVEY_REQUIRE_SHELLCHECK=1: %v", err)
		}
		t.Skipf("shellcheck is not installed (Debian: apt-get install shellcheck): %v", err)
	}
	scripts := shellScripts(t, "..")
	for _, want := range []string{".ci/run", "scripts/fuzz.sh", "deploy/slurm/crawl.sbatch", "deploy/slurm/submit.sh"} {
		if !slices.Contains(scripts, filepath.FromSlash(want)) {
			t.Errorf("the shell scripts found, %q, leave out %s", scripts, want)
		}
	}
	cmd := exec.Command(bin, append([]string{"--format=gcc"}, scripts...)...)
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("shellcheck %s: %v\n%s", strings.Join(scripts, " "), err, out)
	}
}
