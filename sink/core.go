package sink

import "time"

// The core tables of schema v1. Every row type is a struct whose exported
// fields are the table's columns: the `col` tag names the column and the
// `doc` tag describes it (meaning and units) for the data dictionary. A
// field without both tags is a bug that the dictionary test catches.
//
// Field types map to Arrow and DuckDB types: string → VARCHAR, bool →
// BOOLEAN, int32/int64 → INTEGER/BIGINT, float64 → DOUBLE, time.Time →
// TIMESTAMPTZ (microseconds, UTC), []byte → BLOB, pointers → nullable,
// slices → LIST, structs → STRUCT, map[string]string → MAP(VARCHAR,
// VARCHAR), JSON → VARCHAR holding JSON.

// JSON is a column holding a JSON document as text.
type JSON string

// CrawlRow is one run of `survey crawl` (a resumed crawl adds a run).
type CrawlRow struct {
	CrawlID     string     `col:"crawl_id" doc:"Identifier of the crawl; shards of one crawl share it. It is --crawl-id, by default the crawl's start time to the second in UTC (20261121T101500Z), so two crawls started in the same second without --crawl-id have the same one (survey merge then refuses to merge them)."`
	Shard       string     `col:"shard" doc:"Shard of the seeds this run crawled, as i/n (0/1 when unsharded)."`
	Run         int32      `col:"run" doc:"Run number within the crawl and shard: 1 for the first, one more for every --resume."`
	StartedAt   time.Time  `col:"started_at" doc:"When the run started (UTC)."`
	EndedAt     *time.Time `col:"ended_at" doc:"When the run ended (UTC); null while status is running or killed: the run is still going, or it was killed (SIGKILL, a machine that stopped) before it could record its end."`
	Status      string     `col:"status" doc:"How the run ended: complete, interrupted (stopped cleanly by Ctrl-C or SIGTERM), failed, running (the row the run writes when it starts, left as it is when the run could not record its end: it is still going, or was killed and has not been resumed since) or killed (the row --resume writes for an earlier run that never recorded its end)."`
	ToolVersion string     `col:"tool_version" doc:"Version of survey that ran the crawl, with the source revision it was built from when known (0.1.0+8d84fca1b2c3; .dirty for a checkout with uncommitted changes)."`
	UserAgent   string     `col:"user_agent" doc:"User-Agent header sent with every request."`
	SeedsPath   string     `col:"seeds_path" doc:"Seed file as given on the command line (- for standard input)."`
	SeedsDigest string     `col:"seeds_digest" doc:"SHA-256 (hex) of the seed file's bytes as stored (a compressed list's compressed bytes, as survey seeds prints it); empty when the seeds came from standard input and the run did not read them whole (status interrupted, running or killed)."`
	SeedsRead   int64      `col:"seeds_read" doc:"Seed lines read by this run, the lines of domains committed by earlier runs included (a resumed run reads the whole list again); 0 when status is running or killed."`
	SeedsBad    int64      `col:"seeds_bad" doc:"Seed lines rejected as malformed by this run; 0 when status is running or killed."`
	Domains     int64      `col:"domains" doc:"Domains crawled (committed) by this run, not counting those committed by earlier runs; 0 when status is running or killed, even when the run committed some (count targets instead)."`
	Options     JSON       `col:"options" doc:"Every crawl option of the run, as a JSON object, with the host name of the machine it ran on (hostname, since 2026-11-28); not null in rows survey writes (a killed run's row, written by the next --resume, has the killed run's options)."`
}

