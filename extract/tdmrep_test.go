package extract

import (
	"testing"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/tdmrep"
	"github.com/agentpolicy/survey/registry"
)

func TestTDMRepAdapter_Parse(t *testing.T) {
	body := `[
  {"location": "/images/*", "tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"},
  {"location": "/press/", "tdm-reservation": 0},
  {"location": "/", "tdm-reservation": 1}
]`
	doc := Parse(registry.TDMRep, []byte(body), Input{Location: registry.LocTDMRep})
	if !doc.Valid || doc.Effective != "reserved" || len(doc.Diagnostics) != 0 {
		t.Errorf("valid %v effective %q diagnostics %v", doc.Valid, doc.Effective, doc.Diagnostics)
	}
	want := TDMRepSummary{Rules: 3, Reserving: 2, NotReserving: 1, AnyReservation: true, Policies: 1, RootReserved: true}
	if doc.Summary != want {
		t.Errorf("summary %+v, want %+v", doc.Summary, want)
	}
	f, ok := doc.Result.(*tdmrep.File)
	if !ok {
		t.Fatalf("result %T", doc.Result)
	}
	if reserved, policy, i := f.Reservation("/images/a.png"); !reserved || policy != "https://example.com/p.json" || i != 0 {
		t.Errorf("Reservation = %v %q %d", reserved, policy, i)
	}

	for body, effective := range map[string]string{
		`[{"location": "/", "tdm-reservation": 1},]`:    "unset",
		`{"location": "/", "tdm-reservation": 1}`:       "unset",
		`[{"location": "/", "tdm-reservation": "1"}]`:   "unset",
		`[{"location": "/pdf/", "tdm-reservation": 1}]`: "partial",
		`[{"location": "/", "tdm-reservation": 0}]`:     "not-reserved",
	} {
		doc := Parse(registry.TDMRep, []byte(body), Input{})
		if doc.Effective != effective {
			t.Errorf("%s: effective %q, want %q", body, doc.Effective, effective)
		}
		if doc.Valid != (effective == "partial" || effective == "not-reserved") {
			t.Errorf("%s: valid %v", body, doc.Valid)
		}
	}
}

// TestTDMRepAdapter_SummaryCountsApplicableRules: rules that are never the
// first match (W3C TDMRep: "The most specific match is the first in
// sequence") reserve nothing, so neither the summary nor the label counts
// them.
func TestTDMRepAdapter_SummaryCountsApplicableRules(t *testing.T) {
	body := `[
  {"location": "/", "tdm-reservation": 0},
  {"location": "/images/", "tdm-reservation": 1, "tdm-policy": "https://example.com/p.json"},
  {"location": "https://example.com/", "tdm-reservation": 1},
  {"location": "", "tdm-reservation": 1}
]`
	doc := Parse(registry.TDMRep, []byte(body), Input{Location: registry.LocTDMRep})
	if doc.Effective != "not-reserved" {
		t.Errorf("effective %q, want not-reserved", doc.Effective)
	}
	want := TDMRepSummary{Rules: 4, NotReserving: 1}
	if doc.Summary != want {
		t.Errorf("summary %+v, want %+v", doc.Summary, want)
	}
}

func TestTDMRepAdapter_Codes(t *testing.T) {
	if CanDecide(registry.TDMRep) {
		t.Errorf("tdmrep has no Decide evaluator")
	}
	if err := diag.Catalogue(tdmrep.Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range tdmrep.Codes() {
		if _, ok := Catalogue().Lookup(c.ID); !ok {
			t.Errorf("%s missing from the catalogue", c.ID)
		}
	}
}
