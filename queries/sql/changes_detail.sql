-- Question: Which sites, at which location, started or stopped publishing a file, fixed or broke it, changed it, or changed their stance toward AI crawlers between two crawls?
-- Read: One row per domain, location and change, as counted by the changes query (see its
--   Read for the kinds and for which domains are compared), ordered by location, kind and
--   domain. from_outcome and to_outcome are the fetch outcomes in each crawl; from_valid and
--   to_valid whether the file was valid (empty when there was no file); from_effective and
--   to_effective the format's label of the effective policy (the bodies themselves:
--   documents.body_digest of each crawl, read with survey body DIGEST). detail says, for
--   ai_stance_changed, which AI crawler tokens changed stance, by change: "before -> after:
--   token, token" (only tokens both crawls' crawler lists hold are compared), changes
--   separated by "; "; a change every compared AI crawler made reads "before -> after: every
--   AI crawler (N)". Two crawls of a million domains can differ in a million
--   files: printed, survey query holds the whole result in memory, so write such a result to
--   a file (survey query changes_detail --out changes.parquet), or compare a location at a
--   time (--param location=robots, and so on).
-- Param from_crawl: the earlier crawl (default: the crawl that started last before to_crawl;
--   to_crawl itself when there is none, which lists no change).
-- Param to_crawl: the later crawl (default: the most recent crawl). A crawl the database does
--   not hold, as either parameter, is an error.
-- Param location: only this location, e.g. robots (default: every location).
-- Param limit: at most this many rows, the first in the order above (default: every row); the
--   report asks for the rows it shows.
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
  SELECT domain, location,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
