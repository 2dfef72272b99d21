-- \set public_id_key, then \i: writes the key file in the data directory (as
-- the server's OS user, so private to it), points uidx.public_id_key_file at
-- it and reconnects; the postmaster reloads before it accepts the new session.
LOAD 'uidx';
COPY (SELECT :'public_id_key') TO PROGRAM 'umask 077 && cat > uidx_regress_public_id.key';
ALTER SYSTEM SET uidx.public_id_key_file = 'uidx_regress_public_id.key';
SELECT pg_reload_conf();
\c
