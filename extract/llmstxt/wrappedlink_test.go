package llmstxt

import (
	"strings"
	"testing"
)

// TestParse_WrappedLinkNameMessage: pkgdown wraps a long article title in its
// llms.txt ("- [A long\n  title](url):"). survey reads links from their
// item's line only (docs/formats.md, "List items"), so the item is not read
// as a link, but the warning said "the list item is not a Markdown link" of
// a CommonMark link; it now says the name runs onto the next line.
func TestParse_WrappedLinkNameMessage(t *testing.T) {
	_, d := Parse([]byte("# pkg\n> s\n## Articles\n- [A long\n  title](https://a.example/a.md):\n- [B](https://a.example/b.md)\n- plain text\n"))
	var msgs []string
	for _, x := range d {
		if x.Code == codeItemNotLink.ID {
			msgs = append(msgs, x.Message)
		}
	}
	if len(msgs) != 2 || !strings.Contains(msgs[0], "runs onto the next line") || strings.Contains(msgs[1], "runs onto") {
		t.Errorf("item-not-link messages: %q", msgs)
	}
}
