-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.  The
-- --@functions line re-creates every function from sql/install/ (the Makefile
-- expands it with sql/assemble.sh --update), so that a body changed there
-- reaches updated databases without a copy here; what can only go once those
-- functions are re-created (a function one of them named) is dropped after it.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.3'" to load this file. \quit

-- Time filters (README "Time filters that prune partitions"): the planner
-- now prunes and scans with ranges of the key in the key type's own btree
-- family (src/time_bounds.c), so the cross-type time operators of 1.2, and
-- the members they added to operator families, pg_catalog.uuid_ops among
-- them, go.  Tables partitioned by a uuid, iuid, comb or distid key keep
-- pruning with no change of theirs.
ALTER OPERATOR FAMILY iuid_ops USING btree DROP
    OPERATOR 1 (iuid, timestamptz),
    OPERATOR 4 (iuid, timestamptz),
    FUNCTION 1 (iuid, timestamptz);
ALTER OPERATOR FAMILY comb_ops USING btree DROP
    OPERATOR 1 (comb, timestamptz),
    OPERATOR 4 (comb, timestamptz),
    FUNCTION 1 (comb, timestamptz);
ALTER OPERATOR FAMILY distid_ops USING btree DROP
    OPERATOR 1 (distid, timestamptz),
    OPERATOR 4 (distid, timestamptz),
    FUNCTION 1 (distid, timestamptz);
ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree DROP
    OPERATOR 1 (uuid, timestamptz),
    OPERATOR 4 (uuid, timestamptz),
    FUNCTION 1 (uuid, timestamptz);
DROP OPERATOR @<@ (iuid, timestamptz);
DROP OPERATOR @>=@ (iuid, timestamptz);
DROP OPERATOR @<@ (comb, timestamptz);
DROP OPERATOR @>=@ (comb, timestamptz);
DROP OPERATOR @<@ (distid, timestamptz);
DROP OPERATOR @>=@ (distid, timestamptz);
DROP OPERATOR @<@ (uuid, timestamptz);
DROP OPERATOR @>=@ (uuid, timestamptz);
DROP FUNCTION iuid_time_cmp(iuid, timestamptz);
DROP FUNCTION iuid_time_lt(iuid, timestamptz);
DROP FUNCTION iuid_time_ge(iuid, timestamptz);
DROP FUNCTION comb_time_cmp(comb, timestamptz);
DROP FUNCTION comb_time_lt(comb, timestamptz);
DROP FUNCTION comb_time_ge(comb, timestamptz);
DROP FUNCTION distid_time_cmp(distid, timestamptz);
DROP FUNCTION distid_time_lt(distid, timestamptz);
DROP FUNCTION distid_time_ge(distid, timestamptz);
DROP FUNCTION uidx_uuid_time_cmp(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_lt(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_ge(uuid, timestamptz);
DROP FUNCTION uidx_time_filter_sel(internal, oid, internal, integer);
DROP FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal);
DROP FUNCTION uidx_instant_after(timestamptz);

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest iuid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every iuid.
CREATE FUNCTION iuid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) IS 'internal: the iuid bound of an instant in the conditions that time filters on iuid keys imply';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest comb whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every comb
-- or, where no 16 bytes are, the first or last comb.
CREATE FUNCTION comb_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_bound(timestamptz, boolean, boolean) IS 'internal: the comb bound of an instant in the conditions that time filters on comb keys imply';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest distid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every distid.
CREATE FUNCTION distid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_bound(timestamptz, boolean, boolean) IS 'internal: the distid bound of an instant in the conditions that time filters on distid keys imply';
-- Striped tables (docs/partitioning.md "Striped tables") and a range that
-- starts after it ends refused (22023): uidx_create_time_partitions gets an
-- optional stripe count.  A parameter changes the signature, so the 1.2
-- function is dropped and the new one created (a call with four arguments
-- means what it meant).
DROP FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);
-- Creates the missing RANGE partitions [b, b + step) for b = from_ts,
-- from_ts + step, ... < to_ts of a table partitioned by one uidx
-- time-ordered column, and returns the partitions it created.  The bounds are
-- the <type>_lower_bound() of each instant; step arithmetic follows the
-- session time zone (so '1 month' means calendar months).  Partitions are
-- named <parent>_pYYYYMMDD from the lower bound in UTC, plus _HH24MI when
-- the step is under a day, _HH24MISS under a minute and _HH24MISS_US (the
-- microseconds) under a second; the parent part is shortened, at a
-- character boundary, so that the name fits in max_identifier_length bytes.
-- An existing partition of that name is left alone.  Refused before
-- anything is created: a key in another order than its type's default
-- operator class, the time order (22023: a country-ordered iuid key is
-- split by uidx_attach_local_region instead), an infinite bound or step
-- (22008), a step that does not move forward or is shorter than a
-- millisecond, the unit of every bound (22023: two bounds in one
-- millisecond are one value), a range that starts after it ends (22023),
-- more than 10,000 partitions in one call (54000: each new partition stays
-- locked until the transaction ends), and two
-- lower bounds that would get one name (22023; a daily step that starts at
-- another time of day than midnight UTC can do that where summer time
-- begins).
-- With stripes > 1 each partition it creates is itself partitioned BY HASH
-- on the key into that many stripes (uidx_create_stripes, docs/partitioning.md
-- "Striped tables"); existing partitions are left as they are.  stripes must be 1
-- (no stripes) to 1024 (22023).
CREATE FUNCTION uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval,
                                            stripes integer DEFAULT 1)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_partitions constant integer := 10000;
    strategy    "char";
    nkeys       int2;
    key_type    regtype;
    key_opclass oid;
    ext_ns      name;
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
    key_name    name;
    stripe_by   text := '';
