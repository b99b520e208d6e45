package content

import "strings"

// Placeholders in host-dependent text. They never occur in a body
// otherwise.
const (
	// hostMark stands for the host as requested, e.g. "example.test:8443".
	hostMark = "{{host}}"
	// didHostMark stands for the host as a did:web method-specific id: the
	// port separator percent-encoded, e.g. "example.test%3A8443".
	didHostMark = "{{did-host}}"
)

// hostTemplate is text split at its host placeholders once, so that a
// body for a host is one allocation and a few copies.
type hostTemplate struct {
	parts []string // literal text; between two parts comes a host
	marks []string // marks[i] is the placeholder between parts[i] and parts[i+1]
	size  int      // total length of the literal text
}

// newHostTemplate splits text at hostMark and didHostMark.
func newHostTemplate(text string) hostTemplate {
	var t hostTemplate
	for {
		i, mark := nextMark(text)
		if i < 0 {
			t.parts = append(t.parts, text)
			t.size += len(text)
			return t
		}
		t.parts = append(t.parts, text[:i])
		t.marks = append(t.marks, mark)
		t.size += i
		text = text[i+len(mark):]
	}
}

// nextMark returns the index and value of the first placeholder in s, or
// -1.
func nextMark(s string) (int, string) {
	h, d := strings.Index(s, hostMark), strings.Index(s, didHostMark)
	switch {
	case h < 0 && d < 0:
		return -1, ""
	case d < 0 || (h >= 0 && h < d):
		return h, hostMark
	default:
		return d, didHostMark
	}
}

// render returns the text with host substituted.
func (t hostTemplate) render(host string) []byte {
	did := didWebHost(host)
	n := t.size
	for _, m := range t.marks {
		if m == hostMark {
			n += len(host)
		} else {
			n += len(did)
		}
	}
	out := make([]byte, 0, n)
	for i, p := range t.parts {
		out = append(out, p...)
		if i < len(t.marks) {
			if t.marks[i] == hostMark {
				out = append(out, host...)
			} else {
				out = append(out, did...)
			}
		}
	}
	return out
}

// body returns the template as a Body function.
func (t hostTemplate) body() func(string) []byte { return t.render }

// didWebHost encodes a host for a did:web identifier: the method-specific
// id is the host with the port's colon percent-encoded (W3C did:web §3.1;
// specs README: agent-feed).
func didWebHost(host string) string {
	return strings.ReplaceAll(host, ":", "%3A")
}

// DIDWeb returns the did:web identifier of a host, e.g.
// "did:web:example.test%3A8443" for "example.test:8443". The did.json of a
// valid FeedSet served to that host has this id.
func DIDWeb(host string) string { return "did:web:" + didWebHost(host) }
