package agentfeed

// maxSummaryTypes bounds the entry types a summary lists, so that it stays
// small whatever the feed holds.
const maxSummaryTypes = 16

// Summary is the small summary of a feed stored with the document row.
type Summary struct {
	// FeedStatus and SpecVersion are as served.
	FeedStatus  string `json:"feed_status"`
	SpecVersion string `json:"spec_version"`
	// State is the effective state (Feed.State).
	State string `json:"state"`
	// Key is how key resolution went (Feed.Key).
	Key        string `json:"key"`
	Entries    int    `json:"entries"`
	Verified   int    `json:"verified"`
	Unverified int    `json:"unverified"`
	// Canonical counts entries whose content is canonical JSON (§6.2).
	Canonical int `json:"canonical"`
	Applied   int `json:"applied"`
	// EntryTypes counts entries by af:type as served (at most
	// maxSummaryTypes distinct types; the rest count under "(other)").
	EntryTypes map[string]int `json:"entry_types"`
	Endpoints  int            `json:"endpoints"`
	MigratedTo string         `json:"migrated_to,omitempty"`
}

// Summary returns the feed's summary.
func (f *Feed) Summary() Summary {
	s := Summary{FeedStatus: f.Status, SpecVersion: f.SpecVersion, State: f.State, Key: f.Key,
		Entries: len(f.Entries), EntryTypes: map[string]int{}, Endpoints: len(f.Endpoints), MigratedTo: f.MigratedTo}
	for _, e := range f.Entries {
		if e.Verified {
			s.Verified++
		} else {
			s.Unverified++
		}
		if e.Canonical {
			s.Canonical++
		}
		if e.Status == EntryApplied || e.Status == EntryIgnored {
			s.Applied++
		}
		typ := truncate(e.Type, 40)
		if _, ok := s.EntryTypes[typ]; !ok && len(s.EntryTypes) >= maxSummaryTypes {
			typ = "(other)"
		}
		s.EntryTypes[typ]++
	}
	return s
}
