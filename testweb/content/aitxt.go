package content

import "github.com/agentpolicy/survey/registry"

// aiTxtVariants returns the ai.txt corpus (Spawning's ai.txt: robots.txt
// syntax, User-Agent groups with Allow and Disallow lines whose patterns
// are often file extensions). No formal specification fixes validity, so
// the invalid variants say which rule of the robots.txt grammar they break.
func aiTxtVariants() []Variant {
	v := func(slug string, weight int, valid bool, body, note string) Variant {
		return Variant{Name: "ai-txt/" + slug, Location: registry.LocAITxt, ContentType: typeText,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	return []Variant{
		v("spawning-generated", 8, true, aiTxtGenerated,
			"the shape of the file Spawning's generator writes: comments, one User-Agent: * group disallowing media and text file types"),
		v("disallow-all", 3, true, "# ai.txt\nUser-Agent: *\nDisallow: /\n",
			"no AI use of anything"),
		v("allow-all", 2, true, "User-Agent: *\nAllow: /\n",
			"every AI use allowed"),
		v("missing-colon", 1, false, "User-Agent *\nDisallow *.jpg\nDisallow: /private/\n",
			OpenPrefix+"labelled invalid: lines without the colon of the robots.txt syntax ai.txt reuses (RFC 9309 §2.2); there is no ai.txt grammar of its own"),
		v("invalid-utf8", 1, false, "User-Agent: *\nDisallow: /photos/\xFF\xFE/\n",
			OpenPrefix+"labelled invalid: bytes 0xFF 0xFE are not UTF-8; ai.txt follows robots.txt, which requires UTF-8 (RFC 9309 §2.3)"),
	}
}

const aiTxtGenerated = `# Spawning AI
# Prevent datasets from using the following file types

User-Agent: *
Disallow: *.jpg
Disallow: *.jpeg
Disallow: *.png
Disallow: *.gif
Disallow: *.webp
Disallow: *.mp3
Disallow: *.wav
Disallow: *.mp4
Disallow: *.txt
Disallow: *.pdf
Disallow: *.docx
Allow: /blog/
`
