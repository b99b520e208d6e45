package content

import "github.com/agentpolicy/survey/registry"

// autoctlVariants returns the automation-preferences.txt corpus. Every file
// ends with a blank line, so that its last group is terminated as the
// draft's ABNF asks (group = ... 1*emptyline), and no valid file has a tab
// or a comment line inside a group: the draft's ABNF allows HTAB as white
// space while its section 3.1 asks implementations to reject control bytes,
// and its ABNF counts a comment line as an empty line, which README
// decision "groups are separated by blank lines" would read as a group
// separator.
func autoctlVariants() []Variant {
	v := func(slug string, weight int, valid bool, body, note string) Variant {
		return Variant{Name: "autoctl/" + slug, Location: registry.LocAutoctl, ContentType: typeText,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	return []Variant{
		v("draft-sample", 3, true, autoctlDraftSample,
			"the draft's sample file verbatim: its <!-- --> lines are not comments under the ABNF; they are info and ignored (specs README: automation-preferences.txt)"),
		v("clean", 10, true, autoctlClean,
			"three groups separated by blank lines, each starting with scope (§3.4), with user-agent, host, allowed-methods (§3.2) and allowed-purposes (§3.3)"),
		v("missing-allowed-methods", 2, true, autoctlMissingMethods,
			"a group without allowed-methods: every method is disallowed in that scope (§3.2); not an error"),
		v("unknown-directive", 2, true, autoctlUnknownDirective,
			"crawl-delay and rate-limit are not core directives: ignored silently by the policy (§5 MUST), counted as info (specs README)"),
		v("group-without-scope", 1, false, autoctlNoScope,
			"the second group has no scope directive: an error for that group (§3.4 MUST; specs README)"),
		v("unknown-method", 1, false, autoctlUnknownMethod,
			OpenPrefix+"labelled invalid: FETCH is not a method of the ABNF's method-list (§4); the draft says nothing of an unknown method's severity"),
		v("control-bytes", 1, false, autoctlControlBytes,
			"a raw form feed (U+000C) and an ESC byte: files with control bytes other than CR and LF are rejected (§3.1 SHOULD; specs README)"),
	}
}

// autoctlDraftSample is the sample file of
// draft-liao-aipref-autoctl-core-01 (appendix "Sample
// automation-preferences.txt File"), byte for byte.
const autoctlDraftSample = `<!-- Automation preferences for example.com -->
<!-- Version: 1.0 -->
<!-- Last updated: 2025-04-20 -->

<!-- Group 1: Applies to the entire site -->
scope: /
user-agent: *
host: example.com
allowed-methods: GET, HEAD
allowed-purposes: PLACEHOLDER_PURPOSE1, PLACEHOLDER_PURPOSE2

<!-- Group 2: Specific preferences for the /admin/ path -->
scope: /admin/
user-agent: ExampleBot
host: example.com
allowed-methods: GET
allowed-purposes: PLACEHOLDER_PURPOSE1

`

const autoctlClean = `scope: /
user-agent: *
allowed-methods: GET, HEAD
allowed-purposes: search, accessibility

scope: /account/
user-agent: *
host: example.com
allowed-methods: GET

scope: /api/
scope: /graphql
user-agent: ExampleBot, OtherBot
allowed-methods: GET, HEAD, POST, OPTIONS

`

const autoctlMissingMethods = `scope: /
user-agent: *
allowed-methods: GET, HEAD

scope: /checkout/
user-agent: *
allowed-purposes: accessibility

`

const autoctlUnknownDirective = `scope: /
user-agent: *
allowed-methods: GET, HEAD
crawl-delay: 5
rate-limit: 60/min

`

const autoctlNoScope = `scope: /
user-agent: *
allowed-methods: GET, HEAD

user-agent: ExampleBot
allowed-methods: GET, POST

`

const autoctlUnknownMethod = `scope: /
user-agent: *
allowed-methods: GET, FETCH, HEAD

`

const autoctlControlBytes = "scope: /\nuser-agent: *\nallowed-methods: GET, HEAD\n\x0c\nscope: /admin/\x1b[0m\nallowed-methods: GET\n\n"
