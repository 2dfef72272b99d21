-- uidx_sql's public ids against the C extension's under the same key, and
-- who can read uidx_sql's key.  The C key goes to a file in the data
-- directory (test/regress/public_id_key.sql), uidx_sql's into its table.
-- Needs a superuser, the role public_id_reader (LOGIN, nothing else) and
-- pgcrypto.  Prints "public_id: ok N compared" or stops.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
\set public_id_key 'k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc='
\i test/regress/public_id_key.sql
SET client_min_messages = warning;
SELECT uidx_sql.public_id_set_key(decode(:'public_id_key', 'base64'));

CREATE TEMP TABLE pid_cases (c_expr text, s_expr text);
INSERT INTO pid_cases
SELECT format('public.public_id_encode(%s::bigint)::text', v), format('uidx_sql.public_id_encode(%s::bigint)::text', v)
  FROM (VALUES ('0'), ('1'), ('-1'), ('9223372036854775807')) x(v)
UNION ALL
SELECT format('public.public_id_encode(%s::bigint)::text', v), format('uidx_sql.public_id_encode(%s::bigint)::text', v)
  FROM (SELECT abs(('x' || substr(md5('p' || i), 1, 16))::bit(64)::bigint)::text AS v FROM generate_series(1, 300) i) x
UNION ALL
SELECT format('public.public_id_encode(%s::numeric)::text', v), format('uidx_sql.public_id_encode(%s::numeric)::text', v)
  FROM (VALUES ('0'), ('1'), ('18446744073709551615'), ('18446744073709551616'), ('9999999999999999999999999999'),
               ('10000000000000000000000000000'), ('1088824355131185736905670087'), ('5.0'), ('-3'), ('''NaN''')) x(v)
UNION ALL
SELECT format('public.public_id_encode(%s::numeric)::text', v), format('uidx_sql.public_id_encode(%s::numeric)::text', v)
  FROM (SELECT (('x' || substr(md5('q' || i), 1, 15))::bit(60)::bigint::numeric * 8589934592 + i)::text AS v
          FROM generate_series(1, 300) i) x
UNION ALL
SELECT format('public.public_id_encode(%L::uuid)::text', v), format('uidx_sql.public_id_encode(%L::uuid)::text', v)
  FROM (SELECT md5('r' || i)::uuid::text AS v FROM generate_series(1, 300) i) x
UNION ALL
-- decoding: public ids of each kind, and forged values
SELECT format('public.%s(%L::uuid)::text', f, u), format('uidx_sql.%s(%L::uuid)::text', f, u)
  FROM (SELECT public.public_id_encode(i::bigint)::text AS u FROM generate_series(1, 100) i
        UNION ALL SELECT public.public_id_encode(i::numeric * 18446744073709551616 + i)::text FROM generate_series(1, 100) i
        UNION ALL SELECT md5('f' || i)::uuid::text FROM generate_series(1, 300) i
        UNION ALL VALUES ('3625a4bb-7bd6-624d-108d-9d9e599d536b'), ('378c4fe3-a619-dea4-93b8-489f3160e863')) u,
       unnest(ARRAY['public_id_decode_bigint', 'public_id_decode_numeric', 'public_id_decode_uuid']) f;

-- uidx_inspect under the key: a text that decrypts to a bigint block or a
-- decimal block is read first as a public id with the id it stands for
-- (bigint blocks up to 2^64 - 1, decimal blocks above), in every form the
-- detector reads; forged values stay opaque.  One statement (the DO block
-- below) evaluates both editions.
CREATE TEMP TABLE pid_inspect_in (t text);
INSERT INTO pid_inspect_in
SELECT CASE f WHEN 1 THEN u WHEN 2 THEN upper(u) WHEN 3 THEN '{' || u || '}' WHEN 4 THEN ' urn:uuid:' || u || E'\n'
              WHEN 5 THEN public.alnum_encode(u::uuid) ELSE replace(u, '-', '') END
  FROM (SELECT public.public_id_encode(i::bigint)::text AS u FROM generate_series(0, 60) i
        UNION ALL SELECT public.public_id_encode(v)::text
          FROM unnest(ARRAY[9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616,
                            9999999999999999999999999999, 1088824355131185736905670087]) v
        UNION ALL SELECT public.public_id_encode(i::numeric * 18446744073709551616 + i * 7919)::text FROM generate_series(1, 60) i
        UNION ALL SELECT public.public_id_encode(('00000000-0000-0000-' || substr(md5('z' || i), 1, 4) || '-' || substr(md5('z' || i), 5, 12))::uuid)::text
          FROM generate_series(1, 20) i
        UNION ALL SELECT public.public_id_encode(md5('w' || i)::uuid)::text FROM generate_series(1, 40) i
        UNION ALL SELECT md5('f' || i)::uuid::text FROM generate_series(1, 60) i) x,
       generate_series(1, 6) f
 WHERE f = 1 OR length(u) % 6 = f - 1 OR u < '1';
