-- iuid_generate with the service entity given by its name, in both editions
-- (src/sql/assemble.sh).  PARALLEL as the generator it calls: the C extension's
-- buffer is per backend; uidx_sql's advances the sequence uidx_sql_tie,
-- which a parallel worker cannot do.
CREATE FUNCTION @extschema@.iuid_generate(service_entity text, country integer DEFAULT NULL)
--@if uidx
RETURNS iuid
LANGUAGE sql VOLATILE PARALLEL SAFE
--@else
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
--@endif
AS $$
SELECT @extschema@.iuid_generate(
    COALESCE((SELECT e.code::pg_catalog.int4
                FROM @extschema@.iuid_service_entity e
               WHERE e.name OPERATOR(pg_catalog.=) $1),
             @extschema@.uidx_raise_unknown_name('iuid service entity', $1)),
    $2)
$$;
COMMENT ON FUNCTION @extschema@.iuid_generate(text, integer) IS 'new iUID for now, the service entity looked up by name in iuid_service_entity';
