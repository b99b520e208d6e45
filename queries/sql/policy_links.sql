-- Question: Which agent-policy files do home pages point to, with a link element or a Link response header, and does the site serve the file it points to?
-- Read: One row per location pointed to and how, over the home pages of the crawl
--   (home_signals rows; home_pages counts them and is the denominator of pct_home_pages).
--   location is the registry location of the site a link points to (home_signals.links: llms-txt,
--   agents-txt, ...), or (another host) for a link to such a file elsewhere. source is link
--   (a link element of the head), header (a link-value of the Link response header, RFC 8288)
--   or (any), which counts a domain once however it points. domains counts the domains that
--   point there. served counts those among them whose fetch at the location delivered a file
--   (outcome present, redirected, downgraded or too_large), in_format those whose file is in
--   the location's format, valid those whose file is valid; pct_served, pct_in_format and
--   pct_valid are percentages of domains. files counts every domain with a file in the
--   format at the location, pointed to or not, and pct_files_linked the share of them whose
--   home page points to it. The last five are null for (another host), and for a location the
--   crawl did not fetch (--locations). Rows: locations in crawl order, (another host) last;
--   (any) first, then link and header.
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
home AS (
  SELECT domain, links FROM home_signals WHERE crawl_id = (SELECT id FROM c)
),
links AS (
  SELECT DISTINCT domain, coalesce(nullif(l.location, ''), '(another host)') AS location, l.source
  FROM (SELECT domain, unnest(links) AS l FROM home)
),
-- The file each domain has at each location the crawl fetched (documents
-- exist only for fetches that delivered a file).
fetched AS (
  SELECT f.domain, f.location,
    f.outcome IN ('present', 'redirected', 'downgraded', 'too_large') AS served,
    coalesce(d.other_format = '', false) AS in_format,
    coalesce(d.valid, false) AS valid
  FROM fetches f
  LEFT JOIN documents d ON d.crawl_id = f.crawl_id AND d.domain = f.domain AND d.location = f.location
  WHERE f.crawl_id = (SELECT id FROM c)
),
files AS (
  SELECT location, count(*) FILTER (WHERE in_format) AS files, count(*) AS fetched
  FROM fetched
  GROUP BY location
),
counts AS (
  SELECT
    links.location,
    coalesce(links.source, '(any)') AS source,
    count(DISTINCT links.domain) AS domains,
    count(DISTINCT links.domain) FILTER (WHERE fetched.served) AS served,
    count(DISTINCT links.domain) FILTER (WHERE fetched.in_format) AS in_format,
    count(DISTINCT links.domain) FILTER (WHERE fetched.valid) AS valid
  FROM links
  LEFT JOIN fetched USING (domain, location)
  GROUP BY GROUPING SETS ((links.location, links.source), (links.location))
)
SELECT counts.location, source, domains,
  (SELECT count(*) FROM home) AS home_pages,
  round(100.0 * domains / (SELECT count(*) FROM home), 2) AS pct_home_pages,
  CASE WHEN files.fetched > 0 THEN served END AS served,
  CASE WHEN files.fetched > 0 THEN in_format END AS in_format,
  CASE WHEN files.fetched > 0 THEN valid END AS valid,
  CASE WHEN files.fetched > 0 THEN round(100.0 * served / domains, 2) END AS pct_served,
  CASE WHEN files.fetched > 0 THEN round(100.0 * in_format / domains, 2) END AS pct_in_format,
  CASE WHEN files.fetched > 0 THEN round(100.0 * valid / domains, 2) END AS pct_valid,
  CASE WHEN files.fetched > 0 THEN files.files END AS files,
  CASE WHEN files.fetched > 0 THEN round(100.0 * in_format / nullif(files.files, 0), 2) END AS pct_files_linked
FROM counts
LEFT JOIN files USING (location)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agents-md-wk', 'agent-feed', 'did',
  'agent-card', 'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'home', '(another host)'], counts.location), counts.location,
  array_position(['(any)', 'link', 'header'], source), source;
