package autoctl

import "github.com/agentpolicy/survey/diag"

// The specification every code rests on.
const (
	draft  = "draft-liao-aipref-autoctl-core-01"
	readme = "specs README: automation-preferences.txt"
)

// Errors: each makes the file invalid.
var (
	codeControlCharacter = diag.Code{ID: "autoctl.control-character", Severity: diag.Error, Spec: draft + " §3.1; " + readme,
		Summary: "The file holds a raw control byte (below U+0020) other than CR, LF and tab; implementations should reject such files, and survey does: the file expresses no preference."}
	codeNotText = diag.Code{ID: "autoctl.not-text", Severity: diag.Error, Spec: draft + " §3.1, §4",
		Summary: "The body is not UTF-8 text (UTF-16, UTF-32 or binary, by the first 8,000 bytes): its raw control bytes reject it as autoctl.control-character does, with one diagnostic instead of one per line; it expresses no preference."}
	codeTab = diag.Code{ID: "autoctl.tab-character", Severity: diag.Error, Spec: draft + " §3.1; " + readme,
		Summary: "The file holds a tab (U+0009), a control byte below U+0020 that is neither CR nor LF, so it is rejected as §3.1 and the README say, although the §4 ABNF allows HTAB as white space."}
	codeInvalidUTF8 = diag.Code{ID: "autoctl.invalid-utf8", Severity: diag.Error, Spec: draft + " §4 (UTF8-char-noctl); RFC 3629",
		Summary: "The file is not valid UTF-8."}
	codeMissingScope = diag.Code{ID: "autoctl.missing-scope", Severity: diag.Error, Spec: draft + " §3.4, §4; " + readme,
		Summary: "A group (a run of lines between blank lines) has no scope directive; a group MUST contain at least one. The group is ignored."}
	codeMalformedLine = diag.Code{ID: "autoctl.malformed-line", Severity: diag.Error, Spec: draft + " §3.1, §4",
		Summary: "A line is neither blank, a comment, nor a directive \"name: value\"."}
	codeEmptyValue = diag.Code{ID: "autoctl.empty-value", Severity: diag.Error, Spec: draft + " §3.4, §4",
		Summary: "A scope, host, user-agent, allowed-methods or allowed-purposes directive has an empty value (or an empty list element). A group whose every scope is empty has no scope and is ignored, as the message says."}
	codeUnknownMethod = diag.Code{ID: "autoctl.unknown-method", Severity: diag.Error, Spec: draft + " §3.2, §4 (method)",
		Summary: "allowed-methods names a method outside the closed list GET HEAD POST PUT DELETE PATCH OPTIONS TRACE CONNECT (for example \"*\" or \"ANY\"); it allows nothing."}
	codeUserAgentSyntax = diag.Code{ID: "autoctl.user-agent-syntax", Severity: diag.Error, Spec: draft + " §4 (product-token); RFC 9309 §2.2.1",
		Summary: "A user-agent token is neither \"*\" nor made only of letters, \"-\" and \"_\" (digits, \"/\" and versions are not allowed); survey still matches it as written, case-insensitively, with the whole agent string or one of its products, with or without its version."}
	codePurposeSyntax = diag.Code{ID: "autoctl.purpose-syntax", Severity: diag.Error, Spec: draft + " §3.3, §4 (purpose-token)",
		Summary: "An allowed-purposes token holds characters other than visible ASCII (VCHAR)."}
	codeContentType = diag.Code{ID: "autoctl.content-type", Severity: diag.Error, Spec: draft + " §3.1",
		Summary: "The file was not served with the media type text/plain (or had no Content-Type header); it MUST be text/plain; charset=utf-8."}
	codeCharset = diag.Code{ID: "autoctl.charset", Severity: diag.Error, Spec: draft + " §3.1",
		Summary: "The Content-Type header names a charset other than UTF-8; the file MUST be served with charset=utf-8."}
)

