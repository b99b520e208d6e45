package content

import "github.com/agentpolicy/survey/registry"

// llmsTxtVariants returns the llms.txt corpus (llmstxt.org: an H1 with the
// site's name, the only required section; an optional blockquote summary;
// optional non-heading Markdown; H2 sections holding "file lists" of
// [name](url) links with optional ": notes"; an H2 "Optional" section whose
// links may be skipped).
func llmsTxtVariants() []Variant {
	v := func(slug string, weight int, ctype string, valid bool, body, note string) Variant {
		return Variant{Name: "llms-txt/" + slug, Location: registry.LocLLMsTxt, ContentType: ctype,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	return []Variant{
		v("valid", 10, typeMarkdown, true, llmsTxtValid,
			"H1, blockquote summary, detail paragraphs and a list, H2 file lists with and without notes, an Optional section"),
		v("valid-text-plain", 4, typeText, true, llmsTxtDocs,
			"a documentation site's file served as text/plain: H1, summary, two H2 file lists"),
		v("minimal", 3, typeMarkdown, true, "# Example Corp\n",
			"only the H1, the one required section"),
		v("no-h1", 2, typeMarkdown, false, llmsTxtNoH1,
			"starts with an H2: the required H1 is missing"),
		v("links-missing", 1, typeMarkdown, true, llmsTxtNoLinks,
			"valid with warnings: the H2 section's list items have no [name](url) link, which llmstxt.org expects of file lists; only a missing H1 or an HTML body makes a file not an llms.txt (extract/llmstxt)"),
	}
}

const llmsTxtValid = `# Example Corp

> Example Corp sells refurbished laptops in Europe. This file lists the
> pages an assistant needs to answer questions about orders and products.

Prices on the site include VAT. Stock changes hourly, so check the product
page before quoting availability.

- Orders ship from Lyon within two working days.
- Returns are free for 30 days.

## Docs

- [Shipping policy](https://example.com/help/shipping.md): where we ship and how long it takes
- [Returns](https://example.com/help/returns.md): how to return an item
- [Product API](https://example.com/api/docs.md)

## Optional

- [Company history](https://example.com/about/history.md): founded in 2009
`

const llmsTxtDocs = `# FastWidget

> FastWidget is a Go library for rendering widgets on the server.

## Guides

- [Quick start](https://docs.example.com/quickstart.md): install and render a first widget
- [Configuration](https://docs.example.com/config.md): every option with its default

## API

- [Package reference](https://docs.example.com/api.md): exported types and functions
`

const llmsTxtNoH1 = `## Docs

- [Shipping policy](https://example.com/help/shipping.md): where we ship
- [Returns](https://example.com/help/returns.md)
`

const llmsTxtNoLinks = `# Example Corp

> Refurbished laptops.

## Docs

- Shipping policy: see the help centre
- Returns: 30 days
`
