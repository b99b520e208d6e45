package report

import (
	"math"
	"strings"
	"unicode/utf8"
)

// svgChart is a laid-out chart: shapes and texts in the coordinates of an
// SVG viewBox of Width × Height.
type svgChart struct {
	ID            string // element id prefix, unique in the page
	Title, Desc   string
	Width, Height float64
	Grid          []svgLine
	Axes          []svgLine
	Bars          []svgRect
	Swatches      []svgRect // legend
	Texts         []svgText
}

// svgRect is a bar, a segment or a legend swatch; Tip is its hover text.
type svgRect struct {
	X, Y, W, H float64
	Fill       string
	Tip        string
	Series     int
}

// svgLine is a grid or axis line.
type svgLine struct{ X1, Y1, X2, Y2 float64 }

// svgText is a label.
type svgText struct {
	X, Y   float64
	Text   string
	Tip    string // full text when Text was shortened
	Anchor string // start, middle or end
	Class  string // tick, category, axis-title, value, value-in, value-in-dark, legend
}

// Chart geometry, in viewBox units (pixels at 100%).
const (
	chartWidth     = 860.0
	charWidth      = 6.8  // average advance of a 12px sans-serif character, a little generous
	maxLabelChars  = 46   // category labels longer than this are shortened
	sidePad        = 4.0  // left of the category labels
	catTitleRoom   = 20.0 // above the plot, for the category axis title
	legendRowH     = 20.0
	plotTopPad     = 6.0
	tickLabelRoom  = 18.0
	axisTitleDrop  = 38.0
	bottomPad      = 10.0
	valueLabelPad  = 5.0
	groupGap       = 10.0
	singleBarH     = 20.0
	groupedBarH    = 13.0
	stackedBarH    = 22.0
	minInsideLabel = 4.0 // padding a label needs inside a segment
)

// textWidth estimates the width of s in a 12px sans-serif font.
func textWidth(s string) float64 { return float64(utf8.RuneCountInString(s)) * charWidth }

// boldWidth estimates the width of s in the bold 12px font of the axis
// titles.
func boldWidth(s string) float64 { return textWidth(s) * 1.15 }

// shorten cuts s to n characters by replacing its middle with an
// ellipsis, keeping the start and the end (where a clause's number is).
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	head := (n - 1) / 2
	tail := n - 1 - head
	return strings.TrimRight(string(r[:head]), " ") + "…" + strings.TrimLeft(string(r[len(r)-tail:]), " ")
}

// niceScale returns an axis maximum and tick step for values up to max:
// steps of 1, 2, 2.5 or 5 times a power of ten, about five ticks; integral
// axes never step by less than one.
func niceScale(max float64, integral bool) (top, step float64) {
	if !(max > 0) || math.IsInf(max, 0) {
		return 1, 1
	}
	raw := max / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		step = m * mag
		if step >= raw {
			break
		}
	}
	if integral && step < 1 {
		step = 1
	}
	top = math.Ceil(max/step-1e-9) * step
	return top, step
}

// formatAxis writes a tick value of an axis of kind k.
func formatAxis(v float64, k kind) string {
	switch {
	case k == kindPercent:
		if v == math.Trunc(v) {
			return FormatFloat(v, 0) + "%"
		}
		return FormatPercent(v)
	case v == math.Trunc(v):
		return FormatFloat(v, 0)
	}
	return FormatFloat(v, 1)
}

// formatMeasure writes a bar's value for its label and hover text.
func formatMeasure(v float64, k kind) string {
	switch k {
	case kindPercent:
		return FormatPercent(v)
	case kindInt:
		return FormatFloat(v, 0)
	}
	return FormatFloat(v, 2)
}

