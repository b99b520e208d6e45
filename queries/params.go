package queries

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/registry"
)

// checkParam returns why value cannot be the named query's parameter name,
// or nil. Parameters whose values are a known set (formats, locations) or
// a count are checked here, once for every query that has them: compared
// in the SQL, a typo (format=home, limit=abc) gave an empty table or
// every row, with exit status 0, which reads as a finding. So is parked,
// include or exclude. The crawls are checked by the SQL, which knows them.
func checkParam(name, value string) error {
	switch name {
	case "format":
		var ids []string
		for _, f := range registry.Formats() {
			if string(f.ID) == value {
				return nil
			}
			ids = append(ids, string(f.ID))
		}
		hint := ""
		if l, ok := registry.LookupLocation(registry.LocationID(value)); ok && len(l.Formats) > 0 {
			hint = fmt.Sprintf("; %s is a location, whose format is %s", value, l.Formats[0])
		} else if c := closest(value, ids); c != "" {
			hint = "; did you mean " + c + "?"
		}
		return fmt.Errorf("parameter format: no format %q%s (formats: %s)", value, hint, strings.Join(ids, ", "))
	case "location":
		var ids []string
		for _, l := range registry.Locations() {
			if string(l.ID) == value {
				return nil
			}
			ids = append(ids, string(l.ID))
		}
		hint := ""
		if locs := registry.LocationsForFormat(registry.FormatID(value)); len(locs) > 0 && string(locs[0].ID) != value {
			hint = fmt.Sprintf("; %s is a format, found at location %s", value, locs[0].ID)
		} else if c := closest(value, ids); c != "" {
			hint = "; did you mean " + c + "?"
		}
		return fmt.Errorf("parameter location: no location %q%s (locations: %s)", value, hint, strings.Join(ids, ", "))
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
