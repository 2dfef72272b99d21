-- ---------------------------------------------------------------------------
-- DistributedId: Architect.Identities' 28-digit decimal IDs (FORMATS.md §A1) as the
-- type distid, and DistributedId128 (FORMATS.md §A2) on uuid
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- distid: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts,
-- operators with uuid, min/max.  iuid, comb and distid each have this same
-- set, written out for each type; only the descriptor behind the C functions
-- (src/distid.c) differs.  '%' is distid's own character in the
-- names of its uuid-order operators.
-- The reasons for each choice are given with iuid's set (10-iuid.sql).
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
COMMENT ON FUNCTION distid_in(cstring) IS 'text input of distid (validating)';
COMMENT ON FUNCTION distid_out(distid) IS 'text output of distid';
COMMENT ON FUNCTION distid_recv(internal) IS 'binary input of distid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION distid_send(distid) IS 'binary output of distid: 16 bytes, the uuid wire format';

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

CREATE OPERATOR CLASS distid_ops DEFAULT FOR TYPE distid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 distid_cmp(distid, distid),
    FUNCTION 2 distid_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);
COMMENT ON OPERATOR CLASS distid_ops USING btree IS 'default btree operator class of distid';

CREATE OPERATOR CLASS distid_hash_ops DEFAULT FOR TYPE distid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 distid_hash(distid),
    FUNCTION 2 distid_hash_extended(distid, bigint);
COMMENT ON OPERATOR CLASS distid_hash_ops USING hash IS 'default hash operator class of distid';

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
COMMENT ON OPERATOR CLASS distid_minmax_ops USING brin IS 'default BRIN minmax operator class of distid';

CREATE CAST (distid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid(uuid) IS 'cast from uuid to distid, validating (22P02 for a value of another layout)';
CREATE CAST (uuid AS distid) WITH FUNCTION distid(uuid) AS ASSIGNMENT;

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

ALTER OPERATOR FAMILY distid_hash_ops USING hash ADD
    OPERATOR 1 = (distid, uuid),
    OPERATOR 1 = (uuid, distid),
    OPERATOR 1 %=% (uuid, uuid),
    FUNCTION 1 (uuid, uuid) pg_catalog.uuid_hash(uuid),
    FUNCTION 2 (uuid, uuid) pg_catalog.uuid_hash_extended(uuid, bigint);

ALTER OPERATOR FAMILY distid_minmax_ops USING brin ADD
    OPERATOR 1 < (distid, uuid),
    OPERATOR 2 <= (distid, uuid),
    OPERATOR 3 = (distid, uuid),
    OPERATOR 4 >= (distid, uuid),
    OPERATOR 5 > (distid, uuid);

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
COMMENT ON TYPE distid IS 'DistributedId: Architect.Identities'' 28-digit decimal ID as a 16-byte integer';

-- numeric <-> distid: the same integer.  Assignment casts, so that inserting a
-- numeric into a distid column (and back) works, while an expression such as
-- distid_col = 123::numeric is an error instead of silently comparing as
-- numeric, where no distid index could serve it.
CREATE FUNCTION distid(numeric) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid(numeric) IS 'cast from numeric to distid (an integer from 0 to 2^93 - 1)';
CREATE CAST (numeric AS distid) WITH FUNCTION distid(numeric) AS ASSIGNMENT;
CREATE FUNCTION distid_to_numeric(distid) RETURNS numeric
    AS 'MODULE_PATHNAME', 'distid_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_to_numeric(distid) IS 'cast from distid to numeric';
CREATE CAST (distid AS numeric) WITH FUNCTION distid_to_numeric(distid) AS ASSIGNMENT;

-- distid = and <> an integer (integer, bigint, numeric), in both orders:
-- `distid_col = 123`, and the parameters drivers send for a distid read back
-- as a number (a JavaScript BigInt as bigint, a decimal as numeric).  The
-- integer is cast to distid (22003 outside 0 .. 2^93 - 1, 22P02 with a
-- fraction) and compared as a distid.  The functions are SQL without SET and
-- with every name qualified, so the planner inlines them: `distid_col = 123`
-- becomes `distid_col = distid(123)`, which the distid index serves.  Only =
-- and <>: an ordering against integers would need the operator family's
-- cross-type support as well.  Each type has its own operator, so that an
-- integer constant matches one exactly instead of being ambiguous between
-- bigint and numeric.
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

CREATE FUNCTION distid_generate() RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_generate() IS 'new DistributedId (Architect.Identities), monotonic per backend';
-- The same generator, as numeric for existing DECIMAL(28,0) columns.
CREATE FUNCTION distributed_id() RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributed_id() IS 'new DistributedId as numeric, for DECIMAL(28,0) columns';

-- The embedded millisecond (since 1900), without the 1 s leeway added back.
CREATE FUNCTION distid_timestamp(distid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp(distid) IS 'embedded millisecond of a DistributedId (without the 1 s leeway)';
CREATE FUNCTION distid_timestamp(numeric) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'distid_timestamp_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp(numeric) IS 'embedded millisecond of a DistributedId given as numeric';
-- The smallest distid with distid_timestamp(id) >= at (a partition bound).
CREATE FUNCTION distid_lower_bound(at timestamptz) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_lower_bound(timestamptz) IS 'smallest distid whose distid_timestamp is at or after at';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest distid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every distid.
CREATE FUNCTION distid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_bound(timestamptz, boolean, boolean) IS 'internal: the distid bound of an instant in the conditions that time filters on distid keys imply';

CREATE FUNCTION distid128_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_generate() IS 'new DistributedId128 (a uuid), monotonic per backend';
-- NULL unless the uuid is DistributedId128-shaped (version 7, bit 64 clear).
CREATE FUNCTION distid128_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_timestamp(uuid) IS 'embedded millisecond of a DistributedId128; NULL for other layouts';
