package report

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
)

//go:embed report.html.tmpl
var pageTemplate string

//go:embed style.css
var styleSheet string

// WriteHTML writes the report as one self-contained HTML page: the styles
// and charts (inline SVG) are in the file, nothing is loaded from the
// network, and every text from the data is escaped.
func (r *Report) WriteHTML(w io.Writer) error {
	t, err := template.New("report").Funcs(template.FuncMap{
		"n": func(f float64) string {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return "0"
			}
			return strconv.FormatFloat(f, 'f', 1, 64)
		},
		"inc": func(i int) int { return i + 1 },
	}).Parse(pageTemplate)
	if err != nil {
		return fmt.Errorf("report: parsing the page template: %w", err)
	}
	var page bytes.Buffer
	if err := t.Execute(&page, r.view()); err != nil {
		return fmt.Errorf("report: writing the page: %w", err)
	}
	bw := bufio.NewWriter(w)
	if _, err := invisibles.WriteString(bw, page.String()); err != nil {
		return fmt.Errorf("report: writing the page: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: writing the page: %w", err)
	}
	return nil
}

// invisibles replaces the characters that change how the text around
// them reads without being seen themselves by their code points, "U+202E"
// in brackets: the explicit bidirectional formatting characters (after a
// right-to-left override, a seed list named "seeds-\u202Etxt.exe" reads
// "seeds-exe.txt", and the value after it in a hover text reads
// backwards) and the zero-width and invisible spaces that make two
// values that look the same differ. The page's template holds none of
// them, so each one in the page came from the data, and it is replaced
// wherever it stands (text, attribute, title), as the replacement holds
// no character that markup gives a meaning.
var invisibles = func() *strings.Replacer {
	var pairs []string
	for _, r := range []rune{
		'\u202A', '\u202B', '\u202C', '\u202D', '\u202E', // embeddings, overrides, pop
		'\u2066', '\u2067', '\u2068', '\u2069', // isolates
		'\u200B', '\u2060', '\uFEFF', // zero-width space, word joiner, zero-width no-break space
	} {
		pairs = append(pairs, string(r), fmt.Sprintf("[U+%04X]", r))
	}
	return strings.NewReplacer(pairs...)
}()

// Write builds the report of db and writes it to w as HTML. It returns the
// report, whose Problems the caller may print, with any error.
func Write(ctx context.Context, w io.Writer, db *sql.DB, o Options) (*Report, error) {
	r, err := Build(ctx, db, o)
	if err != nil {
		return nil, err
	}
	return r, r.WriteHTML(w)
}
