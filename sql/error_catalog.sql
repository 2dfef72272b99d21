SET timezone = 'UTC';
-- The error catalog (README.md, "Error catalog"): one case per row of its table,
-- in the same order and with the same numbers.  Each case is run by
-- pg_temp.error_of, which prints SQLSTATE: message / detail.
SET search_path = public, pg_catalog;
\i test/regress/error_of.sql

-- fixtures the cases refer to
INSERT INTO iuid_service_entity VALUES (31, 'CatalogOrder');
SELECT luuid_register_group('CatalogPerson') AS catalog_group;
CREATE SEQUENCE catalog_seq;
CREATE SEQUENCE catalog_big_seq START 281474976710656 MAXVALUE 281474976710657;
CREATE TABLE catalog_plain (id iuid PRIMARY KEY);
CREATE TABLE catalog_recv (id iuid);
CREATE TABLE catalog_by_list (id iuid) PARTITION BY LIST (id);
CREATE TABLE catalog_by_text (id text) PARTITION BY RANGE (id);
CREATE TABLE catalog_parts (id iuid) PARTITION BY RANGE (id);
CREATE TABLE catalog_parts_p20240101 (id iuid);
CREATE ROLE uidx_catalog_role;

CREATE TEMP TABLE catalog (n serial PRIMARY KEY, family text, class text, statement text);
INSERT INTO catalog (family, class, statement) VALUES
-- iuid
('iuid', 'malformed text', $$SELECT 'not-a-uuid'::iuid$$),
('iuid', 'text of the wrong version', $$SELECT '018cc251-f400-4001-8040-000000000000'::iuid$$),
('iuid', 'text of the wrong variant', $$SELECT '018cc251-f400-8001-c040-000000000000'::iuid$$),
('iuid', 'text of an undefined format version', $$SELECT '018cc251-f400-8101-8040-000000000000'::iuid$$),
('iuid', 'cast from a uuid that is not an iUID', $$SELECT '018cc251-f400-7001-8040-000000000000'::uuid::iuid$$),
-- binary COPY of one row holding the uuid 018cc251-f400-4001-8040-000000000000
('iuid', 'binary input that is not an iUID', $$COPY catalog_recv FROM PROGRAM 'printf ''PGCOPY\n\377\r\n\000\000\000\000\000\000\000\000\000\000\001\000\000\000\020\001\214\302\121\364\000\100\001\200\100\000\000\000\000\000\000\377\377''' (FORMAT binary)$$),
('iuid', 'service entity out of range', $$SELECT iuid_generate(256, 1)$$),
('iuid', 'country out of range', $$SELECT iuid_generate(1, -1)$$),
('iuid', 'NULL service entity', $$SELECT iuid_generate(NULL::integer, 1)$$),
('iuid', 'no country and uidx.country unset', $$SELECT iuid_generate(1)$$),
('iuid', 'invalid uidx.country setting', $$SET uidx.country = 256$$),
('iuid', 'unknown service entity name', $$SELECT iuid_generate('NoSuchEntity', 1)$$),
('iuid', 'NULL service entity name', $$SELECT iuid_generate(NULL::text, 1)$$),
('iuid', 'timestamp before 1970', $$SELECT iuid_generate_at('1969-12-31 23:59:59.999', 1, 1)$$),
('iuid', 'timestamp after the 48-bit range', $$SELECT iuid_lower_bound('10889-08-02 05:31:50.656')$$),
('iuid', 'infinite timestamp', $$SELECT iuid_from_parts('infinity', 1, 1)$$),
('iuid', 'NULL timestamp', $$SELECT iuid_generate_at(NULL, 1, 1)$$),
('iuid', 'random part out of range', $$SELECT iuid_from_parts('2024-01-01', 1, 1, 18014398509481984)$$),
('iuid', 'registry: code out of range', $$INSERT INTO iuid_service_entity VALUES (256, 'TooBig')$$),
('iuid', 'registry: duplicate name', $$INSERT INTO iuid_service_entity VALUES (32, 'CatalogOrder')$$),
-- comb
('comb', 'malformed text', $$SELECT '{01234567-89ab-4def-9234-018e5f3bff48'::comb$$),
('comb', 'timestamp before 1970', $$SELECT comb_suffix_generate('1969-12-31 23:59:59')$$),
('comb', 'timestamp after the 48-bit range (prefix COMB)', $$SELECT comb_prefix_generate('10889-08-03')$$),
('comb', 'NULL timestamp', $$SELECT comb_prefix_generate(NULL)$$),
('comb', 'SQL Server COMB outside 1900-2079', $$SELECT comb_sqlserver_generate('2079-06-07')$$),
('comb', 'comb that holds no SQL Server datetime', $$SELECT comb_sqlserver_timestamp('00000000-0000-4000-8000-0000018b8201')$$),
('comb', 'interval_length with months', $$SELECT comb_short_prefix_generate('1 month')$$),
('comb', 'interval_length not positive', $$SELECT comb_short_suffix_generate('0 s')$$),
('comb', 'interval_length not whole milliseconds', $$SELECT comb_short_prefix_generate('1.5 ms')$$),
('comb', 'interval_length too long', $$SELECT comb_short_prefix_generate('106751992 days')$$),
('comb', 'NULL interval_length', $$SELECT comb_short_prefix_generate(NULL)$$),
('comb', 'interval_count out of range', $$SELECT comb_short_prefix_generate('1 minute', 16777217)$$),
('comb', 'block_size not positive', $$SELECT comb_sequence_generate('catalog_seq', 0)$$),
('comb', 'block_count out of range', $$SELECT comb_sequence_generate('catalog_seq', 65536, 0)$$),
('comb', 'NULL sequence', $$SELECT comb_sequence_generate(NULL)$$),
('comb', 'unknown sequence', $$SELECT comb_sequence_generate('no_such_seq')$$),
('comb', 'random bytes of the wrong length', $$SELECT comb_prefix_from_parts('2024-01-01', '\x0102')$$),
('comb', 'negative tolerance', $$SELECT comb_short_prefix_is_valid(gen_random_uuid(), '-1 minute')$$),
('comb', 'text of any version or variant: accepted, no error', $$SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::comb$$),
-- luuid
('luuid', 'pk out of range', $$SELECT luuid_generate(694, 281474976710656)$$),
('luuid', 'group_id out of range', $$SELECT luuid_generate(4096, 1)$$),
('luuid', 'NULL pk', $$SELECT luuid_generate('Person', NULL)$$),
('luuid', 'NULL group name', $$SELECT luuid_generate(NULL::text, 1)$$),
('luuid', 'sequence value out of range', $$SELECT luuid_nextval('catalog_big_seq', 'Person')$$),
('luuid', 'NULL sequence', $$SELECT luuid_nextval(NULL, 'Person')$$),
('luuid', 'malformed short form', $$SELECT luuid_from_short('0x2a', 'Person')$$),
('luuid', 'short form out of range', $$SELECT luuid_upper_bound('1000000000000', 'Person')$$),
('luuid', 'group name collision', $$SELECT luuid_register_group('CatalogClash44')$$),
('luuid', 'NULL group name to register', $$SELECT luuid_register_group(NULL)$$),
('luuid', 'empty group name to register', $$SELECT luuid_register_group('')$$),
('luuid', 'unknown relation to register', $$SELECT luuid_register_group('CatalogPerson', 'no_such_table')$$),
('luuid', 'registry row with a wrong group id', $$INSERT INTO luuid_group VALUES (1, 'CatalogWrong', NULL)$$),
-- uuidv7
('uuidv7', 'shift before 1970', $$SELECT uuidv7('-100 years')$$),
('uuidv7', 'shift past the 48-bit range', $$SELECT uuidv7('100000000 days')$$),
('uuidv7', 'shift beyond what timestamptz holds', $$SELECT uuidv7('200000000 days')$$),
('uuidv7', 'lower bound out of range', $$SELECT uuidv7_lower_bound('1969-12-31')$$),
-- distid, alphanumeric forms, public ids, uidx_inspect
('distid', 'malformed text', $$SELECT '12a'::distid$$),
('distid', 'more than 28 digits', $$SELECT '00000000000000000000000000001'::distid$$),
('distid', 'text of 2^93 or more', $$SELECT '9903520314283042199192993792'::distid$$),
('distid', '16 characters that are not a valid alphanumeric form', $$SELECT 'zzzzzzzzzzzzzzzz'::distid$$),
('distid', 'cast from a negative numeric', $$SELECT (-1)::numeric::distid$$),
('distid', 'cast from a fractional numeric', $$SELECT 1.5::distid$$),
('distid', 'cast from NaN', $$SELECT 'NaN'::numeric::distid$$),
('distid', 'cast from a numeric of 2^93 or more', $$SELECT 9903520314283042199192993792::distid$$),
('distid', 'timestamp of a numeric out of range', $$SELECT distid_timestamp(-5::numeric)$$),
('distid', 'lower bound before 1900', $$SELECT distid_lower_bound('1899-12-31 23:59:59.999')$$),
('distid', 'lower bound after the 45-bit range', $$SELECT distid_lower_bound('3100-01-01')$$),
('alnum', 'wrong length', $$SELECT alnum_decode_bigint('000000000001')$$),
('alnum', 'character outside 0-9 A-Z a-z', $$SELECT alnum_decode_bigint('1234567890$')$$),
('alnum', 'block of 2^64 or more', $$SELECT alnum_decode_uuid('LygHa16AHYGLygHa16AHYG')$$),
('alnum', 'bigint above 2^63 - 1', $$SELECT alnum_decode_bigint('AzL8n0Y58m8')$$),
('alnum', 'decimal above 10^28 - 1', $$SELECT alnum_decode_numeric('agbFu5KnEQGxp4QC')$$),
('alnum', 'distid of 2^93 or more', $$SELECT alnum_decode_distid('aKeeG00000000000')$$),
('alnum', 'encoding a negative bigint', $$SELECT alnum_encode(-1::bigint)$$),
('alnum', 'encoding a numeric out of range', $$SELECT alnum_encode(1e28)$$),
('alnum', 'encoding a numeric with a non-zero scale', $$SELECT alnum_encode(5.000)$$),
('public_id', 'no key file set', $$SELECT public_id_encode(1::bigint)$$),
('public_id', 'a value for the removed setting uidx.public_id_key', $$SET uidx.public_id_key = 'AAECAwQFBgcICQoLDA0ODw=='$$),
('public_id', 'encoding a negative bigint', $$SELECT public_id_encode(-1::bigint)$$),
('public_id', 'encoding a numeric out of range', $$SELECT public_id_encode(1e28)$$),
('public_id', 'encoding a numeric with a non-zero scale', $$SELECT public_id_encode(0.0)$$),
('inspect', 'garbage to uidx_inspect: no rows, no error', $$SELECT uidx_inspect('not an id at all')$$),
-- shared
('shared', 'uuid lower bound out of range', $$SELECT uidx_uuid_lower_bound('-infinity')$$),
('shared', 'partitions of a table that is not partitioned', $$SELECT uidx_create_time_partitions('catalog_plain', '2024-01-01', '2024-02-01', '1 month')$$),
('shared', 'partitions of a table not partitioned BY RANGE', $$SELECT uidx_create_time_partitions('catalog_by_list', '2024-01-01', '2024-02-01', '1 month')$$),
('shared', 'partitions with a non-positive step', $$SELECT uidx_create_time_partitions('catalog_parts', '2024-01-01', '2024-02-01', '-1 day')$$),
('shared', 'partitions of an unsupported key type', $$SELECT uidx_create_time_partitions('catalog_by_text', '2024-01-01', '2024-02-01', '1 month')$$),
('shared', 'partition name taken by another table', $$SELECT uidx_create_time_partitions('catalog_parts', '2024-01-01', '2024-02-01', '1 month')$$),
('shared', 'NULL to an extraction function (STRICT): NULL, no error', $$SELECT iuid_timestamp(NULL::iuid)$$),
('shared', 'extraction from a uuid of another layout: NULL, no error', $$SELECT iuid_country(gen_random_uuid())$$);

