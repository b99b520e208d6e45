package sink

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// FuzzFormatRows parses arbitrary bytes as every format and flattens the
// document: FormatRows must not panic, every Rows must be a slice of its
// table's row type, and every row must be writable (Append checks the same:
// JSON columns hold JSON).
func FuzzFormatRows(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(formatFixtures, "*"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	tables := map[string]Table{}
	for _, tb := range Tables() {
		tables[tb.Name] = tb
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, loc := range registry.Locations() {
			for _, format := range loc.Formats {
				in := extract.Input{Location: loc.ID, Host: "example.com", Scheme: "https", URL: "https://example.com" + loc.Path,
					Related: func(registry.LocationID) (extract.Related, bool) {
						return extract.Related{Fetched: true, Body: body, Scheme: "https"}, true
					}}
				doc := extract.Parse(format, body, in)
				for _, r := range FormatRows(DocKey{CrawlID: "c", Domain: "example.com", Location: string(loc.ID)}, doc) {
					tb, ok := tables[r.Table]
					if !ok {
						t.Fatalf("%s: rows for unknown table %s", format, r.Table)
					}
					v := reflect.ValueOf(r.Rows)
					if v.Type() != reflect.SliceOf(tb.Row) || v.Len() == 0 {
						t.Fatalf("%s: %s rows are %d of %v", format, r.Table, v.Len(), v.Type())
					}
					for i := range v.Len() {
						if _, err := measureFields(tb.codec.fields, v.Index(i)); err != nil {
							t.Fatalf("%s: %s row %d cannot be written: %v", format, r.Table, i, err)
						}
					}
				}
			}
		}
	})
}
