package agentstxt

import "github.com/agentpolicy/survey/diag"

// The specification every code rests on is draft-srijal-agents-policy-00
// (read through the clean reading in the specs directory) or a product
// decision of the specs README.
const (
	draft  = "draft-srijal-agents-policy-00"
	readme = "specs README: agents.txt"
)

// Errors: each makes the file invalid, so the effective policy is
// "restricted" (§5).
var (
	codeEmpty = diag.Code{ID: "agents-txt.empty", Severity: diag.Error, Spec: draft + " §3, §5",
		Summary: "The file holds no hash line and no directive (it is empty, or only comments and blank lines); a missing hash makes the whole site restricted."}
	codeMissingHash = diag.Code{ID: "agents-txt.missing-hash", Severity: diag.Error, Spec: draft + " §3, §5",
		Summary: "No line of the file is a hash line (\"*\" followed by the SHA-256 digest); a missing hash makes the whole site restricted."}
	codeHashNotFirst = diag.Code{ID: "agents-txt.hash-not-first", Severity: diag.Error, Spec: draft + " §3",
		Summary: "A hash line exists but is not the first line that is neither a comment nor blank, where the draft requires it."}
	codeHashSyntax = diag.Code{ID: "agents-txt.hash-syntax", Severity: diag.Error, Spec: draft + " §3",
		Summary: "The hash line is not \"*\" followed by exactly 64 lowercase hexadecimal digits."}
	codeHashUppercase = diag.Code{ID: "agents-txt.hash-uppercase", Severity: diag.Error, Spec: draft + " §3; " + readme,
		Summary: "The hash line's digest uses uppercase hexadecimal digits; the draft requires lowercase, so this is a hash-line syntax error."}
	codeHashMismatch = diag.Code{ID: "agents-txt.hash-mismatch", Severity: diag.Error, Spec: draft + " §5, §7; " + readme,
		Summary: "The declared digest differs from the SHA-256 of the canonical hash input (the file without its hash line, comments and blank lines, lines joined with \\n); the whole site is restricted."}
	codeSecondHashLine = diag.Code{ID: "agents-txt.second-hash-line", Severity: diag.Error, Spec: draft + " §3, §6",
		Summary: "A second line starting with \"*\" appears where only directives may stand; it is a directive syntax error."}
	codePathSyntax = diag.Code{ID: "agents-txt.path-syntax", Severity: diag.Error, Spec: draft + " §6",
		Summary: "A directive's first field, its path, does not start with \"/\"."}
	codeMissingAction = diag.Code{ID: "agents-txt.missing-action", Severity: diag.Error, Spec: draft + " §6",
		Summary: "A directive has a path but no action (ALLOW or DISALLOW)."}
	codeActionUnknown = diag.Code{ID: "agents-txt.action-unknown", Severity: diag.Error, Spec: draft + " §6",
		Summary: "A directive's action is neither ALLOW nor DISALLOW."}
	codeActionCase = diag.Code{ID: "agents-txt.action-case", Severity: diag.Error, Spec: draft + " §6 (survey: actions are case-sensitive)",
		Summary: "A directive's action is ALLOW or DISALLOW in another casing (e.g. \"Allow\"); the strict format defines only the uppercase words, so it is a directive syntax error."}
	codeParamSyntax = diag.Code{ID: "agents-txt.param-syntax", Severity: diag.Error, Spec: draft + " §6; RFC 3986 §2, §3.4",
		Summary: "A directive parameter is not key=value with a non-empty key and value made of URI characters (RFC 3986)."}
	codeInlineComment = diag.Code{ID: "agents-txt.inline-comment", Severity: diag.Error, Spec: draft + " §4, §6",
		Summary: "A directive is followed by \"#\" and more words (\"/admin DISALLOW # staff only\"); comments are whole lines starting with \"#\", so the directive's parameters are not key=value and it is malformed."}
	codeNotText = diag.Code{ID: "agents-txt.not-text", Severity: diag.Error, Spec: draft + " §2, §5",
		Summary: "The body is not UTF-8 text (UTF-16, UTF-32 or binary, by the first 8,000 bytes): a malformed agents.txt, not another convention; its lines are not read."}
	codeInvalidUTF8 = diag.Code{ID: "agents-txt.invalid-utf8", Severity: diag.Error, Spec: draft + " §2, §7",
		Summary: "The file is not valid UTF-8; the draft requires UTF-8 and hashes its UTF-8 bytes."}
	codeControlCharacter = diag.Code{ID: "agents-txt.control-character", Severity: diag.Error, Spec: draft + " §2 (plain text)",
		Summary: "The file holds a C0 control character other than tab, line feed and the carriage return of a CRLF line end (for example NUL or a bare CR), or DEL; it is not a plain-text file."}
)

