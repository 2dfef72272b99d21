-- uidx 1.1 -> 1.2.  Only what changed since 1.1: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0 or 1.1 equals a fresh install of 1.2.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.2'" to load this file. \quit

-- Time filters that prune partitions (README "Time filters that prune
-- partitions").  An instant stands for the smallest key of the first
-- millisecond at or after it (the key the type's lower-bound function
-- returns): key @>=@ at is f(key) >= at and key @<@ at is f(key) < at for
-- every key the type stores.  Each key type's btree family holds the two with
-- a cross-type comparison function, so PostgreSQL's partition pruning
-- compares partition bounds with an instant through them; the planner hook of
-- src/time_index.c adds them next to a time filter such as
-- iuid_timestamp(id) >= $1.  Their estimators report selectivity 1: they only
-- restate the filter they come from, whose estimate stands.

CREATE FUNCTION uidx_time_filter_sel(internal, oid, internal, integer) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_filter_sel(internal, oid, internal, integer) IS 'internal: restriction estimator of the time-pruning operators (selectivity 1)';
CREATE FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal) IS 'internal: join estimator of the time-pruning operators (selectivity 1)';
-- f(id) <= at is f(id) < uidx_instant_after(at), f(id) > at is
-- f(id) >= uidx_instant_after(at): one microsecond later, infinity for the
-- last finite instant.
CREATE FUNCTION uidx_instant_after(at timestamptz) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_instant_after(timestamptz) IS 'internal: the instant one microsecond after at (infinity at the end), for time-pruning conditions';

