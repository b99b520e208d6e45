package did

import (
	"strings"

	"github.com/agentpolicy/survey/diag"
)

// The values of a did.json's effective state (did_documents.effective).
const (
	// EffectiveOK: a reader gets a key from the document (right id, a
	// usable Ed25519VerificationKey2020 method).
	EffectiveOK = "ok"
	// EffectiveMalformed: an agent-feed key document that yields no key.
	EffectiveMalformed = "malformed"
	// EffectiveOtherFormat: a DID document of another use (OtherUse).
	EffectiveOtherFormat = "other-format"
)

// OtherFormatDIDCore is the other-format label of a did.json that is a DID
// document of another use: no Ed25519VerificationKey2020 method, at a
// domain that publishes no agent feed.
const OtherFormatDIDCore = "did-core"

// codeOtherUse is the one diagnostic of a DID document of another use.
var codeOtherUse = diag.Code{ID: "did.other-use", Severity: diag.Info, Spec: "survey (specs README: other formats); W3C DID v1.0",
	Summary: "The document is a DID document with no Ed25519VerificationKey2020 method, at a domain that publishes no agent feed: a did:web document of another use (verifiable credentials, AT Protocol, ...), recorded as another format, not as a broken agent-feed key document."}

// OtherUse reports whether doc, parsed from a domain's did.json, is a DID
// document of another use rather than an agent-feed key document: its `id`
// is a DID and none of its verification methods has the type agent-feed
// uses (it may list none, or keep its keys under the pre-DID-Core
// `publicKey`). Only the caller knows whether the domain publishes an
// agent feed, which makes any did.json its key document; OtherUse does not
// ask.
func OtherUse(doc *Document) bool {
	if doc == nil || !strings.HasPrefix(doc.ID, "did:") || doc.ID == "did:" {
		return false
	}
	for _, m := range doc.Methods {
		if m.Type == MethodType {
			return false
		}
	}
	return true
}

// OtherUseDiagnostic is the info diagnostic that replaces the agent-feed
// diagnostics of a DID document of another use.
func OtherUseDiagnostic(doc *Document) diag.Diagnostic {
	return codeOtherUse.At(0, "`id` %q names a DID document with no %s method, and no agent feed is known beside it (the domain's agent-feed.xml holds no file, or none was given with --feed): a did:web document of another use, not an agent-feed key document (v0 readers would get no key from it)", doc.ID, MethodType)
}
