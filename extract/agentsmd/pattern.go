package agentsmd

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
)

// PatternForm is one of the path pattern forms of §9.1.
type PatternForm string

// The pattern forms.
const (
	// FormExact: `/exact/path` matches exactly that path.
	FormExact PatternForm = "exact"
	// FormOneSegment: `/prefix/*` matches `/prefix/` and any single path
	// segment below it (`/prefix/a`, not `/prefix/a/b` nor `/prefix`).
	FormOneSegment PatternForm = "one-segment"
	// FormAnyDepth: `/prefix/**` matches `/prefix/` and any path at any
	// depth below it (not `/prefix` itself).
	FormAnyDepth PatternForm = "any-depth"
	// FormExtension: `*.ext` matches any path ending with `.ext`.
	FormExtension PatternForm = "extension"
	// FormInvalid: a pattern of none of these forms, ignored when evaluating.
	FormInvalid PatternForm = "invalid"
)

// Pattern is one path pattern of a Restrictions list.
type Pattern struct {
	// Text is the pattern as written.
	Text string `json:"pattern"`
	// Line is the line of the directive that holds it.
	Line int         `json:"line"`
	Form PatternForm `json:"form"`
}

// PatternError says why a pattern cannot be used.
type PatternError struct {
	Pattern string
	Reason  string
	code    diag.Code
}

// Error returns the reason with the pattern.
func (e *PatternError) Error() string { return "path pattern " + quote(e.Pattern) + ": " + e.Reason }

// NewPattern classifies a path pattern by the forms of §9.1 and the rules
// of §9.2. A pattern of no form is returned with FormInvalid and a
// *PatternError: one that does not begin with `/` (other than `*.ext`),
// one with `*` anywhere else than those forms put it, and one with white
// space, `?` or `#`, which no URL path holds.
func NewPattern(text string) (Pattern, error) {
	p := Pattern{Text: text, Form: FormInvalid}
	fail := func(code diag.Code, reason string) (Pattern, error) {
		return p, &PatternError{Pattern: text, Reason: reason, code: code}
	}
	if i := strings.IndexAny(text, " \t\v\f\r\n?#"); i >= 0 {
		switch text[i] {
		case '?':
			return fail(codeUnmatchablePattern, "it holds `?`; patterns match the path only, never the query (§9.2 rule 2)")
		case '#':
			return fail(codeUnmatchablePattern, "it holds `#`; patterns match the path only, never the fragment (§9.2 rule 2)")
		}
		return fail(codeUnmatchablePattern, "it holds white space, which no URL path contains; list elements are separated by commas (§6.5)")
	}
	stars := strings.Count(text, "*")
	switch {
	case strings.HasPrefix(text, "*."):
		ext := text[1:]
		if len(ext) < 2 || stars != 1 || strings.Contains(ext, "/") {
			return fail(codeUnsupportedPattern, "`*.ext` needs an extension without `/` or further `*` (§9.1)")
		}
		p.Form = FormExtension
	case strings.HasPrefix(text, "*"):
		return fail(codeUnsupportedPattern, "a pattern starting with `*` must be `*.ext`; `/**` matches every path (§9.1)")
	case !strings.HasPrefix(text, "/"):
		if strings.Contains(text, "://") {
			return fail(codeRelativePattern, "it is a URL; patterns are paths beginning with `/` and match the path only (§9.2 rules 1 and 2)")
		}
		return fail(codeRelativePattern, "path patterns must begin with `/` (§9.2 rule 1)")
	case stars == 0:
		p.Form = FormExact
	case stars == 2 && strings.HasSuffix(text, "/**"):
		p.Form = FormAnyDepth
	case stars == 1 && strings.HasSuffix(text, "/*"):
		p.Form = FormOneSegment
	default:
		return fail(codeUnsupportedPattern, "`*` may only end a pattern as `/*` or `/**`, or start one as `*.ext` (§9.1)")
	}
	return p, nil
}

// literal returns the pattern's fixed part, normalized: the whole path of
// an exact pattern, the prefix up to and including the last `/` of a
// one-segment or any-depth pattern, and `.ext` of an extension pattern.
// A path is normalized as a request's path is (requestPath): decoded, and
// without its `.` and `..` segments, which no request holds; so
// `/docs/../admin/**` is read as `/admin/**` (HasDotSegment tells the
// parser to warn).
func (p Pattern) literal() string {
	switch p.Form {
	case FormExact:
		return pathnorm.RemoveDotSegments(normalizePath(p.Text))
	case FormOneSegment:
		return pathnorm.RemoveDotSegments(normalizePath(strings.TrimSuffix(p.Text, "*")))
	case FormAnyDepth:
		return pathnorm.RemoveDotSegments(normalizePath(strings.TrimSuffix(p.Text, "**")))
	case FormExtension:
		return normalizePath(p.Text[1:])
	}
	return ""
}

