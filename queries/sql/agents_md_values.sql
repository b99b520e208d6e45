-- Question: What do valid AGENTS.md policies choose for each enumerated field (trust level, authentication, allowed actions, data handling, agent identification)?
-- Read: One row per enumerated field and value the specification allows, in the order of its
--   section 5, over the valid AGENTS.md policies in force (agents_md rows, at either location,
--   whose effective label is policy; valid_policies counts them and is the denominator of
--   pct_policies). policies counts the policies whose effective value is this one, the
--   specification's default applied when the field is not set (value (not set) for the
--   data-handling fields, which have no default; value (omitted) for a minimum-trust-level
--   the file sets to something that is not an integer in 0–5, which §6.4 omits rather than
--   default to 0); explicit counts those that set the value themselves. Every allowed value
--   has its row, with zero when no policy chose it.
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
  SELECT * FROM agents_md
  WHERE crawl_id = (SELECT id FROM c) AND effective = 'policy'
),
v AS (
  SELECT 'trust-requirements.minimum-trust-level' AS field, coalesce(minimum_trust_level::VARCHAR, '(omitted)') AS value,
    list_contains(explicit_keys, 'trust-requirements.minimum-trust-level') AS explicit FROM p
  UNION ALL SELECT 'trust-requirements.authentication', authentication,
    list_contains(explicit_keys, 'trust-requirements.authentication') FROM p
  UNION ALL SELECT 'allowed-actions.read-content', coalesce(read_content, true)::VARCHAR, read_content IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.submit-forms', coalesce(submit_forms, false)::VARCHAR, submit_forms IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.make-purchases', coalesce(make_purchases, false)::VARCHAR, make_purchases IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.modify-account', coalesce(modify_account, false)::VARCHAR, modify_account IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.access-api', coalesce(access_api, false)::VARCHAR, access_api IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.download-files', coalesce(download_files, false)::VARCHAR, download_files IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.upload-files', coalesce(upload_files, false)::VARCHAR, upload_files IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.send-messages', coalesce(send_messages, false)::VARCHAR, send_messages IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.delete-data', coalesce(delete_data, false)::VARCHAR, delete_data IS NOT NULL FROM p
  UNION ALL SELECT 'allowed-actions.create-content', coalesce(create_content, false)::VARCHAR, create_content IS NOT NULL FROM p
  UNION ALL SELECT 'data-handling.personal-data-collection', coalesce(personal_data_collection, '(not set)'),
    personal_data_collection IS NOT NULL FROM p
  UNION ALL SELECT 'data-handling.data-retention', coalesce(data_retention, '(not set)'), data_retention IS NOT NULL FROM p
  UNION ALL SELECT 'data-handling.third-party-sharing', coalesce(third_party_sharing, '(not set)'),
    third_party_sharing IS NOT NULL FROM p
  UNION ALL SELECT 'data-handling.gdpr-compliance', coalesce(gdpr_compliance::VARCHAR, '(not set)'),
    gdpr_compliance IS NOT NULL FROM p
  UNION ALL SELECT 'agent-identification.require-agent-header', require_agent_header::VARCHAR,
    list_contains(explicit_keys, 'agent-identification.require-agent-header') FROM p
  UNION ALL SELECT 'agent-identification.require-disclosure', require_disclosure::VARCHAR,
    list_contains(explicit_keys, 'agent-identification.require-disclosure') FROM p
),
allowed AS (
  SELECT field_order, field, value_order, value FROM (VALUES
    (1, 'trust-requirements.minimum-trust-level', ['0', '1', '2', '3', '4', '5', '(omitted)']),
    (2, 'trust-requirements.authentication', ['required', 'optional', 'none']),
    (3, 'allowed-actions.read-content', ['true', 'false']),
    (4, 'allowed-actions.submit-forms', ['true', 'false']),
    (5, 'allowed-actions.make-purchases', ['true', 'false']),
    (6, 'allowed-actions.modify-account', ['true', 'false']),
    (7, 'allowed-actions.access-api', ['true', 'false']),
    (8, 'allowed-actions.download-files', ['true', 'false']),
    (9, 'allowed-actions.upload-files', ['true', 'false']),
    (10, 'allowed-actions.send-messages', ['true', 'false']),
    (11, 'allowed-actions.delete-data', ['true', 'false']),
    (12, 'allowed-actions.create-content', ['true', 'false']),
    (13, 'data-handling.personal-data-collection', ['none', 'minimal', 'standard', 'extensive', '(not set)']),
    (14, 'data-handling.data-retention', ['none', 'session-only', '30-days', '1-year', 'indefinite', '(not set)']),
    (15, 'data-handling.third-party-sharing', ['none', 'anonymized', 'with-consent', 'unrestricted', '(not set)']),
    (16, 'data-handling.gdpr-compliance', ['true', 'false', '(not set)']),
    (17, 'agent-identification.require-agent-header', ['true', 'false']),
    (18, 'agent-identification.require-disclosure', ['true', 'false'])
  ) AS a(field_order, field, vals), unnest(vals) WITH ORDINALITY AS u(value, value_order)
),
counts AS (
  SELECT field, value, count(*) AS policies, count(*) FILTER (WHERE explicit) AS explicit
  FROM v
  GROUP BY field, value
),
keys AS (
  -- the allowed values, and any other value a policy holds (none should)
  SELECT field_order, field, value_order, value FROM allowed
  UNION ALL
  SELECT (SELECT max(field_order) FROM allowed WHERE allowed.field = counts.field), field, 1000, value
  FROM counts
  WHERE (field, value) NOT IN (SELECT (field, value) FROM allowed)
),
n AS (
  SELECT count(*) AS valid_policies FROM p
)
SELECT split_part(keys.field, '.', 1) AS section, split_part(keys.field, '.', 2) AS key, keys.value,
  coalesce(counts.policies, 0) AS policies, coalesce(counts.explicit, 0) AS explicit, n.valid_policies,
  round(100.0 * coalesce(counts.policies, 0) / n.valid_policies, 2) AS pct_policies
FROM keys
CROSS JOIN n
LEFT JOIN counts USING (field, value)
WHERE n.valid_policies > 0
ORDER BY keys.field_order, keys.value_order, keys.value;
