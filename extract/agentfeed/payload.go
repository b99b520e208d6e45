package agentfeed

import (
	"net/url"
	"sort"
	"strings"

	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// fields reads the members of a payload object, reporting missing and
// mistyped ones against one entry.
type fields struct {
	p    *parser
	e    *Entry
	obj  canonjson.Value
	base int // line of the content text, to which value lines are relative
	ok   bool
}

func (r *fields) line(v canonjson.Value) int { return r.base + v.Line - 1 }

// str returns a required non-empty string member.
func (r *fields) str(name string) string {
	v, ok := r.obj.Get(name)
	switch {
	case !ok:
		r.ok = false
		r.p.add(codePayloadMissingField, r.line(r.obj), "entry %q: the %s payload has no %q", r.e.ID, r.e.Type, name)
	case v.Kind != canonjson.String:
		r.ok = false
		r.p.add(codePayloadFieldType, r.line(v), "entry %q: %q is %s, not a string", r.e.ID, name, v.Kind.WithArticle())
	case v.Str == "":
		r.ok = false
		r.p.add(codePayloadMissingField, r.line(v), "entry %q: %q is empty", r.e.ID, name)
	default:
		return v.Str
	}
	return ""
}

// optional returns an optional member that is a string or null ("" for
// null or absent).
func (r *fields) optional(name string) string {
	v, ok := r.obj.Get(name)
	if !ok || v.Kind == canonjson.Null {
		return ""
	}
	if v.Kind != canonjson.String {
		r.ok = false
		r.p.add(codePayloadFieldType, r.line(v), "entry %q: %q is %s, not a string or null", r.e.ID, name, v.Kind.WithArticle())
		return ""
	}
	return v.Str
}

// timestamp returns a required RFC 3339 member.
func (r *fields) timestamp(name string) string {
	s := r.str(name)
	if s == "" {
		return ""
	}
	if _, _, ok := parseTimestamp(s); !ok {
		r.ok = false
		v, _ := r.obj.Get(name)
		r.p.add(codePayloadTimestamp, r.line(v), "entry %q: %q is %q, not an RFC 3339 date-time", r.e.ID, name, truncate(s, 40))
		return ""
	}
	return s
}

// unknown reports members the type does not define.
func (r *fields) unknown(known ...string) {
	for _, m := range r.obj.Members {
		found := false
		for _, k := range known {
			found = found || m.Key == k
		}
		if !found {
			r.p.add(codePayloadUnknownField, r.base+m.Line-1, "entry %q: the %s payload has a member %q v0 does not define; kept and ignored", r.e.ID, r.e.Type, truncate(m.Key, 40))
		}
	}
}

// checkSchema checks a payload against its entry type's schema (§5.2–§5.4)
// and fills the typed payload. Unknown types are not checked (§2.6).
func (p *parser) checkSchema(e *Entry, obj canonjson.Value, base int) {
	r := &fields{p: p, e: e, obj: obj, base: base, ok: true}
	switch e.Type {
	case TypeEndpointAnnouncement:
		a := &Announcement{Endpoint: r.str("endpoint"), Protocol: r.str("protocol"), Version: r.str("version"), AssertedAt: r.timestamp("asserted-at")}
		if _, ok := obj.Get("endpoint-id"); ok {
			a.EndpointID = r.str("endpoint-id")
		}
		if a.Endpoint != "" && !endpointOK(a.Endpoint) {
			r.ok = false
			v, _ := obj.Get("endpoint")
			p.add(codePayloadEndpoint, r.line(v), "entry %q: endpoint %q is neither an absolute URL nor a path starting with /", e.ID, truncate(a.Endpoint, 80))
		}
		r.unknown("endpoint-id", "endpoint", "protocol", "version", "asserted-at")
		if r.ok {
			e.Announcement = a
		}
	case TypeSchemaChange:
		c := &SchemaChange{EndpointID: r.str("endpoint-id"), FromVersion: r.str("from-version"), ToVersion: r.str("to-version"), EffectiveAt: r.timestamp("effective-at")}
		if m, ok := obj.Get("migration"); !ok {
			r.ok = false
			p.add(codePayloadMissingField, r.line(obj), "entry %q: the schema-change payload has no \"migration\"", e.ID)
		} else if m.Kind != canonjson.Object {
			r.ok = false
			p.add(codePayloadFieldType, r.line(m), "entry %q: \"migration\" is %s, not an object", e.ID, m.Kind.WithArticle())
		} else {
			c.Migration = r.delta(m)
		}
		r.unknown("endpoint-id", "from-version", "to-version", "effective-at", "migration")
		if r.ok {
			e.SchemaChange = c
		}
	case TypeDeprecation:
		d := &Deprecation{EndpointID: r.str("endpoint-id"), AnnouncedAt: r.timestamp("announced-at"), Sunset: r.timestamp("sunset"),
			Replacement: r.optional("replacement"), Reason: r.optional("reason")}
		r.unknown("endpoint-id", "announced-at", "sunset", "replacement", "reason")
		if r.ok {
			e.Deprecation = d
		}
	default:
		return
	}
	e.schemaOK = r.ok
}

// endpointOK accepts an absolute URL or a path starting with / (§5.2).
func endpointOK(s string) bool {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		_, err := url.Parse(s)
		return err == nil
	}
	u, err := url.Parse(s)
	return err == nil && u.IsAbs() && (u.Host != "" || u.Opaque != "")
}

