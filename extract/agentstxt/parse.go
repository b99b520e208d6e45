package agentstxt

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/pathnorm"
	"github.com/agentpolicy/survey/extract/internal/textsniff"
)

// Options is what Parse may know about the bytes besides the bytes. The
// zero Options describes a local file.
type Options struct {
	// ContentType is the Content-Type response header, if any.
	ContentType string
	// Served is true when the bytes came in an HTTP response, so that a
	// missing Content-Type header is diagnosed (a local file has none).
	Served bool
}

// Effective is the effective policy of a file.
type Effective string

// The effective policies.
const (
	// Restricted: the file is invalid (missing hash, hash mismatch,
	// directive syntax error, ...), so a conforming agent treats the whole
	// site as restricted (§5).
	Restricted Effective = "restricted"
	// Rules: the file is valid and has directives.
	Rules Effective = "rules"
	// Open: the file is valid and has no directive (its hash is the
	// SHA-256 of the empty string).
	Open Effective = "open"
	// NotAgentsTxt: the file plainly follows another convention (see
	// File.OtherFormat) and is neither a valid nor a broken agents.txt.
	NotAgentsTxt Effective = "other-format"
)

// File is a parsed agents.txt file. Its JSON form is part of the `survey
// check --format json` contract.
type File struct {
	// Effective is the effective policy.
	Effective Effective `json:"effective"`
	// OtherFormat names the convention the file follows instead of
	// agents.txt (OtherRobotsStyle, ...); empty for an agents.txt file.
	OtherFormat string `json:"other_format,omitempty"`
	// Hash is the declared and computed digest.
	Hash Hash `json:"hash"`
	// Directives are the directive lines in file order, including
	// malformed ones (marked Malformed).
	Directives []Directive `json:"directives"`
	// Metadata are the "# key: value" comments in file order (§4).
	Metadata []Metadata `json:"metadata"`
	// Lines is the number of lines of the file.
	Lines int `json:"lines"`
}

// Action is a directive's action.
type Action string

// The actions of §6.
const (
	Allow    Action = "ALLOW"
	Disallow Action = "DISALLOW"
)

// Directive is one "<path> <action> [key=value ...]" line (§6).
type Directive struct {
	Line int `json:"line"`
	// Path is the first field, as written.
	Path string `json:"path"`
	// Action is the second field, as written (ALLOW or DISALLOW in a valid
	// file); empty when missing.
	Action Action `json:"action"`
	// Params are the key=value fields in order; a field without "=" has
	// an empty Value.
	Params []Param `json:"params,omitempty"`
	// Malformed is true when the line has a syntax error.
	Malformed bool `json:"malformed,omitempty"`
}

