package agentfeed

import (
	"bytes"
	"crypto/ed25519"
	"strings"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/did"
)

// resolveKey resolves the origin's DID document (§2.2 step 1, §3.4). It
// returns nil, having reported why, when no key can come from it.
func (p *parser) resolveKey(f *Feed) *did.Document {
	src := p.opt.DID
	switch {
	case !src.Provided:
		f.Key = "unchecked"
		p.add(codeDIDUnchecked, 0, "no did.json was provided; signatures were not checked and no entry was applied")
		return nil
	case !src.Fetched:
		reason := src.Reason
		if reason == "" {
			reason = "not found"
		}
		p.didEvent(f, "unreachable", codeDIDUnreachable, "did.json could not be resolved (%s); no entry is verified or applied", reason)
		return nil
	case strings.HasPrefix(strings.ToLower(src.URL), "http://"):
		p.didEvent(f, "unreachable", codeDIDUnreachable, "did.json was fetched over plain HTTP (%s); did:web resolves over HTTPS only", src.URL)
		return nil
	}
	doc, diags := did.Parse(src.Body, p.opt.Host)
	if doc == nil || !doc.OK {
		p.didEvent(f, "malformed", codeDIDMalformed, "did.json yields no key: %s", firstError(diags))
		if doc != nil {
			f.DID = doc.ID
		}
		return nil
	}
	f.Key = "resolved"
	f.DID = doc.ID
	f.keyResolved = true
	return doc
}

// didEvent records a key-resolution failure as an event and a diagnostic.
func (p *parser) didEvent(f *Feed, key string, c diag.Code, format string, args ...any) {
	f.Key = key
	dg := c.At(0, format, args...)
	p.diags.Add(c, 0, "%s", dg.Message)
	f.Events = append(f.Events, Event{Kind: "did-" + key, Detail: dg.Message})
}

// firstError summarises the first error of did.json's own diagnostics.
func firstError(l diag.List) string {
	for _, d := range l {
		if d.Severity == diag.Error {
			return d.Message + " [" + d.Code + "]"
		}
	}
	return "no usable verification method"
}

// verify checks every entry's signature over its content bytes as served
// (§2.3, §6.4; specs README: agent-feed), with the key its af:signer names
// or the first Ed25519VerificationKey2020 (§3.4). When neither that default
// method nor any method an entry names can verify, the origin has no
// resolvable key (§3.4: "If any step fails, the reader treats the origin as
// having no resolvable key"): the feed's key is "malformed", not resolved.
func (p *parser) verify(f *Feed, doc *did.Document) {
	if doc == nil {
		for i := range f.Entries {
			f.Entries[i].parts.noKey = true
		}
		return
	}
	lookup := doc.Resolver()
	def, _ := doc.Default()
	someKey := def.Usable()
	for i := range f.Entries {
		e := &f.Entries[i]
		var m did.Method
		if e.Signer != "" {
			var ok bool
			if m, ok = lookup(e.Signer); !ok {
				e.parts.why = "af:signer " + quote(e.Signer) + " names no verification method of did.json"
				continue
			}
		} else {
			m = def // doc.OK: an Ed25519 method exists
		}
		if !m.Usable() {
			e.parts.noKey = true
			if !p.badMethod[m.ID] {
				p.badMethod[m.ID] = true
				p.add(codeDIDMalformed, e.Line, "verification method %q cannot verify entries: %s", m.ID, m.Problem)
				f.Events = append(f.Events, Event{Kind: EventDIDMalformed, EntryID: e.ID, Line: e.Line, Detail: "verification method " + quote(m.ID) + ": " + m.Problem})
			}
			continue
		}
		e.KeyID, someKey = m.ID, true
		switch {
		case !e.parts.hasContent:
			e.parts.why = "the entry has no JSON text content"
		case e.parts.sig == nil:
			e.parts.why = "the entry has no usable Ed25519 af:sig"
		case ed25519.Verify(m.Key, []byte(e.Content), e.parts.sig):
			e.Verified = true
		default:
			e.parts.why = "the signature does not verify over the content bytes as served"
			p.nearMiss(e, m.Key)
		}
	}
	if !someKey {
		// The default method cannot verify, and no entry named one that
		// can: say so once, unless an entry already reported it.
		if !p.badMethod[def.ID] {
			p.badMethod[def.ID] = true
			p.add(codeDIDMalformed, 0, "verification method %q cannot verify entries: %s", def.ID, def.Problem)
			f.Events = append(f.Events, Event{Kind: EventDIDMalformed, Detail: "verification method " + quote(def.ID) + ": " + def.Problem})
		}
		f.Key, f.keyResolved = "malformed", false
	}
}

// nearMiss reports when a failed signature verifies over other bytes the
// publisher probably signed.
func (p *parser) nearMiss(e *Entry, key ed25519.PublicKey) {
	content := []byte(e.Content)
	if trimmed := bytes.Trim(content, " \t\r\n"); len(trimmed) != len(content) && ed25519.Verify(key, trimmed, e.parts.sig) {
		p.add(codeNearMissSig, e.Line, "entry %q: the signature verifies over the content with its surrounding white space trimmed", e.ID)
		e.parts.why += " (it verifies over the content with surrounding white space trimmed)"
		return
	}
	if e.hasPayload && !e.Canonical && ed25519.Verify(key, e.Payload, e.parts.sig) {
		p.add(codeNearMissSig, e.Line, "entry %q: the signature verifies over the canonical re-encoding of the payload, not over the content as served", e.ID)
		e.parts.why += " (it verifies over the canonical re-encoding of the payload)"
	}
}

func quote(s string) string { return `"` + truncate(s, 80) + `"` }