BEGIN
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, p.partclass[0], n.nspname, c.relname
      INTO strategy, nkeys, key_type, key_opclass, parent_ns, parent_name
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
    IF step < interval '1 millisecond' THEN
        RAISE EXCEPTION 'partition step "%" is shorter than the smallest step, 1 millisecond', step
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every partition bound is the first value of a millisecond.';
    END IF;
    -- a range that ends before it starts is a mistake, not an empty request
    IF from_ts > to_ts THEN
        RAISE EXCEPTION 'partition range starts after it ends: from "%" to "%"', from_ts, to_ts
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Give the earlier time first.';
    END IF;

    SELECT n.nspname INTO ext_ns
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'uidx';
    -- The partition key's type -> the function that turns an instant into
    -- its smallest key (README, uidx_create_time_partitions); a uuid column is
    -- bounded by the millisecond in its first six bytes.  A new partitionable
    -- type adds one row.
    SELECT b.bound INTO bound_fn
      FROM (VALUES ('uuid', 'uidx_uuid_lower_bound'), ('iuid', 'iuid_lower_bound'),
                   ('comb', 'comb_lower_bound'), ('distid', 'distid_lower_bound')) m(typ, fn)
     CROSS JOIN LATERAL (SELECT to_regprocedure(format('%I.%I(timestamptz)', ext_ns, m.fn)) AS bound) b
     WHERE key_type = CASE m.typ WHEN 'uuid' THEN 'pg_catalog.uuid'::regtype
                                 ELSE to_regtype(format('%I.%I', ext_ns, m.typ)) END;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'The key must be of a type that has a lower-bound function: uuid (time-prefixed), iuid, comb or distid.';
    END IF;
    -- The bounds are in the type's default order, its time order; in any
    -- other (iuid_country_ops) they would hold other values than the
    -- partitions' names say.
    IF key_opclass IS DISTINCT FROM
           (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
             WHERE am.amname = 'btree' AND o.opcintype = key_type AND o.opcdefault) THEN
        RAISE EXCEPTION 'table "%" is partitioned by operator class %, not by the time order of %',
                        parent, (SELECT o.opcname FROM pg_opclass o WHERE o.oid = key_opclass), key_type
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A table partitioned by country (iuid_country_ops) gets one partition per country from uidx_attach_local_region(); those are partitioned by time.';
    END IF;

    IF stripes < 1 OR stripes > 1024 THEN
        RAISE EXCEPTION 'stripes must be between 1 and 1024: %', stripes
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF stripes > 1 THEN
        SELECT a.attname INTO key_name
          FROM pg_partitioned_table p
          JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
         WHERE p.partrelid = parent;
        stripe_by := format(' PARTITION BY HASH (%I)', key_name);
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
        -- a step of months and days can be shorter in one month than it compares
        IF hi < lo + interval '1 millisecond' THEN
            RAISE EXCEPTION 'partition step "%" from "%" is shorter than the smallest step, 1 millisecond', step, lo
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Every partition bound is the first value of a millisecond.';
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
            EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%s(%L)) TO (%s(%L))%s',
                           parent_ns, part_name, parent, bound_fn::oid::regproc, lo,
                           bound_fn::oid::regproc, hi, stripe_by);
            IF stripes > 1 THEN
                EXECUTE format('SELECT count(*) FROM %I.uidx_create_stripes(%L, %s)',
                               ext_ns, format('%I.%I', parent_ns, part_name), stripes);
            END IF;
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
        ELSIF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, integer) IS 'creates the missing time-range partitions of a table partitioned by a uidx time-ordered column, each striped by hash when stripes > 1';

