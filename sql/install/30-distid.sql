-- ---------------------------------------------------------------------------
-- DistributedId: Architect.Identities' 28-digit decimal IDs (FORMATS.md §A1) as the
-- type distid, and DistributedId128 (FORMATS.md §A2) on uuid
-- ---------------------------------------------------------------------------
-- @bytes16_type distid %
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

CREATE FUNCTION distid_generate() RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_generate() IS 'new DistributedId (Architect.Identities), monotonic per backend';
-- The same generator, as numeric for existing DECIMAL(28,0) columns.
CREATE FUNCTION distributed_id() RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributed_id() IS 'new DistributedId as numeric, for DECIMAL(28,0) columns';

-- Index conditions for distid_timestamp(distid) (T in bytes 4-9) and
-- distid128_timestamp(uuid) (bytes 0-5); README "Time filters that use the index".
CREATE FUNCTION distid_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp_support(internal) IS 'planner support of distid_timestamp: index conditions on the id';
CREATE FUNCTION distid128_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_timestamp_support(internal) IS 'planner support of distid128_timestamp: index conditions on the id';

-- The embedded millisecond (since 1900), without the 1 s leeway added back.
CREATE FUNCTION distid_timestamp(distid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT distid_timestamp_support;
COMMENT ON FUNCTION distid_timestamp(distid) IS 'embedded millisecond of a DistributedId (without the 1 s leeway)';
CREATE FUNCTION distid_timestamp(numeric) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'distid_timestamp_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp(numeric) IS 'embedded millisecond of a DistributedId given as numeric';
-- The smallest distid with distid_timestamp(id) >= at (a partition bound).
CREATE FUNCTION distid_lower_bound(at timestamptz) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_lower_bound(timestamptz) IS 'smallest distid whose distid_timestamp is at or after at';

CREATE FUNCTION distid128_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_generate() IS 'new DistributedId128 (a uuid), monotonic per backend';
-- NULL unless the uuid is DistributedId128-shaped (version 7, bit 64 clear).
CREATE FUNCTION distid128_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT distid128_timestamp_support;
COMMENT ON FUNCTION distid128_timestamp(uuid) IS 'embedded millisecond of a DistributedId128; NULL for other layouts';
