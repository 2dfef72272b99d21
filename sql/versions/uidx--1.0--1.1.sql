-- uidx 1.0 -> 1.1.  Every change to installed SQL objects since 1.0 is here;
-- test/t/upgrade.sh proves that an updated database equals a fresh install.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.1'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- UUIDv7: uidx never shadows the server's own functions (README "UUIDv7").
-- On PostgreSQL 18, column DEFAULTs that call uidx's uuidv7() are moved to
-- core's pg_catalog.uuidv7() and uidx's copies are dropped.  Before 17, the
-- core functions uuid_extract_version and uuid_extract_timestamp are added.
-- ---------------------------------------------------------------------------
DO $uidx$
DECLARE
    v integer := current_setting('server_version_num')::integer;
    ours text := quote_ident('@extschema@') || '.uuidv7(';
    script_path text := current_setting('search_path');
    r record;
BEGIN
    IF v >= 180000 THEN
        -- pg_get_expr qualifies every name that is not in pg_catalog; the
        -- setting lasts to the end of the script's transaction, so the
        -- script's own path is put back below
        PERFORM set_config('search_path', 'pg_catalog', true);
        FOR r IN
            SELECT ad.adrelid::regclass AS rel, a.attname,
                   pg_get_expr(ad.adbin, ad.adrelid) AS expr
              FROM pg_depend d
              JOIN pg_attrdef ad ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid
              JOIN pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
             WHERE d.refclassid = 'pg_proc'::regclass
               AND d.refobjid IN ('@extschema@.uuidv7()'::regprocedure,
                                  '@extschema@.uuidv7(interval)'::regprocedure)
        LOOP
            EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', r.rel, r.attname,
                           replace(r.expr, ours, 'pg_catalog.uuidv7('));
        END LOOP;
        PERFORM set_config('search_path', script_path, true);
        BEGIN
            DROP FUNCTION @extschema@.uuidv7();
            DROP FUNCTION @extschema@.uuidv7(interval);
        EXCEPTION WHEN dependent_objects_still_exist THEN
            RAISE EXCEPTION 'uidx 1.1 on PostgreSQL 18 uses core''s uuidv7(), but objects other than column defaults call uidx''s @extschema@.uuidv7()'
                USING ERRCODE = 'dependent_objects_still_exist',
                      DETAIL = SQLERRM,
                      HINT = 'Make those objects call pg_catalog.uuidv7() instead, then run ALTER EXTENSION uidx UPDATE again.';
        END;
    END IF;
    IF v < 170000 THEN
        CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
            AS 'MODULE_PATHNAME', 'uidx_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
    END IF;
END
$uidx$;

-- ---------------------------------------------------------------------------
-- Faults fixed in 1.1 (sql/faults.sql): uidx_create_time_partitions names
-- every partition apart (steps under a minute, long parent names) and
-- refuses infinite bounds and over 10,000 partitions up front; the sql_drop
-- trigger no longer fails DDL of a role that cannot use uidx's schema.
-- Qualified: the search_path may have been changed above.
-- ---------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_partitions constant integer := 10000;
    strategy    "char";
    nkeys       int2;
    key_type    regtype;
    key_name    text;
    bound_name  text;
    bound_fn    regprocedure;
    parent_ns   name;
    parent_name name;
    name_format text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    lows        timestamptz[] := '{}';
    names       text[] := '{}';
    n           integer := 0;
    lo          timestamptz;
    hi          timestamptz;
    suffix      text;
    part_name   text;
    existing    regclass;
    i           integer;
