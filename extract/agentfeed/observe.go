package agentfeed

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/extract/agentfeed/canonjson"
)

// Mismatch is the §2.8 mismatch event: a live response that does not have
// the shape the feed announced.
type Mismatch struct {
	EndpointID      string `json:"endpoint_id"`
	URL             string `json:"url"`
	ExpectedVersion string `json:"expected_version"`
	// ExpectedButMissing are paths the latest migration added (or renamed
	// to) that the response lacks.
	ExpectedButMissing []string `json:"expected_but_missing"`
	// ObservedButUnannounced are paths the latest migration removed (or
	// renamed from) that the response still has.
	ObservedButUnannounced []string `json:"observed_but_unannounced"`
	// FallbackVersion is the version the latest migration started from:
	// the most recent version the reader has reason to believe works.
	FallbackVersion string `json:"fallback_version"`
}

// Observe is the observe-live-response operation of §2.8: it checks a
// live JSON response of an endpoint against the most recent migration into
// the endpoint's recorded version, and returns a Mismatch when an added or
// renamed-to field is missing, or a removed or renamed-from field is still
// present. It returns nil when the response matches, when the endpoint has
// no migration into its version, or when the origin is revoked. It never
// changes the state (no coercion, no rollback, no re-fetch). Unknown
// migration operations are not used (§5.3).
func (s *State) Observe(endpointID string, response []byte) (*Mismatch, error) {
	if s.Revoked {
		return nil, nil
	}
	at, n := s.find(endpointID)
	if n == 0 {
		return nil, fmt.Errorf("agentfeed: endpoint %q is not in the endpoint table", endpointID)
	}
	ep := s.endpoints[at]
	var m *Migration
	for i := len(ep.Migrations) - 1; i >= 0; i-- {
		if ep.Migrations[i].To == ep.Version {
			m = &ep.Migrations[i]
			break
		}
	}
	if m == nil {
		return nil, nil
	}
	doc, err := canonjson.Parse(response, canonjson.Options{})
	if err != nil {
		return nil, fmt.Errorf("agentfeed: live response of %q: %w", endpointID, err)
	}
	mm := &Mismatch{EndpointID: endpointID, URL: ep.URL, ExpectedVersion: ep.Version, FallbackVersion: m.From,
		ExpectedButMissing: []string{}, ObservedButUnannounced: []string{}}
	d := m.Delta
	for _, p := range d.Add {
		if !present(doc, p) {
			mm.ExpectedButMissing = append(mm.ExpectedButMissing, p)
		}
	}
	for _, p := range d.Remove {
		if present(doc, p) {
			mm.ObservedButUnannounced = append(mm.ObservedButUnannounced, p)
		}
	}
	for _, from := range sortedKeys(d.Rename) {
		if present(doc, from) {
			mm.ObservedButUnannounced = append(mm.ObservedButUnannounced, from)
		}
		if to := d.Rename[from]; !present(doc, to) {
			mm.ExpectedButMissing = append(mm.ExpectedButMissing, to)
		}
	}
	if len(mm.ExpectedButMissing) == 0 && len(mm.ObservedButUnannounced) == 0 {
		return nil, nil
	}
	return mm, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// present reports whether a migration path exists in v. A bare member name
// is the pointer to that top-level member.
func present(v canonjson.Value, path string) bool {
	switch {
	case path == "":
		return true // the whole document (RFC 6901 §5)
	case !strings.HasPrefix(path, "/"):
		path = "/" + escapePointer(path)
	}
	for _, tok := range strings.Split(path, "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v.Kind {
		case canonjson.Object:
			next, ok := v.Get(tok)
			if !ok {
				return false
			}
			v = next
		case canonjson.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Elems) || (len(tok) > 1 && tok[0] == '0') {
				return false
			}
			v = v.Elems[i]
		default:
			return false
		}
	}
	return true
}
