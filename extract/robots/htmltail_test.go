package robots

import (
	"strings"
	"testing"
)

// A CDN's managed robots.txt records prepended to the HTML page a server
// answers for /robots.txt (a single-page app answers its index page for
// every path): the records are read, and the page is reported once, not
// line by line as malformed lines, missing colons and unknown records.
const managedBeforePage = `# BEGIN Example Managed content
User-agent: *
Content-Signal: search=yes,ai-train=no
Allow: /

User-agent: ExampleAIBot
Disallow: /
# END Example Managed content

<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>My App</title>
    <link rel="stylesheet" href="https://fonts.example.com/css?family=Inter:wght@400" />
    <style>a:hover { color: red; }</style>
  </head>
  <body><div id="root"></div></body>
</html>
`

func TestHTMLAfterRecords(t *testing.T) {
	f, d := parseString(t, managedBeforePage)
	wantDiags(t, d, "10:robots.html-after-records")
	if msg := d[0].Message; !strings.Contains(msg, "starts at line 10; its 10 lines that are not records are ignored") {
		t.Errorf("message = %q", msg)
	}
	records, _ := parseString(t, managedBeforePage[:strings.Index(managedBeforePage, "<!doctype")])
	if len(f.Groups) != 2 || len(f.Groups[1].Rules) != 1 || len(f.Groups[0].ContentSignals) != 1 {
		t.Fatalf("groups = %+v", f.Groups)
	}
	for i := range f.Groups {
		if n := len(f.Groups[i].Other); n != 0 {
			t.Errorf("group %d keeps %d records of the page: %+v", i, n, f.Groups[i].Other)
		}
	}
	if got, want := NewMatcher(f).Allowed("ExampleAIBot", "https://example.com/a"), NewMatcher(records).Allowed("ExampleAIBot", "https://example.com/a"); got.Allowed != want.Allowed || got.Allowed {
		t.Errorf("ExampleAIBot /a: %+v with the page, %+v without", got, want)
	}
}

// A record inside the page is still read, as crawlers read it, with its
// own diagnostics.
func TestHTMLAfterRecords_RecordInPage(t *testing.T) {
	body := "User-agent: *\nDisallow: /private\n<HTML>\n<p>text</p>\nDisallow /x y\nUser agent: Other\nDisallow: /z\n</HTML>\n"
	f, d := parseString(t, body)
	wantDiags(t, d, "3:robots.html-after-records", "6:robots.misspelled-key")
	if len(f.Groups) != 2 || len(f.Groups[1].Rules) != 1 || f.Groups[1].Rules[0].Path != "/z" {
		t.Errorf("groups = %+v", f.Groups)
	}
}

// Only an HTML document's opening starts the page: a tag that merely
// begins with "html" does not, and a body that is HTML from its first
// line is another format (robots.html-document), not a page after records.
func TestHTMLAfterRecords_NotAStart(t *testing.T) {
	_, d := parseString(t, "User-agent: *\nDisallow: /\n<htmlfoo>\n")
	wantDiags(t, d, "3:robots.malformed-line")
	_, d = parseString(t, "<!DOCTYPE html>\n<html><body>User-agent: x</body></html>\n")
	wantDiags(t, d, "1:robots.html-document")
}

// An HTML page behind lines that are not records (a PHP warning printed
// before the page a script answers for /robots.txt, a comment) is an HTML
// body, another format, as a page from the first line is.
func TestHTMLAfterRecords_PageWithoutRecords(t *testing.T) {
	for _, body := range []string{
		"<br />\n<b>Warning</b>:  headers already sent in <b>/srv/app/index.php</b> on line <b>3</b><br />\n<!DOCTYPE html>\n<html lang=\"en\">\n<body><p>Shop</p></body>\n</html>\n",
		"# generated\n\n<html>\n<body>User-agent: *</body>\n</html>\n",
	} {
		f, d := parseString(t, body)
		wantDiags(t, d, "1:robots.html-document")
		if !f.HTML {
			t.Errorf("%q: File.HTML is false", body)
		}
	}
}

// The zero Builder, which extract/aitxt uses, reports the page's lines as
// before.
func TestHTMLAfterRecords_ZeroBuilder(t *testing.T) {
	var b Builder
	ParseEvents([]byte("User-agent: *\nDisallow: /\n<html>\n<p>x</p>\n"), &b)
	_, d := b.Result()
	wantDiags(t, d, "3:robots.malformed-line", "4:robots.malformed-line")
}
