package agentfeed

import (
	"strings"
	"testing"
)

// TestParse_XMLSafety: DOCTYPE and ENTITY declarations are refused (no
// entity expansion), depth and size are bounded, only UTF-8 is read, and
// anything that is not an Atom feed is invalid.
func TestParse_XMLSafety(t *testing.T) {
	doc := oneEntry(t)
	body := doc[strings.Index(doc, "<feed"):]
	cases := []struct {
		name string
		body string
		want string
		line int
	}{
		{"billion laughs", `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<feed xmlns="http://www.w3.org/2005/Atom">&lol2;</feed>`, "doctype", 2},
		{"external entity", `<!DOCTYPE feed [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><feed xmlns="http://www.w3.org/2005/Atom">&xxe;</feed>`, "doctype", 1},
		{"plain doctype", "<!DOCTYPE feed>\n" + body, "doctype", 1},
		{"undefined entity", `<feed xmlns="http://www.w3.org/2005/Atom"><title>&nbsp;</title></feed>`, "xml-syntax", 1},
		{"deep", `<feed xmlns="http://www.w3.org/2005/Atom">` + strings.Repeat("<a>", 40) + strings.Repeat("</a>", 40) + `</feed>`, "too-deep", 1},
		{"invalid utf-8", strings.Replace(doc, "Agent feed", "Agent \xff feed", 1), "invalid-utf8", 4},
		{"nul", strings.Replace(doc, "Agent feed", "Agent \x00 feed", 1), "nul-byte", 4},
		{"latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?>` + body, "xml-syntax", 1},
		{"utf-16 label", `<?xml version="1.0" encoding="UTF-16"?>` + body, "xml-syntax", 1},
		{"truncated", doc[:len(doc)/2], "xml-syntax", 1 + strings.Count(doc[:len(doc)/2], "\n")},
		{"second root", doc + "<feed/>", "xml-syntax", 17},
		{"text outside root", doc + "trailing", "xml-syntax", 17},
		{"empty", "", "xml-syntax", 0},
		{"white space", "\n\n ", "xml-syntax", 0},
		{"prolog only", "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", "xml-syntax", 0},
		{"rss", `<rss version="2.0"><channel><title>x</title></channel></rss>`, "not-atom", 1},
		{"feed without namespace", "\n<feed><entry/></feed>", "not-atom", 2},
		{"html", "<!doctype html>\n<html><body>Not found</body></html>", "doctype", 1},
		{"json", `{"entries": []}`, "xml-syntax", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, diags := parse(t, []byte(c.body), opts(t))
			wantCodes(t, diags, c.want)
			if f.State != StateInvalid || len(f.Entries) != 0 {
				t.Errorf("state %s entries %d", f.State, len(f.Entries))
			}
			if len(diags) > 0 && diags[0].Line != c.line {
				t.Errorf("line %d, want %d (%v)", diags[0].Line, c.line, diags[0])
			}
			if len(diags) > 0 && strings.Contains(diags[0].Message, "CharsetReader") {
				t.Errorf("the message speaks of encoding/xml's internals: %v", diags[0])
			}
		})
	}
}

// TestParse_USASCIILabel: an ASCII feed labelled US-ASCII is UTF-8 too.
func TestParse_USASCIILabel(t *testing.T) {
	doc := oneEntry(t)
	body := doc[strings.Index(doc, "<feed"):]
	f, diags := parse(t, []byte(`<?xml version="1.0" encoding="US-ASCII"?>`+"\n"+body), opts(t))
	wantCodes(t, diags)
	if f.State != StateActive {
		t.Errorf("state %s\n%s", f.State, diagString(diags))
	}
}

func TestParse_TooLarge(t *testing.T) {
	big := make([]byte, MaxBytes+1)
	f, diags := parse(t, big, opts(t))
	wantCodes(t, diags, "too-large")
	if f.State != StateInvalid {
		t.Errorf("state %s", f.State)
	}
}

// TestParse_BOM: a UTF-8 byte order mark is allowed by XML and noted.
func TestParse_BOM(t *testing.T) {
	f, diags := parse(t, append([]byte("\xef\xbb\xbf"), oneEntry(t)...), opts(t))
	wantCodes(t, diags, "bom")
	if f.State != StateActive {
		t.Errorf("state %s", f.State)
	}
}

// TestParse_AtomMetadata: RFC 4287 requires feed id, title and updated.
func TestParse_AtomMetadata(t *testing.T) {
	doc := oneEntry(t)
	f, diags := parse(t, edit(t, doc, "<id>https://example.com/.well-known/agent-feed.xml</id>", "", "<title>Agent feed of example.com</title>", ""), opts(t))
	wantCodes(t, diags, "atom-metadata")
	if !strings.Contains(diags[0].Message, "<id>, <title>") || f.State != StateActive || f.Updated != "2026-04-27T12:00:00Z" {
		t.Errorf("diag %v feed %+v", diags[0], f)
	}
	_, diags = parse(t, edit(t, doc, "</title>", "</title><title>again</title>"), opts(t))
	wantCodes(t, diags, "duplicate-element")
}

// TestParse_DoctypeQuotedAsAValue: the refused declaration is quoted as a
// Go string, as the other parsers quote what they cite, so that its line
// breaks and control characters do not land raw in diagnostics.message (it
// was written <!%s>, and a DOCTYPE over three lines made a message of
// three lines).
func TestParse_DoctypeQuotedAsAValue(t *testing.T) {
	body := "<!DOCTYPE \x1b]0;t\x07 x [\n<!ENTITY a \"b\">\n]>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"/>"
	_, diags := parse(t, []byte(body), opts(t))
	wantCodes(t, diags, "doctype")
	msg := diags[0].Message
	if want := `declaration "<!DOCTYPE \x1b]0;t\a x [\n<!ENTITY a \"b\">`; !strings.HasPrefix(msg, want) {
		t.Errorf("message %q, want it to start %q", msg, want)
	}
	if strings.ContainsAny(msg, "\n\x1b\x07") {
		t.Errorf("message %q holds a line break or a control character", msg)
	}
}
