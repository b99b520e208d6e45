package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/agentpolicy/survey/classify"
	"github.com/agentpolicy/survey/crawl"
	"github.com/agentpolicy/survey/diag"
	"github.com/agentpolicy/survey/extract"
	"github.com/agentpolicy/survey/internal/shell"
	"github.com/agentpolicy/survey/pipeline"
	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
)

const checkAbout = `
Parse and validate one file, given as a path, a URL (fetched with the
crawler's engine and guards, and classified as a crawl classifies it: at a
location, an HTML page or the page the site answers for a path that cannot
exist is a soft 404, no file), or - for standard input. Prints one line per
diagnostic, compiler style:

  FILE:LINE: severity: message [code, spec section]

With --agent and --url (and --method), also answers whether that agent may
do that there, for the formats that say: EVALUATORS.
Flags may come before or after the file (survey check robots.txt --agent
GPTBot --url /a); a file whose name begins with - goes after --.
With --format json, prints the documented contract: {"type", "valid",
"diagnostics", "result", "decision"} (see docs/check-json.md). --codes
prints the catalogue of diagnostic codes.

--site DOMAIN checks a whole site instead: every agent-policy location,
fetched, classified and parsed as survey crawl does, with each location's
outcome (present, absent, soft_404, blocked, ...) and each file's
diagnostics, and a note for each link of the home page (a Link header or a
link element) to a location that holds no file; with --respect-robots, as
survey crawl --respect-robots does.

Types: ` + "TYPES" + `
Exit status: 0 valid (warnings and infos do not count); 1 invalid or of
another format (with --site: any file), and with --strict also a file with
a warning or one that is not usable (cut at the body cap, or fetched in a
way its specification forbids); 2 usage or I/O error, a URL that yields no
file, or a site none of whose locations could be read.`

// checkOutput is the JSON contract of survey check (docs/check-json.md).
type checkOutput struct {
	File        string            `json:"file"`
	FinalURL    string            `json:"final_url,omitempty"`
	Outcome     classify.Outcome  `json:"outcome,omitempty"`
	Reason      string            `json:"reason,omitempty"`
	Type        registry.FormatID `json:"type"`
	Valid       bool              `json:"valid"`
	Usable      bool              `json:"usable"`
	OtherFormat string            `json:"other_format,omitempty"`
	Effective   string            `json:"effective,omitempty"`
	Diagnostics diag.List         `json:"diagnostics"`
	Summary     any               `json:"summary,omitempty"`
	Result      any               `json:"result"`
	Decision    *checkDecision    `json:"decision,omitempty"`
}

type checkDecision struct {
	Agent   string `json:"agent"`
	URL     string `json:"url"`
	Method  string `json:"method"`
	Allowed bool   `json:"allowed"`
	Reason  string `json:"reason"`
	Line    int    `json:"line"`
}

