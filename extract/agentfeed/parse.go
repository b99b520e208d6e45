package agentfeed

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

// MaxBytes is the largest feed Parse accepts.
const MaxBytes = 16 << 20

// Options carry what Parse may know besides the feed's bytes.
type Options struct {
	// Host is the host (with port when not the default) the feed speaks
	// for; did.json's id must be did:web:<Host>, and path-relative
	// endpoints resolve against https://<Host>. Empty when unknown.
	Host string
	// DID is the origin's /.well-known/did.json.
	DID Related
	// Card is the origin's /.well-known/agent-card.json.
	Card Related
}

// Related is another file of the origin.
type Related struct {
	// Provided is false when nobody looked for the file (a local check
	// without it); the checks that need it are skipped and say so.
	Provided bool
	// Fetched is true when the file was found; Body then holds it.
	Fetched bool
	Body    []byte
	// URL is where the file came from; a did.json from an http:// URL is
	// not accepted (§3.2 resolves over HTTPS).
	URL string
	// Reason says why a provided file was not fetched ("absent",
	// "network_error", ...).
	Reason string
}

// MaxDiagnosticsPerCode caps the diagnostics of one code in one feed (see
// diag.Capped), so that a feed of thousands of bad entries does not yield
// thousands of diagnostics. Feed.Events and the entries' statuses stay
// complete.
const MaxDiagnosticsPerCode = diag.MaxPerCode

// parser holds the state of one Parse call.
type parser struct {
	opt       Options
	lines     int
	diags     diag.Capped
	badMethod map[string]bool // did.json methods already reported unusable
}

// add appends a diagnostic, keeping its line within the document, unless
// its code's cap is reached.
func (p *parser) add(c diag.Code, line int, format string, args ...any) {
	if line > p.lines {
		line = p.lines
	}
	if line < 0 {
		line = 0
	}
	p.diags.Add(c, line, format, args...)
}

// Parse parses an agent feed, verifies its entries with the keys of
// opt.DID, applies the verified entries to a fresh reader state (§2), and
// compares the result with opt.Card (§4.3). It never panics; the returned
// Feed is never nil.
func Parse(body []byte, opt Options) (*Feed, diag.List) {
	p := &parser{opt: opt, lines: lines.Count(body) + 1, badMethod: map[string]bool{}}
	f := &Feed{State: StateInvalid, Key: "unchecked", Entries: []Entry{}, Events: []Event{}, Endpoints: []Endpoint{}}
	if opt.Host != "" {
		f.Origin = "https://" + opt.Host
	}
	if len(body) > MaxBytes {
		p.add(codeTooLarge, 0, "the feed is %d bytes; the limit is %d", len(body), MaxBytes)
		return f, p.result()
	}
	if rest, ok := bytes.CutPrefix(body, []byte("\xef\xbb\xbf")); ok {
		p.add(codeBOM, 1, "the feed starts with a UTF-8 byte order mark")
		body = rest // encoding/xml would read it as text before the root
	}
	if !utf8.Valid(body) {
		at := invalidUTF8At(body)
		p.add(codeInvalidUTF8, lineAt(body, at), "byte 0x%02x at offset %d is not UTF-8", body[at], at)
		return f, p.result()
	}
	if at := bytes.IndexByte(body, 0); at >= 0 {
		p.add(codeNUL, lineAt(body, at), "NUL byte at offset %d", at)
		return f, p.result()
	}
	root, d := parseXML(body)
	if d != nil {
		p.add(codeOf(*d), d.Line, "%s", d.Message)
		return f, p.result()
	}
	if root.name.Space != AtomNamespace || root.name.Local != "feed" {
		p.add(codeNotAtom, root.line, "the root element is <%s> in %s, not the Atom <feed>", root.name.Local, describeNS(root.name.Space))
		return f, p.result()
	}
	p.readFeed(root, f)
	doc := p.resolveKey(f)
	p.verify(f, doc)

	var st State
	f.Events = append(f.Events, st.Ingest(f)...)
	for _, ev := range f.Events {
		if c, ok := eventCode(ev.Kind); ok {
			p.add(c, ev.Line, "%s", ev.Detail)
		}
	}
	for _, e := range f.Entries {
		switch {
		case e.Status == EntryDuplicate:
			p.add(codeDuplicateEntryID, e.Line, "entry id %q repeats the entry at line %d with the same payload; ids must be unique within the feed", e.ID, f.Entries[e.repeatOf-1].Line)
		case e.repeatOf > 0 && e.Status == EntryUnverified:
			p.add(codeDuplicateEntryID, e.Line, "the unverified entry's id %q repeats the id of the entry at line %d; ids must be unique within the feed (it is not an entry, §2.5, so the one at line %d stands)", e.ID, f.Entries[e.repeatOf-1].Line, f.Entries[e.repeatOf-1].Line)
		case e.repeatOf > 0 && e.Status != EntryReplay:
			p.add(codeDuplicateEntryID, e.Line, "entry id %q repeats the id of the unverified entry at line %d; ids must be unique within the feed (an unverified entry is not an entry, §2.5, so this one is read in its place)", e.ID, f.Entries[e.repeatOf-1].Line)
		}
	}
	f.Endpoints = st.Endpoints()
	f.Trusted = f.keyResolved && !st.Revoked
	switch {
	case !f.keyResolved:
		f.State = StateUntrusted
	case f.effectiveStatus == StatusTerminated:
		f.State = StateTerminated
	case f.effectiveStatus == StatusMigrated:
		f.State = StateMigrated
	default:
		f.State = StateActive
	}
	p.checkCard(f)
	return f, p.result()
}

