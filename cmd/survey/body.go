package main

import (
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/agentpolicy/survey/registry"
	"github.com/agentpolicy/survey/seeds"
	"github.com/agentpolicy/survey/sink"
)

const bodyAbout = `
Print a stored body, as received (after HTTP decompression): by its SHA-256
digest (fetches.body_digest and documents.body_digest name it), or as the
body a domain's fetch of one location received (--domain and --location,
the columns example_domain and example_location of the diagnostics query
name one).

  survey body --db DIR/survey.duckdb 3e1fbd3f...   > robots.txt
  survey body --db DIR/survey.duckdb --domain example.com --location agents-txt
  survey check --type robots <(survey body --db DIR/survey.duckdb --domain example.com --location robots)

With --domain, the fetch is the most recent crawl's that fetched the location
for the domain, or --crawl's; when its outcome is not present, survey says so
on standard error and prints the body it received all the same (a 404 page, a
bot wall's challenge).`

func runBody(e *env, args []string) int {
	fs := newFlags(e, "body", "[--db PATH] DIGEST | --domain DOMAIN --location LOCATION [--crawl ID]", bodyAbout)
	db := fs.String("db", defaultDB, "DuckDB database file")
	domain := fs.String("domain", "", "print the body the fetch of --location received for this domain, instead of naming a digest")
	location := fs.String("location", "", "with --domain: the location ("+strings.Join(registry.LocationIDs(), ", ")+")")
	crawl := fs.String("crawl", "", "with --domain: the crawl to look in (default: the most recent crawl that fetched the location for the domain)")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	byFetch := *domain != "" || *location != "" || *crawl != ""
	switch {
	case *crawl != "" && *domain == "" && *location == "":
		return fail(e, "body", errors.New("--crawl goes with --domain and --location (a digest names one body, whichever crawl stored it)"))
	case byFetch && fs.NArg() != 0:
		return fail(e, "body", errors.New("give a digest or --domain and --location, not both"))
	case byFetch && (*domain == "" || *location == ""):
		return fail(e, "body", errors.New("--domain and --location go together (and --crawl needs them)"))
	case !byFetch && fs.NArg() != 1:
		return badUsage(fs, "give one digest, or --domain and --location; got "+arguments(fs.Args()))
	}
	digest := strings.ToLower(fs.Arg(0))
	if !byFetch && !isDigest(digest) {
		return fail(e, "body", fmt.Errorf("%q is not a SHA-256 digest: want 64 hexadecimal digits, as fetches.body_digest holds them", fs.Arg(0)))
	}
	var ref fetchRef
	if byFetch {
		seed, err := seeds.Parse(*domain)
		if err != nil {
			return fail(e, "body", fmt.Errorf("--domain: %w", err))
		}
		if _, ok := registry.LookupLocation(registry.LocationID(*location)); !ok {
			return fail(e, "body", fmt.Errorf("--location %q is no location; the locations: %s", *location, strings.Join(registry.LocationIDs(), ", ")))
		}
		ref = fetchRef{Domain: seed.Authority(), Location: *location, Crawl: *crawl}
	}
	conn, err := openSurveyDB(*db, "", false)
	if err != nil {
		return fail(e, "body", err)
	}
	defer conn.Close()
	if byFetch {
		if err := ref.find(conn); err != nil {
			return fail(e, "body", fmt.Errorf("%s: %w", *db, err))
		}
		if ref.Outcome != "present" {
			fmt.Fprintf(e.stderr, "survey body: %s; its body follows\n", ref.describe())
		}
		if ref.Crawls > 1 {
			// Another crawl's file may be the one a query named.
			fmt.Fprintf(e.stderr, "survey body: %s for %s from crawl %s, the most recent of the %d crawls that fetched it; --crawl ID for another\n",
				ref.Location, ref.Domain, ref.Crawl, ref.Crawls)
		}
		digest = ref.Digest
	}
	b, err := sink.ReadBody(conn, digest)
	if errors.Is(err, sink.ErrBodyNotFound) {
		return fail(e, "body", fmt.Errorf("no body with digest %s in %s", digest, *db))
	}
	if err != nil {
		return fail(e, "body", err)
	}
	if _, err := e.stdout.Write(b); err != nil {
		return fail(e, "body", err)
	}
	return exitOK
}

