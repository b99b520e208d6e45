package robots

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dunglas/httpsfv"
)

// splitPath splits an extension value into an optional leading path pattern
// and the rest: when the value starts with "/", the path runs to the first
// SP or HTAB (draft-nottingham-plan-b §2, draft-ietf-aipref-attach §3.2).
func splitPath(value string) (path, rest string) {
	if !strings.HasPrefix(value, "/") {
		return "", value
	}
	i := indexSpace(value)
	if i < 0 {
		return value, ""
	}
	return value[:i], trimSpace(value[i:])
}

// parseAppDirectives parses an App-Directives value (the path removed) as an
// RFC 9651 List. Members that are Tokens become Apps with their parameters
// as directives; the others are returned as notTokens for diagnosis.
func parseAppDirectives(value string, line int) (apps []App, notTokens []string, err error) {
	list, err := httpsfv.UnmarshalList([]string{value})
	if err != nil {
		return nil, nil, err
	}
	for _, m := range list {
		item, ok := m.(httpsfv.Item)
		if !ok {
			s, _ := httpsfv.Marshal(m)
			notTokens = append(notTokens, s)
			continue
		}
		tok, ok := item.Value.(httpsfv.Token)
		if !ok {
			s, _ := httpsfv.Marshal(item)
			notTokens = append(notTokens, s)
			continue
		}
		app := App{ID: string(tok), Line: line, Directives: []Directive{}}
		if item.Params != nil {
			for _, name := range item.Params.Names() {
				v, _ := item.Params.Get(name)
				app.Directives = append(app.Directives, directive(name, v))
			}
		}
		apps = append(apps, app)
	}
	return apps, notTokens, nil
}

// directive converts one parameter to its JSON-friendly form.
func directive(name string, v any) Directive {
	d := Directive{Name: name, Value: v}
	switch v := v.(type) {
	case bool:
		d.Type = "boolean"
	case int64:
		d.Type = "integer"
	case float64:
		d.Type = "decimal"
	case string:
		d.Type = "string"
	case httpsfv.Token:
		d.Type, d.Value = "token", string(v)
	case []byte:
		d.Type = "byte-sequence"
	case time.Time:
		d.Type, d.Value = "date", v.Unix()
	case httpsfv.DisplayString:
		d.Type, d.Value = "display-string", string(v)
	default:
		d.Type, d.Value = "unknown", fmt.Sprint(v)
	}
	return d
}

// IsUsageCategory reports whether key is a usage category of the AI
// preferences vocabulary that survey records: train-ai and search (specs
// README; draft-ietf-aipref-vocab-08 §6.1 also has ai-use, which survey
// does not record, and earlier revisions had other labels; see
// UsageLabelNote).
func IsUsageCategory(key string) bool { return key == "train-ai" || key == "search" }

// UsageLabelNote says what an unrecorded key of a usage preference is when
// some revision of draft-ietf-aipref-vocab defines it, or when it is a
// signal of Cloudflare's Content-Signal written in a Content-Usage
// statement, for a diagnostic message; it returns "" for any other key. Under the current revision
// (-08) unknown labels are ignored (§6.4) and no category inherits from
// another (§5), so a label of an earlier revision, such as all=n or
// bots=n, leaves every category unknown.
func UsageLabelNote(key string) string {
	switch key {
	case "all":
		return "Automated Processing in draft-ietf-aipref-vocab-02, a label later revisions dropped; it no longer covers train-ai or search"
	case "bots":
		return "Automated Processing in draft-ietf-aipref-vocab-03 and -04, a label later revisions dropped; it no longer covers train-ai or search"
	case "train-genai":
		return "Generative AI Training in draft-ietf-aipref-vocab-02 and -03, a label later revisions dropped (train-ai now covers generative models)"
	case "ai-output":
		return "AI Output in draft-ietf-aipref-vocab-04, a label later revisions dropped"
	case "tdm", "ai", "genai", "inference":
		return "a label of draft-ietf-aipref-vocab-01 that later revisions dropped"
	case "ai-train":
		return "Content-Signal's name for AI training, with yes or no; Content-Usage writes train-ai=n or train-ai=y"
	case "ai-input":
		return "a signal of Content-Signal, with yes or no, which no Content-Usage category corresponds to"
	}
	return ""
}

