-- Question: How do robots.txt files treat the AI crawlers of each operator (OpenAI, Google, Anthropic ...): all blocked, partly, or allowed?
-- Read: One row per operator of survey's AI crawler list, the most often blocked first.
--   tokens lists the operator's crawler tokens. For each robots.txt file in the format
--   (documents at location robots, other_format empty; robots_files counts them and is the
--   denominator of every pct_* column) the operator is blocked when every one of its tokens
--   is blocked entirely, allowed when every one is allowed, partial otherwise (some tokens or
--   some paths disallowed); blocked + partial + allowed = robots_files. named counts the
--   files with a group naming at least one of the operator's tokens; blocked_named those
--   where, in addition, the operator is blocked; some_blocked those blocking at least one of
--   its tokens entirely. Crawlers whose operator nobody names (operator unknown in ai_stance)
--   are not one operator: each is a row of its own, operator 'unknown (TOKEN)'.
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
-- A file that names no AI crawler applies the same groups (* or none) to every one of them,
-- so every token, and every operator, has the stance of its ai_stance_default row: such files
-- are counted once, and only the files naming a crawler are taken crawler by crawler (its
-- ai_stance_named row, else the file's default row: the ai_stance view, for those files only)
-- and grouped per operator. The operators and their tokens come from one file's list.
d AS (
  SELECT domain, crawlers, named, stance FROM ai_stance_default
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND domain NOT IN (SELECT domain FROM other)
),
s AS (
  SELECT d.domain, cr.token, CASE WHEN cr.operator = 'unknown' THEN 'unknown (' || cr.token || ')' ELSE cr.operator END AS operator,
    coalesce(n.stance, d.stance) AS stance, n.applies IS NOT NULL AS named
  FROM d JOIN ai_crawlers cr ON cr.list = d.crawlers
  LEFT JOIN ai_stance_named n ON n.crawl_id = (SELECT id FROM c) AND n.location = 'robots' AND n.domain = d.domain AND n.token = cr.token
  WHERE d.named > 0
),
uniform AS (
  SELECT stance, count(*) AS files FROM d WHERE named = 0 GROUP BY stance
),
per_file AS (
  SELECT operator, domain,
    bool_and(stance = 'blocked') AS all_blocked,
    bool_and(stance = 'allowed') AS all_allowed,
    bool_or(stance = 'blocked') AS some_blocked,
    bool_or(named) AS named
  FROM s
  GROUP BY operator, domain
),
operators AS (
  SELECT operator, string_agg(token, ', ' ORDER BY lower(token), token) AS tokens
  FROM (SELECT DISTINCT CASE WHEN operator = 'unknown' THEN 'unknown (' || token || ')' ELSE operator END AS operator, token
    FROM ai_crawlers WHERE list = (SELECT crawlers FROM d LIMIT 1))
  GROUP BY operator
),
counts AS (
  SELECT o.operator, o.tokens,
    count(f.domain) FILTER (WHERE f.all_blocked) AS blocked,
    count(f.domain) FILTER (WHERE NOT f.all_blocked AND NOT f.all_allowed) AS partial,
    count(f.domain) FILTER (WHERE f.all_allowed) AS allowed,
    count(f.domain) FILTER (WHERE f.some_blocked) AS some_blocked,
    count(f.domain) FILTER (WHERE f.named) AS named,
    count(f.domain) FILTER (WHERE f.named AND f.all_blocked) AS blocked_named
  FROM operators o
  LEFT JOIN per_file f USING (operator)
  GROUP BY o.operator, o.tokens
),
u AS (
  SELECT
    coalesce(sum(files) FILTER (WHERE stance = 'blocked'), 0)::BIGINT AS blocked,
    coalesce(sum(files) FILTER (WHERE stance = 'partial'), 0)::BIGINT AS partial,
    coalesce(sum(files) FILTER (WHERE stance = 'allowed'), 0)::BIGINT AS allowed
  FROM uniform
),
totals AS (
  SELECT counts.operator, counts.tokens,
    counts.blocked + u.blocked AS blocked,
    counts.partial + u.partial AS partial,
    counts.allowed + u.allowed AS allowed,
    counts.some_blocked + u.blocked AS some_blocked,
    counts.named, counts.blocked_named
  FROM counts CROSS JOIN u
),
n AS (
  SELECT count(*) AS robots_files FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND coalesce(other_format, '') = ''
)
SELECT operator, tokens, robots_files, blocked, partial, allowed, some_blocked, named, blocked_named,
  round(100.0 * blocked / robots_files, 2) AS pct_blocked,
  round(100.0 * partial / robots_files, 2) AS pct_partial,
  round(100.0 * allowed / robots_files, 2) AS pct_allowed,
  round(100.0 * some_blocked / robots_files, 2) AS pct_some_blocked,
  round(100.0 * named / robots_files, 2) AS pct_named,
  round(100.0 * blocked_named / robots_files, 2) AS pct_blocked_named
FROM totals CROSS JOIN n
ORDER BY blocked DESC, some_blocked DESC, partial DESC, lower(operator), operator;
