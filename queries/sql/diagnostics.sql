-- Question: Which diagnostics do publishers' files trigger most often, format by format, and on which specification clause does each rest?
-- Read: One row per format and diagnostic code, most frequent first within a format (rank 1
--   is the code found in the most files). severity is error (the file is invalid), warning or
--   info; spec is the section of the specification the diagnostic rests on. files counts the
--   files (domain and location) with the code, domains the distinct domains, occurrences the
--   diagnostic rows (a parser lists at most 100 of one code per file, plus one line-0 row
--   counting the rest). format_files is the number of files parsed as the format in the crawl
--   (other-format files included); pct_files = 100 * files / format_files.
-- Param crawl: the crawl to report (default: the most recent crawl; a crawl the database
--   does not hold is an error).
-- Param format: only this format, e.g. agents-txt (default: every format).
-- Param top: keep the N most frequent codes of each format (default: every code).
WITH c AS (
  SELECT CASE
    WHEN getvariable('crawl') IS NULL THEN (SELECT crawl_id FROM crawls ORDER BY started_at DESC, crawl_id DESC LIMIT 1)
    WHEN getvariable('crawl') IN (SELECT crawl_id FROM crawls) THEN getvariable('crawl')
    ELSE error('no crawl ''' || getvariable('crawl') || ''' in the database (its crawls: '
      || coalesce((SELECT string_agg(DISTINCT crawl_id, ', ' ORDER BY crawl_id) FROM crawls), 'none') || ')')
  END AS id
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
  SELECT format, code, severity, spec, domain, location, count(*) AS n
  FROM diagnostics
  WHERE crawl_id = (SELECT id FROM c)
    AND (getvariable('format') IS NULL OR format = getvariable('format'))
  GROUP BY ALL
),
per_code AS (
  SELECT format, code, severity, spec,
    count(*) AS files, count(DISTINCT domain) AS domains, sum(n)::BIGINT AS occurrences
  FROM per_file
  GROUP BY ALL
),
format_files AS (
  SELECT format, count(*) AS format_files
  FROM documents
  WHERE crawl_id = (SELECT id FROM c)
  GROUP BY format
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY format ORDER BY files DESC, occurrences DESC, code, severity, spec) AS rank
  FROM per_code
)
SELECT format, rank, code, severity, spec, files, domains, occurrences, format_files,
  round(100.0 * files / format_files, 2) AS pct_files
FROM ranked
JOIN format_files USING (format)
WHERE (SELECT top FROM p) IS NULL OR rank <= (SELECT top FROM p)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agent-feed', 'did', 'agent-card',
  'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'homepage'], format), format, rank;
