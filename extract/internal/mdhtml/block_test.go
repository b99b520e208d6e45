package mdhtml

import "testing"

// TestStart: the start conditions of CommonMark §4.6, and which a
// paragraph keeps from starting a block.
func TestStart(t *testing.T) {
	for _, c := range []struct {
		line      string
		paragraph bool
		kind      int
	}{
		{"<!-- x", false, 2}, {"   <script>", false, 1}, {"<pre", false, 1}, {"<TEXTAREA x", false, 1},
		{"<?php", false, 3}, {"<!DOCTYPE", false, 4}, {"<!doctype", false, 4}, {"<![CDATA[", false, 5},
		{"<div>", true, 6}, {"</DIV>", true, 6}, {"<details open>", false, 6}, {"<hr/>", false, 6},
		{"<span>", false, 7}, {"<span>", true, 0}, {"<a href='x' b>  ", false, 7}, {"</span >", false, 7},
		{"<span>x</span>", false, 0}, {"<preview>", false, 7}, {"<pre>", false, 1}, {"    <div>", false, 0},
		{"<https://a.example/>", false, 0}, {"<a b=c=d>", false, 0}, {"<divx>", false, 7},
	} {
		b, ok := Start(c.line, c.paragraph)
		if ok != (c.kind != 0) || b.Kind != c.kind {
			t.Errorf("Start(%q, %v) = %d, %v; want %d", c.line, c.paragraph, b.Kind, ok, c.kind)
		}
	}
}
