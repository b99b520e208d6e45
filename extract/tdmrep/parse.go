package tdmrep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract/internal/lines"
)

// The fields of a rule.
const (
	fieldLocation    = "location"
	fieldReservation = "tdm-reservation"
	fieldPolicy      = "tdm-policy"
)

// Parse parses a tdmrep.json file. It never fails: problems are reported
// as diagnostics, and the File holds the rules that could be read.
func Parse(data []byte) (*File, diag.List) {
	p := &parser{f: &File{Rules: []Rule{}}}
	if len(data) > MaxBytes {
		p.diags.Add(codeTooLarge, 0, "the file is %d bytes; files over %d bytes are not parsed", len(data), MaxBytes)
		return p.f, p.diags.Sorted()
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		p.diags.Add(codeBOM, 1, "the file starts with a UTF-8 byte order mark")
		data = data[3:]
	}
	p.data = data
	p.size = len(data)
	p.lines = lines.New(data)
	if bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")) {
		// A UTF-16 byte order mark: one diagnostic that says why, not
		// the decoder's complaint about the mark.
		p.diags.Add(codeNotJSON, 0, "the file is UTF-16 text (it starts with a byte order mark); JSON exchanged between systems is UTF-8 (RFC 8259 §8.1): save it as UTF-8")
		return p.f, p.diags.Sorted()
	}
	if !utf8.Valid(data) {
		p.diags.Add(codeInvalidUTF8, p.lineAt(firstInvalidUTF8(data)), "the file is not valid UTF-8 (first invalid byte here)")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		p.diags.Add(codeNotJSON, 0, "the file is empty")
		return p.f, p.diags.Sorted()
	}
	p.dec = json.NewDecoder(bytes.NewReader(data))
	p.dec.UseNumber()
	p.run()
	p.checkRules()
	return p.f, p.diags.Sorted()
}

// parser holds the state of one Parse call.
type parser struct {
	f        *File
	diags    diagnostics
	dec      *json.Decoder
	data     []byte       // the decoder's input
	values   []valueLines // per kept rule, where its values start
	lines    lines.Index  // where the lines of the input end
	size     int          // length of the decoder's input
	elements int          // elements of the rules array seen
	nest     int          // 1 when the rules array is a member of a wrapper object
	failed   bool         // a syntax error or a limit stopped decoding
	dropped  bool         // rules beyond MaxRules were seen
}

// valueLines holds the lines where a rule's location and tdm-policy
// values start (0 when absent), for the diagnostics about them.
type valueLines struct {
	location, policy int
}

// errStop is returned once decoding has stopped; the reason is already
// reported.
var errStop = errors.New("stop")

// run decodes the top-level value.
func (p *parser) run() {
	tok, err := p.token()
	if err != nil {
		return
	}
	switch tok {
	case json.Delim('['):
		p.f.Array = true
		for p.dec.More() {
			if p.element() != nil {
				return
			}
		}
		if _, err := p.token(); err != nil { // ']'
			return
		}
		if p.elements == 0 {
			p.diags.Add(codeNoRules, p.lineAt(p.offset()-1), "the array holds no rule: tdm-reservation is unset for every path")
		}
	case json.Delim('{'):
		line := p.lineAt(p.offset() - 1)
		if key, ok := wrapperKey(p.data); ok {
			p.diags.Add(codeNotArray, line, "the file is an object, not an array of rules; the array of its member %q is read as the rules", diag.Clip(key))
			if p.wrapped(key) != nil {
				return
			}
			break
		}
		p.diags.Add(codeNotArray, line, "the file is a single object, not an array of rules; it is read as one rule")
		if p.object(line, true) != nil {
			return
		}
	default:
		p.diags.Add(codeNotArray, p.lineAt(p.offset()-1), "the file is %s, not an array of rules", describe(tok))
	}
	if _, err := p.dec.Token(); err != io.EOF {
		p.diags.Add(codeNotJSON, p.lineAt(p.offset()), "data after the top-level value")
		return
	}
	p.f.Complete = !p.failed && !p.dropped
}

