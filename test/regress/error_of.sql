-- Shared by the pg_regress files (\i test/regress/error_of.sql; pg_regress runs
-- psql from the top of the tree and feeds the test on stdin): runs a statement
-- and shows its SQLSTATE, message and detail instead of failing (psql's
-- verbose mode would also print source file line numbers).  Its operators
-- are qualified so that it also works under the hostile search_path of
-- sql/privileges.sql.
CREATE FUNCTION pg_temp.error_of(statement text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    EXECUTE statement;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE OPERATOR(pg_catalog.||) ': ' OPERATOR(pg_catalog.||) SQLERRM
           OPERATOR(pg_catalog.||) CASE WHEN detail OPERATOR(pg_catalog.=) '' THEN ''
                                        ELSE ' / ' OPERATOR(pg_catalog.||) detail END;
END
$$;
