package queries

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// checkParam returns why value cannot be the named query's parameter name,
// or nil. Parameters whose values are a known set (formats, locations,
// include or exclude) or a count are checked here, once for every query
// that has them: compared in the SQL, a typo (format=home, limit=abc) gave
// an empty table or every row, with exit status 0, which reads as a
// finding. The crawls are checked by the SQL, which knows them.
func checkParam(name, value string) error {
	switch name {
	case "format":
		var ids []string
		for _, f := range registry.Formats() {
			ids = append(ids, string(f.ID))
		}
		var hint string
		if l, ok := registry.LookupLocation(registry.LocationID(value)); ok && len(l.Formats) > 0 {
			hint = fmt.Sprintf("%s is a location, whose format is %s", value, l.Formats[0])
		}
		return oneOf(name, value, ids, hint)
	case "location":
		ids := registry.LocationIDs()
		var hint string
		if locs := registry.LocationsForFormat(registry.FormatID(value)); len(locs) > 0 && string(locs[0].ID) != value {
			hint = fmt.Sprintf("%s is a format, found at location %s", value, locs[0].ID)
		}
		return oneOf(name, value, ids, hint)
	case "parked":
		if value != "include" && value != "exclude" {
			return fmt.Errorf("parameter parked must be include or exclude, not %q", value)
		}
	case "limit", "top":
		if n, err := strconv.ParseInt(value, 10, 64); err != nil || n < 1 {
			return fmt.Errorf("parameter %s must be a positive whole number, not %q", name, value)
		}
	}
	return nil
}

// oneOf returns nil when value is one of ids, the values of the parameter
// name (a format, a location), and otherwise an error naming them, with
// hint (what value is instead) or else the nearest of them.
func oneOf(name, value string, ids []string, hint string) error {
	if slices.Contains(ids, value) {
		return nil
	}
	if hint == "" {
		if c := closest(value, ids); c != "" {
			hint = "did you mean " + c + "?"
		}
	}
	if hint != "" {
		hint = "; " + hint
	}
	return fmt.Errorf("parameter %s: no %s %q%s (%ss: %s)", name, name, value, hint, name, strings.Join(ids, ", "))
}
