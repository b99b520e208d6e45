package report

import (
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"
)

func TestFormatInt(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 12345: "12,345", 999999: "999,999",
		1000000: "1,000,000", -1: "-1", -1234: "-1,234", -123456789: "-123,456,789",
		math.MaxInt64: "9,223,372,036,854,775,807", math.MinInt64: "-9,223,372,036,854,775,808",
	} {
		if got := FormatInt(n); got != want {
			t.Errorf("FormatInt(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFormatFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		dec  int
		want string
	}{
		{0, 1, "0.0"}, {1234.5678, 2, "1,234.57"}, {1234567.891, 1, "1,234,567.9"}, {-9876.54, 1, "-9,876.5"},
		{-0.04, 1, "0.0"}, {0.96, 0, "1"}, {999.95, 1, "1,000.0"}, {12, 0, "12"},
		{math.NaN(), 1, "n/a"}, {math.Inf(1), 1, "n/a"}, {1e20, 0, "100000000000000000000"},
	} {
		if got := FormatFloat(c.f, c.dec); got != c.want {
			t.Errorf("FormatFloat(%v, %d) = %q, want %q", c.f, c.dec, got, c.want)
		}
	}
}

func TestFormatPercent(t *testing.T) {
	for f, want := range map[float64]string{
		0: "0.0%", 100: "100.0%", 79.96: "80.0%", 3.24: "3.2%", 12.35: "12.3%", 0.04: "0.0%", 1234.5: "1,234.5%",
		math.NaN(): "n/a",
	} {
		if got := FormatPercent(f); got != want {
			t.Errorf("FormatPercent(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{
		1 << 20: "1 MiB (1,048,576 bytes)", 512 << 10: "512 KiB (524,288 bytes)", 2 << 30: "2 GiB (2,147,483,648 bytes)",
		1000: "1,000 bytes", 0: "0 bytes", 1<<20 + 1: "1,048,577 bytes",
	} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFormatTime(t *testing.T) {
	at := time.Date(2026, 5, 1, 12, 30, 5, 999, time.FixedZone("CEST", 2*3600))
	if got, want := FormatTime(at), "2026-05-01 10:30:05 UTC"; got != want {
		t.Errorf("FormatTime = %q, want %q", got, want)
	}
	if got := FormatTime(time.Time{}); got != "—" {
		t.Errorf("FormatTime(zero) = %q, want —", got)
	}
}

func decimal(v int64, scale uint8) duckdb.Decimal {
	return duckdb.Decimal{Width: 18, Scale: scale, Value: big.NewInt(v)}
}

func TestColumnKindAndFormatValue(t *testing.T) {
	rows := [][]any{
		{"robots", int64(1899), 79.96, decimal(7996, 2), nil, true, decimal(300, 0), big.NewInt(12345678), int32(8985), int64(12)},
		{"ai-txt", int64(108), 4.55, decimal(455, 2), nil, false, decimal(1200, 0), big.NewInt(-5), int32(0), 1.5},
		{nil, nil, nil, nil, nil, nil, nil, nil, nil, nil},
	}
	cols := []string{"location", "with_file", "ratio", "pct_valid", "empty", "flag", "count", "huge", "example_line", "line"}
	wantKinds := []kind{kindText, kindInt, kindFloat, kindPercent, kindText, kindText, kindInt, kindInt, kindLine, kindFloat}
	want := [][]string{
		{"robots", "1,899", "79.96", "80.0%", "—", "yes", "300", "12,345,678", "8985", "12"},
		{"ai-txt", "108", "4.55", "4.5%", "—", "no", "1,200", "-5", "0", "1.50"},
		{"—", "—", "—", "—", "—", "—", "—", "—", "—", "—"},
	}
	for i, c := range cols {
		k := columnKind(c, rows, i)
		if k != wantKinds[i] {
			t.Errorf("column %s: kind %d, want %d", c, k, wantKinds[i])
		}
		for r := range rows {
			if got := formatValue(rows[r][i], k); got != want[r][i] {
				t.Errorf("row %d column %s: %q, want %q", r, c, got, want[r][i])
			}
		}
	}
}

func TestPercentColumnNames(t *testing.T) {
	for name, want := range map[string]bool{
		"pct_valid": true, "valid_pct": true, "share": true, "share_blocked": true, "file_share": true,
		"percent_ok": true, "PCT_X": true, "pctx": false, "shared": false, "files": false, "spct_": false,
	} {
		if got := isPercentColumn(name); got != want {
			t.Errorf("isPercentColumn(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestFormatValueOtherTypes(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		v    any
		want string
	}{
		{at, "2026-01-02 03:04:05 UTC"},
		{[]any{"a", int64(1)}, `["a",1]`},
		{map[string]any{"k": "v"}, `{"k":"v"}`},
		{[]byte{0xde, 0xad}, `\xdead`},
		{float32(1.5), "1.50"},
		{uint8(200), "200"},
	} {
		if got := formatValue(c.v, kindText); got != c.want {
			t.Errorf("formatValue(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}
