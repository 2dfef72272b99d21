-- ---------------------------------------------------------------------------
-- Time-range partitions (docs/partitioning.md "Partitioning by time"), for uuid keys
-- ---------------------------------------------------------------------------
-- The C extension's helper, with the same checks, names and SQLSTATEs.
CREATE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
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
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, n.nspname, c.relname
      INTO strategy, nkeys, key_type, parent_ns, parent_name
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
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

    -- Only uuid keys exist here (no iuid, comb or distid types): bytes 0-5
    -- hold the unix millisecond of UUIDv7, prefix COMB and iUID values.
    IF key_type = 'pg_catalog.uuid'::regtype THEN
        bound_fn := '@extschema@.uidx_uuid_lower_bound(timestamptz)'::regprocedure;
    END IF;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'In uidx_sql the key must be a time-prefixed uuid (UUIDv7, prefix COMB or iUID).';
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
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval) IS 'creates the missing time-range partitions of a table partitioned by a time-prefixed uuid column';

