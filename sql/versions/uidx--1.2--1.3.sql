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
-- uidx_create_time_partitions refuses a range that starts after it ends
-- (22023), as it refuses a step under a millisecond, instead of making nothing.
CREATE OR REPLACE FUNCTION uidx_create_time_partitions(parent regclass, from_ts timestamptz,
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
