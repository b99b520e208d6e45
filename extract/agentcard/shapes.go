package agentcard

import (
	"fmt"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// isA2A recognises an A2A AgentCard: a name, an interface and an A2A
// descriptor. `url` and `capabilities` are names many other agent manifests
// use too ({"name", "url", "capabilities": ["search"]}), so the two together
// make a card A2A only when its capabilities are A2A's: an object with an
// AgentCapabilities member (streaming, pushNotifications, ...). A card with
// no interface at all is A2A when it has both A2A's capabilities and another
// A2A descriptor (skills, the modes, protocolVersion): an A2A card that lacks
// its url, which readA2A reports.
func isA2A(root canonjson.Value) bool {
	if !has(root, "name") {
		return false
	}
	descriptor := has(root, "skills", "defaultInputModes", "defaultOutputModes", "protocolVersion")
	caps, hasCaps := root.Get("capabilities")
	a2aCaps := hasCaps && caps.Kind == canonjson.Object && has(caps, a2aCapabilities...)
	switch {
	case has(root, "supportedInterfaces", "additionalInterfaces", "preferredTransport"):
		return descriptor || hasCaps
	case has(root, "url"):
		return descriptor || a2aCaps
	default:
		return descriptor && a2aCaps
	}
}

// a2aCapabilities are the members of an A2A AgentCapabilities object in
// A2A 0.2 to 1.0.
var a2aCapabilities = []string{"streaming", "pushNotifications", "stateTransitionHistory", "extensions", "extendedAgentCard"}

// a2aField is an AgentCard field the A2A specification requires, with its
// JSON kind.
type a2aField struct {
	name string
	kind canonjson.Kind
}

// a2aFields returns the required AgentCard fields.
func a2aFields() []a2aField {
	return []a2aField{
		{"name", canonjson.String},
		{"description", canonjson.String},
		{"version", canonjson.String},
		{"capabilities", canonjson.Object},
		{"defaultInputModes", canonjson.Array},
		{"defaultOutputModes", canonjson.Array},
		{"skills", canonjson.Array},
	}
}

// readA2A records an A2A card's endpoints and checks its required fields.
func readA2A(card *Card, root canonjson.Value, diags *diag.List) {
	for _, f := range a2aFields() {
		v, ok := root.Get(f.name)
		switch {
		case !ok:
			diags.Add(codeA2AMissing, root.Line, "A2A agent card has no `%s`", f.name)
		case v.Kind != f.kind:
			diags.Add(codeA2AType, v.Line, "A2A agent card `%s` is %s, not %s", f.name, v.Kind.WithArticle(), f.kind.WithArticle())
		}
	}
	checkVersionShape(root, diags)
	if skills, ok := root.Get("skills"); ok && skills.Kind == canonjson.Array {
		card.Skills = len(skills.Elems)
		for i, e := range skills.Elems {
			src := fmt.Sprintf("skills[%d]", i)
			if e.Kind != canonjson.Object {
				diags.Add(codeA2AType, e.Line, "%s is %s, not an object", src, e.Kind.WithArticle())
				continue
			}
			checkFields(e, src, skillFields, diags)
		}
	}
	if u, ok := root.Get("url"); ok {
		if u.Kind != canonjson.String {
			diags.Add(codeA2AType, u.Line, "A2A agent card `url` is %s, not a string", u.Kind.WithArticle())
		} else {
			transport := str(root, "preferredTransport")
			if transport == "" {
				transport = "JSONRPC"
			}
			card.Endpoints = append(card.Endpoints, Endpoint{Protocol: "a2a", URL: u.Str, Transport: transport,
				Version: card.ProtocolVersion, Source: "url", Line: u.Line})
		}
	}
	readInterfaces(card, root, "additionalInterfaces", "transport", diags)
	readInterfaces(card, root, "supportedInterfaces", "protocolBinding", diags)
}

// checkVersionShape checks that a card lists its interfaces as its A2A
// version does: `url` up to 0.3, `supportedInterfaces` from 1.0. A card that
// gives protocolVersion (0.3's member; 1.0 names the version per interface)
// is held to that version; one that does not, to either.
func checkVersionShape(root canonjson.Value, diags *diag.List) {
	hasURL, hasList := has(root, "url"), has(root, "supportedInterfaces")
	if !hasURL && !hasList {
		diags.Add(codeA2AMissing, root.Line, "A2A agent card has neither `url` (A2A ≤ 0.3) nor `supportedInterfaces` (A2A 1.0)")
		return
	}
	pv, ok := root.Get("protocolVersion")
	if !ok || pv.Kind != canonjson.String {
		return
	}
	switch major, _, _ := strings.Cut(pv.Str, "."); {
	case major == "0" && !hasURL:
		diags.Add(codeA2AMissing, pv.Line, "A2A agent card gives protocolVersion %q but has no `url`, which A2A 0.x requires (`supportedInterfaces` is A2A 1.0's)", pv.Str)
	case major == "1" && !hasList:
		diags.Add(codeA2AMissing, pv.Line, "A2A agent card gives protocolVersion %q but has no `supportedInterfaces`, where A2A 1.0 lists its interfaces (`url` is A2A 0.3's)", pv.Str)
	}
}

// interfaceFields are the members, besides `url`, that A2A requires of every
// entry of an interface list: an AgentInterface of A2A 0.3
// (additionalInterfaces) names its transport, one of A2A 1.0
// (supportedInterfaces) its protocol binding and protocol version.
var interfaceFields = map[string][]a2aField{
	"additionalInterfaces": {{"transport", canonjson.String}},
	"supportedInterfaces":  {{"protocolBinding", canonjson.String}, {"protocolVersion", canonjson.String}},
}

// skillFields are the members A2A (0.2 to 1.0) requires of every AgentSkill.
var skillFields = []a2aField{
	{"id", canonjson.String}, {"name", canonjson.String}, {"description", canonjson.String}, {"tags", canonjson.Array},
}

// readInterfaces records the entries of an A2A interface list.
func readInterfaces(card *Card, root canonjson.Value, list, transportField string, diags *diag.List) {
	v, ok := root.Get(list)
	if !ok {
		return
	}
	if v.Kind != canonjson.Array {
		diags.Add(codeA2AType, v.Line, "A2A agent card `%s` is %s, not an array", list, v.Kind.WithArticle())
		return
	}
	for i, e := range v.Elems {
		src := fmt.Sprintf("%s[%d]", list, i)
		if e.Kind != canonjson.Object {
			diags.Add(codeA2AType, e.Line, "%s is %s, not an object", src, e.Kind.WithArticle())
			continue
		}
		checkFields(e, src, interfaceFields[list], diags)
		u, ok := e.Get("url")
		if !ok || u.Kind != canonjson.String || u.Str == "" {
			diags.Add(codeEndpointNoURL, e.Line, "%s has no string `url`", src)
			continue
		}
		version := str(e, "protocolVersion")
		if version == "" {
			version = card.ProtocolVersion
		}
		card.Endpoints = append(card.Endpoints, Endpoint{Protocol: "a2a", URL: u.Str, Transport: str(e, transportField),
			Version: version, Source: src, Line: u.Line})
	}
}

// readSnapshot records the endpoints of an `endpoints` member: an array of
// objects, or an object keyed by endpoint-id, each naming its URL as
// `endpoint`, `url` or `path`. An entry that is a string is
// the endpoint's URL itself ({"search": "/api/search"}, the compact form
// common in real cards).
func readSnapshot(card *Card, eps canonjson.Value, diags *diag.List) {
	add := func(e canonjson.Value, id, src string) {
		if e.Kind == canonjson.String {
			if e.Str == "" {
				diags.Add(codeEndpointNoURL, e.Line, "%s is an empty string, not an endpoint URL", src)
				return
			}
			card.Endpoints = append(card.Endpoints, Endpoint{ID: id, URL: e.Str, Source: src, Line: e.Line})
			return
		}
		if e.Kind != canonjson.Object {
			diags.Add(codeEndpointNoURL, e.Line, "%s is %s, not an object naming an endpoint", src, e.Kind.WithArticle())
			return
		}
		u, ok := e.Get("endpoint")
		if !ok {
			u, ok = e.Get("url")
		}
		if !ok {
			// Agent manifests name the endpoint by its path:
			// {"id": "wallet-risk", "method": "POST", "path": "/wallet-risk"}.
			u, ok = e.Get("path")
		}
		if !ok || u.Kind != canonjson.String || u.Str == "" {
			diags.Add(codeEndpointNoURL, e.Line, "%s has no string `endpoint`, `url` or `path`", src)
			return
		}
		if id == "" {
			id = str(e, "endpoint-id")
		}
		if id == "" {
			id = str(e, "id")
		}
		card.Endpoints = append(card.Endpoints, Endpoint{Protocol: str(e, "protocol"), ID: id, URL: u.Str,
			Transport: str(e, "transport"), Version: str(e, "version"), Source: src, Line: u.Line})
	}
	if eps.Kind == canonjson.Array {
		for i, e := range eps.Elems {
			add(e, "", fmt.Sprintf("endpoints[%d]", i))
		}
		return
	}
	for _, m := range eps.Members {
		add(m.Value, m.Key, fmt.Sprintf("endpoints[%q]", m.Key))
	}
}

// isMCP recognises an MCP server card or server.json.
func isMCP(root canonjson.Value) bool {
	if has(root, "serverInfo") {
		return true
	}
	if t, ok := root.Get("transport"); ok && t.Kind == canonjson.Object && has(t, "endpoint") {
		return true
	}
	r, ok := root.Get("remotes")
	return ok && r.Kind == canonjson.Array
}

// readMCP records an MCP card's endpoints: transport.endpoint and
// remotes[].url.
func readMCP(card *Card, root canonjson.Value, diags *diag.List) {
	if t, ok := root.Get("transport"); ok && t.Kind == canonjson.Object {
		if u, ok := t.Get("endpoint"); ok && u.Kind == canonjson.String && u.Str != "" {
			card.Endpoints = append(card.Endpoints, Endpoint{Protocol: "mcp", URL: u.Str, Transport: str(t, "type"),
				Version: str(root, "protocolVersion"), Source: "transport.endpoint", Line: u.Line})
		}
	}
	r, ok := root.Get("remotes")
	if !ok || r.Kind != canonjson.Array {
		return
	}
	for i, e := range r.Elems {
		src := fmt.Sprintf("remotes[%d]", i)
		u, ok := e.Get("url")
		if e.Kind != canonjson.Object || !ok || u.Kind != canonjson.String || u.Str == "" {
			diags.Add(codeEndpointNoURL, e.Line, "%s has no string `url`", src)
			continue
		}
		card.Endpoints = append(card.Endpoints, Endpoint{Protocol: "mcp", URL: u.Str, Transport: str(e, "type"),
			Source: src, Line: u.Line})
	}
}

// checkFields reports the members of obj (an entry at src) that A2A
// requires and that are missing, in one diagnostic, or of the wrong kind.
func checkFields(obj canonjson.Value, src string, fields []a2aField, diags *diag.List) {
	var missing []string
	for _, f := range fields {
		switch v, ok := obj.Get(f.name); {
		case !ok:
			missing = append(missing, "`"+f.name+"`")
		case v.Kind != f.kind:
			diags.Add(codeA2AType, v.Line, "%s `%s` is %s, not %s", src, f.name, v.Kind.WithArticle(), f.kind.WithArticle())
		}
	}
	if len(missing) > 0 {
		diags.Add(codeA2AMissing, obj.Line, "%s has no %s", src, strings.Join(missing, ", "))
	}
}
