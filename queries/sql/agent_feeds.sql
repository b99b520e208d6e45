-- Question: In what state are agent feeds (active, terminated, migrated, untrusted), how was their signing key resolved, and how many of their entries verify and are canonical?
-- Read: One row per effective feed state and key resolution, over the agent-feed documents of
--   the crawl (agent_feeds rows), then a last row with state (all) summing them. state is the
--   effective state: active (key resolved, verified entries applied), terminated
--   (af:feed-status terminated, or a missing or unknown status, or af:spec-version other than
--   0), migrated, untrusted (no key resolved: nothing applied, §2.2) or invalid (not an Atom
--   feed); key_resolution says how /.well-known/did.json went: resolved, unchecked, unreachable or
--   malformed. feeds counts the feeds and pct_feeds is a percentage of all feeds; entries is
--   the number of their entries, verified those whose Ed25519 signature verifies over the
--   content as served, canonical those whose content is canonical JSON, applied those applied
--   to the reader state; pct_verified, pct_canonical and pct_applied are percentages of
--   entries. feeds_all_verified counts the feeds with at least one entry, every one verified.
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
f AS (
  SELECT effective, key_resolution, entries, verified, canonical, applied
  FROM agent_feeds
  WHERE crawl_id = (SELECT id FROM c)
),
g AS (
  SELECT
    grouping(effective, key_resolution) = 3 AS total,
    CASE WHEN grouping(effective, key_resolution) = 3 THEN '(all)' ELSE effective END AS state,
    CASE WHEN grouping(effective, key_resolution) = 3 THEN '' ELSE key_resolution END AS key_resolution,
    count(*) AS feeds,
    sum(entries)::BIGINT AS entries,
    sum(verified)::BIGINT AS verified,
    sum(canonical)::BIGINT AS canonical,
    sum(applied)::BIGINT AS applied,
    count(*) FILTER (WHERE entries > 0 AND verified = entries) AS feeds_all_verified
  FROM f
  GROUP BY GROUPING SETS ((effective, key_resolution), ())
)
SELECT state, key_resolution, feeds, entries, verified, canonical, applied, feeds_all_verified,
  round(100.0 * feeds / (SELECT count(*) FROM f), 2) AS pct_feeds,
  round(100.0 * verified / nullif(entries, 0), 2) AS pct_verified,
  round(100.0 * canonical / nullif(entries, 0), 2) AS pct_canonical,
  round(100.0 * applied / nullif(entries, 0), 2) AS pct_applied
FROM g
WHERE EXISTS (SELECT 1 FROM f)
ORDER BY total, array_position(['active', 'terminated', 'migrated', 'untrusted', 'invalid'], state), state, feeds DESC, key_resolution;
