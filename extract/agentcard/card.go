// Package agentcard parses /.well-known/agent-card.json, which serves two
// specifications at once: it is the snapshot artifact of agent-feed v0
// (§4.3, schema deliberately unspecified) and the path of the A2A agent
// card.
//
// Parse is a pure function from bytes to a typed Card and diagnostics
// (codes "agent-card.*", listed by Codes). A card is invalid only when it
// is not a JSON object; its shape is then recognised, in this order:
//
//   - "a2a": an A2A AgentCard — a `name` with an interface (`url`,
//     `supportedInterfaces`, `additionalInterfaces` or
//     `preferredTransport`) and an A2A descriptor (`skills`,
//     `capabilities`, `defaultInputModes`, `defaultOutputModes` or
//     `protocolVersion`), except that `url` with `capabilities` alone, as
//     many other manifests have them, is A2A only when the capabilities
//     are A2A's (an object with `streaming`, `pushNotifications`, ...), and
//     a card with no interface is A2A (one that lacks its url) when it has
//     A2A's capabilities and another A2A descriptor. Its endpoints are `url` (transport
//     `preferredTransport`, default JSONRPC), every `additionalInterfaces`
//     entry (A2A ≤ 0.3) and every `supportedInterfaces` entry (A2A 1.0), all
//     with protocol "a2a". Departures from the A2A schema are warnings:
//     a card is never invalid because it is an A2A card;
//   - "erc-8004": an ERC-8004 agent registration file (a `type` naming
//     the EIP), whose `services` (or `endpoints`, in the EIP's drafts)
//     with an http(s) URL are endpoints, protocol the service's name;
//     such a card is not compared with a feed (FeedComparable);
//   - "snapshot": an `endpoints` member, either an array of objects or an
//     object keyed by endpoint-id, each naming `endpoint` (or `url` or
//     `path`), `protocol`, `endpoint-id` (or `id`) and `version` — the
//     fields of an agent-feed endpoint-announcement — or a string, the URL
//     itself;
//   - "mcp": an MCP server card (`serverInfo`, `transport.endpoint`, or
//     `remotes[].url`), endpoints with protocol "mcp";
//   - "other": any other object, recorded as is (an info diagnostic).
//
// Endpoints from every recognised shape are collected, so a card that is
// both an A2A card and an endpoint snapshot contributes both; the agent
// feed parser compares them with the feed's latest endpoint announcements.
package agentcard

import (
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/agentpolicy/survey/extract/internal/jsondoc"
)

// MaxBytes is the largest card Parse accepts.
const MaxBytes = 4 << 20

const maxDepth = 64

// Kind is the recognised shape of a card.
type Kind string

// The shapes.
const (
	KindA2A      Kind = "a2a"
	KindSnapshot Kind = "snapshot"
	KindMCP      Kind = "mcp"
	KindERC8004  Kind = "erc-8004"
	KindOther    Kind = "other"
)

// Card is a parsed agent-card.json.
type Card struct {
	// Kind is the first recognised shape.
	Kind Kind `json:"kind"`
	// Shapes are every recognised shape, Kind first.
	Shapes []Kind `json:"shapes"`
	// Name, Description and Version are the card's own fields when they
	// are strings.
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	Version     string `json:"version,omitempty"`
	// ProtocolVersion is the A2A protocolVersion when present.
	ProtocolVersion string `json:"protocol_version,omitempty"`
	// Skills is the number of A2A skills.
	Skills int `json:"skills"`
	// Endpoints are the endpoints the card names, in document order.
	Endpoints []Endpoint `json:"endpoints"`
	// Members are the names of the top-level members, sorted.
	Members []string `json:"members"`
}

// Endpoint is one endpoint a card names.
type Endpoint struct {
	// Protocol is "a2a" for A2A interfaces, "mcp" for MCP remotes, or the
	// snapshot's `protocol`.
	Protocol string `json:"protocol"`
	// ID is the endpoint-id when the card names one.
	ID string `json:"id,omitempty"`
	// URL is the URL as written (absolute, or a path starting with /).
	URL string `json:"url"`
	// Transport is the A2A transport / protocolBinding or MCP transport
	// type.
	Transport string `json:"transport,omitempty"`
	// Version is the endpoint's version (A2A protocolVersion, snapshot
	// version) when named.
	Version string `json:"version,omitempty"`
	// Source is where in the card the endpoint was found, for example
	// "url" or "supportedInterfaces[0]".
	Source string `json:"source"`
	// Line is the 1-based line of the URL.
	Line int `json:"line"`
}

