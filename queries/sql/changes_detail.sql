-- Question: Which sites, at which location, started or stopped publishing a file, fixed or broke it, changed it, or changed their stance toward AI crawlers between two crawls?
-- Read: One row per domain, location and change, as counted by the changes query (see its
--   Read for the kinds and for which domains are compared), ordered by location, kind and
--   domain. from_outcome and to_outcome are the fetch outcomes in each crawl; from_valid and
--   to_valid whether the file was valid (empty when there was no file); from_effective and
--   to_effective the format's label of the effective policy; from_digest and to_digest the
--   SHA-256 of the bodies (read one with survey body DIGEST). detail lists, for
--   ai_stance_changed, every AI crawler token whose stance changed, as token: before -> after
--   (none when the token had no row in one crawl, e.g. a crawler list that changed).
-- Param from_crawl: the earlier crawl (default: the crawl that started last before to_crawl;
--   to_crawl itself when there is none, which lists no change).
-- Param to_crawl: the later crawl (default: the most recent crawl). A crawl the database does
--   not hold, as either parameter, is an error.
-- Param location: only this location, e.g. robots (default: every location).
WITH starts AS (
  SELECT crawl_id, min(started_at) AS started_at FROM crawls GROUP BY crawl_id
),
known AS (
  SELECT coalesce(string_agg(crawl_id, ', ' ORDER BY crawl_id), 'none') AS ids FROM starts
),
to_crawl AS (
  SELECT CASE
    WHEN getvariable('to_crawl') IS NULL THEN (SELECT crawl_id FROM starts ORDER BY started_at DESC, crawl_id DESC LIMIT 1)
    WHEN getvariable('to_crawl') IN (SELECT crawl_id FROM starts) THEN getvariable('to_crawl')
    ELSE error('no crawl ''' || getvariable('to_crawl') || ''' in the database (its crawls: ' || (SELECT ids FROM known) || ')')
  END AS id
),
p AS (
  SELECT t.id AS to_id, CASE
    WHEN getvariable('from_crawl') IS NULL THEN coalesce(
      (SELECT s.crawl_id FROM starts s, starts cur
        WHERE cur.crawl_id = t.id AND (s.started_at, s.crawl_id) < (cur.started_at, cur.crawl_id)
        ORDER BY s.started_at DESC, s.crawl_id DESC LIMIT 1),
      t.id)
    WHEN getvariable('from_crawl') IN (SELECT crawl_id FROM starts) THEN getvariable('from_crawl')
    ELSE error('no crawl ''' || getvariable('from_crawl') || ''' in the database (its crawls: ' || (SELECT ids FROM known) || ')')
  END AS from_id
  FROM to_crawl t
),
-- Stage 1, over every fetch: where a file appeared or disappeared (a file in one crawl, absent
-- or a soft 404 in the other). Only narrow columns take part in this join.
measured_a AS (
  SELECT domain, location, outcome,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
measured_b AS (
  SELECT domain, location, outcome,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
flips AS (
  SELECT a.location, a.domain,
    CASE WHEN b.has_file THEN 1 ELSE 2 END AS kind_order,
    CASE WHEN b.has_file THEN 'appeared' ELSE 'disappeared' END AS change,
    a.outcome AS from_outcome, b.outcome AS to_outcome
  FROM measured_a a
  JOIN measured_b b ON b.domain = a.domain AND b.location = a.location
  WHERE a.has_file <> b.has_file
),
-- Stage 2, over the files present in both crawls: documents exist exactly for the fetches
-- that delivered a file.
files_a AS (
  SELECT domain, location, valid, coalesce(other_format, '') AS other_format,
    hash(body_digest) AS digest, hash(parser_version) AS parser
  FROM documents
  WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
files_b AS (
  SELECT domain, location, valid, coalesce(other_format, '') AS other_format,
    hash(body_digest) AS digest, hash(parser_version) AS parser
  FROM documents
  WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
both_files AS MATERIALIZED (
  SELECT a.location, a.domain, a.valid AS a_valid, b.valid AS b_valid,
    a.digest IS DISTINCT FROM b.digest AS body_changed,
    a.location = 'robots' AND a.other_format = '' AND b.other_format = ''
      AND (a.digest IS DISTINCT FROM b.digest OR a.parser IS DISTINCT FROM b.parser) AS stance_may_change
  FROM files_a a
  JOIN files_b b ON b.domain = a.domain AND b.location = a.location
),
-- The AI stance can only change where the robots.txt bytes (or the parser) changed: the
-- changes query's signatures find the files whose stance changed, then their tokens are
-- compared one by one.
stance_files AS (
  SELECT DISTINCT x.crawl_id, f.domain
  FROM both_files f, (SELECT from_id AS crawl_id FROM p UNION SELECT to_id FROM p) x
  WHERE f.stance_may_change
),
stance_sig AS (
  SELECT crawl_id, domain, bit_xor(hash(token || '=' || stance)) AS sig, count(*) AS tokens
  FROM ai_stance s
  JOIN stance_files f USING (crawl_id, domain)
  WHERE s.location = 'robots'
  GROUP BY crawl_id, domain
),
stance_changed AS (
  SELECT coalesce(a.domain, b.domain) AS domain
  FROM (SELECT * FROM stance_sig WHERE crawl_id = (SELECT from_id FROM p)) a
  FULL JOIN (SELECT * FROM stance_sig WHERE crawl_id = (SELECT to_id FROM p)) b ON b.domain = a.domain
  WHERE a.sig IS DISTINCT FROM b.sig OR a.tokens IS DISTINCT FROM b.tokens
),
stance_tokens AS (
  SELECT domain, token,
    coalesce(max(stance) FILTER (WHERE crawl_id = (SELECT from_id FROM p)), 'none') AS before,
    coalesce(max(stance) FILTER (WHERE crawl_id = (SELECT to_id FROM p)), 'none') AS after
  FROM ai_stance s
  JOIN (SELECT x.crawl_id, c.domain FROM stance_changed c, (SELECT from_id AS crawl_id FROM p UNION SELECT to_id FROM p) x) f
    USING (crawl_id, domain)
  WHERE s.location = 'robots'
  GROUP BY domain, token
),
stance_detail AS (
  SELECT domain, string_agg(token || ': ' || before || ' -> ' || after, ', ' ORDER BY lower(token), token) AS detail
  FROM stance_tokens
  WHERE before <> after
  GROUP BY domain
),
file_changes AS (
  SELECT location, domain, 3 AS kind_order, 'became_valid' AS change, '' AS detail FROM both_files WHERE NOT a_valid AND b_valid
  UNION ALL
  SELECT location, domain, 4, 'became_invalid', '' FROM both_files WHERE a_valid AND NOT b_valid
  UNION ALL
  SELECT location, domain, 5, 'content_changed', '' FROM both_files WHERE body_changed
  UNION ALL
  SELECT f.location, f.domain, 6, 'ai_stance_changed', s.detail
  FROM both_files f JOIN stance_detail s USING (domain)
  WHERE f.stance_may_change
),
file_outcomes AS (
  SELECT fc.*, fa.outcome AS from_outcome, fb.outcome AS to_outcome
  FROM file_changes fc
  JOIN fetches fa ON fa.crawl_id = (SELECT from_id FROM p) AND fa.domain = fc.domain AND fa.location = fc.location
  JOIN fetches fb ON fb.crawl_id = (SELECT to_id FROM p) AND fb.domain = fc.domain AND fb.location = fc.location
),
changes AS (
  SELECT location, domain, kind_order, change, '' AS detail, from_outcome, to_outcome FROM flips
  UNION ALL
  SELECT location, domain, kind_order, change, detail, from_outcome, to_outcome FROM file_outcomes
)
SELECT ch.location, ch.domain, ch.change, ch.from_outcome, ch.to_outcome,
  a.valid AS from_valid, b.valid AS to_valid, a.effective AS from_effective, b.effective AS to_effective,
  a.body_digest AS from_digest, b.body_digest AS to_digest, ch.detail
FROM changes ch
LEFT JOIN documents a ON a.crawl_id = (SELECT from_id FROM p) AND a.domain = ch.domain AND a.location = ch.location
LEFT JOIN documents b ON b.crawl_id = (SELECT to_id FROM p) AND b.domain = ch.domain AND b.location = ch.location
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], ch.location), ch.location, ch.kind_order, ch.domain;