BEGIN
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, c.relnamespace::regnamespace::name, c.relname
      INTO strategy, nkeys, key_type, parent_ns, parent_name
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
     WHERE p.partrelid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation "%" is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF strategy <> 'r' OR nkeys <> 1 OR key_type IS NULL THEN
        RAISE EXCEPTION 'table "%" must be partitioned BY RANGE on a single column', parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT (isfinite(from_ts) AND isfinite(to_ts) AND isfinite(step)) THEN
        RAISE EXCEPTION 'partition range and step must be finite: from "%" to "%" in steps of "%"',
                        from_ts, to_ts, step
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    IF step <= interval '0' THEN
        RAISE EXCEPTION 'partition step must be positive: "%"', step
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT e.extnamespace::regnamespace::name INTO key_name
      FROM pg_extension e WHERE e.extname = 'uidx';
    -- iuid -> iuid_lower_bound(timestamptz), and so on for each uidx type;
    -- a uuid column is bounded by the millisecond in its first six bytes.
    SELECT CASE WHEN key_type = 'uuid'::regtype THEN 'uidx_uuid_lower_bound'
                WHEN t.typnamespace::regnamespace::name = key_name THEN t.typname || '_lower_bound'
           END
      INTO bound_name FROM pg_type t WHERE t.oid = key_type;
    IF bound_name IS NOT NULL THEN
        bound_fn := to_regprocedure(format('%I.%I(timestamptz)', key_name, bound_name));
    END IF;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'The key must be an iuid, comb, distid or time-prefixed uuid column.';
    END IF;

    -- fine enough that steps of the size give distinct names
    name_format := CASE WHEN step >= interval '1 day' THEN 'YYYYMMDD'
                        WHEN step >= interval '1 minute' THEN 'YYYYMMDD"_"HH24MI'
                        WHEN step >= interval '1 second' THEN 'YYYYMMDD"_"HH24MISS'
                        ELSE 'YYYYMMDD"_"HH24MISS"_"US' END;
    -- every lower bound and name first: nothing is created for a request
    -- that is refused
    lo := from_ts;
    WHILE lo < to_ts LOOP
        IF n >= max_partitions THEN
            RAISE EXCEPTION 'too many partitions: from "%" to "%" in steps of "%" is more than %',
                            from_ts, to_ts, step, max_partitions
                USING ERRCODE = 'program_limit_exceeded',
                      HINT = 'Create them in several calls, each in a transaction of its own.';
        END IF;
        hi := lo + step;
        IF hi <= lo THEN
            RAISE EXCEPTION 'partition step "%" does not move forward from "%"', step, lo
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        suffix := '_p' || to_char(lo AT TIME ZONE 'UTC', name_format);
        part_name := parent_name;
        WHILE octet_length(part_name || suffix) > max_bytes LOOP
            part_name := left(part_name, -1);
        END LOOP;
        part_name := part_name || suffix;
        -- names grow with the bound, so only neighbours can share one
        IF n > 0 AND part_name = names[n] THEN
            RAISE EXCEPTION 'partitions from "%" and from "%" would both be named "%"',
                            lows[n], lo, part_name
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Partitions are named after their lower bound in UTC: start the range at a time of day that keeps them on distinct days there, or use a shorter step.';
        END IF;
        n := n + 1;
        lows[n] := lo;
        names[n] := part_name;
        lo := hi;
    END LOOP;

    FOR i IN 1 .. n LOOP
        lo := lows[i];
        hi := lo + step;
        part_name := names[i];
        existing := to_regclass(format('%I.%I', parent_ns, part_name));
        IF existing IS NULL THEN
            EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%s(%L)) TO (%s(%L))',
                           parent_ns, part_name, parent, bound_fn::oid::regproc, lo,
                           bound_fn::oid::regproc, hi);
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
        ELSIF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;
END
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.luuid_forget_dropped_relations() RETURNS event_trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    tables  oid[];
    dropped oid[];
    groups  text;
BEGIN
    SELECT pg_catalog.array_agg(d.objid) INTO tables
      FROM pg_catalog.pg_event_trigger_dropped_objects() d
     WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
       AND d.objsubid OPERATOR(pg_catalog.=) 0;
    IF tables IS NULL THEN
        RETURN;
    END IF;
    BEGIN
        SELECT pg_catalog.array_agg(g.relation::oid),
               pg_catalog.string_agg(pg_catalog.quote_literal(g.group_name), ', ' ORDER BY g.group_name)
          INTO dropped, groups
          FROM @extschema@.luuid_group g
         WHERE g.relation::oid OPERATOR(pg_catalog.=) ANY (tables);
        IF dropped IS NOT NULL THEN
            UPDATE @extschema@.luuid_group g
               SET relation = NULL
             WHERE g.relation::oid OPERATOR(pg_catalog.=) ANY (dropped);
        END IF;
    EXCEPTION WHEN insufficient_privilege THEN
        IF dropped IS NOT NULL THEN
            RAISE WARNING 'luuid_group still routes group(s) % to a dropped table', groups
                USING HINT = 'The registry owner should register the group again with its new table, '
                             'or set relation to NULL.';
        END IF;
    END;
END
$fn$;
