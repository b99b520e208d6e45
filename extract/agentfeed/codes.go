package agentfeed

import "github.com/agentpolicy/survey/diag"

const (
	specReader    = "agent-feed v0 §2.2"
	specVerify    = "agent-feed v0 §2.3"
	specApply     = "agent-feed v0 §2.4"
	specUnknown   = "agent-feed v0 §2.6"
	specIdem      = "agent-feed v0 §2.9"
	specIdentity  = "agent-feed v0 §3.4"
	specSnapshot  = "agent-feed v0 §4.3"
	specStream    = "agent-feed v0 §4.4"
	specEnvelope  = "agent-feed v0 §5.1"
	specAnnounce  = "agent-feed v0 §5.2"
	specSchema    = "agent-feed v0 §5.3"
	specDeprecate = "agent-feed v0 §5.4"
	specCanonical = "agent-feed v0 §6.2; specs README: agent-feed"
	specSig       = "agent-feed v0 §6.3"
	specNS        = "agent-feed v0 §6.6"
	specVersion   = "agent-feed v0 §7.1"
	specStatus    = "agent-feed v0 §7.2"
	specMigrated  = "agent-feed v0 §7.3"
	specAtom      = "RFC 4287 §4.1.1"
	specXML       = "XML 1.0; agent-feed v0 §4.4"
	specLimits    = "survey (input limits)"
)

// Document and XML structure.
var (
	codeTooLarge = diag.Code{ID: "agent-feed.too-large", Severity: diag.Error, Spec: specLimits,
		Summary: "The feed is larger than the parser accepts (16 MiB); it was not parsed."}
	codeInvalidUTF8 = diag.Code{ID: "agent-feed.invalid-utf8", Severity: diag.Error, Spec: "XML 1.0 §2.2",
		Summary: "The feed holds bytes that are not UTF-8 (the only encoding accepted); it was not parsed."}
	codeNUL = diag.Code{ID: "agent-feed.nul-byte", Severity: diag.Error, Spec: "XML 1.0 §2.2",
		Summary: "The feed holds a NUL byte, which XML forbids; it was not parsed."}
	codeBOM = diag.Code{ID: "agent-feed.bom", Severity: diag.Info, Spec: "XML 1.0 §4.3.3",
		Summary: "The feed starts with a UTF-8 byte order mark (allowed by XML)."}
	codeXMLSyntax = diag.Code{ID: "agent-feed.xml-syntax", Severity: diag.Error, Spec: specXML,
		Summary: "The feed is not well-formed XML (or declares an encoding other than UTF-8, or uses an undefined entity); it was parsed no further."}
	codeDoctype = diag.Code{ID: "agent-feed.doctype", Severity: diag.Error, Spec: specXML,
		Summary: "The feed has a DOCTYPE or ENTITY declaration; such declarations are refused (no entity expansion) and the feed was parsed no further."}
	codeTooDeep = diag.Code{ID: "agent-feed.too-deep", Severity: diag.Error, Spec: specLimits,
		Summary: "Elements nest deeper than the parser accepts (32 levels); the feed was parsed no further."}
	codeNotAtom = diag.Code{ID: "agent-feed.not-atom", Severity: diag.Error, Spec: "agent-feed v0 §4.4, §8.2; RFC 4287 §4.1.1",
		Summary: "The root element is not an Atom <feed> (namespace http://www.w3.org/2005/Atom)."}
	codeMediaType = diag.Code{ID: "agent-feed.media-type", Severity: diag.Warning, Spec: "agent-feed v0 §8.2",
		Summary: "The response's Content-Type is not application/atom+xml, which publishers should serve the feed as (agent-feed.content-type is about an entry's <content type>)."}
	codeNSNotDeclared = diag.Code{ID: "agent-feed.namespace-not-declared", Severity: diag.Error, Spec: "agent-feed v0 §8.2",
		Summary: "The <feed> element does not declare the namespace https://agent-feed.dev/ns/v0, which §8.2 requires of a publisher (it may be declared deeper, where its elements are still read, or not at all)."}
	codeForeignNS = diag.Code{ID: "agent-feed.foreign-namespace", Severity: diag.Warning, Spec: specNS,
		Summary: "An element has the local name of an agent-feed element (type, sig, signer, spec-version, feed-status, migrated-to) in another namespace; it is not recognised, since the namespace is recognised by URI, not by prefix."}
	codeUnknownElement = diag.Code{ID: "agent-feed.unknown-element", Severity: diag.Info, Spec: specNS,
		Summary: "An element of the agent-feed namespace that v0 does not define here; it is ignored (§2.6 conservatism)."}
	codeDuplicateElement = diag.Code{ID: "agent-feed.duplicate-element", Severity: diag.Error, Spec: specEnvelope + "; " + specVersion + "; " + specStatus,
		Summary: "An element that appears once per feed or per entry appears again; the first one is used, except that disagreeing af:spec-version or af:feed-status values make the feed be treated as terminated."}
	codeAtomMetadata = diag.Code{ID: "agent-feed.atom-metadata", Severity: diag.Warning, Spec: specAtom,
		Summary: "The feed lacks an Atom <id>, <title> or <updated>, which RFC 4287 requires of every feed."}
)

