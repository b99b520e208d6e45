// Package agentstxt parses and validates agents.txt files
// (draft-srijal-agents-policy-00, "AGENTS.TXT: Strict Policy File for
// Automated Clients").
//
// An agents.txt file is plain UTF-8 text served as text/plain (§2). Its
// first line that is neither a comment nor blank is the hash line: "*"
// followed by the lowercase hex SHA-256 of the file's directives (§3, §7).
// Every other such line is a directive "<path> <action> [key=value ...]"
// (§6). Lines whose first non-blank character is "#" are comments; comments
// of the form "# key: value" are metadata (§4). A missing hash, a hash
// mismatch or a directive syntax error makes the whole site restricted
// (§5).
//
// Parse is a pure function from bytes to a *File and a diag.List; Codes
// lists every diagnostic code. (*File).Allowed evaluates a URL against a
// valid file.
//
// # Decisions on the draft's ambiguities
//
// These are the product decisions of the specs README, and survey's own
// where the README is silent.
//
//   - Lines are separated by LF; one trailing CR is stripped from each. A
//     line is blank when it is empty or Unicode white space only, and a
//     comment when its first non-blank character is "#".
//   - Hash input: the lines that are neither the hash line, comments nor
//     blank, joined with LF, no trailing LF, SHA-256 over their bytes,
//     compared with the 64 lowercase hex digits after "*". A leading UTF-8
//     byte order mark is ignored (with a warning) for parsing and hashing.
//   - Uppercase hex digits, white space between "*" and the digest, or a
//     digest that is not 64 hex digits are hash-line syntax errors.
//     Leading or trailing white space around the hash line is only a
//     warning (the hash line is not part of the hash input).
//   - When the digest does not match, survey also tries the publisher
//     mistakes named by NearMiss (trailing newline, comments kept, blank
//     lines kept, CR kept, CRLF joins, white space trimmed, the file as
//     served without its hash line, the bytes after the hash line as
//     served, and combinations of the single mistakes, fewest first) and
//     reports the first that matches as an info diagnostic. The file stays
//     invalid. The file as served with its hash line, or any input that
//     keeps the hash line, cannot be recognised: a digest cannot cover
//     itself.
//   - A hash line that is not the first content line is an error, but it is
//     still the hash line (removed from the hash input, compared). A second
//     "*" line is a directive syntax error.
//   - Directive fields are separated by runs of spaces or tabs; anything
//     but single spaces between fields is a warning, since the white space
//     is part of the hash input.
//   - Actions are case-sensitive: only ALLOW and DISALLOW. "Allow" or
//     "disallow" is a directive syntax error (agents-txt.action-case),
//     because the format is strict and a lenient reading would grant access
//     that a strict agent denies.
//   - A path must start with "/" (error). Characters outside RFC 3986 path
//     and query syntax in a path are a warning: the draft asks URI syntax
//     of parameters only.
//   - Parameters are key=value with a non-empty key and value; keys use
//     RFC 3986 unreserved, sub-delims other than "=", ":" and "@"; values
//     also "/", "?" and "=". Anything else is a directive syntax error.
//     Unknown keys are recorded, not diagnosed.
//   - Every "# key: value" comment is recorded as metadata, key
//     lower-cased; a repeated version, generated-by or grace-period is a
//     warning. Values are not interpreted.
//   - Content-Type (§2): a type other than text/plain, a missing header on
//     a served file or a charset other than UTF-8 is a warning (the draft's
//     "must" here is not among the failures of §5); text/plain without a
//     charset is an info. Invalid UTF-8, the C0 control characters other
//     than tab (NUL, a bare CR, ...) and DEL are errors: the file is not
//     UTF-8 plain text and its hash input is undefined.
//   - A file with no hash-like line and no directive-like line that plainly
//     follows another convention (robots.txt-style fields, "Field: value"
//     lines, a list of User-Agent strings, Markdown, JSON, HTML, XML,
//     plain text none of whose lines resembles agents.txt, or comments
//     only, one naming another specification) is reported as
//     that other format
//     (File.OtherFormat, effective "other-format") with an info
//     diagnostic and no agents.txt syntax errors; the byte-level findings
//     (invalid UTF-8, control characters, the Content-Type, a byte order
//     mark) are checked first and still reported.
//   - Effective policy: "restricted" for an invalid file, "rules" for a
//     valid file with directives, "open" for a valid file without any.
//   - §5 also asks agents to invalidate cached copies; survey keeps no
//     cache between crawls, so there is nothing to invalidate.
package agentstxt
