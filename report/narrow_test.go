package report

import "testing"

// narrowWidth is a phone's viewport in CSS pixels (an iPhone SE or mini).
const narrowWidth = 375

// minChartScale is the smallest scale at which a chart's 12-unit labels
// are still 9 px: below it they are unreadable.
const minChartScale = 0.75

// narrowLayout is what the page measures of itself in a narrow window.
const narrowLayout = `(() => {
  const de = document.documentElement;
  return {
    width: de.clientWidth,
    overflowX: de.scrollWidth - de.clientWidth,
    charts: [...document.querySelectorAll('figure.chart')].map(f => {
      const svg = f.querySelector('svg'), scroll = svg.parentElement, b = svg.getBoundingClientRect();
      return {title: svg.querySelector(':scope > title').textContent, scale: b.width / svg.viewBox.baseVal.width,
        scrollWidth: scroll.scrollWidth, clientWidth: scroll.clientWidth, right: scroll.getBoundingClientRect().right, svgWidth: b.width};
    }),
  };
})()`

// checkNarrow checks the page in a phone's window: nothing makes the page
// wider than the window, and every chart keeps its labels readable,
// scrolling sideways inside its figure rather than shrinking them.
func checkNarrow(t *testing.T, b *browser) {
	t.Helper()
	b.resize(narrowWidth, 800)
	defer b.resize(1280, 900)
	var got struct {
		Width, OverflowX float64
		Charts           []struct {
			Title                                  string
			Scale, ScrollWidth, ClientWidth, Right float64
			SVGWidth                               float64 `json:"svgWidth"`
		}
	}
	b.eval(narrowLayout, &got)
	if got.OverflowX > 0 {
		t.Errorf("in a %v px window the page is %v px wider than the window", got.Width, got.OverflowX)
	}
	if len(got.Charts) == 0 {
		t.Error("no chart in a narrow window")
	}
	for _, c := range got.Charts {
		if c.Scale < minChartScale {
			t.Errorf("in a %v px window chart %q is drawn at %.2f of its size: its labels are %.1f px", got.Width, c.Title, c.Scale, 12*c.Scale)
		}
		if c.Right > got.Width+0.5 || c.ScrollWidth < c.SVGWidth-0.5 {
			t.Errorf("in a %v px window chart %q (%v px) is in a box %v px wide ending at %v px that scrolls %v px", got.Width, c.Title, c.SVGWidth, c.ClientWidth, c.Right, c.ScrollWidth)
		}
	}
}