func runCheck(e *env, args []string) int {
	var types []string
	for _, f := range registry.Formats() {
		if f.CheckType {
			types = append(types, string(f.ID))
		}
	}
	var evaluators []string
	for _, t := range types {
		if extract.CanDecide(registry.FormatID(t)) {
			evaluators = append(evaluators, t)
		}
	}
	about := strings.Replace(checkAbout, "TYPES", wrapList(types, len("Types: "), 76), 1)
	about = strings.Replace(about, "EVALUATORS", strings.Join(evaluators, ", "), 1)
	fs := newFlags(e, "check", "[flags] FILE|URL|- | --site DOMAIN", about)
	var (
		typ          = fs.String("type", "", "file type (default: detected from the name, then the content)")
		format       = fs.String("format", "text", "output: text or json (markdown too with --codes)")
		agent        = fs.String("agent", "", "agent (product token or User-Agent) for a decision")
		target       = fs.String("url", "", "URL or path the agent wants, for a decision")
		method       = fs.String("method", "GET", "HTTP method for a decision")
		didFile      = fs.String("did", "", "did.json for an agent-feed or agent-card file (with a URL input it is fetched from the origin, and so are the feed and card to compare)")
		cardFile     = fs.String("card", "", "agent-card.json to compare an agent-feed file with (with a URL input it is fetched from the origin)")
		feedFile     = fs.String("feed", "", "agent-feed.xml to compare an agent-card file with, or whose key document a did.json is (with a URL input it is fetched from the origin)")
		origin       = fs.String("origin", "", "origin the file speaks for, e.g. https://example.com (default: the URL's)")
		codes        = fs.Bool("codes", false, "print the catalogue of diagnostic codes and exit")
		allowPrivate = fs.Bool("allow-private", false, "allow fetching from private, loopback and link-local addresses")
		connectTo    = fs.String("connect-to", "", "route every host name's connection to HOST:PORT")
		caFile       = fs.String("ca-file", "", "PEM file of extra certificate authorities to trust")
		resolver     = fs.String("resolver", "", "DNS server HOST:PORT to use instead of the system's")
		userAgent    = fs.String("user-agent", crawl.DefaultUserAgent, "User-Agent header")
		contact      = fs.String("contact", "", "your contact (URL or e-mail), appended to the User-Agent")
		timeout      = fs.Duration("timeout", crawl.DefaultTimeout, "timeout of one request (the URL, or each of the site's), redirects and body included")
		maxBody      = fs.String("max-body", "1MiB", "body cap, as survey crawl --max-body: a longer file (or response, after decompression) is cut there and flagged truncated (bytes, or with KiB/MiB)")
		header       = headerFlag{}
		site         = fs.String("site", "", "check every agent-policy location of this site (a domain or an origin) as a crawl fetches it, instead of one file")
		robots       = fs.Bool("respect-robots", false, "with --site, obey the site's robots.txt as survey crawl --respect-robots does: a location it disallows is not requested, and is blocked (robots_txt)")
		strict       = fs.Bool("strict", false, "exit 1 also for a warning or a file that is not usable, not only for an invalid file (for CI)")
	)
	fs.Var(header, "header", "a response header of a local file or standard input, \"Name: value\" (repeatable): the home page's X-Robots-Tag, Content-Usage and TDMRep headers, or any file's Content-Type, checked as if it were served with it")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	files := fs.Args()
	if *codes {
		return printCodes(e, *format)
	}
	// The flags are checked before anything is fetched.
	if *format != "text" && *format != "json" {
		return fail(e, "check", fmt.Errorf("unknown --format %q (want text or json; markdown only with --codes)", *format))
	}
	// A location's name stands for the format it holds (home for
	// homepage, as --site lists the home page).
	if _, ok := registry.LookupFormat(registry.FormatID(*typ)); !ok {
		if l, ok := registry.LookupLocation(registry.LocationID(*typ)); ok && len(l.Formats) > 0 {
			*typ = string(l.Formats[0])
		}
	}
	if ff, ok := registry.LookupFormat(registry.FormatID(*typ)); *typ != "" && (!ok || !ff.CheckType) {
		return fail(e, "check", fmt.Errorf("unknown --type %q (want %s, or a location's name, such as home for homepage)", *typ, strings.Join(types, ", ")))
	}
	if (*agent == "") != (*target == "") {
		return fail(e, "check", errors.New("--agent and --url go together"))
	}
	if *agent == "" && flagGiven(fs, "method") {
		return fail(e, "check", errors.New("--method goes with --agent and --url (the decision it asks for)"))
	}
	if *timeout <= 0 {
		return fail(e, "check", fmt.Errorf("--timeout %s: must be positive", *timeout))
	}
	if err := checkUserAgent(*userAgent, *contact); err != nil {
		return fail(e, "check", err) // the same guest as survey crawl
	}
	bodyCap, err := parseSize(*maxBody)
	if err == nil && bodyCap > crawl.MaxBodyLimit {
		err = fmt.Errorf("%s is above 1 GiB", *maxBody)
	}
	if err != nil {
		return fail(e, "check", fmt.Errorf("--max-body: %w", err))
	}
	// fetchConfig is the crawler's configuration for a URL or a site.
	fetchConfig := func() (crawl.Config, error) {
		roots, err := loadRoots(*caFile)
		return crawl.Config{Concurrency: 1, Timeout: *timeout, UserAgent: withContact(*userAgent, *contact),
			AllowPrivate: *allowPrivate, ConnectTo: *connectTo, RootCAs: roots, Resolver: *resolver, MaxBody: bodyCap}, err
	}
	var q *extract.Query // the decision asked for, if any
	if *agent != "" {
		q = &extract.Query{Agent: *agent, URL: *target, Method: strings.ToUpper(*method)}
	}
	if *site != "" {
		if len(files) != 0 {
			return fail(e, "check", errors.New("--site checks a whole site; give it no file"))
		}
		for _, f := range []struct {
			name string
			set  bool
		}{{"--type", *typ != ""}, {"--did", *didFile != ""}, {"--card", *cardFile != ""}, {"--feed", *feedFile != ""}, {"--origin", *origin != ""}, {"--header", len(header) > 0}} {
			if f.set {
				return fail(e, "check", fmt.Errorf("%s is for one file, not with --site", f.name))
			}
		}
		cfg, err := fetchConfig()
		if err != nil {
			return fail(e, "check", err)
		}
		if *robots {
			cfg.Robots = pipeline.RobotsRules(cfg.UserAgent)
		}
		return checkSite(e, *site, *format, q, cfg, *strict)
	}
	if *robots {
		return fail(e, "check", errors.New("--respect-robots is for --site: a file or URL is fetched as asked"))
	}
	if len(files) != 1 {
		return badUsage(fs, "give one file, URL or -, or --site DOMAIN; got "+arguments(files))
	}
	name := files[0]
	in := extract.Input{}
	isURL := strings.HasPrefix(name, "http://") || strings.HasPrefix(name, "https://")
	if len(header) > 0 {
		if isURL {
			return fail(e, "check", errors.New("--header is for a local file or standard input; a URL's headers are those of its response"))
		}
		in.Header, in.ContentType = http.Header(header), http.Header(header).Get("Content-Type")
	}
	if *origin != "" {
		u, err := url.Parse(*origin)
		if err != nil || u.Host == "" {
			return fail(e, "check", fmt.Errorf("--origin %q is not a URL", *origin))
		}
		// Only the host: a local file was not served, so no transport
		// rule (content type, HTTPS) applies to it.
		in.Host = u.Host
	}
	// The scheme the origin's other files are fetched with, a URL's:
	// a crawl of a site that fell back to HTTP fetches them over HTTP.
	originScheme := "https"
	if u, err := url.Parse(*origin); *origin != "" && err == nil && u.Scheme == "http" {
		originScheme = "http"
	}

	var fetcher *urlFetcher
	var finalURL string // where a URL's redirects ended
	redirects := 0
	var fetched classify.Result // how a crawl classifies a URL's fetch
	var requested *url.URL      // the URL given, when it is one
	var body []byte
	switch {
	case name == "-":
		b, err := io.ReadAll(io.LimitReader(e.stdin, bodyCap+1))
		if err != nil {
			return fail(e, "check", err)
		}
		body, in.Truncated = capBody(b, bodyCap)
	case isURL:
		cfg, err := fetchConfig()
		if err != nil {
			return fail(e, "check", err)
		}
		cfg.DomainDeadline = 2 * *timeout
		c, err := crawl.New(cfg)
		if err != nil {
			return fail(e, "check", err)
		}
		fetcher = &urlFetcher{c: c}
		requested, err = url.Parse(name)
		if err != nil || requested.Host == "" {
			return fail(e, "check", fmt.Errorf("%q is not a URL", name))
		}
		f, r, err := fetcher.file(name, "")
		if err != nil {
			if q != nil && *format == "text" && urlLocation(requested) == registry.LocRobots && (*typ == "" || *typ == string(registry.Robots)) {
				// What a crawl with --respect-robots makes of it, as
				// --site says.
				writeDecisionText(e.stdout, name, robotsWithoutFile(f, *q))
			}
			return fail(e, "check", fmt.Errorf("%w%s", err, fallbackHint(requested, f)))
		}
		body = f.Body
		in.URL, in.Scheme, in.ContentType, in.Header = f.FinalURL, f.Scheme, f.Header.Get("Content-Type"), f.Header
		in.Truncated, in.RedirectHops, in.Downgraded = f.Truncated, len(f.Hops), f.Downgraded
		finalURL, redirects, fetched = f.FinalURL, len(f.Hops), r
		if in.Host == "" {
			// The origin asked about, as in a crawl: a did.json that
			// https://example.com/ redirects to www.example.com still
			// speaks for example.com, whose DID resolves through it.
			in.Host, originScheme = requested.Host, requested.Scheme
		}
	default:
		b, err := readCapped(name, bodyCap)
		if err != nil {
			return fail(e, "check", err)
		}
		body, in.Truncated = capBody(b, bodyCap)
		in.URL = name
	}

	f := registry.FormatID(*typ)
	note := "" // how the type was told, when the operator may want another
	if f == "" {
		f = extract.Detect(name, body)
		if f == "" {
			what := "cannot tell the type of " + name
			kind, undo := notText(body)
			verb := "decompress it first"
			if strings.HasPrefix(kind, "UTF-16") {
				verb = "convert it to UTF-8 first"
			}
			switch {
			case undo != "" && name != "-" && !isURL:
				return fail(e, "check", fmt.Errorf("%s is %s: %s, %s %s | survey check --type TYPE - (TYPE one of %s)", name, kind, verb, undo, shell.Quote(name), strings.Join(types, ", ")))
			case undo != "" && name == "-":
				return fail(e, "check", fmt.Errorf("standard input is %s: %s (%s) and give --type (%s)", kind, verb, undo, strings.Join(types, ", ")))
			case kind != "":
				what = name + " is " + kind + ", so its type cannot be told from its content"
			}
			if len(bytes.TrimSpace(body)) == 0 {
				what = name + " is empty, so its type cannot be told from its content"
				if name == "-" {
					what = "standard input is empty, so its type cannot be told from its content"
				}
			}
			return fail(e, "check", fmt.Errorf("%s; give --type (%s)", what, strings.Join(types, ", ")))
		}
		note = detectionNote(name, body, f)
	}
	if locs := registry.LocationsForFormat(f); len(locs) > 0 {
		in.Location = locs[0].ID
		if requested != nil {
			if at := urlLocation(requested); slices.ContainsFunc(locs, func(l registry.Location) bool { return l.ID == at }) {
				in.Location = at
			}
		}
	}

	related := map[registry.LocationID]extract.Related{}
	// The related files given, each read as a crawl reads it at its
	// location; a URL input fetches the others from its origin.
	for _, g := range []struct {
		flag, file string
		loc        registry.LocationID
	}{{"--did", *didFile, registry.LocDID}, {"--card", *cardFile, registry.LocAgentCard}, {"--feed", *feedFile, registry.LocAgentFeed}} {
		if g.file == "" {
			continue
		}
		b, err := readCapped(g.file, bodyCap)
		if err != nil {
			return fail(e, "check", fmt.Errorf("%s: %w", g.flag, err))
		}
		related[g.loc] = extract.Related{Body: b, URL: g.file, Fetched: true}
	}
	// A feed is verified with did.json and compared with agent-card.json,
	// and a card is compared with the feed: checked by URL, each fetches
	// the others of its origin, as a crawl has them.
	relatedLocs := map[registry.FormatID][]registry.LocationID{
		registry.AgentFeed: {registry.LocDID, registry.LocAgentCard},
		registry.AgentCard: {registry.LocAgentFeed, registry.LocDID},
		registry.DID:       {registry.LocAgentFeed}, // a feed makes it the key document
	}
	if fetcher != nil && in.Host != "" {
		for _, loc := range relatedLocs[f] {
			if _, ok := related[loc]; ok {
				continue
			}
			l, _ := registry.LookupLocation(loc)
			u := originScheme + "://" + in.Host + l.Path
			rf, _, err := fetcher.file(u, loc)
			if err != nil {
				related[loc] = extract.Related{Fetched: false, Reason: err.Error(), URL: u}
				continue
			}
			related[loc] = extract.Related{Body: rf.Body, URL: rf.FinalURL, ContentType: rf.Header.Get("Content-Type"), Fetched: true}
		}
	}
	if f == registry.AgentFeed {
		if _, ok := related[registry.LocDID]; !ok {
			related[registry.LocDID] = extract.Related{Fetched: false, Reason: "no did.json given (use --did FILE)"}
		}
	}
	in.Related = func(loc registry.LocationID) (extract.Related, bool) {
		r, ok := related[loc]
		return r, ok
	}

	doc := extract.Parse(f, body, in)
	out := newCheckOutput(name, doc)
	out.FinalURL, out.Outcome, out.Reason = finalURL, fetched.Outcome, fetched.Reason
	if q != nil {
		d, err := decide(doc, *q)
		if err != nil && *typ == "" {
			err = fmt.Errorf("%s was read as %s, from its name and content (give --type to say otherwise): %w", name, f, err)
		}
		if err != nil {
			return fail(e, "check", err)
		}
		out.Decision = d
	}

	switch *format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fail(e, "check", err)
		}
	case "text":
		if redirects > 0 || fetched.Outcome != "" && fetched.Outcome != classify.Present {
			fmt.Fprintf(e.stdout, "%s: note: %s\n", name, fetchNote(finalURL, redirects, fetched))
		}
		if note != "" && (!doc.Valid || extract.Detect(name, nil) == "") {
			fmt.Fprintf(e.stdout, "%s: note: %s\n", name, note)
		}
		if l, ok := registry.LookupLocation(in.Location); ok && requested == nil && classify.PageDataAt(l, body) {
			// A fetch of it would be a soft 404; a file on disk has no
			// fetch, so say it here (a build's output is checked so).
			fmt.Fprintf(e.stdout, "%s: note: this is a web framework's data for a page, not a file: a React Server Components payload, which a Next.js static export writes beside a page of that name; served at its location, a crawl records no file there (soft_404, page_data)\n", name)
		}
		writeCheckText(e.stdout, name, doc)
		writeAICrawlersText(e.stdout, name, doc)
		writeHomeSignalsText(e.stdout, name, doc)
		writeDecisionText(e.stdout, name, out.Decision)
	default:
		return fail(e, "check", fmt.Errorf("unknown --format %q (want text or json)", *format))
	}
	if failsCheck(doc, *strict) {
		if why := strictOnly(doc, *strict); why != "" && *format == "text" {
			fmt.Fprintf(e.stdout, "%s: --strict: exit status 1 for %s\n", name, why)
		}
		return exitFindings
	}
	return exitOK
}

