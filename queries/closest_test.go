package queries

import (
	"strings"
	"testing"
)

func TestClosest(t *testing.T) {
	names := []string{"adoption", "adoption_by_rank", "validity", "changes", "changes_detail", "ab", "ac"}
	for _, c := range []struct{ name, want string }{
		{"adoptoin", "adoption"}, // two letters swapped: two edits
		{"Validity", "validity"}, // case
		{"changes_detial", "changes_detail"},
		{"change", "changes"},
		{"xyz", ""}, // nothing near
		{"aa", ""},  // ab and ac equally near
		{"adoption_by_rnak", "adoption_by_rank"},
	} {
		if got := closest(c.name, names); got != c.want {
			t.Errorf("closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if _, err := Get("diagnostic"); err == nil || !strings.Contains(err.Error(), `no query named "diagnostic"; did you mean diagnostics?`) {
		t.Errorf("Get(diagnostic): %v", err)
	}
	if _, err := Get("nothing_like_it"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Get(nothing_like_it): %v", err)
	}
}
