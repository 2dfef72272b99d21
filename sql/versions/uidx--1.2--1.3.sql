-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.
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
-- Striped tables (README "Striped tables"): uidx_create_time_partitions gets
-- an optional stripe count.  A parameter changes the signature, so the 1.2
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
-- millisecond are one value), more than 10,000 partitions in one call (54000:
-- each new partition stays locked until the transaction ends), and two
-- lower bounds that would get one name (22023; a daily step that starts at
-- another time of day than midnight UTC can do that where summer time
-- begins).
-- With stripes > 1 each partition it creates is itself partitioned BY HASH
-- on the key into that many stripes (uidx_create_stripes, README "Striped
-- tables"); existing partitions are left as they are.  stripes must be 1
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
