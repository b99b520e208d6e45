-- Question: How many sites publish each agent-policy file, and how many of those files are valid?
-- Read: One row per location, in crawl order. reachable counts the domains that answered
--   over HTTP without being blocked everywhere (targets.outcome = 'ok'); with_file counts
--   those whose fetch delivered a file (outcome present, redirected, downgraded or too_large);
--   in_format counts files in the location's format (not another convention such as a
--   coding-agent AGENTS.md); valid counts files without error diagnostics, usable those a
--   conforming agent may read as published. pct_* are percentages of reachable domains (pct_with_file
--   = 100 * with_file / reachable, and likewise for in_format, valid and usable).
-- Param crawl: the crawl to report (default: the most recent crawl, the one whose first run
--   started last; a crawl the database does not hold is an error).
-- Param parked: exclude leaves the parked domains (targets.parked: a parking service's lander,
--   a for-sale page or a registrar's placeholder, whose files are not a publisher's) out of
--   reachable and every count (default: include, counting them as any other domain).
WITH c AS (
  SELECT CASE
    WHEN getvariable('crawl') IS NULL THEN (SELECT crawl_id FROM crawls GROUP BY crawl_id ORDER BY min(started_at) DESC, crawl_id DESC LIMIT 1)
    WHEN getvariable('crawl') IN (SELECT crawl_id FROM crawls) THEN getvariable('crawl')
    ELSE error('no crawl ''' || getvariable('crawl') || ''' in the database (its crawls: '
      || coalesce((SELECT string_agg(DISTINCT crawl_id, ', ' ORDER BY crawl_id) FROM crawls), 'none') || ')')
  END AS id
),
-- parked is include or exclude, checked before the query runs.
t AS (
  SELECT domain FROM targets
  WHERE crawl_id = (SELECT id FROM c) AND outcome = 'ok'
    AND (getvariable('parked') IS DISTINCT FROM 'exclude' OR NOT coalesce(parked, false))
),
fetched AS (
  SELECT
    location,
    count(*) AS reachable,
    count(*) FILTER (WHERE outcome IN ('present', 'redirected', 'downgraded', 'too_large')) AS with_file
  FROM fetches
  WHERE crawl_id = (SELECT id FROM c) AND location <> 'canary' AND domain IN (SELECT domain FROM t)
  GROUP BY location
),
-- Documents exist only for fetches that delivered a file, whose domain is
-- therefore reachable; the parked ones are left out with their domains.
parsed AS (
  SELECT
    location,
    count(*) FILTER (WHERE coalesce(other_format, '') <> '') AS other_format,
    count(*) FILTER (WHERE valid) AS valid_files,
    count(*) FILTER (WHERE usable) AS usable_files
  FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM t)
  GROUP BY location
),
counts AS (
  SELECT location, reachable, with_file,
    with_file - coalesce(other_format, 0) AS in_format,
    coalesce(valid_files, 0) AS valid_files,
    coalesce(usable_files, 0) AS usable_files
  FROM fetched LEFT JOIN parsed USING (location)
)
SELECT
  location, reachable, with_file, in_format, valid_files AS valid, usable_files AS usable,
  round(100.0 * with_file / reachable, 2) AS pct_with_file,
  round(100.0 * in_format / reachable, 2) AS pct_in_format,
  round(100.0 * valid_files / reachable, 2) AS pct_valid,
  round(100.0 * usable_files / reachable, 2) AS pct_usable
FROM counts
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], location), location;
