package agentcard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

func codes(l diag.List) []string {
	out := []string{}
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

func checkCatalogued(t *testing.T, l diag.List) {
	t.Helper()
	cat := diag.Catalogue(Codes())
	for _, d := range l {
		c, ok := cat.Lookup(d.Code)
		if !ok {
			t.Errorf("emitted code %s is not in Codes()", d.Code)
			continue
		}
		if c.Severity != d.Severity || c.Spec != d.Spec {
			t.Errorf("diagnostic %v does not match its catalogue entry %+v", d, c)
		}
	}
}

func TestCodes_Catalogue(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.HasPrefix(c.ID, "agent-card.") {
			t.Errorf("code %s is not in the agent-card namespace", c.ID)
		}
	}
}

// TestParse_Testdata parses every testdata card and compares the codes with
// the matching .codes file.
func TestParse_Testdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 5 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".codes")
		if err != nil {
			t.Fatal(err)
		}
		_, diags := Parse(body)
		if got := strings.Join(codes(diags), " "); got != strings.TrimSpace(string(want)) {
			t.Errorf("%s: codes %q, want %q\n%v", f, got, strings.TrimSpace(string(want)), diags)
		}
		checkCatalogued(t, diags)
	}
}

func parseFile(t *testing.T, name string) *Card {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	card, diags := Parse(body)
	if card == nil {
		t.Fatalf("%s: no card: %v", name, diags)
	}
	return card
}

// TestParse_A2A03: an A2A 0.3 card is recognised, valid, and its url and
// additional interfaces are recorded as a2a endpoints.
func TestParse_A2A03(t *testing.T) {
	c := parseFile(t, "a2a-v03.json")
	want := []Endpoint{
		{Protocol: "a2a", URL: "https://example.com/a2a/v1", Transport: "JSONRPC", Version: "0.3.0", Source: "url", Line: 5},
		{Protocol: "a2a", URL: "https://example.com/a2a/v1", Transport: "JSONRPC", Version: "0.3.0", Source: "additionalInterfaces[0]", Line: 8},
		{Protocol: "a2a", URL: "https://example.com/a2a/grpc", Transport: "GRPC", Version: "0.3.0", Source: "additionalInterfaces[1]", Line: 9},
	}
	if c.Kind != KindA2A || c.Name != "Example Orders Agent" || c.Version != "1.4.0" || c.Skills != 2 || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
}

// TestParse_A2A1: an A2A 1.0 card (supportedInterfaces, no url).
func TestParse_A2A1(t *testing.T) {
	c := parseFile(t, "a2a-v1.json")
	want := []Endpoint{
		{Protocol: "a2a", URL: "https://example.com/a2a/v1", Transport: "JSONRPC", Version: "1.0", Source: "supportedInterfaces[0]", Line: 5},
		{Protocol: "a2a", URL: "https://example.com/a2a/rest", Transport: "HTTP+JSON", Version: "1.0", Source: "supportedInterfaces[1]", Line: 6},
	}
	if c.Kind != KindA2A || c.Skills != 0 || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
}

// TestParse_Section4_3_Snapshot: an endpoint snapshot in the shape of
// endpoint-announcement payloads, as an array or keyed by endpoint-id.
func TestParse_Section4_3_Snapshot(t *testing.T) {
	c := parseFile(t, "snapshot.json")
	want := []Endpoint{
		{Protocol: "a2a", ID: "a2a", URL: "https://example.com/a2a/v1", Version: "1.0", Source: "endpoints[0]", Line: 3},
		{Protocol: "rest", ID: "orders-api", URL: "/api/orders", Version: "1.1", Source: "endpoints[1]", Line: 4},
	}
	if c.Kind != KindSnapshot || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
	c = parseFile(t, "snapshot-map.json")
	want = []Endpoint{{Protocol: "rest", ID: "orders-api", URL: "https://example.com/api/orders", Version: "1.1", Source: `endpoints["orders-api"]`, Line: 3}}
	if c.Kind != KindSnapshot || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
}

