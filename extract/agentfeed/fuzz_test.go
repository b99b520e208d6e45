package agentfeed

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParse checks Parse's invariants on arbitrary feeds, verified with
// the testdata did.json and card: no panic; diagnostics catalogued and
// within the document's lines; an invalid state only with an error;
// consistent summary; deterministic, JSON-encodable results.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xml")
	for _, name := range files {
		if body, err := os.ReadFile(name); err == nil {
			f.Add(body)
		}
	}
	for _, s := range []string{
		"", "<feed/>", `<feed xmlns="http://www.w3.org/2005/Atom"/>`,
		`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:af="https://agent-feed.dev/ns/v0"><af:spec-version>0</af:spec-version><af:feed-status>active</af:feed-status><entry><id>a</id><af:type>deprecation</af:type><content type="application/json">{"endpoint-id":"x"}</content><af:sig>AAAA</af:sig></entry></feed>`,
		"<feed xmlns='http://www.w3.org/2005/Atom'><entry><content type='application/json'><![CDATA[{\"a\":1e999}]]></content></entry></feed>",
		"\xef\xbb\xbf<feed xmlns='http://www.w3.org/2005/Atom'>\r\n</feed>",
	} {
		f.Add([]byte(s))
	}
	o := fixtureOptions(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		feed, diags := Parse(body, o)
		checkInvariants(t, body, feed, diags)
		feed2, diags2 := Parse(body, o)
		j1, _ := json.Marshal(feed)
		j2, _ := json.Marshal(feed2)
		if !bytes.Equal(j1, j2) || !reflect.DeepEqual(diags, diags2) {
			t.Fatal("re-parsing is not deterministic")
		}
	})
}
