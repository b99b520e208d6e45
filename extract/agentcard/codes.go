package agentcard

import (
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/jsondoc"
)

const (
	specSnapshot = "agent-feed v0 §4.3"
	specA2A      = "A2A specification, AgentCard"
)

var (
	codeNotJSON = diag.Code{ID: "agent-card.not-json", Severity: diag.Error, Spec: "RFC 8259; " + specSnapshot,
		Summary: "The card is not JSON (a syntax error, or a NaN/Infinity number)."}
	codeInvalidUTF8 = diag.Code{ID: "agent-card.invalid-utf8", Severity: diag.Error, Spec: "RFC 8259 §8.1",
		Summary: "The card holds bytes that are not UTF-8, or a string escape that denotes a lone surrogate."}
	codeNUL = diag.Code{ID: "agent-card.nul-byte", Severity: diag.Error, Spec: "RFC 8259 §7",
		Summary: "The card holds a NUL byte, which JSON allows neither outside nor (unescaped) inside strings."}
	codeTooLarge = diag.Code{ID: "agent-card.too-large", Severity: diag.Error, Spec: "survey (input limits)",
		Summary: "The card is larger than the parser accepts (4 MiB); it was not parsed."}
	codeTooDeep = diag.Code{ID: "agent-card.too-deep", Severity: diag.Error, Spec: "survey (input limits)",
		Summary: "Arrays and objects nest deeper than the parser accepts (64 levels); the card was not parsed."}
	codeBOM = diag.Code{ID: "agent-card.bom", Severity: diag.Warning, Spec: "RFC 8259 §8.1",
		Summary: "The card starts with a byte order mark, which JSON senders must not add; it was ignored."}
	codeNotObject = diag.Code{ID: "agent-card.not-object", Severity: diag.Error, Spec: specSnapshot,
		Summary: "The top-level JSON value is not an object, so it describes no surface."}
	codeDuplicateKey = diag.Code{ID: "agent-card.duplicate-key", Severity: diag.Warning, Spec: "RFC 8259 §4",
		Summary: "An object has two members of the same name; the first one is used."}
	codeUnrecognised = diag.Code{ID: "agent-card.unrecognised-shape", Severity: diag.Info, Spec: specSnapshot,
		Summary: "The card is a JSON object of no recognised shape (A2A agent card, endpoint snapshot, MCP server card); v0 does not specify the snapshot's schema, so it is recorded as is."}
	codeA2AMissing = diag.Code{ID: "agent-card.a2a-missing-field", Severity: diag.Warning, Spec: specA2A,
		Summary: "An A2A agent card lacks a field the A2A specification requires (name, description, version, capabilities, defaultInputModes, defaultOutputModes, skills, and url or supportedInterfaces, url when it gives protocolVersion 0.x and supportedInterfaces when 1.x), or an interface entry or skill lacks one (transport in A2A 0.3's additionalInterfaces; protocolBinding and protocolVersion in A2A 1.0's supportedInterfaces; id, name, description and tags in every skill)."}
	codeA2AType = diag.Code{ID: "agent-card.a2a-field-type", Severity: diag.Warning, Spec: specA2A,
		Summary: "A field of an A2A agent card has the wrong JSON type (for example `skills` that is not an array)."}
	codeEndpointURL = diag.Code{ID: "agent-card.endpoint-url", Severity: diag.Warning, Spec: specSnapshot,
		Summary: "An endpoint URL the card names is neither an absolute http(s) URL nor a path starting with /."}
	codeFeedMismatch = diag.Code{ID: "agent-card.feed-mismatch", Severity: diag.Error, Spec: specSnapshot + "; agent-feed v0 §8.2",
		Summary: "The card names an endpoint differently (URL or version) from the latest verified announcement of the origin's agent feed; the snapshot must be consistent with the feed."}
	codeFeedUntrusted = diag.Code{ID: "agent-card.feed-untrusted", Severity: diag.Info, Spec: specSnapshot + "; agent-feed v0 §2.2",
		Summary: "The origin has an agent feed, but its key did not resolve (no usable did.json), so nothing of it applies and the card was not compared with it."}
	codeMediaType = diag.Code{ID: "agent-card.media-type", Severity: diag.Warning, Spec: "agent-feed v0 §8.2",
		Summary: "The response's Content-Type is not application/json, which publishers should serve agent-card.json as (A2A cards are served so too)."}
	codeEndpointNoURL = diag.Code{ID: "agent-card.endpoint-missing-url", Severity: diag.Warning, Spec: specSnapshot,
		Summary: "An endpoint or interface entry of the card has no URL."}
)

// Codes returns every diagnostic code of agent-card.json documents.
func Codes() []diag.Code {
	return []diag.Code{
		codeNotJSON, codeInvalidUTF8, codeNUL, codeTooLarge, codeTooDeep, codeBOM, codeNotObject, codeDuplicateKey,
		codeUnrecognised, codeA2AMissing, codeA2AType, codeEndpointURL, codeEndpointNoURL, codeFeedMismatch, codeFeedUntrusted,
		codeMediaType,
	}
}

// documentCodes are the codes of the faults of a document as a whole.
var documentCodes = jsondoc.Codes{
	NotJSON: codeNotJSON, InvalidUTF8: codeInvalidUTF8, NUL: codeNUL, TooLarge: codeTooLarge,
	TooDeep: codeTooDeep, BOM: codeBOM, NotObject: codeNotObject, DuplicateKey: codeDuplicateKey,
}