-- Creates the missing hash partitions ("stripes") of a table partitioned
-- BY HASH on one column: <parent>_sNN FOR VALUES WITH (MODULUS stripes,
-- REMAINDER NN), NN zero-padded to the width of stripes - 1, the parent part
-- shortened at a character boundary so that the name fits in
-- max_identifier_length bytes.  Returns the partitions it created; an
-- existing stripe of that name is left alone, so it can run again.  Each
-- stripe's index has a rightmost leaf page of its own, so concurrent writers
-- of a time-ordered key no longer all insert into one page.
-- uidx_create_time_partitions(..., stripes) calls it for every time partition
-- it creates.  Refused before anything is created: a table that is not
-- partitioned (42809), not BY HASH on one column, stripes outside 1 to 1024,
-- existing partitions with another modulus (22023), and a name taken by a
-- table that is not this table's stripe (42P07).
CREATE FUNCTION uidx_create_stripes(parent regclass, stripes integer)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    parent_ns   name;
    parent_name name;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    other       record;
    suffix      text;
    part_name   text;
    existing    regclass;
    names       text[] := '{}';
BEGIN
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

    -- every name first: nothing is created for a request that is refused
    FOR r IN 0 .. stripes - 1 LOOP
        suffix := '_s' || lpad(r::text, length((stripes - 1)::text), '0');
        part_name := parent_name;
        WHILE octet_length(part_name || suffix) > max_bytes LOOP
            part_name := left(part_name, -1);
        END LOOP;
        names[r + 1] := part_name || suffix;
        existing := to_regclass(format('%I.%I', parent_ns, names[r + 1]));
        IF existing IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_inherits
                                                 WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;

    FOR r IN 0 .. stripes - 1 LOOP
        IF to_regclass(format('%I.%I', parent_ns, names[r + 1])) IS NULL THEN
            EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                           parent_ns, names[r + 1], parent, stripes, r);
            RETURN NEXT format('%I.%I', parent_ns, names[r + 1])::regclass;
        END IF;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION uidx_create_stripes(regclass, integer) IS 'creates the missing hash partitions (stripes) of a table partitioned by hash on its key';

