package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/agentpolicy/survey/queries"
	"github.com/agentpolicy/survey/registry"
)

// hostileValues are values a hostile server could put in the dataset
// (domains, messages, headers), one per line of testdata/hostile.txt.
func hostileValues(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/hostile.txt")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// fixtureReport is a report built by hand: one crawl, one section with a
// chart and a table whose values are the given ones, and the three kinds
// of section without data.
func fixtureReport(t testing.TB, values []string) *Report {
	t.Helper()
	adoption, err := queries.Get("adoption")
	if err != nil {
		t.Fatal(err)
	}
	res := &queries.Result{Columns: []string{"domain", "files", "pct_valid"}}
	for i, v := range values {
		res.Rows = append(res.Rows, []any{v, int64(1000 * (i + 1)), 12.345 * float64(i+1)})
	}
	opts := map[string]any{"max_body": json.Number("0"), "timeout": "3s", "user_agent": values[0], "locations": []any{"robots", values[1]}}
	return &Report{
		Title:     "Survey of " + values[0],
		Generated: time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC),
		Version:   "9.9.9",
		Crawl: Crawl{
			ID: values[len(values)-1], Domains: 12345, Reachable: 12000,
			Runs: []Run{{
				Shard: "0/1", Run: 1, StartedAt: time.Date(2026, 5, 1, 6, 0, 0, 0, time.UTC), EndedAt: time.Date(2026, 5, 1, 7, 0, 0, 0, time.UTC),
				Status: "complete", ToolVersion: "0.1.0", UserAgent: values[0], SeedsPath: values[2], SeedsDigest: strings.Repeat("ab", 32),
				SeedsRead: 12345, SeedsBad: 2, Domains: 12345, Options: opts,
			}},
			Shards: []queries.ShardState{{Shard: "0/1", Status: "complete", Runs: 1, LastRun: 1, Ended: true, Domains: 12345}},
		},
		Headlines: []Headline{
			{Label: "Domains crawled", Value: 12345, Definition: "Every domain."},
			{Label: "Publish robots.txt", Value: 9876, Of: 12000, OfLabel: "reachable domains", Definition: "Robots."},
		},
		Sections: []SectionResult{
			{
				Section: Section{Title: "Hostile values", Query: "adoption",
					Chart: Chart{Kind: Bar, X: "domain", Y: []string{"pct_valid"}, XLabel: "Domain", YLabel: "Share"}},
				Query: &adoption, Params: map[string]string{"crawl": values[len(values)-1]}, Result: res,
			},
			{Section: Section{Title: "Not written yet", Query: "no_such_query"}, Err: errors.New(`no query named "no_such_query"`)},
			{Section: Section{Title: "Broken", Query: "adoption"}, Query: &adoption, Err: errors.New("Catalog Error: Table with name " + values[0] + " does not exist!")},
			{Section: Section{Title: "Empty", Query: "adoption", Chart: Chart{Kind: Bar, X: "domain", Y: []string{"files"}}}, Query: &adoption,
				Result: &queries.Result{Columns: []string{"domain", "files"}}},
		},
		Outcomes:  []OutcomeCount{{Outcome: "present", Fetches: 7000}, {Outcome: "absent", Fetches: 3000}, {Outcome: "from_the_future", Fetches: 1}},
		Locations: registry.Locations(),
	}
}

// render writes r and parses the page back.
func render(t *testing.T, r *Report) (string, *html.Node) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("the page does not parse: %v", err)
	}
	return buf.String(), doc
}

// walk calls f for every node under n.
func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

// textOf returns the text under n.
func textOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}

// checkInert fails the test for anything in the page that could run code
// or load a resource: script, embedding and form elements, event handler
// attributes, and URLs other than fragments of the page itself.
func checkInert(t *testing.T, doc *html.Node) {
	t.Helper()
	walk(doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		switch n.Data {
		case "script", "iframe", "object", "embed", "img", "image", "link", "base", "form", "foreignobject", "use", "video", "audio", "source":
			t.Errorf("the page holds a <%s> element", n.Data)
		}
		for _, a := range n.Attr {
			key := strings.ToLower(a.Key)
			switch {
			case strings.HasPrefix(key, "on"):
				t.Errorf("<%s> has an event handler attribute %s=%q", n.Data, a.Key, a.Val)
			case key == "href" || key == "src" || key == "xlink:href" || key == "action" || key == "srcset" || key == "poster" || key == "data":
				if !strings.HasPrefix(a.Val, "#") {
					t.Errorf("<%s %s=%q>: a URL that is not a fragment of the page", n.Data, a.Key, a.Val)
				}
			case key == "style":
				t.Errorf("<%s> has a style attribute %q", n.Data, a.Val)
			case key == "http-equiv" && !strings.EqualFold(a.Val, "Content-Security-Policy"):
				t.Errorf("<meta http-equiv=%q>", a.Val)
			}
		}
	})
}

