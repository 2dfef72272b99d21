-- ---------------------------------------------------------------------------
-- uidx_inspect: what is this ID?
-- ---------------------------------------------------------------------------

-- The raw readings of the C detector, with their scores (higher first).
CREATE FUNCTION uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                      OUT details jsonb, OUT score integer)
RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 3;

-- One row per plausible reading, most likely first, with registry names.
-- STABLE: it reads the registries, the public-id key and the clock (a time
-- after tomorrow is implausible).
CREATE FUNCTION uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
RETURNS SETOF record
LANGUAGE sql STABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $$
SELECT r.kind, r.ts, r.details || COALESCE(names.extra, '{}'::jsonb)
  FROM @extschema@.uidx_inspect_readings($1) r
  LEFT JOIN LATERAL (
        SELECT jsonb_build_object('service_entity_name', e.name) AS extra, 5 AS bonus
          FROM @extschema@.iuid_service_entity e
         WHERE r.kind = 'iuid' AND e.code = (r.details->>'service_entity')::int4
        UNION ALL
        SELECT jsonb_build_object('group_name', g.group_name,
                                  'relation', @extschema@.luuid_relation((r.details->>'uuid')::uuid)::text),
               25
          FROM @extschema@.luuid_group g
         WHERE r.kind = 'luuid' AND g.group_id = (r.details->>'group')::int4
       ) names ON true
 ORDER BY r.score + COALESCE(names.bonus, 0) DESC, r.kind
$$;
