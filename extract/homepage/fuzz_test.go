package homepage

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

// seed is one fuzz seed: header lines ("Name: value" separated by "\n")
// and a body.
type seed struct{ header, body string }

// fuzzSeeds are the seed corpus: the specifications' examples plus nasty
// cases. Every code is produced by at least one seed.
func fuzzSeeds() []seed {
	return []seed{
		{"", ""},
		{"X-Robots-Tag: noai, noimageai\nContent-Usage: train-ai=n\ntdm-reservation: 1\ntdm-policy: https://provider.com/policies/policy.json", "<!DOCTYPE html><html><head><title>x</title></head><body></body></html>"},
		{"Content-Type: application/json", `{"a": 1}`},
		{"X-Robots-Tag: googlebot: noindex, max-snippet: x, foo, unavailable_after: Sunday, 01-Sep-30 00:00:00 GMT\nContent-Usage: train-ai=\"n\", bots=n, search=y;train-ai=n", "<meta name=robots content='index, noindex'>"},
		{"Content-Usage: train-ai=y, ai-use=n", ""},
		{"Content-Usage: Train-AI=n\ntdm-reservation: 2\ntdm-policy: /rel", "<html><head><meta name=tdm-reservation content=0><meta name=tdm-reservation content=1><meta name=tdm-policy content=https://x.example/p></head>"},
		{"tdm-reservation: 0\ntdm-policy: https://x.example/p", "<head><meta name=\"tdm-reservation\" content=\"1\"><link rel=alternate href=/llms.txt></head>"},
		{"", "<meta name=tdm-policy content=mailto:x@y>"},
		{"X-Robots-Tag: ,,:,:::", "<<<>>><head<meta name=\"robots\"\x00content=\"\xff\">"},
		{"", "<html><head><noscript><meta name=robots content=noai></noscript><template><meta name=robots content=noindex></template></head>"},
		{"", "<html><head><meta http-equiv=\"X-Robots-Tag\" content=\"noindex, noai\"><meta http-equiv=content-type content=text/html></head>"},
		{"X-Robots-Tag: tdm-reservation: 1, noai", "<html><head><meta name=noai content=true><meta name=NOIMAGEAI><meta name=x-robots-tag content=noindex></head>"},
		{"Link: </llms.txt>; rel=\"describedby\"; type=text/markdown, <x>;rel=\"a,\\\"b\", <agents.txt\nLink: ;;<, </.well-known/tdmrep.json>", "<link rel=llms-txt href=llms.txt>"},
		{"", "<html><head><meta http-equiv=robots content=noindex><meta http-equiv=X-Robots-Tag name=robots content=noai></head><body><div hidden><meta name=robots content=noindex><template><meta name=GPTBot content=noai></template></div><script>'<meta name=robots>'</script>"},
	}
}

// seedHeader parses the header lines of a seed.
func seedHeader(s string) http.Header {
	h := http.Header{}
	for _, line := range strings.Split(s, "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) != "" {
			h.Add(strings.TrimSpace(name), strings.TrimSpace(value))
		}
	}
	return h
}

// checkInvariants checks what must hold for every input: lines within the
// body, valid ⇔ no error ⇔ HTML or empty, a JSON-encodable result, and a
// deterministic re-parse.
func checkInvariants(t *testing.T, h http.Header, body []byte, s *Signals, d diag.List) {
	t.Helper()
	if s == nil {
		t.Fatal("nil Signals")
	}
	lines := lines.Count(body) + 1
	for _, x := range d {
		if x.Line < 0 || x.Line > lines {
			t.Errorf("diagnostic %v: line outside 0..%d", x, lines)
		}
		if x.Code == "" || x.Spec == "" || x.Message == "" {
			t.Errorf("diagnostic %v lacks a field", x)
		}
	}
	// Emptiness is the decoded body's: a UTF-16 byte order mark alone is empty.
	_, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
	empty := len(bytes.TrimSpace(utf8Body(params["charset"], body))) == 0
	if d.HasErrors() != (!s.HTML && !empty) {
		t.Errorf("errors %v but HTML %v, empty %v: %v", d.HasErrors(), s.HTML, empty, d)
	}
	for _, r := range s.Robots {
		if r.Line < 0 || r.Line > lines {
			t.Errorf("directive line %d outside the body", r.Line)
		}
	}
	if s.TDMReserved != (s.TDMReservation != nil && *s.TDMReservation == 1) {
		t.Errorf("TDMReserved disagrees with TDMReservation")
	}
	if _, err := json.Marshal(s); err != nil {
		t.Errorf("result not JSON-encodable: %v", err)
	}
	s2, d2 := Parse(h, body)
	if !reflect.DeepEqual(s, s2) || !reflect.DeepEqual(d, d2) {
		t.Errorf("re-parse differs")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s.header, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, header string, body []byte) {
		h := seedHeader(header)
		s, d := Parse(h, body)
		checkInvariants(t, h, body, s, d)
	})
}

func TestSeedsCoverCodes(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range fuzzSeeds() {
		_, d := Parse(seedHeader(s.header), []byte(s.body))
		for _, x := range d {
			seen[x.Code] = true
		}
	}
	for _, c := range Codes() {
		if !seen[c.ID] {
			t.Errorf("no seed produces %s", c.ID)
		}
	}
}
