-- Question: Over which transport did the files at each agent-policy location arrive (in the location's format or not): HTTPS, plain HTTP, a downgrading or off-site redirect?
-- Read: One row per location, in crawl order, over the fetches that delivered a file (outcome
--   present, redirected, downgraded or too_large). files counts them; https those whose final
--   response came over HTTPS; http over plain HTTP, of which http_fallback because the domain's
--   HTTPS could not connect; downgraded those whose redirects went from HTTPS to HTTP
--   (fetches.downgraded, whatever the scheme the chain ended on); via_redirect those reached
--   through at least one redirect, offsite through a redirect to another registrable domain;
--   truncated those longer than the body cap, whose stored body is cut (fetches.truncated:
--   outcome too_large, or downgraded or redirected, which take precedence); usable counts the
--   files a conforming agent may read as published. pct_* are percentages of files.
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
fetched AS (
  SELECT location,
    count(*) AS files,
    count(*) FILTER (WHERE scheme = 'https') AS https,
    count(*) FILTER (WHERE scheme = 'http') AS http,
    count(*) FILTER (WHERE scheme = 'http' AND http_fallback) AS http_fallback,
    count(*) FILTER (WHERE downgraded) AS downgraded,
    count(*) FILTER (WHERE len(redirects) > 0) AS via_redirect,
    count(*) FILTER (WHERE offsite) AS offsite,
    count(*) FILTER (WHERE truncated) AS truncated
  FROM fetches
  WHERE crawl_id = (SELECT id FROM c) AND outcome IN ('present', 'redirected', 'downgraded', 'too_large')
  GROUP BY location
),
-- Documents exist only for fetches that delivered a file.
parsed AS (
  SELECT location, count(*) FILTER (WHERE usable) AS usable
  FROM documents
  WHERE crawl_id = (SELECT id FROM c)
  GROUP BY location
),
counts AS (
  SELECT fetched.*, coalesce(parsed.usable, 0) AS usable
  FROM fetched LEFT JOIN parsed USING (location)
)
SELECT location, files, https, http, http_fallback, downgraded, via_redirect, offsite, truncated, usable,
  round(100.0 * https / files, 2) AS pct_https,
  round(100.0 * http / files, 2) AS pct_http,
  round(100.0 * http_fallback / files, 2) AS pct_http_fallback,
  round(100.0 * downgraded / files, 2) AS pct_downgraded,
  round(100.0 * via_redirect / files, 2) AS pct_via_redirect,
  round(100.0 * offsite / files, 2) AS pct_offsite,
  round(100.0 * truncated / files, 2) AS pct_truncated,
  round(100.0 * usable / files, 2) AS pct_usable
FROM counts
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], location), location;
