-- uidx_inspect: one row per plausible reading, most likely first
SET timezone = 'UTC';

INSERT INTO iuid_service_entity VALUES (7, 'AyanOrder');
CREATE TABLE people (id uuid PRIMARY KEY);
SELECT luuid_register_group('Person', 'people') AS person_group;

-- a sample of every kind (FORMATS.md vectors), each with all its readings in rank order
SELECT sample, rank, i.kind, i.ts, i.details
FROM (VALUES
    ('iuid',            '01901be0-f3ae-802a-81ea-aaaaaaaaaaaa'),
    ('uuidv7',          '019535d9-3df7-79fb-b466-fa907fa17f9e'),
    ('luuid',           '00000000-0001-62b6-a000-000000000000'),
    ('luuid unregistered', '00000000-00b3-671b-afff-ffffffffffff'),
    ('prefix COMB',     '018e5f3b-ff48-4234-8123-456789abcdef'),
    ('suffix COMB',     'ffffffff-ffff-4fff-bfff-01941f297c00'),
    ('SQL Server COMB', 'a1b2c3d4-e5f6-4789-9abc-b13a0047302f'),
    ('distid decimal',  '1088824355131185736905670087'),
    ('distid alnum',    '3zfAkCP7ZtzfeQYp'),
    ('distid as uuid',  '00000000-0384-a786-907d-b2ad82883dc7'),
    ('distid128',       '094954a8-622c-76ad-1b93-cdefcbdf0888'),
    ('public id',       '30322474-a954-ffa9-941c-6f038afe4ff1'),
    ('public id alnum', '48XoooHHCe1CiOHrghM7Dl'),
    ('plain v4',        '5b30857f-0bfa-48b5-ac0b-5c64e28078d1')) s(sample, id),
    LATERAL (SELECT row_number() OVER () AS rank, u.* FROM uidx_inspect(s.id) u) i
ORDER BY sample COLLATE "C", rank;

-- the distid as uuid sample is the README id cast to uuid
SELECT '1088824355131185736905670087'::distid::uuid;

-- pasted text: case, braces, no hyphens, white space, urn:uuid:
SELECT v, (SELECT kind FROM uidx_inspect(v) LIMIT 1) AS first_reading FROM (VALUES
    ('01901BE0-F3AE-802A-81EA-AAAAAAAAAAAA'), ('{01901be0-f3ae-802a-81ea-aaaaaaaaaaaa}'),
    ('01901be0f3ae802a81eaaaaaaaaaaaaa'), (E'\t 01901be0-f3ae-802a-81ea-aaaaaaaaaaaa\n'),
    ('urn:uuid:01901be0-f3ae-802a-81ea-aaaaaaaaaaaa')) t(v);

-- garbage gives zero rows, never an error
SELECT v, (SELECT count(*) FROM uidx_inspect(v)) AS readings FROM (VALUES
    (''), ('   '), ('garbage'), ('01901be0-f3ae-802a-81ea-aaaaaaaaaaa'), ('01901be0-f3ae-802a-81ea-aaaaaaaaaaaaa'),
    ('10000000000000000000000000000'),          -- 29 digits
    ('9999999999999999999999999999'),           -- 28 digits but >= 2^93
    ('-1088824355131185736905670087'), ('3zfAkCP7ZtzfeQY$'), ('zzzzzzzzzzzzzzzz'),
    ('LygHa16AHYGLygHa16AHYG'),                 -- non-canonical blocks
    ('urn:uuid:'), (repeat('0', 65))) t(v);     -- non-ASCII: sql/encoding.sql
SELECT count(*) FROM uidx_inspect(NULL);

-- a registered luuid group outranks the distid reading and shows its table
SELECT kind, details->>'group_name' AS group_name, details->>'relation' AS relation
FROM uidx_inspect(luuid_generate('Person', 4242)::text);

-- with the public-id key file, a public id decodes and goes first; forged ones stay opaque
\set public_id_key 'k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc='
\i test/regress/public_id_key.sql
SET timezone = 'UTC';
SELECT kind, details FROM uidx_inspect('30322474-a954-ffa9-941c-6f038afe4ff1');
SELECT kind, details FROM uidx_inspect('48XoooHHCe1CiOHrghM7Dl');
SELECT kind, details->>'decoded' AS decoded FROM uidx_inspect(public_id_encode(42::bigint)::text);
SELECT count(*) FILTER (WHERE kind = 'public_id' AND details ? 'decoded') AS decoded_forgeries
FROM generate_series(1, 2000) n, uidx_inspect(gen_random_uuid()::text);
-- an unusable key file is no error either: the public id is opaque again
COPY (SELECT) TO PROGRAM 'cat >/dev/null; chmod 644 uidx_regress_public_id.key';
\c
SET timezone = 'UTC';
SELECT kind, details FROM uidx_inspect('30322474-a954-ffa9-941c-6f038afe4ff1');
\i test/regress/public_id_key_reset.sql
SET timezone = 'UTC';

-- mixed generated ids: every one is recognised first as what made it
SELECT made_by, count(*) AS n, count(*) FILTER (WHERE first = expected) AS recognised
FROM (
    SELECT made_by, expected, (SELECT kind FROM uidx_inspect(id) LIMIT 1) AS first
    FROM (
        SELECT 'iuid_generate' AS made_by, 'iuid' AS expected, iuid_generate(7, 1)::text AS id FROM generate_series(1, 200)
        UNION ALL SELECT 'uuidv7', 'uuidv7', uuidv7()::text FROM generate_series(1, 200)
        UNION ALL SELECT 'distid_generate', 'distid', distid_generate()::text FROM generate_series(1, 200)
        UNION ALL SELECT 'alnum_encode(distid_generate())', 'distid', alnum_encode(distid_generate()) FROM generate_series(1, 200)
        UNION ALL SELECT 'distid128_generate', 'distid128', distid128_generate()::text FROM generate_series(1, 200)
        UNION ALL SELECT 'luuid_generate (registered)', 'luuid', luuid_generate('Person', n)::text FROM generate_series(1, 200) n
        UNION ALL SELECT 'comb_prefix_generate', 'comb_prefix', comb_prefix_generate()::text FROM generate_series(1, 200)
    ) g
) r
GROUP BY made_by ORDER BY made_by COLLATE "C";

-- STABLE (registries, key, clock), STRICT, PARALLEL SAFE
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef
FROM pg_proc p
WHERE p.proname IN ('uidx_inspect', 'uidx_inspect_readings')
ORDER BY p.oid::regprocedure::text COLLATE "C";

DELETE FROM luuid_group;
DELETE FROM iuid_service_entity;
DROP TABLE people;
