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

// TestAtClipsLongArguments: a string argument longer than MaxArgLength is
// cut in the message (a robots.txt record of 900 KB made a message of
// 900 KB), shorter ones and other types are kept whole, and the caller's
// arguments are not changed.
func TestAtClipsLongArguments(t *testing.T) {
	code := Code{ID: "x.y", Severity: Warning, Spec: "s"}
	long := strings.Repeat("v", 900_000)
	args := []any{long, "short", 42, []byte(long)}
	d := code.At(3, "record %q, %s, %d, %d bytes", args[0], args[1], args[2], len(args[3].([]byte)))
	if want := `record "` + long[:MaxArgLength] + `…", short, 42, 900000 bytes`; d.Message != want {
		t.Errorf("message of %d bytes, want %d: %.100q", len(d.Message), len(want), d.Message)
	}
	d = code.At(1, "%s and %s", args[:2]...)
	if len(d.Message) > MaxArgLength+20 || args[0] != long {
		t.Errorf("a slice passed whole: message of %d bytes, argument changed %v", len(d.Message), args[0] != long)
	}
}
