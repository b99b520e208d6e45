package extract

import (
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
// Ed25519VerificationKey2020 method), else "malformed".
func parseDID(body []byte, in Input) Document {
	doc, diags := did.Parse(body, in.Host)
	if d, ok := did.CheckContentType(in.ContentType, in.Scheme != ""); ok {
		diags = append(diags, d)
	}
	out := Document{
		Format:      registry.DID,
		Valid:       !diags.HasErrors(),
		Effective:   "malformed",
		Diagnostics: diags,
		Result:      doc,
	}
	if doc == nil {
		return out
	}
	if doc.OK {
		out.Effective = "ok"
	}
	s := didSummary{ID: doc.ID, Methods: len(doc.Methods)}
	for _, m := range doc.Methods {
		if m.Usable() {
			s.Ed25519Keys++
			if m.KeyForm == did.KeyMulticodec {
				s.Multicodec++
			}
		}
	}
	out.Summary = s
	return out
}
