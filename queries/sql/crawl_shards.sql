-- Question: Does the database hold the whole crawl: every shard of it, each shard's last run complete?
-- Read: One row per shard of the crawl, in shard order (0/1 alone for a crawl that was not sharded).
--   status is the status of the shard's last run (crawls.status: complete, interrupted, failed,
--   running or killed; a resumption's complete ends an earlier run's interrupted; unknown when a
--   row written by hand has none), or missing for a shard that another shard's count names and
--   of which the database holds no run (survey merge of some of the shards). runs counts the
--   shard's runs (the first and each --resume) and last_run is the number of the last; ended is
--   false when the last run recorded no end (it was killed, or is still running). domains sums
--   crawls.domains over the shard's runs, the domains they committed; it is null when a run of
--   the shard recorded no end (crawls.domains counts 0 of a killed run's domains; targets holds
--   them all). whole is the same on every row: true when every shard is there and complete, so
--   that the other queries' figures are of the whole crawl; otherwise they are of the domains
--   committed. survey query, survey report and the notebooks say a crawl is incomplete from
--   these rows.
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
runs AS (
  -- One row per run: a crawl's Parquet files hold a run's row as written
  -- when it started (running, no end) and again when it ended, or as the
  -- next --resume wrote it (killed); the database keeps the last.
  SELECT shard, run, coalesce(nullif(status, ''), 'unknown') AS status, ended_at, domains
  FROM crawls
  WHERE crawl_id = (SELECT id FROM c)
  QUALIFY row_number() OVER (PARTITION BY shard, run ORDER BY ended_at IS NOT NULL DESC, status <> 'running' DESC) = 1
),
last AS (
  SELECT shard, count(*) OVER w AS runs, CAST(run AS BIGINT) AS last_run, status, ended_at IS NOT NULL AS ended,
    CASE WHEN bool_and(ended_at IS NOT NULL) OVER w THEN CAST(sum(domains) OVER w AS BIGINT) END AS domains
  FROM runs
  WINDOW w AS (PARTITION BY shard)
  QUALIFY row_number() OVER (PARTITION BY shard ORDER BY run DESC) = 1
),
counts AS (
  SELECT DISTINCT TRY_CAST(split_part(shard, '/', 2) AS INTEGER) AS n
  FROM last
  WHERE TRY_CAST(split_part(shard, '/', 2) AS INTEGER) > 0
),
missing AS (
  SELECT i || '/' || n AS shard
  FROM (SELECT n, unnest(range(n)) AS i FROM counts)
  WHERE i || '/' || n NOT IN (SELECT shard FROM last)
),
shards AS (
  SELECT shard, runs, last_run, status, ended, domains FROM last
  UNION ALL
  SELECT shard, 0, NULL, 'missing', false, 0 FROM missing
)
SELECT shard, status, runs, last_run, ended, domains,
  bool_and(status = 'complete') OVER () AS whole
FROM shards
ORDER BY TRY_CAST(split_part(shard, '/', 2) AS INTEGER), TRY_CAST(split_part(shard, '/', 1) AS INTEGER), shard
