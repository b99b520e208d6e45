package content

import (
	"crypto/sha256"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/registry"
)

// The checks below recompute the agents.txt hash independently of
// agentstxt.go, from the README's rule, line by line.

// agentsTxtLines splits a file into lines, one trailing CR stripped from
// each, dropping the empty piece after a final LF.
func agentsTxtLines(file string) []string {
	lines := strings.Split(file, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if strings.HasSuffix(l, "\r") {
			lines[i] = l[:len(l)-1]
		}
	}
	return lines
}

func isBlank(l string) bool   { return strings.Trim(l, " \t") == "" }
func isComment(l string) bool { return strings.HasPrefix(strings.TrimLeft(l, " \t"), "#") }

// hashLineIndex returns the index of the hash line (the first non-comment,
// non-blank line, when it starts with '*') or -1.
func hashLineIndex(lines []string) int {
	for i, l := range lines {
		if isBlank(l) || isComment(l) {
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "*") {
			return i
		}
		return -1
	}
	return -1
}

// hashInputs returns the strict hash input of the README and its three
// near-misses, keyed by name.
func hashInputs(file string) map[string]string {
	lines := agentsTxtLines(file)
	h := hashLineIndex(lines)
	var strict, comments []string
	for i, l := range lines {
		if i == h || isBlank(l) {
			continue
		}
		comments = append(comments, l)
		if !isComment(l) {
			strict = append(strict, l)
		}
	}
	raw := ""
	if h >= 0 {
		// The raw bytes with the hash line (and its line end) removed.
		parts := strings.SplitAfter(file, "\n")
		raw = strings.Join(append(parts[:h:h], parts[h+1:]...), "")
	}
	s := strings.Join(strict, "\n")
	return map[string]string{
		"strict":                s,
		"trailing-newline":      s + "\n",
		"comments-kept":         strings.Join(comments, "\n"),
		"raw-without-hash-line": raw,
	}
}

// declaredHash returns the digest on the hash line.
func declaredHash(t *testing.T, file string) string {
	t.Helper()
	lines := agentsTxtLines(file)
	h := hashLineIndex(lines)
	if h < 0 {
		t.Fatalf("no hash line in %q", file)
	}
	return strings.TrimPrefix(strings.TrimSpace(lines[h]), "*")
}

func hexSHA256(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s))) }