-- iuid: the time field of an iUID: bytes 0-5, unix milliseconds; its smallest key is iuid_lower_bound
CREATE FUNCTION iuid_time_cmp(iuid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_iuid_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_cmp(iuid, timestamptz) IS 'internal: compares a iuid with the smallest key of the first millisecond at or after an instant';
CREATE FUNCTION iuid_time_lt(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_iuid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_lt(iuid, timestamptz) IS 'internal: whether the millisecond of a iuid is before an instant';
CREATE FUNCTION iuid_time_ge(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_iuid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_ge(iuid, timestamptz) IS 'internal: whether the millisecond of a iuid is at or after an instant';
CREATE OPERATOR @<@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (iuid, timestamptz) IS 'internal: the millisecond of a iuid is before an instant (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (iuid, timestamptz) IS 'internal: the millisecond of a iuid is at or after an instant (partition pruning)';
ALTER OPERATOR FAMILY iuid_ops USING btree ADD
    OPERATOR 1 @<@ (iuid, timestamptz),
    OPERATOR 4 @>=@ (iuid, timestamptz),
    FUNCTION 1 (iuid, timestamptz) iuid_time_cmp(iuid, timestamptz);

-- comb: the time field of a comb: bytes 10-15, unix milliseconds; its smallest key is comb_lower_bound
CREATE FUNCTION comb_time_cmp(comb, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_comb_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_cmp(comb, timestamptz) IS 'internal: compares a comb with the smallest key of the first millisecond at or after an instant';
CREATE FUNCTION comb_time_lt(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_lt(comb, timestamptz) IS 'internal: whether the millisecond of a comb is before an instant';
CREATE FUNCTION comb_time_ge(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_ge(comb, timestamptz) IS 'internal: whether the millisecond of a comb is at or after an instant';
CREATE OPERATOR @<@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (comb, timestamptz) IS 'internal: the millisecond of a comb is before an instant (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (comb, timestamptz) IS 'internal: the millisecond of a comb is at or after an instant (partition pruning)';
ALTER OPERATOR FAMILY comb_ops USING btree ADD
    OPERATOR 1 @<@ (comb, timestamptz),
    OPERATOR 4 @>=@ (comb, timestamptz),
    FUNCTION 1 (comb, timestamptz) comb_time_cmp(comb, timestamptz);

-- distid: the time field of a distid: bytes 4-9, milliseconds since 1900; its smallest key is distid_lower_bound
CREATE FUNCTION distid_time_cmp(distid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_distid_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_cmp(distid, timestamptz) IS 'internal: compares a distid with the smallest key of the first millisecond at or after an instant';
CREATE FUNCTION distid_time_lt(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_lt(distid, timestamptz) IS 'internal: whether the millisecond of a distid is before an instant';
CREATE FUNCTION distid_time_ge(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_ge(distid, timestamptz) IS 'internal: whether the millisecond of a distid is at or after an instant';
CREATE OPERATOR @<@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (distid, timestamptz) IS 'internal: the millisecond of a distid is before an instant (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (distid, timestamptz) IS 'internal: the millisecond of a distid is at or after an instant (partition pruning)';
ALTER OPERATOR FAMILY distid_ops USING btree ADD
    OPERATOR 1 @<@ (distid, timestamptz),
    OPERATOR 4 @>=@ (distid, timestamptz),
    FUNCTION 1 (distid, timestamptz) distid_time_cmp(distid, timestamptz);

-- uuid: the time field of a uuid read as an iUID or prefix COMB: bytes 0-5, unix milliseconds; its smallest key is uidx_uuid_lower_bound
CREATE FUNCTION uidx_uuid_time_cmp(uuid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_uuid_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_cmp(uuid, timestamptz) IS 'internal: compares a uuid with the smallest key of the first millisecond at or after an instant';
CREATE FUNCTION uidx_uuid_time_lt(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_uuid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_lt(uuid, timestamptz) IS 'internal: whether the millisecond of a uuid is before an instant';
CREATE FUNCTION uidx_uuid_time_ge(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_uuid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_ge(uuid, timestamptz) IS 'internal: whether the millisecond of a uuid is at or after an instant';
CREATE OPERATOR @<@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (uuid, timestamptz) IS 'internal: the millisecond of a uuid is before an instant (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (uuid, timestamptz) IS 'internal: the millisecond of a uuid is at or after an instant (partition pruning)';
ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree ADD
    OPERATOR 1 @<@ (uuid, timestamptz),
    OPERATOR 4 @>=@ (uuid, timestamptz),
    FUNCTION 1 (uuid, timestamptz) uidx_uuid_time_cmp(uuid, timestamptz);
-- Partition and region helpers (README "Partitioning by time", "Regions"):
-- schema names from pg_namespace, quoted once by format('%I');
-- uidx_create_time_partitions refuses a key in another order than its
-- type's default (time) order and steps under a millisecond;
-- uidx_attach_countries shortens long parent names so that the country
-- suffix survives, and reads each remote table through one partition
-- (uidx_router_partitions lists a router's partitions for it).
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

-- The partitions of a router table with their bounds (the text of an iuid,
-- MINVALUE or MAXVALUE; the DEFAULT partition, which has none, is left out)
-- and, for a foreign one, its server and the remote table it reads
-- (postgres_fdw's schema_name and table_name, by default its own names).
-- uidx_attach_countries reads them for its conflict checks and again for
-- the partitions that read one remote table.
CREATE FUNCTION uidx_router_partitions(parent regclass, OUT part regclass, OUT relname name,
                                       OUT relkind "char", OUT server name, OUT reads_schema text,
                                       OUT reads_table text, OUT lo text, OUT hi text)
RETURNS SETOF record
LANGUAGE sql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT k.oid::regclass, k.relname, k.relkind, fs.srvname,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 13) FROM unnest(ft.ftoptions) o WHERE o LIKE 'schema\_name=%'),
                          kn.nspname) END,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 12) FROM unnest(ft.ftoptions) o WHERE o LIKE 'table\_name=%'),
                          k.relname) END,
       m[1], m[2]
  FROM pg_inherits i
  JOIN pg_class k ON k.oid = i.inhrelid
  JOIN pg_namespace kn ON kn.oid = k.relnamespace
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
  CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid),
                                  '^FOR VALUES FROM \(''?([^'')]*)''?\) TO \(''?([^'')]*)''?\)$') m
 WHERE i.inhparent = parent AND m IS NOT NULL
$$;
COMMENT ON FUNCTION uidx_router_partitions(regclass) IS 'internal: the range partitions of a router table, their bounds and remote tables';

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
    lb          @extschema@.iuid;
    ub          @extschema@.iuid;   -- NULL: above every iuid
    lo          @extschema@.iuid;   -- NULL: MINVALUE
    hi          @extschema@.iuid;   -- NULL: MAXVALUE
    done        boolean;
    run_first   integer;
    run_last    integer;
    part_name   text;
    bounds      text;
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

    SELECT e.extnamespace INTO ext_ns FROM pg_extension e WHERE e.extname = 'uidx';
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
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

    -- The countries the partitions of `parent` hold, from their bounds (the
    -- text of an iuid, MINVALUE or MAXVALUE).  A country held whole by a
    -- partition of this region is done; one held by any other partition, even
    -- in part, is a conflict.
    FOREACH c IN ARRAY wanted LOOP
        lb := @extschema@.iuid_country_lower_bound(c);
        ub := CASE WHEN c < 255 THEN @extschema@.iuid_country_lower_bound(c + 1) END;
        done := false;
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

    -- A region's countries on one remote table are read through one foreign
    -- partition: two would each return the whole remote table to a scan of
    -- `parent` that is not pruned (README "Regions").  New countries that
    -- extend the run of the partition already reading the table replace it
    -- with one that covers the whole run (a foreign partition holds no rows:
    -- only the catalog changes); a run apart needs a remote table of its own.
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

    -- One partition per run of consecutive countries.
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
                -- partitioned by time in the default order, for uidx_create_time_partitions
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
