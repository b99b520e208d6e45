package content

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// canonicalJSON encodes v in the canonical form of agent-feed v0 §6.2:
// object keys sorted by byte order at every depth, no whitespace, standard
// JSON escapes, UTF-8 without BOM. encoding/json already sorts map keys
// and writes no whitespace; HTML escaping is turned off because §6.2 asks
// for the standard escapes only. v must hold maps with string keys,
// slices, strings, booleans, nil and integers; the corpus's payloads are
// literals, so an encoding error is a bug in this package and panics.
func canonicalJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("content: payload %#v is not encodable: %v", v, err))
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
