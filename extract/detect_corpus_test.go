package extract_test

import (
	"testing"

	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/testweb/content"
)

// Every body of the simulated web's corpus, given to survey check without
// a file name, is told as its location's format. The exceptions are
// expected: an ai.txt is written like a robots.txt, and a file that is
// empty or invalid may not be told at all (survey check then asks for
// --type).
func TestDetect_Corpus(t *testing.T) {
	for _, l := range registry.Locations() {
		if l.Canary || len(l.Formats) == 0 {
			continue
		}
		want := l.Formats[0]
		for _, v := range content.Variants(l.ID) {
			if v.OtherFormat != "" {
				continue // written in another convention on purpose
			}
			body := v.Body("example.com")
			got := extract.Detect("-", body)
			switch {
			case got == want:
			case want == registry.AITxt && got == registry.Robots:
			case got == "" && (!v.Valid || len(body) == 0):
			default:
				t.Errorf("%s (valid %v): told as %q, want %q", v.Name, v.Valid, got, want)
			}
		}
	}
}
