-- The magic block (src/compat.h, UIDX_MODULE_MAGIC): from PostgreSQL 18 on
-- it names uidx's module and version, which pg_get_loaded_modules() shows:
-- the name uidx, the extension's version (the Makefile's EXTVERSION, which is
-- uidx.control's default_version).  Before 18 there is no such function
-- (expected/module_magic_1.out).
LOAD 'uidx';
SELECT current_setting('server_version_num')::integer >= 180000 AS has_loaded_modules \gset
\if :has_loaded_modules
SELECT module_name,
       version = (SELECT default_version FROM pg_available_extensions WHERE name = 'uidx') AS version_is_default_version,
       version = (SELECT extversion FROM pg_extension WHERE extname = 'uidx') AS version_is_installed_version
  FROM pg_get_loaded_modules()
 WHERE file_name ~ '^uidx\.';
\else
SELECT to_regprocedure('pg_catalog.pg_get_loaded_modules()') IS NULL AS no_loaded_modules_before_18;
\endif
