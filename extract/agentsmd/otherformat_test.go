package agentsmd

import "testing"

// TestParse_OtherFormat_UntypedSpecKeys: outside the section that defines
// it, a key of §5 is a mark of the specification only when its value is of
// the key's type. Coding-agent files and the docs they quote use the same
// words as names of commands, permissions, volumes and settings ("-
// download-files: fetch the fixtures", a docker-compose "-
// upload-files:/app/uploads"), which made them invalid policies. In its
// own section a key stays a mark whatever its value.
func TestParse_OtherFormat_UntypedSpecKeys(t *testing.T) {
	for _, tt := range []struct {
		body  string
		other bool
	}{
		// Names of commands, permissions, volumes and settings.
		{"# Project notes\n\n## Make targets\n\n- build: compile the containers\n- download-files: fetch the fixtures\n- run-test: run the test suite\n", true},
		{"# Permissions\n\n- manage-users: manage users\n- upload-files: upload files\n", true},
		{"# Deploy\n\n## Volumes\n\n```yaml\nvolumes:\n  - upload-files:/app/uploads\n```\n", true},
		{"# Guide\n\n## Ops\n- DATA-RETENTION: delete raw IP data after 30 days\n", true},
		{"# Tests\n\n- read-content: pagination cursors and the missing-markdown error\n", true},
		{"# Notes\n## Crawling\n- disallowed-paths: see the robots.txt of the site\n", true},
		{"# Notes\n## Limits\n- requests-per-minute: about sixty\n", true},
		{"# Notes\n## Auth\n- authentication-methods: OAuth through the identity provider\n", true},
		{"# Notes\n## Headers\n- agent-header-name: the header our proxy adds\n", true},
		{"# Notes\n## Tools\n- create-content:\n", true},
		// Values of the key's type: marks anywhere (a policy without
		// Identity, so invalid).
		{"# AGENTS.md\n## Actions\n- read-content: TRUE\n", false},
		{"# AGENTS.md\n## Notes\n- data-retention: Session-Only\n", false},
		{"# AGENTS.md\n## Notes\n- disallowed-paths: /admin/*, *.pdf\n", false},
		{"# AGENTS.md\n## Notes\n- require-human-approval: /checkout/**\n", false},
		{"# AGENTS.md\n## Notes\n- concurrent-sessions: -1\n", false},
		{"# AGENTS.md\n## Notes\n- authentication-methods: oauth2, api-key\n", false},
		{"# AGENTS.md\n## Notes\n- agent-header-name: X-Agent-Identity\n", false},
		// In its own section, whatever the value.
		{"# AGENTS.md\n## Allowed Actions\n- upload-files: files to the runtime\n", false},
		{"# AGENTS.md\n## Rate Limits\n- requests-per-minute: about sixty\n", false},
		{"# AGENTS.md\n## Restriction\n- disallowed-paths: admin\n", false}, // a misspelling of its section
	} {
		res, diags := parse(t, tt.body)
		if got := res.OtherFormat == OtherFormatCodingAgent && res.Effective == EffectiveOtherFormat && len(diags) == 1; got != tt.other {
			t.Errorf("%q: OtherFormat %q, Effective %q, diagnostics %v; want other format %v", tt.body, res.OtherFormat, res.Effective, codes(diags), tt.other)
		}
		if !tt.other && (!diags.HasErrors() || res.Effective != EffectiveInvalid) {
			t.Errorf("%q: Effective %q, diagnostics %v; want an invalid policy", tt.body, res.Effective, codes(diags))
		}
	}
}

// TestParse_OtherFormat_MalformedDirectives: a list line that looks like a
// directive but does not start with `- ` (`* key: value`, `-key: value`)
// is ignored with agents-md.malformed-directive; when its key is one §5
// defines for its section it still marks the file as a policy. A policy
// written entirely with such lines was called a coding-agent file, which
// hid it and its malformed-directive warnings.
func TestParse_OtherFormat_MalformedDirectives(t *testing.T) {
	for _, tt := range []struct {
		body  string
		codes []string
	}{
		{"# AGENTS.md\n\n## Identity\n* site: example.com\n* contact: ai@example.com\n\n## Allowed Actions\n* read-content: true\n",
			[]string{"3:missing-site", "4:malformed-directive", "5:malformed-directive", "8:malformed-directive"}},
		{"# AGENTS.md\n\n## Identity\n-site: example.com\n\n## Allowed Actions\n-read-content: true\n",
			[]string{"3:missing-site", "4:malformed-directive", "7:malformed-directive"}},
		{"# AGENTS.md\n\n## Rate Limits\n+ requests-per-minute: 30\n",
			[]string{"0:missing-identity", "4:malformed-directive"}},
	} {
		res, diags := parse(t, tt.body)
		if res.OtherFormat != "" {
			t.Errorf("%q: OtherFormat %q, want a policy", tt.body, res.OtherFormat)
			continue
		}
		wantCodes(t, diags, tt.codes...)
	}
	// Such lines with other keys, or outside the defined sections, are no
	// marks.
	for _, body := range []string{
		"# Notes\n\n## Restrictions\n* Do not: push to main\n* Never: commit secrets\n",
		"# Notes\n\n## Rate Limits\n* Requests per minute: 60\n",
		"# Notes\n\n## Setup\n* site: example.com\n",
	} {
		res, diags := parse(t, body)
		if res.OtherFormat != OtherFormatCodingAgent || len(diags) != 1 {
			t.Errorf("%q: OtherFormat %q, diagnostics %v; want a coding-agent file", body, res.OtherFormat, codes(diags))
		}
	}
}