// Parse parses an agent-card.json document. card is nil when the body is
// not a JSON object.
func Parse(body []byte) (card *Card, diags diag.List) {
	defer func() { diags = diag.Cap(diags) }()
	root, ok := jsondoc.Object(body, "the card", jsondoc.Limits{MaxBytes: MaxBytes, MaxDepth: maxDepth}, documentCodes, &diags)
	if !ok {
		return nil, diags
	}
	card = &Card{Endpoints: []Endpoint{}, Shapes: []Kind{}, Members: []string{}}
	for _, m := range root.Members {
		card.Members = append(card.Members, m.Key)
	}
	sort.Strings(card.Members)
	card.Members = compact(card.Members)
	card.Name = str(root, "name")
	card.Description = str(root, "description")
	card.Version = str(root, "version")
	card.ProtocolVersion = str(root, "protocolVersion")

	erc8004 := isERC8004(root)
	if isA2A(root) {
		card.Shapes = append(card.Shapes, KindA2A)
		readA2A(card, root, &diags)
	}
	if erc8004 {
		// Its `endpoints` (the EIP's drafts) are its services, not a
		// snapshot's.
		card.Shapes = append(card.Shapes, KindERC8004)
		readERC8004(card, root, &diags)
	} else if eps, ok := root.Get("endpoints"); ok && (eps.Kind == canonjson.Array || eps.Kind == canonjson.Object) {
		card.Shapes = append(card.Shapes, KindSnapshot)
		readSnapshot(card, eps, &diags)
	}
	if isMCP(root) {
		card.Shapes = append(card.Shapes, KindMCP)
		readMCP(card, root, &diags)
	}
	if len(card.Shapes) == 0 {
		card.Shapes = append(card.Shapes, KindOther)
		if len(card.Members) == 0 {
			diags.Add(codeUnrecognised, root.Line, "the card is an empty JSON object, of no recognised shape")
		} else {
			diags.Add(codeUnrecognised, root.Line, "the card is a JSON object with members %s, of no recognised shape", strings.Join(card.Members, ", "))
		}
	}
	card.Kind = card.Shapes[0]
	for _, ep := range card.Endpoints {
		if !endpointURLOK(ep.URL) {
			diags.Add(codeEndpointURL, ep.Line, "%s: %q is neither an absolute http(s) URL nor a path starting with /", ep.Source, ep.URL)
		}
	}
	return card, diags
}

// FeedComparable reports whether the card can be compared with an agent
// feed's endpoint table (§4.3): every card but an ERC-8004 registration
// file (of that shape alone or beside another), whose A2A service names
// the agent card's URL (the EIP's example:
// "https://agent.example/.well-known/agent-card.json"), not an endpoint.
func (c *Card) FeedComparable() bool {
	return c != nil && !slices.Contains(c.Shapes, KindERC8004)
}

func compact(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// str returns the string member name of obj, or "".
func str(obj canonjson.Value, name string) string {
	if v, ok := obj.Get(name); ok && v.Kind == canonjson.String {
		return v.Str
	}
	return ""
}

func has(obj canonjson.Value, names ...string) bool {
	for _, n := range names {
		if _, ok := obj.Get(n); ok {
			return true
		}
	}
	return false
}

func endpointURLOK(s string) bool {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		return true
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && hostOK(u.Host)
}

// hostOK reports whether host (with its port) is made of the characters
// RFC 3986 §3.2.2 allows in a host: url.Parse lets through some it does not,
// such as the angle brackets of a template ("https://<HOST>/a2a"). Bytes
// above 0x7f, of an internationalised name, are allowed.
func hostOK(host string) bool {
	for i := 0; i < len(host); i++ {
		c := host[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c >= 0x80:
		case strings.IndexByte("-._~!$&'()*+,;=%:[]", c) >= 0:
		default:
			return false
		}
	}
	return true
}
