-- ---------------------------------------------------------------------------
-- uidx_inspect: what is this ID?
-- ---------------------------------------------------------------------------

-- The raw readings of the C detector, with their scores (higher first).
CREATE FUNCTION uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                      OUT details jsonb, OUT score integer)
RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';

--@include inspect.sql