-- uidx_attach_region and uidx_attach_local_region serialise (a transaction-level
-- advisory lock keyed by the registry), so that two concurrent calls cannot
-- give one country to two regions or make two partitions on one remote table.
CREATE OR REPLACE FUNCTION uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                      countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ext_ns      oid;
    key_opclass oid;
    key_column  name;
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    wanted      integer[];
    todo        integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    done        boolean;
    part_name   text;
    bounds      text;
    lb          @extschema@.iuid;
    ub          @extschema@.iuid;   -- NULL: above every iuid
    lo          @extschema@.iuid;   -- NULL: MINVALUE
    hi          @extschema@.iuid;   -- NULL: MAXVALUE
    run_first   integer;
    run_last    integer;
    merged      integer[];
    replaced    regclass[] := '{}';
    detached    regclass;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF countries IS NULL OR array_position(countries, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'countries must not be null nor hold a null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF cardinality(countries) = 0 THEN
        RAISE EXCEPTION 'countries must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH c IN ARRAY countries LOOP
        IF c < 0 OR c > 255 THEN
            RAISE EXCEPTION 'iuid country % is out of range', c
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = 'An iUID country is an integer from 0 to 255.';
        END IF;
    END LOOP;
    SELECT array_agg(DISTINCT x ORDER BY x) INTO wanted FROM unnest(countries) x;

    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT e.extnamespace INTO ext_ns FROM pg_extension e WHERE e.extname = 'uidx';
    SELECT pt.partclass[0], a.attname, n.nspname, k.relname
      INTO key_opclass, key_column, parent_ns, parent_name
      FROM pg_class k
      JOIN pg_namespace n ON n.oid = k.relnamespace
      LEFT JOIN pg_partitioned_table pt
             ON pt.partrelid = k.oid AND pt.partstrat = 'r' AND pt.partnatts = 1
      LEFT JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE k.oid = parent;
    IF key_column IS NULL OR key_opclass IS DISTINCT FROM
           (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
             WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
               AND o.opcnamespace = ext_ns) THEN
        RAISE EXCEPTION 'table "%" is not partitioned by RANGE on an iuid column with iuid_country_ops', parent
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'Create it with PARTITION BY RANGE (id iuid_country_ops).';
    END IF;

    IF NOT is_local THEN
        IF region_server IS NULL THEN
            RAISE EXCEPTION 'server must not be null' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_foreign_server s WHERE s.srvname = region_server) THEN
            RAISE EXCEPTION 'server "%" does not exist', region_server USING ERRCODE = 'undefined_object';
        END IF;
        remote_ns := parent_ns;
        remote_name := parent_name;
        IF remote_table IS NOT NULL THEN
            SELECT CASE WHEN cardinality(i) = 2 THEN i[1] ELSE parent_ns END,
                   CASE WHEN cardinality(i) <= 2 THEN i[cardinality(i)] END
              INTO remote_ns, remote_name
              FROM parse_ident(remote_table) i;
            IF remote_name IS NULL THEN
                RAISE EXCEPTION 'remote_table must be a table name, optionally schema-qualified: "%"', remote_table
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        END IF;
    END IF;

    -- One call at a time in the database, until the caller's transaction
    -- ends: two concurrent calls would each miss the other's uncommitted
    -- registry rows and partitions, and could give one country to two
    -- regions, or make two partitions that read one remote table (README
    -- "Regions").  In READ COMMITTED the second call waits, then reads what
    -- the first made, as if it had come after it.  The key is the registry's
    -- oid, in the two-key space that single bigint keys do not share.
    PERFORM pg_advisory_xact_lock('@extschema@.uidx_region'::regclass::oid::integer, 0);

    -- One region per country, whatever the table.
    SELECT r.country, r.server INTO held
      FROM @extschema@.uidx_region r
     WHERE r.country = ANY (wanted)
       AND CASE WHEN is_local THEN r.server IS NOT NULL ELSE r.server IS DISTINCT FROM region_server END
     ORDER BY r.country LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'iuid country % already belongs to %', held.country,
                        CASE WHEN held.server IS NULL THEN 'the local region'
                             ELSE format('region "%s"', held.server) END
            USING ERRCODE = 'invalid_object_definition',
                  HINT = 'A country belongs to exactly one region: see the table uidx_region.';
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (C:
    -- the text of an iuid, MINVALUE or MAXVALUE; uidx_sql: a list of
    -- integers, maybe with NULL).  A country held whole by a partition of
    -- this region is done; one held by any other partition, even in part, is
    -- a conflict.
    FOREACH c IN ARRAY wanted LOOP
        done := false;
        lb := @extschema@.iuid_country_lower_bound(c);
        ub := CASE WHEN c < 255 THEN @extschema@.iuid_country_lower_bound(c + 1) END;
        FOR p IN
            SELECT r.part, r.relkind, r.server AS srvname, r.lo, r.hi
              FROM @extschema@.uidx_router_partitions(parent) r
             ORDER BY r.relname
        LOOP
            lo := CASE WHEN p.lo <> 'MINVALUE' THEN p.lo::@extschema@.iuid END;
            hi := CASE WHEN p.hi <> 'MAXVALUE' THEN p.hi::@extschema@.iuid END;
            CONTINUE WHEN NOT ((lo IS NULL OR ub IS NULL OR @extschema@.iuid_country_lt(lo, ub))
                               AND (hi IS NULL OR @extschema@.iuid_country_gt(hi, lb)));
            IF (CASE WHEN is_local THEN p.relkind <> 'f' ELSE p.srvname IS NOT DISTINCT FROM region_server END)
               AND (lo IS NULL OR @extschema@.iuid_country_le(lo, lb))
               AND (hi IS NULL OR (ub IS NOT NULL AND @extschema@.iuid_country_ge(hi, ub))) THEN
                done := true;
            ELSE
                RAISE EXCEPTION 'iuid country % of table "%" is already held by partition "%"', c, parent, p.part
                    USING ERRCODE = 'invalid_object_definition',
                          DETAIL = CASE WHEN p.srvname IS NOT NULL
                                        THEN format('The partition is a foreign table on server "%s".', p.srvname)
                                        ELSE 'The partition is a local table.' END;
            END IF;
        END LOOP;
        IF NOT done THEN
            todo := todo || c;
        END IF;
    END LOOP;

    -- A foreign partition reads its whole remote table: two partitions on
    -- the same remote table would return its rows twice to every scan that
    -- is not pruned (docs/regions.md "Regions").
    -- New countries that extend the run of the partition already reading the
    -- table replace it with one that covers the whole run (a foreign
    -- partition holds no rows: only the catalog changes); a run apart needs a
    -- remote table of its own.
    IF NOT is_local AND cardinality(todo) > 0 THEN
        merged := todo;
        FOR p IN
            SELECT r.part, r.lo, r.hi
              FROM @extschema@.uidx_router_partitions(parent) r
             WHERE r.server = region_server AND r.reads_schema = remote_ns AND r.reads_table = remote_name
             ORDER BY r.relname
        LOOP
            run_first := CASE WHEN p.lo = 'MINVALUE' THEN 0 ELSE @extschema@.iuid_country(p.lo::@extschema@.iuid) END;
            run_last := CASE WHEN p.hi = 'MAXVALUE' THEN 255 ELSE @extschema@.iuid_country(p.hi::@extschema@.iuid) - 1 END;
            IF (p.lo <> 'MINVALUE' AND p.lo <> @extschema@.iuid_country_lower_bound(run_first)::text)
               OR (p.hi <> 'MAXVALUE' AND p.hi <> @extschema@.iuid_country_lower_bound(run_last + 1)::text) THEN
                RAISE EXCEPTION 'partition "%" of table "%" reads the remote table %.% of server "%" but does not hold whole countries',
                                p.part, parent, quote_ident(remote_ns), quote_ident(remote_name), region_server
                    USING ERRCODE = 'invalid_object_definition',
                          HINT = 'Attach the countries with another remote_table.';
            END IF;
            merged := merged || ARRAY(SELECT generate_series(run_first, run_last));
            replaced := replaced || p.part;
        END LOOP;
        SELECT array_agg(DISTINCT x ORDER BY x) INTO merged FROM unnest(merged) x;
        IF merged[cardinality(merged)] - merged[1] + 1 <> cardinality(merged) THEN
            RAISE EXCEPTION 'iuid countries % of region "%" are not one run of consecutive countries', merged, region_server
                USING ERRCODE = 'invalid_object_definition',
                      DETAIL = format('Each run would be a partition of "%s" reading the remote table %I.%I, and a scan of "%s" that is not pruned would return its rows once per partition.',
                                      parent, remote_ns, remote_name, parent),
                      HINT = 'Attach a run apart with a remote_table of its own, such as a view on the region that selects its countries.';
        END IF;
        FOREACH detached IN ARRAY replaced LOOP
            EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, detached);
            EXECUTE format('DROP FOREIGN TABLE %s', detached);
        END LOOP;
        todo := merged;
        run_first := NULL;
    END IF;

    -- One partition per run of consecutive countries (uidx_sql: per region,
    -- for a foreign one).
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF run_first IS NOT NULL AND (c IS NULL OR c <> run_last + 1) THEN
            -- the parent part shortened, at a character boundary, so that
            -- the country suffix survives the server's truncation of names
            -- to max_identifier_length bytes and names stay distinct
            part_name := parent_name;
            WHILE octet_length(part_name || '_c000') > max_bytes LOOP
                part_name := left(part_name, -1);
            END LOOP;
            part_name := part_name || '_c' || lpad(run_first::text, 3, '0');
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run_first, parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES FROM (%L) TO (%s)',
                             @extschema@.iuid_country_lower_bound(run_first)::text,
                             CASE WHEN run_last = 255 THEN 'MAXVALUE'
                                  ELSE quote_literal(@extschema@.iuid_country_lower_bound(run_last + 1)::text) END);
            IF is_local THEN
                -- partitioned by time in the default order (uuid order is
                -- time order for iUIDs), for uidx_create_time_partitions
                EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s %s PARTITION BY RANGE (%I)',
                               parent_ns, part_name, parent, bounds, key_column);
            ELSE
                EXECUTE format('CREATE FOREIGN TABLE %I.%I PARTITION OF %s %s SERVER %I OPTIONS (schema_name %L, table_name %L)',
                               parent_ns, part_name, parent, bounds, region_server, remote_ns, remote_name);
            END IF;
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
            run_first := NULL;
        END IF;
        IF c IS NOT NULL AND run_first IS NULL THEN
            run_first := c;
        END IF;
        run_last := c;
    END LOOP;
    INSERT INTO @extschema@.uidx_region (country, server)
    SELECT x, CASE WHEN is_local THEN NULL ELSE region_server END FROM unnest(wanted) x
    ON CONFLICT (country) DO NOTHING;
