-- Question: Between two crawls, how many sites started or stopped publishing each file, fixed or broke it, changed it, or changed their stance toward AI crawlers?
-- Read: One row per location both crawls fetched (a crawl of some --locations compares only
--   those) and kind of change, every kind listed even when none occurred (comparing a crawl
--   with itself reports zeros). Only domains crawled in both crawls count,
--   and only fetches that answered the question both times (a file, absent or a soft 404:
--   blocked, failed and timed-out fetches are not compared); compared is the number of such
--   domains at the location. Kinds: appeared (no file, then a file), disappeared (a file,
--   then none), became_valid (a file both times, not valid then valid: an other-format file
--   that became a valid one counts), became_invalid (valid, then a file that is not),
--   content_changed (a file both times, different bytes), ai_stance_changed (robots.txt both
--   times, and the stance toward at least one known AI crawler token changed between
--   blocked, partial and allowed, among the tokens both crawls' crawler lists hold; a
--   robots.txt that appeared or disappeared counts under those kinds only). domains counts the domains with the change; pct_compared = 100 *
--   domains / compared (NULL when no domain was compared at the location). survey query
--   changes_detail lists them.
-- Param from_crawl: the earlier crawl (default: the crawl that started last before to_crawl;
--   to_crawl itself when there is none, so that one crawl reports zero changes).
-- Param to_crawl: the later crawl (default: the most recent crawl). A crawl the database does
--   not hold, as either parameter, is an error.
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
-- Stage 1, over every fetch: which domains answered at a location in both crawls (compared),
-- and where a file appeared or disappeared. Only narrow columns take part in this join.
measured_a AS (
  SELECT domain, location,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
),
measured_b AS (
  SELECT domain, location,
    outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS has_file
  FROM fetches
  WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
    AND outcome IN ('present', 'redirected', 'downgraded', 'too_large', 'absent', 'soft_404')
),
pairs AS (
  SELECT a.location, a.domain, a.has_file AS a_file, b.has_file AS b_file
  FROM measured_a a
  JOIN measured_b b ON b.domain = a.domain AND b.location = a.location
),
-- Stage 2, over the files present in both crawls: documents exist exactly for the fetches
-- that delivered a file.
docs_a AS (
  SELECT domain, location, valid, coalesce(other_format, '') AS other_format,
    hash(body_digest) AS digest, hash(parser_version) AS parser
  FROM documents
  WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
),
docs_b AS (
  SELECT domain, location, valid, coalesce(other_format, '') AS other_format,
    hash(body_digest) AS digest, hash(parser_version) AS parser
  FROM documents
  WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
),
both_files AS MATERIALIZED (
  SELECT a.location, a.domain, a.valid AS a_valid, b.valid AS b_valid,
    a.digest IS DISTINCT FROM b.digest AS body_changed,
    a.location = 'robots' AND a.other_format = '' AND b.other_format = ''
      AND (a.digest IS DISTINCT FROM b.digest OR a.parser IS DISTINCT FROM b.parser) AS stance_may_change
  FROM docs_a a
  JOIN docs_b b ON b.domain = a.domain AND b.location = a.location
),
-- The AI stance can only change where the robots.txt bytes (or the parser) changed. Each such
-- file's stance is summed up by a signature, an order-free 64-bit hash of every token with its
-- stance: the stance changed where the two crawls' signatures (or token counts) differ.
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
  SELECT crawl_id, domain, bit_xor(hash(token || '=' || stance)) AS sig, count(*) AS tokens
  FROM stance_rows
  GROUP BY crawl_id, domain
),
stance_changed AS (
  SELECT coalesce(a.domain, b.domain) AS domain
  FROM (SELECT * FROM stance_sig WHERE crawl_id = (SELECT from_id FROM p)) a
  FULL JOIN (SELECT * FROM stance_sig WHERE crawl_id = (SELECT to_id FROM p)) b ON b.domain = a.domain
  WHERE a.sig IS DISTINCT FROM b.sig OR a.tokens IS DISTINCT FROM b.tokens
),
pair_counts AS (
  SELECT location, count(*) AS compared,
    count(*) FILTER (WHERE NOT a_file AND b_file) AS appeared,
    count(*) FILTER (WHERE a_file AND NOT b_file) AS disappeared
  FROM pairs
  GROUP BY location
),
file_counts AS (
  SELECT location,
    count(*) FILTER (WHERE NOT a_valid AND b_valid) AS became_valid,
    count(*) FILTER (WHERE a_valid AND NOT b_valid) AS became_invalid,
    count(*) FILTER (WHERE body_changed) AS content_changed,
    count(*) FILTER (WHERE stance_may_change AND domain IN (SELECT domain FROM stance_changed)) AS ai_stance_changed
  FROM both_files
  GROUP BY location
),
-- The locations both crawls fetched: a location one of them did not fetch (survey crawl
-- --locations) was not compared, and a row of zeros would read as measured.
locations AS (
  SELECT location FROM fetches WHERE crawl_id = (SELECT to_id FROM p) AND location <> 'canary'
  INTERSECT
  SELECT location FROM fetches WHERE crawl_id = (SELECT from_id FROM p) AND location <> 'canary'
),
kinds AS (
  SELECT * FROM (VALUES (1, 'appeared'), (2, 'disappeared'), (3, 'became_valid'), (4, 'became_invalid'),
    (5, 'content_changed'), (6, 'ai_stance_changed')) AS k(kind_order, change)
)
SELECT (SELECT from_id FROM p) AS from_crawl, (SELECT to_id FROM p) AS to_crawl,
  l.location, k.change,
  coalesce(CASE k.change
    WHEN 'appeared' THEN pc.appeared WHEN 'disappeared' THEN pc.disappeared
    WHEN 'became_valid' THEN fc.became_valid WHEN 'became_invalid' THEN fc.became_invalid
    WHEN 'content_changed' THEN fc.content_changed WHEN 'ai_stance_changed' THEN fc.ai_stance_changed
  END, 0) AS domains,
  coalesce(pc.compared, 0) AS compared,
  round(100.0 * coalesce(CASE k.change
    WHEN 'appeared' THEN pc.appeared WHEN 'disappeared' THEN pc.disappeared
    WHEN 'became_valid' THEN fc.became_valid WHEN 'became_invalid' THEN fc.became_invalid
    WHEN 'content_changed' THEN fc.content_changed WHEN 'ai_stance_changed' THEN fc.ai_stance_changed
  END, 0) / nullif(pc.compared, 0), 2) AS pct_compared
FROM locations l
CROSS JOIN kinds k
LEFT JOIN pair_counts pc ON pc.location = l.location
LEFT JOIN file_counts fc ON fc.location = l.location
WHERE k.change <> 'ai_stance_changed' OR l.location = 'robots'
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home'], l.location), l.location, k.kind_order;
