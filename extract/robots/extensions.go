package robots

import (
	"errors"
	"fmt"
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

// sfError shortens an httpsfv parse error for a diagnostic message.
func sfError(err error) string {
	var ue *httpsfv.UnmarshalError
	if errors.As(err, &ue) {
		return ue.Error()
	}
	return err.Error()
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

// isContentUsageCategory reports whether key is a usage category of the AI
// preferences vocabulary that survey recognises (specs README: vocabulary
// train-ai, search with values y/n).
func isContentUsageCategory(key string) bool { return key == "train-ai" || key == "search" }

// contentUsage is the outcome of parsing a Content-Usage preference
// expression.
type contentUsage struct {
	prefs         map[string]string
	unknownKeys   []string
	unknownValues []string // "key=value" as serialized
}

// parseContentUsage parses a usage preference expression as an RFC 9651
// Dictionary and applies the vocabulary's processing algorithm: a category
// is allowed for the Token y, disallowed for n, and unknown otherwise;
// parameters are ignored; unknown keys are ignored.
func parseContentUsage(value string) (contentUsage, error) {
	var cu contentUsage
	dict, err := httpsfv.UnmarshalDictionary([]string{value})
	if err != nil {
		return cu, err
	}
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		if !isContentUsageCategory(key) {
			cu.unknownKeys = append(cu.unknownKeys, key)
			continue
		}
		item, ok := m.(httpsfv.Item)
		tok, isToken := item.Value.(httpsfv.Token)
		if ok && isToken && (tok == "y" || tok == "n") {
			if cu.prefs == nil {
				cu.prefs = map[string]string{}
			}
			cu.prefs[key] = string(tok)
			continue
		}
		cu.unknownValues = append(cu.unknownValues, serializeMember(key, m))
	}
	return cu, nil
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

// isContentSignalKey reports whether key is a signal of Cloudflare's
// Content Signals Policy.
func isContentSignalKey(key string) bool {
	return key == "search" || key == "ai-input" || key == "ai-train"
}

// contentSignal is the outcome of parsing a Content-Signal value.
type contentSignal struct {
	signals       map[string]string
	unknownKeys   []string
	unknownValues []string
}

// parseContentSignal parses a Content-Signal value, a comma-separated list
// of key=value signals such as "search=yes, ai-train=no". The syntax is that
// of an RFC 9651 Dictionary whose values are Tokens, so it is parsed as one.
func parseContentSignal(value string) (contentSignal, error) {
	var cs contentSignal
	dict, err := httpsfv.UnmarshalDictionary([]string{value})
	if err != nil {
		return cs, err
	}
	if len(dict.Names()) == 0 {
		return cs, errors.New("no signals")
	}
	for _, key := range dict.Names() {
		m, _ := dict.Get(key)
		if !isContentSignalKey(key) {
			cs.unknownKeys = append(cs.unknownKeys, key)
			continue
		}
		item, ok := m.(httpsfv.Item)
		tok, isToken := item.Value.(httpsfv.Token)
		if ok && isToken && (tok == "yes" || tok == "no") {
			if cs.signals == nil {
				cs.signals = map[string]string{}
			}
			cs.signals[key] = string(tok)
			continue
		}
		cs.unknownValues = append(cs.unknownValues, serializeMember(key, m))
	}
	return cs, nil
}
