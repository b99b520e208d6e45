package sink

import (
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/extract/did"
)

// TableDIDDocuments is the table of did:web documents
// (/.well-known/did.json, agent-feed v0 §3).
const TableDIDDocuments = "did_documents"

// DIDDocumentRow is one did.json.
type DIDDocumentRow struct {
	CrawlID        string            `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain         string            `col:"domain" doc:"Domain the document belongs to."`
	Location       string            `col:"location" doc:"Registry location of the document (did)."`
	Effective      string            `col:"effective" doc:"ok when a reader gets a key from the document (right id and a usable Ed25519VerificationKey2020 method); other-format for a DID document of another use (no Ed25519VerificationKey2020 method, at a domain whose agent-feed.xml holds no file: documents.other_format did-core); else malformed."`
	DID            string            `col:"did" doc:"The document's id, as served."`
	DIDHost        *string           `col:"did_host" doc:"Host (with port) the id names, decoded; null when the id is not a did:web DID."`
	MatchesHost    bool              `col:"matches_host" doc:"True when the id is did:web:<host> for the domain the document was fetched from (port as %3A)."`
	Methods        int32             `col:"methods" doc:"Number of verification methods."`
	UsableMethods  int32             `col:"usable_methods" doc:"Verification methods usable for agent-feed verification: Ed25519VerificationKey2020 with the DID as controller and a key that decodes (§3.3)."`
	RawKeys        int32             `col:"raw_keys" doc:"Usable methods whose key is the raw 32 bytes §3.3 asks for."`
	MulticodecKeys int32             `col:"multicodec_keys" doc:"Usable methods whose key is given in the 34-byte multicodec form (0xed 0x01 prefix), accepted with a warning."`
	Verification   []DIDMethodColumn `col:"verification_methods" doc:"The verification methods in document order."`
}

// DIDMethodColumn is one verification method of a did.json.
type DIDMethodColumn struct {
	ID         string `col:"id" doc:"The method's id, as served."`
	Type       string `col:"type" doc:"The method's type (Ed25519VerificationKey2020 for agent-feed)."`
	Controller string `col:"controller" doc:"The method's controller, as served."`
	Line       int32  `col:"line" doc:"1-based line where the method starts."`
	Encoding   string `col:"key_encoding" doc:"Multibase encoding of publicKeyMultibase by its prefix: base58btc (z), base64url (u), other, or empty when there is no key."`
	KeyForm    string `col:"key_form" doc:"How the decoded key was given: raw (32 bytes) or multicodec (34 bytes); empty when the key does not decode."`
	Usable     bool   `col:"usable" doc:"True when the method can verify agent-feed signatures."`
	Problem    string `col:"problem" doc:"Why the method is not usable; empty when it is."`
}

// didRows flattens a did.json.
func didRows(key DocKey, doc extract.Document) []Rows {
	d, ok := doc.Result.(*did.Document)
	if !ok || d == nil {
		return nil
	}
	row := DIDDocumentRow{
		CrawlID: key.CrawlID, Domain: key.Domain, Location: key.Location,
		Effective: doc.Effective, DID: d.ID, DIDHost: optString(d.Host), MatchesHost: d.IDOK,
		Methods: i32(len(d.Methods)), Verification: make([]DIDMethodColumn, 0, len(d.Methods)),
	}
	for _, m := range d.Methods {
		usable := m.Usable()
		if usable {
			row.UsableMethods++
			switch m.KeyForm {
			case did.KeyRaw:
				row.RawKeys++
			case did.KeyMulticodec:
				row.MulticodecKeys++
			}
		}
		row.Verification = append(row.Verification, DIDMethodColumn{
			ID: m.ID, Type: m.Type, Controller: m.Controller, Line: i32(m.Line),
			Encoding: multibaseEncoding(m.PublicKeyMultibase), KeyForm: string(m.KeyForm),
			Usable: usable, Problem: m.Problem,
		})
	}
	return appendRows(nil, TableDIDDocuments, []DIDDocumentRow{row})
}

// multibaseEncoding names the multibase encoding of a publicKeyMultibase
// value by its prefix.
func multibaseEncoding(v string) string {
	switch {
	case v == "":
		return ""
	case v[0] == 'z':
		return "base58btc"
	case v[0] == 'u':
		return "base64url"
	}
	return "other"
}
