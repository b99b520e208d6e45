package pathnorm

import (
	"bytes"
	"strings"
)

// RemoveDotSegments removes the "." and ".." segments of a URL path by the
// algorithm of RFC 3986 §5.2.4, as every HTTP client does before it sends a
// request: "/docs/../admin/x" is "/admin/x". Unlike path.Clean it keeps
// empty segments ("//") and a final "/", and unlike net/url's reference
// resolution it keeps a "//" that follows a removed ".." ("/..//x" is
// "//x"). Anything from the first "?" or "#" on, a query or a fragment, is
// left as it is.
//
// Only a literal "." is a dot: decode the percent escapes of unreserved
// characters first (Canonical with decode does), so that "%2E" counts too,
// as RFC 3986 §6.2.2 orders the normalizations and WHATWG URL parsers read
// "%2e". p itself is returned when it has no dot segment.
func RemoveDotSegments(p string) string {
	end := strings.IndexAny(p, "?#")
	if end < 0 {
		end = len(p)
	}
	in, rest := p[:end], p[end:]
	if !HasDotSegment(in) {
		return p
	}
	out := make([]byte, 0, len(p))
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"): // step 2A
			in = in[3:]
		case strings.HasPrefix(in, "./"): // 2A
			in = in[2:]
		case strings.HasPrefix(in, "/./"): // 2B
			in = in[2:]
		case in == "/.": // 2B
			in = "/"
		case strings.HasPrefix(in, "/../"): // 2C
			in = in[3:]
			out = dropLastSegment(out)
		case in == "/..": // 2C
			in = "/"
			out = dropLastSegment(out)
		case in == "." || in == "..": // 2D
			in = ""
		default: // 2E: move the first segment, with its leading "/"
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out = append(out, in[:i]...)
			in = in[i:]
		}
	}
	return string(append(out, rest...))
}

// dropLastSegment removes the last segment of out and the "/" before it, if
// any (RFC 3986 §5.2.4 step 2C).
func dropLastSegment(out []byte) []byte {
	i := bytes.LastIndexByte(out, '/')
	if i < 0 {
		return out[:0]
	}
	return out[:i]
}

// HasDotSegment reports whether the path p (without a query) has a "." or
// ".." segment. Only a literal "." is a dot (see RemoveDotSegments).
func HasDotSegment(p string) bool {
	for p != "" {
		seg := p
		if i := strings.IndexByte(p, '/'); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// DeadDotSegment reports whether a path pattern can match no request
// because its fixed start holds a "." or ".." segment, which no request
// holds once its HTTP client has removed them (RemoveDotSegments). "%2E"
// counts as a dot. The fixed start ends at the first "?", since a query
// keeps its dots, and, where wildcards is true (robots.txt's syntax, RFC
// 9309 §2.2.3), at the first "*", which may span a query. A segment in it
// is dead when a "/" follows it, or when it ends a wildcards pattern
// before the final "$" that anchors it. A pattern matched as a prefix
// that ends in "/.." without an anchor is alive: "/a/.." matches
// "/a/..b".
func DeadDotSegment(pattern string, wildcards bool) bool {
	fixed, anchored := pattern, false
	if wildcards {
		fixed, anchored = strings.CutSuffix(fixed, "$")
	}
	stops := "?"
	if wildcards {
		stops = "?*"
	}
	if i := strings.IndexAny(fixed, stops); i >= 0 {
		fixed, anchored = fixed[:i], false
	}
	if strings.Contains(fixed, "%") {
		fixed = strings.NewReplacer("%2E", ".", "%2e", ".").Replace(fixed)
	}
	return strings.Contains(fixed, "/./") || strings.Contains(fixed, "/../") ||
		anchored && (strings.HasSuffix(fixed, "/.") || strings.HasSuffix(fixed, "/.."))
}