func TestHostileValuesAreText(t *testing.T) {
	values := hostileValues(t)
	out, doc := render(t, fixtureReport(t, values))
	checkInert(t, doc)
	for _, bad := range []string{"<script", "<img", "<svg onload", "</title></text>", "</style><"} {
		if strings.Contains(strings.ToLower(out), strings.ToLower(bad)) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}

	// Every value reads back as the same text where the page shows it: a
	// table cell, a bar's hover text and (shortened or not) its label.
	cells := map[string]bool{}
	tips := map[string]bool{}
	labels := map[string]bool{}
	walk(doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		switch {
		case n.Data == "td", n.Data == "th" && attr(n, "scope") == "row":
			cells[textOf(n)] = true
		case n.Data == "title" && n.Parent != nil && n.Parent.Data == "rect":
			tips[textOf(n)] = true
		case n.Data == "text" && attr(n, "class") == "category":
			labels[textOf(n)] = true
		}
	})
	for _, v := range values {
		v = invisibles.Replace(v) // shown by code point (TestInvisiblesShown)
		if !cells[v] {
			t.Errorf("no table cell reads %q", v)
		}
		if !hasPrefix(tips, v+" — pct_valid: ") {
			t.Errorf("no bar's hover text names %q", v)
		}
		if short := shorten(v, maxLabelChars); !labels[short] && !labels[short+v] {
			t.Errorf("no category label reads %q", short)
		}
	}
	text := textOf(doc)
	for _, want := range []string{
		"User agent" + values[0],
		"Seed list" + values[2],
		"robots, " + values[1],
		"Survey of " + values[0],
		"survey query adoption --param 'crawl=" + invisibles.Replace(values[len(values)-1]) + "'",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page's text lacks %q", want)
		}
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasPrefix(set map[string]bool, prefix string) bool {
	for s := range set {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// TestInvisiblesShown: a character that changes how the text around it
// reads without being seen, wherever the data puts it (a seed list's name,
// the user agent, a table cell, a chart's label and hover text, the
// title), is shown by its code point: a right-to-left override made the
// methodology name the seed list "seeds-exe.txt" when it was
// "seeds-\u202Etxt.exe", and a hover text's value read backwards.
func TestInvisiblesShown(t *testing.T) {
	values := []string{"ua/1.0 (+https://a.example/\u202Egnp.exe)", "x\u200By.example", "seeds-\u202Etxt.exe", "\u2067b\u2069.example \uFEFF\u2060", "c-\u202D\u202A\u202B\u202C\u2066\u2068"}
	out, doc := render(t, fixtureReport(t, values))
	for _, r := range "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u2060\uFEFF" {
		if strings.ContainsRune(out, r) {
			t.Errorf("the page holds U+%04X as such", r)
		}
	}
	text := textOf(doc)
	for _, want := range []string{
		"Seed listseeds-[U+202E]txt.exe",
		"User agentua/1.0 (+https://a.example/[U+202E]gnp.exe)",
		"Survey of ua/1.0 (+https://a.example/[U+202E]gnp.exe)",
		"x[U+200B]y.example",
		"[U+2067]b[U+2069].example [U+FEFF][U+2060] — pct_valid: 49.4%", // a hover text
		"c-[U+202D][U+202A][U+202B][U+202C][U+2066][U+2068]",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page's text lacks %q", want)
		}
	}
	var title string
	walk(doc, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "title" && n.Parent != nil && n.Parent.Data == "head" {
			title = textOf(n)
		}
	})
	if want := "Survey of ua/1.0 (+https://a.example/[U+202E]gnp.exe)"; title != want {
		t.Errorf("title %q, want %q", title, want)
	}
}

