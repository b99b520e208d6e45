package robots

import "github.com/agentpolicy/survey/diag"

// The diagnostic codes of robots.txt. Only codeNotText is an error: RFC 9309
// §2.2 and §2.3.1.5 make the format lenient, so every other finding is a
// warning (the publisher probably did not get what they meant) or an info
// (a neutral observation, recorded so that it can be counted).
var (
	// Whole body.
	codeNotText = diag.Code{ID: "robots.not-text", Severity: diag.Error, Spec: "RFC 9309 §2.3",
		Summary: "The body is not UTF-8 text (binary data, or UTF-16/UTF-32); crawlers cannot read rules from it."}
	codeHTML = diag.Code{ID: "robots.html-document", Severity: diag.Warning, Spec: "RFC 9309 §2.3",
		Summary: "The body is an HTML document, not a robots.txt file; a crawler finds no rules in it."}
	codeContentType = diag.Code{ID: "robots.content-type", Severity: diag.Warning, Spec: "RFC 9309 §2.3",
		Summary: "The response's Content-Type is not text/plain (with no charset or charset UTF-8), which RFC 9309 requires; the body was parsed anyway."}
	codeBOM = diag.Code{ID: "robots.bom", Severity: diag.Info, Spec: "RFC 9309 §2.3",
		Summary: "The file starts with a UTF-8 byte order mark, which was skipped."}
	codePartialBOM = diag.Code{ID: "robots.partial-bom", Severity: diag.Warning, Spec: "RFC 9309 §2.3",
		Summary: "The file starts with an incomplete UTF-8 byte order mark, which was skipped as google/robotstxt does."}
	codeOverLimit = diag.Code{ID: "robots.over-size-limit", Severity: diag.Warning, Spec: "RFC 9309 §2.5",
		Summary: "The file is larger than 500 KiB; conforming crawlers may ignore the rules beyond that point (survey parsed every rule it read; of a body cut at the crawl's size cap, the message gives the cut size as a lower bound)."}

	// Lines.
	codeInvalidUTF8 = diag.Code{ID: "robots.invalid-utf8", Severity: diag.Error, Spec: "RFC 9309 §2.3",
		Summary: "The line is not valid UTF-8, which the file MUST be; its bytes were matched as they are."}
	codeControl = diag.Code{ID: "robots.control-character", Severity: diag.Warning, Spec: "RFC 9309 §2.2",
		Summary: "The line holds a control character (such as NUL) that the robots.txt grammar does not allow."}
	codeMissingColon = diag.Code{ID: "robots.missing-colon", Severity: diag.Warning, Spec: "RFC 9309 §2.2",
		Summary: "The record has no colon between name and value; it was accepted, as google/robotstxt accepts it."}
	codeMisspelled = diag.Code{ID: "robots.misspelled-key", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4",
		Summary: "The record name is a common misspelling (e.g. \"dissallow\", \"user agent\") or starts with a record name or such a misspelling (\"Disallowed\"); it was accepted, as google/robotstxt accepts it."}
	codeMalformed = diag.Code{ID: "robots.malformed-line", Severity: diag.Warning, Spec: "RFC 9309 §2.3.1.5",
		Summary: "The line is neither a record, a comment nor blank; it was ignored."}
	codeHTMLAfterRecords = diag.Code{ID: "robots.html-after-records", Severity: diag.Warning, Spec: "RFC 9309 §2.3.1.5",
		Summary: "An HTML document starts inside the file, after its first line (a page appended to records, as when a CDN prepends its managed robots.txt records to the page a server answers for /robots.txt); its lines that are not records are ignored and not diagnosed one by one."}

	// Groups and rules.
	codeRuleOutsideGroup = diag.Code{ID: "robots.rule-outside-group", Severity: diag.Warning, Spec: "RFC 9309 §2.2.2",
		Summary: "An allow or disallow rule comes before any user-agent line; it applies to no crawler."}
	codeExtensionOutsideGroup = diag.Code{ID: "robots.extension-outside-group", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4",
		Summary: "A group-scoped extension (crawl-delay, App-Directives, Content-Usage, Content-Signal, request-rate, visit-time, noindex) comes before any user-agent line; it applies to no crawler."}
	codeEmptyUserAgent = diag.Code{ID: "robots.empty-user-agent", Severity: diag.Warning, Spec: "RFC 9309 §2.2.1",
		Summary: "A user-agent line has no value; it names no crawler."}
	codeUserAgentNotToken = diag.Code{ID: "robots.user-agent-not-token", Severity: diag.Warning, Spec: "RFC 9309 §2.2.1",
		Summary: "A user-agent value is not a product token ([a-zA-Z_-]+ or *); it is matched by its leading product-token characters."}
	codeUserAgentNearAICrawler = diag.Code{ID: "robots.user-agent-near-ai-crawler", Severity: diag.Warning, Spec: "RFC 9309 §2.2.1",
		Summary: "A user-agent names no known AI crawler but is one written with other separators or without its \"Bot\" (\"GPT-Bot\", \"Claude Bot\", \"Google Extended\", \"Perplexity\"); crawlers match their own product token, so the group does not apply to the crawler it seems meant for."}
	codePreferenceAfterBlankLine = diag.Code{ID: "robots.preference-after-blank-line", Severity: diag.Warning, Spec: "RFC 9309 §2.2; draft-ietf-aipref-attach-05 §3",
		Summary: "A Content-Usage or Content-Signal line follows a blank line after the rules of a group, in a file of several groups, as a line meant for the whole file is appended; a blank line ends no group, so it belongs to that group's crawlers alone."}
	codeGroupJoined = diag.Code{ID: "robots.group-joined-after-extension", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4",
		Summary: "A user-agent line follows non-rule lines (extensions, crawl-delay) of a group with no allow/disallow yet, so it joins that group rather than starting a new one."}
	codeGroupsMerged = diag.Code{ID: "robots.groups-merged", Severity: diag.Info, Spec: "RFC 9309 §2.2.1",
		Summary: "More than one group names the same product token; crawlers merge their rules."}
	codeEmptyGroup = diag.Code{ID: "robots.empty-group", Severity: diag.Info, Spec: "RFC 9309 §2.2.2",
		Summary: "A group has no allow or disallow rules; the crawlers it names may access everything."}
	codePathNotAbsolute = diag.Code{ID: "robots.path-not-absolute", Severity: diag.Warning, Spec: "RFC 9309 §2.2.2",
		Summary: "A rule's path starts with neither \"/\" nor \"*\"; matching starts at the first octet of the URL path, so it matches nothing."}
	codeDotSegmentPath = diag.Code{ID: "robots.dot-segment-path", Severity: diag.Warning, Spec: "RFC 9309 §2.2.2; RFC 3986 §5.2.4",
		Summary: "A rule's path holds a \".\" or \"..\" segment (\"%2E\" counting as a dot) before any \"*\" or \"?\" (\"Disallow: /docs/../admin/\"); a crawler's HTTP client removes such segments from every URL it requests, so the rule matches no URL."}
	codePathWildcardStart = diag.Code{ID: "robots.path-starts-with-wildcard", Severity: diag.Info, Spec: "RFC 9309 §2.2, §2.2.3",
		Summary: "A rule's path starts with \"*\" rather than \"/\", which the grammar requires of every path; it is matched as written, as google/robotstxt matches it (\"*\" matches any run of octets, the leading \"/\" included), but a crawler that follows the grammar may ignore it."}
	codeWhitespaceInPath = diag.Code{ID: "robots.whitespace-in-path", Severity: diag.Warning, Spec: "RFC 9309 §2.2",
		Summary: "A rule's path contains whitespace, which the grammar does not allow; it was percent-encoded for matching."}

	// Other records.
	codeSitemapNotAbsolute = diag.Code{ID: "robots.sitemap-not-absolute", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4; sitemaps.org protocol",
		Summary: "A sitemap line does not hold an absolute http(s) URL."}
	codeCrawlDelay = diag.Code{ID: "robots.crawl-delay", Severity: diag.Info, Spec: "RFC 9309 §2.2.4",
		Summary: "A crawl-delay line, a non-standard record some crawlers honour; it was kept in its group."}
	codeCrawlDelayInvalid = diag.Code{ID: "robots.crawl-delay-invalid", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4",
		Summary: "A crawl-delay value is not a non-negative number of seconds."}
	codeNonstandard = diag.Code{ID: "robots.nonstandard-record", Severity: diag.Info, Spec: "RFC 9309 §2.2.4",
		Summary: "A known non-standard record (host, clean-param, request-rate, visit-time, noindex); kept, and it does not end the group."}
	codeUnknownRecord = diag.Code{ID: "robots.unknown-record", Severity: diag.Info, Spec: "RFC 9309 §2.2.4",
		Summary: "A record with an unknown name; kept, and it does not end the group."}
	codeExtensionMisspelled = diag.Code{ID: "robots.extension-misspelled", Severity: diag.Warning, Spec: "RFC 9309 §2.2.4",
		Summary: "A record name is a variant of Content-Signal, Content-Usage or App-Directives (a plural, a hyphen missing or replaced by \"_\" or a space) that crawlers reading the extension do not recognise; the line is kept as an unknown record, expresses no preference, and does not end the group."}

	// App-Directives (draft-nottingham-plan-b).
	codeAppDirectiveSingular = diag.Code{ID: "robots.app-directive-singular", Severity: diag.Info, Spec: "draft-nottingham-plan-b §2; specs README: App-Directives",
		Summary: "The rule is spelled App-Directive (as in the ABNF) rather than App-Directives (as in every example); both are accepted."}
	codeAppDirectivesInvalid = diag.Code{ID: "robots.app-directives-invalid", Severity: diag.Warning, Spec: "draft-nottingham-plan-b §2; RFC 9651 §4.2.1",
		Summary: "An App-Directives value is not an RFC 9651 List; this rule is rejected (the rest of the file is unaffected)."}
	codeAppDirectivesEmpty = diag.Code{ID: "robots.app-directives-empty", Severity: diag.Warning, Spec: "draft-nottingham-plan-b §2",
		Summary: "An App-Directives rule names no application."}
	codeAppDirectivesNotToken = diag.Code{ID: "robots.app-directives-member-not-token", Severity: diag.Warning, Spec: "draft-nottingham-plan-b §2",
		Summary: "An App-Directives list member is not a Token (an application identifier); it was ignored."}
	codeAppDirectivesNotStar = diag.Code{ID: "robots.app-directives-not-star-group", Severity: diag.Info, Spec: "draft-nottingham-plan-b §1.3",
		Summary: "App-Directives appear in a group that does not name \"*\"; the draft recommends the \"*\" group so that they apply broadly."}

	// Content-Usage (draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-08;
	// the specs README keeps the categories train-ai and search).
	codeContentUsageInvalid = diag.Code{ID: "robots.content-usage-invalid", Severity: diag.Warning, Spec: "draft-ietf-aipref-attach-05 §3, §3.2; draft-ietf-aipref-vocab-08 §6.5, §6.5.1",
		Summary: "A Content-Usage rule has no statement of preference after its path, or one that is not an RFC 9651 Dictionary (an upper-case key, a trailing comma, spaces around \"=\", a path not starting with \"/\"); its preferences are unknown, and it still applies to the paths it matches."}
	codeContentUsageNoPath = diag.Code{ID: "robots.content-usage-no-path", Severity: diag.Info, Spec: "draft-ietf-aipref-attach-05 §3, §3.2",
		Summary: "A Content-Usage rule has no path (its value does not start with \"/\"), so it applies to every path of its group, as draft-ietf-aipref-attach-03 and later allow (-01 and -02 required a path)."}
	codeContentUsageUnknownKey = diag.Code{ID: "robots.content-usage-unknown-key", Severity: diag.Warning, Spec: "draft-ietf-aipref-vocab-08 §6.4, §6.1; specs README",
		Summary: "A Content-Usage key is not a category of the vocabulary (train-ai, search, and ai-use, which survey does not record); recipients ignore it. This includes the labels of earlier revisions (all, bots, train-genai, ai-output, tdm, ai, genai, inference), which no longer cover train-ai or search."}
	codeContentUsageUnrecorded = diag.Code{ID: "robots.content-usage-unrecorded-category", Severity: diag.Info, Spec: "draft-ietf-aipref-vocab-08 §4.2; specs README",
		Summary: "A Content-Usage preference for ai-use (AI Use, a category of draft-ietf-aipref-vocab-08 §4.2) with the Token y or n: valid, but not a category survey records (train-ai, search)."}
	codeContentUsageUnknownValue = diag.Code{ID: "robots.content-usage-unknown-value", Severity: diag.Warning, Spec: "draft-ietf-aipref-vocab-08 §6.5, §6.5.1",
		Summary: "A Content-Usage category (train-ai, search, ai-use) has a value other than the Token y or n (the key alone, a String, a number, an Inner List, Y or N); the preference for that category is unknown. Of a repeated key only the last value counts."}
	codeContentUsageParameter = diag.Code{ID: "robots.content-usage-parameter", Severity: diag.Warning, Spec: "draft-ietf-aipref-vocab-08 §6.4, §6.5.2; RFC 9651 §3.1.2",
		Summary: "A Content-Usage member has a parameter named after a category, as in \"train-ai=n;search=y\": a \";\" was written where \",\" separates preferences, and the parameter's preference is disregarded."}

	// Content-Signal (Cloudflare's Content Signals Policy, contentsignals.org,
	// which has no numbered sections).
	codeContentSignalInvalid = diag.Code{ID: "robots.content-signal-invalid", Severity: diag.Warning, Spec: "Content Signals Policy (contentsignals.org)",
		Summary: "A Content-Signal value is empty or not a comma-separated list of key=value signals (read as an RFC 9651 Dictionary: spaces around \"=\", an upper-case key or a trailing comma fail); it was ignored."}
	codeContentSignalUnknownKey = diag.Code{ID: "robots.content-signal-unknown-key", Severity: diag.Warning, Spec: "Content Signals Policy (contentsignals.org)",
		Summary: "A Content-Signal key is not search, ai-input, ai-train or use."}
	codeContentSignalUnknownValue = diag.Code{ID: "robots.content-signal-unknown-value", Severity: diag.Warning, Spec: "Content Signals Policy (contentsignals.org)",
		Summary: "A Content-Signal value is not the lower-case Token yes or no (for use: immediate, reference or full); the signal is unknown."}
	codeContentSignalParameter = diag.Code{ID: "robots.content-signal-parameter", Severity: diag.Warning, Spec: "Content Signals Policy (contentsignals.org); RFC 9651 §3.1.2",
		Summary: "A Content-Signal member has a parameter named after a signal, as in \"search=yes;ai-train=no\": a \";\" was written where \",\" separates signals, and that signal is ignored."}
)

