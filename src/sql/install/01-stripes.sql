-- ---------------------------------------------------------------------------
-- Striped tables (docs/partitioning.md "Striped tables")
-- ---------------------------------------------------------------------------

-- Creates the missing hash partitions ("stripes") of a table partitioned
-- BY HASH on one column: <parent>_sNN FOR VALUES WITH (MODULUS stripes,
-- REMAINDER NN), NN zero-padded to the width of stripes - 1, named by
-- uidx_partition_name (at most 62 bytes, the parent part shortened and
-- tagged with a hash where it must be).  Returns the partitions it created;
-- an existing stripe of that remainder is left alone, whatever its name, so
-- it can run again.  One call at a time per parent (uidx_lock_partitioned):
-- a second call waits, then finds the first's stripes; READ COMMITTED only,
-- every lock wait bounded (uidx_ddl_begin: 25000, 55P03).  Each
-- stripe's index has a rightmost leaf page of its own, so concurrent writers
-- of a time-ordered key no longer all insert into one page.
-- uidx_create_time_partitions(..., stripes) calls it for every time partition
-- it creates.  Refused before anything is created: a NULL argument (22004),
-- a table that is not partitioned (42809), not BY HASH on one column, stripes
-- outside 1 to 1024, existing partitions with another modulus (22023), and a
-- name taken by a table that is not this table's stripe (42P07).
CREATE FUNCTION uidx_create_stripes(parent regclass, stripes integer)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    parent_ns   name;
    parent_name name;
    other       record;
    existing    regclass;
    names       text[] := '{}';
    held        integer[];
    caller_timeout text;
    wait_rel    regclass;
    wait_for    text;
BEGIN
    IF parent IS NULL OR stripes IS NULL THEN
        RAISE EXCEPTION 'uidx_create_stripes: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' ELSE 'stripes' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_create_stripes');
    SELECT p.partstrat, p.partnatts, n.nspname, c.relname
      INTO strategy, nkeys, parent_ns, parent_name
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE p.partrelid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation "%" is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF strategy <> 'h' OR nkeys <> 1 THEN
        RAISE EXCEPTION 'table "%" must be partitioned BY HASH on a single column', parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF stripes < 1 OR stripes > 1024 THEN
        RAISE EXCEPTION 'stripes must be between 1 and 1024: %', stripes
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- what exists is read after the lock: a call that waited for another
    -- finds its stripes (and their count)
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    -- PostgreSQL accepts mixed moduli that divide each other; uidx keeps
    -- one, so that the stripes stay equal and their names say their remainder
    SELECT c.oid::regclass AS part,
           substring(pg_get_expr(c.relpartbound, c.oid) FROM 'modulus (\d+)')::integer AS modulus
      INTO other
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent
       AND substring(pg_get_expr(c.relpartbound, c.oid) FROM 'modulus (\d+)')::integer <> stripes
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'table "%" already has stripes of another count: "%" is one of %',
                        parent, other.part, other.modulus
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT coalesce(array_agg(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'remainder (\d+)')::integer), '{}')
      INTO held
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent;

    -- every name first: nothing is created for a request that is refused
    FOR r IN 0 .. stripes - 1 LOOP
        names[r + 1] := @extschema@.uidx_partition_name(parent_name, '_s' || lpad(r::text, length((stripes - 1)::text), '0'));
        CONTINUE WHEN r = ANY (held);
        existing := @extschema@.uidx_existing_relation(parent_ns, names[r + 1]);
        IF existing IS NOT NULL THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;

    IF cardinality(held) < stripes THEN
        -- CREATE TABLE ... PARTITION OF locks the parent ACCESS EXCLUSIVE:
        -- taken first, so that a wait names it
        wait_for := 'ACCESS EXCLUSIVE, to create stripes of it';
        EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    END IF;
    wait_rel := NULL;
    FOR r IN 0 .. stripes - 1 LOOP
        CONTINUE WHEN r = ANY (held);
        wait_for := format('create stripe "%s.%s" of "%s"', parent_ns, names[r + 1], parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                       parent_ns, names[r + 1], parent, stripes, r);
        RETURN NEXT format('%I.%I', parent_ns, names[r + 1])::regclass;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_create_stripes', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION uidx_create_stripes(regclass, integer) IS 'creates the missing hash partitions (stripes) of a table partitioned by hash on its key';
