package agentsmd

import "github.com/agentpolicy/survey/diag"

// specDuplicates is what the rules for a repeated section and a repeated key
// rest on: the specification says nothing of duplicates (its reference
// parsers keep the last), so survey extends the README's decision for a
// second Identity section, the first stands, to every section and key.
const specDuplicates = "survey (specs README: AGENTS.md, extending its rule for a second Identity section)"

// The diagnostic codes. Only a file without an Identity section is an error
// (§6.8); every other finding is a warning (something a publisher should fix)
// or an info (a neutral observation recorded so that it can be counted).
var (
	// Structure (§4, §6).
	codeMissingIdentity = diag.Code{ID: "agents-md.missing-identity", Severity: diag.Error, Spec: "AGENTS-MD-SPEC-001 §6.8",
		Summary: "The file has no `## Identity` section; a parser must reject it (§5.1, §6.8)."}
	codeDuplicateIdentity = diag.Code{ID: "agents-md.duplicate-identity", Severity: diag.Warning, Spec: "specs README: AGENTS.md",
		Summary: "A second `## Identity` section; the first one stands and this one is ignored."}
	codeDuplicateSection = diag.Code{ID: "agents-md.duplicate-section", Severity: diag.Warning, Spec: specDuplicates,
		Summary: "A section name appears twice; survey keeps the first section, as for Identity, and ignores this one."}
	codeMissingTitle = diag.Code{ID: "agents-md.missing-title", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.3",
		Summary: "The file does not start with the required `# AGENTS.md` heading."}
	codeNonstandardTitle = diag.Code{ID: "agents-md.nonstandard-title", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.3, Appendix A",
		Summary: "The file starts with a level-1 heading other than `# AGENTS.md`."}
	codeHeadingMissingSpace = diag.Code{ID: "agents-md.heading-missing-space", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.1",
		Summary: "A line such as `##Identity` lacks the space after `##`; it is a comment, not a section heading."}
	codeEmptySectionName = diag.Code{ID: "agents-md.empty-section-name", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 Appendix A",
		Summary: "A `## ` heading without a name; the lines under it belong to no section and are ignored."}
	codeIndentedLine = diag.Code{ID: "agents-md.indented-line", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.1, §6.2",
		Summary: "A heading or directive is indented. An indented directive is accepted (as the reference parsers do); an indented heading is not a heading."}
	codeInsideCodeFence = diag.Code{ID: "agents-md.inside-code-fence", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.1",
		Summary: "A heading or directive inside a fenced code block; parsers do not recognise code fences, so it is parsed as policy."}
	codeInsideHTMLComment = diag.Code{ID: "agents-md.inside-html-comment", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.4, §6.1",
		Summary: "A heading or directive inside an HTML comment (<!-- ... --> over several lines); parsers do not recognise HTML comments, so it is parsed as policy, though its publisher meant it commented out."}
	codeMisspelledSection = diag.Code{ID: "agents-md.misspelled-section", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.6, §5",
		Summary: "An unknown section whose name nearly matches a defined one; it is not read as that section."}
	codeUnknownSection = diag.Code{ID: "agents-md.unknown-section", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §4.7",
		Summary: "A section the specification does not define and that is not an `x-` extension; it is preserved."}
	codeExtensionSection = diag.Code{ID: "agents-md.extension-section", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §4.7",
		Summary: "An `x-` extension section; it is preserved."}
	codeDirectiveInPreamble = diag.Code{ID: "agents-md.directive-in-preamble", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.1",
		Summary: "A `- key: value` line before the first `##` heading; the preamble is ignored."}

	// Directives (§6.2).
	codeMalformedDirective = diag.Code{ID: "agents-md.malformed-directive", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.2",
		Summary: "A list line in a defined section that is not of the form `- key: value`; it is ignored."}
	codeDirectiveSpacing = diag.Code{ID: "agents-md.directive-spacing", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 Appendix A",
		Summary: "A directive without a space after the colon (`- key:value`), or with white space before its key or its colon (`-  key : value`); §6.2 accepts it, the ABNF does not."}
	codeInvalidKey = diag.Code{ID: "agents-md.invalid-key", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 Appendix A",
		Summary: "A key with characters other than letters, digits and `-`; it is kept as an unknown key."}
	codeUnknownKey = diag.Code{ID: "agents-md.unknown-key", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.7, §8.2",
		Summary: "A key the section does not define and that lacks the `x-` prefix custom keys should have; it is preserved."}
	codeExtensionKey = diag.Code{ID: "agents-md.extension-key", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §4.7",
		Summary: "An `x-` extension key in a defined section; it is preserved."}
	codeDuplicateKey = diag.Code{ID: "agents-md.duplicate-key", Severity: diag.Warning, Spec: specDuplicates,
		Summary: "A key appears twice in one section; survey keeps the first value, as for sections."}
	codeEmptyValue = diag.Code{ID: "agents-md.empty-value", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.2",
		Summary: "A defined key without a value; the field keeps its default."}

	// Values (§5, §6.3–§6.5, §13).
	codeMissingSite = diag.Code{ID: "agents-md.missing-site", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.1",
		Summary: "The Identity section has no `site` key, or one without a value, which §5.1 requires."}
	codeInvalidSite = diag.Code{ID: "agents-md.invalid-site", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.1",
		Summary: "`site` is not a domain name without protocol (it has a scheme, a path, or is not a valid host name)."}
	codeSiteMismatch = diag.Code{ID: "agents-md.site-mismatch", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §3.4, §11.5",
		Summary: "`site` names another host than the one the file was fetched from (ignoring a leading `www.`)."}
	codeInvalidContact = diag.Code{ID: "agents-md.invalid-contact", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.1",
		Summary: "`contact` is not an email address."}
	codeInvalidDate = diag.Code{ID: "agents-md.invalid-date", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.1",
		Summary: "`last-updated` is neither an ISO 8601 calendar date (YYYY-MM-DD) nor an RFC 3339 date-time (the other forms of ISO 8601, such as week dates, are not read)."}
	codeInvalidSpecVersion = diag.Code{ID: "agents-md.invalid-spec-version", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §13.1, §13.2",
		Summary: "`spec-version` is not a semantic version such as 1.0.0."}
	codeNewerSpecVersion = diag.Code{ID: "agents-md.newer-spec-version", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §13.2",
		Summary: "`spec-version` is newer than the 1.0.x this parser supports; parsing continues."}
	codeInvalidBoolean = diag.Code{ID: "agents-md.invalid-boolean", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.3",
		Summary: "A boolean field whose value is not true/yes/1/on or false/no/0/off; the default is used."}
	codeInvalidInteger = diag.Code{ID: "agents-md.invalid-integer", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §6.4",
		Summary: "An integer field whose value is not base-10 digits with an optional leading `-` (no `+`, leading zeros, `_` or fraction); the field is omitted."}
	codeOutOfRange = diag.Code{ID: "agents-md.out-of-range", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.2, §5.4, §6.4, §7",
		Summary: "`minimum-trust-level` is outside 0–5, or an integer (a trust level, a rate limit) does not fit 64 bits; the field is omitted."}
	codeNegativeRateLimit = diag.Code{ID: "agents-md.negative-rate-limit", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.4",
		Summary: "A negative rate limit; rate limits must be positive (0 means no limit), so the field is omitted."}
	codeInvalidEnum = diag.Code{ID: "agents-md.invalid-enum", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.2, §5.5",
		Summary: "An enumerated field with a value outside its list; the field keeps its default."}
	codeInvalidHeaderName = diag.Code{ID: "agents-md.invalid-header-name", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §5.7",
		Summary: "`agent-header-name` is not a valid HTTP field name; the default X-Agent-Identity is used."}

	// Path patterns (§9).
	codeRelativePattern = diag.Code{ID: "agents-md.relative-pattern", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §9.2",
		Summary: "A path pattern that does not begin with `/` (and is not `*.ext`); it is ignored when evaluating."}
	codeUnsupportedPattern = diag.Code{ID: "agents-md.unsupported-pattern", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §9.1",
		Summary: "A `*` outside the four forms of §9.1 (`/exact`, `/prefix/*`, `/prefix/**`, `*.ext`); the pattern is ignored when evaluating."}
	codeUnmatchablePattern = diag.Code{ID: "agents-md.unmatchable-pattern", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §9.2",
		Summary: "A path pattern with white space, `?` or `#`, which no URL path contains; it is ignored when evaluating."}
	codeDotSegmentPattern = diag.Code{ID: "agents-md.dot-segment-pattern", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §9.2; RFC 3986 §5.2.4",
		Summary: "A path pattern with a `.` or `..` segment (`%2E` counting as a dot), which no request holds: an agent's HTTP client removes them; the pattern is matched with them removed (`/docs/../admin/**` as `/admin/**`)."}

	// Encoding (§4.1, §4.2).
	codeInvalidUTF8 = diag.Code{ID: "agents-md.invalid-utf8", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.1",
		Summary: "A line is not valid UTF-8; invalid bytes are read as U+FFFD."}
	codeControlCharacter = diag.Code{ID: "agents-md.control-character", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.1, Appendix A",
		Summary: "A line holds a NUL, another C0 control character other than tab and CR (a bare CR is agents-md.bare-cr), or DEL."}
	codeBareCR = diag.Code{ID: "agents-md.bare-cr", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.2",
		Summary: "A carriage return not followed by a line feed; only LF and CRLF end lines."}
	codeNotText = diag.Code{ID: "agents-md.not-text", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §4.1",
		Summary: "The body is not UTF-8 text (binary, UTF-16 or UTF-32): not a policy, and not a coding-agent instruction file either; its lines are not read, and the missing Identity section makes it invalid (§6.8)."}
	codeByteOrderMark = diag.Code{ID: "agents-md.byte-order-mark", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §4.1",
		Summary: "The file starts with a UTF-8 byte order mark, which is skipped."}

	// Fetch (§3, §11).
	codeContentType = diag.Code{ID: "agents-md.content-type", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §3.3",
		Summary: "The Content-Type is neither text/markdown nor text/plain."}
	codeCharset = diag.Code{ID: "agents-md.charset", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §3.3, §4.1",
		Summary: "The Content-Type names a charset other than utf-8."}
	codeMissingCharset = diag.Code{ID: "agents-md.missing-charset", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §3.3",
		Summary: "The Content-Type has no charset parameter (§3.3 shows `charset=utf-8`)."}
	codeInsecureTransport = diag.Code{ID: "agents-md.insecure-transport", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §11.1",
		Summary: "The file was served over plain HTTP; a conforming agent must not use it."}
	codeDowngraded = diag.Code{ID: "agents-md.downgraded", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §11.2",
		Summary: "The file was reached through a redirect from HTTPS to HTTP; a conforming agent treats the fetch as failed."}
	codeRedirectChain = diag.Code{ID: "agents-md.redirect-chain", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §3.2; specs README: AGENTS.md",
		Summary: "More than one redirect was followed; the discovery algorithm of §3.2 follows one."}
	codeTooLarge = diag.Code{ID: "agents-md.too-large", Severity: diag.Warning, Spec: "AGENTS-MD-SPEC-001 §11.3",
		Summary: "The file is larger than 1 MB (1,000,000 bytes); agents should reject it."}
	codeSupersededByRoot = diag.Code{ID: "agents-md.superseded-by-root", Severity: diag.Info, Spec: "AGENTS-MD-SPEC-001 §3.1, §3.2",
		Summary: "This /.well-known/agents.md is not the effective policy: /AGENTS.md of the same host holds a usable policy and takes precedence."}

	// Other formats (specs README: AGENTS.md).
	codeCodingAgentInstructions = diag.Code{ID: "agents-md.coding-agent-instructions", Severity: diag.Info, Spec: "specs README: AGENTS.md",
		Summary: "The file has no directive the specification defines (a `- key: value` line with a key of §5, in its section or, for a key other than those of Identity and authentication, anywhere with a value of the key's type), with or without an `## Identity` heading: it is free Markdown of the repository convention for coding agents, another format."}
)

