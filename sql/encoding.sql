-- Every non-ASCII input of the pg_regress suite is here, so that every other
-- test prints the same in a database of any encoding (docs/upgrades.md
-- "make installcheck": make installcheck in a UTF8, LATIN1 or SQL_ASCII
-- database).  What this one
-- prints depends on the database encoding; one expected file per kind:
--   expected/encoding.out    UTF8
--   expected/encoding_1.out  SQL_ASCII: the server stores the UTF-8 bytes as
--                            they come and knows no multibyte characters
--   expected/encoding_2.out  a single-byte encoding holding ä, é, ö and ß
--                            (LATIN1, LATIN9, WIN1252, LATIN2, ...)
--   expected/encoding_3.out  a single-byte encoding without them (KOI8R,
--                            WIN1251, ...): only the first query
-- This file is UTF-8 and says so: the server converts its text into the
-- database encoding (and every result back), whatever psql would guess.
SET client_encoding = 'UTF8';
SET timezone = 'UTC';

\i test/regress/error_of.sql

SELECT CASE WHEN getdatabaseencoding() IN ('UTF8', 'SQL_ASCII') THEN getdatabaseencoding()
            WHEN pg_encoding_max_length(pg_char_to_encoding(getdatabaseencoding())) = 1 THEN 'single-byte'
            ELSE 'multibyte' END AS encoding_kind,
       pg_temp.error_of($$SELECT convert_from('\xc3a4c3a9c3b6c39f', 'UTF8')$$) = 'no error' AS holds_aeoss;
-- latin: ä, é, ö and ß can be stored; any: so can every character (U+0130)
SELECT pg_temp.error_of($$SELECT convert_from('\xc3a4c3a9c3b6c39f', 'UTF8')$$) = 'no error' AS latin,
       getdatabaseencoding() IN ('UTF8', 'SQL_ASCII') AS any \gset

\if :latin
-- ---- crc12(text) hashes the UTF-8 bytes of the text, whatever the database
-- encoding (FORMATS.md §D vector 'Größe'; sql/luuid.sql has the rest) ----
SELECT s, crc12(s) AS crc, lpad(upper(to_hex(crc12(s))), 3, '0') AS hex,
       crc12(s) = crc12(convert_to(s, 'UTF8')) AS text_is_utf8,
       crc12(s) = crc12('\x4772c3b6c39f65'::bytea) AS utf8_bytes,
       luuid_group(luuid_generate(s, 1)) = crc12(s) AS generate_uses_it
  FROM (VALUES ('Größe')) v(s);

-- ---- a foreign character is refused, never read as a digit ----
-- 11 bytes in a single-byte encoding (a byte above 0x7F in a block of the
-- right length), 12 in UTF-8 (wrong length); distid: 16 and 17
SELECT f, s, octet_length(s) AS bytes, pg_temp.error_of(format('SELECT %s(%L)', f, s)) FROM (VALUES
    ('alnum_decode_bigint', '1234567890é'),
    ('alnum_decode_numeric', '3zfAkCP7ZtzfeQYé'),
    ('alnum_decode_distid', '3zfAkCP7ZtzfeQYé')) x(f, s);
SELECT t, octet_length(t) AS bytes, pg_temp.error_of(format('SELECT %L::distid', t))
  FROM (VALUES ('3zfAkCP7ZtzfeQYé')) v(t);

-- ---- uidx_inspect: garbage gives zero rows, never an error (11 é: the
-- length of an alphanumeric bigint in bytes of a single-byte encoding, of an
-- alphanumeric uuid in UTF-8) ----
SELECT v, (SELECT count(*) FROM uidx_inspect(v)) AS readings
  FROM (VALUES ('Größe-Größe-Größe'), ('ééééééééééé')) t(v);

-- ---- partition names: a long parent name is shortened, multibyte
-- characters are never cut in half (where the encoding has them) ----
CREATE TABLE "encoding_äääääääääääääääääääääääääää" (id iuid) PARTITION BY RANGE (id);
SELECT octet_length(relname) AS parent_bytes FROM pg_class WHERE oid = '"encoding_äääääääääääääääääääääääääää"'::regclass;
SELECT count(*) AS created
  FROM uidx_create_time_partitions('"encoding_äääääääääääääääääääääääääää"', '2025-01-01', '2025-01-01 00:02', '1 minute');
-- (SQL_ASCII has no characters: the server cuts bytes, the names end in half
-- an 'ä', which a UTF8 client would refuse; their lengths tell it)
SELECT CASE WHEN getdatabaseencoding() <> 'SQL_ASCII' THEN c.relname END AS relname,
       octet_length(c.relname) AS bytes
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = '"encoding_äääääääääääääääääääääääääää"'::regclass
 ORDER BY c.relname;
DROP TABLE "encoding_äääääääääääääääääääääääääää";
-- uidx_attach_local_region: the parent part is cut at a character boundary
SELECT repeat('é', 31) AS long_name \gset
CREATE TABLE :"long_name" (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
SELECT n AS attached, octet_length(n) AS bytes
  FROM uidx_attach_local_region(:'long_name', '{211, 213}') p, parse_ident(p::text) i, LATERAL (SELECT i[1] AS n) x;
DROP TABLE :"long_name";
DELETE FROM uidx_region WHERE country IN (211, 213);
\endif

\if :any
-- ---- U+0130 (2 bytes in UTF-8): upstream's char overloads read it as '0';
-- uidx refuses it (FORMATS.md §A3 "Where uidx differs") ----
SELECT f, s, octet_length(s) AS bytes, pg_temp.error_of(format('SELECT %s(%L)', f, s)) FROM (VALUES
    ('alnum_decode_bigint', '123456789İ'),        -- 11 bytes
    ('alnum_decode_numeric', '3zfAkCP7ZtzfeQİ'),  -- 16 bytes
    ('alnum_decode_distid', '3zfAkCP7ZtzfeQİ')) x(f, s);
SELECT t, octet_length(t) AS bytes, pg_temp.error_of(format('SELECT %L::distid', t))
  FROM (VALUES ('3zfAkCP7ZtzfeQİ')) v(t);
\endif
