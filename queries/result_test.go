package queries

import (
	"errors"
	"strings"
	"testing"
)

// TestWriteMarkdownKeepsValuesLiteral checks that crawled values read as
// they are in a Markdown table: nothing in a cell ends the cell, starts
// emphasis, code, a link or an HTML tag, or breaks the line.
func TestWriteMarkdownKeepsValuesLiteral(t *testing.T) {
	r := &Result{Columns: []string{"value"}, Rows: [][]any{
		{"/*.php*"},
		{"a|b"},
		{"<script>alert(1)</script>"},
		{"[x](http://e.test) `c` _u_ ~s~ &amp; back\\slash"},
		{"two\r\nlines\nhere"},
		{nil},
	}}
	var b strings.Builder
	if err := r.Write(&b, "markdown"); err != nil {
		t.Fatal(err)
	}
	want := "| value |\n| --- |\n" +
		`| /\*.php\* |` + "\n" +
		`| a\|b |` + "\n" +
		`| \<script\>alert(1)\</script\> |` + "\n" +
		`| \[x\](http://e.test) \` + "`" + `c\` + "`" + ` \_u\_ \~s\~ \&amp; back\\slash |` + "\n" +
		"| two lines here |\n" +
		"|  |\n"
	if got := b.String(); got != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", got, want)
	}
}

// TestWriteTableKeepsRowsNarrowAndInert checks the aligned table format on
// crawled values: a value of a megabyte is cut (every row is as wide as
// the widest cell, so it would make every row a megabyte), and control
// characters, which a terminal would act on, are written out.
func TestWriteTableKeepsRowsNarrowAndInert(t *testing.T) {
	long := strings.Repeat("é", 1<<20)
	r := &Result{Columns: []string{"v", "w"}, Rows: [][]any{
		{long, "x"},
		{"a\x1b[31mb\rc\td\ne\x7f", "y"},
		{strings.Repeat("z", MaxTableCell), "z"},
		{nil, ""},
	}}
	var b strings.Builder
	if err := r.Write(&b, "table"); err != nil {
		t.Fatal(err)
	}
	cut := strings.Repeat("é", MaxTableCell-1) + "…"
	whole := strings.Repeat("z", MaxTableCell)
	pad := func(s string) string { return s + strings.Repeat(" ", MaxTableCell+2-len([]rune(s))) }
	want := pad("v") + "w\n" +
		pad("---") + "---\n" +
		pad(cut) + "x\n" +
		pad(`a\x1b[31mb c d e\x7f`) + "y\n" +
		pad(whole) + "z\n" +
		pad("") + "\n"
	if got := b.String(); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", firstLines(got), firstLines(want))
	}
}

// firstLines returns s with each line cut to 80 bytes, for an error message.
func firstLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if len(l) > 80 {
			lines[i] = l[:80] + "..."
		}
	}
	return strings.Join(lines, "\n")
}

// TestWriteJSONKeepsColumns checks that the json format keeps every
// column, in the result's order: a repeated name gets a suffix as in
// DuckDB's files (a, a_1), instead of one value replacing the other.
func TestWriteJSONKeepsColumns(t *testing.T) {
	r := &Result{Columns: []string{"b", "a", "a", "a_1"}, Rows: [][]any{{int64(1), "x", nil, []any{int64(2)}}}}
	var b strings.Builder
	if err := r.Write(&b, "json"); err != nil {
		t.Fatal(err)
	}
	want := `[
  {
    "b": 1,
    "a": "x",
    "a_1": null,
    "a_1_1": [
      2
    ]
  }
]
`
	if got := b.String(); got != want {
		t.Errorf("json:\n%s\nwant:\n%s", got, want)
	}
}

// failingWriter fails every write, as standard output on a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteReportsWriteErrors: every format returns the error of a write
// that failed (survey query > /dev/full exited 0 with markdown, having
// printed nothing).
func TestWriteReportsWriteErrors(t *testing.T) {
	r := &Result{Columns: []string{"a"}, Rows: [][]any{{"x"}}}
	for _, f := range FormatNames() {
		if err := r.Write(failingWriter{}, f); err == nil {
			t.Errorf("%s: no error from a writer that fails", f)
		}
	}
}

// TestWriteMarkdownHeader: a column name with a pipe stays in its cell of
// the header; the names are otherwise left as they are, underscores
// unescaped.
func TestWriteMarkdownHeader(t *testing.T) {
	r := &Result{Columns: []string{"a|b", "pct_with_file"}, Rows: [][]any{{int64(1), int64(2)}}}
	var b strings.Builder
	if err := r.Write(&b, "markdown"); err != nil {
		t.Fatal(err)
	}
	if want := "| a\\|b | pct_with_file |\n| --- | --- |\n| 1 | 2 |\n"; b.String() != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", b.String(), want)
	}
}
