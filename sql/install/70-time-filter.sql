-- Time filters that prune partitions (README "Time filters that prune
-- partitions").  key @>=@ at compares the key's time field with the
-- millisecond of `at` (clamped to the field's range), and likewise @<@, @<=@,
-- @=@, @>@.  Each key type's btree family holds them with a cross-type
-- comparison function, so PostgreSQL's partition pruning can compare
-- partition bounds with a time through them; the planner hook of
-- src/time_index.c adds them next to a time filter such as
-- iuid_timestamp(id) >= $1.  Their estimators report selectivity 1: they only
-- restate the filter they come from, whose estimate stands.

CREATE FUNCTION uidx_time_filter_sel(internal, oid, internal, integer) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_filter_sel(internal, oid, internal, integer) IS 'internal: restriction estimator of the time-pruning operators (selectivity 1)';
CREATE FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal) RETURNS float8
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal) IS 'internal: join estimator of the time-pruning operators (selectivity 1)';

-- iuid: the time field of an iUID (bytes 0-5, unix milliseconds)
CREATE FUNCTION iuid_time_cmp(iuid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_cmp(iuid, timestamptz) IS 'internal: compares the time field of an iuid with the millisecond of a timestamptz';
CREATE FUNCTION iuid_time_lt(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_lt(iuid, timestamptz) IS 'internal: time field of an iuid < the millisecond of a timestamptz';
CREATE FUNCTION iuid_time_le(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_le(iuid, timestamptz) IS 'internal: time field of an iuid <= the millisecond of a timestamptz';
CREATE FUNCTION iuid_time_eq(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_eq(iuid, timestamptz) IS 'internal: time field of an iuid = the millisecond of a timestamptz';
CREATE FUNCTION iuid_time_ge(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_ge(iuid, timestamptz) IS 'internal: time field of an iuid >= the millisecond of a timestamptz';
CREATE FUNCTION iuid_time_gt(iuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_gt(iuid, timestamptz) IS 'internal: time field of an iuid > the millisecond of a timestamptz';
CREATE OPERATOR @<@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (iuid, timestamptz) IS 'internal: time field of an iuid < the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @<=@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_le, NEGATOR = @>@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<=@ (iuid, timestamptz) IS 'internal: time field of an iuid <= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @=@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_eq,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @=@ (iuid, timestamptz) IS 'internal: time field of an iuid = the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (iuid, timestamptz) IS 'internal: time field of an iuid >= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>@ (
    LEFTARG = iuid, RIGHTARG = timestamptz, PROCEDURE = iuid_time_gt, NEGATOR = @<=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>@ (iuid, timestamptz) IS 'internal: time field of an iuid > the millisecond of a timestamptz (partition pruning)';
ALTER OPERATOR FAMILY iuid_ops USING btree ADD
    OPERATOR 1 @<@ (iuid, timestamptz),
    OPERATOR 2 @<=@ (iuid, timestamptz),
    OPERATOR 3 @=@ (iuid, timestamptz),
    OPERATOR 4 @>=@ (iuid, timestamptz),
    OPERATOR 5 @>@ (iuid, timestamptz),
    FUNCTION 1 (iuid, timestamptz) iuid_time_cmp(iuid, timestamptz);

-- comb: the time field of a comb (bytes 10-15, unix milliseconds)
CREATE FUNCTION comb_time_cmp(comb, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_comb_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_cmp(comb, timestamptz) IS 'internal: compares the time field of a comb with the millisecond of a timestamptz';
CREATE FUNCTION comb_time_lt(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_lt(comb, timestamptz) IS 'internal: time field of a comb < the millisecond of a timestamptz';
CREATE FUNCTION comb_time_le(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_le(comb, timestamptz) IS 'internal: time field of a comb <= the millisecond of a timestamptz';
CREATE FUNCTION comb_time_eq(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_eq(comb, timestamptz) IS 'internal: time field of a comb = the millisecond of a timestamptz';
CREATE FUNCTION comb_time_ge(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_ge(comb, timestamptz) IS 'internal: time field of a comb >= the millisecond of a timestamptz';
CREATE FUNCTION comb_time_gt(comb, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_comb_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_gt(comb, timestamptz) IS 'internal: time field of a comb > the millisecond of a timestamptz';
CREATE OPERATOR @<@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (comb, timestamptz) IS 'internal: time field of a comb < the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @<=@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_le, NEGATOR = @>@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<=@ (comb, timestamptz) IS 'internal: time field of a comb <= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @=@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_eq,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @=@ (comb, timestamptz) IS 'internal: time field of a comb = the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (comb, timestamptz) IS 'internal: time field of a comb >= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>@ (
    LEFTARG = comb, RIGHTARG = timestamptz, PROCEDURE = comb_time_gt, NEGATOR = @<=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>@ (comb, timestamptz) IS 'internal: time field of a comb > the millisecond of a timestamptz (partition pruning)';
ALTER OPERATOR FAMILY comb_ops USING btree ADD
    OPERATOR 1 @<@ (comb, timestamptz),
    OPERATOR 2 @<=@ (comb, timestamptz),
    OPERATOR 3 @=@ (comb, timestamptz),
    OPERATOR 4 @>=@ (comb, timestamptz),
    OPERATOR 5 @>@ (comb, timestamptz),
    FUNCTION 1 (comb, timestamptz) comb_time_cmp(comb, timestamptz);

-- distid: the time field of a distid (bytes 4-9, milliseconds since 1900)
CREATE FUNCTION distid_time_cmp(distid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_distid_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_cmp(distid, timestamptz) IS 'internal: compares the time field of a distid with the millisecond of a timestamptz';
CREATE FUNCTION distid_time_lt(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_lt(distid, timestamptz) IS 'internal: time field of a distid < the millisecond of a timestamptz';
CREATE FUNCTION distid_time_le(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_le(distid, timestamptz) IS 'internal: time field of a distid <= the millisecond of a timestamptz';
CREATE FUNCTION distid_time_eq(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_eq(distid, timestamptz) IS 'internal: time field of a distid = the millisecond of a timestamptz';
CREATE FUNCTION distid_time_ge(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_ge(distid, timestamptz) IS 'internal: time field of a distid >= the millisecond of a timestamptz';
CREATE FUNCTION distid_time_gt(distid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_distid_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_gt(distid, timestamptz) IS 'internal: time field of a distid > the millisecond of a timestamptz';
CREATE OPERATOR @<@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (distid, timestamptz) IS 'internal: time field of a distid < the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @<=@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_le, NEGATOR = @>@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<=@ (distid, timestamptz) IS 'internal: time field of a distid <= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @=@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_eq,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @=@ (distid, timestamptz) IS 'internal: time field of a distid = the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (distid, timestamptz) IS 'internal: time field of a distid >= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>@ (
    LEFTARG = distid, RIGHTARG = timestamptz, PROCEDURE = distid_time_gt, NEGATOR = @<=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>@ (distid, timestamptz) IS 'internal: time field of a distid > the millisecond of a timestamptz (partition pruning)';
ALTER OPERATOR FAMILY distid_ops USING btree ADD
    OPERATOR 1 @<@ (distid, timestamptz),
    OPERATOR 2 @<=@ (distid, timestamptz),
    OPERATOR 3 @=@ (distid, timestamptz),
    OPERATOR 4 @>=@ (distid, timestamptz),
    OPERATOR 5 @>@ (distid, timestamptz),
    FUNCTION 1 (distid, timestamptz) distid_time_cmp(distid, timestamptz);

-- uuid: the first six bytes of a uuid as unix milliseconds (iUID, prefix COMB)
CREATE FUNCTION uidx_uuid_time_cmp(uuid, timestamptz) RETURNS integer
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_cmp(uuid, timestamptz) IS 'internal: compares the time field of a uuid with the millisecond of a timestamptz';
CREATE FUNCTION uidx_uuid_time_lt(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_lt(uuid, timestamptz) IS 'internal: time field of a uuid < the millisecond of a timestamptz';
CREATE FUNCTION uidx_uuid_time_le(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_le(uuid, timestamptz) IS 'internal: time field of a uuid <= the millisecond of a timestamptz';
CREATE FUNCTION uidx_uuid_time_eq(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_eq(uuid, timestamptz) IS 'internal: time field of a uuid = the millisecond of a timestamptz';
CREATE FUNCTION uidx_uuid_time_ge(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_ge(uuid, timestamptz) IS 'internal: time field of a uuid >= the millisecond of a timestamptz';
CREATE FUNCTION uidx_uuid_time_gt(uuid, timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uidx_prefix_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_time_gt(uuid, timestamptz) IS 'internal: time field of a uuid > the millisecond of a timestamptz';
CREATE OPERATOR @<@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_lt, NEGATOR = @>=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<@ (uuid, timestamptz) IS 'internal: time field of a uuid < the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @<=@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_le, NEGATOR = @>@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @<=@ (uuid, timestamptz) IS 'internal: time field of a uuid <= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @=@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_eq,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @=@ (uuid, timestamptz) IS 'internal: time field of a uuid = the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>=@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_ge, NEGATOR = @<@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>=@ (uuid, timestamptz) IS 'internal: time field of a uuid >= the millisecond of a timestamptz (partition pruning)';
CREATE OPERATOR @>@ (
    LEFTARG = uuid, RIGHTARG = timestamptz, PROCEDURE = uidx_uuid_time_gt, NEGATOR = @<=@,
    RESTRICT = uidx_time_filter_sel, JOIN = uidx_time_filter_joinsel
);
COMMENT ON OPERATOR @>@ (uuid, timestamptz) IS 'internal: time field of a uuid > the millisecond of a timestamptz (partition pruning)';
ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree ADD
    OPERATOR 1 @<@ (uuid, timestamptz),
    OPERATOR 2 @<=@ (uuid, timestamptz),
    OPERATOR 3 @=@ (uuid, timestamptz),
    OPERATOR 4 @>=@ (uuid, timestamptz),
    OPERATOR 5 @>@ (uuid, timestamptz),
    FUNCTION 1 (uuid, timestamptz) uidx_uuid_time_cmp(uuid, timestamptz);
