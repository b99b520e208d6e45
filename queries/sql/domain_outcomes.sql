-- Question: What became of each domain of the sample: answered, blocked everywhere, timed out or unreachable, and why?
-- Read: One row per domain outcome and reason (targets.outcome and targets.reason;
--   docs/outcomes.md): ok (at least one location answered over HTTP and was not blocked),
--   blocked (every HTTP answer was blocked), timeout (no HTTP answer, at least one timeout),
--   unreachable (no HTTP answer; the reason names the network error class: dns_not_found
--   for a name that does not exist, dns for a lookup that failed, connect, tls, reset,
--   address_guard ...). domains counts them; pct_domains = 100 * domains /
--   domains crawled. soft404_sites counts those whose canary path (which cannot exist)
--   answered 2xx with a page of their own (not a bot wall's), sites that answer every path;
--   http_fallback those fetched over plain HTTP because HTTPS could not connect; parked those
--   whose home page shows a parked domain (targets.parked: a parking service's lander, a
--   for-sale page or a registrar's placeholder; not counted in crawls made before survey
--   recorded it). Rows in outcome order, then by domains.
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
  SELECT outcome, reason, soft404_site, http_fallback, coalesce(parked, false) AS parked
  FROM targets
  WHERE crawl_id = (SELECT id FROM c)
)
SELECT outcome, reason, count(*) AS domains,
  round(100.0 * count(*) / sum(count(*)) OVER (), 2) AS pct_domains,
  count(*) FILTER (WHERE soft404_site) AS soft404_sites,
  count(*) FILTER (WHERE http_fallback) AS http_fallback,
  count(*) FILTER (WHERE parked) AS parked
FROM t
GROUP BY outcome, reason
ORDER BY array_position(['ok', 'blocked', 'timeout', 'unreachable'], outcome), outcome, domains DESC, reason;