// UsageValueNote says, for a diagnostic message, what is wrong with a
// member of UsagePreference.UnknownValues when the mistake is a common one:
// the value yes or no, which is how Content-Signal writes its signals,
// where Content-Usage takes the Token y or n. It returns "" otherwise.
func UsageValueNote(member string) string {
	_, value, _ := strings.Cut(member, "=")
	switch strings.ToLower(value) {
	case "yes", "no":
		return "yes and no are Content-Signal's values; Content-Usage writes y or n"
	}
	return ""
}

// UsagePreference is a statement of preference processed with the
// algorithm of draft-ietf-aipref-vocab-08 §6.5: the bytes are parsed as an
// RFC 9651 Dictionary (several field lines combined as RFC 9651 §4.2
// combines them, so that a key repeated anywhere takes its last value,
// §6.5.1); a recorded category is allowed for the Token y, disallowed for
// the Token n, and unknown for any other value (a Boolean, as for a key
// written alone, a String, a number, an Inner List, another Token);
// parameters are disregarded (§6.4, §6.5.2) and unknown keys ignored
// (§6.4). The vocabulary is case sensitive: an upper-case key fails to
// parse (§6.5.1), and Y or N is another Token.
type UsagePreference struct {
	// Preferences maps the recorded categories (IsUsageCategory) to "y" or
	// "n"; a category that is absent or has another value is left out.
	Preferences map[string]string
	// UnknownKeys are the keys that are neither recorded categories nor
	// Unrecorded ones, in order.
	UnknownKeys []string
	// Unrecorded are the members of the categories of the vocabulary that
	// survey does not record (ai-use, vocab-08 §4.2) whose value is the
	// Token y or n, serialized ("ai-use=y"): valid preferences, left out of
	// Preferences.
	Unrecorded []string
	// UnknownValues are the members of categories (recorded or not) whose
	// value is not the Token y or n, serialized ("train-ai", `search="n"`,
	// "ai-use=yes").
	UnknownValues []string
	// CategoryParams are the members with a parameter named after a
	// recorded category, serialized ("train-ai=n;search=y"): a ";" written
	// for the "," that separates members, so that the parameter's
	// preference is disregarded (§6.5.2).
	CategoryParams []string
}

// ParseUsagePreference processes the field lines of a Content-Usage header,
// or the statement of preference of a robots.txt Content-Usage rule (one
// line), as UsagePreference describes. A value that is not a Dictionary is
// an error: its preferences are all unknown.
func ParseUsagePreference(lines ...string) (UsagePreference, error) {
	td, err := parseTokenDictionary(lines, isUsageVocabulary, func(_, tok string) bool { return tok == "y" || tok == "n" })
	up := UsagePreference{Preferences: td.values, UnknownKeys: td.unknownKeys, UnknownValues: td.unknownValues, CategoryParams: td.keyParams}
	for key, tok := range td.values {
		if !IsUsageCategory(key) {
			delete(up.Preferences, key)
			up.Unrecorded = append(up.Unrecorded, key+"="+tok)
		}
	}
	if len(up.Preferences) == 0 {
		up.Preferences = nil
	}
	slices.Sort(up.Unrecorded)
	return up, err
}

// isUsageVocabulary reports whether key is a category of the current
// vocabulary (draft-ietf-aipref-vocab-08 §4): the recorded ones and ai-use.
func isUsageVocabulary(key string) bool { return IsUsageCategory(key) || key == "ai-use" }

// tokenDictionary is a parsed RFC 9651 Dictionary of Tokens, as the
// statements of Content-Usage and Content-Signal are.
type tokenDictionary struct {
	values        map[string]string // known keys with an accepted Token
	unknownKeys   []string          // the other keys, in order
	unknownValues []string          // known keys' other values, serialized
	keyParams     []string          // members with a parameter named like a known key, serialized
}

