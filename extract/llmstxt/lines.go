package llmstxt

import "bytes"

// nextLine splits the first line off data and returns it without its line
// ending, and the rest. A line ends at a line feed, at a carriage return not
// followed by a line feed, or at a carriage return and line feed
// (CommonMark §2.1). The search stops at the first CR or LF, so splitting a
// whole body costs its length, whatever line endings it uses.
func nextLine(data []byte) (line, rest []byte) {
	i := bytes.IndexAny(data, "\r\n")
	if i < 0 {
		return data, nil
	}
	if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
		return data[:i], data[i+2:]
	}
	return data[:i], data[i+1:]
}