// element decodes one element of the rules array.
func (p *parser) element() error {
	tok, err := p.token()
	if err != nil {
		return err
	}
	p.elements++
	line := p.lineAt(p.offset() - 1)
	if tok != json.Delim('{') {
		p.diags.Add(codeRuleNotObject, line, "element %d of the array is %s, not a rule object", p.elements, describe(tok))
		return p.skip(tok, 2+p.nest)
	}
	return p.object(line, len(p.f.Rules) < MaxRules)
}

// wrapperKey reports whether data is an object that wraps the rules array
// (such as {"policies": [...]}), and under which member: the object has
// none of the rule fields, in any case, and exactly one member whose value
// is an array, of which the first element is an object with a rule field
// (an array of ODRL permissions or of other conventions' entries is not
// taken for rules).
func wrapperKey(data []byte) (string, bool) {
	var members map[string]json.RawMessage
	if json.Unmarshal(data, &members) != nil || hasRuleField(members) {
		return "", false
	}
	key, arrays := "", 0
	for k, v := range members {
		if len(v) > 0 && v[0] == '[' {
			arrays++
			key = k
		}
	}
	if arrays != 1 {
		return "", false
	}
	var elems []map[string]json.RawMessage
	if json.Unmarshal(members[key], &elems) != nil || len(elems) == 0 || !hasRuleField(elems[0]) {
		return "", false
	}
	return key, true
}

// hasRuleField reports whether an object has a member named like a rule
// field, in any case.
func hasRuleField(members map[string]json.RawMessage) bool {
	for k := range members {
		if strings.EqualFold(k, fieldLocation) || strings.EqualFold(k, fieldReservation) || strings.EqualFold(k, fieldPolicy) {
			return true
		}
	}
	return false
}

// wrapped decodes the members of a wrapper object whose '{' was just read:
// the elements of the array under key are read as the rules, the other
// members are skipped.
func (p *parser) wrapped(key string) error {
	p.nest = 1
	done := false
	for p.dec.More() {
		tok, err := p.token()
		if err != nil {
			return err
		}
		val, err := p.token()
		if err != nil {
			return err
		}
		if name, _ := tok.(string); name != key || done || val != json.Delim('[') {
			if err := p.skip(val, 2); err != nil {
				return err
			}
			continue
		}
		done = true
		for p.dec.More() {
			if err := p.element(); err != nil {
				return err
			}
		}
		if _, err := p.token(); err != nil { // ']'
			return err
		}
	}
	_, err := p.token() // '}'
	return err
}

// ruleNumber returns the 1-based number of the element being read.
func (p *parser) ruleNumber() int { return len(p.f.Rules) + 1 }