END
$fn$;

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/regions.md): each row records the partition that holds
-- its country, by OID, and event triggers follow drops and renames.
ALTER TABLE uidx_region ADD COLUMN part regclass;
COMMENT ON TABLE uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN uidx_region.part IS 'a router partition that holds the country; its server is the region';
CREATE FUNCTION @extschema@.uidx_partition_name(parent_name name, suffix text, reserve integer DEFAULT 0)
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_bytes integer;
    tag       text;
    part      text := parent_name;
BEGIN
    IF parent_name IS NULL OR suffix IS NULL OR reserve IS NULL THEN
        RAISE EXCEPTION 'parent_name, suffix and reserve must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    max_bytes := current_setting('max_identifier_length')::integer - 1 - reserve;
    IF octet_length(parent_name || suffix) <= max_bytes THEN
        RETURN parent_name || suffix;
    END IF;
    tag := '_' || left(encode(sha256(convert_to(parent_name, 'UTF8')), 'hex'), 8);
    IF octet_length(tag || suffix) >= max_bytes THEN
        RAISE EXCEPTION 'partition name suffix "%" leaves no room for the name of its table', suffix
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    WHILE octet_length(part || tag || suffix) > max_bytes LOOP
        part := left(part, -1);
    END LOOP;
    RETURN part || tag || suffix;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_name(name, text, integer) IS 'internal: the name of a partition, at most max_identifier_length - 1 bytes, the parent part shortened and tagged with a hash';
