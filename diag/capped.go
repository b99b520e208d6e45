package diag

// MaxPerCode is how many diagnostics of one code Capped lists per file.
const MaxPerCode = 100

// Capped collects the diagnostics of one file, listing at most MaxPerCode
// of each code: past it, one more diagnostic of the code (line 0) says how
// many were left out, so that a large junk file does not yield a
// diagnostic per line while every code stays counted. The zero value is
// ready to use.
type Capped struct {
	list    List
	perCode map[string]int
	order   []Code // codes over the cap, in the order they went over
}

// Add records a diagnostic of code c, unless c's cap is reached.
func (d *Capped) Add(c Code, line int, format string, args ...any) {
	if d.take(c) {
		d.list.Add(c, line, format, args...)
	}
}

// take counts a diagnostic of code c and reports whether it is listed.
func (d *Capped) take(c Code) bool {
	if d.perCode == nil {
		d.perCode = map[string]int{}
	}
	d.perCode[c.ID]++
	n := d.perCode[c.ID]
	if n == MaxPerCode+1 {
		d.order = append(d.order, c)
	}
	return n <= MaxPerCode
}

// Count returns how many diagnostics of code id were recorded, listed or not.
func (d *Capped) Count(id string) int { return d.perCode[id] }

// List returns the diagnostics in the order they were added, followed by
// one for each capped code saying how many were left out.
func (d *Capped) List() List {
	out := append(List(nil), d.list...)
	for _, c := range d.order {
		n := d.perCode[c.ID] - MaxPerCode
		out.Add(c, 0, "%d more diagnostics of this code were left out (at most %d are listed per file)", n, MaxPerCode)
	}
	return out
}

// Sorted returns List ordered by line (the notes on capped codes, at line 0,
// come first).
func (d *Capped) Sorted() List {
	out := d.List()
	out.Sort()
	return out
}

// AddDiagnostic records a diagnostic made elsewhere, as it is, unless its
// code's cap is reached.
func (d *Capped) AddDiagnostic(x Diagnostic) {
	if d.take(Code{ID: x.Code, Severity: x.Severity, Spec: x.Spec}) {
		d.list = append(d.list, x)
	}
}

// Cap applies Capped to a finished list: it keeps the first MaxPerCode
// diagnostics of each code, in order, and appends one for each capped code
// saying how many were left out. A list no longer than MaxPerCode is
// returned as it is.
func Cap(l List) List {
	if len(l) <= MaxPerCode {
		return l
	}
	var d Capped
	for _, x := range l {
		d.AddDiagnostic(x)
	}
	return d.List()
}
