SET timezone = 'UTC';
-- PK-embedded UUID with CRC-12 groups (FORMATS.md §D).

\i test/regress/error_of.sql

-- ---- CRC-12: every FORMATS.md §D vector (but 'Größe': sql/encoding.sql), check value 0xDDD ----
SELECT s, crc12(s) AS crc, lpad(upper(to_hex(crc12(s))), 3, '0') AS hex
  FROM (VALUES (''), ('a'), ('Person'), ('com.soqqo.system.domain.Person'),
               ('123456789'), ('java.lang.Long'), ('java.lang.String'),
               ('The quick brown fox jumps over the lazy dog')) v(s);
-- the same through bytea; 'Größe' as its UTF-8 and its LATIN1 bytes (that
-- crc12(text) hashes the UTF-8 bytes in any database: sql/encoding.sql)
SELECT crc12('\x313233343536373839'::bytea) AS check_value,
       crc12('\x4772c3b6c39f65'::bytea) AS groesse_utf8,
       crc12('\x4772f6df65'::bytea) AS groesse_latin1,
       crc12(''::bytea) AS empty;
SELECT crc12(NULL::text) IS NULL AS strict_text, crc12(NULL::bytea) IS NULL AS strict_bytea;

-- ---- layout vectors reachable without fixed random bits (random 0) ----
-- id=1 group='Person' rand64=0 -> 00000000-0001-62b6-a000-000000000000
SELECT luuid_from_short('1', 'Person');
SELECT luuid_from_short('66', 'com.soqqo.system.domain.Person') AS pk102,
       luuid_from_short('b3', 'java.lang.Long') AS pk179,
       luuid_from_short('ffffffffffff', 'a') AS pk_max;

-- ---- extraction on the FORMATS.md §D vectors ----
SELECT u, luuid_pk(u) AS pk, luuid_group(u) AS grp, luuid_short(u) AS short
  FROM (VALUES ('00000000-0066-6f47-a012-3456789abcde'::uuid),
               ('00000000-0001-62b6-a000-000000000000'),
               ('00000000-00b3-671b-afff-ffffffffffff'),
               ('ffffffff-ffff-603d-a800-000000000000'),
               ('00000000-0005-694e-adea-dbeefcafebab'),
               ('00000023-122e-62b6-a000-000000000000')) v(u);
-- not this layout: NULL (v4; v6 with variant nibble 8 or b; v7; nil)
SELECT u, luuid_pk(u) AS pk, luuid_group(u) AS grp, luuid_short(u) AS short
  FROM (VALUES ('5b30857f-0bfa-48b5-ac0b-5c64e28078d1'::uuid),
               ('1ef21d2f-1207-6660-8c4f-419efbd44d48'),
               ('00000000-0001-62b6-b000-000000000000'),
               ('00000000-0001-72b6-a000-000000000000'),
               ('00000000-0000-0000-0000-000000000000')) v(u);
-- an RFC 9562 v6 whose clock_seq starts with bits 10 is indistinguishable
SELECT luuid_group('1ef21d2f-1207-6660-ac4f-419efbd44d48') AS v6_misread_as_group;