CREATE FUNCTION @extschema@.uidx_lock_partitioned(parent regclass) RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key1 constant integer := 'pg_catalog.pg_partitioned_table'::regclass::oid::integer;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF NOT pg_try_advisory_xact_lock(key1, parent::oid::integer) THEN
        PERFORM pg_advisory_xact_lock(key1, parent::oid::integer);
        IF current_setting('transaction_isolation') <> 'read committed' THEN
            RAISE EXCEPTION 'could not serialize access to the partitions of "%" due to a concurrent call', parent
                USING ERRCODE = 'serialization_failure',
                      DETAIL = format('Another transaction created partitions of "%s" while this one waited, and this %s transaction cannot see them.',
                                      parent, upper(current_setting('transaction_isolation'))),
                      HINT = 'Retry the transaction, or call the function in a READ COMMITTED transaction.';
        END IF;
    END IF;
    EXECUTE format('LOCK TABLE %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_lock_partitioned(regclass) IS 'internal: one partition helper at a time per table, until the transaction ends (40001 in REPEATABLE READ or SERIALIZABLE after a wait)';
CREATE FUNCTION @extschema@.uidx_existing_relation(schema_name name, rel_name text) RETURNS regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    existing regclass;
BEGIN
    IF schema_name IS NULL OR rel_name IS NULL THEN
        RAISE EXCEPTION 'schema_name and rel_name must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    existing := to_regclass(format('%I.%I', schema_name, rel_name));
    IF existing IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = existing) THEN
        RAISE EXCEPTION 'could not serialize access to relation "%" due to a concurrent creation', existing
            USING ERRCODE = 'serialization_failure',
                  DETAIL = 'It was created by a transaction that committed after this transaction''s snapshot was taken.',
                  HINT = 'Retry the transaction, or call the function in a READ COMMITTED transaction.';
    END IF;
    RETURN existing;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_existing_relation(name, text) IS 'internal: a relation by name as the catalog has it now (40001 where the transaction''s snapshot cannot see it)';