INSERT INTO pid_cases
SELECT format('(SELECT coalesce(string_agg(r::text, '' ; '' ORDER BY r.ordinality), ''none'') FROM %s.%s(%L) WITH ORDINALITY r)', 'public', f, t),
       format('(SELECT coalesce(string_agg(r::text, '' ; '' ORDER BY r.ordinality), ''none'') FROM %s.%s(%L) WITH ORDINALITY r)', 'uidx_sql', f, t)
  FROM pid_inspect_in, unnest(ARRAY['uidx_inspect_readings', 'uidx_inspect']) f;

CREATE FUNCTION pg_temp.eval(expr text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE 'SELECT (' || expr || ')::text' INTO result;
    RETURN COALESCE(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END $$;

DO $$
DECLARE
    n bigint;
    bad bigint;
    example text;
    n_u64 bigint;
    n_decimal bigint;
    n_first bigint;
BEGIN
    SELECT count(*), count(*) FILTER (WHERE pg_temp.eval(c_expr) IS DISTINCT FROM pg_temp.eval(s_expr)),
           min(c_expr) FILTER (WHERE pg_temp.eval(c_expr) IS DISTINCT FROM pg_temp.eval(s_expr))
      INTO n, bad, example FROM pid_cases;
    IF bad <> 0 THEN RAISE EXCEPTION 'public_id: % of % differ, e.g. %', bad, n, example; END IF;
    -- the inspect inputs reach both decodings and the room made for them
    SELECT count(*) FILTER (WHERE pg_temp.eval(c_expr) ~ '^\(public_id,,.*""decoded"": ""[0-9]{1,19}""'),
           count(*) FILTER (WHERE pg_temp.eval(c_expr) ~ '^\(public_id,,.*""decoded"": ""[0-9]{21,}""'),
           count(*) FILTER (WHERE pg_temp.eval(c_expr) ~ '^\(public_id,,.*,95,1\) ; \([a-z]')
      INTO n_u64, n_decimal, n_first FROM pid_cases WHERE c_expr LIKE '%uidx_inspect_readings%';
    IF n_u64 < 80 OR n_decimal < 50 OR n_first < 5 THEN
        RAISE EXCEPTION 'public_id: uidx_inspect inputs no longer cover the key (% bigint, % decimal, % with other readings)',
                        n_u64, n_decimal, n_first;
    END IF;
    PERFORM set_config('pid.n', n::text, false);
END
$$;

-- the key: only its owner reads or writes it; every role can encode
GRANT USAGE ON SCHEMA uidx_sql TO public_id_reader;
SET ROLE public_id_reader;
DO $$
DECLARE
    state text;
BEGIN
    BEGIN PERFORM key FROM uidx_sql.public_id_key; EXCEPTION WHEN OTHERS THEN state := SQLSTATE || SQLERRM; END;
    IF state IS DISTINCT FROM '42501permission denied for table public_id_key' THEN RAISE EXCEPTION 'public_id: another role read the key (%)', state; END IF;
    state := NULL;
    BEGIN PERFORM uidx_sql.public_id_set_key('\x000102030405060708090a0b0c0d0e0f'); EXCEPTION WHEN OTHERS THEN state := SQLSTATE || SQLERRM; END;
    IF state IS DISTINCT FROM '42501permission denied for table public_id_key' THEN RAISE EXCEPTION 'public_id: another role set the key (%)', state; END IF;
    -- a hostile search_path does not reach into the SECURITY DEFINER code
    CREATE TEMP TABLE public_id_key (only_row boolean, key bytea);
    INSERT INTO public_id_key VALUES (true, '\x000102030405060708090a0b0c0d0e0f');
    PERFORM set_config('search_path', 'pg_temp, public', true);
    IF uidx_sql.public_id_encode(1088824355131185736905670087::numeric) <> '30322474-a954-ffa9-941c-6f038afe4ff1' THEN
        RAISE EXCEPTION 'public_id: a role other than the owner got another result';
    END IF;
    IF (SELECT r.details ->> 'decoded' FROM uidx_sql.uidx_inspect_readings('30322474-a954-ffa9-941c-6f038afe4ff1') r LIMIT 1)
       IS DISTINCT FROM '1088824355131185736905670087' THEN
        RAISE EXCEPTION 'public_id: uidx_inspect does not decode for a role other than the owner';
    END IF;
END
$$;
RESET ROLE;

-- a key reader whose owner cannot read the key: the encoders raise 42501;
-- uidx_inspect leaves public ids opaque, as the C one does with an
-- unreadable key file, and raises nothing
ALTER FUNCTION uidx_sql.uidx_sql_public_id_aes(bytea, boolean, boolean) OWNER TO public_id_reader;
DO $$
DECLARE
    state text;
    readings text;
BEGIN
    BEGIN PERFORM uidx_sql.public_id_encode(1::bigint); EXCEPTION WHEN OTHERS THEN state := SQLSTATE; END;
    SELECT string_agg(r.kind || coalesce(r.details ->> 'decoded', ''), ',') INTO readings
      FROM uidx_sql.uidx_inspect_readings('30322474-a954-ffa9-941c-6f038afe4ff1') r;
    IF state IS DISTINCT FROM '42501' OR readings IS DISTINCT FROM 'public_id' THEN
        RAISE EXCEPTION 'public_id: without a readable key: encoder %, readings %', state, readings;
    END IF;
END
$$;
ALTER FUNCTION uidx_sql.uidx_sql_public_id_aes(bytea, boolean, boolean) OWNER TO CURRENT_USER;

-- the README's dedicated key holder: table and readers given to a role
-- nobody logs in as; every other role still encodes with the same key
DROP ROLE IF EXISTS uidx_keyholder;
CREATE ROLE uidx_keyholder NOLOGIN;
GRANT USAGE ON SCHEMA uidx_sql TO uidx_keyholder;
ALTER TABLE uidx_sql.public_id_key OWNER TO uidx_keyholder;
ALTER FUNCTION uidx_sql.uidx_sql_public_id_aes(bytea, boolean, boolean) OWNER TO uidx_keyholder;
SET ROLE public_id_reader;
DO $$
BEGIN
    IF uidx_sql.public_id_encode(1088824355131185736905670087::numeric) <> '30322474-a954-ffa9-941c-6f038afe4ff1'
       OR uidx_sql.public_id_decode_bigint(uidx_sql.public_id_encode(42::bigint)) <> 42
       OR (SELECT r.details ->> 'decoded' FROM uidx_sql.uidx_inspect(uidx_sql.public_id_encode(42::bigint)::text) r LIMIT 1) <> '42' THEN
        RAISE EXCEPTION 'public_id: the key holder''s functions give another result';
    END IF;
END
$$;
RESET ROLE;
-- Look-alikes of pgcrypto's encrypt and decrypt in pgcrypto's schema (where
-- every role may create in databases older than PostgreSQL 15), with a
-- defaulted fourth argument that makes a call by name ambiguous (42725) or,
-- called, would see the key: uidx_sql reaches pgcrypto's own functions,
-- bound at install.
DO $$
DECLARE
    crypto name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pgcrypto');
BEGIN
    EXECUTE format($f$CREATE FUNCTION %1$I.decrypt(bytea, bytea, text, integer DEFAULT 0) RETURNS bytea
                      LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''look-alike decrypt called''; END'$f$, crypto);
    EXECUTE format($f$CREATE FUNCTION %1$I.encrypt(bytea, bytea, text, integer DEFAULT 0) RETURNS bytea
                      LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''look-alike encrypt called''; END'$f$, crypto);
END
$$;
SET ROLE public_id_reader;
DO $$
BEGIN
    IF uidx_sql.public_id_encode(1088824355131185736905670087::numeric) <> '30322474-a954-ffa9-941c-6f038afe4ff1'
       OR uidx_sql.public_id_decode_numeric('30322474-a954-ffa9-941c-6f038afe4ff1') <> 1088824355131185736905670087
       OR uidx_sql.public_id_decode_bigint(uidx_sql.public_id_encode(42::bigint)) <> 42 THEN
        RAISE EXCEPTION 'public_id: with look-alikes of encrypt and decrypt the public ids differ';
    END IF;
END
$$;
RESET ROLE;
DO $$
DECLARE
    crypto name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pgcrypto');
BEGIN
    EXECUTE format('DROP FUNCTION %1$I.decrypt(bytea, bytea, text, integer), %1$I.encrypt(bytea, bytea, text, integer)', crypto);
END
$$;
SELECT 'public_id: ok ' || current_setting('pid.n') || ' compared' AS result \gset
\echo :result
