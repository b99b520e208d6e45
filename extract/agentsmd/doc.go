// Package agentsmd parses and validates AGENTS.md policy files
// (AGENTS-MD-SPEC-001 1.0), served at /AGENTS.md and
// /.well-known/agents.md, and evaluates their path restrictions.
//
// Parse is a pure function from the bytes (and a Source describing the
// fetch) to a *Result and a diag.List; Codes lists every diagnostic code.
// Result.Evaluate answers "may an agent send this request to this path";
// EffectiveLocation picks the effective file of a host from its two
// locations.
//
// # Decisions
//
// The specification leaves several points open. survey decides them as
// follows; the ones marked "README" are the project's product decisions
// (specs README, AGENTS.md).
//
//   - Validity (§6.8). Only a file without an `## Identity` section is
//     invalid (an error). Every other malformed condition, including a
//     missing `site`, is a warning.
//   - Coding-agent files (README). A file with content and none of the
//     specification's own marks (a `- key: value` line with a key §5
//     defines, in the section that defines it or, for a key other than
//     those of Identity and authentication, anywhere with a value of the
//     key's type, as "- download-files: fetch the fixtures" is not) is
//     another format,
//     "coding-agent-instructions", not a policy, even under an
//     `## Identity` heading: the repository convention for coding agents
//     is free Markdown, told only by what it lacks, and uses headings
//     such as Identity, Restrictions or Rate Limits too. A file with such
//     a mark but no Identity is an invalid policy; so is an empty file or
//     one with only a title and headings of defined sections. This applies
//     at both locations.
//   - Duplicates (README). A second Identity section is a warning and the
//     first stands. survey applies the same rule to every other repeated
//     section and to a key repeated within a section: the first stands.
//     (The reference parsers keep the last.)
//   - Title (§4.3). The first non-blank line must be `# AGENTS.md`; the
//     ABNF's quoted string is case-insensitive, so `# agents.md` conforms.
//     Another level-1 heading is "nonstandard-title", anything else
//     "missing-title"; both are warnings.
//   - Headings (§6.1). A section heading is `##` followed by a space or tab
//     at the start of the line. `##Name` is a comment (warned about); an
//     indented `##` line is not a heading (warned about). Every other line
//     starting with `#`, including level-1 and level-3+ headings, is a
//     comment (§4.4). Code fences are not recognised, as the specification
//     does not know them; a heading or directive inside one is warned about.
//   - Names (§4.6). Section names compare case-insensitively with runs of
//     white space collapsed; keys compare in lower case. An unknown section
//     close to a defined name ("Restriction", "Rate-Limits") is a warning
//     and is not read as the defined section.
//   - Directives (§6.2). `- key: value` with the key before the first
//     colon; `- key:value` is accepted (info: the ABNF wants ": "). An
//     indented directive is accepted with a warning, as the reference
//     parsers accept it. Keys outside the ABNF's letters, digits and `-`
//     are kept as unknown keys with a warning. Directives before the first
//     section are ignored with a warning.
//   - The ABNF (Appendix A) limits values, names and prose to VCHAR, which
//     excludes spaces and non-ASCII text and so rejects its own examples;
//     survey reads it as allowing spaces, tabs and any UTF-8 text.
//   - Extensions (§4.7, §6.7, README). Unknown and `x-` keys of a defined
//     section are kept in its Extra map (custom actions in
//     AllowedActions.Custom); sections the specification does not define
//     are kept in Result.Extensions. An `x-` key or section is an info; an
//     unknown key without `x-` is a warning (§8.2 asks custom keys to use
//     the prefix); an unknown section without `x-` is an info.
//   - Booleans (§6.3): true/yes/1/on and false/no/0/off in any case;
//     anything else is a warning and the default is used. Enumerations are
//     case-insensitive (§4.6) and stored in lower case.
//   - Integers (§6.4, README): base-10 digits with an optional leading `-`
//     only; `+30`, `030`, `1_000` and `3.0` are warnings and the field is
//     omitted. A negative rate limit is a warning and omitted; 0 means "no
//     limit" (§5.4). A trust level outside 0–5 is a warning and omitted:
//     it is not defaulted to 0, "since 0 has a specific meaning" (§6.4).
//   - An empty value of a defined key is a warning; the field keeps its
//     default.
//   - spec-version (§13.2, README): newer than 1.0.x is a warning; parsing
//     continues.
//   - Encoding (§4.1, §4.2): invalid UTF-8, NUL and other control bytes,
//     and a CR not followed by LF are warnings per line; invalid bytes are
//     read as U+FFFD. A leading byte order mark is skipped (info).
//   - Fetch (§3.3, §11). A Content-Type other than text/markdown or
//     text/plain, or a charset other than utf-8, is a warning; a missing
//     charset an info. Plain HTTP (§11.1) and an HTTPS-to-HTTP redirect
//     (§11.2) are warnings: the file is still parsed, and the crawl marks it
//     unusable. More than one redirect is an info (README: discovery follows
//     one, survey follows up to five). Over 1 MB, read as 1,000,000 bytes,
//     is a warning (§11.3).
//   - Site (§5.1). `site` should be a domain name without scheme or path;
//     a port is tolerated. A site naming another host than the one fetched
//     (ignoring a leading "www.") is an info.
//
// # Precedence
//
// Both locations are fetched and parsed. The root /AGENTS.md takes
// precedence (§3.1) when it is a usable policy: an Identity section, not
// another format, fetched over HTTPS without a downgrade, whole and within
// 1 MB. A root file that is not (a coding-agent file, an invalid file, or
// one a conforming agent must not use under §11) does not hide the
// well-known file: survey reads "If HTTP 200: use this file" of §3.2 as "if
// a usable policy". A valid well-known file behind a usable root policy is
// labelled "superseded-by-root".
//
// # Path patterns
//
// The four forms of §9.1 are supported: `/exact/path`; `/prefix/*`, which
// matches `/prefix/` and one more segment (`/prefix/a`, not `/prefix/a/b`
// and not `/prefix`); `/prefix/**`, which matches `/prefix/` and everything
// below it (not `/prefix`); and `*.ext`, which matches any path ending in
// `.ext`. Any other use of `*`, a pattern not beginning with `/`, and a
// pattern with white space, `?` or `#` are warned about and ignored.
// Matching is case-sensitive; percent-encoded octets other than `%2F`,
// `%3F`, `%23` and `%25` are decoded on both sides, and a `%` that starts
// no escape is read as `%25`.
//
// "More specific" (§9.2 rule 4): an exact pattern beats every wildcard; then
// the longer literal part wins (the prefix before `*`, or `.ext`, counted in
// octets as in RFC 9309 §2.2.2); at equal length `/p/*` beats `/p/**`,
// which beats `*.ext`. Only when the most specific patterns of several
// lists tie does the more restrictive list decide: disallowed-paths, then
// require-human-approval, then read-only-paths (§9.2 rule 5 read as
// applying to the same path written in two lists; §12.3). So a specific
// read-only-paths entry can carve an exception out of a broader
// disallowed-paths one.
//
// A read-only path allows GET and HEAD only. A human-approval path is not
// allowed without confirmation. A read request that no pattern refuses is
// disallowed when read-content is false (§12.2 step 8).
package agentsmd