// Param is one key=value parameter of a directive.
type Param struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Metadata is one "# key: value" comment (§4). Keys are lower-cased.
type Metadata struct {
	Line  int    `json:"line"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// The metadata keys the draft names (§4).
const (
	MetaVersion     = "version"
	MetaGeneratedBy = "generated-by"
	MetaGracePeriod = "grace-period"
)

// Meta returns the value of the first metadata comment with key.
func (f *File) Meta(key string) (string, bool) {
	for _, m := range f.Metadata {
		if m.Key == key {
			return m.Value, true
		}
	}
	return "", false
}

// Valid reports whether the file is a valid agents.txt file: its effective
// policy is Rules or Open.
func (f *File) Valid() bool { return f.Effective == Rules || f.Effective == Open }

// Parse parses an agents.txt file. It never panics, runs in time linear in
// len(body) and reports every finding as a diagnostic. The result's
// Effective is Restricted exactly when a diagnostic is an error, and
// NotAgentsTxt when the file plainly follows another convention (then no
// agents.txt syntax diagnostics are reported).
func Parse(body []byte, opts Options) (*File, diag.List) {
	var diags diag.List
	checkContentType(opts.ContentType, opts.Served, &diags)
	if kind := textsniff.NotText(body); kind != "" {
		// Not UTF-8 text at all (UTF-16, binary): a broken agents.txt,
		// not another convention, and one diagnostic, not one per line.
		diags.Add(codeNotText, 0, "the body is not UTF-8 text (%s); agents.txt files are UTF-8 text (§2), so it is malformed and the site restricted (§5)", kind)
		return &File{Lines: countLines(body), Directives: []Directive{}, Metadata: []Metadata{}, Hash: Hash{Status: HashMissing}, Effective: Restricted}, diags
	}
	text := body
	if strings.HasPrefix(string(body[:min(len(body), len(bom))]), bom) {
		text = body[len(bom):]
		diags.Add(codeBOM, 1, "the file starts with a UTF-8 byte order mark; it is ignored")
	}
	lines := splitLines(text)
	f := &File{Lines: countLines(body), Directives: []Directive{}, Metadata: []Metadata{}, Hash: Hash{Status: HashMissing}}
	checkBytes(lines, &diags)
	hashLine := findHashLine(lines)
	f.Hash.Computed = hashInput{}.digest(lines, hashLine)
	if other := otherFormat(text, lines); other != "" {
		f.OtherFormat = other
		f.Effective = NotAgentsTxt
		if other == OtherDeclared {
			diags.Add(codeOtherFormat, 0, "the file holds comments only, and one names another specification it follows (%s): not agents.txt", other)
		} else {
			diags.Add(codeOtherFormat, 0, "the file follows another convention (%s), not agents.txt", other)
		}
		return f, diags
	}
	parseMetadata(f, lines, &diags)
	p := parser{f: f, diags: &diags}
	p.hash(lines, hashLine)
	p.directives(lines, hashLine)
	switch {
	case diags.HasErrors():
		f.Effective = Restricted
	case len(f.Directives) == 0:
		f.Effective = Open
	default:
		f.Effective = Rules
	}
	// The effective policy is read from the whole list; the caller gets
	// at most diag.MaxPerCode of each code, so that junk does not yield
	// diagnostics per line.
	return f, diag.Cap(diags)
}

// emptyDigest is the SHA-256 of empty input, the digest of the draft's §9
// example.
const emptyDigest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

// parser holds the state of one parse.
type parser struct {
	f     *File
	diags *diag.List
}

// hash checks the hash line: its place (§3), its syntax (§3) and its digest
// (§5, §7), and looks for a near miss when the digest does not match.
func (p *parser) hash(lines []line, hashLine int) {
	firstContent := -1
	for i, l := range lines {
		if l.kind == kindContent {
			firstContent = i
			break
		}
	}
	switch {
	case firstContent < 0:
		p.diags.Add(codeEmpty, 0, "the file has no hash line and no directive; a conforming agent treats the whole site as restricted")
		return
	case hashLine < 0:
		p.diags.Add(codeMissingHash, lines[firstContent].num, "the first line that is not a comment or blank must be the hash line (\"*\" and the SHA-256 digest); the file has none (the digest of this file is %s)", p.f.Hash.Computed)
		return
	case hashLine != firstContent:
		p.diags.Add(codeHashNotFirst, lines[hashLine].num, "the hash line must be the first line that is not a comment or blank; line %d comes before it", lines[firstContent].num)
	}
	l := lines[hashLine]
	h := &p.f.Hash
	h.Line = l.num
	h.Status = HashSyntax
	trimmed := strings.TrimSpace(l.text)
	h.Declared = trimmed[1:]
	if trimmed != l.text {
		p.diags.Add(codeIrregularWhitespace, l.num, "the hash line has leading or trailing white space")
	}
	// comparable is the declared digest in lowercase when it is 64 hex
	// digits after optional white space; "" when it cannot be compared.
	comparable := ""
	candidate := strings.TrimSpace(h.Declared)
	if len(candidate) == 64 && strings.IndexFunc(candidate, func(r rune) bool { return r > unicode.MaxASCII || !pathnorm.IsHex(byte(r)) }) < 0 {
		comparable = strings.ToLower(candidate)
	}
	syntaxOK := false
	switch {
	case comparable != "" && candidate == h.Declared && comparable != candidate:
		p.diags.Add(codeHashUppercase, l.num, "the digest has uppercase hex digits; the draft requires lowercase")
	case comparable != "" && candidate == h.Declared:
		syntaxOK = true
	case comparable != "":
		p.diags.Add(codeHashSyntax, l.num, "white space between \"*\" and the digest; the hash line is \"*\" immediately followed by the 64 hex digits")
	default:
		p.diags.Add(codeHashSyntax, l.num, "the hash line must be \"*\" followed by exactly 64 lowercase hex digits; found %s", describeDigest(h.Declared))
	}
	if comparable == "" {
		return
	}
	if syntaxOK {
		h.Status = HashMismatch
	}
	if syntaxOK && comparable == h.Computed {
		h.Matched = true
		h.Status = HashMatch
		return
	}
	if comparable == h.Computed {
		h.NearMiss = NearMissHashLineSyntax
		if candidate == h.Declared {
			h.NearMiss = NearMissUppercase
		}
		p.diags.Add(codeHashNearMiss, l.num, "near miss %q: the digest is the canonical one, but the hash line is malformed", h.NearMiss)
		return
	}
	note := ""
	if comparable == emptyDigest {
		note = " (the declared digest is the SHA-256 of empty input, as in the draft's §9 example)"
	}
	p.diags.Add(codeHashMismatch, l.num, "the declared digest %s is not the SHA-256 of the file without its hash line, comments and blank lines (%s)%s; a conforming agent treats the whole site as restricted", candidate, h.Computed, note)
	if nm := nearMiss(comparable, lines, hashLine); nm != "" {
		h.NearMiss = nm
		p.diags.Add(codeHashNearMiss, l.num, "near miss %q: the declared digest is the SHA-256 of %s", nm, describeNearMiss(nm))
	}
}

// describeDigest describes a malformed digest for a message.
func describeDigest(d string) string {
	if d == "" {
		return "nothing after \"*\""
	}
	n := len([]rune(d))
	for _, r := range d {
		if r > unicode.MaxASCII || !pathnorm.IsHex(byte(r)) {
			return "a non-hex character " + strconv.QuoteRune(r) + " in " + strconv.Itoa(n) + " characters"
		}
	}
	return strconv.Itoa(n) + " hex digits"
}

// describeNearMiss explains a near-miss name for a message.
func describeNearMiss(nm NearMiss) string {
	switch nm {
	case NearMissRawWithoutHashLine:
		return "the file as served minus its hash line"
	case NearMissRawAfterHashLine:
		return "the bytes after the hash line, as served (comments, blank lines and line ends included)"
	}
	var parts []string
	for _, part := range strings.Split(string(nm), "+") {
		switch NearMiss(part) {
		case NearMissTrailingNewline:
			parts = append(parts, "with a trailing newline")
		case NearMissCommentsKept:
			parts = append(parts, "with comment lines kept")
		case NearMissBlankLinesKept:
			parts = append(parts, "with blank lines kept")
		case NearMissCRKept:
			parts = append(parts, "with the CR of CRLF line ends kept")
		case NearMissCRLFJoined:
			parts = append(parts, "with lines joined by CRLF")
		case NearMissWhitespaceTrimmed:
			parts = append(parts, "with white space trimmed from each line")
		}
	}
	return "the hash input " + strings.Join(parts, ", ")
}
