package homepage

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/tdmrep"
)

// TDMDeclaration is one TDMRep declaration: the tdm-reservation and
// tdm-policy of one source (the response headers, or the meta tags).
type TDMDeclaration struct {
	Source Source `json:"source"`
	// Reservation is tdm-reservation, 0 or 1; nil when absent or invalid
	// (unset).
	Reservation *int `json:"reservation"`
	// RawReservation is the tdm-reservation value as written ("" when
	// absent).
	RawReservation string `json:"raw_reservation,omitempty"`
	// Policy is the tdm-policy URL as written ("" when absent).
	Policy string `json:"policy,omitempty"`
	// Line is the line of the tdm-reservation meta tag (or of the
	// tdm-policy one when there is no reservation); 0 for headers.
	Line int `json:"line,omitempty"`
}

// tdmValues are the values of one TDMRep property in one source, with their
// lines (0 for headers).
type tdmValues struct {
	values []string
	lines  []int
}

func (v *tdmValues) add(value string, line int) {
	v.values = append(v.values, value)
	v.lines = append(v.lines, line)
}

// declaration builds the declaration of one source from its tdm-reservation
// and tdm-policy values. Repeated values that disagree are reported; the
// first one is used.
func declaration(src Source, res, pol tdmValues, diags *diagnostics) *TDMDeclaration {
	if len(res.values) == 0 && len(pol.values) == 0 {
		return nil
	}
	d := &TDMDeclaration{Source: src}
	name := func(prop string) string {
		if src == SourceHeader {
			return prop + " header"
		}
		return `meta name="` + prop + `"`
	}
	if len(res.values) > 0 {
		raw := strings.TrimSpace(res.values[0])
		d.RawReservation, d.Line = raw, res.lines[0]
		switch raw {
		case "0", "1":
			x := int(raw[0] - '0')
			d.Reservation = &x
		default:
			diags.Add(codeTDMReservationInvalid, d.Line, "%s is %q; only 0 and 1 are defined, so the reservation is unset", name("tdm-reservation"), diag.Clip(raw))
		}
		for i := 1; i < len(res.values); i++ {
			if v := strings.TrimSpace(res.values[i]); v != raw {
				diags.Add(codeTDMConflict, res.lines[i], "%s is repeated with %q after %q; the first is used", name("tdm-reservation"), diag.Clip(v), diag.Clip(raw))
			}
		}
	}
	if len(pol.values) > 0 {
		d.Policy = strings.TrimSpace(pol.values[0])
		line := pol.lines[0]
		if len(res.values) == 0 {
			d.Line = line
			diags.Add(codeTDMPolicyAlone, line, "%s without tdm-reservation", name("tdm-policy"))
		}
		if why := tdmrep.PolicyProblem(d.Policy); why != "" {
			diags.Add(codeTDMPolicyNotAbsolute, line, "%s %q %s", name("tdm-policy"), diag.Clip(d.Policy), why)
		}
		for i := 1; i < len(pol.values); i++ {
			if v := strings.TrimSpace(pol.values[i]); v != d.Policy {
				diags.Add(codeTDMConflict, pol.lines[i], "%s is repeated with %q after %q; the first is used", name("tdm-policy"), diag.Clip(v), diag.Clip(d.Policy))
			}
		}
	}
	return d
}

// applyTDM records the declarations and sets the effective reservation and
// policy: the meta tags supersede the headers, property by property
// (TDMRep §Processing priority). With an effective tdm-reservation of 0
// "TDM Agents SHOULD NOT process tdm-policy", so there is no effective
// policy then, and the policy is reported as ignored; a policy that
// comes with a reservation of 0 that the other source overrides with 1
// stays effective, and is not reported.
func (s *Signals) applyTDM(header, meta *TDMDeclaration, diags *diagnostics) {
	var policySource Source
	for _, d := range []*TDMDeclaration{header, meta} {
		if d == nil {
			continue
		}
		s.TDM = append(s.TDM, *d)
		if d.Reservation != nil {
			s.TDMReservation, s.TDMSource = d.Reservation, d.Source
		}
		if d.Policy != "" {
			s.TDMPolicy, policySource = d.Policy, d.Source
		}
	}
	s.TDMReserved = s.TDMReservation != nil && *s.TDMReservation == 1
	if s.TDMReservation == nil || *s.TDMReservation != 0 || s.TDMPolicy == "" {
		return
	}
	line := 0 // headers have none
	if meta != nil && (policySource == SourceMeta || s.TDMSource == SourceMeta) {
		line = meta.Line
	}
	if policySource != s.TDMSource {
		diags.Add(codeTDMPolicyIgnored, line, "the effective tdm-reservation is 0 (%s), so the tdm-policy of the %s is ignored; agents should not process it",
			sourceName(s.TDMSource), sourceName(policySource))
	} else {
		diags.Add(codeTDMPolicyIgnored, line, "the tdm-policy of the %s comes with tdm-reservation 0; agents should not process it", sourceName(policySource))
	}
	s.TDMPolicy = ""
}

// sourceName names a source of TDMRep declarations for messages.
func sourceName(src Source) string {
	if src == SourceHeader {
		return "headers"
	}
	return "meta tags"
}

// tdmConflicts reports a header and a meta declaration that disagree; the
// meta tag supersedes the header (TDMRep §Processing priority).
func tdmConflicts(header, meta *TDMDeclaration, diags *diagnostics) {
	if header == nil || meta == nil {
		return
	}
	if header.Reservation != nil && meta.Reservation != nil && *header.Reservation != *meta.Reservation {
		diags.Add(codeTDMConflict, meta.Line, "the tdm-reservation header says %d and the meta tag says %d; the meta tag supersedes the header",
			*header.Reservation, *meta.Reservation)
	}
	if header.Policy != "" && meta.Policy != "" && header.Policy != meta.Policy {
		diags.Add(codeTDMConflict, meta.Line, "the tdm-policy header and meta tag name different policies; the meta tag supersedes the header")
	}
}