// strictOnly says what fails doc under --strict alone ("1 warning", "not
// usable"), "" when it fails without --strict too or does not fail.
func strictOnly(doc extract.Document, strict bool) string {
	if !strict || failsCheck(doc, false) {
		return ""
	}
	var why []string
	if n := doc.Diagnostics.Count(diag.Warning); n > 0 {
		why = append(why, plural(n, "warning", "warnings"))
	}
	if !doc.Usable {
		why = append(why, "not usable")
	}
	return strings.Join(why, ", ")
}

// failsCheck reports whether doc makes survey check exit 1: it is invalid
// or of another format, or, when strict, it has a warning or is not usable.
func failsCheck(doc extract.Document, strict bool) bool {
	return !doc.Valid || doc.OtherFormat != "" || strict && (!doc.Usable || doc.Diagnostics.Count(diag.Warning) > 0)
}

// detectionNote says how the type f of the file name was told when the
// operator did not give --type and may have meant another: from its
// content (its name is none survey knows), or from its name when its
// content reads as another format (a robots.txt saved as agents.txt).
func detectionNote(name string, body []byte, f registry.FormatID) string {
	content := extract.Detect("", body)
	if extract.Detect(name, nil) == "" {
		base := path.Base(filepath.ToSlash(name))
		if u, err := url.Parse(name); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
			if u.Path == "" || u.Path == "/" {
				if f == registry.HomePage {
					return "" // the home page, at its location
				}
				base = "/"
			} else {
				base = path.Base(u.Path)
			}
		}
		from := "its content"
		if name != "-" {
			from += fmt.Sprintf(" (no format of survey's is named %q)", base)
		}
		return fmt.Sprintf("read as %s, told from %s; give --type to check it as another format", f, from)
	}
	if content == "" || content == f || content == registry.HomePage {
		// An HTML page at a location is a soft 404 or a page, which the
		// format's own diagnostic names.
		return ""
	}
	return fmt.Sprintf("read as %s, told from its name; its content reads as %s: give --type %s to check it as that", f, content, content)
}

