-- Question: What do the cards at /.well-known/agent-card.json describe (an A2A agent, an MCP server, an ERC-8004 agent registration, an agent-feed endpoint snapshot, something else), how many are valid, and do they agree with the site's agent feed?
-- Read: One row per kind of card, then a last row with kind (all) summing them, over the
--   agent-card.json files of the crawl (documents at location agent-card). kind is the card's
--   recognised shape (agent_cards.kind: a2a, mcp, erc-8004, snapshot or other; the first
--   shape the card matches) or invalid for a file that is not a JSON object. cards counts
--   them and pct_cards is a percentage of all cards; valid counts those without any error
--   diagnostic; with_endpoints those that name at least one endpoint (an A2A interface, an
--   MCP remote, an ERC-8004 service, a snapshot's endpoint), endpoints the endpoints they
--   name. feed_checked counts the cards compared with the origin's verified agent feed
--   (agent-feed v0 §4.3; an ERC-8004 registration is never compared), feed_consistent those
--   that agree with every endpoint of the feed; pct_valid and pct_with_endpoints are
--   percentages of cards, pct_feed_consistent of feed_checked. Rows by cards, most first.
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
-- A card that is not a JSON object has a document (effective invalid) and no
-- agent_cards row.
cards AS (
  SELECT coalesce(a.kind, 'invalid') AS kind, d.valid,
    coalesce(len(a.endpoints), 0) AS endpoints,
    coalesce(a.feed_checked, false) AS feed_checked,
    coalesce(a.feed_consistent, false) AS feed_consistent
  FROM documents d
  LEFT JOIN agent_cards a ON a.crawl_id = d.crawl_id AND a.domain = d.domain AND a.location = d.location
  WHERE d.crawl_id = (SELECT id FROM c) AND d.location = 'agent-card'
),
counts AS (
  SELECT
    grouping(kind) = 1 AS total,
    coalesce(kind, '(all)') AS kind,
    count(*) AS cards,
    count(*) FILTER (WHERE valid) AS valid,
    count(*) FILTER (WHERE endpoints > 0) AS with_endpoints,
    CAST(coalesce(sum(endpoints), 0) AS BIGINT) AS endpoints,
    count(*) FILTER (WHERE feed_checked) AS feed_checked,
    count(*) FILTER (WHERE feed_consistent) AS feed_consistent
  FROM cards
  GROUP BY GROUPING SETS ((kind), ())
)
SELECT kind, cards, valid, with_endpoints, endpoints, feed_checked, feed_consistent,
  round(100.0 * cards / (SELECT count(*) FROM cards), 2) AS pct_cards,
  round(100.0 * valid / cards, 2) AS pct_valid,
  round(100.0 * with_endpoints / cards, 2) AS pct_with_endpoints,
  round(100.0 * feed_consistent / nullif(feed_checked, 0), 2) AS pct_feed_consistent
FROM counts
WHERE cards > 0
ORDER BY total, cards DESC, kind;
