// Package did parses the did:web documents that agent-feed v0 (§3) uses to
// bind Ed25519 keys to an origin: /.well-known/did.json.
//
// Parse is a pure function from bytes and the host the document speaks for
// to a typed Document and diagnostics (codes "did.*", listed by Codes).
// What it checks, from §3.3 and §3.4 and the product decisions in the
// specs README:
//
//   - the document is one JSON object (RFC 8259, UTF-8, no duplicate keys);
//   - `id` is did:web:<host> for the host it was fetched from, the port
//     percent-encoded as %3A; hosts compare case-insensitively and in
//     punycode form;
//   - `verificationMethod` is an array of at least one method; each method
//     has an `id`, unique in the document;
//   - an Ed25519VerificationKey2020 method has `controller` equal to the
//     DID and a `publicKeyMultibase` with prefix 'z' (base58btc) or 'u'
//     (base64url, no padding) decoding to 32 raw bytes, or to 34 bytes
//     starting 0xed 0x01 (accepted with a warning);
//   - methods of other types are recorded and ignored (an info diagnostic).
//
// A method is usable for verification only when it passes every check of
// §3.3. Lookup resolves an af:signer reference against the methods;
// Default returns the method a feed entry without af:signer uses.
package did

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/agentpolicy/survey/extract/internal/jsondoc"
)

// MethodType is the verification method type agent-feed v0 uses.
const MethodType = "Ed25519VerificationKey2020"

// MaxBytes is the largest did.json Parse accepts.
const MaxBytes = 4 << 20

// maxDepth bounds the nesting of did.json; real documents nest 3 or 4 deep.
const maxDepth = 64

// Document is a parsed did.json.
type Document struct {
	// ID is the document's `id`, as served.
	ID string `json:"id"`
	// Host is the host (with port) the DID names, decoded; empty when ID
	// is not a did:web DID.
	Host string `json:"host,omitempty"`
	// Methods are the verification methods in document order.
	Methods []Method `json:"verification_methods"`
	// IDOK is true when `id` is a did:web DID for the host the document
	// speaks for (or of the right form, when the host is unknown).
	IDOK bool `json:"id_ok"`
	// OK is true when the document can yield keys: IDOK, and at least one
	// method is usable.
	OK bool `json:"ok"`
}

// Method is one verification method.
type Method struct {
	ID                 string `json:"id"`
	Type               string `json:"type"`
	Controller         string `json:"controller,omitempty"`
	PublicKeyMultibase string `json:"public_key_multibase,omitempty"`
	// Line is the 1-based line where the method starts.
	Line int `json:"line"`
	// Key is the decoded 32-byte Ed25519 key when the method is usable.
	Key ed25519.PublicKey `json:"key,omitempty"`
	// KeyForm is how the key was encoded ("raw" or "multicodec").
	KeyForm KeyForm `json:"key_form,omitempty"`
	// Problem says why a method is not usable; empty when it is.
	Problem string `json:"problem,omitempty"`
}

// Usable reports whether the method can verify signatures: it is an
// Ed25519VerificationKey2020 that passed every check of §3.3.
func (m Method) Usable() bool { return m.Problem == "" && len(m.Key) == ed25519.PublicKeySize }

// Lookup returns the method a signer reference (af:signer, §6.4) names. A
// reference matches a method id equal to it; a relative reference ("#key-1")
// or a relative method id also matches when it resolves against the
// document's DID to the other. The first matching method wins.
func (d *Document) Lookup(signer string) (Method, bool) {
	if d == nil {
		return Method{}, false
	}
	want := d.absolute(signer)
	for _, m := range d.Methods {
		if m.ID != "" && (m.ID == signer || d.absolute(m.ID) == want) {
			return m, true
		}
	}
	return Method{}, false
}

// Resolver returns a function equivalent to Lookup that answers in
// constant time, for resolving the signers of many entries.
func (d *Document) Resolver() func(signer string) (Method, bool) {
	if d == nil {
		return func(string) (Method, bool) { return Method{}, false }
	}
	index := make(map[string]int, len(d.Methods))
	for i, m := range d.Methods {
		if m.ID == "" {
			continue
		}
		if _, dup := index[d.absolute(m.ID)]; !dup {
			index[d.absolute(m.ID)] = i
		}
	}
	return func(signer string) (Method, bool) {
		if i, ok := index[d.absolute(signer)]; ok {
			return d.Methods[i], true
		}
		return Method{}, false
	}
}

// absolute resolves a relative DID URL ("#key-1") against the document's
// DID.
func (d *Document) absolute(s string) string {
	if strings.HasPrefix(s, "#") {
		return d.ID + s
	}
	return s
}

// Default returns the method an entry without af:signer is verified with:
// the first method of type Ed25519VerificationKey2020 (§3.4 step 3).
func (d *Document) Default() (Method, bool) {
	if d == nil {
		return Method{}, false
	}
	for _, m := range d.Methods {
		if m.Type == MethodType {
			return m, true
		}
	}
	return Method{}, false
}

