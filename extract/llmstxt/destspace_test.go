package llmstxt

import (
	"strings"
	"testing"
)

// TestParse_SpaceInLinkDestination: a blog's generator wrote its post links
// with the post titles as paths, spaces and all
// (`- [Hello World](https://a.example/posts/Hello World/)`). CommonMark ends
// a destination that is not enclosed in <...> at a space, so the item is no
// link, and survey said only "the list item is not a Markdown link
// [name](url)" of an item plainly written as one. The item is still
// llms-txt.item-not-link, with a message that names the space; a link in
// <...>, a link with a title, and junk after a title are read as before.
func TestParse_SpaceInLinkDestination(t *testing.T) {
	in := "# Blog\n\n> s\n\n## Posts\n\n" +
		"- [Hello World](https://a.example/posts/Hello World/)\n" +
		"- [Part (II)](https://a.example/posts/Part (II)/)\n" +
		"- [Angle](<https://a.example/posts/a b/>)\n" +
		"- [Titled](https://a.example/t \"A title\")\n" +
		"- [Junk](https://a.example/j \"A title\" junk)\n" +
		"- Not a link at all\n"
	f, d := Parse([]byte(in))
	if len(f.Sections) != 1 || len(f.Sections[0].Links) != 2 {
		t.Fatalf("sections: %+v", f.Sections)
	}
	var lines []int
	for _, x := range d {
		if x.Code != codeItemNotLink.ID {
			t.Errorf("unexpected %v", x)
			continue
		}
		space := strings.Contains(x.Message, "holds a space")
		if want := x.Line == 7 || x.Line == 8; space != want {
			t.Errorf("line %d: message %q", x.Line, x.Message)
		}
		lines = append(lines, x.Line)
	}
	if len(lines) != 4 || lines[0] != 7 || lines[1] != 8 || lines[2] != 11 || lines[3] != 12 {
		t.Errorf("item-not-link on lines %v, want [7 8 11 12]", lines)
	}
}

// TestDestHasSpace covers the shapes destHasSpace must not take for a space
// in a destination.
func TestDestHasSpace(t *testing.T) {
	for s, want := range map[string]bool{
		"[a](https://a.example/b c)":         true,
		"[a]( https://a.example/b c )":       true,
		"[a](https://a.example/b\tc): notes": true,
		"[a](https://a.example/b)":           false, // a link
		"[a](<https://a.example/b c>)":       false, // a link
		"[a](https://a.example/b \"t\" x)":   false, // junk after a title
		"[a](https://a.example/b c":          false, // unclosed
		"[a] (https://a.example/b c)":        false, // no link shape
		"a](https://a.example/b c)":          false,
		"[a](":                               false,
	} {
		if got := destHasSpace(s); got != want {
			t.Errorf("destHasSpace(%q) = %v, want %v", s, got, want)
		}
	}
}
