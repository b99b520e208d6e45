package llmstxt

// codeSpans finds the code spans of one line of inline Markdown
// (CommonMark §6.1): a run of n backticks opens a code span that the next
// run of exactly n backticks closes; with no such run the backticks are
// literal. Code spans bind more tightly than link brackets, so a "]" inside
// one does not close a link's text. The runs are listed once, on the first
// backtick, so skipping every code span of a line costs the line's length.
type codeSpans struct {
	listed bool
	runs   map[int][]int // the starts of the later runs, by run length
}

// skip returns the index just after the code span opened by the run of
// backticks at s[i], or just after the run itself when no run closes it.
// Calls on one line must come in increasing order of i.
func (c *codeSpans) skip(s string, i int) int {
	n := backtickRun(s, i)
	if !c.listed {
		c.listed = true
		c.runs = map[int][]int{}
		for j := i + n; j < len(s); {
			if s[j] != '`' {
				j++
				continue
			}
			m := backtickRun(s, j)
			c.runs[m] = append(c.runs[m], j)
			j += m
		}
	}
	starts := c.runs[n]
	for len(starts) > 0 && starts[0] < i+n {
		starts = starts[1:]
	}
	if len(starts) == 0 {
		c.runs[n] = starts
		return i + n
	}
	c.runs[n] = starts[1:]
	return starts[0] + n
}

// backtickRun returns the number of backticks starting at s[i].
func backtickRun(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}
