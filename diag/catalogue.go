package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Catalogue is a set of codes, as assembled from every format's Codes list.
type Catalogue []Code

// Check reports the first problem with a catalogue: a duplicate or badly
// formed identifier, a missing specification section or summary.
func (c Catalogue) Check() error {
	seen := map[string]bool{}
	for _, code := range c {
		if seen[code.ID] {
			return fmt.Errorf("diagnostic code %q is declared twice", code.ID)
		}
		seen[code.ID] = true
		format, slug, ok := strings.Cut(code.ID, ".")
		if !ok || format == "" || slug == "" || strings.ToLower(code.ID) != code.ID || strings.ContainsAny(code.ID, " \t") {
			return fmt.Errorf("diagnostic code %q is not of the form <format>.<slug> in lower case", code.ID)
		}
		if code.Spec == "" {
			return fmt.Errorf("diagnostic code %q names no specification section", code.ID)
		}
		if code.Summary == "" {
			return fmt.Errorf("diagnostic code %q has no summary", code.ID)
		}
	}
	return nil
}

// Sorted returns the codes ordered by identifier.
func (c Catalogue) Sorted() Catalogue {
	out := append(Catalogue(nil), c...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the code with identifier id.
func (c Catalogue) Lookup(id string) (Code, bool) {
	for _, code := range c {
		if code.ID == id {
			return code, true
		}
	}
	return Code{}, false
}
