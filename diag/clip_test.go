package diag

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	short := strings.Repeat("a", ClipLength)
	if got := Clip(short); got != short {
		t.Errorf("Clip changed a value of %d bytes: %q", ClipLength, got)
	}
	if got := Clip(short + "b"); got != short+"…" {
		t.Errorf("Clip(%d bytes) = %q, want the first %d and …", ClipLength+1, got, ClipLength)
	}
	// A cut inside a multi-byte character moves back to its start.
	s := strings.Repeat("a", ClipLength-1) + "é" + "tail"
	got := Clip(s)
	if want := strings.Repeat("a", ClipLength-1) + "…"; got != want {
		t.Errorf("Clip(%q) = %q, want %q", s, got, want)
	}
	if !utf8.ValidString(got) {
		t.Errorf("Clip(%q) = %q is not UTF-8", s, got)
	}
}