// object decodes a rule object whose '{' was just read. When keep is
// false the object is checked for syntax only (MaxRules was reached).
func (p *parser) object(line int, keep bool) error {
	if !keep {
		if !p.dropped {
			p.dropped = true
			p.diags.Add(codeTooManyRules, line, "more than %d rules; the rest are not kept, so the effective label is unset", MaxRules)
		}
		return p.skip(json.Delim('{'), 2+p.nest)
	}
	r := Rule{Line: line}
	var lines valueLines
	n := p.ruleNumber()
	seen := map[string]bool{}
	hasLocation, hasReservation := false, false
	for p.dec.More() {
		tok, err := p.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		keyLine := p.lineAt(p.offset() - 1)
		valLine := p.lineAt(p.valueStart(p.offset()))
		val, err := p.token()
		if err != nil {
			return err
		}
		dup := seen[key]
		if dup {
			p.diags.Add(codeDuplicateField, keyLine, "rule %d has %q twice; the last value is used", n, key)
		}
		seen[key] = true
		switch key {
		case fieldLocation:
			r.Location, hasLocation = nil, true
			lines.location = valLine
			if s, ok := val.(string); ok {
				r.Location = &s
			} else {
				p.diags.Add(codeLocationType, valLine, "rule %d: location is %s, not a string", n, describe(val))
			}
		case fieldReservation:
			r.Reservation, hasReservation = nil, true
			p.reservation(&r, n, valLine, val)
		case fieldPolicy:
			r.Policy = ""
			lines.policy = valLine
			if s, ok := val.(string); ok {
				r.Policy = s
			} else {
				p.diags.Add(codePolicyType, valLine, "rule %d: tdm-policy is %s, not a string; it is ignored", n, describe(val))
			}
		default:
			switch {
			case strings.EqualFold(key, fieldLocation), strings.EqualFold(key, fieldReservation), strings.EqualFold(key, fieldPolicy):
				p.diags.Add(codeFieldNameCase, keyLine, "rule %d: field %q is not %q: JSON names are case-sensitive", n, key, strings.ToLower(key))
			default:
				p.diags.Add(codeUnknownField, keyLine, "rule %d: unknown field %q is ignored%s", n, key, hint(key))
			}
			if !dup {
				r.Unknown = append(r.Unknown, key)
			}
		}
		if err := p.skip(val, 3+p.nest); err != nil {
			return err
		}
	}
	if _, err := p.token(); err != nil { // '}'
		return err
	}
	if !hasLocation {
		p.diags.Add(codeMissingLocation, line, "rule %d has no location; it never matches (a rule for the whole site has \"location\": \"/\")", n)
	}
	if !hasReservation {
		p.diags.Add(codeMissingReservation, line, "rule %d has no tdm-reservation; a path it matches has the reservation unset", n)
	}
	p.f.Rules = append(p.f.Rules, r)
	p.values = append(p.values, lines)
	return nil
}

// reservation checks and records a tdm-reservation value.
func (p *parser) reservation(r *Rule, n, line int, val json.Token) {
	switch v := val.(type) {
	case json.Number:
		switch v.String() {
		case "0", "1":
			x := int(v.String()[0] - '0')
			r.Reservation = &x
		default:
			p.diags.Add(codeReservationValue, line, "rule %d: tdm-reservation is %s; only 0 and 1 are defined, so it is unset", n, v)
		}
	default:
		p.diags.Add(codeReservationType, line, "rule %d: tdm-reservation is %s, not the integer 0 or 1, so it is unset", n, describe(val))
	}
}

// checkRules runs the checks that need the whole rule: patterns, policy
// URLs, duplicate and unreachable rules. Each diagnostic carries the line
// where the value it is about starts: the location's for the pattern
// checks, the tdm-policy's for the policy checks.
func (p *parser) checkRules() {
	uses := ruleUses(p.f.Rules)
	for i, r := range p.f.Rules {
		n := i + 1
		lines := p.values[i]
		if r.Policy != "" {
			if why := PolicyProblem(r.Policy); why != "" {
				p.diags.Add(codePolicyNotAbsolute, lines.policy, "rule %d: tdm-policy %q %s", n, diag.Clip(r.Policy), why)
			}
			if r.Reservation != nil && *r.Reservation == 0 {
				p.diags.Add(codePolicyIgnored, lines.policy, "rule %d: tdm-policy with tdm-reservation 0; agents should not process it", n)
			}
		}
		switch u := uses[i]; u.why {
		case ruleEmptyLocation:
			p.diags.Add(codeLocationEmpty, lines.location, "rule %d: the location is empty and matches no path", n)
		case ruleNotPath:
			p.diags.Add(codeLocationNotPath, lines.location, "rule %d: location %q does not start with \"/\" or \"*\"; it matches no path", n, diag.Clip(*r.Location))
		case ruleDotSegment:
			p.diags.Add(codeDotSegmentLocation, lines.location, "rule %d: location %q holds a \".\" or \"..\" segment, which an agent's HTTP client removes from every URL it requests (RFC 3986 §5.2.4); it matches no path", n, diag.Clip(*r.Location))
		case ruleDuplicate:
			p.diags.Add(codeDuplicateLocation, lines.location, "rule %d has the same location as rule %d, which is used first", n, u.by+1)
		case ruleCovered:
			p.diags.Add(codeUnreachableRule, lines.location, "rule %d (%q) is never used: rule %d (%q) matches every path it matches and comes first",
				n, diag.Clip(*r.Location), u.by+1, diag.Clip(*p.f.Rules[u.by].Location))
		}
	}
}

