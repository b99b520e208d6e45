package did

import (
	"net/url"
	"strings"

	"golang.org/x/net/idna"
)

// WebDID returns the did:web DID of a host (with port when not the
// default): "did:web:" followed by the host, the colon before a port
// percent-encoded as %3A, per the W3C did:web method specification.
func WebDID(host string) string {
	return "did:web:" + strings.ReplaceAll(host, ":", "%3A")
}

// webHost returns the host (with port) a did:web DID names, and whether
// the DID names a path below the host (did:web:example.com:user:alice),
// which resolves to a document other than /.well-known/did.json. ok is
// false when id is not a did:web DID with a non-empty, well-escaped host.
func webHost(id string) (host string, hasPath, ok bool) {
	rest, found := strings.CutPrefix(id, "did:web:")
	if !found || rest == "" {
		return "", false, false
	}
	first, path, _ := strings.Cut(rest, ":")
	host, err := url.PathUnescape(first)
	if err != nil || host == "" || strings.ContainsAny(host, "/?#@ ") {
		return "", false, false
	}
	return host, path != "", true
}

// sameHost compares two hosts (with optional ports) the way DNS does:
// case-insensitively, and with internationalized names in their ASCII
// (punycode) form.
func sameHost(a, b string) bool {
	return normalizeHost(a) == normalizeHost(b)
}

func normalizeHost(h string) string {
	name, port := h, ""
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i:], "]") {
		name, port = h[:i], h[i:]
	}
	if ascii, err := idna.Lookup.ToASCII(name); err == nil {
		name = ascii
	}
	return strings.ToLower(name) + port
}
