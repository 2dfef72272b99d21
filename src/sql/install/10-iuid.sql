-- ---------------------------------------------------------------------------
-- iUID: inDrive's UUIDv8 (FORMATS.md §C)
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- iuid: fixed 16-byte type, operators, btree/hash/BRIN opclasses, uuid casts,
-- operators with uuid, min/max.  iuid, comb and distid each have this same
-- set, written out for each type; only the descriptor behind the C functions
-- (src/iuid.c) differs.  '#' is iuid's own character in the
-- names of its uuid-order operators.
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
COMMENT ON FUNCTION iuid_in(cstring) IS 'text input of iuid (validating)';
COMMENT ON FUNCTION iuid_out(iuid) IS 'text output of iuid';
COMMENT ON FUNCTION iuid_recv(internal) IS 'binary input of iuid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION iuid_send(iuid) IS 'binary output of iuid: 16 bytes, the uuid wire format';

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
COMMENT ON OPERATOR CLASS iuid_ops USING btree IS 'default btree operator class of iuid';

CREATE OPERATOR CLASS iuid_hash_ops DEFAULT FOR TYPE iuid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 iuid_hash(iuid),
    FUNCTION 2 iuid_hash_extended(iuid, bigint);
COMMENT ON OPERATOR CLASS iuid_hash_ops USING hash IS 'default hash operator class of iuid';

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
COMMENT ON OPERATOR CLASS iuid_minmax_ops USING brin IS 'default BRIN minmax operator class of iuid';

-- The same 16 bytes: free towards uuid; validated from uuid.  An assignment
-- cast, not an implicit one (README "Conventions"): PostgreSQL always
-- searches pg_catalog for operators, so with uidx's schema off the
-- search_path an implicit cast would turn `id < '...'` into uuid's
-- `uuid < uuid`, in uuid's byte order (comb's differs) and with no use of an
-- iuid index or partition bound.  Without one the comparison is an error
-- there (42883), and on the path it finds iuid's operators as before.  The
-- price: a iuid column cannot reference a uuid key (a foreign key needs an
-- implicit cast or operators in the key's own family, and core's uuid
-- families are not uidx's to change), and a iuid passed where a uuid is
-- expected needs `::uuid`.
CREATE CAST (iuid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE FUNCTION iuid(uuid) RETURNS iuid
    AS 'MODULE_PATHNAME', 'iuid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid(uuid) IS 'cast from uuid to iuid, validating (22P02 for a value of another layout)';
-- An assignment cast, so that an INSERT or UPDATE of a uuid parameter (what
-- drivers and ORMs send) works.  Not implicit, so that no expression turns a
-- uuid into a iuid behind the user's back: comparisons have operators below.
CREATE CAST (uuid AS iuid) WITH FUNCTION iuid(uuid) AS ASSIGNMENT;

-- Operators with uuid (docs/drivers.md "The server side").  A uuid is read as
-- the same 16 bytes and compared in iuid's order
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
COMMENT ON TYPE iuid IS 'iUID: inDrive''s UUIDv8 (48-bit ms, country, service entity, random bits)';

-- Registry of service/entity codes, e.g. (7, 'AyanOrder').  Its rows are
-- user data: pg_dump keeps them.
CREATE TABLE iuid_service_entity (
    code smallint PRIMARY KEY CHECK (code BETWEEN 0 AND 255),
    name text NOT NULL UNIQUE
);
COMMENT ON TABLE iuid_service_entity IS 'registry of iUID service entity codes and names';
SELECT pg_catalog.pg_extension_config_dump('iuid_service_entity', '');
GRANT SELECT ON iuid_service_entity TO PUBLIC;

CREATE FUNCTION iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate(integer, integer) IS 'new iUID for now, monotonic per backend; country NULL means uidx.country';

--@include iuid.sql

CREATE FUNCTION iuid_generate_at(at timestamptz, service_entity integer,
                                 country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate_at(timestamptz, integer, integer) IS 'new iUID with the given time and fresh random bits (backfills)';

CREATE FUNCTION iuid_from_parts(at timestamptz, country integer,
                                service_entity integer, random bigint DEFAULT 0)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';

CREATE FUNCTION iuid_lower_bound(at timestamptz) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest iuid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every iuid.
CREATE FUNCTION iuid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) IS 'internal: the iuid bound of an instant in the conditions that time filters on iuid keys imply';

CREATE FUNCTION iuid_timestamp(iuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp(iuid) IS 'creation time (millisecond) of an iUID';
CREATE FUNCTION iuid_country(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(iuid) IS 'country code of an iUID';
CREATE FUNCTION iuid_service_entity(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(iuid) IS 'service entity code of an iUID';
CREATE FUNCTION iuid_format_version(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(iuid) IS 'format version of an iUID (0)';
CREATE FUNCTION iuid_random(iuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(iuid) IS '54 random bits of an iUID';

-- The same on plain uuid columns: NULL when the value is not an iUID.
CREATE FUNCTION iuid_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'iuid_timestamp_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_country(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_service_entity(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_service_entity_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_format_version(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_format_version_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_random(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'iuid_random_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';

-- pg_partman 5 (p_time_encoder / p_time_decoder) for iUIDs kept in a uuid
-- column: the encoder gives the smallest iUID of a millisecond, the decoder
-- takes the text pg_partman passes and gives the millisecond back, so the
-- two round-trip (docs/partitioning.md "pg_partman").
CREATE FUNCTION iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts)::pg_catalog.uuid $$;
COMMENT ON FUNCTION iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE FUNCTION iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';
