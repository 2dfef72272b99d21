
-- ---------------------------------------------------------------------------
-- COMB: random UUIDs with a time part (spec section B)
-- ---------------------------------------------------------------------------
-- The comb type holds suffix COMBs (time in bytes 10-15, SQL Server's order)
-- and sorts them by that time, then by bytes 0-9.  Every 16-byte value is a
-- valid comb: migrated SQL Server keys keep the version bits they came with.
-- @bytes16_type comb ^

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

-- Index conditions for comb_prefix_timestamp(uuid) (bytes 0-5) and
-- comb_timestamp(comb) (bytes 10-15, first in the comb order); README "Time
-- filters that use the index".
CREATE FUNCTION comb_prefix_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Extraction.  On uuid: NULL unless version 4, variant 10.
CREATE FUNCTION comb_prefix_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT comb_prefix_timestamp_support;
CREATE FUNCTION comb_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT comb_timestamp_support;
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

-- pg_partman 5 for prefix COMBs in a uuid column: the smallest version-4 COMB
-- of a millisecond, and its millisecond back from the text pg_partman passes.
CREATE FUNCTION comb_prefix_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(ts, '\x00000000000000000000000000000000'::pg_catalog.bytea) $$;
CREATE FUNCTION comb_prefix_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_timestamp(id::pg_catalog.uuid) $$;