// TargetRow is one domain of a crawl.
type TargetRow struct {
	CrawlID      string    `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain       string    `col:"domain" doc:"Normalized host crawled: lower case, punycode (IDNA), no trailing dot; with :port when the seed named one."`
	Registrable  string    `col:"registrable_domain" doc:"Registrable domain (eTLD+1 by the public suffix list) of the domain."`
	Rank         *int64    `col:"rank" doc:"Rank from a ranked seed list (Tranco-style CSV); null when the seed had none."`
	SeedLine     int64     `col:"seed_line" doc:"1-based line of the seed file the domain came from (its first occurrence)."`
	Seed         string    `col:"seed" doc:"The seed line's domain or origin as written."`
	Outcome      string    `col:"outcome" doc:"Domain outcome: ok, blocked, timeout or unreachable (docs/outcomes.md)."`
	Reason       string    `col:"reason" doc:"Refines the outcome: for unreachable, the network error class (dns, dns_not_found, connect, tls, address_guard ...); empty for the other outcomes."`
	Scheme       string    `col:"scheme" doc:"Scheme used for the domain: the seed's when it is an origin (http://... or https://...), else https, or http after the HTTPS fallback."`
	HTTPFallback bool      `col:"http_fallback" doc:"True when HTTPS could not connect and the domain was fetched over plain HTTP; never for a seed that names its scheme (an origin), which is fetched with that scheme only."`
	HTTPSError   string    `col:"https_error" doc:"Why HTTPS could not connect, when http_fallback is true."`
	Soft404Site  bool      `col:"soft404_site" doc:"True when the canary path (which cannot exist) answered 2xx with a page of the site's own (the canary's outcome is soft_404; a bot wall served with 200 is not the site's answer): the site answers every path."`
	Parked       bool      `col:"parked" doc:"True when the home page shows a parked domain (classify.DetectParked, docs/outcomes.md): a parking service's lander, a marketplace's for-sale page (the page itself or a redirect to it) or a registrar's or host's placeholder. Parts written before survey recorded it have NULL."`
	ParkedBy     string    `col:"parked_by" doc:"Who parks the domain, when parked is true: the parking service, marketplace, registrar or host (sedo, bodis, godaddy, afternic, ...), or unknown when the page says so in words alone; empty otherwise. Parts written before survey recorded it have NULL."`
	Fetches      int32     `col:"fetches" doc:"Number of rows in fetches for the domain: one per location of the crawl (--locations and the canary), those not requested included."`
	StartedAt    time.Time `col:"started_at" doc:"When the domain's first request started (UTC)."`
	DurationMs   float64   `col:"duration_ms" doc:"Wall time spent on the domain, in milliseconds."`
}

// RedirectHop is one hop of a redirect chain.
type RedirectHop struct {
	URL      string `col:"url" doc:"URL requested at this hop."`
	Status   int32  `col:"status" doc:"HTTP status of the redirect response."`
	Location string `col:"location" doc:"Location header of the redirect response, as sent."`
}

// FetchRow is one location of one domain.
type FetchRow struct {
	CrawlID         string            `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain          string            `col:"domain" doc:"Domain the location belongs to (targets.domain)."`
	Location        string            `col:"location" doc:"Registry location id (robots, agents-txt, agents-md, agents-md-wk, agent-feed, did, agent-card, autoctl, llms-txt, tdmrep, ai-txt, home, canary)."`
	URL             string            `col:"url" doc:"URL requested first."`
	FinalURL        string            `col:"final_url" doc:"Last URL of the fetch, after redirects: the URL of the final response, or the URL whose request failed; for redirect_error loop and too_many, and for a redirect whose target the address guard refused, the last redirect's target, which was not requested then (status and remote_addr are those of that redirect)."`
	Redirects       []RedirectHop     `col:"redirects" doc:"Redirect chain in order, one entry per redirect response received with a Location, including the last one of a redirect_error loop or too_many, which was not followed."`
	Scheme          string            `col:"scheme" doc:"Scheme of the final URL: https or http."`
	HTTPFallback    bool              `col:"http_fallback" doc:"True when the domain was fetched over HTTP because HTTPS could not connect."`
	Status          *int32            `col:"status" doc:"HTTP status of the last response received (a redirect's 3xx when the chain ended on a redirect_error or a network_error at the next hop; the status line of a response whose body then failed, network_error); null when none was received."`
	ContentType     string            `col:"content_type" doc:"Content-Type header of the last response received (see status), as sent."`
	ContentEncoding string            `col:"content_encoding" doc:"Content-Encoding header of the last response received (see status), as sent."`
	Size            int64             `col:"size" doc:"Body length in bytes after decompression, as stored (at most the body cap); 0 when no body was stored (body_digest null)."`
	BodyDigest      *string           `col:"body_digest" doc:"SHA-256 (hex) of the stored body, the key of bodies; null when no body was stored: no response, a body read that failed (network_error), or a redirect chain given up (redirect_error loop or too_many). An empty body has the digest of zero bytes."`
	Truncated       bool              `col:"truncated" doc:"True when the body exceeded the cap (--max-body) and was cut."`
	Offsite         bool              `col:"offsite" doc:"True when a redirect left the registrable domain."`
	Downgraded      bool              `col:"downgraded" doc:"True when a redirect went from HTTPS to HTTP."`
	RemoteAddr      string            `col:"remote_addr" doc:"IP address and port the last response received came from (see status); empty when no response was received (status null)."`
	StartedAt       time.Time         `col:"started_at" doc:"When the first request started (UTC)."`
	DNSMs           float64           `col:"dns_ms" doc:"Time resolving host names, in milliseconds, summed over the fetch's requests, redirects included (0 when cached, reused or not resolved by survey: with --connect-to and no --resolver)."`
	ConnectMs       float64           `col:"connect_ms" doc:"Time establishing TCP, in milliseconds, summed over the fetch's requests, redirects included (0 when every connection was reused or no request was made)."`
	TLSMs           float64           `col:"tls_ms" doc:"Time in TLS handshakes, in milliseconds, summed over the fetch's requests, redirects included (0 when every connection was reused or plain HTTP; an HTTPS hop that redirected to HTTP still counts, so scheme http can have tls_ms > 0)."`
	TTFBMs          float64           `col:"ttfb_ms" doc:"Time from sending the last request to its first response byte, in milliseconds; 0 when no response byte was received, and > 0 with status null when the bytes received were no valid response (reasons protocol, header_cap)."`
	TotalMs         float64           `col:"total_ms" doc:"Time from the first request to the end of the body, redirects included, in milliseconds. It includes wait_ms; total_ms - wait_ms is the time spent on the site. 0 when the location was not requested (error starting with not requested:): reasons rate_limited, robots_txt, host_unresponsive and domain_deadline, and dns, dns_not_found, connect, tls or address_guard for every location after a first request that found the host unreachable; a location whose redirect led to a host not requested (rate_limited, host_unresponsive) keeps the time of the hops before it."`
	WaitMs          float64           `col:"wait_ms" doc:"Part of total_ms the requests spent waiting for their turn at the crawler's own politeness limits (one request at a time per host, a few per IP address, a host's Retry-After), in milliseconds; 0 when nothing made them wait. Parts written before survey recorded it have NULL."`
	RetriedStatus   *int32            `col:"retried_status" doc:"Status of the first answer when it was a 429 or 503 whose Retry-After (at most --max-retry-after) the crawler waited out before asking again; the fetch's other columns are the second answer's, and wait_ms holds the wait. Null when the location was asked once. Parts written before survey recorded it have NULL."`
	RetriedAfter    string            `col:"retried_after" doc:"Retry-After header of the first answer (see retried_status), as sent; empty when the location was asked once. Parts written before survey recorded it have NULL."`
	Outcome         string            `col:"outcome" doc:"What the fetch found: present, absent, soft_404, blocked, server_error, redirected, downgraded, too_large, timeout, network_error or redirect_error (docs/outcomes.md)."`
	Reason          string            `col:"reason" doc:"Refines the outcome, e.g. status_404, canary_match, challenge_cloudflare, dns (docs/outcomes.md)."`
	Error           string            `col:"error" doc:"Why the fetch got no complete response, empty when it got one (outcomes network_error, timeout, redirect_error, and blocked with reason rate_limited or robots_txt, have one): the network stack's error, or survey's own (address guard: ..., redirect loop, too many redirects, redirect status without a Location header, request timeout exceeded, and not requested: ... for a location survey did not request)."`
	Headers         map[string]string `col:"headers" doc:"Selected response headers of the last response received (see status; a redirect's, with its location, when the chain ended in an error at the next hop) (lower-case names): caching, server, policy and bot-wall headers; a header sent several times has its values joined by a newline, each cut at 1 KiB except those of the policy headers the parsers read (x-robots-tag, content-usage, tdm-reservation, tdm-policy), kept whole. The parsers read these headers only, so reparse sees what the crawl saw."`
}

