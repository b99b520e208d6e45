// Package seeds reads the list of domains a crawl starts from. It accepts a
// plain list (one domain per line), a ranked CSV (Tranco and Umbrella style
// "rank,domain"; CrUX style "origin,rank") and origins
// ("https://host[:port]"), mixed freely, with "#" comments and blank lines.
//
// The list is streamed: a Reader holds one line at a time and a compact set
// of the hosts seen, never the file. Each line is normalized (lower case,
// IDNA to punycode, trailing dots removed) and duplicates are dropped; a
// malformed line is returned as a *LineError naming the file and line, and
// reading continues with the next line.
package seeds

import (
	"fmt"
	"strconv"
	"strings"
)

// Seed is one domain to crawl.
type Seed struct {
	// Line is the 1-based line of the seed file the seed came from.
	Line int64
	// Input is the domain or origin as written on the line.
	Input string
	// Host is the normalized host name: lower case, punycode, no trailing
	// dot. An IP literal (origins only) is kept as written, IPv6 without
	// brackets.
	Host string
	// Port is the port given in an origin, "" for the scheme's default.
	Port string
	// Scheme is "https" or "http" when the seed was an origin, "" for a
	// plain domain (the crawler tries HTTPS, then HTTP).
	Scheme string
	// Rank is the seed's rank in a ranked list, 0 when it has none.
	Rank int64
}

// Authority returns the host with its port when one was given, as used in
// URLs and in the dataset's domain column.
func (s Seed) Authority() string {
	host := s.Host
	if isIPv6(host) {
		host = "[" + host + "]"
	}
	if s.Port != "" {
		return host + ":" + s.Port
	}
	return host
}

// LineError is a malformed seed line.
type LineError struct {
	File   string // the seed file's name as given, "-" for standard input
	Line   int64  // 1-based line number
	Input  string // the offending text, shortened when long
	Reason string // what is wrong with it
}

// Error formats the error as "FILE:LINE: reason: input".
func (e *LineError) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Reason, strconv.Quote(e.Input))
}

// Parse reads one domain or origin as a line of a seed list is read
// (IDNA, lower case; an origin's scheme and port kept), for a command that
// takes one site. Line and Rank are 0.
func Parse(input string) (Seed, error) {
	s := Seed{Input: strings.TrimSpace(input)}
	if err := s.normalize(); err != nil {
		return s, fmt.Errorf("%q: %w", input, err)
	}
	return s, nil
}

// normalize sets Host, and Port and Scheme for an origin, from Input.
func (s *Seed) normalize() error {
	var err error
	if strings.Contains(s.Input, "://") {
		s.Host, s.Port, s.Scheme, err = normalizeOrigin(s.Input)
	} else {
		s.Host, err = normalizeDomain(s.Input)
	}
	return err
}