// newCheckOutput returns the JSON contract's object for doc, parsed from
// the file name.
func newCheckOutput(name string, doc extract.Document) checkOutput {
	return checkOutput{File: name, Type: doc.Format, Valid: doc.Valid, Usable: doc.Usable, OtherFormat: doc.OtherFormat,
		Effective: doc.Effective, Diagnostics: doc.Diagnostics, Summary: doc.Summary, Result: doc.Result}
}

// writeCheckText writes doc's diagnostics compiler style, then its
// verdict, naming the file name.
func writeCheckText(w io.Writer, name string, doc extract.Document) {
	for _, d := range doc.Diagnostics {
		fmt.Fprintf(w, "%s:%d: %s: %s [%s, %s]\n", name, d.Line, d.Severity, printable(d.Message), d.Code, d.Spec)
	}
	verdict := "valid"
	switch {
	case doc.OtherFormat != "":
		verdict = "not " + withArticle(string(doc.Format)) + " file: it follows another convention (" + doc.OtherFormat + ")"
	case !doc.Valid:
		verdict = "invalid"
	}
	fmt.Fprintf(w, "%s: %s: %s (%s, %s, %s)", name, doc.Format, verdict,
		plural(doc.Diagnostics.Count(diag.Error), "error", "errors"),
		plural(doc.Diagnostics.Count(diag.Warning), "warning", "warnings"),
		plural(doc.Diagnostics.Count(diag.Info), "info", "infos"))
	if doc.Valid && !doc.Usable {
		// Valid is about the bytes; usable, what the JSON's "usable"
		// says, is whether an agent may act on them: a file cut at the
		// cap, or one fetched in a way its specification forbids, is
		// valid and still not to be obeyed.
		if code, why := extract.UnusableReason(doc); code != "" {
			fmt.Fprintf(w, "; not usable: a conforming agent may not act on it (%s)", code)
		} else {
			fmt.Fprintf(w, "; not usable: %s", why)
		}
	}
	if doc.Effective != "" {
		fmt.Fprintf(w, "; effective policy: %s", doc.Effective)
	}
	fmt.Fprintln(w)
}

