// Package agentfeed reads agent-feed v0 documents
// (/.well-known/agent-feed.xml): signed, append-only Atom feeds in which an
// origin announces its endpoints, their schema changes and deprecations.
//
// Parse is a pure function from the feed's bytes, the origin's host and
// its did.json and agent-card.json (Options) to a typed Feed and
// diagnostics (codes "agent-feed.*", listed by Codes). It behaves as the
// reader of §2 would on a first fetch: it resolves the key (§3), reads the
// feed (§4–§6), verifies every entry, applies the verified ones in document
// order to a fresh State (§2.4) and reports the reader events as
// diagnostics. State, Resolve and Observe expose the rest of the reader
// contract (idempotent re-ingestion, the kill switch, sunsets, §2.8
// mismatch detection) for longitudinal use. The sibling packages did and
// agentcard parse did.json and agent-card.json as documents of their own;
// canonjson implements §6.2.
//
// # Decisions
//
// These settle what the specification leaves open; the specs README's
// agent-feed decisions are binding and implemented as written.
//
//   - Signatures are verified over the exact bytes of the <content> text
//     as served, after XML processing (entity and character references
//     unescaped, CDATA sections joined, line ends normalised to LF as XML
//     1.0 §2.11 requires). Separately, when those bytes differ from the
//     canonical re-encoding of the payload (canonjson), the entry gets the
//     warning agent-feed.non-canonical-payload: it can verify and still be
//     non-canonical. When a signature fails but verifies over the trimmed
//     content or over the canonical re-encoding, an info diagnostic says
//     so; the entry stays unverified.
//   - Canonical JSON: keys sorted by UTF-8 bytes; no white space; only the
//     escapes JSON requires (\" \\ \b \f \n \r \t, \u00xx for other
//     control characters); `<`, `>`, `&`, `/`, U+2028 and U+2029 written
//     literally, as JCS does; numbers as ECMAScript writes the double they
//     denote. JCS output is therefore canonical (except for the key-order
//     corner §6.2 itself creates; see canonjson). Non-finite numbers,
//     duplicate keys and lone surrogates are errors.
//   - Keys: publicKeyMultibase with prefix 'z' or 'u' only; 32 bytes, or
//     34 bytes starting 0xed 0x01 with a warning (package did). A method is
//     used only when it meets all of §3.3 (type, controller, key).
//   - Severities answer "is this feed document a valid v0 feed". Errors:
//     unverified-entry (publishers must sign every entry), unknown-entry-type
//     (publishers must keep af:type in the v0 vocabulary; readers skip it;
//     reported with or without a key),
//     replay-mismatch and duplicate ids (ids are unique and never reused),
//     an af:spec-version other than 0 (it is not a v0 feed), a missing or
//     unknown af:feed-status, and envelope and payload schema violations.
//     Warnings: did-unreachable and did-malformed (the feed document may be
//     fine; the did.json row records the problem, and the feed's state is
//     "untrusted"), deprecation-of-unknown (compaction may explain it),
//     non-canonical content, and disagreement with agent-card.json (the
//     feed has historical authority; the card's own row carries the error
//     agent-card.feed-mismatch). Info: did-unchecked and card-unchecked
//     when those files were not provided, and observations kept for
//     counting.
//   - A signer that names no method of did.json makes the entry unverified
//     (the feed names a key the origin does not publish); a named or
//     default method whose key is unusable is did-malformed, and the entry
//     has no key ("no-key"), not a failed verification.
//   - Effective state (Feed.State): "invalid" when the bytes are not an
//     Atom feed; else "untrusted" when no key resolved (§2.2: nothing is
//     applied and the trust state is unchanged, so this comes before the
//     status); else "terminated" for af:feed-status terminated, a missing,
//     unknown or self-contradicting status, or an af:spec-version other
//     than 0 (forward pessimism, §7.1); "migrated" for migrated (with
//     MigratedTo recorded); else "active". Entries of a terminated or
//     migrated feed are verified and counted but not applied.
//   - A feed without af:spec-version is an error but read as v0 (nothing
//     in it signals a later version); a non-integer value is treated as
//     terminated.
//   - The namespace is recognised by URI only, whatever the prefix, the
//     default namespace included. An element with an agent-feed local name
//     in another namespace (an unbound or misbound prefix) is a warning and
//     is not read.
//   - Within one document the first entry with an id claims it: a later
//     entry with the same id and payload is a duplicate (error, skipped);
//     with another payload it is a replay-mismatch (error, not applied).
//     An entry that does not verify claims no id ("not an entry — it is
//     bytes", §2.5): a later entry with its id is read in its place, and
//     the reuse is a duplicate-entry-id error; nor does it duplicate or
//     replay an earlier entry whose id it repeats: it is unverified, and the
//     reuse is a duplicate-entry-id error. Across documents, State skips
//     already-applied ids silently and reports other payloads of verified
//     entries as replay-mismatch (§2.9).
//   - §2.4 "deprecated: keep-existing-or-clear-if-replacement-now-known" is
//     read as: a re-announcement keeps a pending deprecation; its
//     replacement is looked up at query time (Resolve), against the latest
//     announcement of the replacement id (§5.4). schema-change and
//     deprecation look an endpoint-id up across protocols; when several
//     protocols use it, the most recently announced record is changed and
//     a warning is given.
//   - Migration paths: JSON Pointers; a bare member name ("currency", as
//     §5.3's own example writes) is accepted as the pointer to that
//     top-level member, with an info diagnostic. Unknown delta operations
//     are kept (Delta.Raw, Delta.Unknown) and not used by Observe.
//   - agent-card.json consistency (§4.3): where the card names an endpoint
//     by endpoint-id, its URL and version must equal the table's; where it
//     names endpoints of a protocol, each announced, non-deprecated URL of
//     that protocol must be among them. Paths resolve against the origin.
//   - Diagnostics: at most MaxDiagnosticsPerCode (100) per code per feed,
//     then one line-0 diagnostic of the code counting those left out, as
//     the project's other parsers do; Feed.Events, the entries' statuses
//     and the summary stay complete.
//   - Limits: 16 MiB of feed, 32 levels of XML nesting, 32 levels of JSON
//     nesting in a payload. DOCTYPE and other declarations are refused; no
//     entity other than XML's five predefined ones and character references
//     is ever expanded; only UTF-8 is accepted.
package agentfeed
