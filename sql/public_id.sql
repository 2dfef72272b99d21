-- Public identities: AES-ECB of one block under the key read from the file
-- named by uidx.public_id_key_file (docs/public-ids.md).
SET timezone = 'UTC';

\i test/regress/error_of.sql

-- The settings are only protected once the library defines them; until then
-- they would be plain placeholders (docs/public-ids.md, "The key file").
LOAD 'uidx';

-- ---------------------------------------------------------------------------
-- Without a key file every function fails (55000), decoders included: a
-- missing key must not look like "no such id"
-- ---------------------------------------------------------------------------
SELECT current_setting('uidx.public_id_key_file') = '' AS no_key_file;
SELECT q, pg_temp.error_of(q) FROM (VALUES
    ('SELECT public_id_encode(1::bigint)'),
    ('SELECT public_id_encode(1::numeric)'),
    ($$SELECT public_id_encode('1'::distid)$$),
    ($$SELECT public_id_encode('00000000-0000-0000-0000-000000000001'::uuid)$$),
    ($$SELECT public_id_decode_bigint('104c31f3-2607-6e29-7c8f-defe589bf66a')$$),
    ($$SELECT public_id_decode_numeric('104c31f3-2607-6e29-7c8f-defe589bf66a')$$),
    ($$SELECT public_id_decode_distid('104c31f3-2607-6e29-7c8f-defe589bf66a')$$),
    ($$SELECT public_id_decode_uuid('104c31f3-2607-6e29-7c8f-defe589bf66a')$$)) x(q);

