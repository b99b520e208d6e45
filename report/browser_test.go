package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pageCheck is what the page measures of itself once Chromium has laid it
// out: every chart's bars, labels and titles with their rendered boxes.
const pageCheck = `(() => {
  const box = (el, origin) => { const b = el.getBoundingClientRect(); return {x: b.left - origin.left, y: b.top - origin.top, w: b.width, h: b.height}; };
  const charts = [...document.querySelectorAll('figure.chart svg')].map(svg => {
    const o = svg.getBoundingClientRect();
    const texts = cls => [...svg.querySelectorAll('text.' + cls)].map(t => ({text: t.textContent, ...box(t, o)}));
    return {
      title: svg.querySelector(':scope > title').textContent,
      labelledBy: svg.getAttribute('aria-labelledby'),
      w: o.width, h: o.height,
      bars: [...svg.querySelectorAll('rect.bar')].map(r => ({tip: r.querySelector('title').textContent, fill: getComputedStyle(r).fill, ...box(r, o)})),
      axisTitles: texts('axis-title'),
      ticks: texts('tick'),
      categories: texts('category'),
      legend: texts('legend'),
      values: texts('value'),
    };
  });
  return {
    title: document.title,
    charts,
    scripts: document.scripts.length,
    urls: [...document.querySelectorAll('[src],[href],[srcset],[action],[poster],[data]')].map(e => e.getAttribute('src') || e.getAttribute('href') || e.getAttribute('srcset') || e.getAttribute('action') || ''),
    overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    nodata: document.querySelectorAll('.nodata').length,
    tables: document.querySelectorAll('table').length,
  };
})()`

type rendered struct {
	Title  string
	Charts []struct {
		Title, LabelledBy string
		W, H              float64
		Bars              []struct {
			Tip, Fill  string
			X, Y, W, H float64
		}
		AxisTitles, Ticks, Categories, Legend, Values []renderedText
	}
	Scripts   int
	URLs      []string
	OverflowX float64
	NoData    int
	Tables    int
}

type renderedText struct {
	Text       string
	X, Y, W, H float64
}

// writePage writes the report r as an HTML file at path.
func writePage(t *testing.T, r *Report, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkInChromium loads the report in headless Chromium and checks that
// every chart rendered (bars of non-zero size inside the chart, axis
// titles, ticks and category labels on screen), that the page made no
// request but for itself and runs no script, and saves a screenshot of
// the whole page.
func checkInChromium(t *testing.T, r *Report) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	writePage(t, r, page)
	view := r.view()
	var wantCharts []string
	wantNoData := 0
	for _, s := range view.Sections {
		if s.Chart != nil {
			wantCharts = append(wantCharts, s.Chart.Title)
		}
		if s.Note != "" {
			wantNoData++
		}
	}
	if len(wantCharts) < 10 {
		t.Errorf("the report of the simulated web has %d charts; want one for nearly every question", len(wantCharts))
	}

	b := startBrowser(t, 1280, 900)
	t.Logf("browser: %s", b.version())
	url := "file://" + page
	b.navigate(url)

	if got := b.requestedURLs(); len(got) != 1 || got[0] != url {
		t.Errorf("the page made requests %q; want only its own %s", got, url)
	}
	var p rendered
	b.eval(pageCheck, &p)
	if p.Title != r.Title {
		t.Errorf("title %q, want %q", p.Title, r.Title)
	}
	if p.Scripts != 0 {
		t.Errorf("the page has %d scripts", p.Scripts)
	}
	for _, u := range p.URLs {
		if !strings.HasPrefix(u, "#") {
			t.Errorf("the page refers to %q, which is not a fragment of itself", u)
		}
	}
	if p.OverflowX > 0 {
		t.Errorf("the page is %v px wider than a 1280 px window", p.OverflowX)
	}
	if p.NoData != wantNoData {
		t.Errorf("%d no-data notes, want %d", p.NoData, wantNoData)
	}
	if p.Tables < len(view.Sections)-wantNoData {
		t.Errorf("%d tables for %d sections with data", p.Tables, len(view.Sections)-wantNoData)
	}
	if len(p.Charts) != len(wantCharts) {
		t.Fatalf("%d charts rendered, want %d", len(p.Charts), len(wantCharts))
	}
	for i, c := range p.Charts {
		name := wantCharts[i]
		if c.Title != name {
			t.Errorf("chart %d is %q, want %q", i, c.Title, name)
		}
		if c.W < 400 || c.H < 60 {
			t.Errorf("chart %q renders at %vx%v px", name, c.W, c.H)
		}
		if len(c.Bars) == 0 {
			t.Errorf("chart %q has no bars", name)
		}
		for _, bar := range c.Bars {
			if bar.W <= 0 || bar.H <= 0 || bar.X < 0 || bar.Y < 0 || bar.X+bar.W > c.W+0.5 || bar.Y+bar.H > c.H+0.5 {
				t.Errorf("chart %q: bar %q at %v,%v size %vx%v, outside the %vx%v chart or empty", name, bar.Tip, bar.X, bar.Y, bar.W, bar.H, c.W, c.H)
			}
			if bar.Tip == "" || bar.Fill == "" || bar.Fill == "none" {
				t.Errorf("chart %q: bar without hover text or colour: %+v", name, bar)
			}
		}
		if len(c.AxisTitles) != 2 {
			t.Errorf("chart %q has %d axis titles, want 2", name, len(c.AxisTitles))
		}
		for _, group := range [][]renderedText{c.AxisTitles, c.Ticks, c.Categories, c.Legend, c.Values} {
			for _, tx := range group {
				if strings.TrimSpace(tx.Text) == "" || tx.W <= 0 || tx.H <= 0 || tx.X < -0.5 || tx.X+tx.W > c.W+0.5 {
					t.Errorf("chart %q: label %q at %v size %vx%v is empty or cut off (chart %v wide)", name, tx.Text, tx.X, tx.W, tx.H, c.W)
				}
			}
		}
		if len(c.Ticks) < 2 || len(c.Categories) == 0 {
			t.Errorf("chart %q has %d ticks and %d category labels", name, len(c.Ticks), len(c.Categories))
		}
	}

	checkPrint(t, b, "report.pdf")
	checkNarrow(t, b)
	checkAccessibility(t, b)

	png := b.screenshot()
	out := artifactPath(t, "report.png")
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of the whole report (%d bytes): %s", len(png), out)
	w, h := b.pageSize()
	top := b.screenshotClip(0, w, min(h, 2400))
	out = artifactPath(t, "report-top.png")
	if err := os.WriteFile(out, top, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot of its first 2,400 px: %s", out)
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(artifactPath(t, "report.html"), html, 0o644); err != nil {
		t.Fatal(err)
	}
}

// artifactPath is where a build artefact named name goes: under
// $SURVEY_ARTIFACTS when set, else bin/artifacts under the repository
// root.
func artifactPath(t *testing.T, name string) string {
	t.Helper()
	dir := os.Getenv("SURVEY_ARTIFACTS")
	if dir == "" {
		root, err := filepath.Abs("..")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
			t.Fatalf("the repository root %s has no go.mod: %v", root, err)
		}
		dir = filepath.Join(root, "bin", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, name)
}