// printable returns s for one line of a terminal: a control character (a
// line break, an escape sequence's ESC, C1), a bidirectional control, which
// reorders what follows it on screen, and a byte that is not UTF-8 are
// written as Go escapes (\n, \x1b, \u202e, \xff). A message may quote
// the file, and a file is anyone's.
func printable(s string) string {
	if !strings.ContainsFunc(s, unprintable) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case unprintable(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unprintable reports whether r would break or rearrange a line of text on
// a terminal. A tab does neither.
func unprintable(r rune) bool {
	return r != '\t' && unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

// withArticle returns name after its indefinite article, by its sound:
// "an agents-txt", "a robots", "an llms-txt" (said letter by letter).
func withArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) || strings.HasPrefix(name, "llms") {
		return "an " + name
	}
	return "a " + name
}

// decide answers q with doc's evaluator, for the JSON contract.
func decide(doc extract.Document, q extract.Query) (*checkDecision, error) {
	d, err := extract.Decide(doc, q)
	if err != nil {
		return nil, err
	}
	return &checkDecision{Agent: q.Agent, URL: q.URL, Method: q.Method, Allowed: d.Allowed, Reason: d.Reason, Line: d.Line}, nil
}

// writeDecisionText writes a decision about the file name, if there is one.
func writeDecisionText(w io.Writer, name string, d *checkDecision) {
	if d == nil {
		return
	}
	word := "disallowed"
	if d.Allowed {
		word = "allowed"
	}
	fmt.Fprintf(w, "%s:%d: decision: %s %s %s: %s (%s)\n", name, d.Line, printable(d.Agent), printable(d.Method), printable(d.URL), word, printable(d.Reason))
}

// urlFetcher fetches the files a URL check reads, and classifies each as a
// crawl classifies it: at its location (an HTML page where robots.txt is
// expected is a soft 404) and against its origin's canary (a 200 that
// matches the answer for a path that cannot exist is one too).
type urlFetcher struct {
	c        *crawl.Crawler
	canaries map[string]*crawl.Fetch // by scheme://host
}

// file fetches rawURL, and returns an error that says why when the fetch
// holds no file. loc is the location it is fetched at; "" names it from the
// URL's path, and a path of no location is classified as any file.
func (u *urlFetcher) file(rawURL string, loc registry.LocationID) (*crawl.Fetch, classify.Result, error) {
	target, err := url.Parse(rawURL)
	if err != nil {
		return nil, classify.Result{}, fmt.Errorf("%q is not a URL: %w", rawURL, err)
	}
	if loc == "" {
		loc = urlLocation(target)
	}
	l, ok := registry.LookupLocation(loc)
	if !ok {
		l = registry.Location{Expect: registry.KindAny}
	}
	f := u.fetch(rawURL, loc)
	r := classify.Fetch(f, l, nil)
	if r.Outcome.HoldsFile() && l.Expect != registry.KindHTML && l.Expect != registry.KindAny {
		// Only a file that is not a page is compared with the canary,
		// as in a crawl.
		r = classify.Fetch(f, l, u.canary(target))
	}
	if !r.Outcome.HoldsFile() {
		detail := f.Err
		if detail == "" && f.Status != 0 {
			detail = fmt.Sprintf("the server answered HTTP %d", f.Status)
		}
		switch r.Reason {
		case classify.ReasonAddressGuard:
			detail += " (--allow-private allows it)"
		case classify.ReasonCanaryMatch:
			detail += fmt.Sprintf(", the same page as for %s, a path that cannot exist", u.c.CanaryPath())
		case classify.ReasonHTMLBody:
			detail += ", an HTML page where a file was expected"
		case classify.ReasonPageData:
			detail += ", a web framework's data for a page (a React Server Components payload, as a Next.js static export writes for a page of that name) where a file was expected"
		}
		return f, r, fmt.Errorf("%s: no file: %s (%s): %s", rawURL, r.Outcome, r.Reason, detail)
	}
	return f, r, nil
}

// fetchNote says where a URL's fetch ended and, unless it is plainly
// present, how a crawl records it: a file reached by a downgrade to HTTP
// or on another site, or cut at the body cap, is parsed all the same, but
// the dataset tells it from one served in place ("downgraded
// (https_to_http)", as check --site prints it).
func fetchNote(finalURL string, redirects int, r classify.Result) string {
	var s string
	if redirects > 0 {
		s = fmt.Sprintf("fetched from %s, after %s", finalURL, plural(redirects, "redirect", "redirects"))
	}
	if r.Outcome == classify.Present || r.Outcome == "" {
		return s
	}
	var why string
	switch r.Outcome {
	case classify.Downgraded:
		why = ", as its redirects left HTTPS for plain HTTP"
	case classify.Redirected:
		why = ", as its redirects ended on another site"
	case classify.TooLarge:
		why = ", as it is longer than the body cap (--max-body) and was cut there"
	}
	if s != "" {
		s += "; "
	}
	return s + fmt.Sprintf("a crawl records this fetch as %s (%s)%s", r.Outcome, r.Reason, why)
}

// robotsWithoutFile answers q from a fetch of robots.txt that gave no file,
// as a crawl with --respect-robots reads it (pipeline.RobotsRules, RFC 9309
// §2.3.1) and check --site answers it: a 4xx allows every path, a 5xx or a
// failed fetch disallows every path, and a 2xx body that is no robots.txt
// file (a soft 404) is read as robots.txt all the same.
func robotsWithoutFile(f *crawl.Fetch, q extract.Query) *checkDecision {
	allowed, why := pipeline.RobotsRules(q.Agent)(f)(q.URL)
	switch {
	case why != "":
	case f.ErrKind == crawl.ErrNone && f.Status >= 200 && f.Status < 300:
		why = fmt.Sprintf("robots.txt answered %d with no robots.txt file; read as robots.txt all the same, as a crawl with --respect-robots reads it, no rule of it disallows this", f.Status)
	case f.ErrKind != crawl.ErrNone:
		why = fmt.Sprintf("robots.txt's redirects end nowhere (%s), so it is unavailable and every path is allowed (RFC 9309 §2.3.1.3)", f.ErrKind)
	default:
		why = fmt.Sprintf("robots.txt answered %d, so it is unavailable and every path is allowed (RFC 9309 §2.3.1.3)", f.Status)
	}
	return &checkDecision{Agent: q.Agent, URL: q.URL, Method: q.Method, Allowed: allowed, Reason: why}
}

// fallbackHint says where a crawl goes when an https URL's connection or
// handshake fails, as f's did: the same URL over HTTP, which a crawl of its
// domain falls back to (crawl/domain.go); "" when it goes nowhere else. A
// host with a port or an IP address is crawled as an origin, with its own
// scheme only, and has no fallback.
func fallbackHint(target *url.URL, f *crawl.Fetch) string {
	if target.Scheme != "https" || len(f.Hops) > 0 || (f.ErrKind != crawl.ErrConnect && f.ErrKind != crawl.ErrTLS) {
		return ""
	}
	if _, err := seeds.Parse(target.Host); err != nil {
		return ""
	}
	plain := *target
	plain.Scheme = "http"
	return fmt.Sprintf("; a crawl of %s falls back to HTTP here: check %s, or the site with --site %s", target.Host, &plain, target.Host)
}

// canary fetches the canary of target's origin, once.
func (u *urlFetcher) canary(target *url.URL) *crawl.Fetch {
	origin := target.Scheme + "://" + target.Host
	if f, ok := u.canaries[origin]; ok {
		return f
	}
	f := u.fetch(origin+u.c.CanaryPath(), registry.LocCanary)
	if u.canaries == nil {
		u.canaries = map[string]*crawl.Fetch{}
	}
	u.canaries[origin] = f
	return f
}

func (u *urlFetcher) fetch(rawURL string, loc registry.LocationID) *crawl.Fetch {
	ctx, cancel := context.WithTimeout(context.Background(), 2*u.c.Config().Timeout+time.Second)
	defer cancel()
	return u.c.FetchURL(ctx, rawURL, loc)
}

// urlLocation returns the location whose path is target's (case aside, as
// a server may treat it), or "" when none is.
func urlLocation(target *url.URL) registry.LocationID {
	p := target.Path
	if p == "" {
		p = "/"
	}
	for _, l := range registry.Locations() {
		if !l.Canary && strings.EqualFold(p, l.Path) {
			return l.ID
		}
	}
	return ""
}

// capBody cuts b, read up to one byte past limit, at limit, and reports
// whether it was longer.
func capBody(b []byte, limit int64) ([]byte, bool) {
	if int64(len(b)) > limit {
		return b[:limit], true
	}
	return b, false
}

// readCapped reads a local file up to one byte past limit, the body cap.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory; give one file in it (robots.txt, agents.txt, ...)", path)
	}
	return io.ReadAll(io.LimitReader(f, limit+1))
}

