package homepage

import "github.com/agentpolicy/survey/diag"

// Specification sections the diagnostics rest on.
const (
	specHTML        = "survey (home page signals); WHATWG HTML"
	specRobots      = "Google Search Central, robots meta tag and X-Robots-Tag specification"
	specRobotsAI    = "Google Search Central, robots meta tag and X-Robots-Tag specification; noai/noimageai (DeviantArt, Spawning)"
	specRobotsMerge = "Google Search Central, robots meta tag and X-Robots-Tag specification (conflicting rules)"
	specCUField     = "draft-ietf-aipref-attach-05 §2; draft-ietf-aipref-vocab-08 §6.5.1; RFC 9651 §4.2"
	specCUKey       = "draft-ietf-aipref-vocab-08 §6.4, §6.1; specs README"
	specCUValue     = "draft-ietf-aipref-vocab-08 §6.5, §6.5.1"
	specTDMRes      = "TDMRep §Declaring the reservation of TDM Rights, tdm-reservation"
	specTDMPolicy   = "TDMRep §Declaring the reservation of TDM Rights, tdm-policy"
	specTDMPriority = "TDMRep §Processing priority"
	specHTTPEquiv   = "WHATWG HTML §4.2.5.3 (pragma directives); Google Search Central, robots meta tag and X-Robots-Tag specification"
)

