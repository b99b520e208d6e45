package textsniff

import "testing"

// TestConvention: the three conventions of text in no format's grammar,
// as real ai.txt and agents.txt files write them.
func TestConvention(t *testing.T) {
	for body, want := range map[string]string{
		"# Site facts for AI agents\nname: Example\nai-training: allowed\n":          KeyValue,
		"\xef\xbb\xbfSite: example\n":                                                KeyValue,
		"Site-Name: Example\n\nAllow-AI-Training: true\n":                            KeyValue,
		"# About\n\nThis site may be quoted.\n- Contact: someone@example.com\n":      Markdown,
		"Read [the docs](https://example.com/docs).\n":                               Markdown,
		"## Policy\nAI systems may read this site.\n":                                Markdown,
		"AI systems may read this site.\nPlease cite us by name: Example.\n":         Prose,
		"Astra\nBreach\nCypher\n":                                                    Prose,
		"#comment only\n\n":                                                          Prose,
		"":                                                                           Prose,
		"name: Example\n- [Docs](https://example.com/docs)\n":                        Markdown,
		"Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0\ncurl/8.5.0\n": Prose,
	} {
		if got := Convention([]byte(body)); got != want {
			t.Errorf("Convention(%q) = %q, want %q", body, got, want)
		}
	}
}

// TestFieldName: a field name is letters, digits, '-' and '_' before the
// first colon, white space before the colon allowed.
func TestFieldName(t *testing.T) {
	for line, want := range map[string]string{
		"Name: x": "Name", "ai-training : allowed": "ai-training", "tdm_reservation:1": "tdm_reservation",
		"- Contact: x": "", "https://example.com": "", ": x": "", "no colon": "",
	} {
		got, ok := FieldName(line)
		if got != want || ok != (want != "") {
			t.Errorf("FieldName(%q) = %q, %v; want %q", line, got, ok, want)
		}
	}
}