// TestParse_Section4_3_SnapshotStrings: an `endpoints` entry that is a
// string is the endpoint's URL (the compact {"id": "url"} form common in
// real cards), not an entry without a URL; only an empty string is. An
// object entry may name its URL as `path` (agent manifests).
func TestParse_Section4_3_SnapshotStrings(t *testing.T) {
	c, diags := Parse([]byte("{\"name\": \"x\",\n \"endpoints\": {\"search\": \"/search\", \"feed\": \"https://example.com/feed\", \"none\": \"\"}}"))
	want := []Endpoint{
		{ID: "search", URL: "/search", Source: `endpoints["search"]`, Line: 2},
		{ID: "feed", URL: "https://example.com/feed", Source: `endpoints["feed"]`, Line: 2},
	}
	if c == nil || c.Kind != KindSnapshot || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
	if len(diags) != 1 || diags[0].Code != codeEndpointNoURL.ID || diags[0].Line != 2 {
		t.Errorf("diags = %v, want one %s on line 2", diags, codeEndpointNoURL.ID)
	}
	c, diags = Parse([]byte(`{"endpoints": ["/a2a", {"url": "/mcp", "protocol": "mcp"}, {"id": "risk", "method": "POST", "path": "/risk"}]}`))
	want = []Endpoint{
		{URL: "/a2a", Source: "endpoints[0]", Line: 1},
		{Protocol: "mcp", URL: "/mcp", Source: "endpoints[1]", Line: 1},
		{ID: "risk", URL: "/risk", Source: "endpoints[2]", Line: 1},
	}
	if c == nil || !reflect.DeepEqual(c.Endpoints, want) || len(diags) != 0 {
		t.Errorf("card = %+v, diags %v", c, diags)
	}
}

// TestParse_A2ATypeMessages: a wrong type is named with its article ("is
// an array, not an object"), as a reader of the report reads it.
func TestParse_A2ATypeMessages(t *testing.T) {
	_, diags := Parse([]byte(`{"name":"x","url":"/a2a","capabilities":["streaming"],"skills":{}}`))
	var got []string
	for _, d := range diags {
		got = append(got, d.Message)
	}
	want := []string{"A2A agent card `capabilities` is an array, not an object", "A2A agent card `skills` is an object, not an array"}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("messages %q lack %q", got, w)
		}
	}
}

func TestParse_MCPAndOther(t *testing.T) {
	c := parseFile(t, "mcp.json")
	want := []Endpoint{{Protocol: "mcp", URL: "/mcp", Transport: "streamable-http", Version: "2025-06-18", Source: "transport.endpoint", Line: 6}}
	if c.Kind != KindMCP || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("card = %+v", c)
	}
	c = parseFile(t, "other.json")
	if c.Kind != KindOther || len(c.Endpoints) != 0 || !reflect.DeepEqual(c.Members, []string{"docs", "hello"}) {
		t.Errorf("card = %+v", c)
	}
}

// TestParse_A2ANeverInvalid: departures from the A2A schema are warnings,
// never errors (specs README: agent-feed).
func TestParse_A2ANeverInvalid(t *testing.T) {
	for _, body := range []string{
		`{"name":"x","url":42,"skills":{}}`,
		`{"name":"x","supportedInterfaces":{},"capabilities":[]}`,
		`{"name":"x","additionalInterfaces":[1,{"transport":"GRPC"}],"protocolVersion":"0.3"}`,
		`{"name":"x","url":"ftp://example.com/","skills":[]}`,
	} {
		c, diags := Parse([]byte(body))
		if c == nil || c.Kind != KindA2A || diags.HasErrors() {
			t.Errorf("%s: kind %v, diags %v", body, c, diags)
		}
		checkCatalogued(t, diags)
	}
}

func TestParse_Shapes(t *testing.T) {
	c, _ := Parse([]byte(`{"name":"x","url":"https://example.com/a2a","skills":[],"endpoints":[{"protocol":"rest","url":"/api"}],"remotes":[{"type":"sse","url":"https://example.com/sse"}]}`))
	if !reflect.DeepEqual(c.Shapes, []Kind{KindA2A, KindSnapshot, KindMCP}) || len(c.Endpoints) != 3 {
		t.Errorf("card = %+v", c)
	}
}

