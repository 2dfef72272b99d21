-- Undoes test/regress/public_id_key.sql: no key file setting, no file.
LOAD 'uidx';
ALTER SYSTEM RESET uidx.public_id_key_file;
COPY (SELECT) TO PROGRAM 'cat >/dev/null; rm -f uidx_regress_public_id.key';
SELECT pg_reload_conf();
\c