// Feed-level elements (§7).
var (
	codeMissingSpecVersion = diag.Code{ID: "agent-feed.missing-spec-version", Severity: diag.Error, Spec: specVersion,
		Summary: "The feed has no af:spec-version; v0 feeds must carry the value 0. The feed is read as v0."}
	codeBadSpecVersion = diag.Code{ID: "agent-feed.bad-spec-version", Severity: diag.Error, Spec: specVersion,
		Summary: "af:spec-version is not a version number (digits only: no sign, fraction or word), or several af:spec-version elements disagree; the reader cannot vouch for the feed, which is treated as terminated."}
	codeUnsupportedSpecVersion = diag.Code{ID: "agent-feed.unsupported-spec-version", Severity: diag.Error, Spec: specVersion + "; specs README: agent-feed",
		Summary: "af:spec-version is an integer other than 0; a v0 reader treats the feed as terminated (forward pessimism), and it is not a v0 feed."}
	codeMissingStatus = diag.Code{ID: "agent-feed.missing-feed-status", Severity: diag.Error, Spec: specStatus,
		Summary: "The feed has no af:feed-status; like an unknown value it is treated as terminated."}
	codeUnknownStatus = diag.Code{ID: "agent-feed.unknown-feed-status", Severity: diag.Error, Spec: specStatus + "; specs README: agent-feed",
		Summary: "af:feed-status is not exactly active, terminated or migrated; the feed is treated as terminated."}
	codeMissingMigratedTo = diag.Code{ID: "agent-feed.missing-migrated-to", Severity: diag.Error, Spec: specMigrated,
		Summary: "af:feed-status is migrated but there is no af:migrated-to naming the new feed URL."}
	codeMigratedToUnexpected = diag.Code{ID: "agent-feed.migrated-to-unexpected", Severity: diag.Warning, Spec: specMigrated,
		Summary: "af:migrated-to is present although af:feed-status is not migrated; it is recorded and not followed."}
	codeBadMigratedTo = diag.Code{ID: "agent-feed.bad-migrated-to", Severity: diag.Warning, Spec: specMigrated,
		Summary: "af:migrated-to is not an absolute https URL."}
)

