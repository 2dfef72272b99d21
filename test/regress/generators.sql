-- Shared by the pg_regress files that run every generator: the registry
-- test/t/generators.list as a view (`here`: the line applies to this
-- server), and the fixtures its expressions need.  function and expr sort in
-- the "C" collation, so the tests' order does not depend on the database's locale.
\i test/t/generators-fixtures.sql
CREATE TEMP TABLE registry_line (line text);
\copy registry_line FROM 'test/t/generators.list'
CREATE TEMP VIEW generators AS
SELECT split_part(line, '|', 1) COLLATE "C" AS function, split_part(line, '|', 2) COLLATE "C" AS expr,
       split_part(line, '|', 3) AS type, split_part(line, '|', 4) AS ordering,
       split_part(line, '|', 6) AS parallel,
       split_part(line, '|', 7) = 'all' OR current_setting('server_version_num')::integer < 180000 AS here
  FROM registry_line WHERE line !~ '^\s*(#|$)';