// BodyRow is one distinct body, content-addressed.
type BodyRow struct {
	Digest   string `col:"digest" doc:"SHA-256 (hex) of the body's bytes as received (after HTTP decompression, before any other decoding)."`
	Size     int64  `col:"size" doc:"Length of the body in bytes."`
	Encoding string `col:"encoding" doc:"How data is stored: zstd (the body compressed with Zstandard)."`
	Data     []byte `col:"data" doc:"The body, compressed as encoding says; read it with survey body DIGEST."`
}

// DocumentRow is one parsed fetch.
type DocumentRow struct {
	CrawlID       string  `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain        string  `col:"domain" doc:"Domain the file belongs to."`
	Location      string  `col:"location" doc:"Registry location the file was fetched from."`
	Format        string  `col:"format" doc:"Format the file was parsed as (robots, agents-txt, agents-md, agent-feed, did, agent-card, autoctl, llms-txt, tdmrep, ai-txt, homepage)."`
	OtherFormat   string  `col:"other_format" doc:"Non-empty when the file plainly follows another convention (e.g. robots-style agents.txt, coding-agent AGENTS.md); such files are neither valid nor broken."`
	Valid         bool    `col:"valid" doc:"True when the file is in the format and no diagnostic is an error."`
	Usable        bool    `col:"usable" doc:"True when a conforming agent may read the file as published: valid, whole, and fetched as the specification requires (e.g. over HTTPS). Whether what it says takes effect is effective's: an agent feed whose key did not resolve is usable and untrusted, and no entry of it applies (§2.2)."`
	Effective     string  `col:"effective" doc:"Short label of the effective policy (format-specific, e.g. restricted, open, terminated)."`
	Errors        int32   `col:"errors" doc:"Number of error diagnostics: the rows in diagnostics, which for most formats list at most 100 of one code and one row counting the rest, so not the number of problems found."`
	Warnings      int32   `col:"warnings" doc:"Number of warning diagnostics, as errors counts them (rows in diagnostics)."`
	Infos         int32   `col:"infos" doc:"Number of info diagnostics, as errors counts them (rows in diagnostics)."`
	BodyDigest    *string `col:"body_digest" doc:"SHA-256 (hex) of the parsed body (bodies.digest), the fetch's body_digest; not null in rows survey writes: only a fetch that stored a body is parsed."`
	ParserVersion string  `col:"parser_version" doc:"Version of survey whose parsers produced the row, with the source revision it was built from when known (0.1.0+8d84fca1b2c3), so that rows of different builds can be told apart."`
	Summary       JSON    `col:"summary" doc:"Effective policy summary as a JSON object (format-specific); {} when the parser gives none (an AGENTS.md of other-format, for one), not null."`
}

// DiagnosticRow is one diagnostic of one parsed fetch.
type DiagnosticRow struct {
	CrawlID  string `col:"crawl_id" doc:"Identifier of the crawl."`
	Domain   string `col:"domain" doc:"Domain the file belongs to."`
	Location string `col:"location" doc:"Registry location the file was fetched from."`
	Format   string `col:"format" doc:"Format the file was parsed as (documents.format). The prefix of code is not always this format: extract.* codes (extract.truncated) are survey's own and occur in any format, ai-txt files carry robots.* codes (they are parsed with the robots.txt grammar) and aitxt.* codes; filter on this column, not on the code prefix."`
	Code     string `col:"code" doc:"Stable diagnostic code, <prefix>.<slug> (docs/diagnostics.md); the prefix names the format whose rule it is, or extract for survey's own (see format)."`
	Severity string `col:"severity" doc:"error (the file is invalid), warning or info."`
	Line     int32  `col:"line" doc:"1-based line the diagnostic refers to; 0 when it concerns the whole file, and in the row that says how many diagnostics of its code were left out (see the table's description)."`
	Spec     string `col:"spec" doc:"Section of the specification the diagnostic rests on."`
	Message  string `col:"message" doc:"Human-readable description of the finding."`
}
