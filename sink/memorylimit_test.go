package sink

import (
	"strings"
	"testing"
)

// TestCheckMemoryLimit: sizes DuckDB takes pass, others are refused with
// the value and the form wanted.
func TestCheckMemoryLimit(t *testing.T) {
	for _, ok := range []string{"", DefaultMemoryLimit, "512MB", "4GB", "2GiB", "1.5GB"} {
		if err := CheckMemoryLimit(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"5XB", "lots", "80%"} {
		err := CheckMemoryLimit(bad)
		if err == nil || !strings.Contains(err.Error(), `"`+bad+`"`) || !strings.Contains(err.Error(), "4GB") {
			t.Errorf("%q: %v, want an error naming it and the form wanted", bad, err)
		}
	}
}
