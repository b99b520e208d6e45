-- Question: Which diagnostics do publishers' files trigger most often, format by format, and on which specification clause does each rest?
-- Read: One row per format and diagnostic code, most frequent first within a format (rank 1
--   is the code found in the most files). severity is error (the file is invalid), warning or
--   info; spec is the section of the specification the diagnostic rests on. files counts the
--   files (domain and location) with the code, domains the distinct domains, occurrences the
--   diagnostic rows (a parser lists at most 100 of one code per file, plus one line-0 row
--   counting the rest). format_files is the number of files parsed as the format in the crawl
--   (other-format files included); pct_files = 100 * files / format_files. example_domain,
--   example_location and example_line name one file with the code, to look at: of the most
--   popular site with it (lowest targets.rank, then domain; unranked sites last), the first
--   line with the code (0 when the code concerns only the whole file). survey body --domain D
--   --location L --crawl C (C the crawl reported) prints that file as received; survey check
--   runs the parser on it again.
-- Param crawl: the crawl to report (default: the most recent crawl, the one whose first run
--   started last; a crawl the database does not hold is an error).
-- Param format: only this format, e.g. agents-txt (default: every format).
-- Param top: keep the N most frequent codes of each format (default: every code).
-- Param parked: exclude leaves the parked domains (targets.parked: a parking service's lander,
--   a for-sale page or a registrar's placeholder, whose files are not a publisher's) out of
--   every count (default: include).
WITH c AS (
  SELECT CASE
    WHEN getvariable('crawl') IS NULL THEN (SELECT crawl_id FROM crawls GROUP BY crawl_id ORDER BY min(started_at) DESC, crawl_id DESC LIMIT 1)
    WHEN getvariable('crawl') IN (SELECT crawl_id FROM crawls) THEN getvariable('crawl')
    ELSE error('no crawl ''' || getvariable('crawl') || ''' in the database (its crawls: '
      || coalesce((SELECT string_agg(DISTINCT crawl_id, ', ' ORDER BY crawl_id) FROM crawls), 'none') || ')')
  END AS id
),
-- The domains reported: with parked=exclude, those not parked.
kept AS (
  SELECT domain FROM targets
  WHERE crawl_id = (SELECT id FROM c) AND (getvariable('parked') IS DISTINCT FROM 'exclude' OR NOT coalesce(parked, false))
),
p AS (
  SELECT CASE
    WHEN getvariable('top') IS NULL THEN NULL
    WHEN coalesce(TRY_CAST(getvariable('top') AS INTEGER), 0) < 1
      THEN error('parameter top must be a positive whole number, not ''' || getvariable('top') || '''')
    ELSE CAST(getvariable('top') AS INTEGER)
  END AS top
),
per_file AS (
  SELECT format, code, severity, spec, domain, location, count(*) AS n,
    coalesce(min(line) FILTER (WHERE line > 0), 0) AS line
  FROM diagnostics
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
    AND (getvariable('format') IS NULL OR format = getvariable('format'))
  GROUP BY ALL
),
per_code AS (
  SELECT f.format, f.code, f.severity, f.spec,
    count(*) AS files, count(DISTINCT f.domain) AS domains, sum(f.n)::BIGINT AS occurrences,
    arg_min({'domain': f.domain, 'location': f.location, 'line': f.line},
      (coalesce(t.rank, 9223372036854775807), f.domain, f.location)) AS example
  FROM per_file f
  LEFT JOIN targets t ON t.crawl_id = (SELECT id FROM c) AND t.domain = f.domain
  GROUP BY f.format, f.code, f.severity, f.spec
),
format_files AS (
  SELECT format, count(*) AS format_files
  FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
  GROUP BY format
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY format ORDER BY files DESC, occurrences DESC, code, severity, spec) AS rank
  FROM per_code
)
SELECT format, rank, code, severity, spec, files, domains, occurrences, format_files,
  round(100.0 * files / format_files, 2) AS pct_files,
  example.domain AS example_domain, example.location AS example_location, example.line AS example_line
FROM ranked
JOIN format_files USING (format)
WHERE (SELECT top FROM p) IS NULL OR rank <= (SELECT top FROM p)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agent-feed', 'did', 'agent-card',
  'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'homepage'], format), format, rank;
