package report

import (
	"strings"
	"unicode/utf8"
)

// Printed, a wide table (tableView.Wide) is set at 7pt, on a landscape
// page when it has many columns (tableView.Landscape). Its numbers do not
// wrap and its header words wrap only after an underscore, so a table of
// many columns of large counts (a crawl of a million domains has
// eight-digit ones) can be wider than the page even so, and would be cut
// off: printFont sets such a table smaller, by an estimate of its
// narrowest width.

// printWidths are the widths, in CSS pixels, a printed table may take: a
// portrait A4 page and a landscape US Letter page inside the print style
// sheet's 15 mm margins (680 and 942), less a little for the estimate.
const (
	printPortraitWidth  = 670
	printLandscapeWidth = 930
)

// printCharEm is the width of a digit or of an average letter of the
// header's bold type, in ems: DejaVu Sans, the widest of the fonts the
// style sheet names, has digits of 0.64 em and bold lower case of about
// 0.6 em.
const printCharEm = 0.62

// printCellPad is the horizontal padding and rule of a printed wide
// table's cell, in CSS pixels.
const printCellPad = 5

// printTextChars is the width, in characters, a text column is counted
// at: printed, its cells wrap anywhere, down to a few characters.
const printTextChars = 4

// printFonts are the sizes a printed wide table may be set at, in points,
// largest first, with the class that selects each (7pt needs none).
var printFonts = []struct {
	pt    float64
	class string
}{{7, ""}, {6.5, "print-6-5"}, {6, "print-6"}, {5.5, "print-5-5"}, {5, "print-5"}}

// printFont returns the class setting a wide table's print size: the
// largest of printFonts at which the estimate of its narrowest width fits
// its page, else the smallest.
func printFont(t *tableView) string {
	if !t.Wide || len(t.Headers) == 0 {
		return ""
	}
	chars := 0
	for j, h := range t.Headers {
		w := 0
		for _, p := range h.Parts {
			w = max(w, utf8.RuneCountInString(strings.TrimSpace(p)))
		}
		for _, row := range t.Rows {
			if j >= len(row) {
				continue
			}
			if c := row[j]; c.Num {
				w = max(w, utf8.RuneCountInString(c.Text))
			} else {
				w = max(w, min(utf8.RuneCountInString(c.Text), printTextChars))
			}
		}
		chars += w
	}
	avail := float64(printPortraitWidth)
	if t.Landscape {
		avail = printLandscapeWidth
	}
	for _, f := range printFonts {
		px := f.pt * 96 / 72
		if float64(chars)*printCharEm*px+float64(len(t.Headers)*printCellPad) <= avail {
			return f.class
		}
	}
	return printFonts[len(printFonts)-1].class
}
