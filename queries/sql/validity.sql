-- Question: For each format, how many of the files found are in the format, valid and usable?
-- Read: One row per format, in registry order, over the files the crawl delivered (fetch
--   outcome present, redirected, downgraded or too_large) and parsed as that format (formats
--   fetched at two locations, such as agents-md, count both). files counts them; other_format
--   counts files that plainly follow another convention (they are neither valid nor invalid),
--   other_formats names those conventions with their counts; in_format = files - other_format.
--   valid counts in-format files without error diagnostics, invalid the rest; usable counts
--   valid files a conforming agent may read as published (whole, fetched as the specification requires).
--   with_warnings counts in-format files with at least one warning. pct_other_format is a
--   percentage of files; pct_valid, pct_invalid, pct_usable and pct_with_warnings are
--   percentages of in_format files.
-- Param crawl: the crawl to report (default: the most recent crawl, the one whose first run
--   started last; a crawl the database does not hold is an error).
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
-- Documents exist only for fetches that delivered a file.
d AS (
  SELECT format, coalesce(other_format, '') AS other_format, valid, usable, warnings
  FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
),
others AS (
  SELECT format, string_agg(other_format || ': ' || n, ', ' ORDER BY n DESC, other_format) AS other_formats
  FROM (SELECT format, other_format, count(*) AS n FROM d WHERE other_format <> '' GROUP BY ALL)
  GROUP BY format
),
counts AS (
  SELECT
    format,
    count(*) AS files,
    count(*) FILTER (WHERE other_format <> '') AS other_format,
    count(*) FILTER (WHERE other_format = '') AS in_format,
    count(*) FILTER (WHERE other_format = '' AND valid) AS valid_files,
    count(*) FILTER (WHERE other_format = '' AND NOT valid) AS invalid_files,
    count(*) FILTER (WHERE other_format = '' AND usable) AS usable_files,
    count(*) FILTER (WHERE other_format = '' AND warnings > 0) AS with_warnings
  FROM d
  GROUP BY format
)
SELECT
  format, files, in_format, valid_files AS valid, invalid_files AS invalid, usable_files AS usable,
  with_warnings, other_format, coalesce(others.other_formats, '') AS other_formats,
  round(100.0 * other_format / files, 2) AS pct_other_format,
  round(100.0 * valid_files / nullif(in_format, 0), 2) AS pct_valid,
  round(100.0 * invalid_files / nullif(in_format, 0), 2) AS pct_invalid,
  round(100.0 * usable_files / nullif(in_format, 0), 2) AS pct_usable,
  round(100.0 * with_warnings / nullif(in_format, 0), 2) AS pct_with_warnings
FROM counts
LEFT JOIN others USING (format)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agent-feed', 'did', 'agent-card',
  'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'homepage'], format), format;
