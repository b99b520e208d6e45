package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The deployment manifests and scripts call survey crawl, survey merge and
// survey seeds with flags; every one of them must exist, so that deploy/
// cannot rot.
func TestDeploy_UsesExistingFlags(t *testing.T) {
	files, _ := filepath.Glob("../../deploy/*/*")
	if len(files) < 4 {
		t.Fatalf("found %d deployment files", len(files))
	}
	_, crawlHelp, _ := runSurvey(t, "", "crawl", "--help")
	_, mergeHelp, _ := runSurvey(t, "", "merge", "--help")
	_, seedsHelp, _ := runSurvey(t, "", "seeds", "--help")
	flag := regexp.MustCompile(`(?m)(?:^|[\s"\[,])--([a-z][a-z-]*)`)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") || strings.Contains(line, "kubectl") || strings.Contains(line, "sbatch") {
				continue
			}
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i] // a trailing comment
			}
			help := crawlHelp
			switch {
			case strings.Contains(line, "merge"):
				help = mergeHelp
			case strings.Contains(line, "survey seeds"):
				help = seedsHelp
			}
			for _, m := range flag.FindAllStringSubmatch(line, -1) {
				checked++
				if !strings.Contains(help, "  -"+m[1]+" ") && !strings.Contains(help, "  -"+m[1]+"\n") {
					t.Errorf("%s uses --%s, which survey does not have:\n  %s", f, m[1], strings.TrimSpace(line))
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d flags checked", checked)
	}
}
