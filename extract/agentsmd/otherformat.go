package agentsmd

import (
	"strings"
	"unicode"
)

// codingSignals counts the marks of a coding-agent instruction file: the
// repository convention (agents.md) of build, test and style notes for
// coding agents that shares the AGENTS.md file name. They are only counted
// until an Identity section is seen.
type codingSignals struct {
	headings int // headings naming build, test, style, setup, ... topics
	commands int // lines naming a build or test command
	fences   int // fenced code blocks

	marks []string // commandMarks(), built on first use
}

// plain reports whether the signals plainly mark a coding-agent file: at
// least three points, counting up to three headings, three command lines
// and two code fences, and at least one heading or command line (code fences
// alone do not decide).
func (c codingSignals) plain() bool {
	score := min(c.headings, 3) + min(c.commands, 3) + min(c.fences, 2)
	return score >= 3 && c.headings+c.commands > 0
}

// heading counts a heading whose words name a development topic.
func (c *codingSignals) heading(text string) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, w := range words {
		if codingWord(w) {
			c.headings++
			return
		}
	}
}

// codingWord reports whether a lower-case heading word names a development
// topic.
func codingWord(w string) bool {
	switch w {
	case "build", "builds", "building", "test", "tests", "testing", "setup", "install", "installation",
		"development", "dev", "environment", "style", "conventions", "commands", "structure",
		"repository", "repo", "architecture", "pr", "pull", "commit", "commits", "lint", "linting",
		"formatting", "dependencies", "contributing", "guidelines", "workflow", "tooling", "ci",
		"code", "coding", "codebase", "project", "deploy", "deployment", "debugging", "typescript",
		"python", "golang", "rust", "javascript", "monorepo", "package", "packages", "modules":
		return true
	}
	return false
}

// observe counts a trimmed line that names a build or test command.
func (c *codingSignals) observe(trimmed string) {
	lower := strings.ToLower(trimmed)
	if strings.HasPrefix(lower, "$ ") {
		c.commands++
		return
	}
	if c.marks == nil {
		c.marks = commandMarks()
	}
	for _, cmd := range c.marks {
		if strings.Contains(lower, cmd) {
			c.commands++
			return
		}
	}
}

// commandMarks returns substrings that mark a build or test command.
func commandMarks() []string {
	return []string{
		"npm ", "npx ", "pnpm ", "yarn ", "bun ", "go test", "go build", "go vet", "go run", "go mod",
		"make test", "make build", "make lint", "make check", "pytest", "cargo ", "pip install",
		"poetry ", "uv run", "git commit", "git push", "gradle", "mvn ", "docker ", "ruff ",
		"eslint", "prettier", "tsc ", "dotnet ", "bundle exec", "composer ", "./scripts/",
	}
}