// parseTokenDictionary parses field lines as one Dictionary (RFC 9651
// §4.2: a repeated key takes its last value) and sorts its members by
// known, a key's test, and accept, a known key's Token's test; parameters
// are disregarded but for being named like a known key (a ";" written for
// ",").
func parseTokenDictionary(lines []string, known func(key string) bool, accept func(key, tok string) bool) (tokenDictionary, error) {
	var td tokenDictionary
	dict, err := httpsfv.UnmarshalDictionary(lines)
	if err != nil {
		return td, err
	}
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		if paramNamed(m, known) {
			td.keyParams = append(td.keyParams, serializeMember(key, m))
		}
		if !known(key) {
			td.unknownKeys = append(td.unknownKeys, key)
			continue
		}
		item, ok := m.(httpsfv.Item)
		tok, isToken := item.Value.(httpsfv.Token)
		if ok && isToken && accept(key, string(tok)) {
			if td.values == nil {
				td.values = map[string]string{}
			}
			td.values[key] = string(tok)
			continue
		}
		td.unknownValues = append(td.unknownValues, serializeMember(key, m))
	}
	return td, nil
}

// paramNamed reports whether dictionary member m has a parameter whose
// name satisfies isKey: a member such as "search=yes;ai-train=no", where a
// ";" was written for ",".
func paramNamed(m httpsfv.Member, isKey func(string) bool) bool {
	var params *httpsfv.Params
	switch v := m.(type) {
	case httpsfv.Item:
		params = v.Params
	case httpsfv.InnerList:
		params = v.Params
	}
	if params == nil {
		return false
	}
	for _, name := range params.Names() {
		if isKey(name) {
			return true
		}
	}
	return false
}

// serializeMember renders one dictionary member for a message.
func serializeMember(key string, m httpsfv.Member) string {
	d := httpsfv.NewDictionary()
	d.Add(key, m)
	s, err := httpsfv.Marshal(d)
	if err != nil {
		return key
	}
	return s
}

// contentSignalValues are the values of each content signal: yes and no
// for the three signals of the Content Signals Policy (search, ai-input,
// ai-train), and for use, the later signal of how AI systems may consume
// the content, immediate, reference and full (Cloudflare's managed
// robots.txt policy text: "use: how AI systems may consume the content
// (immediate, reference, or full)"; Cloudflare changelog 2026-08-31, "the
// use directive of the Content Signals standard"), each list from the most
// restrictive.
var contentSignalValues = map[string][]string{
	"search":   {"no", "yes"},
	"ai-input": {"no", "yes"},
	"ai-train": {"no", "yes"},
	"use":      {"immediate", "reference", "full"},
}

// isContentSignalKey reports whether key is a content signal.
func isContentSignalKey(key string) bool {
	_, ok := contentSignalValues[key]
	return ok
}

// contentSignalRank returns the position of value among the values of
// signal key, 0 being the most restrictive, or -1 when it is not one.
func contentSignalRank(key, value string) int {
	for i, v := range contentSignalValues[key] {
		if v == value {
			return i
		}
	}
	return -1
}

// contentSignal is the outcome of parsing a Content-Signal value.
type contentSignal struct {
	signals       map[string]string
	unknownKeys   []string
	unknownValues []string
	signalParams  []string // members with a parameter named after a signal
}

// parseContentSignal parses a Content-Signal value, a comma-separated list
// of key=value signals such as "search=yes, ai-train=no". The syntax is that
// of an RFC 9651 Dictionary whose values are Tokens, so it is parsed as one:
// a repeated key takes its last value, parameters are disregarded, and keys
// and values are case sensitive (the policy writes them in lower case).
func parseContentSignal(value string) (contentSignal, error) {
	td, err := parseTokenDictionary([]string{value}, isContentSignalKey, func(key, tok string) bool { return contentSignalRank(key, tok) >= 0 })
	if err != nil {
		return contentSignal{}, err
	}
	if len(td.values)+len(td.unknownKeys)+len(td.unknownValues) == 0 {
		return contentSignal{}, errors.New("no signals")
	}
	return contentSignal{signals: td.values, unknownKeys: td.unknownKeys, unknownValues: td.unknownValues, signalParams: td.keyParams}, nil
}
