package sink

import (
	"encoding/json"
	"math"
)

// Helpers that turn parser values into column values.

// i32 converts a count or line number to an INTEGER column, saturating at
// the int32 range (no parser input comes near it).
func i32(n int) int32 {
	switch {
	case n > math.MaxInt32:
		return math.MaxInt32
	case n < math.MinInt32:
		return math.MinInt32
	}
	return int32(n)
}

// optString returns nil for "", else a pointer to s: a VARCHAR column that
// is NULL when the parser found nothing.
func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// optInt32 returns nil for nil, else *p as an INTEGER.
func optInt32(p *int) *int32 {
	if p == nil {
		return nil
	}
	v := i32(*p)
	return &v
}

// optLine returns nil for line 0 (no such line), else the line.
func optLine(line int) *int32 {
	if line == 0 {
		return nil
	}
	v := i32(line)
	return &v
}

// jsonValue encodes v as a JSON column; nil, empty maps and empty slices
// (and values that do not encode) are NULL.
func jsonValue(v any) JSON {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	switch string(b) {
	case "null", "{}", "[]":
		return ""
	}
	return JSON(b)
}