-- luuid_group is both a function and the registry table; an untyped literal
-- still reaches the function (a table's row type is never a function-style cast)
SELECT luuid_group('00000000-0001-62b6-a000-000000000000') AS from_literal;
SELECT count(*) AS registry_rows FROM luuid_group;

-- ---- generators: structure, ranges, errors ----
SELECT substr(u::text, 15, 1) AS version_nibble, substr(u::text, 20, 1) AS variant_nibble,
       luuid_pk(u) AS pk, luuid_group(u) AS grp, luuid_short(u) AS short
  FROM (VALUES (luuid_generate(694, 1)), (luuid_generate('Person', 2302254)),
               (luuid_generate(0, 0)), (luuid_generate(4095, 281474976710655))) v(u);
SELECT left(luuid_generate('Person', 7)::text, 19) AS fixed_part;
-- 60 random bits: 1000 ids for one pk and group are distinct, and all lie
-- within [luuid_from_short, luuid_upper_bound)
SELECT count(DISTINCT u) AS distinct_ids,
       bool_and(u >= luuid_from_short('7', 'Person') AND u < luuid_upper_bound('7', 'Person')) AS in_bounds,
       bool_and(luuid_matches_short(u, '7', 'Person')) AS matches,
       bool_or(luuid_matches_short(u, '8', 'Person')) AS matches_other_pk,
       bool_or(luuid_matches_short(u, '7', 'Entity')) AS matches_other_group
  FROM (SELECT luuid_generate('Person', 7) AS u FROM generate_series(1, 1000)) s;
SELECT luuid_upper_bound('7', 'Person'), luuid_upper_bound('ffffffffffff', 'a');
SELECT pg_temp.error_of($$SELECT luuid_generate(694, -1)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(694, 281474976710656)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate('Person', 281474976710661)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(-1, 1)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(4096, 1)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(NULL::integer, 1)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(NULL::text, 1)$$);
SELECT pg_temp.error_of($$SELECT luuid_generate(694, NULL)$$);

-- ---- short form ----
SELECT luuid_from_short('23122E', 'Person') AS upper_case,
       luuid_from_short('0000000000000001', 'Person') AS leading_zeros,
       luuid_short(luuid_from_short('23122e', 'Person')) AS round_trip;
SELECT pg_temp.error_of($$SELECT luuid_from_short('', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_from_short('12g4', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_from_short(' 1', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_from_short('-1', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_from_short('0x1f', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_from_short('1000000000000', 'Person')$$);
SELECT pg_temp.error_of($$SELECT luuid_upper_bound('zz', 'Person')$$);
SELECT luuid_from_short(NULL, 'Person') IS NULL AS strict_short,
       luuid_from_short('1', NULL) IS NULL AS strict_group,
       luuid_matches_short(NULL, '1', 'Person') IS NULL AS matches_null;

-- the look-up helper becomes an index range scan
CREATE TABLE person (id uuid PRIMARY KEY, name text);
INSERT INTO person SELECT luuid_generate('Person', n), 'p' || n FROM generate_series(1, 2000) n;
ANALYZE person;
EXPLAIN (COSTS OFF) SELECT name FROM person WHERE luuid_matches_short(id, '4d2', 'Person');
SELECT name FROM person WHERE luuid_matches_short(id, '4d2', 'Person');
SELECT name FROM person
 WHERE id >= luuid_from_short('4D2', 'Person') AND id < luuid_upper_bound('4D2', 'Person');

-- ---- registry ----
SELECT luuid_register_group('Person') AS person;
SELECT luuid_register_group('Person') AS person_again;
-- 'Entity2885' has the CRC-12 of 'Person' (0x2B6), found by brute force
SELECT crc12('Entity2885') AS entity2885, crc12('Person') AS person;
SELECT pg_temp.error_of($$SELECT luuid_register_group('Entity2885')$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group(NULL)$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('')$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('Person', 'no_such_table')$$);
-- only a permanent table or view: a dump restores an index after the
-- registry's data, and a temporary table's OID outlives its session
CREATE TABLE luuid_kinds (id uuid PRIMARY KEY);
CREATE SEQUENCE luuid_kinds_seq;
CREATE TEMP TABLE luuid_kinds_temp (id uuid);
SELECT pg_temp.error_of($$SELECT luuid_register_group('Person', 'luuid_kinds_pkey')$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('Person', 'luuid_kinds_seq')$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('Person', 'luuid_kinds_temp')$$);
DROP TABLE luuid_kinds, luuid_kinds_temp;
DROP SEQUENCE luuid_kinds_seq;
-- the table rejects rows whose id is not the name's CRC-12
SELECT pg_temp.error_of($$INSERT INTO luuid_group VALUES (1, 'Person2', NULL)$$);
SELECT pg_temp.error_of($$INSERT INTO luuid_group VALUES (crc12('Entity2885'), 'Entity2885', NULL)$$);

-- relation: set by a non-NULL argument, kept by NULL, replaced by another
CREATE TABLE orders (id uuid PRIMARY KEY);
CREATE TABLE archived_orders (id uuid PRIMARY KEY);
SELECT luuid_register_group('Person', 'person') AS person_with_relation;
SELECT luuid_register_group('Person') AS person_null_keeps;
SELECT luuid_register_group('Order', 'archived_orders') AS order_id;
SELECT luuid_register_group('Order', 'orders') AS order_replaced;
SELECT group_id, group_name, relation FROM luuid_group ORDER BY group_id;

-- routing /any/<uuid>
SELECT u, luuid_relation(u) AS relation
  FROM (VALUES (luuid_from_short('4d2', 'Person')), (luuid_from_short('1', 'Order')),
               (luuid_from_short('1', 'Invoice')),
               ('5b30857f-0bfa-48b5-ac0b-5c64e28078d1'::uuid)) v(u);
-- a dropped table's OID stays in the registry (no event trigger clears it:
-- docs/security.md), and routing ignores it
CREATE TABLE invoices (id uuid PRIMARY KEY);
SELECT luuid_register_group('Invoice', 'invoices') AS invoice;
SELECT luuid_relation(luuid_from_short('1', 'Invoice')) AS before_drop;
DROP TABLE invoices;
SELECT luuid_relation(luuid_from_short('1', 'Invoice')) AS after_drop,
       (SELECT relation IS NOT NULL FROM luuid_group WHERE group_name = 'Invoice') AS stale_kept;

-- everyone may read the registry; only its owner may write it
CREATE ROLE luuid_test_reader;
SET ROLE luuid_test_reader;
SELECT count(*) AS readable FROM luuid_group;
SELECT luuid_relation(luuid_from_short('1', 'Order')) AS routed;
SELECT pg_temp.error_of($$SELECT luuid_register_group('Customer')$$);
SELECT pg_temp.error_of($$DELETE FROM luuid_group$$);
-- dropping a registered table without the right to write the registry: the
-- DROP succeeds, routing ignores the missing table
RESET ROLE;
CREATE TABLE reader_table (id uuid);
ALTER TABLE reader_table OWNER TO luuid_test_reader;
SELECT luuid_register_group('Customer', 'reader_table') AS customer;
SET ROLE luuid_test_reader;
DROP TABLE reader_table;
SELECT luuid_relation(luuid_from_short('1', 'Customer')) AS after_drop,
       (SELECT relation IS NOT NULL FROM luuid_group WHERE group_name = 'Customer') AS stale_kept;
RESET ROLE;
DELETE FROM luuid_group WHERE group_name = 'Customer';
DROP ROLE luuid_test_reader;

-- ---- a DEFAULT driven by a sequence ----
CREATE SEQUENCE order_line_seq;
CREATE TABLE order_line (
    id  uuid PRIMARY KEY DEFAULT luuid_nextval('order_line_seq', 'OrderLine'),
    qty integer
);
INSERT INTO order_line (qty) VALUES (5), (6), (7);
SELECT luuid_pk(id) AS pk, luuid_short(id) AS short, luuid_group(id) = crc12('OrderLine') AS grp_ok, qty
  FROM order_line ORDER BY id;
SELECT pg_temp.error_of($$SELECT luuid_nextval(NULL, 'OrderLine')$$);
SELECT pg_temp.error_of($$SELECT luuid_nextval('order_line_seq', NULL)$$);
SELECT pg_temp.error_of($$SELECT luuid_nextval('no_such_seq', 'OrderLine')$$);
-- the sequence must stay within 0 .. 2^48-1
SELECT setval('order_line_seq', 281474976710654);
SELECT luuid_short(luuid_nextval('order_line_seq', 'OrderLine')) AS last_pk;
SELECT pg_temp.error_of($$SELECT luuid_nextval('order_line_seq', 'OrderLine')$$);
CREATE SEQUENCE negative_seq MINVALUE -5 START -5;
SELECT pg_temp.error_of($$SELECT luuid_nextval('negative_seq', 'OrderLine')$$);

-- ---- volatility, strictness and parallel safety of every function ----
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       p.prosecdef
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE p.proname ~ '^(crc12|luuid_)'
 ORDER BY p.oid::regprocedure::text;
-- no event trigger of either registry runs in other roles' DDL (docs/security.md)
SELECT evtname, evtevent, evtfoid::regproc FROM pg_event_trigger WHERE evtname ~ '^(luuid|uidx)';
-- the registry is an extension configuration table: pg_dump dumps its rows, less those of a dropped table
SELECT cfg.oid::regclass AS config_table, cfg.condition
  FROM pg_extension x, unnest(x.extconfig, x.extcondition) AS cfg(oid, condition)
 WHERE x.extname = 'uidx' AND cfg.oid = 'luuid_group'::regclass;

DROP TABLE person, orders, archived_orders, order_line;
DROP SEQUENCE order_line_seq, negative_seq;
DELETE FROM luuid_group;
