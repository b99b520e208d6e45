package agentfeed

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"mime"
	"strings"
)

// entryParts are the verification inputs of an entry that its JSON form
// does not carry.
type entryParts struct {
	sig        []byte // decoded signature, nil when absent or unusable
	hasContent bool
	noKey      bool   // no usable key to verify with (§3.4)
	why        string // why the entry is unverified
}

// readEntry reads one <entry>: its Atom envelope, af: elements, payload
// and signature (§5.1).
func (p *parser) readEntry(el *element) Entry {
	e := Entry{Line: el.line}
	var idEl, updatedEl, titleEl, contentEl, typeEl, sigEl, signerEl *element
	for _, c := range el.children {
		switch c.name.Space {
		case AtomNamespace:
			switch c.name.Local {
			case "id":
				p.once(&idEl, c, "entry <id>")
			case "updated":
				p.once(&updatedEl, c, "entry <updated>")
			case "title":
				p.once(&titleEl, c, "entry <title>")
			case "content":
				p.once(&contentEl, c, "entry <content>")
			default:
				p.checkForeign(c)
			}
		case Namespace:
			switch c.name.Local {
			case "type":
				p.once(&typeEl, c, "af:type")
			case "sig":
				p.once(&sigEl, c, "af:sig")
			case "signer":
				p.once(&signerEl, c, "af:signer")
			default:
				p.add(codeUnknownElement, c.line, "af:%s is not an entry element of v0; ignored", c.name.Local)
			}
		default:
			p.checkForeign(c)
		}
	}
	if idEl != nil {
		e.ID = idEl.trimmedText()
	}
	if e.ID == "" {
		p.add(codeEntryMissingID, el.line, "the entry has no <id>")
	}
	if updatedEl == nil {
		p.add(codeMissingUpdated, el.line, "entry %q has no <updated>", e.ID)
	} else {
		e.Updated = updatedEl.trimmedText()
		if _, utc, ok := parseTimestamp(e.Updated); !ok || !utc {
			p.add(codeBadUpdated, updatedEl.line, "entry %q: <updated> %q is not an RFC 3339 timestamp with time zone Z", e.ID, truncate(e.Updated, 40))
		}
	}
	if typeEl != nil {
		e.Type = typeEl.trimmedText()
	}
	switch {
	case e.Type == "":
		p.add(codeMissingType, el.line, "entry %q has no af:type", e.ID)
	case !knownType(e.Type):
		// A fact about the document (§8.2), reported whether or not the
		// entry verifies; a reader skips a verified one (§2.6, State.Ingest).
		p.add(codeUnknownType, typeEl.line, "entry %q has af:type %q, which v0 does not define; readers skip it", e.ID, truncate(e.Type, 40))
	}
	if titleEl == nil {
		p.add(codeMissingTitle, el.line, "entry %q has no <title>", e.ID)
	} else {
		e.Title = titleEl.trimmedText()
		if e.Type != "" && e.Title != e.Type {
			p.add(codeTitleDiffers, titleEl.line, "entry %q: <title> %q is not its af:type %q", e.ID, truncate(e.Title, 40), e.Type)
		}
	}
	if signerEl != nil {
		e.Signer = signerEl.trimmedText()
	}
	p.readContent(&e, contentEl, el)
	p.readSig(&e, sigEl, el)
	return e
}

// readContent reads <content type="application/json"> and its payload.
func (p *parser) readContent(e *Entry, contentEl, entryEl *element) {
	if contentEl == nil {
		p.add(codeMissingContent, entryEl.line, "entry %q has no <content>", e.ID)
		return
	}
	if src, ok := contentEl.attr("src"); ok {
		p.add(codeMissingContent, contentEl.line, "entry %q: <content src=%q> is out of line; the payload must be the element's text", e.ID, truncate(src, 60))
		return
	}
	typ, _ := contentEl.attr("type")
	if mt, _, err := mime.ParseMediaType(typ); err != nil || mt != "application/json" {
		if typ == "" {
			typ = "text (the Atom default)"
		}
		p.add(codeContentType, contentEl.line, "entry %q: <content> type is %s, not application/json", e.ID, truncate(typ, 40))
	}
	e.Content = string(contentEl.text)
	if len(contentEl.children) > 0 {
		p.add(codeContentMarkup, contentEl.children[0].line, "entry %q: <content> holds element <%s>, so it is not a JSON text; the entry cannot be verified", e.ID, contentEl.children[0].name.Local)
		return
	}
	e.parts.hasContent = true
	p.readPayload(e, contentEl)
}

// readSig reads <af:sig type="ed25519">: 64 bytes, base64url without
// padding (§6.3).
func (p *parser) readSig(e *Entry, sigEl, entryEl *element) {
	if sigEl == nil {
		p.add(codeMissingSig, entryEl.line, "entry %q has no af:sig", e.ID)
		return
	}
	e.Signature = sigEl.trimmedText()
	algOK := true
	switch typ, ok := sigEl.attr("type"); {
	case !ok:
		p.add(codeSigType, sigEl.line, "entry %q: af:sig has no type attribute; verified as ed25519", e.ID)
	case typ != "ed25519":
		algOK = false
		p.add(codeSigType, sigEl.line, "entry %q: af:sig type %q is not ed25519; not verified", e.ID, truncate(typ, 40))
	}
	// Go's decoders skip CR and LF, which §6.3's verbatim base64url has
	// no place for.
	sig, err := base64.RawURLEncoding.Strict().DecodeString(e.Signature)
	if err == nil && strings.ContainsAny(e.Signature, "\r\n") {
		err = errors.New("line break")
	}
	switch {
	case err != nil:
		hint := ""
		switch _, loose := base64.RawURLEncoding.DecodeString(e.Signature); {
		case strings.HasSuffix(e.Signature, "="):
			hint = " (padding is not allowed)"
		case strings.ContainsAny(e.Signature, "+/"):
			hint = " (standard base64, not base64url)"
		case strings.ContainsAny(e.Signature, "\r\n"):
			hint = " (it holds a line break)"
		case loose == nil:
			hint = " (its last character sets bits beyond the signature's, which base64url leaves zero)"
		}
		p.add(codeSigEncoding, sigEl.line, "entry %q: af:sig is not base64url%s", e.ID, hint)
		return
	case len(sig) != ed25519.SignatureSize:
		p.add(codeSigEncoding, sigEl.line, "entry %q: af:sig decodes to %d bytes, not %d", e.ID, len(sig), ed25519.SignatureSize)
		return
	}
	if algOK {
		e.parts.sig = sig
	}
}
