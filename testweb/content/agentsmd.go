package content

import "github.com/agentpolicy/survey/registry"

// agentsMDVariants returns the AGENTS.md corpus for the root location or the
// well-known one. Both share the bodies; the weights differ: at the root
// most files in the wild are coding-agent instruction files, at
// /.well-known/agents.md almost none are.
func agentsMDVariants(loc registry.LocationID) []Variant {
	root := loc == registry.LocAgentsMD
	w := func(atRoot, atWellKnown int) int {
		if root {
			return atRoot
		}
		return atWellKnown
	}
	v := func(slug string, weight int, ctype string, valid bool, body, note string) Variant {
		return Variant{Name: string(loc) + "/" + slug, Location: loc, ContentType: ctype,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	coding := v("coding-agent", w(40, 1), typeMarkdown, false, agentsMDCodingAgent,
		"a repository-convention AGENTS.md (setup, test and style notes for coding agents, no ## Identity): another format (specs README: AGENTS.md)")
	coding.OtherFormat = "coding-agent-instructions"
	return []Variant{
		coding,
		v("minimal", w(10, 10), typeMarkdown, true, agentsMDMinimal,
			"the title and an Identity section with its one required key (§4.3, §5.1)"),
		v("minimal-text-plain", w(2, 3), typeText, true, agentsMDMinimal,
			"the minimal file served as text/plain, which parsers MUST accept (§3.3)"),
		v("full", w(5, 6), typeMarkdown, true, agentsMDFull,
			"every section of §5 with every key of its table, plus comments (§4.4), blank lines (§4.5) and the §8.1 action keys"),
		v("case-crlf", w(1, 2), typeMarkdown, true, agentsMDCaseCRLF,
			"lower-case section names and mixed-case keys (§4.6), boolean spellings yes/ON/0 (§6.3), CRLF line ends (§4.2)"),
		v("no-identity", w(2, 2), typeMarkdown, false, agentsMDNoIdentity,
			"no ## Identity section: a parse error (§6.6, §6.8)"),
		v("bad-integers", w(1, 1), typeMarkdown, true, agentsMDBadIntegers,
			"+30, 030 and 3.0 are not integers (specs README: AGENTS.md; §6.4): warnings, the fields are omitted, the file stays valid (§6.8)"),
		v("negative-rate-limit", w(1, 1), typeMarkdown, true, agentsMDNegativeRate,
			"requests-per-minute: -5: a warning and the field is omitted (specs README: AGENTS.md; §5.4)"),
		v("newer-spec-version", w(1, 1), typeMarkdown, true, agentsMDNewerVersion,
			"spec-version: 2.0.0, newer than 1.0.x: a warning, parsing continues (§13.2; specs README: AGENTS.md)"),
		v("duplicate-identity", w(1, 1), typeMarkdown, true, agentsMDDuplicateIdentity,
			"a second ## Identity section: a warning, the first one stands (specs README: AGENTS.md)"),
		v("x-extensions", w(2, 2), typeMarkdown, true, agentsMDExtensions,
			"x- sections and x- keys, and an unknown key, all preserved (§4.7, §6.7, §8.2)"),
	}
}

const agentsMDMinimal = `# AGENTS.md

## Identity
- site: example.com
`

const agentsMDFull = `# AGENTS.md

Policies for AI agents acting on example.com. This preamble is ignored by
parsers (section 6.1).

## Identity
- site: example.com
- contact: ai-policy@example.com
- last-updated: 2026-03-15
- spec-version: 1.0.0

## Trust Requirements
# Agents must present an API key or an OAuth token.
- minimum-trust-level: 2
- authentication: required
- authentication-methods: oauth2, api-key, bearer

## Allowed Actions
- read-content: true
- submit-forms: false
- make-purchases: false
- modify-account: false
- access-api: true
- download-files: true
- upload-files: false
- send-messages: false
- delete-data: false
- create-content: false

## Rate Limits
- requests-per-minute: 30
- requests-per-hour: 500
- concurrent-sessions: 3

## Data Handling
- personal-data-collection: minimal
- data-retention: session-only
- third-party-sharing: none
- gdpr-compliance: true

## Restrictions
- disallowed-paths: /admin/*, /internal/**
- require-human-approval: /checkout/*, /account/delete
- read-only-paths: /blog/*, /docs/*

## Agent Identification
- require-agent-header: true
- agent-header-name: X-Agent-Identity
- require-disclosure: true
`

const agentsMDCaseCRLF = "# AGENTS.md\r\n\r\n## identity\r\n- Site: example.com\r\n- CONTACT: agents@example.com\r\n\r\n## allowed actions\r\n- Read-Content: yes\r\n- submit-forms: ON\r\n- make-purchases: 0\r\n\r\n## RATE LIMITS\r\n- requests-per-minute: 0\r\n"

const agentsMDNoIdentity = `# AGENTS.md

## Allowed Actions
- read-content: true
- submit-forms: false

## Rate Limits
- requests-per-minute: 60
`

const agentsMDBadIntegers = `# AGENTS.md

## Identity
- site: example.com

## Trust Requirements
- minimum-trust-level: 030

## Rate Limits
- requests-per-minute: +30
- requests-per-hour: 3.0
- concurrent-sessions: 2
`

const agentsMDNegativeRate = `# AGENTS.md

## Identity
- site: example.com

## Rate Limits
- requests-per-minute: -5
- requests-per-hour: 600
`

const agentsMDNewerVersion = `# AGENTS.md

## Identity
- site: example.com
- spec-version: 2.0.0

## Allowed Actions
- read-content: true
`

const agentsMDDuplicateIdentity = `# AGENTS.md

## Identity
- site: example.com
- contact: ai@example.com

## Allowed Actions
- read-content: true

## Identity
- site: shop.example.com
- contact: shop-ai@example.com
`

const agentsMDExtensions = `# AGENTS.md

## Identity
- site: example.com
- x-policy-owner: legal team

## Allowed Actions
- read-content: true
- x-generate-summaries: true

## Data Handling
- data-retention: 30-days
- retention-review: yearly

## x-carbon-budget
- x-max-gpu-hours: 12
- note: extension sections are preserved
`

const agentsMDCodingAgent = `# AGENTS.md

## Setup commands
- Install deps: ` + "`pnpm install`" + `
- Start dev server: ` + "`pnpm dev`" + `
- Run tests: ` + "`pnpm test`" + `

## Code style
- TypeScript strict mode
- Single quotes, no semicolons
- Use functional patterns where possible

## Testing instructions
- Find the CI plan in the .github/workflows folder.
- Run ` + "`pnpm turbo run test --filter <project_name>`" + ` to run every check defined for that package.
- Fix any test or type errors until the whole suite is green.
- Add or update tests for the code you change, even if nobody asked.

## PR instructions
- Title format: [<project_name>] <Title>
- Always run ` + "`pnpm lint`" + ` and ` + "`pnpm test`" + ` before committing.
`
