
-- ---------------------------------------------------------------------------
-- COMB: random UUIDs with a time part (FORMATS.md §B)
-- ---------------------------------------------------------------------------
-- The comb type holds suffix COMBs (time in bytes 10-15) and sorts them as
-- SQL Server sorts uniqueidentifier: bytes 10-15, 8-9, then 7, 6, ..., 0.
-- Every 16-byte value is a valid comb: migrated SQL Server keys keep the
-- version bits they came with.
-- @bytes16_type comb ^
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

-- Index conditions for comb_prefix_timestamp(uuid) (bytes 0-5) and
-- comb_timestamp(comb) (bytes 10-15, first in the comb order); README "Time
-- filters that use the index".
CREATE FUNCTION comb_prefix_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_timestamp_support(internal) IS 'planner support of comb_prefix_timestamp: index conditions on the id';
CREATE FUNCTION comb_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_timestamp_support(internal) IS 'planner support of comb_timestamp: index conditions on the id';

-- Extraction.  On uuid: NULL unless version 4, variant 10.
CREATE FUNCTION comb_prefix_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT comb_prefix_timestamp_support;
COMMENT ON FUNCTION comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE FUNCTION comb_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT comb_timestamp_support;
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
