-- uidx_inspect, in both editions (src/sql/assemble.sh): one row per plausible
-- reading of a pasted ID, most likely first, with registry names, over the
-- edition's uidx_inspect_readings (C in the extension, PL/pgSQL in uidx_sql).
-- STABLE: it reads the registries, the public-id key and the statement's
-- start time (a time more than a day after it is implausible).  Neither
-- STRICT nor SET search_path, so that the planner can inline it into the
-- calling query (a NULL id still gives no rows: the readings function is
-- STRICT); every name in the body is schema-qualified instead, so a hostile
-- search_path cannot redirect it.
CREATE FUNCTION @extschema@.uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE ROWS 3
AS $$
SELECT r.kind, r.ts,
       r.details OPERATOR(pg_catalog.||) COALESCE(names.extra, '{}'::pg_catalog.jsonb)
  FROM @extschema@.uidx_inspect_readings($1) r
  LEFT JOIN LATERAL (
        SELECT pg_catalog.jsonb_build_object('service_entity_name', e.name) AS extra, 5 AS bonus
          FROM @extschema@.iuid_service_entity e
         WHERE r.kind OPERATOR(pg_catalog.=) 'iuid'
           AND e.code OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'service_entity')::pg_catalog.int4
        UNION ALL
        SELECT pg_catalog.jsonb_build_object(
                   'group_name', g.group_name,
                   'relation', (SELECT pg_catalog.quote_ident(n.nspname) OPERATOR(pg_catalog.||) '.'
                                       OPERATOR(pg_catalog.||) pg_catalog.quote_ident(c.relname)
                                  FROM pg_catalog.pg_class c
                                  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
                                 WHERE c.oid OPERATOR(pg_catalog.=) @extschema@.luuid_relation(
                                           (r.details OPERATOR(pg_catalog.->>) 'uuid')::pg_catalog.uuid))),
               25
          FROM @extschema@.luuid_group g
         WHERE r.kind OPERATOR(pg_catalog.=) 'luuid'
           AND g.group_id OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'group')::pg_catalog.int4
       ) names ON true
 ORDER BY r.score OPERATOR(pg_catalog.+) COALESCE(names.bonus, 0) DESC, r.kind
$$;
COMMENT ON FUNCTION @extschema@.uidx_inspect(text) IS 'plausible readings of a pasted ID, most likely first, with registry names';
