package report

import (
	"bufio"
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
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
	bw := bufio.NewWriter(w)
	if err := t.Execute(bw, r.view()); err != nil {
		return fmt.Errorf("report: writing the page: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: writing the page: %w", err)
	}
	return nil
}

// Write builds the report of db and writes it to w as HTML. It returns the
// report, whose Problems the caller may print, with any error.
func Write(ctx context.Context, w io.Writer, db *sql.DB, o Options) (*Report, error) {
	r, err := Build(ctx, db, o)
	if err != nil {
		return nil, err
	}
	return r, r.WriteHTML(w)
}
