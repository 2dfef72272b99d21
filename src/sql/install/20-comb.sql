
-- ---------------------------------------------------------------------------
-- COMB: random UUIDs with a time part (FORMATS.md §B)
-- ---------------------------------------------------------------------------
-- The comb type holds suffix COMBs (time in bytes 10-15) and sorts them as
-- SQL Server sorts uniqueidentifier: bytes 10-15, 8-9, then 7, 6, ..., 0.
-- Every 16-byte value is a valid comb: migrated SQL Server keys keep the
-- version bits they came with.
-- ---------------------------------------------------------------------------
-- comb: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts,
-- operators with uuid, min/max.  iuid, comb and distid each have this same
-- set, written out for each type; only the descriptor behind the C functions
-- (src/comb.c) differs.  '^' is comb's own character in the
-- names of its uuid-order operators.
-- The reasons for each choice are given with iuid's set (10-iuid.sql).
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
COMMENT ON FUNCTION comb_in(cstring) IS 'text input of comb (validating)';
COMMENT ON FUNCTION comb_out(comb) IS 'text output of comb';
COMMENT ON FUNCTION comb_recv(internal) IS 'binary input of comb: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION comb_send(comb) IS 'binary output of comb: 16 bytes, the uuid wire format';

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

CREATE OPERATOR CLASS comb_ops DEFAULT FOR TYPE comb USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 comb_cmp(comb, comb),
    FUNCTION 2 comb_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);
COMMENT ON OPERATOR CLASS comb_ops USING btree IS 'default btree operator class of comb';

CREATE OPERATOR CLASS comb_hash_ops DEFAULT FOR TYPE comb USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 comb_hash(comb),
    FUNCTION 2 comb_hash_extended(comb, bigint);
COMMENT ON OPERATOR CLASS comb_hash_ops USING hash IS 'default hash operator class of comb';

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
COMMENT ON OPERATOR CLASS comb_minmax_ops USING brin IS 'default BRIN minmax operator class of comb';

CREATE CAST (comb AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION comb(uuid) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb(uuid) IS 'cast from uuid to comb, validating (22P02 for a value of another layout)';
CREATE CAST (uuid AS comb) WITH FUNCTION comb(uuid) AS ASSIGNMENT;

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

ALTER OPERATOR FAMILY comb_hash_ops USING hash ADD
    OPERATOR 1 = (comb, uuid),
    OPERATOR 1 = (uuid, comb),
    OPERATOR 1 ^=^ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) pg_catalog.uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) pg_catalog.uuid_hash_extended(uuid, bigint);

ALTER OPERATOR FAMILY comb_minmax_ops USING brin ADD
    OPERATOR 1 < (comb, uuid),
    OPERATOR 2 <= (comb, uuid),
    OPERATOR 3 = (comb, uuid),
    OPERATOR 4 >= (comb, uuid),
    OPERATOR 5 > (comb, uuid);

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
COMMENT ON TYPE comb IS 'suffix COMB: a UUID with its time in bytes 10-15, ordered by that time first';

-- Generators: VOLATILE, and not STRICT so that a NULL argument is an error
-- (22004) rather than a NULL key.
CREATE FUNCTION comb_prefix_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now';
CREATE FUNCTION comb_prefix_generate(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'comb_prefix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';

CREATE FUNCTION comb_suffix_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now';
CREATE FUNCTION comb_suffix_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_suffix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';

CREATE FUNCTION comb_short_prefix_generate(interval_length interval DEFAULT '1 minute',
                                           interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_generate(interval, integer) IS 'new short prefix COMB: an interval counter in the leading bytes (sequential-uuids uuid_time_nextval)';

CREATE FUNCTION comb_short_suffix_generate(interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_suffix_generate(interval) IS 'new short suffix COMB: a 16-bit interval counter in bytes 10-11';

-- PARALLEL UNSAFE: it advances the sequence with nextval(), a write that
-- parallel workers may not perform.
CREATE FUNCTION comb_sequence_generate(seq regclass, block_size integer DEFAULT 65536,
                                       block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION comb_sequence_generate(regclass, integer, integer) IS 'new sequence COMB: a block number from nextval in the leading bytes (sequential-uuids uuid_sequence_nextval)';

CREATE FUNCTION comb_sqlserver_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now';
CREATE FUNCTION comb_sqlserver_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_sqlserver_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_generate(timestamptz) IS 'new SQL Server COMB with the given time';

-- The generators with their random bytes given: `random` is the 16 bytes a
-- generator would have drawn.  The time (or block) field is written over
-- them and version 4 / variant 10 is set.  Deterministic, for test vectors
-- and for stamping a time onto an existing random UUID (RT.Comb's Create).
CREATE FUNCTION comb_prefix_from_parts(at timestamptz, random bytea) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_from_parts(timestamptz, bytea) IS 'prefix COMB from a time and the 16 random bytes';
CREATE FUNCTION comb_suffix_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_from_parts(timestamptz, bytea) IS 'suffix COMB from a time and the 16 random bytes';
CREATE FUNCTION comb_short_prefix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute',
                                             interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_from_parts(timestamptz, bytea, interval, integer) IS 'short prefix COMB from a time and the 16 random bytes';
CREATE FUNCTION comb_short_suffix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_suffix_from_parts(timestamptz, bytea, interval) IS 'short suffix COMB from a time and the 16 random bytes';
-- `value` is what nextval() returned.
CREATE FUNCTION comb_sequence_from_parts(value bigint, random bytea,
                                         block_size integer DEFAULT 65536,
                                         block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';
CREATE FUNCTION comb_sqlserver_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_from_parts(timestamptz, bytea) IS 'SQL Server COMB from a time and the 16 random bytes';

-- Extraction.  On uuid: NULL unless version 4, variant 10.
CREATE FUNCTION comb_prefix_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE FUNCTION comb_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_timestamp(comb) IS 'time (millisecond) in bytes 10-15 of a comb';
CREATE FUNCTION comb_sqlserver_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_timestamp(comb) IS 'SQL Server datetime in bytes 10-15 of a comb';
CREATE FUNCTION comb_short_prefix(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';

-- IMMUTABLE: a function of its arguments only.  The now() default is part of
-- the caller's expression, which makes such a call STABLE, never folded.
CREATE FUNCTION comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
                                           at timestamptz DEFAULT pg_catalog.now(),
                                           interval_length interval DEFAULT '1 minute')
RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_is_valid(uuid, interval, timestamptz, interval) IS 'whether a short prefix COMB''s counter was current within at +/- tolerance';

-- Prefix form (sorts as plain uuid) <-> suffix form (the comb type): bytes
-- 0-5 and 10-15 trade places.  Lossless and inverse to each other.
CREATE FUNCTION comb_prefix_to_suffix(uuid) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_to_suffix(uuid) IS 'prefix COMB to the comb type (bytes 0-5 and 10-15 swapped)';
CREATE FUNCTION comb_suffix_to_prefix(comb) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_to_prefix(comb) IS 'comb to the prefix COMB form (bytes 0-5 and 10-15 swapped)';

-- The smallest comb of the millisecond of `at`: partition bounds and range scans.
CREATE FUNCTION comb_lower_bound(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_lower_bound(timestamptz) IS 'smallest comb of the millisecond of at (range scans, partition bounds)';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest comb whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every comb
-- or, where no 16 bytes are, the first or last comb.
CREATE FUNCTION comb_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_bound(timestamptz, boolean, boolean) IS 'internal: the comb bound of an instant in the conditions that time filters on comb keys imply';

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