var (
	codeNotHTML = diag.Code{ID: "homepage.not-html", Severity: diag.Error, Spec: specHTML,
		Summary: "The home page body is not HTML at all; its meta tags cannot be read (the policy headers still are)."}
	codeEmptyBody = diag.Code{ID: "homepage.empty-body", Severity: diag.Info, Spec: specHTML,
		Summary: "The home page body is empty; only the policy headers are read."}
	codeUnknownDirective = diag.Code{ID: "homepage.unknown-directive", Severity: diag.Info, Spec: specRobotsAI,
		Summary: "An X-Robots-Tag or robots meta directive that is not a known one; it is kept in the directive list."}
	codeBadDirectiveValue = diag.Code{ID: "homepage.bad-directive-value", Severity: diag.Warning, Spec: specRobots,
		Summary: "A robots directive with a malformed value (max-snippet and max-video-preview take an integer of -1 or more, max-image-preview none, standard or large)."}
	codeRobotsConflict = diag.Code{ID: "homepage.robots-conflict", Severity: diag.Warning, Spec: specRobotsMerge,
		Summary: "Robots directives for the same agents contradict each other (for example index and noindex, from the header and a meta tag); the more restrictive applies."}
	codeContentUsageUnparsable = diag.Code{ID: "homepage.content-usage-unparsable", Severity: diag.Warning, Spec: specCUField,
		Summary: "The Content-Usage header, its field lines combined, is not an RFC 9651 Dictionary (for example an upper-case key, or an empty field line beside another); it expresses no preference."}
	codeContentUsageUnknownKey = diag.Code{ID: "homepage.content-usage-unknown-key", Severity: diag.Warning, Spec: specCUKey,
		Summary: "A Content-Usage key that is not a category of the vocabulary (train-ai, search, and ai-use, which survey does not record), such as a label of an earlier revision (all, bots, train-genai, ...); recipients ignore it, as in robots.txt."}
	codeContentUsageUnrecorded = diag.Code{ID: "homepage.content-usage-unrecorded-category", Severity: diag.Info, Spec: "draft-ietf-aipref-vocab-08 §4.2; specs README",
		Summary: "A Content-Usage preference for ai-use (AI Use, a category of draft-ietf-aipref-vocab-08 §4.2) with the Token y or n: valid, but not a category survey records (train-ai, search), as in robots.txt."}
	codeContentUsageBadValue = diag.Code{ID: "homepage.content-usage-bad-value", Severity: diag.Warning, Spec: specCUValue,
		Summary: "A Content-Usage category (train-ai, search) whose value is not the Token y or n (the key alone, a String, a number, an Inner List, Y or N); no preference is expressed for it."}
	codeContentUsageParameter = diag.Code{ID: "homepage.content-usage-parameter", Severity: diag.Warning, Spec: specCUValue + "; RFC 9651 §3.1.2",
		Summary: "A Content-Usage member has a parameter named after a category, as in \"train-ai=n;search=y\": a \";\" was written where \",\" separates preferences, and the parameter's preference is disregarded."}
	codeTDMReservationInvalid = diag.Code{ID: "homepage.tdm-reservation-invalid", Severity: diag.Warning, Spec: specTDMRes,
		Summary: "A tdm-reservation header or meta value other than 0 or 1; it is a protocol error and the reservation is unset."}
	codeTDMPolicyNotAbsolute = diag.Code{ID: "homepage.tdm-policy-not-absolute-url", Severity: diag.Warning, Spec: specTDMPolicy,
		Summary: "A tdm-policy header or meta value that is not an absolute http or https URL."}
	codeTDMPolicyIgnored = diag.Code{ID: "homepage.tdm-policy-ignored", Severity: diag.Info, Spec: specTDMPolicy,
		Summary: "The effective tdm-reservation is 0 and a tdm-policy is declared; agents should not process it, so no policy is effective."}
	codeTDMPolicyAlone = diag.Code{ID: "homepage.tdm-policy-without-reservation", Severity: diag.Info, Spec: specTDMPolicy,
		Summary: "A tdm-policy without a tdm-reservation from the same source."}
	codeHTTPEquivPolicy = diag.Code{ID: "homepage.http-equiv-policy-header", Severity: diag.Warning, Spec: specHTTPEquiv,
		Summary: "A meta http-equiv names a policy header (X-Robots-Tag, Content-Usage, tdm-reservation, tdm-policy): HTML defines no such pragma and crawlers read these headers from the HTTP response, so the attribute expresses nothing (the robots and TDMRep meta tags use name=, and a tag that also has such a name is read by it)."}
	codeMisnamedMeta = diag.Code{ID: "homepage.misnamed-robots-meta", Severity: diag.Warning, Spec: specRobotsAI,
		Summary: "A meta tag named after a robots directive (name=\"noai\") or a policy response header (name=\"X-Robots-Tag\", name=\"Content-Usage\"), or a robots meta tag written with http-equiv (http-equiv=\"robots\", http-equiv=\"googlebot\"): a robots meta tag is named robots or after a crawler in its name attribute and carries the directives in its content (name=\"robots\" content=\"noai\"), and the headers are read from the HTTP response, so the tag expresses nothing."}
	codeMetaInBody = diag.Code{ID: "homepage.meta-in-body", Severity: diag.Info, Spec: specHTML,
		Summary: "A robots, per-crawler or TDMRep meta tag in the body of the page, as a Next.js app streams a dynamic page's metadata to most clients: only the meta tags of the head are read, so it is no signal; it is reported so that such pages can be counted."}
	codeTDMConflict = diag.Code{ID: "homepage.tdm-conflict", Severity: diag.Warning, Spec: specTDMPriority,
		Summary: "TDMRep declarations disagree (header against meta tag, or repeated declarations); the meta tag supersedes the header, and the first of repeated ones is used."}
)

// Codes returns every diagnostic code the home page extractor emits.
func Codes() []diag.Code {
	return []diag.Code{
		codeNotHTML, codeEmptyBody, codeUnknownDirective, codeBadDirectiveValue, codeRobotsConflict,
		codeContentUsageUnparsable, codeContentUsageUnknownKey, codeContentUsageUnrecorded, codeContentUsageBadValue, codeContentUsageParameter,
		codeTDMReservationInvalid, codeTDMPolicyNotAbsolute, codeTDMPolicyIgnored, codeTDMPolicyAlone,
		codeTDMConflict, codeHTTPEquivPolicy, codeMisnamedMeta, codeMetaInBody,
	}
}
