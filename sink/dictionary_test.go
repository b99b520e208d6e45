package sink

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestDictionary_EveryColumnDocumented fails when a table or a column of
// schema v1, nested fields included, has no doc tag.
func TestDictionary_EveryColumnDocumented(t *testing.T) {
	for _, table := range Tables() {
		if strings.TrimSpace(table.Doc) == "" {
			t.Errorf("table %s has no description", table.Name)
		}
		for _, c := range flattenColumns(table.Columns(), "") {
			if strings.TrimSpace(c.Doc) == "" {
				t.Errorf("column %s.%s has no doc tag", table.Name, c.Name)
			}
		}
	}
}

type undocumented struct {
	A string        `col:"a" doc:"Documented."`
	B []RedirectHop `col:"b"`
	C []struct {
		D string `col:"d"`
	} `col:"c" doc:"Documented."`
}

// TestDictionary_MissingDoc checks that Dictionary names every column
// without a doc tag, nested ones included, and the table without a doc.
func TestDictionary_MissingDoc(t *testing.T) {
	_, err := Dictionary([]Table{MustTable[undocumented]("undoc", "")})
	if err == nil {
		t.Fatal("Dictionary accepted undocumented columns")
	}
	for _, name := range []string{"undoc,", "undoc.b,", "undoc.c[].d"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %s", err, name)
		}
	}
	if strings.Contains(err.Error(), "undoc.a") || strings.Contains(err.Error(), "undoc.b[].url") {
		t.Errorf("error %q names a documented column", err)
	}
}

// TestGenerated_UpToDate: the files gendict writes from the tables,
// docs/data-dictionary.md and notebooks/parquet-views.json (which
// surveydata.py reads), are what it writes now.
func TestGenerated_UpToDate(t *testing.T) {
	for _, g := range []struct {
		path     string
		generate func([]Table) ([]byte, error)
	}{
		{"../docs/data-dictionary.md", Dictionary},
		{"../notebooks/parquet-views.json", ParquetViews},
	} {
		want, err := g.generate(Tables())
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(g.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go run ./sink/cmd/gendict", strings.TrimPrefix(g.path, "../"))
		}
	}
}

// TestDictionary_Content spot-checks the generated Markdown.
func TestDictionary_Content(t *testing.T) {
	md, err := Dictionary(Tables())
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"Schema version 1. ",
		"## fetches\n",
		"| `redirects` | `STRUCT(\"url\" VARCHAR, \"status\" INTEGER, \"location\" VARCHAR)[]` |  | Redirect chain in order, one entry per redirect response received with a Location, including the last one of a redirect_error loop or too_many, which was not followed. |\n",
		"| `redirects[].status` | `INTEGER` |  | HTTP status of the redirect response. |\n",
		"| `status` | `INTEGER` | yes | HTTP status of the last response received (a redirect's 3xx when the chain ended on a redirect_error or a network_error at the next hop; the status line of a response whose body then failed, network_error); null when none was received. |\n",
		"| `headers` | `MAP(VARCHAR, VARCHAR)` |  |",
		"| `summary` | `JSON` | yes |",
		"| `code` | `VARCHAR` |  | Stable diagnostic code, \\<prefix\\>.\\<slug\\> (docs/diagnostics.md); the prefix names the format whose rule it is, or extract for survey's own (see format). |\n",
		"Key: `digest`.",
		"Key: `crawl_id`, `shard`, `run`.",
		"## schema_info\n",
	} {
		if !bytes.Contains(md, []byte(line)) {
			t.Errorf("dictionary lacks %q", line)
		}
	}
}
