package tdmrep

import "github.com/agentpolicy/survey/diag"

// Specification sections the diagnostics rest on. They are cited by title:
// the W3C TDMRep Community Group Final Report (10 May 2024) is the
// specification.
const (
	specFile        = "TDMRep §TDM File on the Origin Server"
	specPatterns    = "TDMRep §TDM File on the Origin Server, Use of regular expressions"
	specReservation = "TDMRep §Declaring the reservation of TDM Rights, tdm-reservation"
	specPolicy      = "TDMRep §Declaring the reservation of TDM Rights, tdm-policy"
	specJSON        = "TDMRep §TDM File on the Origin Server; RFC 8259"
	specJSONText    = "RFC 8259 §8.1"
	specLimits      = "survey (bounded JSON decoding)"
)

var (
	codeNotJSON = diag.Code{ID: "tdmrep.not-json", Severity: diag.Error, Spec: specJSON,
		Summary: "The file is not JSON (empty, a syntax error, or data after the top-level value)."}
	codeNotArray = diag.Code{ID: "tdmrep.not-array", Severity: diag.Error, Spec: specFile,
		Summary: "The top-level value is not an array of rules; a single object is still read as one rule, and an object whose only array member holds the rules (such as {\"policies\": [...]}) has those rules read."}
	codeRuleNotObject = diag.Code{ID: "tdmrep.rule-not-object", Severity: diag.Error, Spec: specFile,
		Summary: "An element of the array is not an object; each rule is an object."}
	codeMissingLocation = diag.Code{ID: "tdmrep.missing-location", Severity: diag.Error, Spec: specFile,
		Summary: "A rule has no location; location is mandatory. The rule never matches."}
	codeMissingReservation = diag.Code{ID: "tdmrep.missing-reservation", Severity: diag.Error, Spec: specFile,
		Summary: "A rule has no tdm-reservation; it is mandatory. A matching rule leaves the reservation unset."}
	codeLocationType = diag.Code{ID: "tdmrep.location-type", Severity: diag.Error, Spec: specFile,
		Summary: "A rule's location is not a string. The rule never matches."}
	codeReservationType = diag.Code{ID: "tdmrep.reservation-type", Severity: diag.Error, Spec: specReservation,
		Summary: "A rule's tdm-reservation is not a number (for example the string \"1\"); it is an integer, so the value is a protocol error and the reservation is unset."}
	codeReservationValue = diag.Code{ID: "tdmrep.reservation-value", Severity: diag.Error, Spec: specReservation,
		Summary: "A rule's tdm-reservation is a number other than 0 or 1; other values are protocol errors and the reservation is unset."}
	codePolicyType = diag.Code{ID: "tdmrep.policy-type", Severity: diag.Warning, Spec: specPolicy,
		Summary: "A rule's tdm-policy is not a string; it is ignored."}
	codePolicyNotAbsolute = diag.Code{ID: "tdmrep.policy-not-absolute-url", Severity: diag.Warning, Spec: specPolicy,
		Summary: "A tdm-policy is not an absolute http or https URL pointing to a TDM Policy."}
	codePolicyIgnored = diag.Code{ID: "tdmrep.policy-ignored", Severity: diag.Info, Spec: specPolicy,
		Summary: "A tdm-policy with tdm-reservation 0; not a protocol error, but agents should not process it."}
	codeLocationEmpty = diag.Code{ID: "tdmrep.location-empty", Severity: diag.Warning, Spec: specPatterns,
		Summary: "A rule's location is the empty string; it matches no path."}
	codeLocationNotPath = diag.Code{ID: "tdmrep.location-not-path", Severity: diag.Warning, Spec: specPatterns,
		Summary: "A location pattern starts with neither \"/\" nor \"*\" (for example a full URL); it matches paths, so it cannot match."}
	codeDotSegmentLocation = diag.Code{ID: "tdmrep.dot-segment-location", Severity: diag.Warning, Spec: specPatterns + "; RFC 3986 §5.2.4",
		Summary: "A location pattern holds a \".\" or \"..\" segment (\"%2E\" counting as a dot) before any \"*\" or \"?\" (\"/docs/../images/*\"); an agent's HTTP client removes such segments from every URL it requests, so the rule matches no path and is never used."}
	codeDuplicateLocation = diag.Code{ID: "tdmrep.duplicate-location", Severity: diag.Warning, Spec: specFile,
		Summary: "Two rules have the same location; the first match is used, so the later rule is never used."}
	codeUnreachableRule = diag.Code{ID: "tdmrep.unreachable-rule", Severity: diag.Warning, Spec: specFile,
		Summary: "An earlier prefix rule matches every path this rule matches; the first match is used, so this rule is never used."}
	codeDuplicateField = diag.Code{ID: "tdmrep.duplicate-field", Severity: diag.Warning, Spec: specJSON,
		Summary: "A rule has the same field twice; the last value is used."}
	codeFieldNameCase = diag.Code{ID: "tdmrep.field-name-case", Severity: diag.Warning, Spec: specFile,
		Summary: "A field is named like location, tdm-reservation or tdm-policy in another case; JSON names are case-sensitive, so it is not that field."}
	codeUnknownField = diag.Code{ID: "tdmrep.unknown-field", Severity: diag.Info, Spec: specFile,
		Summary: "A rule has a field the report does not define; it is ignored."}
	codeNoRules = diag.Code{ID: "tdmrep.no-rules", Severity: diag.Info, Spec: specFile,
		Summary: "The array is empty: no rule, so tdm-reservation is unset for every path."}
	codeTooLarge = diag.Code{ID: "tdmrep.too-large", Severity: diag.Error, Spec: specLimits,
		Summary: "The file is larger than the parser's size limit and is not parsed."}
	codeTooDeep = diag.Code{ID: "tdmrep.too-deep", Severity: diag.Error, Spec: specLimits,
		Summary: "Values are nested deeper than the parser's limit; parsing stops there."}
	codeTooManyRules = diag.Code{ID: "tdmrep.too-many-rules", Severity: diag.Warning, Spec: specLimits,
		Summary: "The file has more rules than the parser keeps; the rest are checked for syntax only, and since one of them may decide a path, the effective label is unset."}
	codeInvalidUTF8 = diag.Code{ID: "tdmrep.invalid-utf8", Severity: diag.Warning, Spec: specJSONText,
		Summary: "The file is not valid UTF-8; JSON exchanged between systems is UTF-8."}
	codeBOM = diag.Code{ID: "tdmrep.bom", Severity: diag.Warning, Spec: specJSONText,
		Summary: "The file starts with a byte order mark, which JSON text must not have; it is skipped."}
)

// Codes returns every diagnostic code the tdmrep.json parser emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeNotJSON, codeNotArray, codeRuleNotObject, codeMissingLocation, codeMissingReservation,
		codeLocationType, codeReservationType, codeReservationValue, codePolicyType, codePolicyNotAbsolute,
		codePolicyIgnored, codeLocationEmpty, codeLocationNotPath, codeDotSegmentLocation, codeDuplicateLocation, codeUnreachableRule,
		codeDuplicateField, codeFieldNameCase, codeUnknownField, codeNoRules, codeTooLarge, codeTooDeep,
		codeTooManyRules, codeInvalidUTF8, codeBOM,
	}
}
