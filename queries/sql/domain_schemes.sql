-- Question: How many sites could be crawled over HTTPS, and how many only over plain HTTP after HTTPS failed (and why)?
-- Read: One row per scheme and HTTPS failure class, over the domains that answered over HTTP
--   at all (targets.outcome ok or blocked). scheme is the scheme the domain was fetched with;
--   http_fallback is true when HTTPS could not connect and the domain was fetched over plain
--   HTTP. https_failure classifies targets.https_error: certificate (the certificate check
--   failed), tls (the TLS handshake failed otherwise), refused (TCP connection refused), reset
--   (connection reset), other; empty when there was no fallback. domains counts them;
--   pct_domains = 100 * domains / domains that answered.
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
  SELECT scheme, http_fallback,
    CASE
      WHEN NOT http_fallback THEN ''
      WHEN https_error ILIKE '%certificate%' OR https_error ILIKE '%x509%' THEN 'certificate'
      WHEN https_error ILIKE '%tls%' THEN 'tls'
      WHEN https_error ILIKE '%connection refused%' THEN 'refused'
      WHEN https_error ILIKE '%connection reset%' THEN 'reset'
      ELSE 'other'
    END AS https_failure
  FROM targets
  WHERE crawl_id = (SELECT id FROM c) AND outcome IN ('ok', 'blocked')
)
SELECT scheme, http_fallback, https_failure, count(*) AS domains,
  round(100.0 * count(*) / sum(count(*)) OVER (), 2) AS pct_domains
FROM t
GROUP BY scheme, http_fallback, https_failure
ORDER BY scheme = 'http', http_fallback, scheme, domains DESC, https_failure;
