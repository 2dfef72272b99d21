-- Time filters that prune partitions (docs/partitioning.md "Time filters that prune
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
