-- uidx install script, assembled from sql/install/*.sql by the Makefile.
\echo Use "CREATE EXTENSION uidx" to load this file. \quit

-- ---------------------------------------------------------------------------
-- Shared: errors for registry look-ups, time-range partitions
-- ---------------------------------------------------------------------------

-- Raises "unknown <kind> <name>".  VOLATILE so that the planner never folds it
-- into a constant (it is only reached when a registry look-up found nothing).
CREATE FUNCTION uidx_raise_unknown_name(kind text, name text) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

-- Creates the missing RANGE partitions [b, b + step) for b = from_ts,
-- from_ts + step, ... < to_ts of a table partitioned by one uidx
-- time-ordered column, and returns the partitions it created.  The bounds are
-- the <type>_lower_bound() of each instant; step arithmetic follows the
-- session time zone (so '1 month' means calendar months).  Partitions are
-- named <parent>_pYYYYMMDD (plus _HH24MI when the step is under a day), from
-- the lower bound in UTC; an existing partition of that name is left alone.
CREATE FUNCTION uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    key_type    regtype;
    key_name    text;
    bound_name  text;
    bound_fn    regprocedure;
    parent_ns   name;
    parent_name name;
    name_format text;
    lo          timestamptz;
    hi          timestamptz;
    part_name   text;
    existing    regclass;
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

    name_format := CASE WHEN step < interval '1 day' THEN 'YYYYMMDD"_"HH24MI' ELSE 'YYYYMMDD' END;
    lo := from_ts;
    WHILE lo < to_ts LOOP
        hi := lo + step;
        part_name := parent_name || '_p' || to_char(lo AT TIME ZONE 'UTC', name_format);
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
        lo := hi;
    END LOOP;
END
$fn$;

-- The smallest uuid whose first six bytes hold the unix millisecond of `at`:
-- a partition bound for uuid columns holding UUIDv7, prefix COMB or iUID values.
CREATE FUNCTION uidx_uuid_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---------------------------------------------------------------------------
-- iUID: inDrive's UUIDv8 (spec section C)
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- iuid: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts
-- (expanded from sql/install/bytes16_type.sql.in, once per 16-byte type)
-- ---------------------------------------------------------------------------
CREATE TYPE iuid;

CREATE FUNCTION iuid_in(cstring) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_out(iuid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_recv(internal) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_send(iuid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE iuid (
    INPUT = iuid_in,
    OUTPUT = iuid_out,
    RECEIVE = iuid_recv,
    SEND = iuid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);

CREATE FUNCTION iuid_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_eq(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_ne(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_hash(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_hash_extended(iuid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- btequalimage: equal values are bitwise equal, so btree deduplication is safe.
CREATE OPERATOR CLASS iuid_ops DEFAULT FOR TYPE iuid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 iuid_cmp(iuid, iuid),
    FUNCTION 2 iuid_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);

CREATE OPERATOR CLASS iuid_hash_ops DEFAULT FOR TYPE iuid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 iuid_hash(iuid),
    FUNCTION 2 iuid_hash_extended(iuid, bigint);

CREATE OPERATOR CLASS iuid_minmax_ops DEFAULT FOR TYPE iuid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);

-- The same 16 bytes: free towards uuid; validated from uuid.
CREATE CAST (iuid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION iuid(uuid) RETURNS iuid
    AS 'MODULE_PATHNAME', 'iuid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (uuid AS iuid) WITH FUNCTION iuid(uuid);


-- Registry of service/entity codes, e.g. (7, 'AyanOrder').  Its rows are
-- user data: pg_dump keeps them.
CREATE TABLE iuid_service_entity (
    code smallint PRIMARY KEY CHECK (code BETWEEN 0 AND 255),
    name text NOT NULL UNIQUE
);
SELECT pg_catalog.pg_extension_config_dump('iuid_service_entity', '');
GRANT SELECT ON iuid_service_entity TO PUBLIC;

CREATE FUNCTION iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION iuid_generate(service_entity text, country integer DEFAULT NULL)
RETURNS iuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
SELECT @extschema@.iuid_generate(
    COALESCE((SELECT e.code::pg_catalog.int4
                FROM @extschema@.iuid_service_entity e
               WHERE e.name OPERATOR(pg_catalog.=) $1),
             @extschema@.uidx_raise_unknown_name('iuid service entity', $1)),
    $2)
$$;

CREATE FUNCTION iuid_generate_at(at timestamptz, service_entity integer,
                                 country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION iuid_from_parts(at timestamptz, country integer,
                                service_entity integer, random bigint DEFAULT 0)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION iuid_lower_bound(at timestamptz) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION iuid_timestamp(iuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_country(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_service_entity(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_format_version(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_random(iuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The same on plain uuid columns: NULL when the value is not an iUID.
CREATE FUNCTION iuid_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'iuid_timestamp_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_country(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_service_entity(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_service_entity_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_format_version(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_format_version_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_random(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'iuid_random_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;


-- ---------------------------------------------------------------------------
-- COMB: random UUIDs with a time part (spec section B)
-- ---------------------------------------------------------------------------
-- The comb type holds suffix COMBs (time in bytes 10-15, SQL Server's order)
-- and sorts them by that time, then by bytes 0-9.  Every 16-byte value is a
-- valid comb: migrated SQL Server keys keep the version bits they came with.
-- ---------------------------------------------------------------------------
-- comb: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts
-- (expanded from sql/install/bytes16_type.sql.in, once per 16-byte type)
-- ---------------------------------------------------------------------------
CREATE TYPE comb;

CREATE FUNCTION comb_in(cstring) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_out(comb) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_recv(internal) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_send(comb) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE comb (
    INPUT = comb_in,
    OUTPUT = comb_out,
    RECEIVE = comb_recv,
    SEND = comb_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);

CREATE FUNCTION comb_cmp(comb, comb) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_eq(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_ne(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_lt(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_le(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_gt(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_ge(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_hash(comb) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION comb_hash_extended(comb, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = comb, RIGHTARG = comb, PROCEDURE = comb_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- btequalimage: equal values are bitwise equal, so btree deduplication is safe.
CREATE OPERATOR CLASS comb_ops DEFAULT FOR TYPE comb USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 comb_cmp(comb, comb),
    FUNCTION 2 comb_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);

CREATE OPERATOR CLASS comb_hash_ops DEFAULT FOR TYPE comb USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 comb_hash(comb),
    FUNCTION 2 comb_hash_extended(comb, bigint);

CREATE OPERATOR CLASS comb_minmax_ops DEFAULT FOR TYPE comb USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);

-- The same 16 bytes: free towards uuid; validated from uuid.
CREATE CAST (comb AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION comb(uuid) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (uuid AS comb) WITH FUNCTION comb(uuid);


-- Generators: VOLATILE, and not STRICT so that a NULL argument is an error
-- (22004) rather than a NULL key.
CREATE FUNCTION comb_prefix_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION comb_prefix_generate(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'comb_prefix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION comb_suffix_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION comb_suffix_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_suffix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION comb_short_prefix_generate(interval_length interval DEFAULT '1 minute',
                                           interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION comb_short_suffix_generate(interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;

-- PARALLEL UNSAFE: it advances the sequence with nextval(), a write that
-- parallel workers may not perform.
CREATE FUNCTION comb_sequence_generate(seq regclass, block_size integer DEFAULT 65536,
                                       block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;

CREATE FUNCTION comb_sqlserver_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION comb_sqlserver_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_sqlserver_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;

-- The generators with their random bytes given: `random` is the 16 bytes a
-- generator would have drawn.  The time (or block) field is written over
-- them and version 4 / variant 10 is set.  Deterministic, for test vectors
-- and for stamping a time onto an existing random UUID (RT.Comb's Create).
CREATE FUNCTION comb_prefix_from_parts(at timestamptz, random bytea) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_suffix_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_short_prefix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute',
                                             interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_short_suffix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- `value` is what nextval() returned.
CREATE FUNCTION comb_sequence_from_parts(value bigint, random bytea,
                                         block_size integer DEFAULT 65536,
                                         block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_sqlserver_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Extraction.  On uuid: NULL unless version 4, variant 10.
CREATE FUNCTION comb_prefix_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_sqlserver_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_short_prefix(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- IMMUTABLE: a function of its arguments only.  The now() default is part of
-- the caller's expression, which makes such a call STABLE, never folded.
CREATE FUNCTION comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
                                           at timestamptz DEFAULT pg_catalog.now(),
                                           interval_length interval DEFAULT '1 minute')
RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Prefix form (sorts as plain uuid) <-> suffix form (the comb type): bytes
-- 0-5 and 10-15 trade places.  Lossless and inverse to each other.
CREATE FUNCTION comb_prefix_to_suffix(uuid) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_suffix_to_prefix(comb) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The smallest comb of the millisecond of `at`: partition bounds and range scans.
CREATE FUNCTION comb_lower_bound(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- ---------------------------------------------------------------------------
-- DistributedId: Architect.Identities' 28-digit decimal IDs (spec A1) as the
-- type distid, and DistributedId128 (spec A2) on uuid
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- distid: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts
-- (expanded from sql/install/bytes16_type.sql.in, once per 16-byte type)
-- ---------------------------------------------------------------------------
CREATE TYPE distid;

CREATE FUNCTION distid_in(cstring) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_out(distid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_recv(internal) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_send(distid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE distid (
    INPUT = distid_in,
    OUTPUT = distid_out,
    RECEIVE = distid_recv,
    SEND = distid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);

CREATE FUNCTION distid_cmp(distid, distid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_eq(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_ne(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_lt(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_le(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_gt(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_ge(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_hash(distid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION distid_hash_extended(distid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel,
    HASHES, MERGES
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
    LEFTARG = distid, RIGHTARG = distid, PROCEDURE = distid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- btequalimage: equal values are bitwise equal, so btree deduplication is safe.
CREATE OPERATOR CLASS distid_ops DEFAULT FOR TYPE distid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 distid_cmp(distid, distid),
    FUNCTION 2 distid_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);

CREATE OPERATOR CLASS distid_hash_ops DEFAULT FOR TYPE distid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 distid_hash(distid),
    FUNCTION 2 distid_hash_extended(distid, bigint);

CREATE OPERATOR CLASS distid_minmax_ops DEFAULT FOR TYPE distid USING brin AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);

-- The same 16 bytes: free towards uuid; validated from uuid.
CREATE CAST (distid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (uuid AS distid) WITH FUNCTION distid(uuid);


-- numeric <-> distid: the same integer.  Assignment casts, so that inserting a
-- numeric into a distid column (and back) works, while an expression such as
-- distid_col = 123::numeric is an error instead of silently comparing as
-- numeric, where no distid index could serve it.
CREATE FUNCTION distid(numeric) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (numeric AS distid) WITH FUNCTION distid(numeric) AS ASSIGNMENT;
CREATE FUNCTION distid_to_numeric(distid) RETURNS numeric
    AS 'MODULE_PATHNAME', 'distid_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (distid AS numeric) WITH FUNCTION distid_to_numeric(distid) AS ASSIGNMENT;

CREATE FUNCTION distid_generate() RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
-- The same generator, as numeric for existing DECIMAL(28,0) columns.
CREATE FUNCTION distributed_id() RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- The embedded millisecond (since 1900), without the 1 s leeway added back.
CREATE FUNCTION distid_timestamp(distid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distid_timestamp(numeric) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'distid_timestamp_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- The smallest distid with distid_timestamp(id) >= at (a partition bound).
CREATE FUNCTION distid_lower_bound(at timestamptz) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION distid128_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
-- NULL unless the uuid is DistributedId128-shaped (version 7, bit 64 clear).
CREATE FUNCTION distid128_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- ---------------------------------------------------------------------------
-- Alphanumeric IDs: Architect.Identities' base-62 block encoding (spec A3).
-- The text sorts like the value under COLLATE "C".
-- ---------------------------------------------------------------------------
CREATE FUNCTION alnum_encode(distid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_distid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(numeric) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION alnum_decode_distid(text) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_numeric(text) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_uuid(text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_bigint(text) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- ---------------------------------------------------------------------------
-- Public identities: IDs encrypted with AES under uidx.public_id_key into a
-- uuid that reveals nothing (spec A4).  STABLE: the result depends on the key
-- setting.  Decoders return NULL for a forged or foreign value.
-- ---------------------------------------------------------------------------
CREATE FUNCTION public_id_encode(bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_bigint' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_encode(numeric) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_numeric' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_encode(distid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_distid' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_encode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_uuid' LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION public_id_decode_bigint(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_decode_numeric(uuid) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_decode_distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION public_id_decode_uuid(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- ---------------------------------------------------------------------------
-- PK-embedded UUID: pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr (spec section D)
-- ---------------------------------------------------------------------------

-- The seed's CRC-12 (poly 0x80F reflected, init and xorout 0xFFF; check
-- 0xDDD).  Text is hashed as UTF-8 whatever the database encoding.
CREATE FUNCTION crc12(text) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION crc12(bytea) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Registry of group names, for collision checks and /any/<uuid> routing.
-- Its rows are user data: pg_dump keeps them.  `relation` is dumped as the
-- table's name and read back after all tables exist (config table data is
-- restored in the data section).
CREATE TABLE luuid_group (
    group_id   integer PRIMARY KEY CHECK (group_id = crc12(group_name)),
    group_name text NOT NULL UNIQUE CHECK (group_name <> ''),
    relation   regclass
);
SELECT pg_catalog.pg_extension_config_dump('luuid_group', '');
GRANT SELECT ON luuid_group TO PUBLIC;

-- Not STRICT: a NULL group or pk is an error (22004), not a NULL id.
CREATE FUNCTION luuid_generate(group_id integer, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_id' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION luuid_generate(group_name text, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_name' LANGUAGE C VOLATILE PARALLEL SAFE;

-- For column DEFAULTs.  PARALLEL UNSAFE because it advances a sequence, which
-- parallel workers cannot do (nextval itself is PARALLEL UNSAFE).
CREATE FUNCTION luuid_nextval(seq regclass, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;

-- NULL when the uuid does not have this layout.
CREATE FUNCTION luuid_pk(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION luuid_group(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION luuid_short(uuid) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- All ids of one pk and group lie in [luuid_from_short, luuid_upper_bound).
CREATE FUNCTION luuid_from_short(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION luuid_upper_bound(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_upper_bound_short' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- `WHERE luuid_matches_short(id, '23122e', 'Person')` is inlined into that
-- range, so a btree index on id serves it.  Not STRICT, because the planner
-- does not inline STRICT SQL functions whose body (an AND) is not strict.
CREATE FUNCTION luuid_matches_short(id uuid, short text, group_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
SELECT id OPERATOR(pg_catalog.>=) @extschema@.luuid_from_short(short, group_name)
   AND id OPERATOR(pg_catalog.<) @extschema@.luuid_upper_bound(short, group_name)
$$;

-- Registers a group name (and optionally the table its ids live in) and
-- returns its group id.  A name whose CRC-12 is already held by another name
-- is rejected with 23505.  Registering a name again is harmless: a non-NULL
-- relation replaces the stored one, NULL keeps it.  Not SECURITY DEFINER:
-- only the table's owner may write the registry.
CREATE FUNCTION luuid_register_group(group_name text, relation regclass DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql VOLATILE CALLED ON NULL INPUT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    name_given   text := $1;
    rel_given    regclass := $2;
    new_id       integer;
    holder       text;
    held_rel     regclass;
BEGIN
    IF name_given IS NULL THEN
        RAISE EXCEPTION 'luuid group_name must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF name_given = '' THEN
        RAISE EXCEPTION 'luuid group_name must not be empty'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    new_id := @extschema@.crc12(name_given);

    -- A concurrent registration of either the name or a colliding name makes
    -- this wait for it and then do nothing; the check below sees its row.
    INSERT INTO @extschema@.luuid_group AS g (group_id, group_name, relation)
    VALUES (new_id, name_given, rel_given)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
        RETURN new_id;
    END IF;

    SELECT g.group_name, g.relation INTO holder, held_rel
      FROM @extschema@.luuid_group g
     WHERE g.group_id = new_id;
    IF holder IS DISTINCT FROM name_given THEN
        RAISE EXCEPTION 'luuid group name "%" collides with registered group "%"',
                        name_given, holder
            USING ERRCODE = 'unique_violation',
                  DETAIL = format('Both names have the CRC-12 group id %s (0x%s).',
                                  new_id, lpad(upper(to_hex(new_id)), 3, '0')),
                  HINT = 'Use another group name for one of the two entities.';
    END IF;
    IF rel_given IS NOT NULL AND held_rel IS DISTINCT FROM rel_given THEN
        UPDATE @extschema@.luuid_group g SET relation = rel_given
         WHERE g.group_id = new_id;
    END IF;
    RETURN new_id;
END
$fn$;

-- The registered table of the id's group, for /any/<uuid> routing.  NULL
-- when the uuid is not of this layout, its group is not registered or has no
-- relation, or that table has been dropped since.
CREATE FUNCTION luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c
                WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;

-- A dropped table's OID would stay behind in luuid_group.relation: pg_dump
-- writes such an OID as a bare number, which in the restored database may
-- name an unrelated table.  So drops clear the reference.  It runs with the
-- rights of whoever drops the table (uidx has no SECURITY DEFINER code): it
-- only writes when a registered table was dropped, and when that role may not
-- write the registry it warns instead of failing the DROP.
CREATE FUNCTION luuid_forget_dropped_relations() RETURNS event_trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    dropped oid[];
    groups  text;
BEGIN
    SELECT pg_catalog.array_agg(g.relation::oid),
           pg_catalog.string_agg(pg_catalog.quote_literal(g.group_name), ', ' ORDER BY g.group_name)
      INTO dropped, groups
      FROM @extschema@.luuid_group g
     WHERE g.relation IN (SELECT d.objid
                            FROM pg_catalog.pg_event_trigger_dropped_objects() d
                           WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
                             AND d.objsubid = 0);
    IF dropped IS NULL THEN
        RETURN;
    END IF;
    BEGIN
        UPDATE @extschema@.luuid_group g
           SET relation = NULL
         WHERE g.relation::oid OPERATOR(pg_catalog.=) ANY (dropped);
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE WARNING 'luuid_group still routes group(s) % to a dropped table', groups
            USING HINT = 'The registry owner should register the group again with its new table, '
                         'or set relation to NULL.';
    END;
END
$fn$;
CREATE EVENT TRIGGER luuid_forget_dropped_relations ON sql_drop
    EXECUTE FUNCTION luuid_forget_dropped_relations();

-- ---------------------------------------------------------------------------
-- UUIDv7 as PostgreSQL 18 makes it (spec section E)
-- ---------------------------------------------------------------------------

-- On PostgreSQL 18 these are also made, although pg_catalog.uuidv7() comes
-- first in every search path that does not name pg_catalog later, so plain
-- calls reach the core function.  A dump taken before 18 writes column
-- DEFAULTs as <schema>.uuidv7(): without these the restore on 18 would fail.
-- The markings match the core functions.
CREATE FUNCTION uuidv7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_interval' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- The millisecond timestamp of a UUIDv7; NULL for other versions and for
-- non-RFC variants (as uuid_extract_timestamp on PostgreSQL 17+).
CREATE FUNCTION uuidv7_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The smallest UUIDv7 of the millisecond of `at` (ms-7000-8000-000000000000):
-- a range or partition bound for uuidv7 keys.
CREATE FUNCTION uuidv7_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- ---------------------------------------------------------------------------
-- uidx_inspect: what is this ID?
-- ---------------------------------------------------------------------------

-- The raw readings of the C detector, with their scores (higher first).
CREATE FUNCTION uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                      OUT details jsonb, OUT score integer)
RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 3;

-- One row per plausible reading, most likely first, with registry names.
-- STABLE: it reads the registries, the public-id key and the clock (a time
-- after tomorrow is implausible).  Neither STRICT nor SET search_path, so
-- that the planner can inline it into the calling query (a NULL id still
-- gives no rows: the C function is STRICT); every name in the body is
-- schema-qualified instead, so a hostile search_path cannot redirect it.
CREATE FUNCTION uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
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
