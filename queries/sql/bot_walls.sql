-- Question: Which bot-protection services put a challenge page in front of the crawler, and where?
-- Read: One row per vendor and location, from fetches whose outcome is blocked with reason
--   challenge_<vendor> (docs/outcomes.md). A vendor of (any) sums every vendor; a location of
--   (any) counts a domain once if any of its fetches met the vendor's challenge. domains is the
--   number of domains challenged; pct_domains = 100 * domains / domains crawled (targets of
--   the crawl; at a location, those fetched there, every one unless shards of the crawl
--   fetched different --locations), the share of the sample a bot wall hid, at that location
--   or anywhere. Rows: (any) vendor first, then vendors by domains challenged; (any) location
--   first, then locations in crawl order.
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
-- The denominators: the domains crawled, and those fetched at each location (the same,
-- unless shards of the crawl fetched different --locations).
crawled AS (
  SELECT '(any)' AS location, count(*) AS domains FROM targets WHERE crawl_id = (SELECT id FROM c)
  UNION ALL
  SELECT location, count(DISTINCT domain) FROM fetches WHERE crawl_id = (SELECT id FROM c) GROUP BY location
),
walls AS (
  SELECT domain, location, substr(reason, length('challenge_') + 1) AS vendor
  FROM fetches
  WHERE crawl_id = (SELECT id FROM c) AND outcome = 'blocked' AND starts_with(reason, 'challenge_')
),
counts AS (
  SELECT
    coalesce(vendor, '(any)') AS vendor, coalesce(location, '(any)') AS location,
    count(DISTINCT domain) AS domains
  FROM walls
  GROUP BY GROUPING SETS ((vendor, location), (vendor), (location), ())
),
vendor_order AS (
  SELECT vendor, domains AS vendor_domains FROM counts WHERE location = '(any)'
)
SELECT vendor, location, counts.domains,
  round(100.0 * counts.domains / crawled.domains, 2) AS pct_domains
FROM counts
JOIN vendor_order USING (vendor)
JOIN crawled USING (location)
WHERE EXISTS (SELECT 1 FROM walls)
ORDER BY vendor <> '(any)', vendor_domains DESC, vendor,
  array_position(['(any)', 'robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
    'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home', 'canary'], location), location;
