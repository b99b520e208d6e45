-- Question: Which fields of the AGENTS.md specification do valid policies actually set?
-- Read: One row per field the specification defines (section.key, in the order of its
--   section 5), over the valid AGENTS.md policies in force (agents_md rows, at either
--   location, whose effective label is policy: a well-known file superseded by a usable root
--   /AGENTS.md is left out). policies counts those that set the field to a valid value,
--   pct_policies is a percentage of all such policies (valid_policies); a field no policy
--   sets has its row with zero. The row allowed-actions.(custom) counts the policies setting
--   at least one custom allowed action (§8.2).
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
p AS (
  SELECT domain, location, explicit_keys FROM agents_md
  WHERE crawl_id = (SELECT id FROM c) AND effective = 'policy'
),
fields AS (
  SELECT field_order, field FROM (VALUES
    (1, 'identity.site'), (2, 'identity.contact'), (3, 'identity.last-updated'), (4, 'identity.spec-version'),
    (5, 'trust-requirements.minimum-trust-level'), (6, 'trust-requirements.authentication'),
    (7, 'trust-requirements.authentication-methods'),
    (8, 'allowed-actions.read-content'), (9, 'allowed-actions.submit-forms'), (10, 'allowed-actions.make-purchases'),
    (11, 'allowed-actions.modify-account'), (12, 'allowed-actions.access-api'), (13, 'allowed-actions.download-files'),
    (14, 'allowed-actions.upload-files'), (15, 'allowed-actions.send-messages'), (16, 'allowed-actions.delete-data'),
    (17, 'allowed-actions.create-content'), (18, 'allowed-actions.(custom)'),
    (19, 'rate-limits.requests-per-minute'), (20, 'rate-limits.requests-per-hour'), (21, 'rate-limits.concurrent-sessions'),
    (22, 'data-handling.personal-data-collection'), (23, 'data-handling.data-retention'),
    (24, 'data-handling.third-party-sharing'), (25, 'data-handling.gdpr-compliance'),
    (26, 'restrictions.disallowed-paths'), (27, 'restrictions.require-human-approval'), (28, 'restrictions.read-only-paths'),
    (29, 'agent-identification.require-agent-header'), (30, 'agent-identification.agent-header-name'),
    (31, 'agent-identification.require-disclosure')
  ) AS f(field_order, field)
),
set_keys AS (
  SELECT DISTINCT p.domain || ' ' || p.location AS policy, k AS field
  FROM p, unnest(p.explicit_keys) AS u(k)
),
custom AS (
  -- keys of allowed-actions that are not standard actions are custom (§8.2)
  SELECT DISTINCT policy, 'allowed-actions.(custom)' AS field
  FROM set_keys
  WHERE starts_with(field, 'allowed-actions.')
    AND field NOT IN (SELECT field FROM fields)
),
counts AS (
  SELECT field, count(DISTINCT policy) AS policies
  FROM (SELECT * FROM set_keys UNION ALL SELECT * FROM custom)
  GROUP BY field
),
n AS (
  SELECT count(*) AS valid_policies FROM p
)
SELECT split_part(fields.field, '.', 1) AS section, split_part(fields.field, '.', 2) AS key,
  coalesce(counts.policies, 0) AS policies, n.valid_policies,
  round(100.0 * coalesce(counts.policies, 0) / n.valid_policies, 2) AS pct_policies
FROM fields
CROSS JOIN n
LEFT JOIN counts USING (field)
WHERE n.valid_policies > 0
ORDER BY fields.field_order;
