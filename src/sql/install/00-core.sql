-- uidx install script, assembled from src/sql/install/*.sql by the Makefile.
\echo Use "CREATE EXTENSION uidx" to load this file. \quit

-- ---------------------------------------------------------------------------
-- Shared: errors for registry look-ups, time-range partitions
-- ---------------------------------------------------------------------------

-- Raises "unknown <kind> <name>".  VOLATILE so that the planner never folds it
-- into a constant (it is only reached when a registry look-up found nothing).
CREATE FUNCTION uidx_raise_unknown_name(kind text, name text) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uidx_raise_unknown_name(text, text) IS 'internal: raises 22023 unknown <kind> "<name>" for registry look-ups';

--@include time-partitions.sql

-- The smallest uuid whose first six bytes hold the unix millisecond of `at`:
-- a partition bound for uuid columns holding UUIDv7, prefix COMB or iUID values.
CREATE FUNCTION uidx_uuid_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';

-- The bound the planner support functions of the time functions put into
-- index conditions (docs/partitioning.md "Time filters that use the index"): the 16 bytes
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