func TestSectionsWithoutData(t *testing.T) {
	values := hostileValues(t)
	r := fixtureReport(t, values)
	_, doc := render(t, r)
	var notes []string
	walk(doc, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "p" && attr(n, "class") == "nodata" {
			notes = append(notes, textOf(n))
		}
	})
	want := []string{
		`No data. This version of survey has no named query "no_such_query", so this question cannot be answered yet.`,
		"No data. The query adoption failed on this database: Catalog Error: Table with name " + values[0] + " does not exist!",
		"No data. The query adoption returned no rows for crawl " + invisibles.Replace(values[len(values)-1]) + ".",
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
	problems := r.Problems()
	if len(problems) != 2 || !strings.HasPrefix(problems[0], `section "Not written yet": no query named`) ||
		!strings.HasPrefix(problems[1], `section "Broken": Catalog Error`) {
		t.Errorf("problems %q", problems)
	}
	// A chart of zeros is a note.
	r.Sections = append(r.Sections, SectionResult{Section: Section{Title: "Zeros", Query: "adoption", Chart: Chart{Kind: Stacked, X: "domain", Y: []string{"files"}}},
		Query: r.Sections[0].Query, Result: &queries.Result{Columns: []string{"domain", "files"}, Rows: [][]any{{"a", int64(0)}, {"b", nil}}}})
	_, doc = render(t, r)
	var chartNotes []string
	walk(doc, func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "class") == "chart-note" {
			chartNotes = append(chartNotes, textOf(n))
		}
	})
	if len(chartNotes) != 1 || chartNotes[0] != "No chart: every charted value is zero." {
		t.Errorf("chart notes %q", chartNotes)
	}
	// One chart: the section with data.
	var charts int
	walk(doc, func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "svg" {
			charts++
		}
	})
	if charts != 1 {
		t.Errorf("%d charts, want 1", charts)
	}
}

func TestNumbersInThePage(t *testing.T) {
	r := fixtureReport(t, []string{"a.example", "b.example", "c.example"})
	_, doc := render(t, r)
	var rows [][]string
	walk(doc, func(n *html.Node) {
		if n.Type != html.ElementNode || n.Data != "tr" || n.Parent == nil || n.Parent.Data != "tbody" {
			return
		}
		var row []string
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				row = append(row, textOf(c)+"|"+attr(c, "class"))
			}
		}
		rows = append(rows, row)
	})
	want := [][]string{
		{"a.example|short", "1,000|num", "12.3%|num"},
		{"b.example|short", "2,000|num", "24.7%|num"},
		{"c.example|short", "3,000|num", "37.0%|num"},
	}
	for i, w := range want {
		if i >= len(rows) || strings.Join(rows[i], " ") != strings.Join(w, " ") {
			t.Errorf("row %d: %q, want %q", i, rows[min(i, len(rows)-1)], w)
		}
	}
	text := strings.ReplaceAll(textOf(doc), "\n", "")
	for _, want := range []string{
		"Domains crawled12,345",
		"Publish robots.txt82.3%9,876 of 12,000 reachable domains",
		"Body cap1 MiB (1,048,576 bytes) (the default)",
		"Request timeout3s",
		"Domain deadlinenot recorded",
		"presentA file.yes7,00070.0%",
		"from_the_futureNot defined by survey 9.9.9 (written by another version).no10.0%",
		"Seed lines12,345 read, 2 rejected as malformed",
		"Started2026-05-01 06:00:00 UTC",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page's text lacks %q", want)
		}
	}
}

