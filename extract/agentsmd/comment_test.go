package agentsmd

import "testing"

// TestParse_HTMLComment: a section commented out with <!-- ... --> over
// several lines is still parsed as policy, as the specification reads it,
// but warned about once per comment, as a fenced one is; it was applied
// without a word. A comment on one line, and lines after the comment
// closes, get no warning.
func TestParse_HTMLComment(t *testing.T) {
	res, diags := parse(t, "# AGENTS.md\n## Identity\n- site: example.com\n"+
		"<!-- not yet:\n## Restrictions\n- disallowed-paths: /old/*\n-->\n"+
		"<!-- one line -->\n## Rate Limits\n- requests-per-minute: 10\n"+
		"  <!--\n- requests-per-hour: 100\n- concurrent-sessions: 2\n-->\n")
	wantCodes(t, diags, "5:inside-html-comment", "12:inside-html-comment")
	if len(res.Restrictions.DisallowedPaths) != 1 || res.RateLimits.RequestsPerMinute == nil {
		t.Errorf("the commented section was not parsed as the specification reads it: %+v %+v", res.Restrictions, res.RateLimits)
	}
}
