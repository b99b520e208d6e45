package sink

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
)

// formatFixtures holds the files of one simulated origin, example.com, for
// the per-format tests: testdata/formats/<name>.
const formatFixtures = "testdata/formats"

// readFixture returns a file of testdata/formats.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(formatFixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fixtureOrigin names the files example.com serves at the locations other
// files refer to; a location missing from it was fetched and found absent.
type fixtureOrigin map[registry.LocationID]string

// defaultOrigin is example.com with a did.json, an agent card and a feed
// that agree with each other.
func defaultOrigin() fixtureOrigin {
	return fixtureOrigin{
		registry.LocDID:       "did.json",
		registry.LocAgentCard: "agent-card.json",
		registry.LocAgentFeed: "agent-feed.xml",
	}
}

// parseFixture parses a fixture as format f fetched over HTTPS from
// location loc of example.com, with header as its response headers, as the
// crawl pipeline does (extract.Parse with related files).
func parseFixture(t testing.TB, f registry.FormatID, loc registry.LocationID, name string, origin fixtureOrigin, header map[string][]string) extract.Document {
	t.Helper()
	l, ok := registry.LookupLocation(loc)
	if !ok {
		t.Fatalf("no location %s", loc)
	}
	related := func(id registry.LocationID) (extract.Related, bool) {
		file, ok := origin[id]
		other, _ := registry.LookupLocation(id)
		if !ok {
			return extract.Related{Fetched: false, Reason: "absent", URL: "https://example.com" + other.Path}, true
		}
		return extract.Related{Fetched: true, Body: readFixture(t, file), URL: "https://example.com" + other.Path, Scheme: "https"}, true
	}
	contentType := map[registry.Kind]string{
		registry.KindText: "text/plain; charset=utf-8", registry.KindMarkdown: "text/markdown; charset=utf-8",
		registry.KindJSON: "application/json", registry.KindXML: "application/xml", registry.KindHTML: "text/html; charset=utf-8",
	}[l.Expect]
	return extract.Parse(f, readFixture(t, name), extract.Input{
		Location: loc, URL: "https://example.com" + l.Path, Host: "example.com", Scheme: "https",
		ContentType: contentType, Header: header, Related: related,
	})
}

// docKey is the key of example.com's file at loc in crawl c1.
func docKey(loc registry.LocationID) DocKey {
	return DocKey{CrawlID: "c1", Domain: "example.com", Location: string(loc)}
}

// keyed sets the crawl_id, domain and location columns of every row to
// key's, so that expected rows need not spell them.
func keyed[T any](key DocKey, rows ...T) []T {
	for i := range rows {
		v := reflect.ValueOf(&rows[i]).Elem()
		v.FieldByName("CrawlID").SetString(key.CrawlID)
		v.FieldByName("Domain").SetString(key.Domain)
		v.FieldByName("Location").SetString(key.Location)
	}
	return rows
}

// checkRows fails the test unless got holds exactly the tables of want,
// in order, each a slice of the table's row type holding the same rows in
// the same order, compared as they are stored (a nil slice and an empty
// one are the same empty list; JSON is compared as JSON).
func checkRows(t *testing.T, got []Rows, want ...Rows) {
	t.Helper()
	var gotNames, wantNames []string
	for _, r := range got {
		gotNames = append(gotNames, r.Table)
	}
	for _, r := range want {
		wantNames = append(wantNames, r.Table)
	}
	if !reflect.DeepEqual(gotNames, wantNames) {
		t.Fatalf("tables %q, want %q", gotNames, wantNames)
	}
	for i, w := range want {
		table := tableByName(t, w.Table)
		if typ := reflect.TypeOf(got[i].Rows); typ != reflect.SliceOf(table.Row) {
			t.Errorf("%s: rows are %v, want %v", w.Table, typ, reflect.SliceOf(table.Row))
			continue
		}
		compareOrdered(t, table, storedRows(table, got[i].Rows), storedRows(table, w.Rows))
	}
}

// storedRows returns rows (a slice of the table's row type) as the values
// the database returns for them, in order.
func storedRows(table Table, rows any) [][]any {
	v := reflect.ValueOf(rows)
	out := make([][]any, v.Len())
	for i := range v.Len() {
		for _, f := range table.codec.fields {
			out[i] = append(out[i], goCanonical(f.codec, v.Index(i).Field(f.index)))
		}
	}
	return out
}

// compareOrdered compares rows column by column, naming every difference.
func compareOrdered(t *testing.T, table Table, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", table.Name, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		for j, f := range table.codec.fields {
			if !reflect.DeepEqual(got[i][j], want[i][j]) {
				t.Errorf("%s row %d: %s = %s, want %s", table.Name, i, f.name, show(got[i][j]), show(want[i][j]))
			}
		}
	}
}

// show formats a stored value for a failure message.
func show(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return fmt.Sprintf("%q", x)
	}
	return fmt.Sprintf("%v", v)
}

// reflectLen returns the length of a slice held in an interface.
func reflectLen(rows any) int { return reflect.ValueOf(rows).Len() }