SELECT n, family, class, pg_temp.error_of(statement) AS error FROM catalog ORDER BY n;
-- the "no error" rows, with their results
SELECT iuid_timestamp(NULL::iuid) IS NULL AS strict_null,
       iuid_country(gen_random_uuid()) IS NULL AS other_layout_null,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::comb::text AS any_comb,
       (SELECT count(*) FROM uidx_inspect('not an id at all')) AS garbage_rows;

-- the cases that need an ordinary role
SELECT max(n) AS last_case FROM catalog \gset
INSERT INTO catalog (family, class, statement) VALUES
('iuid', 'ordinary role writes the registry', $$INSERT INTO iuid_service_entity VALUES (33, 'Intruder')$$),
('luuid', 'ordinary role registers a group', $$SELECT luuid_register_group('Intruder')$$),
('comb', 'sequence COMB without rights on the sequence', $$SELECT comb_sequence_generate('catalog_seq')$$),
('luuid', 'luuid_nextval without rights on the sequence', $$SELECT luuid_nextval('catalog_seq', 'Person')$$),
('clock', 'ordinary role sets the test clock', $$SET uidx.debug_clock_offset_ms = 10$$),
('public_id', 'ordinary role sets the key file', $$SET uidx.public_id_key_file = 'my.key'$$),
('public_id', 'ordinary role reads the key file setting', $$SHOW uidx.public_id_key_file$$);
GRANT SELECT ON catalog TO uidx_catalog_role;
SET ROLE uidx_catalog_role;
-- PostgreSQL's own message for SHOW changed in 16: only its SQLSTATE is shown
SELECT n, family, class,
       CASE WHEN statement LIKE 'SHOW %' THEN left(pg_temp.error_of(statement), 5) || ': (PostgreSQL''s message)'
            ELSE pg_temp.error_of(statement) END AS error
  FROM catalog WHERE n > :last_case ORDER BY n;
RESET ROLE;
SELECT max(n) AS all_cases FROM catalog \gset

-- clean up
DROP TABLE catalog;
DROP ROLE uidx_catalog_role;
DELETE FROM iuid_service_entity WHERE code = 31;
DELETE FROM luuid_group WHERE group_name = 'CatalogPerson';
DROP TABLE catalog_recv, catalog_plain, catalog_by_list, catalog_by_text, catalog_parts, catalog_parts_p20240101;
DROP SEQUENCE catalog_seq, catalog_big_seq;

-- the case that needs a key file, in a fresh session that reads it
\set public_id_key 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='
\i test/regress/public_id_key.sql
\i test/regress/error_of.sql
SELECT :all_cases + 1 AS n, 'public_id' AS family, 'forged or foreign public id: NULL, no error' AS class,
       pg_temp.error_of($$SELECT public_id_decode_bigint('00000000-0000-4000-8000-000000000000')$$) AS error;
SELECT public_id_decode_bigint('00000000-0000-4000-8000-000000000000') IS NULL AS forged_null,
       public_id_decode_bigint(public_id_encode(42::bigint)) AS genuine;
\i test/regress/public_id_key_reset.sql