// layoutChart lays out d as a chart of kind k, with a legend when there
// are several series or legend is set. The value axis is a percentage
// axis when every series is a percentage.
func layoutChart(d *chartData, k ChartKind, legend bool, id, title, desc, xLabel, yLabel string) *svgChart {
	c := &svgChart{ID: id, Title: title, Desc: desc, Width: chartWidth}
	axisKind := axisKindOf(d.series)

	// Left margin: the rotated axis title and the longest category label.
	longest := 0.0
	for _, cat := range d.categories {
		longest = math.Max(longest, textWidth(shorten(cat, maxLabelChars)))
	}
	left := sidePad + math.Max(longest, boldWidth(xLabel)) + 10

	// The largest value to show, and the room its label needs on the right.
	maxVal, maxLabel := 0.0, 0.0
	for i := range d.categories {
		total := 0.0
		for j, s := range d.series {
			v := d.values[i][j]
			if math.IsNaN(v) || v < 0 {
				continue
			}
			if k == Stacked {
				total += v
			} else {
				maxVal = math.Max(maxVal, v)
				maxLabel = math.Max(maxLabel, textWidth(formatMeasure(v, s.kind)))
			}
		}
		if k == Stacked {
			maxVal = math.Max(maxVal, total)
			if len(d.series) > 1 && axisKind != kindPercent {
				maxLabel = math.Max(maxLabel, textWidth(formatMeasure(total, axisKind)))
			}
		}
	}
	right := math.Max(maxLabel+valueLabelPad+6, 24)
	plotW := chartWidth - left - right
	if plotW < 200 { // very long labels: give the plot its share
		left = chartWidth - right - 200
		plotW = 200
	}
	top, step := niceScale(maxVal, axisKind == kindInt)
	scale := plotW / top

	// Legend, above the plot, wrapping.
	y := 4.0
	if legend || len(d.series) > 1 {
		x := left
		for j, s := range d.series {
			w := 14 + 6 + textWidth(s.name) + 18
			if x+w > chartWidth && x > left {
				x = left
				y += legendRowH
			}
			c.Swatches = append(c.Swatches, svgRect{X: x, Y: y + 2, W: 14, H: 14, Fill: s.color, Tip: s.name, Series: j})
			c.Texts = append(c.Texts, svgText{X: x + 20, Y: y + 13, Text: s.name, Anchor: "start", Class: "legend"})
			x += w
		}
		y += legendRowH + 6
	}
	// The category axis title heads the column of category labels.
	c.Texts = append(c.Texts, svgText{X: left - 8, Y: y + 13, Text: xLabel, Anchor: "end", Class: "axis-title"})
	plotTop := y + catTitleRoom + plotTopPad

	// Bands.
	barH := singleBarH
	perBand := 1
	if k == Bar && len(d.series) > 1 && !d.oneSeriesEach() {
		barH, perBand = groupedBarH, len(d.series)
	}
	if k == Stacked {
		barH = stackedBarH
	}
	band := barH*float64(perBand) + groupGap
	plotH := band * float64(len(d.categories))
	if len(d.categories) == 0 {
		plotH = band
	}

	// Grid and ticks.
	for v := 0.0; v <= top+step/1e6; v += step {
		x := left + v*scale
		c.Grid = append(c.Grid, svgLine{x, plotTop, x, plotTop + plotH})
		c.Texts = append(c.Texts, svgText{X: x, Y: plotTop + plotH + 14, Text: formatAxis(v, axisKind), Anchor: "middle", Class: "tick"})
	}
	c.Axes = append(c.Axes,
		svgLine{left, plotTop, left, plotTop + plotH},
		svgLine{left, plotTop + plotH, left + plotW, plotTop + plotH})

	// Bars and labels.
	for i, cat := range d.categories {
		bandTop := plotTop + float64(i)*band + groupGap/2
		label := shorten(cat, maxLabelChars)
		tip := ""
		if label != cat {
			tip = cat
		}
		c.Texts = append(c.Texts, svgText{X: left - 8, Y: bandTop + barH*float64(perBand)/2 + 4, Text: label, Tip: tip, Anchor: "end", Class: "category"})
		x := left
		total := 0.0
		for j, s := range d.series {
			by := bandTop // a Bar's top
			if perBand > 1 {
				by += float64(j) * barH
			}
			v := d.values[i][j]
			if math.IsNaN(v) {
				if k == Bar && d.nulls[cell{i, j}] {
					// NULL is no value, not zero: a dash where the bar's value would be.
					c.Texts = append(c.Texts, svgText{X: left + valueLabelPad, Y: by + barH/2 + 3.5, Text: "—", Tip: cat + " — " + s.name + ": no value", Anchor: "start", Class: "value"})
				}
				continue
			}
			w := math.Max(v, 0) * scale
			value := formatMeasure(v, s.kind)
			tipText := cat + " — " + s.name + ": " + value
			if k == Bar {
				if w > 0 {
					c.Bars = append(c.Bars, svgRect{X: left, Y: by, W: w, H: barH - 1, Fill: s.color, Tip: tipText, Series: j})
				}
				c.Texts = append(c.Texts, svgText{X: left + w + valueLabelPad, Y: by + barH/2 + 3.5, Text: value, Anchor: "start", Class: "value"})
				continue
			}
			if w > 0 {
				c.Bars = append(c.Bars, svgRect{X: x, Y: bandTop, W: w, H: barH, Fill: s.color, Tip: tipText, Series: j})
				if w >= textWidth(value)+2*minInsideLabel {
					class := "value-in"
					if light(s.color) {
						class = "value-in-dark"
					}
					c.Texts = append(c.Texts, svgText{X: x + w/2, Y: bandTop + barH/2 + 4, Text: value, Anchor: "middle", Class: class})
				}
			}
			x += w
			total += math.Max(v, 0)
		}
		if k == Stacked && len(d.series) > 1 && axisKind != kindPercent {
			c.Texts = append(c.Texts, svgText{X: x + valueLabelPad, Y: bandTop + barH/2 + 4, Text: formatMeasure(total, axisKind), Anchor: "start", Class: "value"})
		}
		if k == Stacked && len(d.series) == 1 {
			c.Texts = append(c.Texts, svgText{X: x + valueLabelPad, Y: bandTop + barH/2 + 4, Text: formatMeasure(total, d.series[0].kind), Anchor: "start", Class: "value"})
		}
	}

	// The value axis title, under its ticks.
	c.Texts = append(c.Texts, svgText{X: left + plotW/2, Y: plotTop + plotH + axisTitleDrop - 4, Text: yLabel, Anchor: "middle", Class: "axis-title"})
	c.Height = math.Ceil(plotTop + plotH + axisTitleDrop + bottomPad)
	return c
}

// axisKindOf is how the value axis of the series is labelled: as
// percentages when every series is one, as integers when every series is.
func axisKindOf(ss []series) kind {
	pct, ints := true, true
	for _, s := range ss {
		pct = pct && s.kind == kindPercent
		ints = ints && s.kind == kindInt
	}
	switch {
	case pct && len(ss) > 0:
		return kindPercent
	case ints:
		return kindInt
	}
	return kindFloat
}

// light reports whether near-black text on a #rrggbb colour contrasts
// more than white text does (WCAG relative luminance above about 0.19).
func light(hex string) bool {
	if len(hex) != 7 || hex[0] != '#' {
		return false
	}
	var rgb [3]float64
	for i := range rgb {
		var v int
		for _, ch := range hex[1+2*i : 3+2*i] {
			v *= 16
			switch {
			case ch >= '0' && ch <= '9':
				v += int(ch - '0')
			case ch >= 'a' && ch <= 'f':
				v += int(ch-'a') + 10
			case ch >= 'A' && ch <= 'F':
				v += int(ch-'A') + 10
			default:
				return false
			}
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			rgb[i] = c / 12.92
		} else {
			rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	l := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	return (l+0.05)/(0.0056+0.05) > 1.05/(l+0.05)
}
