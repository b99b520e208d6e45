-- Question: Which mechanisms do sites use to state their preferences about AI (robots.txt groups for AI crawlers, Content-Usage, Content-Signal, App-Directives, ai.txt, TDMRep, noai and tdm-reservation on the home page), and how often do they restrict AI use?
-- Read: One row per mechanism whose location the crawl fetched (robots.txt for the first four,
--   ai.txt, tdmrep.json, the home page for the last three; a crawl of some --locations lists
--   only what it measured), over the reachable domains of the crawl (targets.outcome = 'ok')
--   fetched at that location: reachable counts them (every reachable domain, unless shards
--   of the crawl fetched different --locations). using counts the domains using the
--   mechanism, restricting those among them whose signal restricts AI use, as follows
--   (using; restricting). robots.txt AI crawler groups: a group names a known AI crawler; a
--   crawler so named is blocked entirely. robots.txt Content-Usage (IETF aipref): a valid
--   rule; a rule with train-ai=n. robots.txt Content-Signal: a valid rule; a rule with ai-train=no
--   (a Content-Usage or Content-Signal line before any User-agent line counts: it applies to no
--   crawler under RFC 9309, but it states the preference). robots.txt
--   App-Directives: a valid rule; not a restriction (restricting empty). ai.txt: a file in the
--   format; it disallows some media (effective partial or disallow-all). tdmrep.json: a file
--   in the format; its rules reserve TDM rights (effective reserved). home page noai: the
--   noai or noimageai robots directive (X-Robots-Tag or meta), for every agent or for one it
--   names ('GPTBot: noai', meta name=GPTBot); noai, for every agent or for one. home page
--   tdm-reservation: set by header or meta; set to 1. home page Content-Usage header: present;
--   train-ai=n. pct_using and pct_restricting are percentages of reachable;
--   pct_restricting_of_using = 100 * restricting / using.
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
reachable AS (
  SELECT domain FROM targets WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND outcome = 'ok'
),
robots_named AS (
  SELECT domain, bool_or(stance = 'blocked') AS restricting
  FROM ai_stance_named
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND applies = 'named'
  GROUP BY domain
),
prefs AS (
  SELECT domain, kind,
    bool_or(CASE kind WHEN 'content-usage' THEN usage_train_ai = 'n'
                      WHEN 'content-signal' THEN signal_ai_train = 'no' END) AS restricting
  FROM robots_preferences
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location = 'robots' AND valid
  GROUP BY domain, kind
),
files AS (
  SELECT domain, location,
    CASE location WHEN 'ai-txt' THEN effective IN ('partial', 'disallow-all')
                  WHEN 'tdmrep' THEN effective = 'reserved' END AS restricting
  FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location IN ('ai-txt', 'tdmrep') AND coalesce(other_format, '') = ''
),
home AS (
  SELECT domain, noai, noimageai, tdm_reservation, train_ai, content_usage,
    -- noai and noimageai scoped to one agent, written 'agent: name' in both lists
    list_bool_or(list_transform(x_robots_tag || meta_robots, d -> regexp_matches(d, '^[^:]+: noai$'))) AS agent_noai,
    list_bool_or(list_transform(x_robots_tag || meta_robots, d -> regexp_matches(d, '^[^:]+: noimageai$'))) AS agent_noimageai
  FROM home_signals
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
),
uses AS (
  SELECT 1 AS ord, 'robots.txt AI crawler groups' AS mechanism, domain, restricting FROM robots_named
  UNION ALL
  SELECT 2, 'robots.txt Content-Usage', domain, restricting FROM prefs WHERE kind = 'content-usage'
  UNION ALL
  SELECT 3, 'robots.txt Content-Signal', domain, restricting FROM prefs WHERE kind = 'content-signal'
  UNION ALL
  SELECT 4, 'robots.txt App-Directives', domain, NULL FROM prefs WHERE kind = 'app-directives'
  UNION ALL
  SELECT 5, 'ai.txt', domain, restricting FROM files WHERE location = 'ai-txt'
  UNION ALL
  SELECT 6, 'tdmrep.json', domain, restricting FROM files WHERE location = 'tdmrep'
  UNION ALL
  SELECT 7, 'home page noai', domain, noai OR coalesce(agent_noai, false) FROM home
  WHERE noai OR noimageai OR coalesce(agent_noai OR agent_noimageai, false)
  UNION ALL
  SELECT 8, 'home page tdm-reservation', domain, tdm_reservation = 1 FROM home WHERE tdm_reservation IS NOT NULL
  UNION ALL
  SELECT 9, 'home page Content-Usage header', domain, coalesce(train_ai = 'n', false) FROM home WHERE content_usage IS NOT NULL
),
mechanisms AS (
  SELECT * FROM (VALUES (1, 'robots.txt AI crawler groups', 'robots'), (2, 'robots.txt Content-Usage', 'robots'),
    (3, 'robots.txt Content-Signal', 'robots'), (4, 'robots.txt App-Directives', 'robots'), (5, 'ai.txt', 'ai-txt'),
    (6, 'tdmrep.json', 'tdmrep'), (7, 'home page noai', 'home'), (8, 'home page tdm-reservation', 'home'),
    (9, 'home page Content-Usage header', 'home')) AS m(ord, mechanism, location)
),
-- The reachable domains the crawl fetched at each mechanism's location, the denominator of
-- its row: a domain not fetched there (a shard crawled with other --locations) did not say
-- whether it uses the mechanism.
fetched AS (
  SELECT DISTINCT location, domain FROM fetches
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept) AND location IN (SELECT location FROM mechanisms)
    AND domain IN (SELECT domain FROM reachable)
),
n AS (
  SELECT location, count(*) AS reachable FROM fetched GROUP BY location
),
counts AS (
  SELECT u.ord, count(*) AS using, count(*) FILTER (WHERE u.restricting) AS restricting
  FROM uses u
  JOIN mechanisms m USING (ord)
  SEMI JOIN fetched f ON f.location = m.location AND f.domain = u.domain
  GROUP BY u.ord
)
SELECT m.mechanism, coalesce(counts.using, 0) AS using,
  CASE WHEN m.ord = 4 THEN NULL ELSE coalesce(counts.restricting, 0) END AS restricting,
  n.reachable,
  round(100.0 * coalesce(counts.using, 0) / n.reachable, 2) AS pct_using,
  CASE WHEN m.ord <> 4 THEN round(100.0 * coalesce(counts.restricting, 0) / n.reachable, 2) END AS pct_restricting,
  CASE WHEN m.ord <> 4 THEN round(100.0 * counts.restricting / nullif(counts.using, 0), 2) END AS pct_restricting_of_using
FROM mechanisms m
JOIN n USING (location)
LEFT JOIN counts USING (ord)
ORDER BY m.ord;