func TestPageIsSelfContained(t *testing.T) {
	out, doc := render(t, fixtureReport(t, []string{"a.example", "b.example", "c.example"}))
	checkInert(t, doc)
	const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`
	if !strings.Contains(out, csp) {
		t.Error("the page lacks its Content-Security-Policy")
	}
	if strings.Contains(out, "@import") || strings.Contains(out, "url(") {
		t.Error("the style sheet loads something")
	}
	// Every fragment link points at an element of the page.
	ids := map[string]bool{}
	var links []string
	walk(doc, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		if id := attr(n, "id"); id != "" {
			if ids[id] {
				t.Errorf("id %q is used twice", id)
			}
			ids[id] = true
		}
		if h := attr(n, "href"); h != "" {
			links = append(links, h)
		}
		for _, key := range []string{"aria-labelledby", "aria-describedby"} {
			for _, ref := range strings.Fields(attr(n, key)) {
				links = append(links, "#"+ref)
			}
		}
	})
	for _, l := range links {
		if !ids[strings.TrimPrefix(l, "#")] {
			t.Errorf("link %s points at no element", l)
		}
	}
}

func TestAnchorsAndCommands(t *testing.T) {
	ids := map[string]bool{"q-adoption": true}
	if got := anchor("adoption", ids); got != "q-adoption-2" {
		t.Errorf("anchor = %q", got)
	}
	if got := anchor("AGENTS.md: the fields!", ids); got != "q-agents-md-the-fields" {
		t.Errorf("anchor = %q", got)
	}
	if got := anchor("<script>", ids); got != "q-script" {
		t.Errorf("anchor = %q", got)
	}
	if got := command("changes", map[string]string{"to_crawl": "2026-05", "from_crawl": "it's"}); got != `survey query changes --param 'from_crawl=it'\''s' --param to_crawl=2026-05` {
		t.Errorf("command = %q", got)
	}
}

func TestTableLimits(t *testing.T) {
	res := &queries.Result{Columns: []string{"domain", "files", "digest"}}
	for i := range 5 {
		res.Rows = append(res.Rows, []any{"d" + string(rune('a'+i)), int64(i), strings.Repeat("f", 64)})
	}
	sec := Section{Query: "changes_detail", MaxRows: 2, Columns: []string{"domain", "files"}}
	tv := tableOf(sec, res, "survey query changes_detail --param to_crawl=b")
	if len(tv.Rows) != 2 || len(tv.Headers) != 2 || tv.Headers[1].Text != "files" {
		t.Errorf("%d rows, headers %+v", len(tv.Rows), tv.Headers)
	}
	if want := "The first 2 of 5 rows are shown; survey query changes_detail --param to_crawl=b prints them all. " +
		"2 of the result's 3 columns are shown; survey query changes_detail --param to_crawl=b prints them all."; tv.Note != want {
		t.Errorf("note %q\nwant %q", tv.Note, want)
	}
	if tv.Caption != "Result of survey query changes_detail: 5 rows." {
		t.Errorf("caption %q", tv.Caption)
	}
	// A column the result lacks: every column is shown, and the note says so.
	sec.Columns = []string{"domain", "gone"}
	tv = tableOf(sec, res, "survey query changes_detail")
	if len(tv.Headers) != 3 || !strings.HasSuffix(tv.Note, "The result has no column gone; every column is shown.") {
		t.Errorf("headers %+v, note %q", tv.Headers, tv.Note)
	}
	if got := tv.Headers[0].Parts; len(got) != 1 || got[0] != "domain" {
		t.Errorf("header parts %q", got)
	}
	// A query asked for one row more than the table shows, which returned
	// as many: it has more rows than were read, uncounted, and the command
	// for them all goes without the limit.
	sec = Section{Query: "changes_detail", MaxRows: 4, Params: map[string]string{"limit": "5"}, RowLimit: "limit"}
	tv = tableOf(sec, res, "survey query changes_detail --param to_crawl=b")
	if want := "The first 4 rows are shown; survey query changes_detail --param to_crawl=b prints them all (with --out FILE, into a file however many they are)."; tv.Note != want || len(tv.Rows) != 4 {
		t.Errorf("%d rows, note %q\nwant %q", len(tv.Rows), tv.Note, want)
	}
	if tv.Caption != "Result of survey query changes_detail: more than 4 rows." {
		t.Errorf("caption %q", tv.Caption)
	}
	// Fewer rows than the limit: that is all of them.
	sec.Params["limit"] = "6"
	if tv = tableOf(sec, res, "survey query changes_detail"); tv.Caption != "Result of survey query changes_detail: 5 rows." ||
		tv.Note != "The first 4 of 5 rows are shown; survey query changes_detail prints them all." {
		t.Errorf("caption %q, note %q", tv.Caption, tv.Note)
	}
	tv = tableOf(Section{Query: "q"}, &queries.Result{Columns: []string{"pct_with_file"}, Rows: [][]any{{1.0}}}, "survey query q")
	if got := tv.Headers[0].Parts; strings.Join(got, "|") != "pct_|with_|file" || tv.Caption != "Result of survey query q: 1 row." {
		t.Errorf("header parts %q, caption %q", got, tv.Caption)
	}
}