// Parse parses a did.json document. host is the host the document speaks
// for, with the port when it is not the default; when it is empty the id
// is checked for form only. doc is nil when the body is not a JSON object.
func Parse(body []byte, host string) (doc *Document, diags diag.List) {
	defer func() { diags = diag.Cap(diags) }()
	root, ok := jsondoc.Object(body, "the document", jsondoc.Limits{MaxBytes: MaxBytes, MaxDepth: maxDepth}, documentCodes, &diags)
	if !ok {
		return nil, diags
	}
	doc = &Document{Methods: []Method{}}
	doc.IDOK = checkID(doc, root, host, &diags)
	checkMethods(doc, root, &diags)
	usable := false
	for _, m := range doc.Methods {
		usable = usable || m.Usable()
	}
	doc.OK = doc.IDOK && usable
	return doc, diags
}

// checkID checks `id` and reports whether it is right for host.
func checkID(doc *Document, root canonjson.Value, host string, diags *diag.List) bool {
	v, ok := root.Get("id")
	if !ok || v.Kind != canonjson.String {
		if ok {
			diags.Add(codeMissingID, v.Line, "`id` is %s, not a string", v.Kind.WithArticle())
		} else if _, wrapped := root.Get("didDocument"); wrapped {
			diags.Add(codeMissingID, root.Line, "the document has no `id`; it holds a DID document under `didDocument`, as a DID resolution result does: did:web serves the DID document itself")
		} else {
			diags.Add(codeMissingID, root.Line, "the document has no `id`")
		}
		return false
	}
	doc.ID = v.Str
	named, hasPath, ok := webHost(v.Str)
	if !ok {
		diags.Add(codeBadID, v.Line, "`id` %q is not a did:web DID of the form did:web:<host>", v.Str)
		return false
	}
	if i := strings.IndexFunc(v.Str, func(r rune) bool { return r >= utf8.RuneSelf }); i >= 0 {
		// DID syntax (idchar) is ASCII: an internationalized host is
		// written in its punycode form (xn--...), as DNS has it.
		ascii := ""
		if a, err := idna.Lookup.ToASCII(named); err == nil {
			ascii = "; write the host as " + a
		}
		diags.Add(codeBadID, v.Line, "`id` %q holds a character DID syntax does not allow (only ASCII letters, digits, '.', '-', '_' and %%-escapes)%s", v.Str, ascii)
		return false
	}
	doc.Host = named
	if host == "" {
		if hasPath {
			// Without a host to compare with, the form still tells: a
			// did:web DID with a path names another document.
			diags.Add(codeBadID, v.Line, "`id` %q is not of the form did:web:<host>: a path-based did:web DID does not resolve to /.well-known/did.json (and a port must be percent-encoded as %%3A)", v.Str)
			return false
		}
		diags.Add(codeHostUnchecked, v.Line, "no host given; `id` %q was not compared with the origin", v.Str)
		return true
	}
	if hasPath || !sameHost(named, host) {
		hint := ""
		if hasPath && strings.Contains(host, ":") {
			hint = " (a port must be percent-encoded as %3A)"
		} else if hasPath {
			hint = " (a path-based did:web DID does not resolve to /.well-known/did.json)"
		}
		diags.Add(codeIDMismatch, v.Line, "`id` is %q; the origin %s needs %q%s", v.Str, host, WebDID(host), hint)
		return false
	}
	return true
}

// checkMethods reads and checks `verificationMethod`.
func checkMethods(doc *Document, root canonjson.Value, diags *diag.List) {
	vm, ok := root.Get("verificationMethod")
	switch {
	case !ok:
		if pk, legacy := root.Get("publicKey"); legacy {
			// The pre-DID-Core drafts (context w3id.org/did/v0.11) named
			// the methods publicKey; such documents are still served.
			diags.Add(codeMissingMethods, pk.Line, "the document has no `verificationMethod`; it lists its keys under `publicKey`, the name of the pre-DID-Core drafts, which v0 readers do not read")
			return
		}
		diags.Add(codeMissingMethods, root.Line, "the document has no `verificationMethod`")
		return
	case vm.Kind != canonjson.Array:
		diags.Add(codeFieldType, vm.Line, "`verificationMethod` is %s, not an array", vm.Kind.WithArticle())
		return
	case len(vm.Elems) == 0:
		diags.Add(codeMissingMethods, vm.Line, "`verificationMethod` is empty; at least one method is required")
		return
	}
	seen := map[string]bool{}
	hasEd25519 := false
	for i, mv := range vm.Elems {
		if mv.Kind != canonjson.Object {
			diags.Add(codeFieldType, mv.Line, "verification method %d is %s, not an object", i+1, mv.Kind.WithArticle())
			continue
		}
		m := Method{Line: mv.Line}
		m.ID = stringMember(mv, "id", diags)
		m.Type = stringMember(mv, "type", diags)
		m.Controller = stringMember(mv, "controller", diags)
		m.PublicKeyMultibase = stringMember(mv, "publicKeyMultibase", diags)
		switch {
		case m.ID == "":
			diags.Add(codeMethodMissingID, mv.Line, "verification method %d has no `id`", i+1)
		case seen[m.ID]:
			diags.Add(codeDuplicateMethodID, memberLine(mv, "id"), "verification method id %q is used twice", m.ID)
		}
		seen[m.ID] = true
		if m.Type != MethodType {
			m.Problem = "type is not " + MethodType
			diags.Add(codeOtherMethodType, mv.Line, "verification method %q has type %q; v0 uses %s and ignores others", m.ID, m.Type, MethodType)
			doc.Methods = append(doc.Methods, m)
			continue
		}
		hasEd25519 = true
		checkKey(&m, doc.ID, otherKeyMember(mv), memberLine(mv, "controller"), memberLine(mv, "publicKeyMultibase"), diags)
		doc.Methods = append(doc.Methods, m)
	}
	if !hasEd25519 {
		diags.Add(codeNoEd25519, vm.Line, "no verification method has type %s", MethodType)
	}
}

