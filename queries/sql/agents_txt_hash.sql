-- Question: How do agents.txt files get their hash wrong: is the hash line missing, malformed or another digest, and which publisher mistake explains a wrong digest?
-- Read: One row per hash status and near-miss kind, over the agents.txt files of the crawl in
--   the format (agents_txt rows whose other_format is empty; agents_txt_files counts them and
--   is the denominator of pct_files). hash_status is match (the digest is right), mismatch
--   (a well-formed line with another digest), syntax (a malformed hash line, e.g. uppercase
--   hex) or missing (no hash line). near_miss names the publisher mistake a wrong digest
--   matches (uppercase-hex, trailing-newline, comments-kept, cr-kept, raw-without-hash-line ...; several
--   joined with +), empty when none matches or the digest is right. files counts them, valid
--   those without any error diagnostic (a file whose digest does not match is never valid:
--   a conforming agent treats the whole site as restricted).
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
a AS (
  SELECT a.hash_status, coalesce(a.near_miss, '') AS near_miss, coalesce(d.valid, false) AS valid
  FROM agents_txt a
  LEFT JOIN documents d ON d.crawl_id = a.crawl_id AND d.domain = a.domain AND d.location = a.location
  WHERE a.crawl_id = (SELECT id FROM c) AND coalesce(a.other_format, '') = ''
)
SELECT hash_status, near_miss, count(*) AS files, count(*) FILTER (WHERE valid) AS valid,
  sum(count(*)) OVER ()::BIGINT AS agents_txt_files,
  round(100.0 * count(*) / sum(count(*)) OVER (), 2) AS pct_files
FROM a
GROUP BY hash_status, near_miss
ORDER BY array_position(['match', 'mismatch', 'syntax', 'missing'], hash_status), hash_status, files DESC, near_miss;
