package mediatype

import (
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

func TestCheck(t *testing.T) {
	c := diag.Code{ID: "x.content-type", Severity: diag.Warning, Spec: "x"}
	for _, tc := range []struct {
		ct     string
		served bool
		want   string // part of the message; "" for no diagnostic
	}{
		{"application/json", true, ""},
		{"Application/JSON; charset=UTF-8", true, ""},
		{"application/did+json", true, ""},
		{"text/plain", true, "served as text/plain"},
		{"application/json; charset=iso-8859-1", true, "charset iso-8859-1"},
		{"application/json; charset", true, "does not parse"},
		{"", true, "no Content-Type header"},
		{"", false, ""},
		{"text/html", false, "served as text/html"},
	} {
		d, ok := Check(tc.ct, tc.served, c, "application/json", "application/did+json")
		if ok != (tc.want != "") || (ok && (!strings.Contains(d.Message, tc.want) || d.Code != c.ID || d.Severity != c.Severity)) {
			t.Errorf("Check(%q, served %v) = %v, %v; want %q", tc.ct, tc.served, d, ok, tc.want)
		}
	}
}