// PolicyProblem says why a tdm-policy (of tdmrep.json, or of the TDMRep
// header or meta tag) is not an absolute http(s) URL, or returns "".
func PolicyProblem(s string) string {
	u, err := url.Parse(s)
	switch {
	case s == "":
		return "is empty"
	case err != nil:
		return "is not a URL"
	case u.Scheme == "":
		return "is a relative URL"
	case !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https"):
		return fmt.Sprintf("has scheme %q, not http or https", u.Scheme)
	case u.Host == "":
		return "has no host"
	}
	return ""
}

// token reads the next token, reporting a syntax error once.
func (p *parser) token() (json.Token, error) {
	if p.failed {
		return nil, errStop
	}
	tok, err := p.dec.Token()
	if err == nil {
		return tok, nil
	}
	p.failed = true
	off := p.offset()
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		off = int(syn.Offset) - 1
		p.diags.Add(codeNotJSON, p.lineAt(off), "not JSON: %v", syn)
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		p.diags.Add(codeNotJSON, p.lineAt(p.end()), "not JSON: the file ends in the middle of a value")
	default:
		p.diags.Add(codeNotJSON, p.lineAt(off), "not JSON: %v", err)
	}
	return nil, errStop
}

// skip consumes the rest of a value whose first token was tok, at nesting
// depth depth (the depth the value would open).
func (p *parser) skip(tok json.Token, depth int) error {
	d, ok := tok.(json.Delim)
	if !ok || d == ']' || d == '}' {
		return nil
	}
	open := 1
	if depth > MaxDepth {
		return p.tooDeep()
	}
	for open > 0 {
		t, err := p.token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '[', '{':
				open++
				if depth+open-1 > MaxDepth {
					return p.tooDeep()
				}
			default:
				open--
			}
		}
	}
	return nil
}

// tooDeep reports the depth limit and stops decoding.
func (p *parser) tooDeep() error {
	p.failed = true
	p.diags.Add(codeTooDeep, p.lineAt(p.offset()-1), "values are nested more than %d levels deep; parsing stops here", MaxDepth)
	return errStop
}

// valueStart returns the offset where the value of an object member
// starts, given the offset just after its name: past white space, the
// colon and white space again.
func (p *parser) valueStart(off int) int {
	colon := false
	for ; off < len(p.data); off++ {
		switch c := p.data[off]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == ':' && !colon:
			colon = true
		default:
			return off
		}
	}
	return off
}

// offset returns the decoder's offset in the input.
func (p *parser) offset() int { return int(p.dec.InputOffset()) }

// end returns the offset of the last byte of the input that is not a
// trailing newline.
func (p *parser) end() int {
	end := p.size - 1
	if p.lines.IsEnd(end) {
		end--
	}
	return end
}

// lineAt returns the 1-based line of a byte offset in the decoder's input;
// LF, CRLF and CR each end a line.
func (p *parser) lineAt(off int) int {
	if off < 0 {
		off = 0
	}
	return p.lines.Line(off)
}

// firstInvalidUTF8 returns the offset of the first byte that is not part
// of a valid UTF-8 sequence.
func firstInvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// describe names the JSON type of a token for messages.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return fmt.Sprintf("the string %q", diag.Clip(v))
	case json.Number:
		return "the number " + v.String()
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", tok)
}

// hint suggests the field an unknown name may stand for.
func hint(key string) string {
	switch strings.ToLower(key) {
	case "tdm-a", "tdm_reservation", "tdmreservation", "reservation", "tdm:reservation":
		return " (did you mean \"tdm-reservation\"?)"
	case "tdm-b", "tdm_policy", "tdmpolicy", "policy", "tdm:policy":
		return " (did you mean \"tdm-policy\"?)"
	case "path", "pattern", "url":
		return " (did you mean \"location\"?)"
	}
	return ""
}