func TestParse_Invalid(t *testing.T) {
	cases := map[string]string{
		"":                            "agent-card.not-json",
		"{\"a\":\"\xff\"}":            "agent-card.invalid-utf8",
		"{\"a\":\x00}":                "agent-card.nul-byte",
		"[" + strings.Repeat("[", 80): "agent-card.too-deep",
		`"just a string"`:             "agent-card.not-object",
		`{"a":Infinity}`:              "agent-card.not-json",
	}
	for body, want := range cases {
		c, diags := Parse([]byte(body))
		if c != nil || len(diags) != 1 || diags[0].Code != want {
			t.Errorf("%q: card %v, diags %v, want %s", body, c, diags, want)
		}
	}
	// An empty card is a whole-body fault at line 0, as tdmrep.not-json.
	for _, body := range []string{"", " \n\n"} {
		if _, diags := Parse([]byte(body)); len(diags) != 1 || diags[0].Code != "agent-card.not-json" || diags[0].Line != 0 {
			t.Errorf("%q: %v, want agent-card.not-json at line 0", body, diags)
		}
	}
	c, diags := Parse([]byte(`{"x":"` + strings.Repeat("a", MaxBytes) + `"}`))
	if c != nil || len(diags) != 1 || diags[0].Code != "agent-card.too-large" {
		t.Errorf("large: %v", diags)
	}
	c, diags = Parse([]byte("\xef\xbb\xbf{\"a\":1,\"a\":2}"))
	if c == nil || strings.Join(codes(diags), " ") != "agent-card.bom agent-card.duplicate-key agent-card.unrecognised-shape" {
		t.Errorf("bom/dup: %v", diags)
	}
}

// FuzzParse checks Parse's invariants: no panic, lines within the file,
// catalogued codes, no error exactly when a card was read, deterministic
// results.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		if body, err := os.ReadFile(name); err == nil {
			f.Add(body)
		}
	}
	for _, s := range []string{"", "{}", "null", "\x00", "\xef\xbb\xbf[]", `{"endpoints":{"a":1}}`, `{"remotes":[{}],"transport":{"endpoint":7}}`} {
		f.Add([]byte(s))
	}
	known := map[string]bool{}
	for _, c := range Codes() {
		known[c.ID] = true
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		card, diags := Parse(body)
		lines := 1 + lines.Count(body)
		for _, d := range diags {
			if d.Line < 0 || d.Line > lines || !known[d.Code] {
				t.Fatalf("bad diagnostic %v (lines %d)", d, lines)
			}
		}
		if (card == nil) != diags.HasErrors() {
			t.Fatalf("card %v but errors %v", card, diags)
		}
		card2, diags2 := Parse(body)
		j1, _ := json.Marshal(card)
		j2, _ := json.Marshal(card2)
		if !bytes.Equal(j1, j2) || !reflect.DeepEqual(diags, diags2) {
			t.Fatal("re-parsing is not deterministic")
		}
	})
}

func TestParse_DiagnosticsCapped(t *testing.T) {
	body := `{"endpoints":[` + strings.TrimSuffix(strings.Repeat(`{"protocol":"rest"},`, 150), ",") + `]}`
	c, diags := Parse([]byte(body))
	if c == nil || len(diags) != MaxDiagnosticsPerCode+1 || diags[len(diags)-1].Line != 0 || !strings.Contains(diags[len(diags)-1].Message, "50 more") {
		t.Errorf("%d diagnostics", len(diags))
	}
}