CREATE FUNCTION uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
                                       OUT server name)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT pt.partrelid::regclass, c, r.part, r.server
  FROM pg_partitioned_table pt
 CROSS JOIN LATERAL @extschema@.uidx_router_partitions(pt.partrelid::regclass) r
 CROSS JOIN LATERAL generate_series(
           CASE WHEN r.lo = 'MINVALUE' THEN 0 ELSE @extschema@.iuid_country(r.lo::@extschema@.iuid) END,
           CASE WHEN r.hi = 'MAXVALUE' THEN 255 ELSE @extschema@.iuid_country(r.hi::@extschema@.iuid) - 1 END) c
 WHERE pt.partstrat = 'r' AND pt.partnatts = 1
   AND pt.partclass[0] = (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
                           WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
                             AND o.opcnamespace = (SELECT e.extnamespace FROM pg_extension e WHERE e.extname = 'uidx'))
$$;
COMMENT ON FUNCTION uidx_region_partitions() IS 'internal: every country that a router partition holds, with the partition and its server';
CREATE FUNCTION @extschema@.uidx_region_current(OUT country smallint, OUT server name, OUT part regclass,
                                                OUT recorded_server name, OUT live boolean)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT g.country, CASE WHEN g.part IS NULL THEN g.server ELSE fs.srvname END, g.part, g.server,
       g.part IS NULL OR k.oid IS NOT NULL
  FROM @extschema@.uidx_region g
  LEFT JOIN pg_class k ON k.oid = g.part
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
$$;
COMMENT ON FUNCTION @extschema@.uidx_region_current() IS 'internal: the region registry with each row''s server as its partition is on now';
CREATE FUNCTION @extschema@.uidx_region_check(repair boolean DEFAULT false)
RETURNS TABLE (country smallint, server name, part regclass, problem text, action text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    r    record;
    h    record;
BEGIN
    IF repair IS NULL THEN
        RAISE EXCEPTION 'repair must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF repair THEN
        PERFORM pg_advisory_xact_lock('@extschema@.uidx_region'::regclass::oid::integer, 0);
    END IF;
    FOR r IN SELECT c.* FROM @extschema@.uidx_region_current() c
              WHERE c.part IS NULL OR NOT c.live OR c.server IS DISTINCT FROM c.recorded_server
              ORDER BY c.country
    LOOP
        country := r.country;
        server := r.recorded_server;
        part := r.part;
        action := NULL;
        IF r.part IS NOT NULL AND r.live THEN
            problem := format('server renamed to "%s"', r.server);
            IF repair THEN
                UPDATE @extschema@.uidx_region g SET server = r.server WHERE g.country = r.country;
                action := 'renamed';
            END IF;
        ELSE
            problem := CASE WHEN r.part IS NULL THEN 'no partition recorded' ELSE 'partition dropped' END;
            -- one region per country: any partition that holds it is in it,
            -- but a row without a partition is matched by its server's name
            SELECT p.part, p.server INTO h
              FROM @extschema@.uidx_region_partitions() p
             WHERE p.country = r.country
               AND (r.part IS NOT NULL OR p.server IS NOT DISTINCT FROM r.recorded_server)
             ORDER BY p.part::text LIMIT 1;
            IF repair AND FOUND THEN
                UPDATE @extschema@.uidx_region g SET part = h.part, server = h.server WHERE g.country = r.country;
                action := format('now partition %s', h.part);
            ELSIF repair THEN
                DELETE FROM @extschema@.uidx_region g WHERE g.country = r.country;
                action := 'deleted';
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_check(boolean) IS 'reports, and with repair mends, the region registry rows that differ from the catalog (dropped partitions or servers, renamed servers)';
CREATE FUNCTION uidx_region_follow_catalog() RETURNS event_trigger
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    stale text;
BEGIN
    -- what cannot touch the registry returns before reading it, so that
    -- DDL of a role that may not use the extension's schema goes on
    IF TG_EVENT = 'sql_drop' THEN
        IF NOT EXISTS (SELECT 1 FROM pg_event_trigger_dropped_objects() d
                        WHERE d.classid = 'pg_catalog.pg_foreign_server'::regclass
                           OR (d.classid = 'pg_catalog.pg_class'::regclass AND d.objsubid = 0
                               AND d.object_type = ANY (ARRAY['table', 'foreign table']))) THEN
            RETURN;
        END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM pg_event_trigger_ddl_commands() d
                       WHERE d.classid = 'pg_catalog.pg_foreign_server'::regclass) THEN
        RETURN;
    END IF;
    BEGIN
        IF TG_EVENT = 'sql_drop'
           AND NOT EXISTS (SELECT 1 FROM pg_event_trigger_dropped_objects() d
                            WHERE d.classid = 'pg_catalog.pg_foreign_server'::regclass
                               OR d.objid = ANY (ARRAY(SELECT g.part::oid FROM @extschema@.uidx_region g))) THEN
            RETURN;
        END IF;
        PERFORM @extschema@.uidx_region_check(true);
    EXCEPTION WHEN insufficient_privilege THEN
        BEGIN
            SELECT string_agg(c.country || ' (' || coalesce(c.server, 'local') || ': ' || c.problem || ')', ', '
                              ORDER BY c.country) INTO stale
              FROM @extschema@.uidx_region_check(false) c;
        EXCEPTION WHEN insufficient_privilege THEN
            stale := NULL;   -- a role that cannot read the registry made no row of it stale
        END;
        IF stale IS NOT NULL THEN
            RAISE WARNING 'uidx_region differs from the catalog for iuid countries %', stale
                USING HINT = 'The registry owner should run SELECT * FROM uidx_region_check(true).';
        END IF;
    END;
