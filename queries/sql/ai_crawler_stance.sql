-- Question: How do robots.txt files treat each known AI crawler: blocked entirely, partly or allowed, and by a group naming it or by inheriting the * group?
-- Read: One row per AI crawler token of survey's list (extract/robots/aicrawlers.csv), the
--   most often blocked first. robots_files is the number of robots.txt files of the crawl in
--   the format (documents at location robots whose other_format is empty, HTML error pages
--   excluded): the denominator of every pct_* column. blocked counts the files that disallow
--   the token every path (no allow rule opens any but /robots.txt), partial those that
--   disallow some paths, allowed those whose rules let it fetch everything; blocked +
--   partial + allowed = robots_files. named counts the files with a group naming the token,
--   inherits_star those where no group names it and the * group applies, no_group those with
--   neither (everything allowed); blocked_named and blocked_star split blocked the same way.
--   A site whose robots.txt could not be fetched (a 5xx, a network error or a timeout, which
--   RFC 9309 §2.3.1 reads as "disallow all") has no file here, so it counts in none of
--   these columns: measurement_validity counts those fetches, location by location.
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
-- robots.txt files in another format (rare) are left out of the stance rows.
other AS (
  SELECT domain FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND coalesce(other_format, '') <> ''
),
-- Each file's ai_stance_default row holds the stance of every crawler no group names: for the
-- files naming none (most of them) it stands for every crawler of its list, and those files are
-- counted per stance once; only the files naming some are taken crawler by crawler (their
-- ai_stance_named row, else the default one). This is the ai_stance view, counted without
-- repeating the default row of every file for every crawler.
d AS (
  SELECT domain, crawlers, named, stance, applies FROM ai_stance_default
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND domain NOT IN (SELECT domain FROM other)
),
uniform AS (
  SELECT crawlers, stance, applies, count(*) AS n FROM d WHERE named = 0 GROUP BY ALL
),
g AS (
  SELECT cr.token, cr.operator, cr.purpose, u.stance, u.applies, u.n
  FROM uniform u JOIN ai_crawlers cr ON cr.list = u.crawlers
  UNION ALL
  SELECT cr.token, cr.operator, cr.purpose, coalesce(s.stance, d.stance) AS stance, coalesce(s.applies, d.applies) AS applies, count(*) AS n
  FROM d JOIN ai_crawlers cr ON cr.list = d.crawlers
  LEFT JOIN ai_stance_named s ON s.crawl_id = (SELECT id FROM c) AND s.location = 'robots' AND s.domain = d.domain AND s.token = cr.token
  WHERE d.named > 0
  GROUP BY ALL
),
counts AS (
  SELECT token, any_value(operator) AS operator, any_value(purpose) AS purpose,
    coalesce(sum(n) FILTER (WHERE stance = 'blocked'), 0)::BIGINT AS blocked,
    coalesce(sum(n) FILTER (WHERE stance = 'partial'), 0)::BIGINT AS partial,
    coalesce(sum(n) FILTER (WHERE stance = 'allowed'), 0)::BIGINT AS allowed,
    coalesce(sum(n) FILTER (WHERE applies = 'named'), 0)::BIGINT AS named,
    coalesce(sum(n) FILTER (WHERE applies = 'star'), 0)::BIGINT AS inherits_star,
    coalesce(sum(n) FILTER (WHERE applies = 'none'), 0)::BIGINT AS no_group,
    coalesce(sum(n) FILTER (WHERE stance = 'blocked' AND applies = 'named'), 0)::BIGINT AS blocked_named,
    coalesce(sum(n) FILTER (WHERE stance = 'blocked' AND applies = 'star'), 0)::BIGINT AS blocked_star
  FROM g
  GROUP BY token
),
n AS (
  SELECT count(*) AS robots_files FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND coalesce(other_format, '') = ''
)
SELECT token, operator, purpose, robots_files, blocked, partial, allowed, named, inherits_star, no_group,
  blocked_named, blocked_star,
  round(100.0 * blocked / robots_files, 2) AS pct_blocked,
  round(100.0 * partial / robots_files, 2) AS pct_partial,
  round(100.0 * allowed / robots_files, 2) AS pct_allowed,
  round(100.0 * named / robots_files, 2) AS pct_named,
  round(100.0 * blocked_named / robots_files, 2) AS pct_blocked_named,
  round(100.0 * blocked_star / robots_files, 2) AS pct_blocked_star
FROM counts CROSS JOIN n
ORDER BY blocked DESC, partial DESC, lower(token), token;
