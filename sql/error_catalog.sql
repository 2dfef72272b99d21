SET timezone = 'UTC';
-- The error catalog (test/README-errors.md): one case per row of its table,
-- in the same order and with the same numbers.  Each case is run by
-- pg_temp.error_of, which prints SQLSTATE: message / detail.
SET search_path = public, pg_catalog;
\i sql/include/error_of.sql

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

CREATE TEMP TABLE catalog (n integer PRIMARY KEY, family text, class text, statement text);
INSERT INTO catalog VALUES
-- iuid
( 1, 'iuid', 'malformed text', $$SELECT 'not-a-uuid'::iuid$$),
( 2, 'iuid', 'text of the wrong version', $$SELECT '018cc251-f400-4001-8040-000000000000'::iuid$$),
( 3, 'iuid', 'text of the wrong variant', $$SELECT '018cc251-f400-8001-c040-000000000000'::iuid$$),
( 4, 'iuid', 'text of an undefined format version', $$SELECT '018cc251-f400-8101-8040-000000000000'::iuid$$),
( 5, 'iuid', 'cast from a uuid that is not an iUID', $$SELECT '018cc251-f400-7001-8040-000000000000'::uuid::iuid$$),
-- binary COPY of one row holding the uuid 018cc251-f400-4001-8040-000000000000
( 6, 'iuid', 'binary input that is not an iUID', $$COPY catalog_recv FROM PROGRAM 'printf ''PGCOPY\n\377\r\n\000\000\000\000\000\000\000\000\000\000\001\000\000\000\020\001\214\302\121\364\000\100\001\200\100\000\000\000\000\000\000\377\377''' (FORMAT binary)$$),
( 7, 'iuid', 'service entity out of range', $$SELECT iuid_generate(256, 1)$$),
( 8, 'iuid', 'country out of range', $$SELECT iuid_generate(1, -1)$$),
( 9, 'iuid', 'NULL service entity', $$SELECT iuid_generate(NULL::integer, 1)$$),
(10, 'iuid', 'no country and uidx.country unset', $$SELECT iuid_generate(1)$$),
(11, 'iuid', 'invalid uidx.country setting', $$SET uidx.country = 256$$),
(12, 'iuid', 'unknown service entity name', $$SELECT iuid_generate('NoSuchEntity', 1)$$),
(13, 'iuid', 'NULL service entity name', $$SELECT iuid_generate(NULL::text, 1)$$),
(14, 'iuid', 'timestamp before 1970', $$SELECT iuid_generate_at('1969-12-31 23:59:59.999', 1, 1)$$),
(15, 'iuid', 'timestamp after the 48-bit range', $$SELECT iuid_lower_bound('10889-08-02 05:31:50.656')$$),
(16, 'iuid', 'infinite timestamp', $$SELECT iuid_from_parts('infinity', 1, 1)$$),
(17, 'iuid', 'NULL timestamp', $$SELECT iuid_generate_at(NULL, 1, 1)$$),
(18, 'iuid', 'random part out of range', $$SELECT iuid_from_parts('2024-01-01', 1, 1, 18014398509481984)$$),
(19, 'iuid', 'registry: code out of range', $$INSERT INTO iuid_service_entity VALUES (256, 'TooBig')$$),
(20, 'iuid', 'registry: duplicate name', $$INSERT INTO iuid_service_entity VALUES (32, 'CatalogOrder')$$),
-- comb
(21, 'comb', 'malformed text', $$SELECT '{01234567-89ab-4def-9234-018e5f3bff48'::comb$$),
(22, 'comb', 'timestamp before 1970', $$SELECT comb_suffix_generate('1969-12-31 23:59:59')$$),
(23, 'comb', 'timestamp after the 48-bit range (prefix COMB)', $$SELECT comb_prefix_generate('10889-08-03')$$),
(24, 'comb', 'NULL timestamp', $$SELECT comb_prefix_generate(NULL)$$),
(25, 'comb', 'SQL Server COMB outside 1900-2079', $$SELECT comb_sqlserver_generate('2079-06-07')$$),
(26, 'comb', 'comb that holds no SQL Server datetime', $$SELECT comb_sqlserver_timestamp('00000000-0000-4000-8000-0000018b8201')$$),
(27, 'comb', 'interval_length with months', $$SELECT comb_short_prefix_generate('1 month')$$),
(28, 'comb', 'interval_length not positive', $$SELECT comb_short_suffix_generate('0 s')$$),
(29, 'comb', 'interval_length not whole milliseconds', $$SELECT comb_short_prefix_generate('1.5 ms')$$),
(30, 'comb', 'interval_length too long', $$SELECT comb_short_prefix_generate('106751992 days')$$),
(31, 'comb', 'NULL interval_length', $$SELECT comb_short_prefix_generate(NULL)$$),
(32, 'comb', 'interval_count out of range', $$SELECT comb_short_prefix_generate('1 minute', 16777217)$$),
(33, 'comb', 'block_size not positive', $$SELECT comb_sequence_generate('catalog_seq', 0)$$),
(34, 'comb', 'block_count out of range', $$SELECT comb_sequence_generate('catalog_seq', 65536, 0)$$),
(35, 'comb', 'NULL sequence', $$SELECT comb_sequence_generate(NULL)$$),
(36, 'comb', 'unknown sequence', $$SELECT comb_sequence_generate('no_such_seq')$$),
(37, 'comb', 'random bytes of the wrong length', $$SELECT comb_prefix_from_parts('2024-01-01', '\x0102')$$),
(38, 'comb', 'negative tolerance', $$SELECT comb_short_prefix_is_valid(gen_random_uuid(), '-1 minute')$$),
-- luuid
(39, 'luuid', 'pk out of range', $$SELECT luuid_generate(694, 281474976710656)$$),
(40, 'luuid', 'group_id out of range', $$SELECT luuid_generate(4096, 1)$$),
(41, 'luuid', 'NULL pk', $$SELECT luuid_generate('Person', NULL)$$),
(42, 'luuid', 'NULL group name', $$SELECT luuid_generate(NULL::text, 1)$$),
(43, 'luuid', 'sequence value out of range', $$SELECT luuid_nextval('catalog_big_seq', 'Person')$$),
(44, 'luuid', 'NULL sequence', $$SELECT luuid_nextval(NULL, 'Person')$$),
(45, 'luuid', 'malformed short form', $$SELECT luuid_from_short('0x2a', 'Person')$$),
(46, 'luuid', 'short form out of range', $$SELECT luuid_upper_bound('1000000000000', 'Person')$$),
(47, 'luuid', 'group name collision', $$SELECT luuid_register_group('CatalogClash44')$$),
(48, 'luuid', 'NULL group name to register', $$SELECT luuid_register_group(NULL)$$),
(49, 'luuid', 'empty group name to register', $$SELECT luuid_register_group('')$$),
(50, 'luuid', 'unknown relation to register', $$SELECT luuid_register_group('CatalogPerson', 'no_such_table')$$),
(51, 'luuid', 'registry row with a wrong group id', $$INSERT INTO luuid_group VALUES (1, 'CatalogWrong', NULL)$$),
-- uuidv7
(52, 'uuidv7', 'shift before 1970', $$SELECT uuidv7('-100 years')$$),
(53, 'uuidv7', 'shift past the 48-bit range', $$SELECT uuidv7('100000000 days')$$),
(54, 'uuidv7', 'shift beyond what timestamptz holds', $$SELECT uuidv7('200000000 days')$$),
(55, 'uuidv7', 'lower bound out of range', $$SELECT uuidv7_lower_bound('1969-12-31')$$),
-- shared
(56, 'shared', 'uuid lower bound out of range', $$SELECT uidx_uuid_lower_bound('-infinity')$$),
(57, 'shared', 'partitions of a table that is not partitioned', $$SELECT uidx_create_time_partitions('catalog_plain', '2024-01-01', '2024-02-01', '1 month')$$),
(58, 'shared', 'partitions of a table not partitioned BY RANGE', $$SELECT uidx_create_time_partitions('catalog_by_list', '2024-01-01', '2024-02-01', '1 month')$$),
(59, 'shared', 'partitions with a non-positive step', $$SELECT uidx_create_time_partitions('catalog_parts', '2024-01-01', '2024-02-01', '-1 day')$$),
(60, 'shared', 'partitions of an unsupported key type', $$SELECT uidx_create_time_partitions('catalog_by_text', '2024-01-01', '2024-02-01', '1 month')$$),
(61, 'shared', 'partition name taken by another table', $$SELECT uidx_create_time_partitions('catalog_parts', '2024-01-01', '2024-02-01', '1 month')$$),
(62, 'shared', 'NULL to an extraction function (STRICT): NULL, no error', $$SELECT iuid_timestamp(NULL::iuid)$$),
(63, 'shared', 'extraction from a uuid of another layout: NULL, no error', $$SELECT iuid_country(gen_random_uuid())$$),
(64, 'comb', 'text of any version or variant: accepted, no error', $$SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::comb$$);