// Entry envelope (§5.1) and signature (§6.3).
var (
	codeEntryMissingID = diag.Code{ID: "agent-feed.entry-missing-id", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no (or an empty) Atom <id>; it cannot take part in idempotency and is not applied."}
	codeDuplicateEntryID = diag.Code{ID: "agent-feed.duplicate-entry-id", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry repeats an earlier entry's id with the same payload, or the id of an earlier entry that did not verify; ids must be unique within the feed. A repeat of a verified (or unchecked) entry is skipped; the repeat of an unverified one is read in its place, since an unverified entry is not an entry (§2.5)."}
	codeMissingUpdated = diag.Code{ID: "agent-feed.entry-missing-updated", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no Atom <updated>."}
	codeBadUpdated = diag.Code{ID: "agent-feed.bad-updated", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry's <updated> is not an RFC 3339 timestamp with the Z time zone."}
	codeMissingTitle = diag.Code{ID: "agent-feed.entry-missing-title", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no Atom <title>."}
	codeTitleDiffers = diag.Code{ID: "agent-feed.title-differs", Severity: diag.Warning, Spec: specEnvelope,
		Summary: "An entry's <title> is not its af:type, which it should equal (readers never depend on it)."}
	codeMissingType = diag.Code{ID: "agent-feed.entry-missing-type", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no af:type; it is not applied."}
	codeMissingContent = diag.Code{ID: "agent-feed.missing-content", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no <content> (or an out-of-line one with src); it carries no payload."}
	codeContentType = diag.Code{ID: "agent-feed.content-type", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry's <content> does not have type=\"application/json\"."}
	codeContentMarkup = diag.Code{ID: "agent-feed.content-markup", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry's <content> holds child elements, so it is not a JSON text; the entry cannot be verified."}
	codeMissingSig = diag.Code{ID: "agent-feed.missing-signature", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry has no af:sig; it cannot be verified."}
	codeSigType = diag.Code{ID: "agent-feed.signature-type", Severity: diag.Error, Spec: specSig,
		Summary: "af:sig does not have type=\"ed25519\"; a missing type is still verified as Ed25519, another type is not verified."}
	codeSigEncoding = diag.Code{ID: "agent-feed.signature-encoding", Severity: diag.Error, Spec: specSig,
		Summary: "af:sig is not 64 bytes in base64url without padding (RFC 4648 §5)."}
	codeNearMissSig = diag.Code{ID: "agent-feed.signature-over-other-bytes", Severity: diag.Info, Spec: specVerify + "; specs README: agent-feed",
		Summary: "An unverified entry's signature does verify over other bytes: the content with surrounding whitespace trimmed, or its canonical re-encoding. The entry stays unverified; this records how publishers get it wrong."}
)

// Payloads (§5.2–§5.4) and canonical JSON (§6.2).
var (
	codePayloadNotJSON = diag.Code{ID: "agent-feed.payload-not-json", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry's content text is not JSON."}
	codePayloadTooDeep = diag.Code{ID: "agent-feed.payload-too-deep", Severity: diag.Error, Spec: specLimits,
		Summary: "An entry's payload nests JSON deeper than the 32 levels survey reads; v0 sets no limit, but survey does not read the entry further, so it is not applied."}
	codePayloadNonFinite = diag.Code{ID: "agent-feed.payload-non-finite", Severity: diag.Error, Spec: "agent-feed v0 §6.2",
		Summary: "An entry's payload has a non-finite number (NaN, Infinity, or a literal that overflows a double); a publisher emitting one publishes an invalid feed."}
	codePayloadNotObject = diag.Code{ID: "agent-feed.payload-not-object", Severity: diag.Error, Spec: specEnvelope,
		Summary: "An entry's payload is JSON but not an object."}
	codePayloadDuplicateKey = diag.Code{ID: "agent-feed.payload-duplicate-key", Severity: diag.Error, Spec: "agent-feed v0 §6.2; RFC 8259 §4",
		Summary: "An entry's payload has two members of the same name; it has no canonical form and its meaning is ambiguous. It is not applied."}
	codeNonCanonical = diag.Code{ID: "agent-feed.non-canonical-payload", Severity: diag.Warning, Spec: specCanonical,
		Summary: "An entry's content text differs from the canonical JSON re-encoding of its payload (§6.2). The signature is checked over the bytes as served, so the entry can still verify."}
	codePayloadMissingField = diag.Code{ID: "agent-feed.payload-missing-field", Severity: diag.Error, Spec: "agent-feed v0 §5.2–§5.4",
		Summary: "A payload lacks a field its entry type requires (or has it empty); the entry is not applied."}
	codePayloadFieldType = diag.Code{ID: "agent-feed.payload-field-type", Severity: diag.Error, Spec: "agent-feed v0 §5.2–§5.4",
		Summary: "A payload field has the wrong JSON type; the entry is not applied."}
	codePayloadTimestamp = diag.Code{ID: "agent-feed.payload-bad-timestamp", Severity: diag.Error, Spec: "agent-feed v0 §5.2–§5.4; RFC 3339 §5.6",
		Summary: "A payload timestamp (asserted-at, effective-at, announced-at, sunset) is not an RFC 3339 date-time; the entry is not applied."}
	codePayloadEndpoint = diag.Code{ID: "agent-feed.payload-bad-endpoint", Severity: diag.Error, Spec: specAnnounce,
		Summary: "An endpoint-announcement's endpoint is neither an absolute URL nor a path starting with /; the entry is not applied."}
	codePayloadUnknownField = diag.Code{ID: "agent-feed.payload-unknown-field", Severity: diag.Info, Spec: "agent-feed v0 §5.2–§5.4",
		Summary: "A payload has a field its entry type does not define; it is kept and ignored."}
	codeMigrationBarePath = diag.Code{ID: "agent-feed.migration-bare-path", Severity: diag.Info, Spec: specSchema,
		Summary: "A migration path is a bare member name (\"currency\", as §5.3's own example writes) rather than a JSON Pointer (\"/currency\"); it is read as the pointer to that top-level member."}
	codeMigrationBadPath = diag.Code{ID: "agent-feed.migration-bad-path", Severity: diag.Warning, Spec: specSchema + "; RFC 6901 §3",
		Summary: "A migration path is not a valid JSON Pointer: it starts with / but has a ~ not followed by 0 or 1, or it is written as a URI fragment (\"#/currency\"), with the # that §5.3 says pointers are written without."}
	codeMigrationTypeToken = diag.Code{ID: "agent-feed.migration-bad-type-token", Severity: diag.Warning, Spec: specSchema,
		Summary: "A retype operation names a type other than string, number, boolean, null, object, array or nullable<T>."}
	codeMigrationUnknownOp = diag.Code{ID: "agent-feed.migration-unknown-op", Severity: diag.Info, Spec: specSchema,
		Summary: "A migration delta has an operation v0 does not define; it is preserved in the recorded migration but not used for mismatch detection."}
)

// Reader events (§2) and application.
var (
	codeDIDUnreachable = diag.Code{ID: "agent-feed.did-unreachable", Severity: diag.Warning, Spec: specReader + "; " + specIdentity,
		Summary: "The origin's /.well-known/did.json was not found or not fetched over HTTPS: no key, so no entry is verified or applied (the feed is untrusted). A warning: the feed document itself may be fine; did.json's own row records its problem."}
	codeDIDMalformed = diag.Code{ID: "agent-feed.did-malformed", Severity: diag.Warning, Spec: specIdentity,
		Summary: "did.json yields no usable key for the feed (not a DID document, wrong id, no usable Ed25519VerificationKey2020 method): entries that need the key are neither verified nor applied. A warning: did.json's own row records the problem."}
	codeDIDUnchecked = diag.Code{ID: "agent-feed.did-unchecked", Severity: diag.Info, Spec: specIdentity,
		Summary: "did.json was not looked for (for example a crawl whose --locations leave it out), so no signature was checked and no entry applied; a did.json that was looked for and not found is did-unreachable."}
	codeUnverified = diag.Code{ID: "agent-feed.unverified-entry", Severity: diag.Error, Spec: "agent-feed v0 §2.5",
		Summary: "An entry's signature does not verify under the key it claims (or names a key did.json does not have): the entry is not applied. Publishers must sign every entry."}
	codeUnknownType = diag.Code{ID: "agent-feed.unknown-entry-type", Severity: diag.Error, Spec: specUnknown + "; agent-feed v0 §8.2",
		Summary: "An entry's af:type is not endpoint-announcement, schema-change or deprecation: publishers must keep af:type in the v0 vocabulary, and readers skip such an entry when it verifies. Reported whether or not the entry verifies or a key resolved."}
	codeDeprecationOfUnknown = diag.Code{ID: "agent-feed.deprecation-of-unknown", Severity: diag.Warning, Spec: specApply,
		Summary: "A verified deprecation names an endpoint-id the endpoint table does not hold (no earlier applied entry announced it or changed its schema); it is ignored (compaction may explain it)."}
	codeReplayMismatch = diag.Code{ID: "agent-feed.replay-mismatch", Severity: diag.Error, Spec: specIdem + "; " + specStream,
		Summary: "An entry reuses an earlier entry's id with a different payload; it is not applied. Ids must never be reused."}
	codeVersionDiscontinuity = diag.Code{ID: "agent-feed.version-discontinuity", Severity: diag.Info, Spec: specApply,
		Summary: "A schema-change's from-version is not the endpoint's recorded version; the change is applied anyway."}
	codeAmbiguousEndpointID = diag.Code{ID: "agent-feed.ambiguous-endpoint-id", Severity: diag.Warning, Spec: specApply,
		Summary: "A schema-change or deprecation names an endpoint-id announced under several protocols; it applies to the most recently announced one."}
)

// Snapshot consistency (§4.3).
var (
	codeCardMismatch = diag.Code{ID: "agent-feed.card-mismatch", Severity: diag.Warning, Spec: specSnapshot,
		Summary: "agent-card.json names an endpoint differently from the feed's latest applied announcement. A warning on the feed, which has historical authority; the card's row carries the error."}
	codeCardMissing = diag.Code{ID: "agent-feed.card-missing", Severity: diag.Warning, Spec: specSnapshot,
		Summary: "The origin has no /.well-known/agent-card.json snapshot, which v0 requires next to the feed."}
	codeCardUnchecked = diag.Code{ID: "agent-feed.card-unchecked", Severity: diag.Info, Spec: specSnapshot,
		Summary: "The snapshot was not compared with the feed: none was provided, it is not a JSON object, or the feed has no applied state."}
)

// Codes returns every diagnostic code of agent-feed documents.
func Codes() []diag.Code {
	return []diag.Code{
		codeTooLarge, codeInvalidUTF8, codeNUL, codeBOM, codeXMLSyntax, codeDoctype, codeTooDeep, codeNotAtom,
		codeNSNotDeclared, codeForeignNS, codeUnknownElement, codeDuplicateElement, codeAtomMetadata,
		codeMissingSpecVersion, codeBadSpecVersion, codeUnsupportedSpecVersion, codeMissingStatus, codeUnknownStatus,
		codeMissingMigratedTo, codeMigratedToUnexpected, codeBadMigratedTo,
		codeEntryMissingID, codeDuplicateEntryID, codeMissingUpdated, codeBadUpdated, codeMissingTitle, codeTitleDiffers,
		codeMissingType, codeMissingContent, codeContentType, codeContentMarkup, codeMissingSig, codeSigType,
		codeSigEncoding, codeNearMissSig,
		codePayloadNotJSON, codePayloadTooDeep, codePayloadNonFinite, codePayloadNotObject, codePayloadDuplicateKey, codeNonCanonical,
		codePayloadMissingField, codePayloadFieldType, codePayloadTimestamp, codePayloadEndpoint, codePayloadUnknownField,
		codeMigrationBarePath, codeMigrationBadPath, codeMigrationTypeToken, codeMigrationUnknownOp,
		codeDIDUnreachable, codeDIDMalformed, codeDIDUnchecked, codeUnverified, codeUnknownType,
		codeDeprecationOfUnknown, codeReplayMismatch, codeVersionDiscontinuity, codeAmbiguousEndpointID,
		codeCardMismatch, codeCardMissing, codeCardUnchecked, codeMediaType,
	}
}
