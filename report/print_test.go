package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// Printable widths in CSS pixels inside the print style sheet's 15 mm
// margins: a portrait A4 page (210 mm wide, the narrower of A4 and US
// Letter) and a landscape US Letter page (279.4 mm, the narrower of the
// two turned sideways).
var (
	portraitWidth  = math.Floor((210 - 2*15) * 96 / 25.4)
	landscapeWidth = math.Floor((279.4 - 2*15) * 96 / 25.4)
)

// printOverflow lists what, laid out for print at the page's width, is
// wider than the page and so cut off on paper: every element of the page
// but those under a landscape table (sel is ":not(*)") or only those
// (sel is ".table-wrap.landscape").
const printOverflow = `((sel) => {
  const W = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const land = el.closest('.table-wrap.landscape') !== null;
    if (land !== (sel !== ':not(*)')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.left < -0.5 || r.right > W + 0.5)) {
      const cap = el.closest('table') && el.closest('table').querySelector('caption');
      out.push(el.tagName.toLowerCase() + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ' px: ' + (cap ? cap.textContent : el.textContent).slice(0, 80));
      if (out.length >= 10) break;
    }
  }
  return {width: W, over: out, landscape: document.querySelectorAll('.table-wrap.landscape').length};
})`

// printHidden lists the elements the print style sheet hides that are
// not the contents (nav), the skip link or a "How to read this" note
// (whose text the methodology repeats).
const printHidden = `[...document.querySelectorAll('body *')]
  .filter(e => getComputedStyle(e).display === 'none' && !e.closest('nav, .skip, details.how'))
  .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))`

// checkPrint checks the page printed: nothing wider than the paper, where
// it would be cut off (a table with more columns than a portrait page
// holds is printed on a landscape page, and nothing else is), nothing
// hidden but the navigation, and landscape pages in the PDF for those
// tables. It saves the PDF as the artefact pdfName.
func checkPrint(t *testing.T, b *browser, pdfName string) {
	t.Helper()
	b.emulateMedia("print")
	defer b.emulateMedia("")
	defer b.resize(1280, 900)
	type overflow struct {
		Width     float64
		Over      []string
		Landscape int
	}
	var got overflow
	b.resize(int(portraitWidth), 1000)
	b.eval(printOverflow+`(':not(*)')`, &got)
	for _, o := range got.Over {
		t.Errorf("printed on a portrait page %v px wide, this is cut off: %s", got.Width, o)
	}
	landscape := got.Landscape
	if landscape == 0 {
		t.Error("no table of the simulated web's report is printed on a landscape page; the check of those pages checks nothing")
	}
	b.resize(int(landscapeWidth), 1000)
	b.eval(printOverflow+`('.table-wrap.landscape')`, &got)
	for _, o := range got.Over {
		t.Errorf("printed on a landscape page %v px wide, this is cut off: %s", got.Width, o)
	}
	var hidden []string
	b.eval(printHidden, &hidden)
	if len(hidden) > 0 {
		t.Errorf("printing hides %q", hidden)
	}

	pdf := b.printToPDF()
	out := artifactPath(t, pdfName)
	if err := os.WriteFile(out, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("the report printed (%d bytes): %s", len(pdf), out)
	// Chromium writes each page's size uncompressed.
	portrait := bytes.Count(pdf, []byte("/MediaBox [0 0 612 792]"))
	turned := bytes.Count(pdf, []byte("/MediaBox [0 0 792 612]"))
	if portrait == 0 || turned < landscape {
		t.Errorf("the PDF has %d portrait and %d landscape Letter pages; want some of each, a landscape one for each of the %d landscape tables", portrait, turned, landscape)
	}
}

// TestPrintOfLargeCounts prints the widest table of the report, the
// measurement validity of 13 locations in 21 columns, with the counts of a
// crawl of a million domains: eight digits, which do not wrap. At 7pt even
// a landscape page cut off its last columns; printFont sets it smaller.
func TestPrintOfLargeCounts(t *testing.T) {
	findChromium(t)
	q, err := queries.Get("measurement_validity")
	if err != nil {
		t.Fatal(err)
	}
	res := &queries.Result{Columns: []string{"location", "fetches", "measured", "file", "absent", "soft_404", "blocked", "bot_wall",
		"rate_limited", "server_error", "timeout", "network_error", "redirect_error", "pct_measured", "pct_soft_404", "pct_blocked",
		"pct_bot_wall", "pct_server_error", "pct_timeout", "pct_network_error", "pct_redirect_error"}}
	for i, l := range registry.Locations() {
		row := []any{string(l.ID)}
		for j := 1; j < 13; j++ {
			row = append(row, int64(10_000_000+i*1_000_003+j*77_777))
		}
		for j := 13; j < len(res.Columns); j++ {
			row = append(row, 100*float64(j)/float64(len(res.Columns)))
		}
		res.Rows = append(res.Rows, row)
	}
	r := &Report{Title: "Large counts", Version: "test",
		Crawl: Crawl{ID: "big", Domains: 1_000_000, Reachable: 900_000, Runs: []Run{{Shard: "0/1", Run: 1, Status: "complete"}},
			Shards: []queries.ShardState{{Shard: "0/1", Status: "complete", Runs: 1, LastRun: 1, Ended: true}}},
		Sections: []SectionResult{{Section: Section{Title: "Measurement validity", Query: q.Name}, Query: &q, Result: res,
			Params: map[string]string{"crawl": "big"}}},
		Locations: registry.Locations(),
	}
	view := r.view()
	if tv := view.Sections[0].Table; !tv.Landscape || tv.PrintFont == "" {
		t.Errorf("a table of 21 columns of eight-digit counts: landscape %v, print font %q; want landscape and smaller", tv.Landscape, tv.PrintFont)
	}
	page := filepath.Join(t.TempDir(), "large.html")
	writePage(t, r, page)
	b := startBrowser(t, 1280, 900)
	b.navigate("file://" + page)
	checkPrint(t, b, "report-large-counts.pdf")
}