// Codes returns every diagnostic code the AGENTS.md parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeMissingIdentity, codeDuplicateIdentity, codeDuplicateSection,
		codeMissingTitle, codeNonstandardTitle, codeHeadingMissingSpace,
		codeEmptySectionName, codeIndentedLine, codeInsideCodeFence, codeInsideHTMLComment,
		codeMisspelledSection, codeUnknownSection, codeExtensionSection,
		codeDirectiveInPreamble,
		codeMalformedDirective, codeDirectiveSpacing, codeInvalidKey,
		codeUnknownKey, codeExtensionKey, codeDuplicateKey, codeEmptyValue,
		codeMissingSite, codeInvalidSite, codeSiteMismatch, codeInvalidContact,
		codeInvalidDate, codeInvalidSpecVersion, codeNewerSpecVersion,
		codeInvalidBoolean, codeInvalidInteger, codeOutOfRange,
		codeNegativeRateLimit, codeInvalidEnum, codeInvalidHeaderName,
		codeRelativePattern, codeUnsupportedPattern, codeUnmatchablePattern, codeDotSegmentPattern,
		codeInvalidUTF8, codeControlCharacter, codeBareCR, codeByteOrderMark, codeNotText,
		codeContentType, codeCharset, codeMissingCharset,
		codeInsecureTransport, codeDowngraded, codeRedirectChain, codeTooLarge,
		codeSupersededByRoot,
		codeCodingAgentInstructions,
	}
}