END
$fn$;
COMMENT ON FUNCTION uidx_region_follow_catalog() IS 'event trigger function: keeps the region registry in step with dropped partitions and servers and renamed servers';
CREATE EVENT TRIGGER uidx_region_follow_drops ON sql_drop
    EXECUTE FUNCTION uidx_region_follow_catalog();
CREATE EVENT TRIGGER uidx_region_follow_renames ON ddl_command_end
    WHEN TAG IN ('ALTER SERVER')
    EXECUTE FUNCTION uidx_region_follow_catalog();

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM uidx_region_check(true);


-- distid = and <> integer, bigint and numeric, in both orders (inlined SQL
-- functions, so that the distid index serves `distid_col = 123`).
CREATE FUNCTION distid_int4_eq(distid, integer) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION int4_distid_eq(integer, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE FUNCTION distid_int4_ne(distid, integer) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION int4_distid_ne(integer, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
CREATE FUNCTION distid_int8_eq(distid, bigint) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION int8_distid_eq(bigint, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE FUNCTION distid_int8_ne(distid, bigint) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION int8_distid_ne(bigint, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
CREATE FUNCTION distid_numeric_eq(distid, numeric) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION numeric_distid_eq(numeric, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE FUNCTION distid_numeric_ne(distid, numeric) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE FUNCTION numeric_distid_ne(numeric, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
COMMENT ON FUNCTION distid_int4_eq(distid, integer) IS 'implementation of = for distid and integer: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int4_distid_eq(integer, distid) IS 'implementation of = for integer and distid: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int4_ne(distid, integer) IS 'implementation of <> for distid and integer: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int4_distid_ne(integer, distid) IS 'implementation of <> for integer and distid: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int8_eq(distid, bigint) IS 'implementation of = for distid and bigint: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int8_distid_eq(bigint, distid) IS 'implementation of = for bigint and distid: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int8_ne(distid, bigint) IS 'implementation of <> for distid and bigint: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int8_distid_ne(bigint, distid) IS 'implementation of <> for bigint and distid: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_numeric_eq(distid, numeric) IS 'implementation of = for distid and numeric: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION numeric_distid_eq(numeric, distid) IS 'implementation of = for numeric and distid: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_numeric_ne(distid, numeric) IS 'implementation of <> for distid and numeric: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION numeric_distid_ne(numeric, distid) IS 'implementation of <> for numeric and distid: the numeric as a distid (inlined, so that an index on the distid serves it)';
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);

-- Retention and a default partition (docs/partitioning.md "Retention"):
-- uidx_create_time_partitions gets default_partition, a parameter that
-- changes the signature, so the one written above goes and the line below
-- creates the new one (a call without it means what it meant).
DROP FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, integer);

--@functions

-- 1.2's SUPPORT functions of the time functions, which PostgreSQL never
-- asked for index conditions (docs/internals.md "Index paths").  The line
-- above re-created every function without a SUPPORT clause, so nothing
-- refers to them now; their C symbols stay for 1.2 (src/time_legacy.c).
DROP FUNCTION iuid_timestamp_support(internal);
DROP FUNCTION comb_prefix_timestamp_support(internal);
DROP FUNCTION comb_timestamp_support(internal);
DROP FUNCTION distid_timestamp_support(internal);
DROP FUNCTION distid128_timestamp_support(internal);