// TestParse_A2AGenericManifest: a name, a url and capabilities that are
// not A2A's are the members of many agent manifests, not an A2A card, and
// get no A2A warnings; A2A's own capabilities, or any A2A-only member, make
// the card A2A.
func TestParse_A2AGenericManifest(t *testing.T) {
	for body, want := range map[string]Kind{
		`{"name": "Example blog", "url": "https://example.com/", "capabilities": {"public_read": true}}`:      KindOther,
		`{"name": "Example tool", "url": "https://example.com/", "capabilities": ["inspect", "decode"]}`:      KindOther,
		`{"name": "x", "url": "https://example.com/", "capabilities": {"read": true}, "endpoints": ["/api"]}`: KindSnapshot,
		`{"name": "x", "url": "https://example.com/a2a", "capabilities": {"streaming": true}}`:                KindA2A,
		`{"name": "x", "url": "https://example.com/a2a", "capabilities": {}, "skills": []}`:                   KindA2A,
		`{"name": "x", "preferredTransport": "JSONRPC", "capabilities": ["streaming"]}`:                       KindA2A,
	} {
		c, diags := Parse([]byte(body))
		if c == nil || c.Kind != want {
			t.Errorf("%s: card %+v, want kind %s", body, c, want)
			continue
		}
		if want != KindA2A {
			for _, d := range diags {
				if strings.HasPrefix(d.Code, "agent-card.a2a-") {
					t.Errorf("%s: %v", body, d)
				}
			}
		}
	}
}

