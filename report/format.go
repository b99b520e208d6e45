package report

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/agentpolicy/survey/queries"
)

// floater is a numeric value that converts to float64 (the DuckDB
// driver's DECIMAL values).
type floater interface{ Float64() float64 }

// number returns v as a float64 and whether v is a number. integral is
// true when v is of an integer type (or a decimal without a fraction).
func number(v any) (f float64, integral, ok bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true, true
	case int8:
		return float64(x), true, true
	case int16:
		return float64(x), true, true
	case int32:
		return float64(x), true, true
	case int64:
		return float64(x), true, true
	case uint:
		return float64(x), true, true
	case uint8:
		return float64(x), true, true
	case uint16:
		return float64(x), true, true
	case uint32:
		return float64(x), true, true
	case uint64:
		return float64(x), true, true
	case float32:
		return float64(x), false, true
	case float64:
		return x, false, true
	case *big.Int:
		if x == nil {
			return 0, false, false
		}
		f, _ := new(big.Float).SetInt(x).Float64()
		return f, true, true
	case floater:
		// A DECIMAL(18,2) column is not integral even where a value is
		// 3.00: its text has a point.
		return x.Float64(), !strings.Contains(fmt.Sprint(v), "."), true
	}
	return 0, false, false
}

// FormatInt formats n with comma thousands separators: 1234567 becomes
// "1,234,567".
func FormatInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// FormatFloat formats f with the given number of decimals and comma
// thousands separators: FormatFloat(12345.678, 1) is "12,345.7". NaN and
// infinities are written as "n/a".
func FormatFloat(f float64, decimals int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "n/a"
	}
	s := strconv.FormatFloat(f, 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	n, err := strconv.ParseInt(strings.TrimPrefix(whole, "-"), 10, 64)
	if err != nil { // beyond int64: leave the digits alone
		return s
	}
	out := FormatInt(n)
	if neg && n == 0 && frac != "" && strings.Trim(frac, "0") == "" {
		neg = false // -0.0 reads as 0.0
	}
	if neg {
		out = "-" + out
	}
	if frac != "" {
		out += "." + frac
	}
	return out
}

// FormatPercent formats a percentage (in percent units, 12.34 for
// 12.34%) with one decimal: "12.3%".
func FormatPercent(pct float64) string {
	if math.IsNaN(pct) || math.IsInf(pct, 0) {
		return "n/a"
	}
	return FormatFloat(pct, 1) + "%"
}

// FormatBytes formats a size in bytes the way a reader says it: "1 MiB
// (1,048,576 bytes)" for exact binary multiples, otherwise with commas.
func FormatBytes(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%s %s (%s bytes)", FormatInt(n/u.size), u.name, FormatInt(n))
		}
	}
	return FormatInt(n) + " bytes"
}

// FormatTime formats a timestamp in UTC to the second: "2026-11-21
// 10:37:21 UTC". The zero time is "—".
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

// kind is how a result column's values are shown.
type kind int

const (
	kindText    kind = iota // anything not numeric
	kindInt                 // integers: thousands separators
	kindFloat               // other numbers: two decimals
	kindPercent             // percentages: one decimal and a % sign
	kindLine                // line numbers: integers without separators
)

// isPercentColumn reports whether a column's name says it holds a
// percentage: pct_*, *_pct, share, share_*, *_share, percent*.
func isPercentColumn(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "pct_") || strings.HasSuffix(n, "_pct") || n == "pct" ||
		n == "share" || strings.HasPrefix(n, "share_") || strings.HasSuffix(n, "_share") ||
		strings.HasPrefix(n, "percent")
}

// isLineColumn reports whether a column's name says it holds line
// numbers: line, *_line.
func isLineColumn(name string) bool {
	n := strings.ToLower(name)
	return n == "line" || strings.HasSuffix(n, "_line")
}

// columnKind decides how column i of rows is shown: numeric when every
// non-NULL value is a number (and at least one is), a percentage or line
// numbers when the name says so.
func columnKind(name string, rows [][]any, i int) kind {
	seen, allInt := false, true
	for _, row := range rows {
		if i >= len(row) || row[i] == nil {
			continue
		}
		_, integral, ok := number(row[i])
		if !ok {
			return kindText
		}
		seen = true
		allInt = allInt && integral
	}
	switch {
	case !seen:
		return kindText
	case isPercentColumn(name):
		return kindPercent
	case allInt && isLineColumn(name):
		return kindLine
	case allInt:
		return kindInt
	}
	return kindFloat
}

// formatValue formats one value of a column of kind k for a reader.
func formatValue(v any, k kind) string {
	if v == nil {
		return "—"
	}
	if f, integral, ok := number(v); ok {
		switch {
		case k == kindPercent:
			return FormatPercent(f)
		case k == kindLine && integral && math.Abs(f) < 1<<53:
			return strconv.FormatInt(int64(f), 10)
		case integral && math.Abs(f) < 1<<53:
			return FormatInt(int64(f))
		case k == kindInt:
			return FormatFloat(f, 0)
		}
		return FormatFloat(f, 2)
	}
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case time.Time:
		return FormatTime(x)
	}
	return queries.Text(v)
}
