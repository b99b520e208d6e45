// Package robots parses robots.txt files (RFC 9309) with the AI-related
// extensions found in them — App-Directives (draft-nottingham-plan-b),
// Content-Usage (draft-ietf-aipref-attach with the draft-ietf-aipref-vocab
// vocabulary) and Content-Signal (Cloudflare's content signals) — and
// answers "may this crawler fetch this URL".
//
// # Design
//
// As in google/robotstxt, parsing emits events and matching is separate:
// ParseEvents lexes a body and reports each line and record to a Handler;
// Builder is the Handler that yields the normalized *File and its
// diagnostics (Parse does both); NewMatcher compiles a *File and
// Matcher.Allowed answers queries. The ai.txt parser (extract/aitxt) reuses
// the same events.
//
// # Errors, warnings and infos
//
// RFC 9309 is deliberately lenient: crawlers MUST use every parseable line
// (§2.3.1.5) and may accept misspellings (§2.2.4). A robots.txt file is
// therefore invalid only when it breaks the one encoding MUST: it is not
// text at all — binary data, or UTF-16/UTF-32 — (robots.not-text), or a line
// is not valid UTF-8 (robots.invalid-utf8; §2.3: "The file MUST be UTF-8
// encoded"; its bytes are still matched as they are). Everything
// else is a warning when the publisher probably did not get what they meant
// (a rule outside any group, a path not starting with "/", a missing colon,
// an unparseable App-Directives value) or an info when it is a neutral
// observation worth counting (crawl-delay, unknown records, merged groups).
// An HTML body is reported as robots.html-document and, by the extract
// adapter, as another format. For a body that is not text or is HTML, the
// per-line diagnostics are dropped: only that body diagnostic and the other
// whole-file ones (byte order mark, size limit) are reported.
// At most MaxDiagnosticsPerCode diagnostics of one code are listed per
// file; one more (line 0) says how many were left out.
//
// # Decisions
//
//   - Lines end at LF, CR or CRLF. A UTF-8 byte order mark is skipped; so
//     are its first one or two bytes alone, as google/robotstxt does.
//
//   - "#" starts a comment anywhere on a line (the grammar has no "#" in
//     values). Names are case-insensitive; "name value" without a colon is
//     accepted when the line has exactly two words (separated by SP or
//     HTAB), and, as google/robotstxt reads them, a name that starts with a
//     record name or with one of the misspellings google/robotstxt accepts
//     (useragent, user agent, dissallow, dissalow, disalow, diasllow,
//     disallaw, site-map) is that record ("Disallowed", "User-agents");
//     all are diagnosed, once a line ("Allow-AI-Training: no" is one
//     warning that says the rule matches nothing). A line without a colon
//     that holds Content-Signal or Content-Usage values ("ai-train=no") is
//     malformed, and its diagnostic names the extension. Lines are read
//     whole, however long.
//
//   - A group is one or more user-agent lines (blank lines between them do
//     not matter) and the records after them; only an allow or disallow
//     line closes the run of user-agent lines. Extension, crawl-delay and
//     unknown lines stay in the group they occur in and never end it
//     (§2.2.4; specs README), so a user-agent line after them joins the
//     group (diagnosed, robots.group-joined-after-extension).
//
//   - A user-agent value is matched by its product token: "*" (alone or
//     followed by whitespace) names the global group, otherwise the leading
//     [a-zA-Z_-]+ characters are used ("Googlebot/2.1" names Googlebot).
//     Agents asking are reduced to their token the same way (AgentToken).
//
//   - The 500 KiB limit (§2.5): every byte given is parsed; the first line
//     extending past 512000 bytes is recorded (File.LimitLine), rules from
//     there on are flagged BeyondLimit, and a warning says conforming
//     crawlers may ignore them (a file over the limit only by its last
//     line break has no such line). Matcher applies all rules.
//
//   - Matching follows §2.2.2 and §2.2.3: path and query are compared octet
//     by octet after normalizing percent-encoding on both sides (escaped
//     unreserved characters decoded, hex digits upper-cased, non-ASCII,
//     controls and SP encoded); "*" and "$" in a URL are compared as
//     "%2A" and "%24" so that escaped patterns match them; reserved
//     characters are not decoded, so "/" and "%2F" differ. The most
//     specific match is the one whose normalized pattern has the most
//     octets ("*" and "$" count); allow wins a tie; an empty pattern matches
//     nothing; /robots.txt is always allowed. A "%" that starts no escape
//     is compared as "%25" and a "$" that does not end a pattern as "%24".
//     Unlike google/robotstxt, "Allow: /dir/index.html" does not also allow
//     "/dir/" (RFC 9309 has no such rule). A path that starts with "*"
//     ("Disallow: *.pdf$") is matched as written, as google/robotstxt
//     matches it, and reported (info), since the grammar starts every path
//     with "/"; a path that starts with neither matches nothing (warning).
//
//   - App-Directives (specs README): both spellings are accepted and
//     recorded; a leading "/" path runs to the first whitespace; the rest is
//     parsed as an RFC 9651 List with github.com/dunglas/httpsfv. A value
//     that fails to parse rejects that rule only: the rule is kept with
//     valid=false and a warning (robots.app-directives-invalid); the file
//     stays valid. Rules with the same path in a group are combined by
//     concatenating their lists (RFC 9651 §4.2).
//
//   - Content-Usage: the path is optional (draft-ietf-aipref-attach-03 and
//     later; its absence is an info and the rule applies to every path); the
//     preference is an RFC 9651 Dictionary processed with the vocabulary's
//     algorithm: train-ai and search with Tokens y or n; other keys and
//     values are reported and leave the preference unknown, but ai-use
//     with y or n (draft-ietf-aipref-vocab-08 §4.2), valid and not
//     recorded, is only an info.
//
//   - Content-Signal: "search=yes, ai-train=no" with an optional leading
//     path, parsed as an RFC 9651 Dictionary of Tokens; keys search,
//     ai-input, ai-train with values yes, no, and use with values
//     immediate, reference, full; anything else is reported, as is a
//     signal written as a parameter ("search=yes;ai-train=no").
//
//   - An unknown record name that is a variant of an extension's
//     ("Content-Signals", "ContentSignal", "Content_Usage") is kept as an
//     unknown record and reported as a warning naming the extension
//     (robots.extension-misspelled), not as a neutral unknown record: it
//     expresses no preference to a crawler. The value of an extension line
//     before any user-agent line is diagnosed as in a group, though the
//     line applies to no crawler.
//
//   - Matcher.Preferences applies the extensions to a URL: the rules with
//     the longest matching path win (plan-b §2.1, attach §3.1); equally long
//     ones are combined, a restrictive "n"/"no" winning a conflict (vocab,
//     Combining Preferences); Content-Usage applies only to crawlable URLs.
//
// # AI crawlers
//
// aicrawlers.csv lists known AI crawlers (AICrawlers, AITokens); Stance
// says, per token, whether a file blocks it (a disallow rule matching every
// path and no allow rule but /robots.txt long enough to win against it),
// restricts it partly, or allows it, and whether the token is named in a
// group or inherits "*" (or no group applies). A rule whose path starts
// with neither "/" nor "*" matches nothing and counts for none of these.
// README.md explains how to refresh the list from ai-robots-txt's
// robots.json.
package robots
