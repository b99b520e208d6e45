package sfv

import (
	"strings"
	"testing"

	"github.com/dunglas/httpsfv"
)

// The parser's errors are worded with the place and the rule, for the
// mistakes publishers make.
func TestExplain(t *testing.T) {
	for value, want := range map[string]string{
		"Search=yes":      `at character 1, "S": a key starts with a lower-case letter`,
		"search=yes ai=n": `at character 12, "a": members are separated by commas`,
		"search=\"yes":    `at the end: a quoted string is unclosed`,
		"search=!":        `at character 8, "!": a value is a token`,
	} {
		_, err := httpsfv.UnmarshalDictionary([]string{value})
		if err == nil {
			t.Fatalf("%q parsed", value)
		}
		if got := Explain(err, value); !strings.HasPrefix(got, want) {
			t.Errorf("Explain(%q) = %q, want it to start with %q", value, got, want)
		}
	}
}
