package survey

import "testing"

func TestWithRevision(t *testing.T) {
	for _, c := range []struct {
		rev   string
		dirty bool
		want  string
	}{
		{"", false, "0.1.0"},
		{"", true, "0.1.0"},
		{"8d84fca1b2c3d4e5f60718293a4b5c6d7e8f9012", false, "0.1.0+8d84fca1b2c3"},
		{"8d84fca1b2c3d4e5f60718293a4b5c6d7e8f9012", true, "0.1.0+8d84fca1b2c3.dirty"},
		{"abc", false, "0.1.0+abc"},
	} {
		if got := withRevision("0.1.0", c.rev, c.dirty); got != c.want {
			t.Errorf("withRevision(%q, %v) = %q, want %q", c.rev, c.dirty, got, c.want)
		}
	}
	if v := BuildVersion(); v[:len(Version)] != Version {
		t.Errorf("BuildVersion() = %q, does not start with %q", v, Version)
	}
}
