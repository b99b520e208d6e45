package content

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// HomePages returns the home pages: the policy headers (X-Robots-Tag,
// Content-Usage, tdm-reservation and tdm-policy), meta tags (robots,
// tdm-reservation, tdm-policy) and links to llms.txt (a link element, the
// Link header) survey records from a site's home page, alone and combined.
// Each call returns fresh headers.
func HomePages() []HomePage {
	p := func(slug string, weight int, header http.Header, head, note string) HomePage {
		if header == nil {
			header = http.Header{}
		}
		header.Set("Content-Type", typeHTML)
		return HomePage{Name: "home/" + slug, Weight: weight, Header: header,
			Body: staticString(homeHTML(head)), Note: note}
	}
	h := func(kv ...string) http.Header {
		header := http.Header{}
		for i := 0; i+1 < len(kv); i += 2 {
			header.Add(kv[i], kv[i+1])
		}
		return header
	}
	const policy = "https://example.com/policies/tdm-policy.json"
	large := HomePage{Name: "home/large", Weight: 5, Header: h("Content-Type", typeHTML),
		Body: staticString(homeLarge()),
		Note: "a realistic news front page of about 100 KiB; meta robots index, follow, max-image-preview:large and no AI signal"}
	return []HomePage{
		p("plain", 40, nil, "", "no policy header or meta tag"),
		p("x-robots-noai", 6, h("X-Robots-Tag", "noai, noimageai"), "",
			"X-Robots-Tag: noai, noimageai"),
		p("content-usage", 2, h("Content-Usage", "train-ai=n"), "",
			"Content-Usage: train-ai=n (draft-ietf-aipref-attach, HTTP header form)"),
		p("tdm-headers", 2, h("tdm-reservation", "1", "tdm-policy", policy), "",
			"tdm-reservation: 1 and tdm-policy headers (W3C TDMRep)"),
		p("meta-robots-noai", 5, nil, `<meta name="robots" content="noai, noimageai">`,
			`<meta name="robots" content="noai, noimageai">`),
		p("meta-tdm", 2, nil, `<meta name="tdm-reservation" content="1">`,
			`<meta name="tdm-reservation" content="1"> (W3C TDMRep, HTML form)`),
		p("meta-tdm-policy", 1, nil, `<meta name="tdm-reservation" content="1">`+"\n"+`<meta name="tdm-policy" content="`+policy+`">`,
			"tdm-reservation and tdm-policy meta tags"),
		p("headers-and-meta", 2, h("X-Robots-Tag", "noai", "Content-Usage", "train-ai=n", "tdm-reservation", "1"),
			`<meta name="robots" content="index, follow, noai, noimageai">`+"\n"+`<meta name="tdm-reservation" content="1">`,
			"every header and meta tag at once, agreeing"),
		p("x-robots-per-agent", 1, h("X-Robots-Tag", "googlebot: nosnippet", "X-Robots-Tag", "otherbot: noai, noimageai"), "",
			"two X-Robots-Tag header lines, each naming a user agent"),
		p("conflicting", 1, h("tdm-reservation", "0"), `<meta name="tdm-reservation" content="1">`,
			"the tdm-reservation header says 0 and the meta tag says 1"),
		linksTo(p("llms-link", 2, nil, `<link rel="alternate" type="text/markdown" href="/llms.txt">`,
			`a link element to the site's llms.txt (<link rel="alternate" type="text/markdown" href="/llms.txt">)`), registry.LocLLMsTxt),
		linksTo(p("link-header", 1, h("Link", `</llms.txt>; rel="describedby"; type="text/markdown"`), "",
			`a Link header (RFC 8288) to the site's llms.txt (Link: </llms.txt>; rel="describedby"; type="text/markdown")`), registry.LocLLMsTxt),
		large,
	}
}

// linksTo returns the page, saying it points to the locations.
func linksTo(p HomePage, locs ...registry.LocationID) HomePage {
	p.LinksTo = locs
	return p
}

// homeHTML returns a small home page with extra tags in its head.
func homeHTML(head string) string {
	if head != "" {
		head = "\n" + head
	}
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example Corp</title>` + head + `
<link rel="stylesheet" href="/static/site.css">
</head>
<body>
<header><a href="/">Example Corp</a> <nav><a href="/products/">Products</a> <a href="/blog/">Blog</a> <a href="/about/">About</a></nav></header>
<main>
<h1>Refurbished laptops, tested and guaranteed</h1>
<p>Every machine is inspected, cleaned and shipped from Lyon with a two-year warranty.</p>
</main>
<footer><p>&copy; 2026 Example Corp</p></footer>
</body>
</html>
`
}

// homeLarge returns a news front page of about 100 KiB: a head with the
// usual meta tags, inline CSS and JSON-LD, a navigation menu and many
// article teasers.
func homeLarge() string {
	const target = 100 << 10
	var b strings.Builder
	b.Grow(target + 4096)
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Example Gazette: news, analysis and opinion</title>
<meta name="description" content="Independent news from the Example Gazette newsroom.">
<meta name="robots" content="index, follow, max-image-preview:large">
<meta property="og:title" content="The Example Gazette">
<meta property="og:type" content="website">
<link rel="canonical" href="https://example.com/">
<style>
body{margin:0;font-family:Georgia,serif;color:#111;background:#fff}
header,footer{padding:1rem 2rem;background:#f4f1ea}
nav a{margin-right:1rem;color:#333;text-decoration:none}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:1.5rem;padding:2rem}
.teaser h2{font-size:1.2rem;margin:.5rem 0}.teaser p{color:#444;line-height:1.5}
</style>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsMediaOrganization","name":"The Example Gazette","url":"https://example.com/"}</script>
</head>
<body>
<header><a href="/">The Example Gazette</a>
<nav>`)
	sections := []string{"World", "Europe", "Business", "Technology", "Science", "Climate", "Culture", "Sport", "Opinion", "Podcasts"}
	for _, s := range sections {
		fmt.Fprintf(&b, `<a href="/%s/">%s</a>`, strings.ToLower(s), s)
	}
	b.WriteString("</nav></header>\n<main class=\"grid\">\n")
	for i := 0; b.Len() < target; i++ {
		s := sections[i%len(sections)]
		fmt.Fprintf(&b, `<article class="teaser"><a href="/%s/2026/04/story-%05d.html"><img src="/img/%05d.jpg" alt="" width="320" height="180" loading="lazy">
<h2>%s briefing no. %d: what changed this week and why it matters</h2></a>
<p>Our correspondents report on the week's developments in %s, with analysis of the figures, interviews with the people involved and a look at what comes next.</p>
<p class="meta"><time datetime="2026-04-%02dT08:%02d:00Z">27 April 2026</time> &middot; %d min read</p></article>
`, strings.ToLower(s), i, i, s, i+1, strings.ToLower(s), 1+i%27, i%60, 3+i%9)
	}
	b.WriteString("</main>\n<footer><p>&copy; 2026 The Example Gazette. All rights reserved.</p></footer>\n</body>\n</html>\n")
	return b.String()
}