func agentsTxtVariant(t *testing.T, name string) Variant {
	t.Helper()
	for _, v := range Variants(registry.LocAgentsTxt) {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no variant %s", name)
	return Variant{}
}

// TestAgentsTxt_HashMatches checks, for each variant with a hash line,
// which of the strict input and its near-misses the declared digest covers.
// A near-miss variant matches exactly one input, so that the near-miss a
// parser reports is unambiguous; a file whose strict hash matches may also
// match a near-miss input (a file without comments has comments-kept equal
// to strict), which does not matter since near-misses are tried only after
// a mismatch.
func TestAgentsTxt_HashMatches(t *testing.T) {
	cases := map[string]string{ // variant -> the input its digest covers ("" for none)
		"agents-txt/valid":                      "strict",
		"agents-txt/valid-crlf":                 "strict",
		"agents-txt/params":                     "strict",
		"agents-txt/directive-syntax-errors":    "strict",
		"agents-txt/bad-action":                 "strict",
		"agents-txt/draft-example":              "",
		"agents-txt/near-miss-trailing-newline": "trailing-newline",
		"agents-txt/near-miss-comments-kept":    "comments-kept",
		"agents-txt/near-miss-raw-file":         "raw-without-hash-line",
	}
	for name, want := range cases {
		file := string(agentsTxtVariant(t, name).Body("example.test"))
		got := declaredHash(t, file)
		if len(got) != 64 || strings.ToLower(got) != got {
			t.Errorf("%s: digest %q is not 64 lowercase hex digits", name, got)
		}
		var matched []string
		for input, text := range hashInputs(file) {
			if hexSHA256(text) == got {
				matched = append(matched, input)
			}
		}
		switch {
		case want == "" && len(matched) != 0:
			t.Errorf("%s: digest matches %v, want none", name, matched)
		case want == "strict" && !slices.Contains(matched, "strict"):
			t.Errorf("%s: digest matches %v, want strict", name, matched)
		case want != "" && want != "strict" && (len(matched) != 1 || matched[0] != want):
			t.Errorf("%s: digest matches %v, want exactly [%s]", name, matched, want)
		}
	}
}

// TestAgentsTxt_Section9_DraftExample checks the draft's example: its digest
// is the SHA-256 of the empty string (the reading, §9), and the body is the
// example of the clean reading.
func TestAgentsTxt_Section9_DraftExample(t *testing.T) {
	file := string(agentsTxtVariant(t, "agents-txt/draft-example").Body("example.test"))
	if got, want := declaredHash(t, file), hexSHA256(""); got != want {
		t.Errorf("digest %s, want the SHA-256 of the empty string %s", got, want)
	}
	reading, err := os.ReadFile("/work/shared/specs/agents-txt.draft-srijal-agents-policy-00.reading.md")
	if err != nil {
		t.Skipf("specification not available: %v", err)
	}
	_, after, ok := strings.Cut(string(reading), "9. Example file")
	if !ok {
		t.Fatal("no section 9 in the reading")
	}
	var example []string
	for _, l := range strings.Split(after, "\n")[1:] {
		if strings.HasPrefix(l, "       ") {
			example = append(example, strings.TrimPrefix(l, "       "))
		} else if len(example) > 0 && strings.TrimSpace(l) != "" {
			break
		}
	}
	if want := strings.Join(example, "\n") + "\n"; file != want {
		t.Errorf("body differs from the reading's example:\n%q\nwant\n%q", file, want)
	}
}

// TestAgentsTxt_UppercaseHex checks that the uppercase variant has the right
// digest, only in upper case.
func TestAgentsTxt_UppercaseHex(t *testing.T) {
	file := string(agentsTxtVariant(t, "agents-txt/uppercase-hex").Body("example.test"))
	got := declaredHash(t, file)
	if got != strings.ToUpper(got) || strings.ToUpper(got) == strings.ToLower(got) {
		t.Errorf("digest %q is not upper-case hex with letters", got)
	}
	if strings.ToLower(got) != hexSHA256(hashInputs(file)["strict"]) {
		t.Errorf("lower-cased digest does not match the strict input")
	}
}

func TestAgentsTxt_Section3_MissingHash(t *testing.T) {
	file := string(agentsTxtVariant(t, "agents-txt/missing-hash").Body("example.test"))
	if hashLineIndex(agentsTxtLines(file)) >= 0 {
		t.Errorf("missing-hash has a hash line")
	}
}

// directiveOK reports whether a line follows draft §6: <path> <action>
// [key=value ...].
func directiveOK(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || !strings.HasPrefix(f[0], "/") || (f[1] != "ALLOW" && f[1] != "DISALLOW") {
		return false
	}
	for _, p := range f[2:] {
		if k, _, ok := strings.Cut(p, "="); !ok || k == "" {
			return false
		}
	}
	return true
}

// TestAgentsTxt_Section6_DirectiveSyntax checks that the directives of the
// valid variants (and of the near-misses, which fail only on the hash)
// follow §6, and that the syntax-error variants break it.
func TestAgentsTxt_Section6_DirectiveSyntax(t *testing.T) {
	for _, v := range Variants(registry.LocAgentsTxt) {
		if v.OtherFormat != "" {
			continue
		}
		lines := agentsTxtLines(string(v.Body("example.test")))
		h := hashLineIndex(lines)
		bad := 0
		for i, l := range lines {
			if i == h || isBlank(l) || isComment(l) {
				continue
			}
			if !directiveOK(l) {
				bad++
			}
		}
		wantBad := v.Name == "agents-txt/directive-syntax-errors" || v.Name == "agents-txt/bad-action"
		if (bad > 0) != wantBad {
			t.Errorf("%s: %d directive syntax errors, want errors: %v", v.Name, bad, wantBad)
		}
	}
}

func TestAgentsTxt_OtherFormats(t *testing.T) {
	want := map[string]string{"agents-txt/robots-style": "robots-style", "agents-txt/markdown": "markdown"}
	for _, v := range Variants(registry.LocAgentsTxt) {
		if v.OtherFormat != want[v.Name] {
			t.Errorf("%s: other format %q, want %q", v.Name, v.OtherFormat, want[v.Name])
		}
	}
}

// TestAgentsTxt_Labels checks that exactly the variants whose strict hash
// matches and whose directives parse are labelled valid.
func TestAgentsTxt_Labels(t *testing.T) {
	for _, v := range Variants(registry.LocAgentsTxt) {
		if v.OtherFormat != "" {
			continue
		}
		file := string(v.Body("example.test"))
		lines := agentsTxtLines(file)
		h := hashLineIndex(lines)
		valid := h >= 0
		if valid {
			d := strings.TrimPrefix(strings.TrimSpace(lines[h]), "*")
			valid = d == hexSHA256(hashInputs(file)["strict"])
		}
		for i, l := range lines {
			if i != h && !isBlank(l) && !isComment(l) && !directiveOK(l) {
				valid = false
			}
		}
		if valid != v.Valid {
			t.Errorf("%s: recomputed validity %v, label %v", v.Name, valid, v.Valid)
		}
	}
}