func printCodes(e *env, format string) int {
	cat := extract.Catalogue()
	switch format {
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(cat); err != nil {
			return fail(e, "check", err)
		}
	case "markdown":
		if err := cat.WriteMarkdown(e.stdout); err != nil {
			return fail(e, "check", err)
		}
	case "text":
		tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "CODE\tSEVERITY\tSPEC\tMEANING")
		for _, c := range cat {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.ID, c.Severity, c.Spec, c.Summary)
		}
		tw.Flush()
	default:
		return fail(e, "check", fmt.Errorf("unknown --format %q (want text, json or markdown)", format))
	}
	return exitOK
}

// headerFlag collects repeated --header "Name: value" flags.
type headerFlag http.Header

func (h headerFlag) String() string { return "" }

func (h headerFlag) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t") {
		return fmt.Errorf("want \"Name: value\", got %q", v)
	}
	http.Header(h).Add(name, strings.TrimSpace(value))
	return nil
}

// wrapList joins items with ", ", breaking lines before width and
// indenting the lines after the first by indent spaces, the first line
// starting indent columns in.
func wrapList(items []string, indent, width int) string {
	var b strings.Builder
	col := indent
	for i, it := range items {
		sep := ""
		if i > 0 {
			sep = ", "
		}
		if i > 0 && col+len(sep)+len(it) > width {
			b.WriteString(",\n" + strings.Repeat(" ", indent))
			col, sep = indent, ""
		}
		b.WriteString(sep + it)
		col += len(sep) + len(it)
	}
	return b.String()
}