measured_b AS (
  SELECT domain, location,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
    AND (getvariable('location') IS NULL OR location = getvariable('location'))
),
flips AS MATERIALIZED (
  SELECT a.location, a.domain,
    CASE WHEN b.has_file THEN 1 ELSE 2 END AS kind_order,
    CASE WHEN b.has_file THEN 'appeared' ELSE 'disappeared' END AS change
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
-- changes query's signatures find the files whose stance changed. A file that gives every
-- token one stance in both crawls changed as a whole; the tokens of the other files are
-- compared one by one.
stance_files AS (
  SELECT DISTINCT x.crawl_id, f.domain
  FROM both_files f, (SELECT from_id AS crawl_id FROM p UNION SELECT to_id FROM p) x
  WHERE f.stance_may_change
),
-- Only the tokens both crawls' AI crawler lists hold are compared: a list that grew or shrank
-- between them (another survey version) changes no stance. Every robots.txt file has an
-- ai_stance_default row naming its list, so one file of each crawl gives the list.
shared_tokens AS (
  SELECT token FROM ai_crawlers
  WHERE list = (SELECT crawlers FROM ai_stance_default WHERE crawl_id = (SELECT from_id FROM p) AND location = 'robots' LIMIT 1)
  INTERSECT
  SELECT token FROM ai_crawlers
  WHERE list = (SELECT crawlers FROM ai_stance_default WHERE crawl_id = (SELECT to_id FROM p) AND location = 'robots' LIMIT 1)
),
-- Each shared token's stance in those files: its ai_stance_named row, else the file's
-- ai_stance_default row (the ai_stance view, for these files only).
stance_rows AS MATERIALIZED (
  SELECT f.crawl_id, f.domain, cr.token, coalesce(n.stance, d.stance) AS stance
  FROM stance_files f
  JOIN ai_stance_default d ON d.crawl_id = f.crawl_id AND d.domain = f.domain AND d.location = 'robots'
  JOIN ai_crawlers cr ON cr.list = d.crawlers
  LEFT JOIN ai_stance_named n ON n.crawl_id = f.crawl_id AND n.domain = f.domain AND n.location = 'robots' AND n.token = cr.token
  WHERE cr.token IN (SELECT token FROM shared_tokens)
),
stance_sig AS (
  SELECT crawl_id, domain, bit_xor(hash(token || '=' || stance)) AS sig, count(*) AS tokens,
    min(stance) AS lo, max(stance) AS hi
  FROM stance_rows
  GROUP BY crawl_id, domain
),
stance_changed AS (
  SELECT coalesce(a.domain, b.domain) AS domain,
    a.lo = a.hi AND b.lo = b.hi AND a.lo <> b.lo AND a.tokens = b.tokens AS whole,
    a.lo AS before, b.lo AS after, b.tokens
  FROM (SELECT * FROM stance_sig WHERE crawl_id = (SELECT from_id FROM p)) a
  FULL JOIN (SELECT * FROM stance_sig WHERE crawl_id = (SELECT to_id FROM p)) b ON b.domain = a.domain
  WHERE a.sig IS DISTINCT FROM b.sig OR a.tokens IS DISTINCT FROM b.tokens
),
stance_tokens AS (
  SELECT domain, token,
    coalesce(max(stance) FILTER (WHERE crawl_id = (SELECT from_id FROM p)), 'none') AS before,
    coalesce(max(stance) FILTER (WHERE crawl_id = (SELECT to_id FROM p)), 'none') AS after
  FROM stance_rows s
  JOIN (SELECT x.crawl_id, c.domain FROM stance_changed c, (SELECT from_id AS crawl_id FROM p UNION SELECT to_id FROM p) x
    WHERE NOT coalesce(c.whole, false)) f
    USING (crawl_id, domain)
  GROUP BY domain, token
),
-- Tokens are listed by change of stance; a change every token of the file made is told as
-- such rather than token by token.
stance_moves AS (
  SELECT domain, before, after, count(*) AS tokens,
    -- sorted lists rather than string_agg(... ORDER BY ...), whose per-group sorts do not spill
    array_to_string(list_transform(list_sort(list(lower(token) || chr(1) || token)), x -> split_part(x, chr(1), 2)), ', ')
      AS token_list
  FROM stance_tokens
  WHERE before <> after
  GROUP BY domain, before, after
),
stance_detail AS (
  SELECT m.domain, array_to_string(list_sort(list(m.before || ' -> ' || m.after || ': '
      || CASE WHEN m.tokens = n.tokens THEN 'every AI crawler (' || m.tokens || ')' ELSE m.token_list END)), '; ') AS detail
  FROM stance_moves m
  JOIN (SELECT domain, count(*) AS tokens FROM stance_tokens GROUP BY domain) n USING (domain)
  GROUP BY m.domain
  UNION ALL
  SELECT domain, before || ' -> ' || after || ': every AI crawler (' || tokens || ')'
  FROM stance_changed
  WHERE whole
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
changes AS (
  SELECT location, domain, kind_order, change, '' AS detail FROM flips
  UNION ALL
  SELECT location, domain, kind_order, change, detail FROM file_changes
),
-- The fetches and documents of the files that may have changed only, for their outcomes and
-- labels, in one lookup by domain and location.
changed AS (
  SELECT domain, location FROM flips
  UNION ALL
  SELECT domain, location FROM both_files WHERE a_valid <> b_valid OR body_changed OR stance_may_change
),
lookup AS (
  SELECT domain, location,
    max(outcome) FILTER (WHERE crawl_id = (SELECT from_id FROM p)) AS from_outcome,
    max(outcome) FILTER (WHERE crawl_id = (SELECT to_id FROM p)) AS to_outcome,
    bool_or(valid) FILTER (WHERE crawl_id = (SELECT from_id FROM p)) AS from_valid,
    bool_or(valid) FILTER (WHERE crawl_id = (SELECT to_id FROM p)) AS to_valid,
    max(effective) FILTER (WHERE crawl_id = (SELECT from_id FROM p)) AS from_effective,
    max(effective) FILTER (WHERE crawl_id = (SELECT to_id FROM p)) AS to_effective
  FROM (
    SELECT f.crawl_id, f.domain, f.location, f.outcome, NULL::BOOLEAN AS valid, NULL::VARCHAR AS effective
    FROM fetches f SEMI JOIN changed c ON c.domain = f.domain AND c.location = f.location
    WHERE f.crawl_id IN ((SELECT from_id FROM p), (SELECT to_id FROM p))
    UNION ALL
    SELECT d.crawl_id, d.domain, d.location, NULL, d.valid, d.effective
    FROM documents d SEMI JOIN changed c ON c.domain = d.domain AND c.location = d.location
    WHERE d.crawl_id IN ((SELECT from_id FROM p), (SELECT to_id FROM p))
  )
  GROUP BY domain, location
)
SELECT ch.location, ch.domain, ch.change, l.from_outcome, l.to_outcome,
  l.from_valid, l.to_valid, l.from_effective, l.to_effective, ch.detail
FROM changes ch
JOIN lookup l USING (domain, location)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], ch.location), ch.location, ch.kind_order, ch.domain
LIMIT coalesce(TRY_CAST(getvariable('limit') AS BIGINT), 9223372036854775807);