// TestParse_A2AInterfaceFields: every AgentInterface names, besides its
// url, its transport (A2A 0.3, additionalInterfaces) or its protocol binding
// and protocol version (A2A 1.0, supportedInterfaces); a missing one is a
// warning on the entry's line, a wrong type one on the member's.
func TestParse_A2AInterfaceFields(t *testing.T) {
	body := `{"name": "x", "skills": [],
 "supportedInterfaces": [
  {"url": "https://example.com/a2a", "protocolBinding": "JSONRPC"},
  {"url": "https://example.com/rest", "transport": "HTTP+JSON"},
  {"url": "https://example.com/grpc", "protocolBinding": "GRPC", "protocolVersion": 1.0},
  {"url": "https://example.com/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "additionalInterfaces": [
  {"url": "https://example.com/a2a"},
  {"url": "https://example.com/a2a", "transport": "JSONRPC"}]}`
	c, diags := Parse([]byte(body))
	if c == nil || c.Kind != KindA2A || len(c.Endpoints) != 6 {
		t.Fatalf("card %+v", c)
	}
	got := diagsAbout(diags, "Interfaces[")
	want := []string{
		"8 agent-card.a2a-missing-field additionalInterfaces[0] has no `transport`",
		"3 agent-card.a2a-missing-field supportedInterfaces[0] has no `protocolVersion`",
		"4 agent-card.a2a-missing-field supportedInterfaces[1] has no `protocolBinding`, `protocolVersion`",
		"5 agent-card.a2a-field-type supportedInterfaces[2] `protocolVersion` is a number, not a string",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParse_A2ASkillFields: every AgentSkill has an id, a name, a
// description and tags (A2A 0.2 to 1.0); a skill that lacks some is one
// warning naming them, a skill that is not an object (a bare name) or a
// member of the wrong kind another.
func TestParse_A2ASkillFields(t *testing.T) {
	body := `{"name": "x", "url": "https://example.com/a2a",
 "skills": [
  {"id": "a", "name": "A", "description": "Does A.", "tags": ["a"]},
  {"id": "b", "name": "B", "description": "Does B."},
  {"name": "C", "tags": "c"},
  "search"]}`
	c, diags := Parse([]byte(body))
	if c == nil || c.Kind != KindA2A || c.Skills != 4 {
		t.Fatalf("card %+v", c)
	}
	got := diagsAbout(diags, "skills[")
	want := []string{
		"4 agent-card.a2a-missing-field skills[1] has no `tags`",
		"5 agent-card.a2a-field-type skills[2] `tags` is a string, not an array",
		"5 agent-card.a2a-missing-field skills[2] has no `id`, `description`",
		"6 agent-card.a2a-field-type skills[3] is a string, not an object",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParse_EndpointURLTemplateHost: a URL whose host is a template
// placeholder ("https://<HOST>/a2a"), which url.Parse accepts, is no URL
// (RFC 3986 §3.2.2); an internationalised or bracketed IPv6 host is.
func TestParse_EndpointURLTemplateHost(t *testing.T) {
	for u, want := range map[string]bool{
		"https://<LOOKER_URL>/api/4.0/a2a/agents/<AGENT_ID>": false,
		"https://example.com/a2a":                            true,
		"https://bücher.example/a2a":                         true,
		"https://[::1]:8443/a2a":                             true,
		"http://localhost:8001/a2a/facts_agent":              true,
	} {
		_, diags := Parse([]byte(`{"name": "x", "skills": [], "url": "` + u + `"}`))
		got := !slices.Contains(codes(diags), codeEndpointURL.ID)
		if got != want {
			t.Errorf("%s: accepted %v, want %v (%v)", u, got, want, diags)
		}
	}
}

// TestParse_A2AVersionShape: a card that names its A2A version lists its
// interfaces as that version does. protocolVersion "1.0" with only a 0.3
// `url` names no interface a 1.0 client reads; "0.3.0" with only 1.0's
// `supportedInterfaces` none a 0.3 client reads. Either is a warning on the
// protocolVersion line; a card that names no version may use either.
func TestParse_A2AVersionShape(t *testing.T) {
	const iface = `"supportedInterfaces": [{"url": "https://example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`
	for body, want := range map[string]string{
		"{\"name\": \"x\", \"skills\": [],\n \"protocolVersion\": \"1.0\", \"url\": \"https://example.com/a2a\"}":                "2 A2A agent card gives protocolVersion \"1.0\" but has no `supportedInterfaces`, where A2A 1.0 lists its interfaces (`url` is A2A 0.3's)",
		"{\"name\": \"x\", \"skills\": [],\n \"protocolVersion\": \"1.0.0\", \"url\": \"https://example.com/a2a\"}":              "2 A2A agent card gives protocolVersion \"1.0.0\" but has no `supportedInterfaces`, where A2A 1.0 lists its interfaces (`url` is A2A 0.3's)",
		"{\"name\": \"x\", \"skills\": [],\n \"protocolVersion\": \"0.3.0\", " + iface + "}":                                     "2 A2A agent card gives protocolVersion \"0.3.0\" but has no `url`, which A2A 0.x requires (`supportedInterfaces` is A2A 1.0's)",
		"{\"name\": \"x\", \"skills\": [],\n \"protocolVersion\": \"1.0\", \"url\": \"https://example.com/a2a\", " + iface + "}": "",
		"{\"name\": \"x\", \"skills\": [],\n \"protocolVersion\": \"0.3.0\", \"url\": \"https://example.com/a2a\"}":              "",
		"{\"name\": \"x\", \"skills\": [],\n \"url\": \"https://example.com/a2a\"}":                                              "",
		"{\"name\": \"x\", \"skills\": [],\n " + iface + "}":                                                                     "",
	} {
		_, diags := Parse([]byte(body))
		var got []string
		for _, d := range diags {
			if strings.Contains(d.Message, "protocolVersion \"") {
				got = append(got, fmt.Sprintf("%d %s", d.Line, d.Message))
			}
		}
		if g := strings.Join(got, "\n"); g != want {
			t.Errorf("%s:\n got %q\nwant %q", body, g, want)
		}
	}
}

// TestParse_A2AWithoutInterface: a card with A2A's capabilities and skills
// but neither url nor an interface list is an A2A card that lacks its
// interface, said so, not a card of no recognised shape; A2A capabilities or
// skills alone do not make one.
func TestParse_A2AWithoutInterface(t *testing.T) {
	for body, want := range map[string]Kind{
		`{"name": "x", "capabilities": {"streaming": false}, "skills": [{"id": "a", "name": "A", "description": "Does A.", "tags": ["a"]}]}`: KindA2A,
		`{"name": "x", "capabilities": {"pushNotifications": true}, "defaultInputModes": ["text/plain"]}`:                                    KindA2A,
		`{"name": "x", "skills": [{"id": "a", "name": "A", "description": "Does A.", "tags": ["a"]}]}`:                                       KindOther,
		`{"name": "x", "capabilities": {"streaming": false}}`:                                                                                KindOther,
		`{"name": "x", "capabilities": {"skills": [], "endpoints": {}}, "version": "1.0.0"}`:                                                 KindOther,
	} {
		c, diags := Parse([]byte(body))
		if c == nil || c.Kind != want {
			t.Errorf("%s: card %+v, want kind %s", body, c, want)
			continue
		}
		if want == KindA2A && !slices.ContainsFunc(diags, func(d diag.Diagnostic) bool {
			return d.Code == codeA2AMissing.ID && strings.Contains(d.Message, "neither `url`")
		}) {
			t.Errorf("%s: %v, want the missing interface reported", body, diags)
		}
	}
}

// TestParse_ERC8004: an ERC-8004 agent registration file is its own shape,
// recognised before a snapshot (its drafts' `endpoints` are its services):
// the services with an http(s) endpoint are endpoints named by the
// service, an ENS name or a wallet address is none, and a service without
// a string endpoint is a warning. It is not comparable with a feed, alone
// or beside an A2A card's shape.
func TestParse_ERC8004(t *testing.T) {
	c, diags := Parse([]byte(`{"type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1", "name": "x",
 "services": [{"name": "A2A", "endpoint": "https://a.example/.well-known/agent-card.json", "version": "0.3.0"},
  {"name": "ENS", "endpoint": "x.eth"}, {"name": "agentWallet", "endpoint": "eip155:1:0x0000000000000000000000000000000000000001"},
  {"name": "web", "url": "https://a.example/"}],
 "endpoints": [{"name": "MCP", "endpoint": "https://mcp.a.example/", "version": "2025-06-18"}]}`))
	want := []Endpoint{
		{Protocol: "a2a", URL: "https://a.example/.well-known/agent-card.json", Version: "0.3.0", Source: "services[0]", Line: 2},
		{Protocol: "mcp", URL: "https://mcp.a.example/", Version: "2025-06-18", Source: "endpoints[0]", Line: 5},
	}
	if c.Kind != KindERC8004 || !reflect.DeepEqual(c.Shapes, []Kind{KindERC8004}) || !reflect.DeepEqual(c.Endpoints, want) {
		t.Errorf("kind %s shapes %v endpoints %+v; want erc-8004 alone and %+v", c.Kind, c.Shapes, c.Endpoints, want)
	}
	if len(diags) != 1 || diags[0].Code != codeEndpointNoURL.ID || diags[0].Line != 4 {
		t.Errorf("diagnostics %v; want one endpoint-missing-url on line 4", diags)
	}
	if c.FeedComparable() {
		t.Error("an ERC-8004 registration is comparable with a feed")
	}
	c, _ = Parse([]byte(`{"type": "https://eips.ethereum.org/EIPS/eip-8004#registration-v1", "name": "x", "url": "https://a.example/a2a",
 "skills": [], "capabilities": {"streaming": true}, "services": []}`))
	if !reflect.DeepEqual(c.Shapes, []Kind{KindA2A, KindERC8004}) || c.FeedComparable() {
		t.Errorf("shapes %v, comparable %v; want a2a and erc-8004, not comparable", c.Shapes, c.FeedComparable())
	}
	if c, _ := Parse([]byte(`{"name": "x", "url": "https://a.example/a2a", "skills": []}`)); !c.FeedComparable() {
		t.Error("an A2A card is not comparable with a feed")
	}
}

// diagsAbout lists the diagnostics whose message contains about, as
// "LINE CODE MESSAGE".
func diagsAbout(diags diag.List, about string) []string {
	var out []string
	for _, d := range diags {
		if strings.Contains(d.Message, about) {
			out = append(out, fmt.Sprintf("%d %s %s", d.Line, d.Code, d.Message))
		}
	}
	return out
}

// An empty object is said to be empty, not "a JSON object with members ,".
func TestParse_EmptyObject(t *testing.T) {
	_, diags := Parse([]byte("{}"))
	if len(diags) != 1 || diags[0].Code != "agent-card.unrecognised-shape" || diags[0].Message != "the card is an empty JSON object, of no recognised shape" {
		t.Errorf("{}: %v", diags)
	}
}