// delta reads a migration delta (§5.3), keeping unknown operations.
func (r *fields) delta(m canonjson.Value) Delta {
	d := Delta{}
	d.Raw, _ = canonjson.Append(nil, m)
	for _, op := range m.Members {
		v := op.Value
		switch op.Key {
		case "add", "remove":
			paths := r.pathList(op.Key, v)
			if op.Key == "add" {
				d.Add = paths
			} else {
				d.Remove = paths
			}
		case "rename":
			if v.Kind != canonjson.Object {
				r.typeError("migration.rename", v, "an object")
				continue
			}
			d.Rename = map[string]string{}
			for _, kv := range v.Members {
				if kv.Value.Kind != canonjson.String {
					r.typeError("migration.rename["+kv.Key+"]", kv.Value, "a string")
					continue
				}
				r.path(kv.Key, r.base+kv.Line-1)
				r.path(kv.Value.Str, r.line(kv.Value))
				d.Rename[kv.Key] = kv.Value.Str
			}
		case "retype":
			if v.Kind != canonjson.Object {
				r.typeError("migration.retype", v, "an object")
				continue
			}
			d.Retype = map[string]Retype{}
			for _, kv := range v.Members {
				r.path(kv.Key, r.base+kv.Line-1)
				from, fok := kv.Value.Get("from")
				to, tok := kv.Value.Get("to")
				if kv.Value.Kind != canonjson.Object || !fok || !tok || from.Kind != canonjson.String || to.Kind != canonjson.String {
					r.typeError("migration.retype["+kv.Key+"]", kv.Value, `an object {"from": type, "to": type}`)
					continue
				}
				for _, t := range []canonjson.Value{from, to} {
					if !typeToken(t.Str) {
						r.p.add(codeMigrationTypeToken, r.line(t), "entry %q: retype of %q names type %q, not one of string, number, boolean, null, object, array, nullable<T>", r.e.ID, kv.Key, truncate(t.Str, 40))
					}
				}
				d.Retype[kv.Key] = Retype{From: from.Str, To: to.Str}
			}
		default:
			d.Unknown = append(d.Unknown, op.Key)
			r.p.add(codeMigrationUnknownOp, r.base+op.Line-1, "entry %q: migration operation %q is not defined by v0; kept, not used for mismatch detection", r.e.ID, truncate(op.Key, 40))
		}
	}
	sort.Strings(d.Unknown)
	return d
}

func (r *fields) typeError(what string, v canonjson.Value, want string) {
	r.ok = false
	r.p.add(codePayloadFieldType, r.line(v), "entry %q: %s is %s, not %s", r.e.ID, truncate(what, 60), v.Kind.WithArticle(), want)
}

// pathList reads an array of field paths.
func (r *fields) pathList(name string, v canonjson.Value) []string {
	if v.Kind != canonjson.Array {
		r.typeError("migration."+name, v, "an array of strings")
		return nil
	}
	out := []string{}
	for _, p := range v.Elems {
		if p.Kind != canonjson.String {
			r.typeError("an element of migration."+name, p, "a string")
			continue
		}
		r.path(p.Str, r.line(p))
		out = append(out, p.Str)
	}
	return out
}

// path checks one field path: a JSON Pointer (RFC 6901), or a bare member
// name as §5.3's own example writes it.
func (r *fields) path(s string, line int) {
	if s == "" { // the pointer to the whole document (RFC 6901 §5)
		return
	}
	if s == "#" || strings.HasPrefix(s, "#/") {
		r.p.add(codeMigrationBadPath, line, "entry %q: path %q is a URI fragment; §5.3 writes JSON Pointers without the leading # (%q)", r.e.ID, truncate(s, 40), truncate(s[1:], 40))
		return
	}
	if !strings.HasPrefix(s, "/") {
		r.p.add(codeMigrationBarePath, line, "entry %q: path %q is a bare member name; read as the JSON Pointer %q", r.e.ID, truncate(s, 40), "/"+escapePointer(s))
		return
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			r.p.add(codeMigrationBadPath, line, "entry %q: path %q is not a JSON Pointer: '~' must be followed by 0 or 1", r.e.ID, truncate(s, 40))
			return
		}
	}
}

// typeToken reports whether s is a §5.3 type token.
func typeToken(s string) bool {
	switch s {
	case "string", "number", "boolean", "null", "object", "array":
		return true
	}
	if inner, ok := strings.CutPrefix(s, "nullable<"); ok {
		if inner, ok = strings.CutSuffix(inner, ">"); ok {
			return typeToken(inner)
		}
	}
	return false
}

// escapePointer escapes a member name as a JSON Pointer reference token.
func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
