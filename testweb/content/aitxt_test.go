package content

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentpolicy/survey/registry"
)

// TestAITxt_Lines checks the robots.txt-style lines of ai.txt: valid
// variants are UTF-8 whose non-comment lines all have a known key and a
// colon.
func TestAITxt_Lines(t *testing.T) {
	for _, v := range Variants(registry.LocAITxt) {
		body := string(v.Body(""))
		valid := utf8.ValidString(body)
		for _, line := range strings.Split(body, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			k, _, ok := strings.Cut(line, ":")
			switch strings.ToLower(k) {
			case "user-agent", "allow", "disallow":
			default:
				ok = false
			}
			valid = valid && ok
		}
		if valid != v.Valid {
			t.Errorf("%s: recomputed validity %v, label %v", v.Name, valid, v.Valid)
		}
	}
}
