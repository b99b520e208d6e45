package did

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/extract/internal/lines"
)

// FuzzParse checks Parse's invariants on arbitrary input: no panic,
// diagnostic lines within the document, no error diagnostics only for a
// usable document, catalogued codes, deterministic results.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, name := range files {
		if body, err := os.ReadFile(name); err == nil {
			f.Add(body)
		}
	}
	for _, s := range []string{"", "{}", "[]", "null", `{"id":"did:web:example.com","verificationMethod":[{}]}`,
		"\xef\xbb\xbf{}", "{\"id\":\"\xff\"}", "\x00", `{"id":"did:web:%"}`, `{"verificationMethod":[{"type":"Ed25519VerificationKey2020","publicKeyMultibase":"u"}]}`} {
		f.Add([]byte(s))
	}
	codes := map[string]bool{}
	for _, c := range Codes() {
		codes[c.ID] = true
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		doc, diags := Parse(body, "example.com")
		lines := 1 + lines.Count(body)
		for _, d := range diags {
			if d.Line < 0 || d.Line > lines {
				t.Fatalf("diagnostic line %d outside 0..%d: %v", d.Line, lines, d)
			}
			if !codes[d.Code] {
				t.Fatalf("uncatalogued code %s", d.Code)
			}
		}
		if !diags.HasErrors() && (doc == nil || !doc.OK) {
			t.Fatalf("no errors but the document is not usable: %+v %v", doc, diags)
		}
		if doc != nil && doc.OK {
			usable := false
			for _, m := range doc.Methods {
				usable = usable || m.Usable()
			}
			if !usable {
				t.Fatalf("OK without a usable method: %+v", doc)
			}
		}
		doc2, diags2 := Parse(body, "example.com")
		j1, err1 := json.Marshal(doc)
		j2, err2 := json.Marshal(doc2)
		if err1 != nil || err2 != nil || !bytes.Equal(j1, j2) || !reflect.DeepEqual(diags, diags2) {
			t.Fatal("re-parsing is not deterministic")
		}
	})
}
