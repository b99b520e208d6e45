package robots

// File is a parsed robots.txt file. Its JSON form is part of the `survey
// check --format json` contract: field names are stable snake_case.
type File struct {
	// Groups are the groups in file order. Groups naming the same product
	// token are not merged here; Matcher merges them (RFC 9309 §2.2.1).
	Groups []Group `json:"groups"`
	// Sitemaps are the sitemap lines, wherever they occur.
	Sitemaps []Sitemap `json:"sitemaps"`
	// OutsideGroups are the records that came before the first user-agent
	// line (rules and group-scoped extensions there apply to no crawler),
	// and the file-wide non-standard records, host and clean-param.
	OutsideGroups []Record `json:"outside_groups,omitempty"`
	// OutsidePreferences holds the App-Directives, Content-Usage and
	// Content-Signal lines of OutsideGroups, parsed as in a group. They
	// apply to no crawler, but they state the publisher's preferences
	// (some write a file-wide Content-Signal at the top), which a survey
	// of those mechanisms counts. Its UserAgents and Rules are empty; nil
	// when there is no such line.
	OutsidePreferences *Group `json:"outside_preferences,omitempty"`
	// BOM is true when the file starts with a UTF-8 byte order mark.
	BOM bool `json:"bom"`
	// Bytes is the size of the body.
	Bytes int `json:"bytes"`
	// Lines is the number of lines.
	Lines int `json:"lines"`
	// OverLimit is true when the body is larger than SizeLimit (500 KiB).
	OverLimit bool `json:"over_limit"`
	// LimitLine is the first line that extends past SizeLimit; conforming
	// crawlers may ignore it and what follows (RFC 9309 §2.5). 0 when the
	// file is within the limit.
	LimitLine int `json:"limit_line,omitempty"`
	// NotText is "binary", "utf-16" or "utf-32" when the body is not UTF-8
	// text; empty otherwise.
	NotText string `json:"not_text,omitempty"`
	// HTML is true when the body is an HTML document rather than robots.txt.
	HTML bool `json:"html,omitempty"`
	// matcher and aiStances memoize Matcher and AIStances.
	matcher   *Matcher
	aiStances []TokenStance
}

// Group is one group: consecutive user-agent lines and the records that
// follow them until the next user-agent line after an allow or disallow
// rule. Unknown and extension lines do not end a group.
type Group struct {
	// Line is the line of the group's first user-agent line.
	Line int `json:"line"`
	// UserAgents are the group's user-agent lines.
	UserAgents []UserAgent `json:"user_agents"`
	// Rules are the allow and disallow rules in file order.
	Rules []Rule `json:"rules"`
	// CrawlDelays are the crawl-delay lines (non-standard).
	CrawlDelays []CrawlDelay `json:"crawl_delays,omitempty"`
	// AppDirectives are the App-Directives rules, combined per path
	// (draft-nottingham-plan-b §2).
	AppDirectives []AppDirectives `json:"app_directives,omitempty"`
	// ContentUsage are the Content-Usage rules (draft-ietf-aipref-attach).
	ContentUsage []ContentUsageRule `json:"content_usage,omitempty"`
	// ContentSignals are the Content-Signal rules (Cloudflare).
	ContentSignals []ContentSignalRule `json:"content_signals,omitempty"`
	// Other are the group's other records: known non-standard ones and
	// unknown ones, kept in the group they occur in.
	Other []Record `json:"other_records,omitempty"`
}

// Names reports whether the group names product token (case-insensitively;
// "*" for the global group).
func (g *Group) Names(token string) bool {
	for _, ua := range g.UserAgents {
		if ua.Token != "" && equalFold(ua.Token, token) {
			return true
		}
	}
	return false
}

// UserAgent is one user-agent line.
type UserAgent struct {
	Line int `json:"line"`
	// Value is the value as written.
	Value string `json:"value"`
	// Token is the product token the line names: "*", the value's leading
	// [a-zA-Z_-]+ characters, or empty when it names no crawler.
	Token string `json:"token"`
}

// RuleKind is "allow" or "disallow".
type RuleKind string

// The rule kinds.
const (
	Allow    RuleKind = "allow"
	Disallow RuleKind = "disallow"
)

