-- Question: How often could the crawl not tell whether a site publishes a file (bot walls, blocks, timeouts, errors), and how often did it take a content check to tell a soft 404 from a file, location by location?
-- Read: One row per location, in crawl order (home is the home page; canary is the path that
--   cannot exist, whose soft_404 count is the number of sites answering every path). fetches
--   is the number of domains fetched at the location (every domain crawled, unless shards of
--   the crawl fetched different --locations). Each outcome column counts fetches with that
--   outcome (docs/outcomes.md): file (present, redirected, downgraded or too_large), absent,
--   soft_404, blocked (of which bot_wall are challenge pages of a bot-protection service,
--   reason challenge_<vendor>, and rate_limited are hosts that kept answering 429; a crawl
--   with --respect-robots adds reason robots_txt, locations the site's robots.txt
--   disallows), server_error, timeout, network_error and redirect_error. measured = file + absent + soft_404: the fetches that answered the
--   question. Every pct_* column is a percentage of fetches.
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
counts AS (
  SELECT
    location,
    count(*) AS fetches,
    count(*) FILTER (WHERE outcome IN ('present', 'redirected', 'downgraded', 'too_large')) AS file,
    count(*) FILTER (WHERE outcome = 'absent') AS absent,
    count(*) FILTER (WHERE outcome = 'soft_404') AS soft_404,
    count(*) FILTER (WHERE outcome = 'blocked') AS blocked,
    count(*) FILTER (WHERE outcome = 'blocked' AND starts_with(reason, 'challenge_')) AS bot_wall,
    count(*) FILTER (WHERE outcome = 'blocked' AND reason = 'rate_limited') AS rate_limited,
    count(*) FILTER (WHERE outcome = 'server_error') AS server_error,
    count(*) FILTER (WHERE outcome = 'timeout') AS timeout,
    count(*) FILTER (WHERE outcome = 'network_error') AS network_error,
    count(*) FILTER (WHERE outcome = 'redirect_error') AS redirect_error
  FROM fetches
  WHERE crawl_id = (SELECT id FROM c)
  GROUP BY location
)
SELECT
  location, fetches, file + absent + soft_404 AS measured, file, absent, soft_404, blocked,
  bot_wall, rate_limited, server_error, timeout, network_error, redirect_error,
  round(100.0 * (file + absent + soft_404) / fetches, 2) AS pct_measured,
  round(100.0 * soft_404 / fetches, 2) AS pct_soft_404,
  round(100.0 * blocked / fetches, 2) AS pct_blocked,
  round(100.0 * bot_wall / fetches, 2) AS pct_bot_wall,
  round(100.0 * server_error / fetches, 2) AS pct_server_error,
  round(100.0 * timeout / fetches, 2) AS pct_timeout,
  round(100.0 * network_error / fetches, 2) AS pct_network_error,
  round(100.0 * redirect_error / fetches, 2) AS pct_redirect_error
FROM counts
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home', 'canary'], location), location;