// isDigest reports whether s is a SHA-256 digest in lower-case hex, as the
// bodies table keys them.
func isDigest(s string) bool {
	if len(s) != 2*sha256.Size {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// fetchRef is one fetch of the fetches table, named by domain and location
// (and crawl, when given); find fills in the rest.
type fetchRef struct {
	Domain, Location, Crawl string
	Digest                  string // "" when the fetch received no body
	Outcome, Reason         string
	Status                  sql.NullInt64
	// Crawls is how many crawls fetched the location for the domain,
	// when find chose the most recent (no crawl given); 1 otherwise.
	Crawls int
}

// find looks the fetch up: in r.Crawl, or in the most recent crawl that
// fetched r.Location for r.Domain (the one whose first run started last,
// as the queries take it: resuming a crawl does not make it the latest). It fails when there is no such fetch
// or it received no body.
func (r *fetchRef) find(db *sql.DB) error {
	var digest sql.NullString
	err := db.QueryRow(`SELECT f.crawl_id, f.body_digest, f.outcome, f.reason, f.status, count(*) OVER ()
		FROM fetches f JOIN (SELECT crawl_id, min(started_at) AS first_started FROM crawls GROUP BY crawl_id) c USING (crawl_id)
		WHERE f.domain = ? AND f.location = ? AND (? = '' OR f.crawl_id = ?)
		ORDER BY c.first_started DESC, f.crawl_id DESC LIMIT 1`,
		r.Domain, r.Location, r.Crawl, r.Crawl).Scan(&r.Crawl, &digest, &r.Outcome, &r.Reason, &r.Status, &r.Crawls)
	if errors.Is(err, sql.ErrNoRows) {
		return r.notFound(db)
	}
	if err != nil {
		return fmt.Errorf("looking up the fetch of %s for %s: %w", r.Location, r.Domain, err)
	}
	if !digest.Valid {
		return fmt.Errorf("%s, and received no body", r.describe())
	}
	r.Digest = digest.String
	return nil
}

// notFound returns the error of a fetch that find did not find, saying
// what the database holds instead: its crawls, when r.Crawl is none of
// them, and the domain with or without "www.", when the database holds
// that one.
func (r *fetchRef) notFound(db *sql.DB) error {
	in := "any crawl"
	if r.Crawl != "" {
		in = "crawl " + r.Crawl
		var crawls []string
		if err := queryStrings(db, &crawls, `SELECT DISTINCT crawl_id FROM crawls ORDER BY 1`); err == nil && !slices.Contains(crawls, r.Crawl) {
			return fmt.Errorf("no crawl %s in the database (its crawls: %s)", r.Crawl, strings.Join(crawls, ", "))
		}
	}
	err := fmt.Errorf("no fetch of %s for %s in %s", r.Location, r.Domain, in)
	other := "www." + r.Domain
	if d, ok := strings.CutPrefix(r.Domain, "www."); ok {
		other = d
	}
	var found []string
	if queryStrings(db, &found, `SELECT DISTINCT domain FROM fetches WHERE domain = ? AND location = ? AND (? = '' OR crawl_id = ?)`,
		other, r.Location, r.Crawl, r.Crawl) == nil && len(found) > 0 {
		err = fmt.Errorf("%w; it holds one for %s", err, other)
	}
	return err
}

// queryStrings runs query on db and appends its rows' one column to dst.
func queryStrings(db *sql.DB, dst *[]string, query string, args ...any) error {
	rows, err := db.Query(query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		*dst = append(*dst, s)
	}
	return rows.Err()
}

// describe says which fetch r is and what it found, e.g. "the fetch of
// robots for example.com in crawl c1 was absent (status_404, HTTP 404)".
func (r *fetchRef) describe() string {
	s := fmt.Sprintf("the fetch of %s for %s in crawl %s was %s", r.Location, r.Domain, r.Crawl, r.Outcome)
	var detail []string
	if r.Reason != "" {
		detail = append(detail, r.Reason)
	}
	if r.Status.Valid {
		detail = append(detail, fmt.Sprintf("HTTP %d", r.Status.Int64))
	}
	if len(detail) > 0 {
		s += " (" + strings.Join(detail, ", ") + ")"
	}
	return s
}
