package classify

import (
	"bytes"

	"github.com/agentpolicy/survey/registry"
)

// pageDataScan is how much of a body PageData reads.
const pageDataScan = 8 << 10

// pageDataMarkers are strings of which a React Server Components payload
// holds at least one near its start: the fragment symbol rows of React 19,
// the lazy references and undefined values of the model rows, and the
// chunk paths of the import rows.
var pageDataMarkers = [][]byte{
	[]byte(`"$Sreact.`), []byte(`"$L`), []byte(`"$undefined"`), []byte(`static/chunks/`),
}

// PageData reports whether body is a web framework's data for a page
// rather than a file: a React Server Components payload, whose lines are
// "flight" rows "<hex id>:<row>" (`1:"$Sreact.fragment"`,
// `2:I[39756,["/_next/static/chunks/..."],"default"]`, `1:HL["/_next/static/css/..."]`,
// `0:["buildId",[[...`). A Next.js static export writes one beside every
// page as <page>.txt, so a site with a page /ai or /agents answers
// /ai.txt or /agents.txt with it: a 2xx that is not the file, as an HTML
// page there is.
//
// It asks that the first line that is not blank be a flight row, that at
// least two of the first 16 be (a text row may run over several lines),
// and that the first 8 KiB hold a mark of React's encoding
// (pageDataMarkers). Only the first 8 KiB are read.
func PageData(body []byte) bool {
	b := body
	if len(b) > pageDataScan {
		b = b[:pageDataScan]
	}
	rows, lines := 0, 0
	for rest := b; len(rest) > 0 && lines < 16; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		lines++
		if flightRow(line) {
			rows++
		} else if lines == 1 {
			return false // most bodies end here, at their first line
		}
	}
	if rows < 2 {
		return false
	}
	for _, m := range pageDataMarkers {
		if bytes.Contains(b, m) {
			return true
		}
	}
	return false
}

// PageDataAt reports whether body, answered with a 2xx at location loc, is
// page data rather than the file: PageData, at a location that expects a
// text or Markdown file (a JSON or XML location's parser judges its body,
// and a page is what the home page is).
func PageDataAt(loc registry.Location, body []byte) bool {
	return (loc.Expect == registry.KindText || loc.Expect == registry.KindMarkdown) && PageData(body)
}

// flightRow reports whether line is a row of a React Server Components
// payload: a row id of one to eight lower-case hex digits, a colon, and a
// row that opens with JSON ('[', '{', '"'), with a tag letter before JSON
// (I[ an import, HL[ a hint, E{ an error, D{ debug, W[ a console call), or
// with a text row's tag and length (T1a2,).
func flightRow(line []byte) bool {
	id := 0
	for id < len(line) && id < 9 && isLowerHex(line[id]) {
		id++
	}
	if id == 0 || id > 8 || id+1 >= len(line) || line[id] != ':' {
		return false
	}
	row := line[id+1:]
	switch row[0] {
	case '[', '{', '"':
		return true
	case 'T':
		n := 1
		for n < len(row) && isLowerHex(row[n]) {
			n++
		}
		return n > 1 && n < len(row) && row[n] == ','
	}
	tag := 0
	for tag < len(row) && tag < 3 && 'A' <= row[tag] && row[tag] <= 'Z' {
		tag++
	}
	return tag > 0 && tag < 3 && tag < len(row) && (row[tag] == '[' || row[tag] == '{')
}

func isLowerHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f'
}
