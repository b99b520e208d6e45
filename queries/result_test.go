package queries

import (
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