// Warnings: findings that do not make the file invalid.
var (
	codeContentType = diag.Code{ID: "agents-txt.content-type", Severity: diag.Warning, Spec: draft + " §2",
		Summary: "The file was not served with the media type text/plain (or without a Content-Type header)."}
	codeCharset = diag.Code{ID: "agents-txt.charset", Severity: diag.Warning, Spec: draft + " §2",
		Summary: "The Content-Type header names a charset other than UTF-8."}
	codeIrregularWhitespace = diag.Code{ID: "agents-txt.irregular-whitespace", Severity: diag.Warning, Spec: draft + " §3, §6",
		Summary: "A hash line or directive has leading or trailing white space, tabs, or more than one space between fields; survey accepts it, a strict validator may not, and the white space is part of the hash input."}
	codePathCharacters = diag.Code{ID: "agents-txt.path-characters", Severity: diag.Warning, Spec: draft + " §6; RFC 3986 §3.3",
		Summary: "A directive path holds characters outside RFC 3986 path and query syntax (for example raw non-ASCII, or a malformed percent escape)."}
	codeDuplicateParam = diag.Code{ID: "agents-txt.duplicate-param", Severity: diag.Warning, Spec: draft + " §6",
		Summary: "A directive names the same parameter key twice."}
	codeDotSegmentPath = diag.Code{ID: "agents-txt.dot-segment-path", Severity: diag.Warning, Spec: draft + " §6; RFC 3986 §5.2.4",
		Summary: "A directive path holds a \".\" or \"..\" segment (\"%2E\" counting as a dot) before any \"?\" (\"/docs/../admin/ DISALLOW\"); an agent's HTTP client removes such segments from every URL it requests, so the directive matches no URL."}
	codeDuplicatePath = diag.Code{ID: "agents-txt.duplicate-path", Severity: diag.Warning, Spec: draft + " §6",
		Summary: "Two directives name the same path; the survey evaluator lets DISALLOW win a tie."}
	codeDuplicateMetadata = diag.Code{ID: "agents-txt.duplicate-metadata", Severity: diag.Warning, Spec: draft + " §4",
		Summary: "A metadata comment (version, generated-by, grace-period) appears twice; the first value is reported."}
	codeBOM = diag.Code{ID: "agents-txt.bom", Severity: diag.Warning, Spec: draft + " §2, §7",
		Summary: "The file starts with a UTF-8 byte order mark; survey ignores it when parsing and hashing."}
)

// Info: neutral observations recorded so that they can be counted.
var (
	codeHashNearMiss = diag.Code{ID: "agents-txt.hash-near-miss", Severity: diag.Info, Spec: readme,
		Summary: "The declared digest does not match the canonical hash input but matches a common publisher mistake (trailing newline, comments kept, the bytes after the hash line as served, ...); the message names it. The file stays invalid."}
	codeOtherFormat = diag.Code{ID: "agents-txt.other-format", Severity: diag.Info, Spec: readme,
		Summary: "The file plainly follows another convention (robots-style, key-value, markdown, json, html, xml) and is not an agents.txt file."}
	codeCharsetMissing = diag.Code{ID: "agents-txt.charset-missing", Severity: diag.Info, Spec: draft + " §2",
		Summary: "The Content-Type header is text/plain without a charset parameter; the draft requires UTF-8, which the body is then assumed to be."}
)

// Codes returns every diagnostic code the agents.txt parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeEmpty, codeMissingHash, codeHashNotFirst, codeHashSyntax, codeHashUppercase,
		codeHashMismatch, codeSecondHashLine, codePathSyntax, codeMissingAction,
		codeActionUnknown, codeActionCase, codeParamSyntax, codeInlineComment, codeNotText, codeInvalidUTF8, codeControlCharacter,
		codeContentType, codeCharset, codeIrregularWhitespace, codePathCharacters,
		codeDuplicateParam, codeDuplicatePath, codeDotSegmentPath, codeDuplicateMetadata, codeBOM,
		codeHashNearMiss, codeOtherFormat, codeCharsetMissing,
	}
}
