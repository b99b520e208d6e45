// Package pathnormtest holds test inputs shared by the packages whose
// patterns pathnorm.DeadDotSegment judges, as net/http/httptest serves
// net/http's users.
package pathnormtest

// DeadDotSeeds returns fuzz seeds for checking pathnorm.DeadDotSegment
// against a format's matcher: pairs of a pattern and a target, among them
// patterns with a dead dot segment (literal, escaped, before an anchor)
// and patterns whose dots can still match (after a "*" or a "?", or
// ending a prefix), each with a target that tests it.
func DeadDotSeeds() [][2]string {
	return [][2]string{
		{"/docs/../admin/", "/admin/x"},
		{"/docs/../images/*", "/images/a"},
		{"/%2E/a", "/./a"},
		{"/%2E/a$", "/./a"},
		{"/a/..$", "/a/.."},
		{"/*/../q", "/r?s=/../q"},
		{"/s?q=/./", "/s?q=/./"},
		{"/a/..", "/a/..b"},
	}
}
