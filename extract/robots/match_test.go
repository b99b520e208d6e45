package robots

import (
	"fmt"
	"testing"
)

// matchCase is one query against one robots.txt body.
type matchCase struct {
	name    string // section of RFC 9309, or the google/robotstxt test
	body    string
	agent   string
	url     string
	allowed bool
	line    int // the deciding rule's line; 0 when no rule decides
}

func runMatchCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for i, c := range cases {
		t.Run(fmt.Sprintf("%02d_%s", i, c.name), func(t *testing.T) {
			f, _ := Parse([]byte(c.body))
			d := NewMatcher(f).Allowed(c.agent, c.url)
			if d.Allowed != c.allowed || d.Line != c.line {
				t.Errorf("Allowed(%q, %q) = allowed %v line %d (%s), want allowed %v line %d\nrobots.txt:\n%s",
					c.agent, c.url, d.Allowed, d.Line, d.Reason, c.allowed, c.line, c.body)
			}
		})
	}
}

const rfcGroupsExample = "user-agent: a\ndisallow: /c\n\nuser-agent: b\ndisallow: /d\n\nuser-agent: e\nuser-agent: f\ndisallow: /g\n\nuser-agent: h\n"

const rfcMergeExample = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n"

// RFC 9309 §5.1.
const rfcSimpleExample = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`

// RFC 9309 §5.2.
const rfcLongestMatchExample = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n"

func TestAllowed_RFC9309(t *testing.T) {
	runMatchCases(t, []matchCase{
		// §2.2.1: groups, stacked user-agent lines, an empty group.
		{"Section2_2_1_GroupA", rfcGroupsExample, "a", "/c", false, 2},
		{"Section2_2_1_GroupAOtherPath", rfcGroupsExample, "a", "/d", true, 0},
		{"Section2_2_1_GroupB", rfcGroupsExample, "b", "/d", false, 5},
		{"Section2_2_1_StackedE", rfcGroupsExample, "e", "/g", false, 9},
		{"Section2_2_1_StackedF", rfcGroupsExample, "f", "/g", false, 9},
		{"Section2_2_1_EmptyGroupH", rfcGroupsExample, "h", "/c", true, 0},
		{"Section2_2_1_NoGroupNoStar", rfcGroupsExample, "zbot", "/c", true, 0},
		// §2.2.1: product tokens match case-insensitively.
		{"Section2_2_1_CaseInsensitiveToken", "User-Agent: ExampleBot\nDisallow: /\n", "examplebot", "/x", false, 2},
		{"Section2_2_1_CaseInsensitiveTokenUpper", "user-agent: examplebot\nDisallow: /\n", "EXAMPLEBOT", "/x", false, 2},
		// §2.2.1: a full User-Agent string is reduced to its product token.
		{"Section2_2_1_FullUserAgent", "User-Agent: ExampleBot\nDisallow: /\n", "ExampleBot/1.0 (+https://example.com)", "/x", false, 2},
		// §2.2.1: groups naming the same agent MUST be merged.
		{"Section2_2_1_MergeFirst", rfcMergeExample, "ExampleBot", "/foo", false, 2},
		{"Section2_2_1_MergeSecond", rfcMergeExample, "ExampleBot", "/baz", false, 6},
		{"Section2_2_1_MergeUnmatched", rfcMergeExample, "ExampleBot", "/qux", true, 0},
		// §2.2.1: no matching group: the "*" group applies.
		{"Section2_2_1_StarFallback", "User-Agent: *\nDisallow: /x\n\nUser-Agent: FooBot\nDisallow: /y\n", "BarBot", "/x", false, 2},
		{"Section2_2_1_SpecificGroupOverridesStar", "User-Agent: *\nDisallow: /x\n\nUser-Agent: FooBot\nDisallow: /y\n", "FooBot", "/x", true, 0},
		// §2.2.1: no group and no "*" group, or no robots.txt: no rules apply.
		{"Section2_2_1_EmptyFile", "", "FooBot", "/x", true, 0},
		// §2.2.2: matching starts at the first octet of the path.
		{"Section2_2_2_PrefixMatch", "User-Agent: *\nDisallow: /foo\n", "x", "/foobar", false, 2},
		{"Section2_2_2_NotInfix", "User-Agent: *\nDisallow: /bar\n", "x", "/foobar", true, 0},
		// §2.2.2: matching SHOULD be case sensitive.
		{"Section2_2_2_CaseSensitive", "User-Agent: *\nDisallow: /Foo\n", "x", "/foo", true, 0},
		// §2.2.2: the most specific (longest) match wins.
		{"Section2_2_2_LongestAllow", "User-Agent: *\nDisallow: /a\nAllow: /a/b\n", "x", "/a/b/c", true, 3},
		{"Section2_2_2_LongestDisallow", "User-Agent: *\nAllow: /a\nDisallow: /a/b\n", "x", "/a/b/c", false, 3},
		// §2.2.2: equivalent allow and disallow: allow SHOULD be used.
		{"Section2_2_2_AllowWinsTie", "User-Agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", true, 3},
		{"Section2_2_2_AllowWinsTieReversed", "User-Agent: *\nAllow: /a\nDisallow: /a\n", "x", "/a", true, 2},
		// §2.2.2: no match, or no rules: allowed.
		{"Section2_2_2_NoMatch", "User-Agent: *\nDisallow: /a\n", "x", "/b", true, 0},
		{"Section2_2_2_EmptyDisallow", "User-Agent: *\nDisallow:\n", "x", "/b", true, 0},
		// §2.2.2: /robots.txt is implicitly allowed.
		{"Section2_2_2_RobotsTxtAllowed", "User-Agent: *\nDisallow: /\n", "x", "/robots.txt", true, 0},
		{"Section2_2_2_RobotsTxtAbsoluteURL", "User-Agent: *\nDisallow: /\n", "x", "https://example.com/robots.txt", true, 0},
		// §2.2.2 table: percent-encoding on both sides.
		{"Section2_2_2_Table_Query", "User-Agent: *\nDisallow: /foo/bar?baz=quz\n", "x", "/foo/bar?baz=quz", false, 2},
		{"Section2_2_2_Table_EncodedReserved", "User-Agent: *\nDisallow: /foo/bar?baz=https%3A%2F%2Ffoo.bar\n", "x", "/foo/bar?baz=https%3a%2f%2ffoo.bar", false, 2},
		{"Section2_2_2_Table_NonASCIIRule", "User-Agent: *\nDisallow: /foo/bar/\u30c4\n", "x", "/foo/bar/%E3%83%84", false, 2},
		{"Section2_2_2_Table_NonASCIIURL", "User-Agent: *\nDisallow: /foo/bar/%E3%83%84\n", "x", "/foo/bar/\u30c4", false, 2},
		{"Section2_2_2_Table_EncodedRule", "User-Agent: *\nDisallow: /foo/bar/%E3%83%84\n", "x", "/foo/bar/%e3%83%84", false, 2},
		{"Section2_2_2_Table_UnreservedDecoded", "User-Agent: *\nDisallow: /foo/bar/%62%61%7A\n", "x", "/foo/bar/baz", false, 2},
		{"Section2_2_2_Table_UnreservedDecodedURL", "User-Agent: *\nDisallow: /foo/bar/baz\n", "x", "/foo/bar/%62%61%7A", false, 2},
		// Reserved characters are not decoded: "/" and "%2F" differ.
		{"Section2_2_2_ReservedNotDecoded", "User-Agent: *\nDisallow: /a/b\n", "x", "/a%2Fb", true, 0},
		// §2.2.3: "$" ends the pattern, "*" matches any sequence, "#" starts a comment.
		{"Section2_2_3_DollarExact", "User-Agent: *\nDisallow: /\nAllow: /this/path/exactly$\n", "x", "/this/path/exactly", true, 3},
		{"Section2_2_3_DollarLonger", "User-Agent: *\nDisallow: /\nAllow: /this/path/exactly$\n", "x", "/this/path/exactly/not", false, 2},
		{"Section2_2_3_Star", "User-Agent: *\nDisallow: /\nAllow: /this/*/exactly\n", "x", "/this/any/thing/exactly", true, 3},
		{"Section2_2_3_StarNoMatch", "User-Agent: *\nDisallow: /\nAllow: /this/*/exactly\n", "x", "/this/exactly", false, 2},
		{"Section2_2_3_Comment", "User-Agent: *\nDisallow: / # comment in line\n# comment on its own line\nAllow: /a\n", "x", "/b", false, 2},
		// §2.2.3: percent-encoded special characters match them literally.
		{"Section2_2_3_EncodedStar", "User-Agent: *\nDisallow: /path/file-with-a-%2A.html\n", "x", "https://www.example.com/path/file-with-a-*.html", false, 2},
		{"Section2_2_3_EncodedStarNotWildcard", "User-Agent: *\nDisallow: /path/file-with-a-%2A.html\n", "x", "https://www.example.com/path/file-with-a-b.html", true, 0},
		{"Section2_2_3_EncodedDollar", "User-Agent: *\nDisallow: /path/foo-%24\n", "x", "https://www.example.com/path/foo-$", false, 2},
		{"Section2_2_3_EncodedDollarNotAnchor", "User-Agent: *\nDisallow: /path/foo-%24\n", "x", "https://www.example.com/path/foo-$bar", false, 2},
		// §5.1 simple example.
		{"Section5_1_FoobotAllowedPage", rfcSimpleExample, "foobot", "/example/page.html", true, 8},
		{"Section5_1_FoobotAllowedGif", rfcSimpleExample, "foobot", "/example/allowed.gif", true, 9},
		{"Section5_1_FoobotDisallowed", rfcSimpleExample, "foobot", "/example/disallowed.gif", false, 7},
		{"Section5_1_FoobotPublications", rfcSimpleExample, "foobot", "/publications/", false, 7},
		{"Section5_1_BarbotPage", rfcSimpleExample, "barbot", "/example/page.html", false, 13},
		{"Section5_1_BazbotPage", rfcSimpleExample, "bazbot", "/example/page.html", false, 13},
		{"Section5_1_BazbotOther", rfcSimpleExample, "bazbot", "/example/other.html", true, 0},
		{"Section5_1_QuxbotEverything", rfcSimpleExample, "quxbot", "/example/page.html", true, 0},
		{"Section5_1_StarGif", rfcSimpleExample, "otherbot", "/images/cat.gif", false, 2},
		{"Section5_1_StarGifNotAtEnd", rfcSimpleExample, "otherbot", "/images/cat.gif?x=1", true, 0},
		{"Section5_1_StarExample", rfcSimpleExample, "otherbot", "/example/", false, 3},
		{"Section5_1_StarPublicationsGif", rfcSimpleExample, "otherbot", "/publications/cover.gif", true, 4},
		// §5.2 longest match.
		{"Section5_2_Disallowed", rfcLongestMatchExample, "foobot", "/example/page/disallowed.gif", false, 3},
		{"Section5_2_Allowed", rfcLongestMatchExample, "foobot", "/example/page/", true, 2},
		{"Section5_2_AllowedOther", rfcLongestMatchExample, "foobot", "/example/page/other.gif", true, 2},
		// §2.2.2: /robots.txt is implicitly allowed, also written with a
		// percent-encoded unreserved octet or reached through dot segments.
		{"Section2_2_2_RobotsTxtEncoded", "User-Agent: *\nDisallow: /\n", "x", "/%72obots.txt", true, 0},
		{"Section2_2_2_RobotsTxtDotSegments", "User-Agent: *\nDisallow: /\n", "x", "/a/../robots.txt", true, 0},
		// The path a client sends has no dot segments (RFC 3986 §5.2.4).
		{"DotSegmentsRemoved", "User-Agent: *\nAllow: /public/\nDisallow: /\n", "x", "https://example.com/public/../admin/x", false, 3},
		{"EncodedDotSegmentsRemoved", "User-Agent: *\nAllow: /public/\nDisallow: /\n", "x", "/public/%2e%2E/admin/x", false, 3},
		{"DotSegmentsQueryKept", "User-Agent: *\nDisallow: /*..\n", "x", "/a?q=../b", false, 2},
	})
}

// TestAllowed_GoogleRobotstxt holds the well-known cases of google/robotstxt's
// robots_test.cc. Where survey follows RFC 9309 or the brief rather than
// Google, the case says so.
func TestAllowed_GoogleRobotstxt(t *testing.T) {
	const groups = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	const docs = "user-agent: FooBot\ndisallow: /\nallow: /fish\n"
	const php = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n"
	const phpEnd = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n"
	runMatchCases(t, []matchCase{
		// ID_LineSyntax_Line.
		{"LineSyntax_Correct", "user-agent: FooBot\ndisallow: /\n", "FooBot", "http://foo.bar/x/y", false, 2},
		{"LineSyntax_Incorrect", "foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true, 0},
		{"LineSyntax_IncorrectAccepted", "user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false, 2},
		// ID_LineSyntax_Groups.
		{"Groups_FooX", groups, "FooBot", "http://foo.bar/x/b", true, 5},
		{"Groups_FooZ", groups, "FooBot", "http://foo.bar/z/d", true, 15},
		{"Groups_FooY", groups, "FooBot", "http://foo.bar/y/c", false, 4},
		{"Groups_BarY", groups, "BarBot", "http://foo.bar/y/c", true, 8},
		{"Groups_BarW", groups, "BarBot", "http://foo.bar/w/a", true, 11},
		{"Groups_BarZ", groups, "BarBot", "http://foo.bar/z/d", false, 7},
		{"Groups_BazZ", groups, "BazBot", "http://foo.bar/z/d", true, 15},
		{"Groups_RuleOutsideGroupFoo", groups, "FooBot", "http://foo.bar/foo/bar/", false, 4},
		{"Groups_RuleOutsideGroupBar", groups, "BarBot", "http://foo.bar/foo/bar/", false, 7},
		{"Groups_RuleOutsideGroupBaz", groups, "BazBot", "http://foo.bar/foo/bar/", false, 16},
		// ID_LineSyntax_Groups_OtherRules: sitemap and unknown lines do not end a group.
		{"OtherRules_Sitemap", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n", "BarBot", "http://foo.bar/", false, 4},
		{"OtherRules_SitemapStar", "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/", false, 4},
		{"OtherRules_Invalid", "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n", "FooBot", "http://foo.bar/", false, 4},
		// ID_REPLineNamesCaseInsensitive.
		{"NamesUpper", "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", "FooBot", "http://foo.bar/x/y", true, 2},
		{"NamesUpperDisallowed", "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n", "FooBot", "http://foo.bar/a/b", false, 3},
		{"NamesCamel", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n", "FooBot", "http://foo.bar/x/y", true, 2},
		{"NamesCamelDisallowed", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n", "FooBot", "http://foo.bar/a/b", false, 3},
		// ID_UserAgentValueCaseInsensitive.
		{"UserAgentValueUpper", "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n", "Foo", "http://foo.bar/x/y", true, 2},
		{"UserAgentValueLower", "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n", "foo", "http://foo.bar/a/b", false, 3},
		// GoogleOnly_AcceptUserAgentUpToFirstSpace. Google does not reduce
		// the asking agent "Foo Bar" to "Foo" and so disallows; survey
		// reduces every agent to its leading product token (brief), so
		// "Foo Bar" is Foo and allowed.
		{"UserAgentUpToFirstSpace", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo", "http://foo.bar/x/y", true, 4},
		{"UserAgentUpToFirstSpaceAsker", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo Bar", "http://foo.bar/x/y", true, 4},
		// ID_GlobalGroups_Secondary.
		{"GlobalEmpty", "", "FooBot", "http://foo.bar/x/y", true, 0},
		{"GlobalSpecific", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "FooBot", "http://foo.bar/x/y", false, 4},
		{"GlobalOther", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "BarBot", "http://foo.bar/x/y", true, 2},
		{"OnlySpecific", "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n", "QuxBot", "http://foo.bar/x/y", true, 0},
		// ID_AllowDisallow_Value_CaseSensitive.
		{"ValueLower", "user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", false, 2},
		{"ValueUpper", "user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", true, 0},
		// ID_LongestMatch.
		{"LongestDupDisallowFirst", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
		{"LongestDupAllowFirst", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/page.html\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
		{"LongestEmpty", "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", "http://foo.bar/x/page.html", true, 0},
		{"LongestRoot", "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
		{"LongestSlashA", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x", false, 2},
		{"LongestSlashB", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x/", true, 3},
		{"LongestWildcardA", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page.html", false, 3},
		{"LongestWildcardB", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page", true, 2},
		{"LongestWildcardC", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
		{"LongestWildcardD", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/y.html", false, 3},
		{"LongestSpecificGroupX", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/x/page", true, 0},
		{"LongestSpecificGroupY", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/y/page", false, 4},
		// ID_Encoding.
		{"EncodingQueryUnencoded", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true, 3},
		{"EncodingThreeByte", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/\u30c4\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
		// Google leaves the URL as given and disallows; survey encodes both sides (RFC 9309 §2.2.2).
		{"EncodingThreeByteRawURL", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/\u30c4\n", "FooBot", "http://foo.bar/foo/bar/\u30c4", true, 3},
		{"EncodingPercentThreeByte", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
		// Google does not decode %62%61%7A; RFC 9309 §2.2.2's table does.
		{"EncodingUnreserved", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/baz", true, 3},
		{"EncodingUnreservedBoth", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true, 3},
		// ID_SpecialCharacters.
		{"SpecialStarA", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bar/quz", false, 2},
		{"SpecialStarB", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/quz", true, 0},
		{"SpecialStarC", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar//foo/quz", true, 0},
		{"SpecialStarD", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bax/quz", true, 0},
		{"SpecialDollarA", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar", false, 2},
		{"SpecialDollarB", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/qux", true, 3},
		{"SpecialDollarC", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/", true, 0},
		{"SpecialDollarD", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/baz", true, 0},
		{"SpecialHashA", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/bar", true, 4},
		{"SpecialHashB", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/quz", false, 3},
		// ID_Documentation_Checks.
		{"DocsBar", docs, "FooBot", "http://foo.bar/bar", false, 2},
		{"DocsFish", docs, "FooBot", "http://foo.bar/fish", true, 3},
		{"DocsFishHTML", docs, "FooBot", "http://foo.bar/fish.html", true, 3},
		{"DocsFishSalmon", docs, "FooBot", "http://foo.bar/fish/salmon.html", true, 3},
		{"DocsFishheads", docs, "FooBot", "http://foo.bar/fishheads", true, 3},
		{"DocsFishheadsYummy", docs, "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
		{"DocsFishQuery", docs, "FooBot", "http://foo.bar/fish.html?id=anything", true, 3},
		{"DocsFishASP", docs, "FooBot", "http://foo.bar/Fish.asp", false, 2},
		{"DocsCatfish", docs, "FooBot", "http://foo.bar/catfish", false, 2},
		{"DocsQueryFish", docs, "FooBot", "http://foo.bar/?id=fish", false, 2},
		{"DocsFishStar", "user-agent: FooBot\ndisallow: /\nallow: /fish*\n", "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
		{"DocsFishSlash", "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", "FooBot", "http://foo.bar/fish/?id=anything", true, 3},
		{"DocsFishSlashNot", "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", "FooBot", "http://foo.bar/fish.html", false, 2},
		{"DocsFishSlashCase", "user-agent: FooBot\ndisallow: /\nallow: /fish/\n", "FooBot", "http://foo.bar/Fish/Salmon.asp", false, 2},
		{"DocsPHP", php, "FooBot", "http://foo.bar/filename.php", true, 3},
		{"DocsPHPFolder", php, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
		{"DocsPHPParams", php, "FooBot", "http://foo.bar/folder/filename.php?parameters", true, 3},
		{"DocsPHPDoubleSlash", php, "FooBot", "http://foo.bar//folder/any.php.file.html", true, 3},
		{"DocsPHPSlash", php, "FooBot", "http://foo.bar/filename.php/", true, 3},
		{"DocsPHPQuery", php, "FooBot", "http://foo.bar/index?f=filename.php/", true, 3},
		{"DocsPHPDir", php, "FooBot", "http://foo.bar/php/", false, 2},
		{"DocsPHPIndex", php, "FooBot", "http://foo.bar/index?php", false, 2},
		{"DocsPHPUpper", php, "FooBot", "http://foo.bar/windows.PHP", false, 2},
		{"DocsPHPEnd", phpEnd, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
		{"DocsPHPEndParams", phpEnd, "FooBot", "http://foo.bar/filename.php?parameters", false, 2},
		{"DocsPHPEndSlash", phpEnd, "FooBot", "http://foo.bar/filename.php/", false, 2},
		{"DocsPHPEnd5", phpEnd, "FooBot", "http://foo.bar/filename.php5", false, 2},
		{"DocsPHPEndAaa", phpEnd, "FooBot", "http://foo.bar/aaaphpaaa", false, 2},
		{"DocsFishPHP", "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n", "FooBot", "http://foo.bar/fishheads/catfish.php?parameters", true, 3},
		{"DocsFishPHPCase", "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n", "FooBot", "http://foo.bar/Fish.PHP", false, 2},
		{"DocsOrderP", "user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot", "http://foo.bar/page", true, 2},
		{"DocsOrderFolder", "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", "FooBot", "http://foo.bar/folder/page", true, 2},
		{"DocsOrderHTM", "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", "FooBot", "http://foo.bar/page.htm", false, 3},
		{"DocsOrderRootDollar", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://foo.bar/", true, 2},
		{"DocsOrderRootDollarPage", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://foo.bar/page.html", false, 3},
		// ID_UTF8ByteOrderMarkIsSkipped (through matching).
		{"BOMSkipped", "\xEF\xBB\xBFUser-Agent: FooBot\nDisallow: /\n", "FooBot", "/x", false, 2},
		{"PartialBOMSkipped", "\xEF\xBBUser-Agent: FooBot\nDisallow: /\n", "FooBot", "/x", false, 2},
		{"BOMInMiddleNotSkipped", "User-Agent: FooBot\n\xEF\xBB\xBFDisallow: /\n", "FooBot", "/x", true, 0},
		// Misspellings google/robotstxt accepts.
		{"TypoDissallow", "user-agent: FooBot\ndissallow: /\n", "FooBot", "/x", false, 2},
		{"TypoUserAgentSpace", "user agent: FooBot\ndisallow: /\n", "FooBot", "/x", false, 2},
		{"TypoUseragent", "useragent: FooBot\ndisallow: /\n", "FooBot", "/x", false, 2},
	})
}

func TestNormalizeEncoding(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a/b", "/a/b"},
		{"/%7euser", "/~user"},
		{"/%41%2d%2E%5f", "/A-._"},
		{"/%2f", "/%2F"},
		{"/%3a", "/%3A"},
		{"/\u30c4", "/%E3%83%84"},
		{"/a b\tc", "/a%20b%09c"},
		{"/50%", "/50%25"},
		{"/50%zz", "/50%25zz"},
		{"/%e3%83%84", "/%E3%83%84"},
		{"/a*b$", "/a%2Ab%24"},
		{"/\x00\x7f", "/%00%7F"},
	} {
		if got := normalizeEncoding(c.in); got != c.want {
			t.Errorf("normalizeEncoding(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPathOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://example.com", "/"},
		{"https://example.com/", "/"},
		{"https://example.com/a/b?c=d#frag", "/a/b?c=d"},
		{"https://example.com?q", "/?q"},
		{"http://user@example.com:8080/x", "/x"},
		{"//example.com/x", "/x"},
		{"/x?y", "/x?y"},
		{"x", "/x"},
		{"", "/"},
		{"/a#b", "/a"},
		{"HTTPS://EXAMPLE.COM/Path", "/Path"},
		{"/a?b=http://c/d", "/a?b=http://c/d"},
	} {
		if got := pathOf(c.in); got != c.want {
			t.Errorf("pathOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAgentToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"GPTBot", "GPTBot"},
		{"GPTBot/1.1", "GPTBot"},
		{" Foobot ", "Foobot"},
		{"Foo_Bar-Baz", "Foo_Bar-Baz"},
		{"Mozilla/5.0 (compatible; GPTBot/1.1)", "Mozilla"},
		{"*", "*"},
		{"\u30c4", ""},
		{"", ""},
	} {
		if got := AgentToken(c.in); got != c.want {
			t.Errorf("AgentToken(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMatcher_Groups checks which groups apply (RFC 9309 §2.2.1).
func TestMatcher_Groups(t *testing.T) {
	f, _ := Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /b\n\nUser-agent: foobot\nDisallow: /c\n"))
	m := NewMatcher(f)
	groups, applies := m.Groups("FOOBOT")
	if applies != Named || len(groups) != 2 || groups[0].Line != 4 || groups[1].Line != 7 {
		t.Errorf("Groups(FOOBOT) = %d groups, %s; want the groups of lines 4 and 7, named", len(groups), applies)
	}
	groups, applies = m.Groups("other")
	if applies != Star || len(groups) != 1 || groups[0].Line != 1 {
		t.Errorf("Groups(other) = %d groups, %s; want the group of line 1, star", len(groups), applies)
	}
	if _, applies := NewMatcher(nil).Groups("x"); applies != NoGroup {
		t.Errorf("NewMatcher(nil).Groups = %s, want none", applies)
	}
}
