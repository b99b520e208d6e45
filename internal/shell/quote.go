// Package shell writes the command lines survey prints for its user to
// run (a resume, a merge, a query), so that they can be pasted into a
// POSIX shell as they are.
package shell

import "strings"

// Quote returns s as one word of a POSIX shell: as it is when it holds
// only letters, digits and -_.=/:,@+, else in single quotes.
func Quote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.=/:,@+", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
