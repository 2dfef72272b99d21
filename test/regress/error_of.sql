-- Shared by the pg_regress files (\i test/regress/error_of.sql; pg_regress runs
-- psql from the top of the tree and feeds the test on stdin): runs a statement
-- and shows its SQLSTATE, message and detail instead of failing (psql's
-- verbose mode would also print source file line numbers).  Its operators
-- are qualified so that it also works under the hostile search_path of
-- sql/privileges.sql.  No detail for 42883 (no such function or operator):
-- PostgreSQL 19 adds one there ("No function of that name accepts the given
-- argument types.") that earlier servers do not print.
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
           OPERATOR(pg_catalog.||) CASE WHEN detail OPERATOR(pg_catalog.=) ''
                                          OR SQLSTATE OPERATOR(pg_catalog.=) '42883' THEN ''
                                        ELSE ' / ' OPERATOR(pg_catalog.||) detail END;
END
$$;
