package diag

import "testing"

func TestCapped(t *testing.T) {
	a := Code{ID: "x.a", Severity: Warning, Spec: "s", Summary: "a"}
	b := Code{ID: "x.b", Severity: Info, Spec: "s", Summary: "b"}
	var d Capped
	for i := 1; i <= MaxPerCode+7; i++ {
		d.Add(a, i, "line %d", i)
	}
	d.Add(b, 3, "once")
	got := d.Sorted()
	if len(got) != MaxPerCode+2 {
		t.Fatalf("%d diagnostics, want %d", len(got), MaxPerCode+2)
	}
	if got[0].Line != 0 || got[0].Code != "x.a" || got[0].Message != "7 more diagnostics of this code were left out (at most 100 are listed per file)" {
		t.Errorf("first diagnostic %+v, want the line-0 note", got[0])
	}
	if d.Count("x.a") != MaxPerCode+7 || d.Count("x.b") != 1 {
		t.Errorf("counts %d %d", d.Count("x.a"), d.Count("x.b"))
	}
	if l := d.List(); l[len(l)-1].Line != 0 || l[0].Line != 1 {
		t.Errorf("List is not in the order added with the note last: first %+v, last %+v", l[0], l[len(l)-1])
	}
	var zero Capped
	if len(zero.List()) != 0 {
		t.Error("the zero Capped is not empty")
	}
}

func TestCap(t *testing.T) {
	c := Code{ID: "x.a", Severity: Error, Spec: "s §1", Summary: "a"}
	var l List
	for i := 0; i < MaxPerCode+3; i++ {
		l.Add(c, i+1, "d")
	}
	got := Cap(l)
	last := got[len(got)-1]
	if len(got) != MaxPerCode+1 || last.Line != 0 || last.Severity != Error || last.Spec != "s §1" || last.Code != "x.a" {
		t.Fatalf("%d diagnostics, last %+v", len(got), last)
	}
}
