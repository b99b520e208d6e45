package agentcard

import (
	"cmp"
	"fmt"
	"net/url"
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// Announced is an endpoint as an agent feed's latest applied
// endpoint-announcement (and schema-changes) leave it (agent-feed v0 §2.4).
type Announced struct {
	Protocol string
	ID       string
	URL      string // absolute, or a path starting with /; "" for a record a schema-change made (a version only)
	Version  string
	// Deprecated is true when a deprecation applies to the endpoint; a card
	// may then omit it.
	Deprecated bool
	// Line is the line of the feed entry that last set the URL, and
	// VersionLine that of the entry that last set the version (a
	// schema-change's, or the announcement's).
	Line        int
	VersionLine int
}

// Disagreement is one way a card disagrees with a feed (§4.3).
type Disagreement struct {
	// Announced is the feed's endpoint.
	Announced Announced
	// Card is the card endpoint that disagrees; for a missing URL it is the
	// first card endpoint of the protocol.
	Card Endpoint
	// Message describes the disagreement.
	Message string
	// FeedLine is the line of the feed entry the card disagrees with: the
	// one that set the URL, or for a version the one that set the version.
	FeedLine int
}

// Compare checks a card against a feed's endpoint table (§4.3: the
// snapshot must be consistent with the most recent applicable feed entry).
// URLs are compared after resolving paths against origin (for example
// "https://example.com") and normalising scheme and host case and default
// ports; nothing else is normalised. Where the card names an endpoint by
// endpoint-id, its URL and version must equal the feed's; otherwise, where
// the card names endpoints of the same protocol, the announced URL must be
// one of them (deprecated endpoints may be omitted). A card that names no
// endpoint for a protocol is not compared for it.
func Compare(card *Card, origin string, announced []Announced) []Disagreement {
	if card == nil {
		return nil
	}
	// Index the card: endpoints named by id (keyed by lower-case protocol
	// and id, the protocol empty when the card gives none), and the URLs of
	// every endpoint of each protocol, named by id or not: a card that
	// names endpoints of a protocol must name the feed's (§4.3: "If the
	// feed says the canonical A2A endpoint is ..., the snapshot MUST also
	// say so").
	type protoIndex struct {
		urls  map[string]bool
		first Endpoint
		list  []string
	}
	byID := map[string]int{}
	byProto := map[string]*protoIndex{}
	for i, e := range card.Endpoints {
		if e.ID != "" {
			k := strings.ToLower(e.Protocol) + "\x00" + e.ID
			if _, dup := byID[k]; !dup {
				byID[k] = i
			}
		}
		p := strings.ToLower(e.Protocol)
		pi := byProto[p]
		if pi == nil {
			pi = &protoIndex{urls: map[string]bool{}, first: e}
			byProto[p] = pi
		}
		pi.urls[normalizeURL(e.URL, origin)] = true
		if len(pi.list) < 5 {
			pi.list = append(pi.list, e.URL)
		}
	}
	var out []Disagreement
	for _, a := range announced {
		want := normalizeURL(a.URL, origin)
		i, ok := byID[strings.ToLower(a.Protocol)+"\x00"+a.ID]
		if j, ok2 := byID["\x00"+a.ID]; ok2 && (!ok || j < i) {
			i, ok = j, true
		}
		if ok {
			e := card.Endpoints[i]
			switch {
			case a.URL != "" && normalizeURL(e.URL, origin) != want:
				out = append(out, Disagreement{Announced: a, Card: e, FeedLine: a.Line,
					Message: fmt.Sprintf("%s names endpoint %q at %s; the feed announces %s", e.Source, a.ID, e.URL, a.URL)})
			case e.Version != "" && a.Version != "" && e.Version != a.Version:
				out = append(out, Disagreement{Announced: a, Card: e, FeedLine: cmp.Or(a.VersionLine, a.Line),
					Message: fmt.Sprintf("%s gives endpoint %q version %s; the feed's latest is %s", e.Source, a.ID, e.Version, a.Version)})
			}
			continue
		}
		pi := byProto[strings.ToLower(a.Protocol)]
		if pi == nil || a.Deprecated || a.URL == "" || pi.urls[want] {
			continue // a record of a schema-change alone has no URL to look for
		}
		out = append(out, Disagreement{Announced: a, Card: pi.first, FeedLine: a.Line,
			Message: fmt.Sprintf("the card's %s endpoints (%s) do not include %s, which the feed announces for %q", a.Protocol, strings.Join(pi.list, ", "), a.URL, a.ID)})
	}
	return out
}

// normalizeURL resolves u against origin and lower-cases scheme and host,
// dropping a default port. An unparsable URL is returned as is.
func normalizeURL(u, origin string) string {
	ref, err := url.Parse(u)
	if err != nil {
		return u
	}
	if base, err := url.Parse(origin); err == nil && origin != "" {
		ref = base.ResolveReference(ref)
	}
	ref.Scheme = strings.ToLower(ref.Scheme)
	ref.Host = strings.ToLower(ref.Host)
	if (ref.Scheme == "https" && strings.HasSuffix(ref.Host, ":443")) || (ref.Scheme == "http" && strings.HasSuffix(ref.Host, ":80")) {
		ref.Host = ref.Host[:strings.LastIndexByte(ref.Host, ':')]
	}
	if ref.Host != "" && ref.Path == "" {
		ref.Path = "/"
	}
	return ref.String()
}

// FeedUntrusted is the info diagnostic of a card whose origin's agent feed
// did not verify (its key did not resolve), so that it was not compared.
func FeedUntrusted() diag.Diagnostic {
	return codeFeedUntrusted.At(0, "the origin's agent feed is untrusted (its key did not resolve: no usable did.json), so the card was not compared with it (§2.2: nothing of it applies)")
}

// FeedDiagnostics returns the card's diagnostics for disagreements with the
// feed, at the card's lines.
func FeedDiagnostics(ds []Disagreement) diag.List {
	var out diag.List
	for _, d := range ds {
		out.Add(codeFeedMismatch, d.Card.Line, "%s (feed line %d)", d.Message, d.FeedLine)
	}
	return out
}