-- ---------------------------------------------------------------------------
-- The removed setting uidx.public_id_key: every value is refused (22023)
-- wherever it is set, and the error does not repeat it; only '' (its
-- default) is accepted, which is no key
-- ---------------------------------------------------------------------------
SELECT replace(q, current_database(), '<this database>') AS q, pg_temp.error_of(q) FROM (VALUES
    ('SET uidx.public_id_key = ''AAECAwQFBgcICQoLDA0ODw=='''),
    ('SET LOCAL uidx.public_id_key = ''AAECAwQFBgcICQoLDA0ODw=='''),
    ($$SELECT set_config('uidx.public_id_key', 'AAECAwQFBgcICQoLDA0ODw==', false)$$),
    ('ALTER ROLE CURRENT_USER SET uidx.public_id_key = ''AAECAwQFBgcICQoLDA0ODw=='''),
    (format('ALTER DATABASE %I SET uidx.public_id_key = ''AAECAwQFBgcICQoLDA0ODw==''', current_database())),
    ('SET uidx.public_id_key = ''not base64!'''),
    ('RESET uidx.public_id_key'),
    ('SET uidx.public_id_key = ''''')) x(q);
-- ALTER SYSTEM cannot run in a function
ALTER SYSTEM SET uidx.public_id_key = 'AAECAwQFBgcICQoLDA0ODw==';
SELECT count(*) AS stored_anywhere FROM pg_db_role_setting
 WHERE array_to_string(setconfig, ' ') LIKE '%public_id_key%';
SELECT count(*) AS in_config_files FROM pg_file_settings WHERE name LIKE 'uidx.public_id_key%';
SELECT pg_temp.error_of('SELECT public_id_encode(1::bigint)') AS still_no_key;

-- ---------------------------------------------------------------------------
-- AES itself: FIPS-197 appendix C (plaintext 00112233...eeff, keys 000102...)
-- through the uuid input, whose block is its RFC bytes.  The public id is the
-- ciphertext in .NET Guid order.  Ciphertexts: AES-128 69c4e0d86a7b0430d8cdb78070b4c55a,
-- AES-192 dda97ca4864cdfe06eaf70a0ec0d7191, AES-256 8ea2b7ca516745bfeafc49904b496089
-- ---------------------------------------------------------------------------
\set public_id_key 'AAECAwQFBgcICQoLDA0ODw=='
\i test/regress/public_id_key.sql
SELECT 128 AS bits, public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid) AS public_id,
       public_id_decode_uuid(public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)) AS back;
\set public_id_key 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX'
\i test/regress/public_id_key.sql
SELECT 192 AS bits, public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid) AS public_id,
       public_id_decode_uuid(public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)) AS back;
\set public_id_key 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='
\i test/regress/public_id_key.sql
SELECT 256 AS bits, public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid) AS public_id,
       public_id_decode_uuid(public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)) AS back;

-- ---------------------------------------------------------------------------
-- What the key file must hold and be.  An unusable file is read again at
-- every use, so one session walks through the cases by rewriting it (the
-- programs run in the data directory).  The errors never show the file's
-- content, and show its path only in the server log.
-- ---------------------------------------------------------------------------
\set public_id_key 'not base64!'
\i test/regress/public_id_key.sql
-- (a plain function: it must outlive the session)
CREATE FUNCTION with_key_file(program text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    -- the program reads COPY's one empty line, so COPY never writes to a closed pipe
    EXECUTE format('COPY (SELECT) TO PROGRAM %L', 'cat >/dev/null; ' || program);
    RETURN public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)::text;
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ': ' || SQLERRM || CASE WHEN detail = '' THEN '' ELSE ' / ' || detail END;
END
$$;
SELECT n, program, with_key_file(program) AS public_id_or_error FROM (VALUES
    (1, $p$true$p$),                                                          -- 'not base64!'
    (2, $p$printf AAECAwQFBgcICQoLDA0O > uidx_regress_public_id.key$p$),      -- 15 bytes
    (3, $p$printf AAECAwQFBgcICQoLDA0ODxA= > uidx_regress_public_id.key$p$),  -- 17 bytes
    (4, $p$printf AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g > uidx_regress_public_id.key$p$),  -- 33
    (5, $p$: > uidx_regress_public_id.key$p$),                                -- empty
    (6, $p$printf '\n \n' > uidx_regress_public_id.key$p$),                   -- white space only
    (7, $p$head -c 2000 /dev/zero | tr '\0' A > uidx_regress_public_id.key$p$),  -- too large
    (8, $p$printf 'AAECAwQFBgcI CQoLDA0ODw==' > uidx_regress_public_id.key$p$),  -- a space inside
    (9, $p$printf AAECAwQFBgcICQoLDA0ODw== > uidx_regress_public_id.key && chmod 640 uidx_regress_public_id.key$p$),
    (10, $p$chmod 604 uidx_regress_public_id.key$p$),
    (11, $p$rm uidx_regress_public_id.key && mkdir uidx_regress_public_id.key$p$),
    (12, $p$rmdir uidx_regress_public_id.key$p$),                             -- missing
    -- a good key, read-only: white space around it is ignored; the AES-128 vector
    (13, $p$printf ' AAECAwQFBgcICQoLDA0ODw==\r\n\n' > uidx_regress_public_id.key && chmod 400 uidx_regress_public_id.key$p$),
    -- once read, the key stays until a reload or a new session
    (14, $p$chmod 600 uidx_regress_public_id.key && printf AAECAwQFBgcICQoLDA0ODxAREhMUFRYX > uidx_regress_public_id.key$p$),
    (15, $p$chmod 644 uidx_regress_public_id.key$p$)) x(n, program)
ORDER BY n;
-- a new session reads the file at its first use: refused now, and then the
-- AES-192 vector once the file is private again
\c
SELECT with_key_file('true') AS new_session;
SELECT with_key_file('chmod 600 uidx_regress_public_id.key') AS after_chmod_600;
DROP FUNCTION with_key_file(text);

-- ---------------------------------------------------------------------------
-- The README key
-- ---------------------------------------------------------------------------
\set public_id_key 'k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc='
\i test/regress/public_id_key.sql
SET timezone = 'UTC';
\i test/regress/error_of.sql

-- README: 1088824355131185736905670087 -> 30322474-a954-ffa9-941c-6f038afe4ff1 / 48XoooHHCe1CiOHrghM7Dl
SELECT public_id_encode(1088824355131185736905670087::numeric) AS from_numeric,
       public_id_encode('1088824355131185736905670087'::distid) AS from_distid,
       alnum_encode(public_id_encode(1088824355131185736905670087::numeric)) AS alnum22,
       public_id_decode_numeric('30322474-a954-ffa9-941c-6f038afe4ff1') AS back_numeric,
       public_id_decode_distid('30322474-a954-ffa9-941c-6f038afe4ff1') AS back_distid,
       public_id_decode_distid(alnum_decode_uuid('48XoooHHCe1CiOHrghM7Dl')) AS back_from_alnum;

-- vectors: input | public uuid | alnum22 | decodes as bigint, numeric, uuid
SELECT input, public_id, alnum_encode(public_id) AS alnum22,
       public_id_decode_bigint(public_id) AS as_bigint,
       public_id_decode_numeric(public_id) AS as_numeric,
       public_id_decode_distid(public_id) AS as_distid,
       public_id_decode_uuid(public_id) AS as_uuid
  FROM (VALUES ('bigint 0', public_id_encode(0::bigint)),
               ('bigint 1', public_id_encode(1::bigint)),
               ('bigint 9223372036854775807', public_id_encode(9223372036854775807::bigint)),
               ('numeric 18446744073709551615', public_id_encode(18446744073709551615::numeric)),
               ('numeric 1', public_id_encode(1::numeric)),
               ('distid 1', public_id_encode('1'::distid)),
               ('numeric 18446744073709551616', public_id_encode(18446744073709551616::numeric)),
               ('numeric 9999999999999999999999999999', public_id_encode(9999999999999999999999999999::numeric)),
               ('uuid 094954a8-622c-76ad-1b93-cdefcbdf0888', public_id_encode('094954a8-622c-76ad-1b93-cdefcbdf0888'::uuid)),
               ('uuid 00000000-0000-0000-0000-000000000001', public_id_encode('00000000-0000-0000-0000-000000000001'::uuid))
       ) v(input, public_id);

-- The README's hex sample is no public id of its example value: it decrypts
-- to 53a22c0d8ea2934ea659de8a185f9c5c, which every typed decoder rejects
SELECT public_id_decode_uuid('32f0edac-8063-2c68-5c43-c889b058556e') AS plaintext,
       public_id_decode_bigint('32f0edac-8063-2c68-5c43-c889b058556e') AS as_bigint,
       public_id_decode_numeric('32f0edac-8063-2c68-5c43-c889b058556e') AS as_numeric,
       public_id_decode_distid('32f0edac-8063-2c68-5c43-c889b058556e') AS as_distid;

-- Forged public ids: 10,000 arbitrary uuids decode to NULL as bigint (odds of
-- a false hit 2^-64 each), numeric (about 2^-35) and distid; as uuid they
-- always "decode", to a random value
SELECT count(*) AS forged,
       count(public_id_decode_bigint(f)) AS bigint_hits,
       count(public_id_decode_numeric(f)) AS numeric_hits,
       count(public_id_decode_distid(f)) AS distid_hits,
       count(public_id_decode_uuid(f)) AS uuid_results
  FROM (SELECT md5(i::text)::uuid AS f FROM generate_series(1, 10000) i) s;

-- flipping any one bit of a real public id is detected
SELECT count(*) AS flipped,
       count(public_id_decode_bigint(f)) AS bigint_hits,
       count(public_id_decode_numeric(f)) AS numeric_hits
  FROM (SELECT overlay(p::text placing to_hex(('x0' || substr(p::text, pos, 1))::bit(8)::int # (1 << b)) from pos for 1)::uuid AS f
          FROM (VALUES (public_id_encode(42::bigint))) x(p),
               generate_series(1, 36) pos, generate_series(0, 3) b
         WHERE substr(p::text, pos, 1) <> '-') s;

-- round trips: bigint, numeric, distid (generated), uuid
SELECT count(*) FILTER (WHERE public_id_decode_bigint(public_id_encode(b)) IS DISTINCT FROM b) AS bigint_failures,
       count(*) FILTER (WHERE public_id_decode_numeric(public_id_encode(n)) IS DISTINCT FROM n) AS numeric_failures,
       count(*) FILTER (WHERE public_id_decode_distid(public_id_encode(d)) IS DISTINCT FROM d) AS distid_failures,
       count(*) FILTER (WHERE public_id_decode_uuid(public_id_encode(u)) IS DISTINCT FROM u) AS uuid_failures,
       count(*) FILTER (WHERE public_id_encode(d) <> public_id_encode(d::numeric)) AS distid_numeric_differ
  FROM (SELECT ('x' || substr(md5(i::text), 1, 16))::bit(64)::bigint & 9223372036854775807 AS b,
               (('x' || substr(md5(i::text), 17, 16))::bit(64)::bigint::numeric + 9223372036854775808)
                 * (i % 542101086) AS n,
               distid_generate() AS d,
               md5(i::text || 'u')::uuid AS u
          FROM generate_series(1, 2000) i) s;

-- a numeric public id above 2^64 - 1 is no bigint; a distid decoder rejects
-- decimals of 2^93 and more
SELECT public_id_decode_bigint(public_id_encode(18446744073709551616::numeric)) AS bigint_of_2_64,
       public_id_decode_bigint(public_id_encode(9223372036854775808::numeric)) AS bigint_of_2_63,
       public_id_decode_distid(public_id_encode(9903520314283042199192993792::numeric)) AS distid_of_2_93,
       public_id_decode_distid(public_id_encode(9903520314283042199192993791::numeric)) AS distid_of_max;

-- encoders refuse what has no public id.  A numeric must have scale 0, as a
-- decimal id must upstream: 0.0 and 5.000 are refused (22023) although whole;
-- -0 is the numeric 0 (PostgreSQL has no negative zero) and is accepted
SELECT q, pg_temp.error_of(q) FROM (VALUES
    ('SELECT public_id_encode(-1::bigint)'),
    ('SELECT public_id_encode(-1::numeric)'),
    ('SELECT public_id_encode(1.5)'),
    ('SELECT public_id_encode(0.0)'),
    ('SELECT public_id_encode(5.000)'),
    ('SELECT public_id_encode(-0.0)'),
    ('SELECT public_id_encode(5::numeric(10,2))'),
    ('SELECT public_id_encode(10000000000000000000000000000)'),
    ('SELECT public_id_encode(10000000000000000000000000000.0)'),
    ($$SELECT public_id_encode('NaN'::numeric)$$),
    ($$SELECT public_id_encode('Infinity'::numeric)$$),
    ($$SELECT public_id_encode('-0'::numeric)$$),
    ('SELECT public_id_encode(5e0)'),
    ('SELECT public_id_encode(5.000::numeric(28,0))')) x(q);
SELECT public_id_encode('-0'::numeric) = public_id_encode(0::bigint) AS minus_zero_is_zero,
       public_id_encode(5.000::numeric(28,0)) = public_id_encode(5::bigint) AS cast_drops_scale;

-- ---------------------------------------------------------------------------
-- The all-zero 256-bit key, and the upstream negative tests
-- ---------------------------------------------------------------------------
\set public_id_key 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
\i test/regress/public_id_key.sql
SELECT public_id_encode(0::bigint) AS zero,
       public_id_encode(1::bigint) AS one,
       public_id_encode(1088824355131185736905670087::numeric) AS readme,
       alnum_encode(public_id_encode(1088824355131185736905670087::numeric)) AS readme_alnum;
-- decrypt to a decimal above 10^28 - 1, and to one with the sign flag set
SELECT u, public_id_decode_uuid(u) AS plaintext, public_id_decode_numeric(u) AS as_numeric
  FROM (VALUES ('3625a4bb-7bd6-624d-108d-9d9e599d536b'::uuid),
               ('378c4fe3-a619-dea4-93b8-489f3160e863')) x(u);
-- the key changed: the README key's public id of 1 no longer decodes
SELECT public_id_decode_bigint('104c31f3-2607-6e29-7c8f-defe589bf66a') AS readme_key_public_id_of_1;

-- ---------------------------------------------------------------------------
-- A non-superuser can use the functions but can neither see nor set where
-- the key is, nor read the file.  Only SQLSTATEs are shown: the wording of
-- PostgreSQL's own permission errors differs between versions.
-- ---------------------------------------------------------------------------
\set public_id_key 'k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc='
\i test/regress/public_id_key.sql
\i test/regress/error_of.sql
CREATE ROLE regress_uidx_public_id_app;
SET ROLE regress_uidx_public_id_app;
SELECT public_id_encode(1088824355131185736905670087::numeric) AS app_encodes,
       public_id_decode_numeric('30322474-a954-ffa9-941c-6f038afe4ff1') AS app_decodes;
SELECT q, left(pg_temp.error_of(q), 5) AS sqlstate FROM (VALUES
    ('SHOW uidx.public_id_key_file'),
    ($$SELECT current_setting('uidx.public_id_key_file')$$),
    ($$SELECT current_setting('uidx.public_id_key_file', true)$$),
    ('SET uidx.public_id_key_file = ''/tmp/my.key'''),
    ($$SELECT set_config('uidx.public_id_key_file', '/tmp/my.key', false)$$),
    ('ALTER ROLE regress_uidx_public_id_app SET uidx.public_id_key_file = ''/tmp/my.key'''),
    ('SHOW uidx.public_id_key'),
    ('SET uidx.public_id_key = ''AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='''),
    ('ALTER ROLE regress_uidx_public_id_app SET uidx.public_id_key = ''AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='''),
    ($$SELECT pg_read_file('uidx_regress_public_id.key')$$),
    ($$SELECT pg_read_binary_file('uidx_regress_public_id.key')$$),
    ('SELECT * FROM pg_file_settings')) x(q);
SELECT count(*) AS visible_in_pg_settings FROM pg_settings WHERE name LIKE 'uidx.public_id_key%';
SELECT count(*) AS shown_by_show_all FROM pg_show_all_settings() WHERE name LIKE 'uidx.public_id_key%';
-- the key in force is still the file's
SELECT public_id_encode(1088824355131185736905670087::numeric) AS still_readme_key;
RESET ROLE;
DROP ROLE regress_uidx_public_id_app;

-- ---------------------------------------------------------------------------
-- Markings: STABLE, as the result depends on the key file
-- ---------------------------------------------------------------------------
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx') AND d.deptype = 'e'
   AND p.proname ~ '^public_id_'
 ORDER BY p.oid::regprocedure::text COLLATE "C";
SELECT name, setting, context FROM pg_settings WHERE name LIKE 'uidx.public_id_key%' ORDER BY name;

\i test/regress/public_id_key_reset.sql
SELECT current_setting('uidx.public_id_key_file') = '' AS key_file_reset;