// Rule is one allow or disallow line.
type Rule struct {
	Line int      `json:"line"`
	Kind RuleKind `json:"kind"`
	// Path is the path pattern as written; empty matches nothing.
	Path string `json:"path"`
	// BeyondLimit is true when the rule lies past SizeLimit, where
	// conforming crawlers may stop parsing. Matcher still applies it.
	BeyondLimit bool `json:"beyond_limit,omitempty"`
}

// Sitemap is one sitemap line.
type Sitemap struct {
	Line int    `json:"line"`
	URL  string `json:"url"`
}

// CrawlDelay is one crawl-delay line.
type CrawlDelay struct {
	Line  int    `json:"line"`
	Value string `json:"value"`
	// Seconds is the parsed delay; nil when Value is not a non-negative
	// number.
	Seconds *float64 `json:"seconds"`
}

// Record is a line kept as written: an unknown or non-standard record, or
// any record outside a group.
type Record struct {
	Line int `json:"line"`
	// Kind is "unknown", an Extension name, or "allow"/"disallow" for a rule
	// outside any group.
	Kind string `json:"kind"`
	// Name is the record name as written.
	Name  string `json:"name"`
	Value string `json:"value"`
}

// AppDirectives are the App-Directives rules of one group that share a path
// (character for character), combined as RFC 9651 §4.2 combines field lines:
// the lists are concatenated (draft-nottingham-plan-b §2).
type AppDirectives struct {
	// Path is the path pattern the directives apply to; empty when the rules
	// have none (they then apply to every path).
	Path string `json:"path,omitempty"`
	// Rules are the lines that were combined, including rejected ones.
	Rules []AppDirectivesRule `json:"rules"`
	// Apps are the members of the combined list that are application
	// identifiers (Tokens), in order.
	Apps []App `json:"apps"`
}

// AppDirectivesRule is one App-Directives line.
type AppDirectivesRule struct {
	Line int `json:"line"`
	// Spelling is the rule name as written ("App-Directives",
	// "app-directive", ...).
	Spelling string `json:"spelling"`
	// Value is the directives as written (the path removed).
	Value string `json:"value"`
	// Valid is false when Value is not an RFC 9651 List; the rule is then
	// rejected and contributes no Apps.
	Valid bool `json:"valid"`
}

// App is one application identifier with its directives (the parameters
// of the list member).
type App struct {
	ID         string      `json:"id"`
	Line       int         `json:"line"`
	Directives []Directive `json:"directives"`
}

// Directive is one parameter of an App-Directives member.
type Directive struct {
	Name string `json:"name"`
	// Type is the RFC 9651 type of Value: "boolean", "integer", "decimal",
	// "string", "token", "byte-sequence", "date" or "display-string".
	Type string `json:"type"`
	// Value is the bare item: a bool, int64, float64 or string (tokens,
	// strings and display strings), []byte (byte sequences, base64 in
	// JSON), or a Unix time in seconds (dates, int64).
	Value any `json:"value"`
}

// ContentUsageRule is one Content-Usage line (draft-ietf-aipref-attach §3).
type ContentUsageRule struct {
	Line int `json:"line"`
	// Path is the leading path pattern; empty when the rule has none (it
	// then applies to every path).
	Path string `json:"path,omitempty"`
	// Value is the usage preference expression as written.
	Value string `json:"value"`
	// Valid is true when Value parses as an RFC 9651 Dictionary.
	Valid bool `json:"valid"`
	// Preferences maps the vocabulary's categories ("train-ai", "search")
	// to "y" (allow) or "n" (disallow); a category that is absent, or whose
	// value is not the Token y or n, is unknown and left out.
	Preferences map[string]string `json:"preferences,omitempty"`
}

// ContentSignalRule is one Content-Signal line (Cloudflare content
// signals).
type ContentSignalRule struct {
	Line int `json:"line"`
	// Path is the leading path pattern, empty when there is none.
	Path string `json:"path,omitempty"`
	// Value is the signals as written.
	Value string `json:"value"`
	// Valid is true when Value parses as a list of key=value signals.
	Valid bool `json:"valid"`
	// Signals maps "search", "ai-input" and "ai-train" to "yes" or "no",
	// and "use" to "immediate", "reference" or "full"; unknown keys and
	// values are left out.
	Signals map[string]string `json:"signals,omitempty"`
}

// equalFold compares ASCII strings case-insensitively.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
