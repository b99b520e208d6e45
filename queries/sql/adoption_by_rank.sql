-- Question: Do popular sites publish agent-policy files more often than the rest?
-- Read: One row per rank band and location. Bands are disjoint ranges of targets.rank:
--   top 1k (ranks 1-1,000), 1k-10k (1,001-10,000), 10k-100k (10,001-100,000), 100k-1M
--   (100,001-1,000,000), beyond 1M (above 1,000,000) and unranked (seed without a rank);
--   only bands holding at least one reachable domain appear. domains is the number of domains
--   of the band crawled; reachable those that answered over HTTP (targets.outcome = 'ok').
--   with_file, in_format, valid and usable count files as in the adoption query. pct_* are
--   percentages of the band's reachable domains.
-- Param crawl: the crawl to report (default: the most recent crawl, the one whose first run
--   started last; a crawl the database does not hold is an error).
WITH c AS (
  SELECT CASE
    WHEN getvariable('crawl') IS NULL THEN (SELECT crawl_id FROM crawls GROUP BY crawl_id ORDER BY min(started_at) DESC, crawl_id DESC LIMIT 1)
    WHEN getvariable('crawl') IN (SELECT crawl_id FROM crawls) THEN getvariable('crawl')
    ELSE error('no crawl ''' || getvariable('crawl') || ''' in the database (its crawls: '
      || coalesce((SELECT string_agg(DISTINCT crawl_id, ', ' ORDER BY crawl_id) FROM crawls), 'none') || ')')
  END AS id
),
t AS (
  SELECT
    domain,
    outcome = 'ok' AS ok,
    CASE
      WHEN rank IS NULL THEN 6
      WHEN rank <= 1000 THEN 1
      WHEN rank <= 10000 THEN 2
      WHEN rank <= 100000 THEN 3
      WHEN rank <= 1000000 THEN 4
      ELSE 5
    END AS band
  FROM targets
  WHERE crawl_id = (SELECT id FROM c)
),
bands AS (
  SELECT band, count(*) AS domains FROM t GROUP BY band
),
fetched AS (
  SELECT t.band, f.location,
    count(*) AS reachable,
    count(*) FILTER (WHERE f.outcome IN ('present', 'redirected', 'downgraded', 'too_large')) AS with_file
  FROM fetches f
  JOIN t ON t.domain = f.domain
  WHERE f.crawl_id = (SELECT id FROM c) AND f.location <> 'canary' AND t.ok
  GROUP BY t.band, f.location
),
-- Documents exist only for fetches that delivered a file, whose domain is
-- therefore reachable.
parsed AS (
  SELECT t.band, d.location,
    count(*) FILTER (WHERE coalesce(d.other_format, '') <> '') AS other_format,
    count(*) FILTER (WHERE d.valid) AS valid_files,
    count(*) FILTER (WHERE d.usable) AS usable_files
  FROM documents d
  JOIN t ON t.domain = d.domain
  WHERE d.crawl_id = (SELECT id FROM c)
  GROUP BY t.band, d.location
),
counts AS (
  SELECT band, location, reachable, with_file,
    with_file - coalesce(other_format, 0) AS in_format,
    coalesce(valid_files, 0) AS valid_files,
    coalesce(usable_files, 0) AS usable_files
  FROM fetched LEFT JOIN parsed USING (band, location)
)
SELECT
  ['top 1k', '1k-10k', '10k-100k', '100k-1M', 'beyond 1M', 'unranked'][counts.band] AS rank_band,
  location, bands.domains, reachable, with_file, in_format, valid_files AS valid, usable_files AS usable,
  round(100.0 * with_file / reachable, 2) AS pct_with_file,
  round(100.0 * in_format / reachable, 2) AS pct_in_format,
  round(100.0 * valid_files / reachable, 2) AS pct_valid,
  round(100.0 * usable_files / reachable, 2) AS pct_usable
FROM counts
JOIN bands USING (band)
ORDER BY counts.band, array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], location), location;
