
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
