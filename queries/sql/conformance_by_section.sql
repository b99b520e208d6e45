-- Question: Which clauses of each specification do publishers' files break or strain most often?
-- Read: One row per format and specification section cited by a diagnostic, the section found
--   in the most files first. A diagnostic's spec text may cite several sections ("RFC 9309
--   §2.2; specs README: robots"): each cited section gets the file, a numbered one under its
--   number ("§4 (method)" and "§3.4 step 5" are §4 and §3.4); a piece naming no section of
--   its own qualifies the one before it ("§Processing, tdm-reservation" is one section).
--   document is the specification (e.g. RFC 9309, or specs README for the survey's product decisions) and
--   section the clause within it (empty when the whole document is cited). files counts the
--   files (domain and location) with at least one diagnostic citing the section, error_files
--   those where one of them is an error (the clause is broken, the file invalid), domains the
--   distinct domains; codes lists the diagnostic codes citing it. format_files is the number
--   of files parsed as the format (other-format files included); pct_files and
--   pct_error_files are percentages of format_files.
-- Param crawl: the crawl to report (default: the most recent crawl, the one whose first run
--   started last; a crawl the database does not hold is an error).
-- Param format: only this format, e.g. agents-md (default: every format).
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
per_file AS (
  SELECT format, code, spec, domain, location, bool_or(severity = 'error') AS is_error
  FROM diagnostics
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
    AND (getvariable('format') IS NULL OR format = getvariable('format'))
  GROUP BY ALL
),
refs AS (
  SELECT spec, trim(ref) AS ref
  FROM (SELECT DISTINCT spec FROM per_file), unnest(string_split(spec, ';')) AS r(ref)
  WHERE trim(ref) <> ''
),
-- From its first § on, a reference lists the sections it cites, separated by commas. A
-- numbered section counts under its number ("§4 (method)" and "§3.4 step 5" cite §4 and
-- §3.4), and a piece that starts with neither § nor Appendix qualifies the section before
-- it ("§Declaring the reservation of TDM Rights, tdm-reservation" cites one section).
pieces AS (
  SELECT spec, strpos(ref, '§') > 0 AS has_section,
    CASE WHEN strpos(ref, '§') = 0 THEN ref ELSE trim(left(ref, strpos(ref, '§') - 1)) END AS document,
    trim(p) AS piece
  FROM refs, unnest(CASE WHEN strpos(ref, '§') = 0 THEN [''] ELSE string_split(substr(ref, strpos(ref, '§')), ',') END) AS x(p)
),
sections AS (
  SELECT DISTINCT spec, document,
    CASE WHEN regexp_matches(piece, '^§\s*[0-9]')
      THEN '§' || regexp_extract(piece, '^§\s*([0-9]+(\.[0-9]+)*)', 1)
      ELSE piece END AS section
  FROM pieces
  WHERE NOT has_section OR starts_with(piece, '§') OR starts_with(piece, 'Appendix') OR starts_with(piece, 'Annex')
),
per_section_file AS (
  SELECT p.format, s.document, s.section, p.domain, p.location, bool_or(p.is_error) AS is_error
  FROM per_file p JOIN sections s USING (spec)
  GROUP BY ALL
),
per_section AS (
  SELECT format, document, section,
    count(*) AS files, count(*) FILTER (WHERE is_error) AS error_files, count(DISTINCT domain) AS domains
  FROM per_section_file
  GROUP BY ALL
),
codes AS (
  SELECT p.format, s.document, s.section, string_agg(DISTINCT p.code, ', ' ORDER BY p.code) AS codes
  FROM (SELECT DISTINCT format, code, spec FROM per_file) p JOIN sections s USING (spec)
  GROUP BY ALL
),
format_files AS (
  SELECT format, count(*) AS format_files
  FROM documents
  WHERE crawl_id = (SELECT id FROM c) AND domain IN (SELECT domain FROM kept)
  GROUP BY format
)
SELECT format, document, section, files, error_files, domains, codes, format_files,
  round(100.0 * files / format_files, 2) AS pct_files,
  round(100.0 * error_files / format_files, 2) AS pct_error_files
FROM per_section
JOIN codes USING (format, document, section)
JOIN format_files USING (format)
ORDER BY array_position(['robots', 'agents-txt', 'agents-md', 'agent-feed', 'did', 'agent-card',
  'autoctl', 'llms-txt', 'tdmrep', 'ai-txt', 'homepage'], format), format, files DESC, error_files DESC, document, section;