// HasDotSegment reports whether the path of a pattern of the exact,
// one-segment or any-depth form holds a `.` or `..` segment (`%2E`
// counting as a dot). An agent's HTTP client removes such segments from
// every request it sends (RFC 3986 §5.2.4), so written as they stand they
// would match no request; the pattern is matched with them removed.
func (p Pattern) HasDotSegment() bool {
	switch p.Form {
	case FormExact, FormOneSegment, FormAnyDepth:
		return pathnorm.HasDotSegment(normalizePath(strings.TrimRight(p.Text, "*")))
	}
	return false
}

// Match reports whether the pattern matches a URL path (§9.1, §9.2).
// Matching is case-sensitive; percent-encoded octets other than `%2F` are
// decoded in both the pattern and the path before comparing, and the
// path's dot segments are removed (see requestPath). An invalid pattern
// matches nothing.
func (p Pattern) Match(path string) bool {
	return p.match(requestPath(path))
}

// normalized returns the pattern as it is matched: its literal part
// normalized (literal), with the pattern's `*`, `**` or `*` prefix.
func (p Pattern) normalized() string {
	switch p.Form {
	case FormOneSegment:
		return p.literal() + "*"
	case FormAnyDepth:
		return p.literal() + "**"
	case FormExtension:
		return "*" + p.literal()
	}
	return p.literal()
}

// match matches a normalized path.
func (p Pattern) match(path string) bool {
	lit := p.literal()
	switch p.Form {
	case FormExact:
		return path == lit
	case FormOneSegment:
		rest, ok := strings.CutPrefix(path, lit)
		return ok && !strings.Contains(rest, "/")
	case FormAnyDepth:
		return strings.HasPrefix(path, lit)
	case FormExtension:
		return strings.HasSuffix(path, lit)
	}
	return false
}

// moreSpecific reports whether p is more specific than q (§9.2 rule 4).
// An exact pattern is more specific than any wildcard pattern; otherwise
// the pattern with the longer literal part wins (as RFC 9309 §2.2.2 counts
// octets); at equal length `/p/*` beats `/p/**`, which beats `*.ext`.
func (p Pattern) moreSpecific(q Pattern) bool {
	if (p.Form == FormExact) != (q.Form == FormExact) {
		return p.Form == FormExact
	}
	if lp, lq := len(p.literal()), len(q.literal()); lp != lq {
		return lp > lq
	}
	return formRank(p.Form) > formRank(q.Form)
}

// sameSpecificity reports whether neither pattern is more specific.
func (p Pattern) sameSpecificity(q Pattern) bool {
	return !p.moreSpecific(q) && !q.moreSpecific(p)
}

// formRank orders the wildcard forms from broad to narrow.
func formRank(f PatternForm) int {
	switch f {
	case FormExact:
		return 3
	case FormOneSegment:
		return 2
	case FormAnyDepth:
		return 1
	}
	return 0
}

// cleanPath returns the path of a request target: the part before any query
// or fragment, "/" when empty.
func cleanPath(path string) string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if path == "" {
		return "/"
	}
	return path
}

// requestPath returns the path of a request target as an agent's HTTP
// client sends it, normalized for matching: without query or fragment,
// percent-decoded (normalizePath), and without "." and ".." segments (RFC
// 3986 §5.2.4), so that "/docs/../admin/x" and "/docs/%2E%2E/admin/x" are
// matched as "/admin/x", the path the server is asked for.
func requestPath(path string) string {
	return pathnorm.RemoveDotSegments(normalizePath(cleanPath(path)))
}

// normalizePath decodes percent-encoded octets except `%2F` (which would
// change the path's segments), `%3F` and `%23` (which would end it), written
// upper case, and `%25`: a `%`, decoded or left bare (not starting an
// escape), is written `%25`, so that normalizing twice gives the same path
// ("/%2%30" is "/%2520", never the "/%20" that a second pass would decode
// again).
func normalizePath(p string) string {
	if !strings.Contains(p, "%") {
		return p
	}
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		if p[i] != '%' {
			b.WriteByte(p[i])
			continue
		}
		if i+2 < len(p) && pathnorm.IsHex(p[i+1]) && pathnorm.IsHex(p[i+2]) {
			switch v := pathnorm.Unhex(p[i+1])<<4 | pathnorm.Unhex(p[i+2]); v {
			case '/', '?', '#', '%':
				pathnorm.WriteEscape(&b, v)
			default:
				b.WriteByte(v)
			}
			i += 2
			continue
		}
		b.WriteString("%25")
	}
	return b.String()
}