// result returns the diagnostics, with one for each capped code saying how
// many were left out.
func (p *parser) result() diag.List { return p.diags.List() }

// codeOf returns the code a parseXML diagnostic was made with.
func codeOf(d diag.Diagnostic) diag.Code {
	for _, c := range []diag.Code{codeXMLSyntax, codeDoctype, codeTooDeep} {
		if c.ID == d.Code {
			return c
		}
	}
	return codeXMLSyntax
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// lineAt returns the 1-based line of byte offset off; LF, CRLF and CR
// each end a line (XML 1.0 §2.11).
func lineAt(b []byte, off int) int {
	return lines.At(b, off)
}

func describeNS(space string) string {
	switch {
	case space == "":
		return "no namespace"
	case !strings.Contains(space, ":"):
		return fmt.Sprintf("the undeclared prefix %q", space)
	}
	return "namespace " + space
}

// isAgentFeedName reports whether local is the local name of an element
// §6.6 and §7 define.
func isAgentFeedName(local string) bool {
	switch local {
	case "type", "sig", "signer", "spec-version", "feed-status", "migrated-to":
		return true
	}
	return false
}

// checkForeign reports an element that looks like an agent-feed element
// in another namespace (a missing or misbound prefix).
func (p *parser) checkForeign(el *element) {
	if isAgentFeedName(el.name.Local) {
		p.add(codeForeignNS, el.line, "<%s> is in %s, not %s, so it is not read as af:%s", el.name.Local, describeNS(el.name.Space), Namespace, el.name.Local)
	}
}

// once keeps the first of repeated elements, reporting the others. The
// values of repeated af:spec-version and af:feed-status elements are all
// compared (readVersionAndStatus): when they disagree, no one of them is
// used.
func (p *parser) once(slot **element, el *element, what string) {
	if *slot != nil {
		used := "and is used"
		if what == "af:spec-version" || what == "af:feed-status" {
			used = "and is used when the values agree; when they disagree, the feed is treated as terminated"
		}
		p.add(codeDuplicateElement, el.line, "a second %s (the first is at line %d %s)", what, (*slot).line, used)
		return
	}
	*slot = el
}

// readFeed reads the feed-level elements and every entry.
func (p *parser) readFeed(root *element, f *Feed) {
	if !root.declares(Namespace) {
		p.add(codeNSNotDeclared, root.line, "<feed> does not declare %s", Namespace)
	}
	var idEl, titleEl, updatedEl, versionEl, statusEl, migratedEl *element
	var versions, statuses []string
	for _, c := range root.children {
		switch c.name.Space {
		case AtomNamespace:
			switch c.name.Local {
			case "id":
				p.once(&idEl, c, "feed <id>")
			case "title":
				p.once(&titleEl, c, "feed <title>")
			case "updated":
				p.once(&updatedEl, c, "feed <updated>")
			case "entry":
				f.Entries = append(f.Entries, p.readEntry(c))
			default:
				p.checkForeign(c)
			}
		case Namespace:
			switch c.name.Local {
			case "spec-version":
				versions = append(versions, c.trimmedText())
				p.once(&versionEl, c, "af:spec-version")
			case "feed-status":
				statuses = append(statuses, c.trimmedText())
				p.once(&statusEl, c, "af:feed-status")
			case "migrated-to":
				p.once(&migratedEl, c, "af:migrated-to")
			default:
				p.add(codeUnknownElement, c.line, "af:%s is not a feed-level element of v0; ignored", c.name.Local)
			}
		default:
			p.checkForeign(c)
		}
	}
	var missing []string
	for _, m := range []struct {
		el   *element
		name string
		dst  *string
	}{{idEl, "<id>", &f.ID}, {titleEl, "<title>", &f.Title}, {updatedEl, "<updated>", &f.Updated}} {
		if m.el == nil {
			missing = append(missing, m.name)
		} else {
			*m.dst = m.el.trimmedText()
		}
	}
	if len(missing) > 0 {
		p.add(codeAtomMetadata, root.line, "the feed has no %s", strings.Join(missing, ", "))
	}
	f.effectiveStatus = p.readVersionAndStatus(root, f, versionEl, statusEl, migratedEl, versions, statuses)
}

// readVersionAndStatus applies §7: it returns the status the reader acts
// on (active, terminated or migrated).
func (p *parser) readVersionAndStatus(root *element, f *Feed, versionEl, statusEl, migratedEl *element, versions, statuses []string) string {
	pessimistic := false
	if versionEl == nil {
		p.add(codeMissingSpecVersion, root.line, "the feed has no af:spec-version; read as v0")
	} else {
		f.SpecVersion = versionEl.trimmedText()
		switch n, ok := integer(f.SpecVersion); {
		case slices.ContainsFunc(versions[1:], func(v string) bool { m, _ := integer(v); return m != n }):
			pessimistic = true
			p.add(codeBadSpecVersion, versionEl.line, "the feed's af:spec-version elements disagree (%s); the feed is treated as terminated", truncate(strings.Join(versions, ", "), 80))
		case !ok:
			pessimistic = true
			p.add(codeBadSpecVersion, versionEl.line, "af:spec-version %q is not a version number (digits only, as 0); the feed is treated as terminated", truncate(f.SpecVersion, 40))
		case n != "0":
			pessimistic = true
			p.add(codeUnsupportedSpecVersion, versionEl.line, "af:spec-version %s is not 0; a v0 reader treats the feed as terminated", truncate(f.SpecVersion, 40))
		}
	}
	status := ""
	if statusEl == nil {
		p.add(codeMissingStatus, root.line, "the feed has no af:feed-status; treated as terminated")
		pessimistic = true
	} else {
		f.Status = statusEl.trimmedText()
		status = f.Status
		for _, s := range statuses[1:] {
			if s != status {
				status = ""
			}
		}
		switch {
		case status == StatusActive || status == StatusTerminated || status == StatusMigrated:
		case status == "" && f.Status != "" && len(statuses) > 1:
			pessimistic = true
			p.add(codeUnknownStatus, statusEl.line, "the feed's af:feed-status elements disagree (%s); treated as terminated", strings.Join(statuses, ", "))
		default:
			pessimistic = true
			p.add(codeUnknownStatus, statusEl.line, "af:feed-status %q is not active, terminated or migrated; treated as terminated", truncate(f.Status, 40))
		}
	}
	if migratedEl != nil {
		f.MigratedTo = migratedEl.trimmedText()
		if status != StatusMigrated {
			p.add(codeMigratedToUnexpected, migratedEl.line, "af:migrated-to is present but af:feed-status is not migrated; not followed")
		}
		if u, err := url.Parse(f.MigratedTo); err != nil || u.Scheme != "https" || u.Host == "" {
			p.add(codeBadMigratedTo, migratedEl.line, "af:migrated-to %q is not an absolute https URL", truncate(f.MigratedTo, 80))
		}
	} else if status == StatusMigrated {
		p.add(codeMissingMigratedTo, statusEl.line, "af:feed-status is migrated but there is no af:migrated-to")
	}
	// Pessimism comes first: a feed whose af:spec-version a v0 reader
	// cannot vouch for is terminated (§7.1), even when it says migrated.
	switch {
	case pessimistic || status == StatusTerminated:
		return StatusTerminated
	case status == StatusMigrated:
		return StatusMigrated
	}
	return StatusActive
}

// integer reports whether s is a non-empty run of ASCII digits, a version
// number (a sign has no place in one), and returns it without leading
// zeros.
func integer(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	t := strings.TrimLeft(s, "0")
	if t == "" {
		t = "0"
	}
	return t, true
}

// maxPayloadDepth is the deepest JSON nesting of a payload survey reads.
const maxPayloadDepth = 32

// readPayload parses an entry's content text as JSON, checks that it is
// canonical, and checks it against its type's schema.
func (p *parser) readPayload(e *Entry, content *element) {
	text := content.text
	base := content.textLine
	v, err := canonjson.Parse(text, canonjson.Options{MaxDepth: maxPayloadDepth})
	if err != nil {
		je, _ := canonjson.AsError(err)
		line, msg := base, err.Error()
		if je != nil {
			line, msg = base+je.Line-1, je.Msg
		}
		switch {
		case je != nil && je.Kind == canonjson.ErrNonFinite:
			p.add(codePayloadNonFinite, line, "entry %q: %s", e.ID, msg)
		case je != nil && je.Kind == canonjson.ErrDepth:
			p.add(codePayloadTooDeep, line, "entry %q: the payload nests deeper than %d levels, which survey does not read; the entry is not applied", e.ID, maxPayloadDepth)
		default:
			p.add(codePayloadNotJSON, line, "entry %q: the content is not JSON: %s", e.ID, msg)
		}
		return
	}
	if v.Kind != canonjson.Object {
		p.add(codePayloadNotObject, base+v.Line-1, "entry %q: the payload is a JSON %s, not an object", e.ID, v.Kind)
		return
	}
	if dups := v.Duplicates(); len(dups) > 0 {
		for _, m := range dups {
			p.add(codePayloadDuplicateKey, base+m.Line-1, "entry %q: member %q appears twice in one object", e.ID, m.Key)
		}
		return
	}
	canon, err := canonjson.Append(nil, v)
	if err != nil { // unreachable: parsed values are finite, valid UTF-8, without duplicates
		p.add(codePayloadNotJSON, base, "entry %q: %v", e.ID, err)
		return
	}
	e.Payload = canon
	e.payload = v
	e.hasPayload = true
	e.Canonical = bytes.Equal(canon, text)
	if !e.Canonical {
		p.add(codeNonCanonical, base, "entry %q: the content is not in canonical form (%s)", e.ID, explainNonCanonical(text, canon))
	}
	p.checkSchema(e, v, base)
}

// explainNonCanonical says where served bytes first differ from their
// canonical form.
func explainNonCanonical(served, canon []byte) string {
	i := 0
	for i < len(served) && i < len(canon) && served[i] == canon[i] {
		i++
	}
	snippet := func(b []byte) string {
		end := min(len(b), i+12)
		s := b[i:end]
		for !utf8.Valid(s) && len(s) > 0 {
			s = s[:len(s)-1]
		}
		return string(s)
	}
	why := ""
	if i < len(served) {
		switch c := served[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			why = "white space; "
		case c == '\\':
			why = "an escape the canonical form does not use; "
		}
	}
	return fmt.Sprintf("%sat byte %d the content has %q where the canonical form has %q", why, i, snippet(served), snippet(canon))
}
