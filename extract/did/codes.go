package did

import (
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/jsondoc"
)

const (
	specDID     = "agent-feed v0 §3.3"
	specResolve = "agent-feed v0 §3.4"
	specKeys    = "specs README: agent-feed"
)

var (
	codeNotJSON = diag.Code{ID: "did.not-json", Severity: diag.Error, Spec: "RFC 8259; " + specDID,
		Summary: "The document is not JSON (a syntax error, or a NaN/Infinity number); no key can be read from it."}
	codeInvalidUTF8 = diag.Code{ID: "did.invalid-utf8", Severity: diag.Error, Spec: "RFC 8259 §8.1",
		Summary: "The document holds bytes that are not UTF-8, or a string escape that denotes a lone surrogate."}
	codeNUL = diag.Code{ID: "did.nul-byte", Severity: diag.Error, Spec: "RFC 8259 §7",
		Summary: "The document holds a NUL byte, which JSON allows neither outside nor (unescaped) inside strings."}
	codeTooLarge = diag.Code{ID: "did.too-large", Severity: diag.Error, Spec: "survey (input limits)",
		Summary: "The document is larger than the parser accepts for a did.json (4 MiB); it was not parsed."}
	codeTooDeep = diag.Code{ID: "did.too-deep", Severity: diag.Error, Spec: "survey (input limits)",
		Summary: "Arrays and objects nest deeper than the parser accepts (64 levels); the document was not parsed."}
	codeBOM = diag.Code{ID: "did.bom", Severity: diag.Warning, Spec: "RFC 8259 §8.1",
		Summary: "The document starts with a byte order mark, which JSON senders must not add; it was ignored."}
	codeNotObject = diag.Code{ID: "did.not-object", Severity: diag.Error, Spec: specDID,
		Summary: "The top-level JSON value is not an object, so it is not a DID document."}
	codeDuplicateKey = diag.Code{ID: "did.duplicate-key", Severity: diag.Error, Spec: "RFC 8259 §4; W3C DID v1.0 §6.2.2",
		Summary: "An object has two members of the same name; readers disagree on which one counts, so the document is ambiguous."}
	codeMissingID = diag.Code{ID: "did.missing-id", Severity: diag.Error, Spec: specDID,
		Summary: "The document has no string `id`; a v0 DID document must carry its DID."}
	codeBadID = diag.Code{ID: "did.bad-id", Severity: diag.Error, Spec: specDID,
		Summary: "The `id` is not a did:web DID of the form did:web:<host> (port percent-encoded as %3A)."}
	codeIDMismatch = diag.Code{ID: "did.id-mismatch", Severity: diag.Error, Spec: specResolve,
		Summary: "The `id` is not did:web:<host> for the host the document was fetched from, so it does not speak for that origin."}
	codeHostUnchecked = diag.Code{ID: "did.host-unchecked", Severity: diag.Info, Spec: specResolve,
		Summary: "The host the document speaks for is unknown (a local file without --origin), so `id` was not compared with it."}
	codeMissingMethods = diag.Code{ID: "did.missing-verification-method", Severity: diag.Error, Spec: specDID,
		Summary: "`verificationMethod` is absent or empty; a v0 DID document must list at least one."}
	codeFieldType = diag.Code{ID: "did.field-type", Severity: diag.Error, Spec: specDID,
		Summary: "A member has the wrong JSON type (for example `verificationMethod` that is not an array, or a method that is not an object)."}
	codeMethodMissingID = diag.Code{ID: "did.method-missing-id", Severity: diag.Error, Spec: "agent-feed v0 §3.3, §6.4",
		Summary: "A verification method has no string `id`, so no feed entry can name it as its signer."}
	codeDuplicateMethodID = diag.Code{ID: "did.duplicate-method-id", Severity: diag.Error, Spec: "W3C DID v1.0 §5.2",
		Summary: "Two verification methods share an `id`; a signer reference to it is ambiguous (the first one is used)."}
	codeOtherMethodType = diag.Code{ID: "did.other-method-type", Severity: diag.Info, Spec: specDID,
		Summary: "A verification method has a type other than Ed25519VerificationKey2020; v0 readers ignore it."}
	codeNoEd25519 = diag.Code{ID: "did.no-ed25519-method", Severity: diag.Error, Spec: specResolve,
		Summary: "No verification method has type Ed25519VerificationKey2020, so a feed without af:signer has no key."}
	codeControllerMismatch = diag.Code{ID: "did.controller-mismatch", Severity: diag.Error, Spec: specDID,
		Summary: "An Ed25519VerificationKey2020 method's `controller` is not the DID itself; the method is not used."}
	codeMissingKey = diag.Code{ID: "did.missing-public-key", Severity: diag.Error, Spec: specDID,
		Summary: "An Ed25519VerificationKey2020 method has no string `publicKeyMultibase`."}
	codeKeyPrefix = diag.Code{ID: "did.key-multibase-prefix", Severity: diag.Error, Spec: specKeys,
		Summary: "`publicKeyMultibase` does not start with `z` (base58btc) or `u` (base64url without padding), the two encodings accepted."}
	codeKeyEncoding = diag.Code{ID: "did.key-encoding", Severity: diag.Error, Spec: "agent-feed v0 §3.4 step 4",
		Summary: "`publicKeyMultibase` does not decode in the encoding its prefix names."}
	codeKeyLength = diag.Code{ID: "did.key-length", Severity: diag.Error, Spec: "agent-feed v0 §3.4 step 5",
		Summary: "The decoded key is neither 32 bytes (a raw Ed25519 key) nor 34 bytes starting 0xed 0x01 (a multicodec Ed25519 key)."}
	codeMediaType = diag.Code{ID: "did.media-type", Severity: diag.Warning, Spec: "agent-feed v0 §8.2",
		Summary: "The response's Content-Type is not application/json, which publishers should serve did.json as (DID Core's application/did+json and application/did+ld+json are accepted too)."}
	codeKeyMulticodec = diag.Code{ID: "did.key-multicodec", Severity: diag.Warning, Spec: specKeys,
		Summary: "The key is 34 bytes with the multicodec Ed25519 prefix 0xed 0x01 (common Ed25519VerificationKey2020 practice); §3.3 asks for the raw 32 bytes. Accepted."}
)

// Codes returns every diagnostic code of did.json documents.
func Codes() []diag.Code {
	return []diag.Code{
		codeNotJSON, codeInvalidUTF8, codeNUL, codeTooLarge, codeTooDeep, codeBOM, codeNotObject,
		codeDuplicateKey, codeMissingID, codeBadID, codeIDMismatch, codeHostUnchecked, codeMissingMethods,
		codeFieldType, codeMethodMissingID, codeDuplicateMethodID, codeOtherMethodType, codeNoEd25519,
		codeControllerMismatch, codeMissingKey, codeKeyPrefix, codeKeyEncoding, codeKeyLength, codeKeyMulticodec,
		codeMediaType, codeOtherUse,
	}
}

// documentCodes are the codes of the faults of a document as a whole.
var documentCodes = jsondoc.Codes{
	NotJSON: codeNotJSON, InvalidUTF8: codeInvalidUTF8, NUL: codeNUL, TooLarge: codeTooLarge,
	TooDeep: codeTooDeep, BOM: codeBOM, NotObject: codeNotObject, DuplicateKey: codeDuplicateKey,
}
