package agentfeed

import "time"

// parseTimestamp checks an RFC 3339 §5.6 date-time: full-date "T"
// full-time, with a time zone of Z or ±hh:mm ("t" and "z" in lower case are
// allowed, as RFC 3339 permits). utc reports a Z time zone. Values out of
// range (month 13, hour 24, February 30) are rejected. A leap second
// (second 60, RFC 3339 §5.6, §5.7) is accepted where one can occur: in the
// last minute of a month in UTC; t is then the second after it.
func parseTimestamp(s string) (t time.Time, utc, ok bool) {
	// YYYY-MM-DDTHH:MM:SS = 19 bytes, then optional fraction, then zone.
	if len(s) < 20 || len(s) > 64 {
		return time.Time{}, false, false
	}
	digits := func(i, n int) bool {
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	if !digits(0, 4) || s[4] != '-' || !digits(5, 2) || s[7] != '-' || !digits(8, 2) ||
		(s[10] != 'T' && s[10] != 't') || !digits(11, 2) || s[13] != ':' || !digits(14, 2) || s[16] != ':' || !digits(17, 2) {
		return time.Time{}, false, false
	}
	i := 19
	if s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return time.Time{}, false, false
		}
		i = j
	}
	zone := s[i:]
	switch {
	case zone == "Z" || zone == "z":
		utc = true
	case len(zone) == 6 && (zone[0] == '+' || zone[0] == '-') && digits(i+1, 2) && zone[3] == ':' && digits(i+4, 2):
	default:
		return time.Time{}, false, false
	}
	norm := []byte(s)
	norm[10] = 'T'
	if utc {
		norm[len(norm)-1] = 'Z'
	}
	leap := s[17:19] == "60"
	if leap {
		norm[17], norm[18] = '5', '9'
	}
	t, err := time.Parse(time.RFC3339Nano, string(norm))
	if err != nil {
		return time.Time{}, false, false
	}
	if leap {
		u := t.UTC()
		if u.Hour() != 23 || u.Minute() != 59 || u.AddDate(0, 0, 1).Day() != 1 {
			return time.Time{}, false, false
		}
		t = t.Add(time.Second)
	}
	return t, utc, true
}