SELECT n, family, class, pg_temp.error_of(statement) AS error FROM catalog ORDER BY n;
-- the "no error" rows, with their results
SELECT iuid_timestamp(NULL::iuid) IS NULL AS row_62_null,
       iuid_country(gen_random_uuid()) IS NULL AS row_63_null,
       'ffffffff-ffff-ffff-ffff-ffffffffffff'::comb::text AS row_64_value;

-- the cases that need an ordinary role
INSERT INTO catalog VALUES
(65, 'iuid', 'ordinary role writes the registry', $$INSERT INTO iuid_service_entity VALUES (33, 'Intruder')$$),
(66, 'luuid', 'ordinary role registers a group', $$SELECT luuid_register_group('Intruder')$$),
(67, 'comb', 'sequence COMB without rights on the sequence', $$SELECT comb_sequence_generate('catalog_seq')$$),
(68, 'luuid', 'luuid_nextval without rights on the sequence', $$SELECT luuid_nextval('catalog_seq', 'Person')$$),
(69, 'clock', 'ordinary role sets the test clock', $$SET uidx.debug_clock_offset_ms = 10$$);
GRANT SELECT ON catalog TO uidx_catalog_role;
SET ROLE uidx_catalog_role;
SELECT n, family, class, pg_temp.error_of(statement) AS error FROM catalog WHERE n > 64 ORDER BY n;
RESET ROLE;

-- clean up
DROP TABLE catalog;
DROP ROLE uidx_catalog_role;
DELETE FROM iuid_service_entity WHERE code = 31;
DELETE FROM luuid_group WHERE group_name = 'CatalogPerson';
DROP TABLE catalog_recv, catalog_plain, catalog_by_list, catalog_by_text, catalog_parts, catalog_parts_p20240101;
DROP SEQUENCE catalog_seq, catalog_big_seq;
