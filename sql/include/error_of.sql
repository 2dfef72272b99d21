-- Test helper shared by the pg_regress files: SQLSTATE, message and detail
-- of the error a statement raises, or 'ok'.  Included with \i, so it is
-- created per session (in pg_temp).
CREATE FUNCTION pg_temp.error_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    EXECUTE query;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ' ' || SQLERRM || coalesce(nullif(' | ' || detail, ' | '), '');
END $$;
