-- Shared by the pg_regress files (\i sql/include/error_of.sql; pg_regress runs
-- psql from the top of the tree and feeds the test on stdin): runs a statement
-- and shows its SQLSTATE, message and detail instead of failing (psql's
-- verbose mode would also print source file line numbers).
CREATE FUNCTION pg_temp.error_of(statement text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    EXECUTE statement;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ': ' || SQLERRM || COALESCE(NULLIF(' / ' || detail, ' / '), '');
END
$$;
