package agentfeed

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/agentpolicy/survey/extract/did"
)

// This file holds producer-side utilities: they write what a v0 publisher
// serves, for tests, the simulated web and anyone publishing a feed. The
// reader side (Parse) does not use them.

// Sign returns the Ed25519 signature of content (§6.3) in base64url without
// padding, ready for <af:sig>.
func Sign(key ed25519.PrivateKey, content []byte) string {
	return base64.RawURLEncoding.EncodeToString(ed25519.Sign(key, content))
}

// SignPayload encodes payload (any Go value encoding/json accepts, for
// example an *Announcement, or a json.RawMessage) in canonical JSON (§6.2)
// and signs it: content is the <content> text, sig the <af:sig> text.
func SignPayload(key ed25519.PrivateKey, payload any) (content []byte, sig string, err error) {
	content, err = canonjson.Marshal(payload)
	if err != nil {
		return nil, "", fmt.Errorf("agentfeed: encoding payload: %w", err)
	}
	return content, Sign(key, content), nil
}

// EncodePublicKey returns the publicKeyMultibase of a key as §3.3 asks:
// base58btc ('z') of the raw 32 bytes.
func EncodePublicKey(pub ed25519.PublicKey) string { return did.EncodePublicKeyMultibase(pub) }

// EntrySpec describes one entry for BuildFeed.
type EntrySpec struct {
	ID      string
	Updated time.Time
	// Type is af:type; Title defaults to it.
	Type  string
	Title string
	// Payload is encoded in canonical JSON and signed. Content, when set,
	// is served and signed verbatim instead (for non-canonical content).
	Payload any
	Content []byte
	// Key signs the content. Signature, when set, is served instead of the
	// signature Key makes (for tampered entries).
	Key       ed25519.PrivateKey
	Signature string
	// Signer is af:signer; empty for none.
	Signer string
}

// FeedSpec describes a feed for BuildFeed.
type FeedSpec struct {
	ID      string
	Title   string
	Updated time.Time
	// SpecVersion defaults to "0" and Status to "active".
	SpecVersion string
	Status      string
	MigratedTo  string
	// Prefix binds the agent-feed namespace; it defaults to "af". "-"
	// makes it the default namespace, with Atom bound to "atom".
	Prefix  string
	Entries []EntrySpec
}

// BuildFeed writes an agent-feed v0 document (§5–§7) with signed entries.
func BuildFeed(spec FeedSpec) ([]byte, error) {
	if spec.SpecVersion == "" {
		spec.SpecVersion = "0"
	}
	if spec.Status == "" {
		spec.Status = StatusActive
	}
	af, atom := spec.Prefix, ""
	switch af {
	case "":
		af = "af:"
	case "-":
		af, atom = "", "atom:"
	default:
		af += ":"
	}
	var b bytes.Buffer
	text := escapeText
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	if atom == "" {
		fmt.Fprintf(&b, "<feed xmlns=%q xmlns:%s=%q>\n", AtomNamespace, af[:len(af)-1], Namespace)
	} else {
		fmt.Fprintf(&b, "<atom:feed xmlns:atom=%q xmlns=%q>\n", AtomNamespace, Namespace)
	}
	el := func(indent, name, value string) {
		fmt.Fprintf(&b, "%s<%s>%s</%s>\n", indent, name, text(value), name)
	}
	el("  ", atom+"id", spec.ID)
	el("  ", atom+"title", spec.Title)
	el("  ", atom+"updated", spec.Updated.UTC().Format(time.RFC3339))
	el("  ", af+"spec-version", spec.SpecVersion)
	el("  ", af+"feed-status", spec.Status)
	if spec.MigratedTo != "" {
		el("  ", af+"migrated-to", spec.MigratedTo)
	}
	for i, e := range spec.Entries {
		content := e.Content
		if content == nil {
			var err error
			if content, err = canonjson.Marshal(e.Payload); err != nil {
				return nil, fmt.Errorf("agentfeed: entry %d (%s): %w", i+1, e.ID, err)
			}
		}
		sig := e.Signature
		if sig == "" && e.Key != nil {
			sig = Sign(e.Key, content)
		}
		title := e.Title
		if title == "" {
			title = e.Type
		}
		fmt.Fprintf(&b, "  <%sentry>\n", atom)
		el("    ", atom+"id", e.ID)
		el("    ", atom+"title", title)
		el("    ", atom+"updated", e.Updated.UTC().Format(time.RFC3339))
		el("    ", af+"type", e.Type)
		if e.Signer != "" {
			el("    ", af+"signer", e.Signer)
		}
		fmt.Fprintf(&b, "    <%scontent type=\"application/json\">%s</%scontent>\n", atom, text(string(content)), atom)
		fmt.Fprintf(&b, "    <%ssig type=\"ed25519\">%s</%ssig>\n", af, sig, af)
		fmt.Fprintf(&b, "  </%sentry>\n", atom)
	}
	fmt.Fprintf(&b, "</%sfeed>\n", atom)
	return b.Bytes(), nil
}

// DIDKey is one verification method for BuildDID.
type DIDKey struct {
	// ID is the method id; it defaults to "<did>#key-<n>".
	ID     string
	Public ed25519.PublicKey
}

// BuildDID writes a did:web document for host (with port when not the
// default) with one Ed25519VerificationKey2020 method per key (§3.3).
func BuildDID(host string, keys ...DIDKey) ([]byte, error) {
	id := did.WebDID(host)
	type method struct {
		ID                 string `json:"id"`
		Type               string `json:"type"`
		Controller         string `json:"controller"`
		PublicKeyMultibase string `json:"publicKeyMultibase"`
	}
	doc := struct {
		Context            []string `json:"@context"`
		ID                 string   `json:"id"`
		VerificationMethod []method `json:"verificationMethod"`
		AssertionMethod    []string `json:"assertionMethod"`
	}{
		Context: []string{"https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/ed25519-2020/v1"},
		ID:      id,
	}
	for i, k := range keys {
		if len(k.Public) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("agentfeed: key %d is %d bytes, not an Ed25519 public key", i+1, len(k.Public))
		}
		mid := k.ID
		if mid == "" {
			mid = fmt.Sprintf("%s#key-%d", id, i+1)
		}
		doc.VerificationMethod = append(doc.VerificationMethod, method{ID: mid, Type: did.MethodType, Controller: id,
			PublicKeyMultibase: EncodePublicKey(k.Public)})
		doc.AssertionMethod = append(doc.AssertionMethod, mid)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("agentfeed: encoding did.json: %w", err)
	}
	return append(out, '\n'), nil
}

// escapeText escapes s for XML character data: &, < and > as entities, and
// CR as a character reference so that XML line-end normalisation keeps it.
// Quotes need no escaping in text.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#xD;").Replace(s)
}
