package content

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// agentsTxtHashInput returns the bytes an agents.txt hash covers under the
// product decision (specs README: agents.txt): the file without its hash
// line (the first line whose first non-blank character is '*'), comment
// lines (first non-blank character '#') and blank lines; one trailing CR
// stripped from each remaining line; joined with LF, no trailing LF.
func agentsTxtHashInput(file string) string {
	var keep []string
	hashSeen := false
	for _, line := range strings.Split(file, "\n") {
		line = strings.TrimSuffix(line, "\r")
		t := strings.TrimLeft(line, " \t")
		switch {
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(t, "#"):
		case !hashSeen && strings.HasPrefix(t, "*"):
			hashSeen = true
		default:
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// sha256Hex returns the lowercase hex SHA-256 of s.
func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// withAgentsTxtHash replaces the line "*HASH" in file with the strict hash
// of the file.
func withAgentsTxtHash(file string) string {
	return strings.Replace(file, "*HASH", "*"+sha256Hex(agentsTxtHashInput(file)), 1)
}

// agentsTxtVariants returns the agents.txt corpus.
func agentsTxtVariants() []Variant {
	v := func(slug string, weight int, valid bool, body, note string) Variant {
		return Variant{Name: "agents-txt/" + slug, Location: registry.LocAgentsTxt, ContentType: typeText,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	other := func(slug string, weight int, format, body, note string) Variant {
		x := v(slug, weight, false, body, note)
		x.OtherFormat = format
		return x
	}
	return []Variant{
		v("valid", 10, true, withAgentsTxtHash(agentsTxtValid),
			"a hash over the directives as the README's hash-input rule says: comments before and between directives, a blank line, params"),
		v("valid-crlf", 3, true, strings.ReplaceAll(withAgentsTxtHash(agentsTxtValid), "\n", "\r\n"),
			"the valid file with CRLF line ends: one trailing CR is stripped from each line before hashing (specs README: agents.txt), so the same hash verifies"),
		v("params", 3, true, withAgentsTxtHash(agentsTxtParams),
			"directives with several key=value params (draft §6)"),
		v("draft-example", 2, false, agentsTxtDraftExample,
			"the draft's own example (§9) verbatim: its digest is the SHA-256 of the empty string, so the hash does not match and the site is restricted"),
		v("near-miss-trailing-newline", 2, false, agentsTxtNearMissTrailingNewline(),
			"the hash covers the strict input plus a trailing LF: a hash mismatch; the near-miss 'trailing newline' matches (info)"),
		v("near-miss-comments-kept", 2, false, agentsTxtNearMissCommentsKept(),
			"the hash covers every line but the hash line with the comment lines kept (the file has no blank lines, so blank-line handling cannot matter): a hash mismatch; the near-miss 'comments kept' matches (info)"),
		v("near-miss-raw-file", 2, false, agentsTxtNearMissRaw(),
			"the hash covers the raw bytes after the hash line (the first line), comments, blank line and final LF included, as `sha256sum` of the body gives: a hash mismatch; the near-miss 'raw-without-hash-line' matches (info; with the hash line first it is also the bytes after it)"),
		v("uppercase-hex", 1, false, agentsTxtUppercase(),
			"the right digest in upper-case hex: a hash-line syntax error (specs README: agents.txt; the draft says lowercase)"),
		v("missing-hash", 3, false, "# version: 1.0\n/status ALLOW\n/admin DISALLOW\n",
			"no hash line: the first non-comment line is a directive (draft §3, §5)"),
		v("directive-syntax-errors", 1, false, withAgentsTxtHash(agentsTxtSyntaxErrors),
			"the hash matches, but one directive has no leading '/' and one has no action (draft §6): a directive syntax error makes the site restricted (§5)"),
		v("bad-action", 1, false, withAgentsTxtHash("*HASH\n/status ALLOW\n/admin DENY\n"),
			"the hash matches, but DENY is not ALLOW or DISALLOW (draft §6)"),
		other("robots-style", 3, "robots-style", "User-agent: *\nDisallow: /private/\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n",
			"a robots.txt-style file served as agents.txt: another format (specs README: agents.txt)"),
		other("markdown", 2, "markdown", agentsTxtMarkdown,
			"a Markdown page for agents served as agents.txt: another format (specs README: agents.txt)"),
	}
}

const agentsTxtValid = `# version: 1.0
# generated-by: example-cms 4.2
*HASH
# Public endpoints
/status ALLOW
/dashboard ALLOW limit=50

# Private
/admin DISALLOW
/api/ ALLOW rate=60
`

const agentsTxtParams = `*HASH
/search ALLOW limit=100 window=60
/api/v2/ ALLOW limit=30 burst=5 auth=token
/export ALLOW format=csv
/checkout DISALLOW
`

// agentsTxtDraftExample is the example of draft-srijal-agents-policy-00
// §9, as restated in the clean reading.
const agentsTxtDraftExample = `# version: 1.0
*e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
# sample. may not be accurate.
/status ALLOW
/dashboard ALLOW limit=50
/admin DISALLOW
`

const agentsTxtSyntaxErrors = `*HASH
/status ALLOW
dashboard ALLOW
/admin
/public ALLOW
`

const agentsTxtMarkdown = `# Agents

This site welcomes AI agents that identify themselves.

## Rules

- Read anything under /blog/.
- Do not submit forms.
- Contact agents@example.com for API access.
`

// agentsTxtNearMissTrailingNewline hashes the strict input plus "\n".
func agentsTxtNearMissTrailingNewline() string {
	const file = "# version: 1.0\n*HASH\n/status ALLOW\n\n# docs\n/docs/ ALLOW\n/admin DISALLOW\n"
	return strings.Replace(file, "*HASH", "*"+sha256Hex(agentsTxtHashInput(file)+"\n"), 1)
}

// agentsTxtNearMissCommentsKept hashes the lines after the hash line,
// comments included. The file has no blank line and no comment before the
// hash line, so "comments kept" has one reading.
func agentsTxtNearMissCommentsKept() string {
	const body = "# public pages\n/status ALLOW\n/docs/ ALLOW\n# staff only\n/admin DISALLOW"
	return "*" + sha256Hex(body) + "\n" + body + "\n"
}

// agentsTxtNearMissRaw hashes the raw bytes after the hash line, which is
// the first line.
func agentsTxtNearMissRaw() string {
	const body = "# public pages\n/status ALLOW\n\n/docs/ ALLOW\n/admin DISALLOW\n"
	return "*" + sha256Hex(body) + "\n" + body
}

// agentsTxtUppercase has the right digest written in upper case.
func agentsTxtUppercase() string {
	const file = "*HASH\n/status ALLOW\n/admin DISALLOW\n"
	return strings.Replace(file, "*HASH", "*"+strings.ToUpper(sha256Hex(agentsTxtHashInput(file))), 1)
}
