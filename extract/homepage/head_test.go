package homepage

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// treeHeadTags lists, as "meta name=content" and "link rel=href", the meta
// and link elements the HTML tree builder puts in the head (outside
// template and noscript), the oracle headTags must agree with.
func treeHeadTags(t *testing.T, body []byte) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var head *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && head == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Head {
				head = c
				return
			}
			find(c)
		}
	}
	find(doc)
	out := []string{}
	if head == nil {
		return out
	}
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type != html.ElementNode, c.DataAtom == atom.Template, c.DataAtom == atom.Noscript:
			case c.DataAtom == atom.Meta:
				out = append(out, "meta "+strings.ToLower(attr(c, "name"))+"="+attr(c, "content"))
			case c.DataAtom == atom.Link:
				out = append(out, "link "+strings.ToLower(attr(c, "rel"))+"="+attr(c, "href"))
			default:
				walk(c)
			}
		}
	}
	walk(head)
	return out
}

// scanned lists the tags headTags returns, in treeHeadTags's form.
func scanned(body []byte) []string {
	out := []string{}
	tags, _, _, _ := headTags(body)
	for _, tg := range tags {
		if tg.meta {
			out = append(out, "meta "+tg.name+"="+tg.content)
		} else {
			out = append(out, "link "+tg.rel+"="+tg.href)
		}
	}
	return out
}

// TestHeadTags_TreeBuilder: headTags reads the meta and link elements the
// WHATWG tree builder puts in the head, including those after </head> that
// the "after head" insertion mode inserts there, and no others.
func TestHeadTags_TreeBuilder(t *testing.T) {
	cases := map[string][]string{
		// After </head>: meta, link, title, script, style, noframes and
		// template go to the head; white space and comments do not end it.
		"<html><head><title>x</title></head>\n<meta name=robots content=noai>\n<body><meta name=robots content=noindex>":                                {"meta robots=noai"},
		"<head></head> <!-- c --> <link rel=alternate href=/llms.txt><title>t</title><script>1</script><meta name=a content=1><p>":                      {"link alternate=/llms.txt", "meta a=1"},
		"<head></head></head></div><meta name=a content=1><style>p{}</style><noframes><p></noframes><meta name=b content=2>text<meta name=c content=3>": {"meta a=1", "meta b=2"},
		"<head></head><template><meta name=x content=1></template><meta name=a content=1></body><meta name=b content=2>":                                {"meta a=1"},
		"<head></head><noscript><meta name=x content=1></noscript><meta name=a content=1>":                                                              {},
		"<head></head><frameset><meta name=a content=1>":                                                                                                {},
		"<head></head><br><meta name=a content=1>":                                                                                                      {},
		"<head></head></br><meta name=a content=1>":                                                                                                     {},
		"<head></head><head><meta name=a content=1>":                                                                                                    {"meta a=1"},
		// noframes in the head is raw text, not the end of the head.
		"<html><head>\n<noframes><p>no frames</p></noframes>\n<meta name=robots content=noai>\n</head><body></body>": {"meta robots=noai"},
		// Nested templates are inert until the outer one closes.
		"<head><template><template></template><div></div><meta name=x content=1></template><meta name=a content=1></head>": {"meta a=1"},
		// Raw text elements written self-closing are still raw text.
		"<head><title/><p></title><script/>x</script><meta name=a content=1>": {"meta a=1"},
		"<head><noscript/><p></noscript><meta name=a content=1>":              {"meta a=1"},
		// A head that ends before any meta.
		"<head><div></div><meta name=a content=1>": {},
		"<head>text<meta name=a content=1>":        {},
	}
	for body, want := range cases {
		if oracle := treeHeadTags(t, []byte(body)); !slices.Equal(oracle, want) {
			t.Fatalf("%q: the tree builder's head has %q, the case says %q", body, oracle, want)
		}
		if got := scanned([]byte(body)); !slices.Equal(got, want) {
			t.Errorf("%q: headTags = %q, want %q", body, got, want)
		}
	}
}

// TestParse_HeadAfterHeadEnd reads the testdata pages whose head meta tags
// follow </head> or a <noframes> element, with their lines.
func TestParse_HeadAfterHeadEnd(t *testing.T) {
	body, err := os.ReadFile("testdata/after-head.html")
	if err != nil {
		t.Fatal(err)
	}
	s, got := parse(t, nil, body)
	if !s.NoAI || !s.NoIndex || !s.TDMReserved || s.TDMSource != SourceMeta || s.Robots[0].Line != 3 || s.TDM[0].Line != 4 || len(got) != 0 {
		t.Errorf("after-head.html: %v, %+v", got, s)
	}
	body, err = os.ReadFile("testdata/noframes-in-head.html")
	if err != nil {
		t.Fatal(err)
	}
	s, got = parse(t, nil, body)
	if !s.NoAI || len(s.Robots) != 1 || s.Robots[0].Line != 3 || len(got) != 0 {
		t.Errorf("noframes-in-head.html: %v, %+v", got, s)
	}
}
