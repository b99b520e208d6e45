package report

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// axNode is a node of Chromium's accessibility tree, what a screen reader
// is given (Accessibility.getFullAXTree).
type axNode struct {
	Ignored     bool    `json:"ignored"`
	Role        axValue `json:"role"`
	Name        axValue `json:"name"`
	Description axValue `json:"description"`
	Properties  []struct {
		Name  string  `json:"name"`
		Value axValue `json:"value"`
	} `json:"properties"`
}

type axValue struct {
	Value any `json:"value"`
}

func (v axValue) String() string {
	s, _ := v.Value.(string)
	return s
}

func (n axNode) property(name string) any {
	for _, p := range n.Properties {
		if p.Name == name {
			return p.Value.Value
		}
	}
	return nil
}

// landmarkRoles are the roles a screen reader lists as landmarks.
var landmarkRoles = map[string]bool{"banner": true, "navigation": true, "main": true, "contentinfo": true, "region": true, "complementary": true}

// checkAccessibility checks the page as a screen reader is given it:
// the language, headings that skip no level, landmarks that a reader can
// tell apart by name, every chart named by its title and described once,
// every table named, and every element that takes the focus named.
func checkAccessibility(t *testing.T, b *browser) {
	t.Helper()
	var lang string
	b.eval(`document.documentElement.lang`, &lang)
	if lang != "en" {
		t.Errorf("the page's language is %q, want en", lang)
	}
	b.call(b.session, "Accessibility.enable", nil, nil)
	var tree struct {
		Nodes []axNode `json:"nodes"`
	}
	b.call(b.session, "Accessibility.getFullAXTree", nil, &tree)
	landmarks := map[string]int{}
	level := 0.0
	var images, tables, rowHeaders int
	for _, n := range tree.Nodes {
		if n.Ignored {
			continue
		}
		role, name, desc := n.Role.String(), strings.TrimSpace(n.Name.String()), strings.TrimSpace(n.Description.String())
		switch {
		case landmarkRoles[role]:
			landmarks[role+" "+name]++
		case role == "heading":
			l, _ := n.property("level").(float64)
			if l > level+1 || l < 1 {
				t.Errorf("heading %q is of level %v after one of level %v", name, l, level)
			}
			level = l
		case role == "image":
			images++
			if name == "" || desc == "" || strings.Contains(name, desc) {
				t.Errorf("chart named %q and described %q: want its title as its name and its description apart", name, desc)
			}
		case role == "rowheader":
			rowHeaders++
			if name == "" {
				t.Error("a row header is empty")
			}
		case role == "table":
			tables++
			if name == "" {
				t.Error("a table has no name (caption)")
			}
		}
		if f, _ := n.property("focusable").(bool); f && name == "" && role != "RootWebArea" {
			t.Errorf("a focusable %s has no name", role)
		}
	}
	for l, count := range landmarks {
		if count > 1 {
			t.Errorf("%d landmarks are %q: a screen reader's list of landmarks cannot tell them apart", count, l)
		}
	}
	if images == 0 || tables == 0 {
		t.Errorf("the accessibility tree has %d charts and %d tables", images, tables)
	}
	// Every row of every table has a header naming it, which a screen
	// reader reads with each cell of the row.
	var bodyRows int
	b.eval(`document.querySelectorAll('tbody tr').length`, &bodyRows)
	if rowHeaders < bodyRows {
		t.Errorf("%d row headers for %d table rows: a screen reader moving along a row does not hear what the row is", rowHeaders, bodyRows)
	}
	checkFocusRings(t, b)
}

// focusRings focuses the first element of each kind that takes the
// keyboard's focus and reads the ring drawn around it.
const focusRings = `['.skip', 'nav a', 'main a', '.chart-scroll', '.table-wrap', 'summary'].map(sel => {
  const e = document.querySelector(sel);
  if (!e) return {sel, found: false};
  e.focus();
  const cs = getComputedStyle(e);
  const ring = {sel, found: true, focused: document.activeElement === e, style: cs.outlineStyle, color: cs.outlineColor, width: parseFloat(cs.outlineWidth)};
  e.blur();
  return ring;
})`

// checkFocusRings checks that every kind of element a keyboard user
// reaches shows a ring that contrasts 3:1 with the white page (WCAG
// 1.4.11), or Chromium's own two-tone ring.
func checkFocusRings(t *testing.T, b *browser) {
	t.Helper()
	var rings []struct {
		Sel, Style, Color string
		Found, Focused    bool
		Width             float64
	}
	b.eval(focusRings, &rings)
	for _, r := range rings {
		switch {
		case !r.Found || !r.Focused:
			t.Errorf("%s: no such element takes the focus", r.Sel)
		case r.Style == "auto":
		case r.Style == "none" || r.Width < 2:
			t.Errorf("%s shows no focus ring (outline %s %v px)", r.Sel, r.Style, r.Width)
		default:
			var red, green, blue int
			if _, err := fmt.Sscanf(r.Color, "rgb(%d, %d, %d)", &red, &green, &blue); err != nil {
				t.Errorf("%s: focus ring colour %q: %v", r.Sel, r.Color, err)
				continue
			}
			if c := (1 + 0.05) / (luminance(red, green, blue) + 0.05); c < 3 {
				t.Errorf("%s: the focus ring (%s) contrasts %.1f:1 with the white page, want 3:1", r.Sel, r.Color, c)
			}
		}
	}
}

// luminance is the WCAG relative luminance of an sRGB colour.
func luminance(r, g, b int) float64 {
	lin := func(v int) float64 {
		c := float64(v) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
