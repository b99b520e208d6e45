// Package diag defines the diagnostics every parser reports: a stable code,
// a severity, a 1-based line, a message and the section of the
// specification the diagnostic rests on.
//
// Codes are values of type Code declared by each format's package and listed
// by its Codes function; the catalogue printed by `survey check --codes` and
// the documentation page docs/diagnostics.md are generated from those lists.
package diag

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// Severity is how much a diagnostic matters. An Error makes the file
// invalid; a Warning does not; an Info is a neutral observation, recorded so
// that its frequency can be measured.
type Severity int8

// The severities, in increasing order.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", int8(s))
}

// MarshalText encodes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeverity parses "info", "warning" or "error".
func ParseSeverity(name string) (Severity, error) {
	switch name {
	case "info":
		return Info, nil
	case "warning":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q", name)
}

// Code is one entry of the catalogue: a stable identifier with its fixed
// severity, the specification section it rests on and a summary of what it
// means. Identifiers have the form "<format>.<slug>", for example
// "robots.missing-colon"; they never change meaning once published.
type Code struct {
	ID       string   `json:"code"`
	Severity Severity `json:"severity"`
	Spec     string   `json:"spec"`
	Summary  string   `json:"summary"`
}

// At returns a diagnostic for this code at a 1-based line (0 when no line
// applies), with a message formatted from format and args. A string
// argument longer than MaxArgLength bytes is cut to that length (see
// Clip): a value quoted from a hostile file (a robots.txt line of a
// megabyte) would otherwise make a message, and a row of the diagnostics
// table, as long as itself. Parsers clip what they quote shorter still;
// this bounds what they do not.
func (c Code) At(line int, format string, args ...any) Diagnostic {
	msg := format
	if len(args) > 0 {
		copied := false // the caller's slice is not changed
		for i, a := range args {
			if s, ok := a.(string); ok && len(s) > MaxArgLength {
				if !copied {
					args, copied = slices.Clone(args), true
				}
				args[i] = clip(s, MaxArgLength)
			}
		}
		msg = fmt.Sprintf(format, args...)
	}
	return Diagnostic{Code: c.ID, Severity: c.Severity, Line: line, Message: msg, Spec: c.Spec}
}

// Diagnostic is one finding about one file. Its JSON form is part of the
// `survey check --format json` contract.
type Diagnostic struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Line     int      `json:"line"`
	Message  string   `json:"message"`
	Spec     string   `json:"spec"`
}

// String formats the diagnostic compiler style, without a file name:
// "LINE: severity: message [code, spec]".
func (d Diagnostic) String() string {
	return fmt.Sprintf("%d: %s: %s [%s, %s]", d.Line, d.Severity, d.Message, d.Code, d.Spec)
}

// List collects diagnostics. The zero value is ready to use.
type List []Diagnostic

// Add appends a diagnostic for code c.
func (l *List) Add(c Code, line int, format string, args ...any) {
	*l = append(*l, c.At(line, format, args...))
}

// HasErrors reports whether any diagnostic is an Error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of diagnostics of severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders the diagnostics by line, then code, keeping the order of
// equal ones.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Code < l[j].Code
	})
}

// MarshalJSON encodes a nil list as [] so that the JSON contract never
// carries null for diagnostics.
func (l List) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]Diagnostic(l))
}
