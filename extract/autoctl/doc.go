// Package autoctl parses and validates automation-preferences.txt files
// (draft-liao-aipref-autoctl-core-01, "Protocol for Automation Control")
// and evaluates queries against them.
//
// The file is UTF-8 text served as "text/plain; charset=utf-8" (§3.1). It
// is a series of groups separated by blank lines; each group holds
// "name: value" directives: scope (a URL pattern, at least one per group,
// §3.4), host, user-agent, allowed-methods (§3.2) and allowed-purposes
// (§3.3). Lines starting with "#" are comments; unknown directives are
// ignored (§3.1, §5). The ABNF of §4 fixes the characters of each value.
//
// Parse is a pure function from bytes to a *File and a diag.List; Codes
// lists every diagnostic code; (*File).Allowed answers "may this agent use
// this method on this URL" by the precedence of §3.4. The file never
// expands access beyond robots.txt (§1.2): Allowed answers for this file
// alone.
//
// # Decisions on the draft's ambiguities
//
// The specs README's decisions, and survey's own where it is silent:
//
//   - Lines end with CRLF, LF or CR (the ABNF's NL). A blank line (empty or
//     SP/HTAB only) ends a group. Comment lines and HTML comments do not
//     end a group, although the ABNF's emptyline would also match a
//     comment line: a "# note" inside a group is not a group break.
//   - A group is a run of non-blank lines holding at least one directive
//     of the core specification. A run holding only unknown directives (an
//     extension's block such as "version: 1.0") is no group and gets no
//     error (§5: implementations MUST NOT produce errors on extended
//     directives); its directives are kept in File.Unknown.
//     A group without scope is an error for that group, which the
//     evaluator ignores; the rest of the file still applies. A group whose
//     every scope is empty ("scope:") has no scope either: its
//     autoctl.empty-value error says that the group is ignored. The scope
//     need not come first: the ABNF asks it, the draft's own §3.4 example
//     does otherwise, so a later scope is an info (autoctl.scope-not-first).
//   - A missing allowed-methods disallows every method in the group's
//     scope (§3.2). Methods are the ABNF's closed list; ABNF quoted
//     strings are case-insensitive (RFC 5234 §2.3), so "get" is accepted
//     as GET with a warning. A method outside the list ("*", "ANY",
//     "PROPFIND") is an error and allows nothing.
//   - Directive names are case-insensitive for the same reason.
//   - "<!-- ... -->" lines, used by the draft's examples (one line each),
//     are not comments under the ABNF: each is an info, ignored, and does
//     not fail the file. The lines that carry the markers are ignored, and
//     so is text between them that is no directive; but directives between
//     a "<!--" line and the line holding its "-->", or after a "<!--"
//     never closed, are read as usual, as a conforming reader reads them,
//     with a warning (autoctl.html-commented-directive) since they look
//     commented out. The closing line is ignored unless it is a directive.
//     A "<!-- ... -->" after a directive's value is ignored too, with the
//     same info. The draft's sample file parses without errors or warnings.
//   - Unknown directives are ignored by the policy, as the draft requires,
//     and recorded with an info diagnostic so that their use can be
//     counted. A line that is not "name: value" at all (outside an HTML
//     comment) is an error.
//   - Raw control bytes other than CR and LF reject the file (§3.1 SHOULD,
//     README): an error, effective "rejected", and the evaluator treats
//     the file as expressing no preference. This includes the tab, which
//     the ABNF's WS would allow: the README's rule is followed to the
//     letter and tabs get their own code (autoctl.tab-character) so that
//     they can be counted apart.
//   - Invalid UTF-8 is an error. A leading byte order mark is ignored with
//     a warning.
//   - Content-Type: a media type other than text/plain, a charset other
//     than UTF-8, or no header at all on a served file is an error (§3.1
//     MUST); text/plain without a charset is a warning, since the ABNF
//     defines the body as UTF-8 whatever the header says.
//   - Comments after a value (EOL = *WS [comment] NL): in scope and
//     allowed-purposes, whose characters include "#", a comment starts at
//     a "#" that begins the value or follows white space; in host,
//     user-agent and allowed-methods at any "#".
//   - §3.1: "Multiple values MAY be separated by commas", so every
//     directive's value is split at commas, with or without white space
//     around them. user-agent, allowed-methods and allowed-purposes are
//     lists in the ABNF too; host and scope take one value in the ABNF
//     (whose url-pattern admits ","), but several, separated by commas or
//     white space, are each used, with an info. A scope therefore cannot
//     hold a literal comma ("*" can stand for it). An empty list element
//     is an error in every directive.
//   - user-agent tokens follow RFC 9309 (letters, "-", "_") or "*"; other
//     tokens are errors but are still matched as written, with the whole
//     agent string or one of its products ("Bot2/1.0" or "Bot2"). Host values with
//     characters no host name has are a warning (the ABNF's host-pattern,
//     read literally, admits almost any character).
//   - A scope that does not start with "/" or "*", or that starts with a
//     wildcard host ("*.example.com/admin/": a "/" follows, and the part
//     before it has a "." and only host name characters), is read as a
//     URL or as host/path (the ABNF calls it a "path/authority matcher
//     with wildcards"), with a warning. Other scopes starting with "*"
//     ("*.pdf$", "*/private/") are path patterns.
//   - The last group should be followed by an empty line (the ABNF's group
//     rule), which is a blank or a comment line (emptyline = *WS [comment]
//     EOL); when it is not, an info.
//   - Effective policy labels: "rejected", "empty" (no group with a scope),
//     "deny-all" (no group allows any method), "read-only" (only GET, HEAD,
//     OPTIONS, TRACE are allowed anywhere), "writes-allowed" (some group
//     allows POST, PUT, DELETE, PATCH or CONNECT).
//   - The file location (§3.1, the root of the domain) is the crawler's
//     concern: the registry fetches /automation-preferences.txt.
//
// The matching rules of the evaluator are documented on (*File).Allowed.
package autoctl
