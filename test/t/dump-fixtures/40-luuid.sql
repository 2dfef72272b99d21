-- PK-embedded UUIDs: a sequence-driven DEFAULT, and the group registry whose
-- relation column (regclass) must come back by name, quoting and schema
-- included (compared as text, a relation that did not resolve would show as
-- a bare OID); the group of a dropped table is left out of the dump, never
-- restored with its OID as a number, and so is one of an index (which 1.2's
-- luuid_register_group took), whose name no restore knows when it reads the
-- data: it would fail the registry's whole COPY
CREATE SCHEMA "luuid app";
CREATE SEQUENCE "luuid app".order_item_seq;
CREATE TABLE "luuid app"."Order Items" (
    id  uuid PRIMARY KEY DEFAULT luuid_nextval('"luuid app".order_item_seq', 'OrderItem'),
    qty integer
);
CREATE TABLE luuid_person (id uuid PRIMARY KEY DEFAULT luuid_generate('Person', 1), name text);
SELECT luuid_register_group('OrderItem', '"luuid app"."Order Items"');
SELECT luuid_register_group('Person', 'luuid_person');
SELECT luuid_register_group('Unrouted');
CREATE TABLE luuid_dropped (id uuid);
SELECT luuid_register_group('Dropped', 'luuid_dropped');
DROP TABLE luuid_dropped;
INSERT INTO "luuid app"."Order Items" (qty) SELECT n FROM generate_series(1, 500) n;
INSERT INTO luuid_person SELECT luuid_generate('Person', n), 'p' || n FROM generate_series(1, 500) n;
INSERT INTO luuid_group VALUES (crc12('ByIndex'), 'ByIndex', 'luuid_person_pkey');