// Codes lists every diagnostic code the robots.txt parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeNotText, codeHTML, codeContentType, codeBOM, codePartialBOM, codeOverLimit,
		codeInvalidUTF8, codeControl, codeMissingColon, codeMisspelled, codeMalformed, codeHTMLAfterRecords,
		codeRuleOutsideGroup, codeExtensionOutsideGroup, codeEmptyUserAgent, codeUserAgentNotToken, codeUserAgentNearAICrawler,
		codeGroupJoined, codePreferenceAfterBlankLine, codeGroupsMerged, codeEmptyGroup, codePathNotAbsolute, codePathWildcardStart, codeDotSegmentPath, codeWhitespaceInPath,
		codeSitemapNotAbsolute, codeCrawlDelay, codeCrawlDelayInvalid, codeNonstandard, codeUnknownRecord, codeExtensionMisspelled,
		codeAppDirectiveSingular, codeAppDirectivesInvalid, codeAppDirectivesEmpty, codeAppDirectivesNotToken, codeAppDirectivesNotStar,
		codeContentUsageInvalid, codeContentUsageNoPath, codeContentUsageUnknownKey, codeContentUsageUnrecorded, codeContentUsageUnknownValue, codeContentUsageParameter,
		codeContentSignalInvalid, codeContentSignalUnknownKey, codeContentSignalUnknownValue, codeContentSignalParameter,
	}
}
