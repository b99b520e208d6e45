package extract

import (
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/did"
	"github.com/agentpolicy/survey/registry"
)

// didAdapter parses did:web documents (/.well-known/did.json, agent-feed
// v0 §3).
var didAdapter = adapter{parse: parseDID, codes: did.Codes}

// didSummary is the summary of a did.json.
type didSummary struct {
	ID string `json:"id"`
	// Methods counts verification methods; Ed25519Keys those usable for
	// agent-feed verification.
	Methods     int `json:"methods"`
	Ed25519Keys int `json:"ed25519_keys"`
	// Multicodec counts usable keys given in the 34-byte multicodec form.
	Multicodec int `json:"multicodec_keys"`
}

// parseDID parses a did.json against the host it speaks for. Effective is
// "ok" when a reader gets a key from it (right id, a usable
// Ed25519VerificationKey2020 method), else "malformed". A DID document with
// no Ed25519VerificationKey2020 method at a domain whose agent-feed.xml
// holds no file is a DID document of another use (did.OtherUse): another
// format, whose agent-feed diagnostics are replaced by one info.
func parseDID(body []byte, in Input) Document {
	doc, diags := did.Parse(body, in.Host)
	if did.OtherUse(doc) && !publishesFeed(in) {
		return Document{
			Format:      registry.DID,
			Effective:   did.EffectiveOtherFormat,
			OtherFormat: did.OtherFormatDIDCore,
			Diagnostics: diag.List{did.OtherUseDiagnostic(doc)},
			Result:      doc,
			Summary:     summarizeDID(doc),
		}
	}
	if d, ok := did.CheckContentType(in.ContentType, in.Scheme != ""); ok {
		diags = append(diags, d)
	}
	out := Document{
		Format:      registry.DID,
		Valid:       !diags.HasErrors(),
		Effective:   did.EffectiveMalformed,
		Diagnostics: diags,
		Result:      doc,
	}
	if doc == nil {
		return out
	}
	if doc.OK {
		out.Effective = did.EffectiveOK
	}
	out.Summary = summarizeDID(doc)
	return out
}

// publishesFeed reports whether the domain's agent-feed.xml holds a file,
// which makes its did.json the feed's key document whatever it holds.
func publishesFeed(in Input) bool {
	r, ok := in.related(registry.LocAgentFeed)
	return ok && r.Fetched
}

// summarizeDID counts the methods of a parsed did.json.
func summarizeDID(doc *did.Document) didSummary {
	s := didSummary{ID: doc.ID, Methods: len(doc.Methods)}
	for _, m := range doc.Methods {
		if m.Usable() {
			s.Ed25519Keys++
			if m.KeyForm == did.KeyMulticodec {
				s.Multicodec++
			}
		}
	}
	return s
}
