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
    -- The partition key's type -> the function that turns an instant into
    -- its smallest key (README, uidx_create_time_partitions); a uuid column is
    -- bounded by the millisecond in its first six bytes.  A new partitionable
    -- type adds one row.
    SELECT b.bound INTO bound_fn
      FROM (VALUES ('uuid', 'uidx_uuid_lower_bound'), ('iuid', 'iuid_lower_bound'),
                   ('comb', 'comb_lower_bound'), ('distid', 'distid_lower_bound')) m(typ, fn)
     CROSS JOIN LATERAL (SELECT to_regprocedure(format('%I.%I(timestamptz)', key_name, m.fn)) AS bound) b
     WHERE key_type = CASE m.typ WHEN 'uuid' THEN 'pg_catalog.uuid'::regtype
                                 ELSE to_regtype(format('%I.%I', key_name, m.typ)) END;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'The key must be of a type that has a lower-bound function: uuid (time-prefixed), iuid, comb or distid.';
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

-- Working with uuid, time filters that use the index, pg_partman, min/max,
-- comments (README "Working with uuid: drivers, ORMs and foreign keys",
-- "Time filters that use the index", "pg_partman").  Every statement below
-- is the fresh install's own, from sql/install/.
-- ---------------------------------------------------------------------------

-- iuid
COMMENT ON TYPE iuid IS 'iUID: inDrive''s UUIDv8 (48-bit ms, country, service entity, random bits)';
COMMENT ON FUNCTION iuid_in(cstring) IS 'text input of iuid (validating)';
COMMENT ON FUNCTION iuid_out(iuid) IS 'text output of iuid';
COMMENT ON FUNCTION iuid_recv(internal) IS 'binary input of iuid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION iuid_send(iuid) IS 'binary output of iuid: 16 bytes, the uuid wire format';
COMMENT ON FUNCTION iuid_cmp(iuid, iuid) IS 'btree comparison of iuid';
COMMENT ON FUNCTION iuid_eq(iuid, iuid) IS 'implementation of = for iuid';
COMMENT ON FUNCTION iuid_ne(iuid, iuid) IS 'implementation of <> for iuid';
COMMENT ON FUNCTION iuid_lt(iuid, iuid) IS 'implementation of < for iuid';
COMMENT ON FUNCTION iuid_le(iuid, iuid) IS 'implementation of <= for iuid';
COMMENT ON FUNCTION iuid_gt(iuid, iuid) IS 'implementation of > for iuid';
COMMENT ON FUNCTION iuid_ge(iuid, iuid) IS 'implementation of >= for iuid';
COMMENT ON FUNCTION iuid_sortsupport(internal) IS 'sort support of iuid, with abbreviated keys';
COMMENT ON FUNCTION iuid_hash(iuid) IS 'hash of iuid, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION iuid_hash_extended(iuid, bigint) IS 'extended hash of iuid, equal to uuid_hash_extended of the same 16 bytes';
COMMENT ON OPERATOR CLASS iuid_ops USING btree IS 'default btree operator class of iuid';
COMMENT ON OPERATOR CLASS iuid_hash_ops USING hash IS 'default hash operator class of iuid';
COMMENT ON OPERATOR CLASS iuid_minmax_ops USING brin IS 'default BRIN minmax operator class of iuid';
COMMENT ON FUNCTION iuid(uuid) IS 'cast from uuid to iuid, validating (22P02 for a value of another layout)';
-- Implicit towards uuid, assignment from uuid (see the template's comments).
DROP CAST (iuid AS uuid);
CREATE CAST (iuid AS uuid) WITHOUT FUNCTION AS IMPLICIT;
DROP CAST (uuid AS iuid);
-- An assignment cast, so that an INSERT or UPDATE of a uuid parameter (what
-- drivers and ORMs send) works.  Not implicit, so that no expression turns a
-- uuid into a iuid behind the user's back: comparisons have operators below.
CREATE CAST (uuid AS iuid) WITH FUNCTION iuid(uuid) AS ASSIGNMENT;

-- Operators with uuid (README "Working with uuid: drivers, ORMs and foreign
-- keys").  A uuid is read as the same 16 bytes and compared in iuid's order
-- (the C functions are iuid's own), so `id = $1::uuid` is an index
-- condition and a foreign key between a uuid and a iuid column can be made.
-- A btree family must be closed, so it also holds the comparison of two uuids
-- in iuid's order: the operators #<# #<=# #=# #>=# #># on (uuid, uuid).  They are
-- not core's uuid operators, whose order may differ, and they keep core's
-- uuid = uuid in core's families alone.
CREATE FUNCTION iuid_uuid_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_eq(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_ne(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_uuid_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_eq(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_ne(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_iuid_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_iuid_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_uuid_cmp(iuid, uuid) IS 'btree comparison of iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_eq(iuid, uuid) IS 'implementation of = for iuid and uuid';
COMMENT ON FUNCTION iuid_uuid_ne(iuid, uuid) IS 'implementation of <> for iuid and uuid';
COMMENT ON FUNCTION iuid_uuid_lt(iuid, uuid) IS 'implementation of < for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_le(iuid, uuid) IS 'implementation of <= for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_gt(iuid, uuid) IS 'implementation of > for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_ge(iuid, uuid) IS 'implementation of >= for iuid and uuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_cmp(uuid, iuid) IS 'btree comparison of uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_eq(uuid, iuid) IS 'implementation of = for uuid and iuid';
COMMENT ON FUNCTION uuid_iuid_ne(uuid, iuid) IS 'implementation of <> for uuid and iuid';
COMMENT ON FUNCTION uuid_iuid_lt(uuid, iuid) IS 'implementation of < for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_le(uuid, iuid) IS 'implementation of <= for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_gt(uuid, iuid) IS 'implementation of > for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_ge(uuid, iuid) IS 'implementation of >= for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_cmp(uuid, uuid) IS 'btree comparison of two uuids in iuid order, for the iuid operator family';
COMMENT ON FUNCTION uuid_as_iuid_eq(uuid, uuid) IS 'implementation of #=#: two uuids are equal (the iuid operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_iuid_lt(uuid, uuid) IS 'implementation of #<#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_le(uuid, uuid) IS 'implementation of #<=#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_gt(uuid, uuid) IS 'implementation of #>#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_ge(uuid, uuid) IS 'implementation of #>=#: two uuids compared in iuid order';

CREATE OPERATOR = (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR = (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = uuid_iuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR #=# (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_iuid_eq,
    COMMUTATOR = #=#, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR #<# (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_iuid_lt,
    COMMUTATOR = #>#, NEGATOR = #>=#, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR #<=# (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_iuid_le,
    COMMUTATOR = #>=#, NEGATOR = #>#, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR #># (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_iuid_gt,
    COMMUTATOR = #<#, NEGATOR = #<=#, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR #>=# (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_iuid_ge,
    COMMUTATOR = #<=#, NEGATOR = #<#, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

ALTER OPERATOR FAMILY iuid_ops USING btree ADD
    OPERATOR 1 < (iuid, uuid),
    OPERATOR 2 <= (iuid, uuid),
    OPERATOR 3 = (iuid, uuid),
    OPERATOR 4 >= (iuid, uuid),
    OPERATOR 5 > (iuid, uuid),
    FUNCTION 1 (iuid, uuid) iuid_uuid_cmp(iuid, uuid),
    OPERATOR 1 < (uuid, iuid),
    OPERATOR 2 <= (uuid, iuid),
    OPERATOR 3 = (uuid, iuid),
    OPERATOR 4 >= (uuid, iuid),
    OPERATOR 5 > (uuid, iuid),
    FUNCTION 1 (uuid, iuid) uuid_iuid_cmp(uuid, iuid),
    OPERATOR 1 #<# (uuid, uuid),
    OPERATOR 2 #<=# (uuid, uuid),
    OPERATOR 3 #=# (uuid, uuid),
    OPERATOR 4 #>=# (uuid, uuid),
    OPERATOR 5 #># (uuid, uuid),
    FUNCTION 1 (uuid, uuid) uuid_as_iuid_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) iuid_sortsupport(internal);

-- Equal values hash alike whatever their type: iuid_hash is uuid_hash.
ALTER OPERATOR FAMILY iuid_hash_ops USING hash ADD
    OPERATOR 1 = (iuid, uuid),
    OPERATOR 1 = (uuid, iuid),
    OPERATOR 1 #=# (uuid, uuid),
    FUNCTION 1 (uuid, uuid) pg_catalog.uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) pg_catalog.uuid_hash_extended(uuid, bigint);

-- BRIN minmax looks its operators up by (column type, value type).
ALTER OPERATOR FAMILY iuid_minmax_ops USING brin ADD
    OPERATOR 1 < (iuid, uuid),
    OPERATOR 2 <= (iuid, uuid),
    OPERATOR 3 = (iuid, uuid),
    OPERATOR 4 >= (iuid, uuid),
    OPERATOR 5 > (iuid, uuid);

-- min() and max(), parallel (the combine function is the transition
-- function), and answered from a btree index through SORTOP.
CREATE FUNCTION iuid_larger(iuid, iuid) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_smaller(iuid, iuid) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_larger(iuid, iuid) IS 'the larger of two iuid values (for max)';
COMMENT ON FUNCTION iuid_smaller(iuid, iuid) IS 'the smaller of two iuid values (for min)';
CREATE AGGREGATE min(iuid) (
    SFUNC = iuid_smaller, STYPE = iuid, COMBINEFUNC = iuid_smaller,
    SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(iuid) (
    SFUNC = iuid_larger, STYPE = iuid, COMBINEFUNC = iuid_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(iuid) IS 'minimum value of all iuid input values';
COMMENT ON AGGREGATE max(iuid) IS 'maximum value of all iuid input values';

-- comb
COMMENT ON TYPE comb IS 'suffix COMB: a UUID with its time in bytes 10-15, ordered by that time first';
COMMENT ON FUNCTION comb_in(cstring) IS 'text input of comb (validating)';
COMMENT ON FUNCTION comb_out(comb) IS 'text output of comb';
COMMENT ON FUNCTION comb_recv(internal) IS 'binary input of comb: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION comb_send(comb) IS 'binary output of comb: 16 bytes, the uuid wire format';
COMMENT ON FUNCTION comb_cmp(comb, comb) IS 'btree comparison of comb';
COMMENT ON FUNCTION comb_eq(comb, comb) IS 'implementation of = for comb';
COMMENT ON FUNCTION comb_ne(comb, comb) IS 'implementation of <> for comb';
COMMENT ON FUNCTION comb_lt(comb, comb) IS 'implementation of < for comb';
COMMENT ON FUNCTION comb_le(comb, comb) IS 'implementation of <= for comb';
COMMENT ON FUNCTION comb_gt(comb, comb) IS 'implementation of > for comb';
COMMENT ON FUNCTION comb_ge(comb, comb) IS 'implementation of >= for comb';
COMMENT ON FUNCTION comb_sortsupport(internal) IS 'sort support of comb, with abbreviated keys';
COMMENT ON FUNCTION comb_hash(comb) IS 'hash of comb, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION comb_hash_extended(comb, bigint) IS 'extended hash of comb, equal to uuid_hash_extended of the same 16 bytes';
COMMENT ON OPERATOR CLASS comb_ops USING btree IS 'default btree operator class of comb';
COMMENT ON OPERATOR CLASS comb_hash_ops USING hash IS 'default hash operator class of comb';
COMMENT ON OPERATOR CLASS comb_minmax_ops USING brin IS 'default BRIN minmax operator class of comb';
COMMENT ON FUNCTION comb(uuid) IS 'cast from uuid to comb, validating (22P02 for a value of another layout)';
-- Implicit towards uuid, assignment from uuid (see the template's comments).
DROP CAST (comb AS uuid);
CREATE CAST (comb AS uuid) WITHOUT FUNCTION AS IMPLICIT;
DROP CAST (uuid AS comb);
-- An assignment cast, so that an INSERT or UPDATE of a uuid parameter (what
-- drivers and ORMs send) works.  Not implicit, so that no expression turns a
-- uuid into a comb behind the user's back: comparisons have operators below.
CREATE CAST (uuid AS comb) WITH FUNCTION comb(uuid) AS ASSIGNMENT;

-- Operators with uuid (README "Working with uuid: drivers, ORMs and foreign
-- keys").  A uuid is read as the same 16 bytes and compared in comb's order
-- (the C functions are comb's own), so `id = $1::uuid` is an index
-- condition and a foreign key between a uuid and a comb column can be made.
-- A btree family must be closed, so it also holds the comparison of two uuids
-- in comb's order: the operators ^<^ ^<=^ ^=^ ^>=^ ^>^ on (uuid, uuid).  They are
-- not core's uuid operators, whose order may differ, and they keep core's
-- uuid = uuid in core's families alone.
CREATE FUNCTION comb_uuid_cmp(comb, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_eq(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_ne(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_lt(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_le(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_gt(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_uuid_ge(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_cmp(uuid, comb) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_eq(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_ne(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_lt(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_le(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_gt(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_comb_ge(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_comb_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION comb_uuid_cmp(comb, uuid) IS 'btree comparison of comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_eq(comb, uuid) IS 'implementation of = for comb and uuid';
COMMENT ON FUNCTION comb_uuid_ne(comb, uuid) IS 'implementation of <> for comb and uuid';
COMMENT ON FUNCTION comb_uuid_lt(comb, uuid) IS 'implementation of < for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_le(comb, uuid) IS 'implementation of <= for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_gt(comb, uuid) IS 'implementation of > for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_ge(comb, uuid) IS 'implementation of >= for comb and uuid, in comb order';
COMMENT ON FUNCTION uuid_comb_cmp(uuid, comb) IS 'btree comparison of uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_eq(uuid, comb) IS 'implementation of = for uuid and comb';
COMMENT ON FUNCTION uuid_comb_ne(uuid, comb) IS 'implementation of <> for uuid and comb';
COMMENT ON FUNCTION uuid_comb_lt(uuid, comb) IS 'implementation of < for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_le(uuid, comb) IS 'implementation of <= for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_gt(uuid, comb) IS 'implementation of > for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_ge(uuid, comb) IS 'implementation of >= for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_as_comb_cmp(uuid, uuid) IS 'btree comparison of two uuids in comb order, for the comb operator family';
COMMENT ON FUNCTION uuid_as_comb_eq(uuid, uuid) IS 'implementation of ^=^: two uuids are equal (the comb operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_comb_lt(uuid, uuid) IS 'implementation of ^<^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_le(uuid, uuid) IS 'implementation of ^<=^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_gt(uuid, uuid) IS 'implementation of ^>^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_ge(uuid, uuid) IS 'implementation of ^>=^: two uuids compared in comb order';

CREATE OPERATOR = (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = comb, RIGHTARG = uuid, PROCEDURE = comb_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR = (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = comb, PROCEDURE = uuid_comb_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ^=^ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_comb_eq,
    COMMUTATOR = ^=^, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR ^<^ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_comb_lt,
    COMMUTATOR = ^>^, NEGATOR = ^>=^, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ^<=^ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_comb_le,
    COMMUTATOR = ^>=^, NEGATOR = ^>^, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ^>^ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_comb_gt,
    COMMUTATOR = ^<^, NEGATOR = ^<=^, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ^>=^ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_comb_ge,
    COMMUTATOR = ^<=^, NEGATOR = ^<^, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

ALTER OPERATOR FAMILY comb_ops USING btree ADD
    OPERATOR 1 < (comb, uuid),
    OPERATOR 2 <= (comb, uuid),
    OPERATOR 3 = (comb, uuid),
    OPERATOR 4 >= (comb, uuid),
    OPERATOR 5 > (comb, uuid),
    FUNCTION 1 (comb, uuid) comb_uuid_cmp(comb, uuid),
    OPERATOR 1 < (uuid, comb),
    OPERATOR 2 <= (uuid, comb),
    OPERATOR 3 = (uuid, comb),
    OPERATOR 4 >= (uuid, comb),
    OPERATOR 5 > (uuid, comb),
    FUNCTION 1 (uuid, comb) uuid_comb_cmp(uuid, comb),
    OPERATOR 1 ^<^ (uuid, uuid),
    OPERATOR 2 ^<=^ (uuid, uuid),
    OPERATOR 3 ^=^ (uuid, uuid),
    OPERATOR 4 ^>=^ (uuid, uuid),
    OPERATOR 5 ^>^ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) uuid_as_comb_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) comb_sortsupport(internal);

-- Equal values hash alike whatever their type: comb_hash is uuid_hash.
ALTER OPERATOR FAMILY comb_hash_ops USING hash ADD
    OPERATOR 1 = (comb, uuid),
    OPERATOR 1 = (uuid, comb),
    OPERATOR 1 ^=^ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) pg_catalog.uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) pg_catalog.uuid_hash_extended(uuid, bigint);

-- BRIN minmax looks its operators up by (column type, value type).
ALTER OPERATOR FAMILY comb_minmax_ops USING brin ADD
    OPERATOR 1 < (comb, uuid),
    OPERATOR 2 <= (comb, uuid),
    OPERATOR 3 = (comb, uuid),
    OPERATOR 4 >= (comb, uuid),
    OPERATOR 5 > (comb, uuid);

-- min() and max(), parallel (the combine function is the transition
-- function), and answered from a btree index through SORTOP.
CREATE FUNCTION comb_larger(comb, comb) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_smaller(comb, comb) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_larger(comb, comb) IS 'the larger of two comb values (for max)';
COMMENT ON FUNCTION comb_smaller(comb, comb) IS 'the smaller of two comb values (for min)';
CREATE AGGREGATE min(comb) (
    SFUNC = comb_smaller, STYPE = comb, COMBINEFUNC = comb_smaller,
    SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(comb) (
    SFUNC = comb_larger, STYPE = comb, COMBINEFUNC = comb_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(comb) IS 'minimum value of all comb input values';
COMMENT ON AGGREGATE max(comb) IS 'maximum value of all comb input values';

-- distid
COMMENT ON TYPE distid IS 'DistributedId: Architect.Identities'' 28-digit decimal ID as a 16-byte integer';
COMMENT ON FUNCTION distid_in(cstring) IS 'text input of distid (validating)';
COMMENT ON FUNCTION distid_out(distid) IS 'text output of distid';
COMMENT ON FUNCTION distid_recv(internal) IS 'binary input of distid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION distid_send(distid) IS 'binary output of distid: 16 bytes, the uuid wire format';
COMMENT ON FUNCTION distid_cmp(distid, distid) IS 'btree comparison of distid';
COMMENT ON FUNCTION distid_eq(distid, distid) IS 'implementation of = for distid';
COMMENT ON FUNCTION distid_ne(distid, distid) IS 'implementation of <> for distid';
COMMENT ON FUNCTION distid_lt(distid, distid) IS 'implementation of < for distid';
COMMENT ON FUNCTION distid_le(distid, distid) IS 'implementation of <= for distid';
COMMENT ON FUNCTION distid_gt(distid, distid) IS 'implementation of > for distid';
COMMENT ON FUNCTION distid_ge(distid, distid) IS 'implementation of >= for distid';
COMMENT ON FUNCTION distid_sortsupport(internal) IS 'sort support of distid, with abbreviated keys';
COMMENT ON FUNCTION distid_hash(distid) IS 'hash of distid, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION distid_hash_extended(distid, bigint) IS 'extended hash of distid, equal to uuid_hash_extended of the same 16 bytes';
COMMENT ON OPERATOR CLASS distid_ops USING btree IS 'default btree operator class of distid';
COMMENT ON OPERATOR CLASS distid_hash_ops USING hash IS 'default hash operator class of distid';
COMMENT ON OPERATOR CLASS distid_minmax_ops USING brin IS 'default BRIN minmax operator class of distid';
COMMENT ON FUNCTION distid(uuid) IS 'cast from uuid to distid, validating (22P02 for a value of another layout)';
-- Implicit towards uuid, assignment from uuid (see the template's comments).
DROP CAST (distid AS uuid);
CREATE CAST (distid AS uuid) WITHOUT FUNCTION AS IMPLICIT;
DROP CAST (uuid AS distid);
-- An assignment cast, so that an INSERT or UPDATE of a uuid parameter (what
-- drivers and ORMs send) works.  Not implicit, so that no expression turns a
-- uuid into a distid behind the user's back: comparisons have operators below.
CREATE CAST (uuid AS distid) WITH FUNCTION distid(uuid) AS ASSIGNMENT;

-- Operators with uuid (README "Working with uuid: drivers, ORMs and foreign
-- keys").  A uuid is read as the same 16 bytes and compared in distid's order
-- (the C functions are distid's own), so `id = $1::uuid` is an index
-- condition and a foreign key between a uuid and a distid column can be made.
-- A btree family must be closed, so it also holds the comparison of two uuids
-- in distid's order: the operators %<% %<=% %=% %>=% %>% on (uuid, uuid).  They are
-- not core's uuid operators, whose order may differ, and they keep core's
-- uuid = uuid in core's families alone.
CREATE FUNCTION distid_uuid_cmp(distid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_eq(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_ne(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_lt(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_le(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_gt(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_uuid_ge(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_cmp(uuid, distid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_eq(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_ne(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_lt(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_le(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_gt(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_distid_ge(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_as_distid_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION distid_uuid_cmp(distid, uuid) IS 'btree comparison of distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_eq(distid, uuid) IS 'implementation of = for distid and uuid';
COMMENT ON FUNCTION distid_uuid_ne(distid, uuid) IS 'implementation of <> for distid and uuid';
COMMENT ON FUNCTION distid_uuid_lt(distid, uuid) IS 'implementation of < for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_le(distid, uuid) IS 'implementation of <= for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_gt(distid, uuid) IS 'implementation of > for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_ge(distid, uuid) IS 'implementation of >= for distid and uuid, in distid order';
COMMENT ON FUNCTION uuid_distid_cmp(uuid, distid) IS 'btree comparison of uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_eq(uuid, distid) IS 'implementation of = for uuid and distid';
COMMENT ON FUNCTION uuid_distid_ne(uuid, distid) IS 'implementation of <> for uuid and distid';
COMMENT ON FUNCTION uuid_distid_lt(uuid, distid) IS 'implementation of < for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_le(uuid, distid) IS 'implementation of <= for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_gt(uuid, distid) IS 'implementation of > for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_ge(uuid, distid) IS 'implementation of >= for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_as_distid_cmp(uuid, uuid) IS 'btree comparison of two uuids in distid order, for the distid operator family';
COMMENT ON FUNCTION uuid_as_distid_eq(uuid, uuid) IS 'implementation of %=%: two uuids are equal (the distid operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_distid_lt(uuid, uuid) IS 'implementation of %<%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_le(uuid, uuid) IS 'implementation of %<=%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_gt(uuid, uuid) IS 'implementation of %>%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_ge(uuid, uuid) IS 'implementation of %>=%: two uuids compared in distid order';

CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = distid, RIGHTARG = uuid, PROCEDURE = distid_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR = (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = distid, PROCEDURE = uuid_distid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR %=% (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_distid_eq,
    COMMUTATOR = %=%, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR %<% (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_distid_lt,
    COMMUTATOR = %>%, NEGATOR = %>=%, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR %<=% (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_distid_le,
    COMMUTATOR = %>=%, NEGATOR = %>%, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR %>% (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_distid_gt,
    COMMUTATOR = %<%, NEGATOR = %<=%, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR %>=% (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = uuid_as_distid_ge,
    COMMUTATOR = %<=%, NEGATOR = %<%, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

ALTER OPERATOR FAMILY distid_ops USING btree ADD
    OPERATOR 1 < (distid, uuid),
    OPERATOR 2 <= (distid, uuid),
    OPERATOR 3 = (distid, uuid),
    OPERATOR 4 >= (distid, uuid),
    OPERATOR 5 > (distid, uuid),
    FUNCTION 1 (distid, uuid) distid_uuid_cmp(distid, uuid),
    OPERATOR 1 < (uuid, distid),
    OPERATOR 2 <= (uuid, distid),
    OPERATOR 3 = (uuid, distid),
    OPERATOR 4 >= (uuid, distid),
    OPERATOR 5 > (uuid, distid),
    FUNCTION 1 (uuid, distid) uuid_distid_cmp(uuid, distid),
    OPERATOR 1 %<% (uuid, uuid),
    OPERATOR 2 %<=% (uuid, uuid),
    OPERATOR 3 %=% (uuid, uuid),
    OPERATOR 4 %>=% (uuid, uuid),
    OPERATOR 5 %>% (uuid, uuid),
    FUNCTION 1 (uuid, uuid) uuid_as_distid_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) distid_sortsupport(internal);

-- Equal values hash alike whatever their type: distid_hash is uuid_hash.
ALTER OPERATOR FAMILY distid_hash_ops USING hash ADD
    OPERATOR 1 = (distid, uuid),
    OPERATOR 1 = (uuid, distid),
    OPERATOR 1 %=% (uuid, uuid),
    FUNCTION 1 (uuid, uuid) pg_catalog.uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) pg_catalog.uuid_hash_extended(uuid, bigint);

-- BRIN minmax looks its operators up by (column type, value type).
ALTER OPERATOR FAMILY distid_minmax_ops USING brin ADD
    OPERATOR 1 < (distid, uuid),
    OPERATOR 2 <= (distid, uuid),
    OPERATOR 3 = (distid, uuid),
    OPERATOR 4 >= (distid, uuid),
    OPERATOR 5 > (distid, uuid);

-- min() and max(), parallel (the combine function is the transition
-- function), and answered from a btree index through SORTOP.
CREATE FUNCTION distid_larger(distid, distid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_smaller(distid, distid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_larger(distid, distid) IS 'the larger of two distid values (for max)';
COMMENT ON FUNCTION distid_smaller(distid, distid) IS 'the smaller of two distid values (for min)';
CREATE AGGREGATE min(distid) (
    SFUNC = distid_smaller, STYPE = distid, COMBINEFUNC = distid_smaller,
    SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(distid) (
    SFUNC = distid_larger, STYPE = distid, COMBINEFUNC = distid_larger,
    SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(distid) IS 'minimum value of all distid input values';
COMMENT ON AGGREGATE max(distid) IS 'maximum value of all distid input values';


-- New functions of the families
-- The bound the planner support functions of the time functions put into
-- index conditions (README "Time filters that use the index"): the 16 bytes
-- whose 48-bit millisecond field at time_offset holds the millisecond of `at`
-- counted from `epoch`, every other byte 00 (or FF when `upper`).  Clamped,
-- never an error for a time outside the field.
CREATE FUNCTION uidx_time_bound(at timestamptz, time_offset integer, epoch timestamptz,
                                upper boolean) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_bound(timestamptz, integer, timestamptz, boolean) IS 'internal: the index range bound the time functions'' planner support puts into index conditions';
-- Whether `input` is a valid text form of `type` (a uidx type or uuid), without
-- raising: pg_input_is_valid() for PostgreSQL 15, where it does not exist.
CREATE FUNCTION uidx_is_valid(input text, type regtype) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_is_valid(text, regtype) IS 'whether text is a valid input of a uidx type or uuid, without raising (pg_input_is_valid for PostgreSQL 15)';
-- Turns iuid_timestamp(id) >= / <= / = a time into a range of id that an
-- index serves (README "Time filters that use the index").
CREATE FUNCTION iuid_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp_support(internal) IS 'planner support of iuid_timestamp: index conditions on the id';
-- pg_partman 5 (p_time_encoder / p_time_decoder) for iUIDs kept in a uuid
-- column: the encoder gives the smallest iUID of a millisecond, the decoder
-- takes the text pg_partman passes and gives the millisecond back, so the
-- two round-trip (README "pg_partman").
CREATE FUNCTION iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts)::pg_catalog.uuid $$;
COMMENT ON FUNCTION iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE FUNCTION iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';
-- Index conditions for comb_prefix_timestamp(uuid) (bytes 0-5) and
-- comb_timestamp(comb) (bytes 10-15, first in the comb order); README "Time
-- filters that use the index".
CREATE FUNCTION comb_prefix_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_timestamp_support(internal) IS 'planner support of comb_prefix_timestamp: index conditions on the id';
CREATE FUNCTION comb_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_timestamp_support(internal) IS 'planner support of comb_timestamp: index conditions on the id';
-- pg_partman 5 for prefix COMBs in a uuid column: the smallest version-4 COMB
-- of a millisecond, and its millisecond back from the text pg_partman passes.
CREATE FUNCTION comb_prefix_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(ts, '\x00000000000000000000000000000000'::pg_catalog.bytea) $$;
COMMENT ON FUNCTION comb_prefix_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for prefix COMBs in uuid columns';
CREATE FUNCTION comb_prefix_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION comb_prefix_partman_decoder(text) IS 'pg_partman p_time_decoder for prefix COMBs in uuid columns';
-- Index conditions for distid_timestamp(distid) (T in bytes 4-9) and
-- distid128_timestamp(uuid) (bytes 0-5); README "Time filters that use the index".
CREATE FUNCTION distid_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp_support(internal) IS 'planner support of distid_timestamp: index conditions on the id';
CREATE FUNCTION distid128_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_timestamp_support(internal) IS 'planner support of distid128_timestamp: index conditions on the id';
-- pg_partman 5 for UUIDv7 columns: uuidv7_lower_bound() and its millisecond
-- back from the text pg_partman passes (uuidv7_timestamp(uuid) would also
-- read a version 1 UUID; the decoder only ever sees version 7 bounds and keys).
CREATE FUNCTION uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE FUNCTION uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';

-- The time functions get their planner support
ALTER FUNCTION iuid_timestamp(iuid) SUPPORT iuid_timestamp_support;
ALTER FUNCTION iuid_timestamp(uuid) SUPPORT iuid_timestamp_support;
ALTER FUNCTION comb_prefix_timestamp(uuid) SUPPORT comb_prefix_timestamp_support;
ALTER FUNCTION comb_timestamp(comb) SUPPORT comb_timestamp_support;
ALTER FUNCTION distid_timestamp(distid) SUPPORT distid_timestamp_support;
ALTER FUNCTION distid128_timestamp(uuid) SUPPORT distid128_timestamp_support;

-- Comments on the objects 1.0 made
COMMENT ON FUNCTION uidx_raise_unknown_name(text, text) IS 'internal: raises 22023 unknown <kind> "<name>" for registry look-ups';
COMMENT ON FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval) IS 'creates the missing time-range partitions of a table partitioned by a uidx time-ordered column';
COMMENT ON FUNCTION uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';
COMMENT ON TABLE iuid_service_entity IS 'registry of iUID service entity codes and names';
COMMENT ON FUNCTION iuid_generate(integer, integer) IS 'new iUID for now, monotonic per backend; country NULL means uidx.country';
COMMENT ON FUNCTION iuid_generate(text, integer) IS 'new iUID for now, the service entity looked up by name in iuid_service_entity';
COMMENT ON FUNCTION iuid_generate_at(timestamptz, integer, integer) IS 'new iUID with the given time and fresh random bits (backfills)';
COMMENT ON FUNCTION iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';
COMMENT ON FUNCTION iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';
COMMENT ON FUNCTION iuid_timestamp(iuid) IS 'creation time (millisecond) of an iUID';
COMMENT ON FUNCTION iuid_country(iuid) IS 'country code of an iUID';
COMMENT ON FUNCTION iuid_service_entity(iuid) IS 'service entity code of an iUID';
COMMENT ON FUNCTION iuid_format_version(iuid) IS 'format version of an iUID (0)';
COMMENT ON FUNCTION iuid_random(iuid) IS '54 random bits of an iUID';
COMMENT ON FUNCTION iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
COMMENT ON FUNCTION iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
COMMENT ON FUNCTION iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
COMMENT ON FUNCTION iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
COMMENT ON FUNCTION iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';
COMMENT ON FUNCTION comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now';
COMMENT ON FUNCTION comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';
COMMENT ON FUNCTION comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now';
COMMENT ON FUNCTION comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';
COMMENT ON FUNCTION comb_short_prefix_generate(interval, integer) IS 'new short prefix COMB: an interval counter in the leading bytes (sequential-uuids uuid_time_nextval)';
COMMENT ON FUNCTION comb_short_suffix_generate(interval) IS 'new short suffix COMB: a 16-bit interval counter in bytes 10-11';
COMMENT ON FUNCTION comb_sequence_generate(regclass, integer, integer) IS 'new sequence COMB: a block number from nextval in the leading bytes (sequential-uuids uuid_sequence_nextval)';
COMMENT ON FUNCTION comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now';
COMMENT ON FUNCTION comb_sqlserver_generate(timestamptz) IS 'new SQL Server COMB with the given time';
COMMENT ON FUNCTION comb_prefix_from_parts(timestamptz, bytea) IS 'prefix COMB from a time and the 16 random bytes';
COMMENT ON FUNCTION comb_suffix_from_parts(timestamptz, bytea) IS 'suffix COMB from a time and the 16 random bytes';
COMMENT ON FUNCTION comb_short_prefix_from_parts(timestamptz, bytea, interval, integer) IS 'short prefix COMB from a time and the 16 random bytes';
COMMENT ON FUNCTION comb_short_suffix_from_parts(timestamptz, bytea, interval) IS 'short suffix COMB from a time and the 16 random bytes';
COMMENT ON FUNCTION comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';
COMMENT ON FUNCTION comb_sqlserver_from_parts(timestamptz, bytea) IS 'SQL Server COMB from a time and the 16 random bytes';
COMMENT ON FUNCTION comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
COMMENT ON FUNCTION comb_timestamp(comb) IS 'time (millisecond) in bytes 10-15 of a comb';
COMMENT ON FUNCTION comb_sqlserver_timestamp(comb) IS 'SQL Server datetime in bytes 10-15 of a comb';
COMMENT ON FUNCTION comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';
COMMENT ON FUNCTION comb_short_prefix_is_valid(uuid, interval, timestamptz, interval) IS 'whether a short prefix COMB''s counter was current within at +/- tolerance';
COMMENT ON FUNCTION comb_prefix_to_suffix(uuid) IS 'prefix COMB to the comb type (bytes 0-5 and 10-15 swapped)';
COMMENT ON FUNCTION comb_suffix_to_prefix(comb) IS 'comb to the prefix COMB form (bytes 0-5 and 10-15 swapped)';
COMMENT ON FUNCTION comb_lower_bound(timestamptz) IS 'smallest comb of the millisecond of at (range scans, partition bounds)';
COMMENT ON FUNCTION distid(numeric) IS 'cast from numeric to distid (an integer from 0 to 2^93 - 1)';
COMMENT ON FUNCTION distid_to_numeric(distid) IS 'cast from distid to numeric';
COMMENT ON FUNCTION distid_generate() IS 'new DistributedId (Architect.Identities), monotonic per backend';
COMMENT ON FUNCTION distributed_id() IS 'new DistributedId as numeric, for DECIMAL(28,0) columns';
COMMENT ON FUNCTION distid_timestamp(distid) IS 'embedded millisecond of a DistributedId (without the 1 s leeway)';
COMMENT ON FUNCTION distid_timestamp(numeric) IS 'embedded millisecond of a DistributedId given as numeric';
COMMENT ON FUNCTION distid_lower_bound(timestamptz) IS 'smallest distid whose distid_timestamp is at or after at';
COMMENT ON FUNCTION distid128_generate() IS 'new DistributedId128 (a uuid), monotonic per backend';
COMMENT ON FUNCTION distid128_timestamp(uuid) IS 'embedded millisecond of a DistributedId128; NULL for other layouts';
COMMENT ON FUNCTION alnum_encode(distid) IS '16-character alphanumeric form of a distid';
COMMENT ON FUNCTION alnum_encode(numeric) IS '16-character alphanumeric form of an integer up to 10^28 - 1';
COMMENT ON FUNCTION alnum_encode(uuid) IS '22-character alphanumeric form of a uuid';
COMMENT ON FUNCTION alnum_encode(bigint) IS '11-character alphanumeric form of a non-negative bigint';
COMMENT ON FUNCTION alnum_decode_distid(text) IS 'distid from its 16-character alphanumeric form (strict)';
COMMENT ON FUNCTION alnum_decode_numeric(text) IS 'numeric from its 16-character alphanumeric form (strict)';
COMMENT ON FUNCTION alnum_decode_uuid(text) IS 'uuid from its 22-character alphanumeric form (strict)';
COMMENT ON FUNCTION alnum_decode_bigint(text) IS 'bigint from its 11-character alphanumeric form (strict)';
COMMENT ON FUNCTION public_id_encode(bigint) IS 'public id: the bigint encrypted under uidx.public_id_key';
COMMENT ON FUNCTION public_id_encode(numeric) IS 'public id: the decimal encrypted under uidx.public_id_key';
COMMENT ON FUNCTION public_id_encode(distid) IS 'public id: the distid encrypted under uidx.public_id_key';
COMMENT ON FUNCTION public_id_encode(uuid) IS 'public id: the uuid encrypted under uidx.public_id_key';
COMMENT ON FUNCTION public_id_decode_bigint(uuid) IS 'bigint behind a public id; NULL for a forged or foreign value';
COMMENT ON FUNCTION public_id_decode_numeric(uuid) IS 'decimal behind a public id; NULL for a forged or foreign value';
COMMENT ON FUNCTION public_id_decode_distid(uuid) IS 'distid behind a public id; NULL for a forged or foreign value';
COMMENT ON FUNCTION public_id_decode_uuid(uuid) IS 'uuid behind a public id';
COMMENT ON FUNCTION crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';
COMMENT ON FUNCTION crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';
COMMENT ON TABLE luuid_group IS 'registry of luuid group names, their CRC-12 group ids and tables';
COMMENT ON FUNCTION luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
COMMENT ON FUNCTION luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';
COMMENT ON FUNCTION luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';
COMMENT ON FUNCTION luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
COMMENT ON FUNCTION luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
COMMENT ON FUNCTION luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';
COMMENT ON FUNCTION luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
COMMENT ON FUNCTION luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';
COMMENT ON FUNCTION luuid_matches_short(uuid, text, text) IS 'whether a PK-embedded UUID has this short form and group (inlined into an index range)';
COMMENT ON FUNCTION luuid_register_group(text, regclass) IS 'registers a luuid group name (and its table), rejecting CRC-12 collisions';
COMMENT ON FUNCTION luuid_relation(uuid) IS 'registered table of a PK-embedded UUID''s group (routing)';
COMMENT ON FUNCTION luuid_forget_dropped_relations() IS 'event trigger function: clears registry references to dropped tables';
COMMENT ON FUNCTION uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';
COMMENT ON FUNCTION uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';
COMMENT ON FUNCTION uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';
COMMENT ON FUNCTION uidx_inspect(text) IS 'plausible readings of a pasted ID, most likely first, with registry names';
DO $uidx$
DECLARE
    v integer := current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per backend (PostgreSQL 18''s uuidv7)';
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v < 170000 THEN
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;

-- Regions: iuid_country_ops, iuid_country_lower_bound, the region registry
-- uidx_region and uidx_attach_region / uidx_attach_local_region /
-- uidx_region_of (README "Regions"); the same as sql/install/15-iuid-regions.sql.
-- ---------------------------------------------------------------------------

-- The country order: the country byte first, then the default iuid order.
-- Its operators are ~<~ ~<=~ ~>=~ ~>~, a second order of one type as
-- text_pattern_ops has; equality is bytewise in every order, so `=` is
-- iuid_ops' own and `WHERE id = $1` can use either kind of index and prunes
-- partitions keyed by either.  The C functions read only the 16 bytes, so the
-- same ones compare an iuid with a uuid: a uuid parameter, as drivers send
-- it, prunes too.
CREATE FUNCTION iuid_country_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_cmp(iuid, iuid) IS 'btree comparison of iuid in the country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, iuid) IS 'implementation of ~<~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, iuid) IS 'implementation of ~<=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, iuid) IS 'implementation of ~>~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, iuid) IS 'implementation of ~>=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_sortsupport(internal) IS 'sort support of iuid in the country order, with abbreviated keys that start with the country';

CREATE FUNCTION iuid_country_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
-- A btree family is closed over its types: two uuids in the country order.
CREATE FUNCTION iuid_country_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_country_cmp(iuid, uuid) IS 'btree comparison of iuid and uuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, uuid) IS 'implementation of ~<~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, uuid) IS 'implementation of ~<=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, uuid) IS 'implementation of ~>~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, uuid) IS 'implementation of ~>=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, iuid) IS 'btree comparison of uuid and iuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(uuid, iuid) IS 'implementation of ~<~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_le(uuid, iuid) IS 'implementation of ~<=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(uuid, iuid) IS 'implementation of ~>~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(uuid, iuid) IS 'implementation of ~>=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, uuid) IS 'btree comparison of two uuids in the iuid country order, for the iuid_country_ops family';
COMMENT ON FUNCTION iuid_country_lt(uuid, uuid) IS 'implementation of ~<~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_le(uuid, uuid) IS 'implementation of ~<=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_gt(uuid, uuid) IS 'implementation of ~>~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_ge(uuid, uuid) IS 'implementation of ~>=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_eq(uuid, uuid) IS 'implementation of ~=~: two uuids are equal (the iuid_country_ops family''s uuid equality)';

CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_eq,
    COMMUTATOR = ~=~, RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);

-- Not the default: ORDER BY id and the primary key keep the time order.
CREATE OPERATOR CLASS iuid_country_ops FOR TYPE iuid USING btree AS
    OPERATOR 1 ~<~,
    OPERATOR 2 ~<=~,
    OPERATOR 3 =,
    OPERATOR 4 ~>=~,
    OPERATOR 5 ~>~,
    FUNCTION 1 iuid_country_cmp(iuid, iuid),
    FUNCTION 2 iuid_country_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);
ALTER OPERATOR FAMILY iuid_country_ops USING btree ADD
    OPERATOR 1 ~<~ (iuid, uuid),
    OPERATOR 2 ~<=~ (iuid, uuid),
    OPERATOR 3 = (iuid, uuid),
    OPERATOR 4 ~>=~ (iuid, uuid),
    OPERATOR 5 ~>~ (iuid, uuid),
    FUNCTION 1 (iuid, uuid) iuid_country_cmp(iuid, uuid),
    OPERATOR 1 ~<~ (uuid, iuid),
    OPERATOR 2 ~<=~ (uuid, iuid),
    OPERATOR 3 = (uuid, iuid),
    OPERATOR 4 ~>=~ (uuid, iuid),
    OPERATOR 5 ~>~ (uuid, iuid),
    FUNCTION 1 (uuid, iuid) iuid_country_cmp(uuid, iuid),
    OPERATOR 1 ~<~ (uuid, uuid),
    OPERATOR 2 ~<=~ (uuid, uuid),
    OPERATOR 3 ~=~ (uuid, uuid),
    OPERATOR 4 ~>=~ (uuid, uuid),
    OPERATOR 5 ~>~ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) iuid_country_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) iuid_country_sortsupport(internal);
COMMENT ON OPERATOR CLASS iuid_country_ops USING btree IS 'iuid ordered by country, then by the default order: RANGE partitions per region';

CREATE FUNCTION iuid_country_lower_bound(country integer) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_lower_bound(integer) IS 'the smallest iuid of a country in the country order: a partition bound for iuid_country_ops';

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
CREATE TABLE uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name
);
SELECT pg_catalog.pg_extension_config_dump('uidx_region', '');
GRANT SELECT ON uidx_region TO PUBLIC;
COMMENT ON TABLE uidx_region IS 'iuid country -> the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';

-- The work of uidx_attach_region and uidx_attach_local_region: checks, then
-- one partition <parent>_cNNN per run of consecutive countries that no
-- partition of `parent` holds yet.  A country already held by a partition of
-- the same region is skipped, so both are idempotent.
CREATE FUNCTION uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                      countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ext_ns      name;
    key_opclass oid;
    key_column  name;
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
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

    SELECT e.extnamespace::regnamespace::name INTO ext_ns FROM pg_extension e WHERE e.extname = 'uidx';
    SELECT pt.partclass[0], a.attname, k.relnamespace::regnamespace::name, k.relname
      INTO key_opclass, key_column, parent_ns, parent_name
      FROM pg_class k
      LEFT JOIN pg_partitioned_table pt
             ON pt.partrelid = k.oid AND pt.partstrat = 'r' AND pt.partnatts = 1
      LEFT JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE k.oid = parent;
    IF key_column IS NULL OR key_opclass IS DISTINCT FROM
           (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
             WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
               AND o.opcnamespace::regnamespace::name = ext_ns) THEN
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
            SELECT k.oid::regclass AS part, k.relkind, fs.srvname, m[1] AS lo, m[2] AS hi
              FROM pg_inherits i
              JOIN pg_class k ON k.oid = i.inhrelid
              LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
              LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
              CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid),
                                              '^FOR VALUES FROM \(''?([^'')]*)''?\) TO \(''?([^'')]*)''?\)$') m
             WHERE i.inhparent = parent AND m IS NOT NULL   -- not the DEFAULT partition
             ORDER BY k.relname
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

    -- One partition per run of consecutive countries.
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF run_first IS NOT NULL AND (c IS NULL OR c <> run_last + 1) THEN
            part_name := parent_name || '_c' || lpad(run_first::text, 3, '0');
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
COMMENT ON FUNCTION uidx_attach_countries(regclass, name, boolean, integer[], text) IS 'internal: the work of uidx_attach_region and uidx_attach_local_region';

CREATE FUNCTION uidx_attach_region(parent regclass, server name, countries integer[],
                                   remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table for the countries of a region, and registers them';

CREATE FUNCTION uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by time, and registers them';

-- For an application tier that routes by itself.
CREATE FUNCTION uidx_region_of(id iuid) RETURNS name
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
    SELECT r.server INTO result FROM @extschema@.uidx_region r WHERE r.country = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
COMMENT ON FUNCTION uidx_region_of(iuid) IS 'the foreign server of the region that holds the id''s country (NULL: this database)';

-- ---------------------------------------------------------------------------
-- COMB: the comb type sorts as SQL Server's uniqueidentifier (README "The
-- comb type"): bytes 10-15, then 8-9, then 7, 6, 5, 4, 3, 2, 1, 0, where 1.0
-- compared bytes 10-15, then 0-9.  Values of one millisecond can now sort
-- the other way round, so btree and BRIN indexes on comb built by 1.0 must
-- be rebuilt: each one is named, with the REINDEX to run (a WARNING: an
-- extension script shows nothing below that level).  Range partitions
-- whose bounds are comb_lower_bound() values (zeros in bytes 0-9, as
-- uidx_create_time_partitions makes them) keep every row where it belongs;
-- other bounds are named too.
-- ---------------------------------------------------------------------------
DO $uidx$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT DISTINCT i.indexrelid::regclass AS idx, am.amname
          FROM pg_index i
          JOIN pg_opclass oc ON oc.oid = ANY (i.indclass::oid[])
          JOIN pg_am am ON am.oid = oc.opcmethod
         WHERE oc.opcintype = '@extschema@.comb'::regtype
           AND am.amname IN ('btree', 'brin')
         ORDER BY 1
    LOOP
        RAISE WARNING 'the % index % is ordered by the comb order of uidx 1.0', r.amname, r.idx
            USING HINT = format('Rebuild it: REINDEX INDEX %s;', r.idx);
    END LOOP;
    FOR r IN
        SELECT c.oid::regclass AS part, pg_get_expr(c.relpartbound, c.oid) AS bound
          FROM pg_class c
          JOIN pg_inherits inh ON inh.inhrelid = c.oid
          JOIN pg_partitioned_table pt ON pt.partrelid = inh.inhparent
          JOIN pg_opclass oc ON oc.oid = ANY (pt.partclass::oid[])
         WHERE oc.opcintype = '@extschema@.comb'::regtype
           AND pt.partstrat = 'r'
           AND pg_get_expr(c.relpartbound, c.oid)
               ~ '''(?!00000000-0000-0000-0000-)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'''
         ORDER BY 1
    LOOP
        RAISE WARNING 'partition % has a comb bound with non-zero bytes 0-9: %', r.part, r.bound
            USING HINT = 'Rows of the bound''s millisecond may belong to the neighbouring partition under the new comb order; check them.';
    END LOOP;
END
$uidx$;