// otherKeyMembers are the members in which DID documents give a key other
// than publicKeyMultibase: DID Core's publicKeyJwk and the older suites'
// encodings. v0 reads publicKeyMultibase only.
var otherKeyMembers = []string{"publicKeyJwk", "publicKeyBase58", "publicKeyHex", "publicKeyBase64", "publicKeyPem"}

// otherKeyMember returns the first of otherKeyMembers that method object
// mv has, or "".
func otherKeyMember(mv canonjson.Value) string {
	for _, name := range otherKeyMembers {
		if _, ok := mv.Get(name); ok {
			return name
		}
	}
	return ""
}

// memberLine returns the line where the value of object mv's member name
// starts, or mv's own line when it has no such member: a value's
// diagnostic carries its value's line.
func memberLine(mv canonjson.Value, name string) int {
	if v, ok := mv.Get(name); ok && v.Line > 0 {
		return v.Line
	}
	return mv.Line
}

// checkKey checks an Ed25519VerificationKey2020 method's controller and
// key, filling m.Key or m.Problem. otherKey names the member that gives
// the method's key in another encoding (otherKeyMember), for the message;
// controllerLine and keyLine are the lines of those members' values.
func checkKey(m *Method, id, otherKey string, controllerLine, keyLine int, diags *diag.List) {
	if id != "" && m.Controller != id {
		m.Problem = "controller is not the DID"
		diags.Add(codeControllerMismatch, controllerLine, "method %q has controller %q; it must be the DID %q", m.ID, m.Controller, id)
	}
	if m.PublicKeyMultibase == "" {
		m.Problem = "no publicKeyMultibase"
		instead := ""
		if otherKey != "" {
			instead = "; it gives its key as `" + otherKey + "`, which v0 readers do not read (§3.3: the raw 32-byte key in multibase, e.g. base58btc with prefix z)"
		}
		diags.Add(codeMissingKey, m.Line, "method %q has no `publicKeyMultibase`%s", m.ID, instead)
		return
	}
	key, form, err := DecodePublicKeyMultibase(m.PublicKeyMultibase)
	switch {
	case errors.Is(err, ErrKeyPrefix):
		m.Problem = "publicKeyMultibase prefix is not z or u"
		diags.Add(codeKeyPrefix, keyLine, "method %q: publicKeyMultibase starts with %q; only 'z' and 'u' are accepted%s", m.ID, firstRune(m.PublicKeyMultibase), prefixHint(m.PublicKeyMultibase))
		return
	case errors.Is(err, ErrKeyLength):
		m.Problem = "key is not 32 bytes"
		diags.Add(codeKeyLength, keyLine, "method %q: %v", m.ID, err)
		return
	case err != nil:
		m.Problem = "publicKeyMultibase does not decode"
		diags.Add(codeKeyEncoding, keyLine, "method %q: %v", m.ID, err)
		return
	}
	if form == KeyMulticodec {
		diags.Add(codeKeyMulticodec, keyLine, "method %q: the key carries the multicodec prefix 0xed 0x01; accepted", m.ID)
	}
	m.KeyForm = form
	if m.Problem == "" {
		m.Key = key
	}
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// stringMember returns the string member name of an object, reporting a
// member of another type.
func stringMember(obj canonjson.Value, name string, diags *diag.List) string {
	v, ok := obj.Get(name)
	if !ok {
		return ""
	}
	if v.Kind != canonjson.String {
		diags.Add(codeFieldType, v.Line, "`%s` is %s, not a string", name, v.Kind.WithArticle())
		return ""
	}
	return v.Str
}