// Warnings: findings that do not make the file invalid.
var (
	codeCharsetMissing = diag.Code{ID: "autoctl.charset-missing", Severity: diag.Warning, Spec: draft + " §3.1",
		Summary: "The Content-Type header is text/plain without charset=utf-8, which §3.1 requires; the body is read as UTF-8 as the ABNF defines it."}
	codeMethodCase = diag.Code{ID: "autoctl.method-case", Severity: diag.Warning, Spec: draft + " §4; RFC 5234 §2.3; RFC 9110 §9.1",
		Summary: "A method is written in another case than the registered one (e.g. \"get\"); the ABNF's quoted strings are case-insensitive so it is accepted, but HTTP methods are case-sensitive."}
	codeHostSyntax = diag.Code{ID: "autoctl.host-syntax", Severity: diag.Warning, Spec: draft + " §3.4, §4 (host-pattern)",
		Summary: "A host value holds characters that cannot appear in a host name (for example \"/\" or \"_\", or a whole URL); it is kept as written and is unlikely to match."}
	codeScopeNotPath = diag.Code{ID: "autoctl.scope-not-path", Severity: diag.Warning, Spec: draft + " §3.4, §4 (url-pattern)",
		Summary: "A scope names a host before its path: it does not start with \"/\" or \"*\", or starts with a wildcard host (\"*.example.com/admin/\"); survey reads it as an absolute URL or as host/path (\"path/authority matcher\")."}
	codeDotSegmentScope = diag.Code{ID: "autoctl.dot-segment-scope", Severity: diag.Warning, Spec: draft + " §3.4, §4 (url-pattern); RFC 3986 §5.2.4",
		Summary: "A scope's path holds a \".\" or \"..\" segment (\"%2E\" counting as a dot) before any \"*\" or \"?\" (\"scope: /docs/../admin/\"); an agent's HTTP client removes such segments from every URL it requests, so the scope matches no URL."}
	codeHTMLCommentedDirective = diag.Code{ID: "autoctl.html-commented-directive", Severity: diag.Warning, Spec: draft + " §4; " + readme,
		Summary: "Directive lines lie between a \"<!--\" line and the \"-->\" that closes it (or after a \"<!--\" never closed) and look commented out, but \"<!-- -->\" is not a comment under the ABNF: a conforming reader applies them, and so does survey."}
	codeMisspelledDirective = diag.Code{ID: "autoctl.misspelled-directive", Severity: diag.Warning, Spec: draft + " §3.1, §3.2, §5",
		Summary: "A directive the core specification does not define whose name is a likely misspelling of one it does (\"allowed-method\", \"allowed_methods\", \"useragent\"); it is ignored as every unknown directive is, which may change the policy: a group without allowed-methods allows no method."}
	codeBOM = diag.Code{ID: "autoctl.bom", Severity: diag.Warning, Spec: draft + " §4",
		Summary: "The file starts with a UTF-8 byte order mark, which the ABNF does not allow; survey ignores it."}
)

// Info: neutral observations recorded so that they can be counted.
var (
	codeHTMLComment = diag.Code{ID: "autoctl.html-comment", Severity: diag.Info, Spec: readme + "; " + draft + " §3.2, §3.3, §3.4, Appendix",
		Summary: "An HTML comment \"<!-- ... -->\" (as in the draft's own examples) is not a comment under the ABNF; it is ignored and does not fail the file."}
	codeUnknownDirective = diag.Code{ID: "autoctl.unknown-directive", Severity: diag.Info, Spec: draft + " §3.1, §5; " + readme,
		Summary: "A directive the core specification does not define; it is ignored by the policy (the draft's MUST) and counted."}
	codeScopeNotFirst = diag.Code{ID: "autoctl.scope-not-first", Severity: diag.Info, Spec: draft + " §3.4, §4 (group)",
		Summary: "A group does not begin with its scope directive(s), as the ABNF's group rule asks (the §3.4 example does the same); it is accepted."}
	codeMultipleValues = diag.Code{ID: "autoctl.multiple-values", Severity: diag.Info, Spec: draft + " §3.1, §4",
		Summary: "A scope or host directive lists several values; the ABNF allows one per directive, §3.1 allows comma-separated values; each is used."}
	codeNoFinalBlankLine = diag.Code{ID: "autoctl.no-final-blank-line", Severity: diag.Info, Spec: draft + " §4 (group, EOL)",
		Summary: "The last group is not followed by an empty line (a blank or comment line, the ABNF's emptyline), which the ABNF's group rule requires; the group is accepted."}
)

// Codes returns every diagnostic code the automation-preferences.txt
// parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeControlCharacter, codeNotText, codeTab, codeInvalidUTF8, codeMissingScope, codeMalformedLine,
		codeEmptyValue, codeUnknownMethod, codeUserAgentSyntax, codePurposeSyntax,
		codeContentType, codeCharset,
		codeCharsetMissing, codeMethodCase, codeHostSyntax, codeScopeNotPath, codeDotSegmentScope, codeHTMLCommentedDirective, codeMisspelledDirective, codeBOM,
		codeHTMLComment, codeUnknownDirective, codeScopeNotFirst, codeMultipleValues, codeNoFinalBlankLine,
	}
}
