-- The deterministic functions of uidx_sql (schema :sql) against the C
-- extension (schema :c) on the same inputs: every pair of results must be
-- equal, and where one edition raises, the other must raise the same
-- SQLSTATE.  Inputs are edges (ends of each field's range, NULLs, malformed
-- text, wrong lengths) plus pseudo-random values derived from md5 of a
-- counter, so the run is the same every time.  Ends with one line
-- "equality: N compared, M differ" and the first differences.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET TimeZone = 'UTC';
-- Every statement of the SQL edition's functions planned with its
-- arguments as constants: an immutable call that a plan folds ahead of the
-- guard around it raises here on every input, not only on a session's
-- first calls (test/managed/public_id.sql keeps the default).
SET plan_cache_mode = force_custom_plan;
SELECT set_config('eq.c', :'c', false), set_config('eq.sql', :'sql', false);

CREATE TEMP TABLE ts_in (v text);
INSERT INTO ts_in VALUES
  ('NULL'), ('''infinity'''), ('''-infinity'''),
  ('''1969-12-31 23:59:59.9995+00'''), ('''1969-12-31 23:59:59.999999+00'''),
  ('''1970-01-01 00:00:00+00'''), ('''1970-01-01 00:00:00.000999+00'''),
  ('''1970-01-01 00:00:00.001+00'''), ('''10889-08-02 05:31:50.655+00'''),
  ('''10889-08-02 05:31:50.655999+00'''), ('''10889-08-02 05:31:50.656+00'''),
  ('''1899-12-31 23:59:59.999999+00'''), ('''1900-01-01 00:00:00+00'''),
  ('''1900-01-01 00:00:00.003334+00'''), ('''2079-06-06 23:59:59.999999+00'''),
  ('''2079-06-07 00:00:00+00'''), ('''2024-03-21 04:19:11.304+00'''),
  ('''2002-01-10 23:40:35+00'''), ('''4713-01-01 00:00:00+00 BC'''),
  ('''294276-12-31 23:59:59.999999+00'''), ('''2038-01-19 03:14:07.999+00''');
-- 600 instants from 1900 to 2100 with microseconds, 200 near the epoch
INSERT INTO ts_in
SELECT quote_literal((timestamptz 'epoch' + ((('x' || substr(md5('ts' || i), 1, 15))::bit(60)::bigint
                      % 6311390400000000) - 2208988800000000) * interval '1 microsecond')::text)
  FROM generate_series(1, 600) i;
INSERT INTO ts_in
SELECT quote_literal((timestamptz 'epoch' + ((('x' || substr(md5('te' || i), 1, 8))::bit(32)::bigint
                      % 20000) - 10000) * interval '1 microsecond')::text)
  FROM generate_series(1, 200) i;

CREATE TEMP TABLE bytes_in (v text);
INSERT INTO bytes_in VALUES ('NULL'), ('''\x'''), ('''\x00000000000000000000000000000000'''),
  ('''\xffffffffffffffffffffffffffffffff'''), ('''\x0011223344556677889900112233445566'''),
  ('''\x00112233445566778899001122334455'''), ('''\x001122334455667788990011223344''');
INSERT INTO bytes_in SELECT quote_literal('\x' || md5('b' || i)) FROM generate_series(1, 300) i;

CREATE TEMP TABLE uuid_in (v text);
INSERT INTO uuid_in VALUES ('NULL'), ('''00000000-0000-0000-0000-000000000000'''),
  ('''ffffffff-ffff-ffff-ffff-ffffffffffff'''), ('''019535d9-3df7-79fb-b466-fa907fa17f9e'''),
  ('''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'''), ('''c232ab00-9414-11ec-b3c8-9f6bdeced846'''),
  ('''00000000-0066-6f47-a012-3456789abcde'''), ('''00000000-0066-6f47-b012-3456789abcde'''),
  ('''d01c25cc-63a7-47cc-b5ba-018e5f3bff48'''), ('''E25AFE33-DB2D-4502-9BF0-919001862CC4'''),
  ('''a1b2c3d4-e5f6-4789-9abc-b13a0047302f'''), ('''a1b2c3d4-e5f6-4789-9abc-ffff018b8201'''),
  ('''018e5f3b-ff48-8007-80c0-000000003039'''), ('''018e5f3b-ff48-8107-80c0-000000003039'''),
  ('''018e5f3b-ff48-8007-c0c0-000000003039'''), ('''ffffffff-ffff-80ff-bfff-ffffffffffff'''),
  ('''ffffffff-ffff-8000-8000-000000000000'''), ('''ffffffff-ffff-7fff-bfff-ffffffffffff''');
-- md5 text as uuid, and the same with each layout's version and variant set
INSERT INTO uuid_in
SELECT quote_literal(overlay(overlay(md5('u' || i) PLACING v FROM 13 FOR 1) PLACING w FROM 17 FOR 1)::uuid::text)
  FROM generate_series(1, 100) i,
       (VALUES ('1', '9'), ('4', 'a'), ('6', 'a'), ('7', 'b'), ('8', '8'), ('4', '3'), ('6', 'c')) f(v, w);
INSERT INTO uuid_in SELECT quote_literal(md5('r' || i)::uuid::text) FROM generate_series(1, 100) i;
-- iUIDs of format version 0 with every country and entity edge
INSERT INTO uuid_in
SELECT quote_literal(overlay(overlay(md5('i' || i) PLACING '80' FROM 13 FOR 2) PLACING 'b' FROM 17 FOR 1)::uuid::text)
  FROM generate_series(1, 100) i;

CREATE TEMP TABLE int_in (v text);
INSERT INTO int_in VALUES ('NULL'), ('-1'), ('0'), ('1'), ('7'), ('127'), ('128'), ('255'), ('256'),
  ('4095'), ('4096'), ('2147483647'), ('-2147483648');

CREATE TEMP TABLE big_in (v text);
INSERT INTO big_in VALUES ('NULL'), ('-1'), ('0'), ('1'), ('12345'), ('18014398509481983'),
  ('18014398509481984'), ('281474976710655'), ('281474976710656'), ('9223372036854775807'),
  ('(-9223372036854775807 - 1)'), ('4294967296'), ('65536'), ('65537'), ('-65536');
INSERT INTO big_in SELECT (('x' || substr(md5('g' || i), 1, 16))::bit(64)::bigint)::text FROM generate_series(1, 40) i;

CREATE TEMP TABLE interval_in (v text);
INSERT INTO interval_in VALUES ('NULL'), ('''1 minute'''), ('''1 second'''), ('''500 milliseconds'''),
  ('''1.5 milliseconds'''), ('''0'''), ('''-1 minute'''), ('''1 month'''), ('''1 day'''), ('''10 minutes'''),
  ('''1 microsecond'''), ('''1 year -12 months'''), ('''7 days 3 hours'''), ('''2 days -48 hours 1 ms'''),
  ('''106751991 days'''), ('''3 milliseconds'''), ('''45 seconds''');

CREATE TEMP TABLE text_in (v text);
INSERT INTO text_in VALUES ('NULL'), (''''''), ('''a'''), ('''Person'''), ('''com.soqqo.system.domain.Person'''),
  ('''123456789'''), ('''java.lang.Long'''), ('''Größe'''), ('''Entity2885'''),
  ('''The quick brown fox jumps over the lazy dog'''), ('''日本語''');
INSERT INTO text_in SELECT quote_literal(md5('t' || i)) FROM generate_series(1, 60) i;

CREATE TEMP TABLE short_in (v text);
INSERT INTO short_in VALUES ('NULL'), (''''''), ('''0'''), ('''23122e'''), ('''ffffffffffff'''),
  ('''FFFFFFFFFFFF'''), ('''1000000000000'''), ('''0000000000000001'''), ('''xyz'''), (''' 1'''),
  ('''66'''), ('''1fffffffffffff'''), ('''12g''');

CREATE TEMP TABLE numeric_in (v text);
INSERT INTO numeric_in VALUES ('NULL'), ('0'), ('1'), ('-1'), ('5.0'), ('5.5'), ('''NaN'''), ('''Infinity'''),
  ('9903520314283042199192993791'), ('9903520314283042199192993792'), ('9999999999999999999999999999'),
  ('10000000000000000000000000000'), ('1088824355131185736905670087'), ('-0'), ('0.000'),
  ('18446744073709551615'), ('18446744073709551616'), ('3552713678801::numeric * 281474976710656'),
  ('35184372088831::numeric * 281474976710656 + 281474976710655');
INSERT INTO numeric_in
SELECT (('x' || substr(md5('n' || i), 1, 15))::bit(60)::bigint::numeric * 8589934592
        + ('x' || substr(md5('m' || i), 1, 8))::bit(32)::bigint)::text
  FROM generate_series(1, 150) i;

CREATE TEMP TABLE alnum_in (v text);
INSERT INTO alnum_in VALUES ('NULL'), (''''''), ('''3zfAkCP7ZtzfeQYp'''), ('''1TCKi1nFuNh'''), ('''000004gfFC4'''),
  ('''00000000010'''), ('''AzL8n0Y58m7'''), ('''4DruweP3xQ8'''), ('''1drbWFYI4a3pLliX'''), ('''agbFu5KnEQGxp4QB'''),
  ('''00000000004gfFC4'''), ('''0000004WoWZ9OjHPSzq3Ju'''), ('''1TCKi1nFuNh1TCKi1nFuNh'''),
  ('''00000000000LygHa16AHYF'''), ('''LygHa16AHYFLygHa16AHYF'''), ('''LygHa16AHYG'''), ('''zzzzzzzzzzz'''),
  ('''zzzzzzzzzzzzzzzz'''), ('''zzzzzzzzzzzzzzzzzzzzzz'''), ('''AzL8n0Y58m+'''), ('''AzL8n0Y58m '''),
  ('''İzL8n0Y58m'''), ('''AzL8n0Y58m7A'''), ('''AAAAAAAAAA'''), ('''LygHa16AHYF'''), ('''LygHa16AHYE''');
INSERT INTO alnum_in SELECT quote_literal(public.alnum_encode(md5('a' || i)::uuid)) FROM generate_series(1, 60) i;
INSERT INTO alnum_in SELECT quote_literal(public.alnum_encode(abs(('x' || substr(md5('a' || i), 1, 16))::bit(64)::bigint))) FROM generate_series(1, 60) i;
INSERT INTO alnum_in SELECT quote_literal(public.alnum_encode(v::numeric)) FROM numeric_in
 WHERE v ~ '^[0-9]{1,28}$' AND v::numeric <= 9999999999999999999999999999;

-- (name, C expression, SQL-edition expression, arguments): %1$s is the
-- schema, %2$s .. the arguments
CREATE TEMP TABLE cases (fn text, c_expr text, s_expr text, args text[]);
CREATE FUNCTION pg_temp.add(fn text, c_tmpl text, s_tmpl text, q text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('INSERT INTO cases SELECT %L, %L, %L, a FROM (%s) s(a)', fn, c_tmpl, s_tmpl, q);
END $$;

-- iUID
SELECT pg_temp.add('iuid_from_parts', '%1$s.iuid_from_parts(%2$s, %3$s, %4$s, %5$s)::text', NULL,
  $$SELECT ARRAY[t.v, c.v, e.v, r.v] FROM (SELECT v FROM ts_in ORDER BY v LIMIT 120) t,
       (SELECT v FROM int_in WHERE v IN ('0','255','256','-1','NULL','7')) c,
       (SELECT v FROM int_in WHERE v IN ('0','255','256','1')) e,
       (SELECT v FROM big_in WHERE v IN ('0','18014398509481983','18014398509481984','-1','12345')) r
      WHERE (length(t.v) + length(c.v) + length(e.v) + length(r.v)) % 7 = 0 OR t.v = 'NULL'$$);
SELECT pg_temp.add('iuid_lower_bound', '%1$s.iuid_lower_bound(%2$s)::text', NULL, 'SELECT ARRAY[v] FROM ts_in');
SELECT pg_temp.add('uidx_uuid_lower_bound', '%1$s.uidx_uuid_lower_bound(%2$s)::text', NULL, 'SELECT ARRAY[v] FROM ts_in');
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s::uuid)', NULL, 'SELECT ARRAY[v] FROM uuid_in')
  FROM unnest(ARRAY['iuid_timestamp', 'iuid_country', 'iuid_service_entity', 'iuid_format_version',
                    'iuid_random', 'comb_prefix_timestamp', 'comb_short_prefix', 'luuid_pk',
                    'luuid_group', 'luuid_short', 'uuidv7_timestamp']) f;
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s)', NULL, 'SELECT ARRAY[v] FROM uuid_in')
  FROM unnest(ARRAY['iuid_partman_decoder', 'comb_prefix_partman_decoder', 'uuidv7_partman_decoder']) f;
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s)::text', NULL, 'SELECT ARRAY[v] FROM ts_in')
  FROM unnest(ARRAY['iuid_partman_encoder', 'comb_prefix_partman_encoder', 'uuidv7_partman_encoder',
                    'uuidv7_lower_bound', 'comb_lower_bound']) f;
-- COMB
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s, %3$s)::text', NULL,
  'SELECT ARRAY[t.v, b.v] FROM ts_in t, (SELECT v FROM bytes_in ORDER BY md5(v) LIMIT 6) b')
  FROM unnest(ARRAY['comb_prefix_from_parts', 'comb_suffix_from_parts', 'comb_sqlserver_from_parts']) f;
SELECT pg_temp.add('comb_short_prefix_from_parts', '%1$s.comb_short_prefix_from_parts(%2$s, %3$s, %4$s, %5$s)::text', NULL,
  $$SELECT ARRAY[t.v, b.v, i.v, n.v] FROM (SELECT v FROM ts_in ORDER BY md5(v) LIMIT 40) t,
       (SELECT v FROM bytes_in ORDER BY md5(v) LIMIT 3) b, interval_in i,
       (VALUES ('65536'), ('100'), ('256'), ('16777216'), ('16777217'), ('0'), ('1'), ('70000'), ('NULL')) n(v)
      WHERE (length(t.v || b.v || i.v || n.v)) % 5 = 0$$);
SELECT pg_temp.add('comb_short_suffix_from_parts', '%1$s.comb_short_suffix_from_parts(%2$s, %3$s, %4$s)::text', NULL,
  $$SELECT ARRAY[t.v, b.v, i.v] FROM (SELECT v FROM ts_in ORDER BY md5(v) LIMIT 60) t,
       (SELECT v FROM bytes_in ORDER BY md5(v) LIMIT 3) b, interval_in i
      WHERE (length(t.v || b.v || i.v)) % 3 = 0$$);
SELECT pg_temp.add('comb_sequence_from_parts', '%1$s.comb_sequence_from_parts(%2$s, %3$s, %4$s, %5$s)::text', NULL,
  $$SELECT ARRAY[v.v, b.v, s.v, n.v] FROM big_in v, (SELECT v FROM bytes_in ORDER BY md5(v) LIMIT 2) b,
       (VALUES ('65536'), ('100'), ('256'), ('60'), ('1000'), ('1'), ('0'), ('-5'), ('2147483647')) s(v),
       (VALUES ('65536'), ('100'), ('256'), ('70000'), ('16777216'), ('16777217'), ('0'), ('1')) n(v)
      WHERE (length(v.v || b.v || s.v || n.v)) % 4 = 0$$);
SELECT pg_temp.add('comb_timestamp', '%1$s.comb_timestamp(%2$s::%1$s.comb)', '%1$s.comb_timestamp(%2$s::uuid)', 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add('comb_sqlserver_timestamp', '%1$s.comb_sqlserver_timestamp(%2$s::%1$s.comb)', '%1$s.comb_sqlserver_timestamp(%2$s::uuid)', 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add('comb_prefix_to_suffix', '%1$s.comb_prefix_to_suffix(%2$s::uuid)::text', NULL, 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add('comb_suffix_to_prefix', '%1$s.comb_suffix_to_prefix(%2$s::%1$s.comb)::text', '%1$s.comb_suffix_to_prefix(%2$s::uuid)::text', 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add('comb_short_prefix_is_valid', '%1$s.comb_short_prefix_is_valid(%2$s::uuid, %3$s, %4$s, %5$s)', NULL,
  $$SELECT ARRAY[u.v, tol.v, t.v, i.v] FROM (SELECT v FROM uuid_in ORDER BY md5(v) LIMIT 30) u,
       (SELECT v FROM interval_in WHERE v IN ('''10 minutes''', '''0''', '''-1 minute''', '''106751991 days''', '''1 month''', 'NULL', '''7 days 3 hours''')) tol,
       (SELECT v FROM ts_in ORDER BY md5(v) LIMIT 12) t,
       (SELECT v FROM interval_in WHERE v IN ('''1 minute''', '''1.5 milliseconds''', '''3 milliseconds''', '''1 second''')) i
      WHERE (length(u.v || tol.v || t.v || i.v)) % 6 = 0$$);
-- DistributedId, DistributedId128, alphanumeric encodings
SELECT pg_temp.add('distid_timestamp(numeric)', '%1$s.distid_timestamp((%2$s)::numeric)', NULL, 'SELECT ARRAY[v] FROM numeric_in');
SELECT pg_temp.add('distid_lower_bound', '%1$s.distid_lower_bound(%2$s)::text', NULL, 'SELECT ARRAY[v] FROM ts_in');
SELECT pg_temp.add('distid128_timestamp', '%1$s.distid128_timestamp(%2$s::uuid)', NULL, 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add('alnum_encode(numeric)', '%1$s.alnum_encode((%2$s)::numeric)', NULL, 'SELECT ARRAY[v] FROM numeric_in');
SELECT pg_temp.add('alnum_encode(bigint)', '%1$s.alnum_encode((%2$s)::bigint)', NULL, 'SELECT ARRAY[v] FROM big_in');
SELECT pg_temp.add('alnum_encode(uuid)', '%1$s.alnum_encode(%2$s::uuid)', NULL, 'SELECT ARRAY[v] FROM uuid_in');
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s)::text', NULL, 'SELECT ARRAY[v] FROM alnum_in')
  FROM unnest(ARRAY['alnum_decode_bigint', 'alnum_decode_numeric', 'alnum_decode_uuid']) f;
-- luuid and CRC-12
SELECT pg_temp.add('crc12(text)', '%1$s.crc12(%2$s::text)', NULL, 'SELECT ARRAY[v] FROM text_in');
SELECT pg_temp.add('crc12(bytea)', '%1$s.crc12(%2$s::bytea)', NULL, 'SELECT ARRAY[v] FROM bytes_in');
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s, %3$s)::text', NULL,
  'SELECT ARRAY[s.v, t.v] FROM short_in s, (SELECT v FROM text_in ORDER BY md5(v) LIMIT 12) t')
  FROM unnest(ARRAY['luuid_from_short', 'luuid_upper_bound']) f;
SELECT pg_temp.add('luuid_matches_short', '%1$s.luuid_matches_short(%2$s::uuid, %3$s, %4$s)', NULL,
  $$SELECT ARRAY[u.v, s.v, t.v] FROM uuid_in u, short_in s, (VALUES ('''com.soqqo.system.domain.Person'''), ('''Person'''), ('NULL')) t(v)
      WHERE (length(u.v || s.v || t.v)) % 9 = 0$$);
-- UUIDv7 decoding that core has from 17 on: compared while both editions install it
SELECT pg_temp.add(f, '%1$s.' || f || '(%2$s::uuid)', NULL, 'SELECT ARRAY[v] FROM uuid_in')
  FROM unnest(ARRAY['uuid_extract_version', 'uuid_extract_timestamp']) f
 WHERE current_setting('server_version_num')::integer < 170000;
-- argument checks of the generators: only the SQLSTATE (or 'ok') is compared
SELECT pg_temp.add(f, g, NULL, 'SELECT ARRAY[a.v, b.v]::text[] FROM int_in a, int_in b')
  FROM (VALUES ('iuid_generate', 'CASE WHEN %1$s.iuid_generate(%2$s, %3$s) IS NULL THEN ''null'' ELSE ''ok'' END'),
               ('iuid_generate_at', 'CASE WHEN %1$s.iuid_generate_at(now(), %2$s, %3$s) IS NULL THEN ''null'' ELSE ''ok'' END')) x(f, g);
SELECT pg_temp.add('luuid_generate', 'CASE WHEN %1$s.luuid_generate(%2$s::integer, %3$s::bigint) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  'SELECT ARRAY[a.v, b.v]::text[] FROM int_in a, big_in b WHERE length(a.v || b.v) % 3 = 0');
SELECT pg_temp.add('luuid_generate(text)', 'CASE WHEN %1$s.luuid_generate(%2$s::text, %3$s::bigint) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  'SELECT ARRAY[t.v, b.v]::text[] FROM (SELECT v FROM text_in LIMIT 5) t, big_in b');
SELECT pg_temp.add(f, 'CASE WHEN %1$s.' || f || '(%2$s) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  'SELECT ARRAY[v] FROM ts_in WHERE v !~ ''^''''[0-9]{4}-'' OR v < ''''''19''')
  FROM unnest(ARRAY['comb_prefix_generate', 'comb_suffix_generate', 'comb_sqlserver_generate']) f;
SELECT pg_temp.add('comb_short_prefix_generate', 'CASE WHEN %1$s.comb_short_prefix_generate(%2$s, %3$s) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  $$SELECT ARRAY[i.v, n.v] FROM interval_in i, (VALUES ('65536'), ('0'), ('16777217'), ('NULL'), ('256')) n(v)$$);
SELECT pg_temp.add('comb_short_suffix_generate', 'CASE WHEN %1$s.comb_short_suffix_generate(%2$s) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  'SELECT ARRAY[v] FROM interval_in');
SELECT pg_temp.add('uuidv7(interval)', 'CASE WHEN %1$s.uuidv7(%2$s::interval) IS NULL THEN ''null'' ELSE ''ok'' END', NULL,
  $$SELECT ARRAY[v] FROM (VALUES ('NULL'), ('''-1 hour'''), ('''-60 years'''), ('''-50 years'''), ('''9000 years'''), ('''8000 years'''), ('''1 month''')) i(v)$$)
 WHERE current_setting('server_version_num')::integer < 180000;

-- uidx_inspect, uidx_inspect_readings and uidx_is_valid on texts as an ID is
-- pasted.  Each input is an SQL expression, evaluated inside the one
-- statement that compares (CREATE TEMP TABLE results below): both editions
-- see the same statement start, so IDs made from it sit exactly on the
-- upper edge of the plausible window (a day after the start).  The layouts
-- are FORMATS.md's, built bit by bit from a time and md5 of a seed.
-- uidx_inspect needs the same registry rows in both editions: they are
-- added when this role may (test/t/managed.sh), else the caller has made
-- them equal (test/t/managed-pgtle.sh); unequal registries stop the test.
DO $$
DECLARE
    c text := current_setting('eq.c');
    edition text;
BEGIN
    IF has_table_privilege(format('%I.iuid_service_entity', c), 'INSERT')
       AND has_table_privilege(format('%I.luuid_group', c), 'INSERT') THEN
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I."Eq Invoice" (id uuid)', c);
        FOREACH edition IN ARRAY ARRAY[c, current_setting('eq.sql')] LOOP
            EXECUTE format($q$INSERT INTO %I.iuid_service_entity VALUES (7, 'AyanOrder'), (200, 'Eq Ride')
                              ON CONFLICT DO NOTHING$q$, edition);
            EXECUTE format($q$SELECT %1$I.luuid_register_group('Person'),
                                     %1$I.luuid_register_group('Eq Invoice', '%2$I."Eq Invoice"')$q$, edition, c);
        END LOOP;
    END IF;
END
$$;
DO $$
DECLARE
    differ text;
BEGIN
    EXECUTE format($q$SELECT string_agg(x, ', ') FROM (
                        (SELECT 'entity ' || code || ' ' || name FROM %1$I.iuid_service_entity
                         UNION ALL SELECT 'group ' || group_name || ' ' || coalesce(relation::text, '-') FROM %1$I.luuid_group)
                        EXCEPT ALL
                        (SELECT 'entity ' || code || ' ' || name FROM %2$I.iuid_service_entity
                         UNION ALL SELECT 'group ' || group_name || ' ' || coalesce(relation::text, '-') FROM %2$I.luuid_group)) d(x)$q$,
                   current_setting('eq.c'), current_setting('eq.sql')) INTO differ;
    IF differ IS NULL THEN
        EXECUTE format($q$SELECT string_agg(x, ', ') FROM (
                            (SELECT 'entity ' || code || ' ' || name FROM %2$I.iuid_service_entity
                             UNION ALL SELECT 'group ' || group_name || ' ' || coalesce(relation::text, '-') FROM %2$I.luuid_group)
                            EXCEPT ALL
                            (SELECT 'entity ' || code || ' ' || name FROM %1$I.iuid_service_entity
                             UNION ALL SELECT 'group ' || group_name || ' ' || coalesce(relation::text, '-') FROM %1$I.luuid_group)) d(x)$q$,
                       current_setting('eq.c'), current_setting('eq.sql')) INTO differ;
    END IF;
    IF differ IS NOT NULL THEN
        RAISE EXCEPTION 'equality: the registries of the two editions differ (%), so uidx_inspect cannot be compared', differ;
    END IF;
END
$$;

-- the statement's start in unix milliseconds, as uidx_inspect reads it
CREATE FUNCTION pg_temp.now_ms() RETURNS bigint LANGUAGE sql STABLE
AS $$ SELECT floor(extract(epoch FROM statement_timestamp()) * 1000)::bigint $$;
-- n hex digits of a value (two's complement, the low n digits)
CREATE FUNCTION pg_temp.hx(v bigint, n integer) RETURNS text LANGUAGE sql IMMUTABLE
AS $$ SELECT right(lpad(to_hex(v), 16, '0'), n) $$;
-- The 32 hex digits of a layout holding unix millisecond `ms`, the rest
-- from md5 of `seed` (variant, country, service entity, group: from the
-- seed too, among the registered ones and others).
CREATE FUNCTION pg_temp.layout(kind text, ms bigint, seed text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    r   text := md5(seed) || md5(seed || '/');
    b   integer := get_byte(decode(md5(seed || '#'), 'hex'), 0);
    var text := substr('89ab', 1 + b % 4, 1);
    day bigint;
    us  bigint;
    tick bigint;
BEGIN
    CASE kind
    WHEN 'iuid' THEN
        RETURN pg_temp.hx(ms, 12) || '80' || substr(r, 1, 2)
               || pg_temp.hx((2::bigint << 62) | ((ARRAY[7, 200, 255, b])[1 + b % 4]::bigint << 54)
                             | (('x' || substr(r, 3, 16))::bit(64)::bigint & 18014398509481983), 16);
    WHEN 'iuid_format1' THEN RETURN pg_temp.hx(ms, 12) || '81' || substr(r, 1, 2) || var || substr(r, 3, 15);
    WHEN 'iuid_v4_variant' THEN RETURN pg_temp.hx(ms, 12) || '80' || substr(r, 1, 2) || substr('cdef', 1 + b % 4, 1) || substr(r, 3, 15);
    WHEN 'uuidv7' THEN RETURN pg_temp.hx(ms, 12) || '7' || substr(r, 1, 3) || var || substr(r, 4, 15);
    WHEN 'distid128' THEN
        RETURN pg_temp.hx(ms + 8520336000000, 12) || '7' || substr(r, 1, 3) || substr('01234567', 1 + b % 8, 1) || substr(r, 4, 15);
    WHEN 'luuid' THEN
        RETURN pg_temp.hx(ms, 12) || '6'
               || pg_temp.hx((ARRAY[(SELECT min(g) FROM eq_groups), (SELECT max(g) FROM eq_groups), b, 4095])[1 + b % 4], 3)
               || 'a' || substr(r, 4, 15);
    WHEN 'comb_prefix' THEN RETURN pg_temp.hx(ms, 12) || '4' || substr(r, 1, 3) || var || substr(r, 4, 15);
    WHEN 'comb_suffix' THEN RETURN substr(r, 1, 12) || '4' || substr(r, 13, 3) || var || substr(r, 16, 3) || pg_temp.hx(ms, 12);
    WHEN 'comb_sqlserver', 'comb_sqlserver-1', 'comb_sqlserver+1', 'comb_sqlserver+2' THEN
        -- the tick that holds ms, or its neighbours (FORMATS.md §B2)
        day := floor(ms / 86400000.0)::bigint;
        us := (ms - day * 86400000) * 1000;
        tick := us * 3 / 10000 + CASE kind WHEN 'comb_sqlserver-1' THEN -1 WHEN 'comb_sqlserver+1' THEN 1
                                            WHEN 'comb_sqlserver+2' THEN 2 ELSE 0 END;
        RETURN substr(r, 1, 12) || '4' || substr(r, 13, 3) || var || substr(r, 16, 3)
               || pg_temp.hx(day + 25567, 4) || pg_temp.hx(tick, 8);
    WHEN 'comb_sqlserver_ticks' THEN
        RETURN substr(r, 1, 12) || '4' || substr(r, 13, 3) || var || substr(r, 16, 3) || pg_temp.hx(ms, 12);
    WHEN 'distid' THEN RETURN '00000000' || pg_temp.hx(ms + 2208988800000, 12) || substr(r, 1, 12);
    WHEN 'random' THEN RETURN substr(r, 1, 32);
    END CASE;
END $$;
-- A DistributedId of unix millisecond `ms` as an integer
CREATE FUNCTION pg_temp.distid(ms bigint, seed text) RETURNS numeric LANGUAGE sql IMMUTABLE
AS $$ SELECT (ms + 2208988800000)::numeric * 281474976710656 + ('x' || substr(md5(seed), 1, 12))::bit(48)::bigint $$;
-- The text of 32 hex digits (or of a DistributedId) as someone pastes it.
CREATE FUNCTION pg_temp.shown(hex text, style text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
    canon text := CASE WHEN style NOT LIKE 'dec%' AND style NOT LIKE 'alnum16%' THEN hex::uuid::text END;
    alnum text;
BEGIN
    IF style LIKE 'alnum16%' THEN
        EXECUTE format('SELECT %I.alnum_encode($1::numeric)', current_setting('eq.c')) INTO alnum USING hex;
    ELSIF style LIKE 'alnum22%' THEN
        EXECUTE format('SELECT %I.alnum_encode($1::uuid)', current_setting('eq.c')) INTO alnum USING hex;
    END IF;
    RETURN CASE style
        WHEN 'canon' THEN canon
        WHEN 'upper' THEN upper(canon)
        WHEN 'braced' THEN '{' || canon || '}'
        WHEN 'plain' THEN hex
        WHEN 'urn' THEN 'urn:uuid:' || canon
        WHEN 'URN' THEN 'URN:UUID:' || upper(hex)
        WHEN 'padded' THEN E' \t\n' || canon || E'\r\f' || chr(11)
        WHEN 'groups4' THEN '{' || regexp_replace(hex, '(....)(?!$)', '\1-', 'g') || '}'
        WHEN 'bad_hyphen' THEN substr(hex, 1, 3) || '-' || substr(hex, 4)
        WHEN 'trailing_hyphen' THEN canon || '-'
        WHEN 'nbsp' THEN chr(160) || canon
        WHEN 'unbalanced' THEN '{' || canon
        WHEN 'long' THEN canon || repeat(' ', 30) || 'x'
        WHEN 'urn_spaced' THEN 'urn:uuid: ' || canon
        WHEN 'urn_dotted_i' THEN 'urn:uu' || chr(304) || 'd:' || canon
        WHEN 'alnum22' THEN alnum
        WHEN 'alnum22_urn' THEN '  URN:uuid:' || alnum || E'\n'
        WHEN 'alnum22_lower' THEN lower(alnum)
        WHEN 'alnum16' THEN alnum
        WHEN 'alnum16_padded' THEN E'\t' || alnum || ' '
        WHEN 'dec' THEN hex
        WHEN 'dec28' THEN lpad(hex, 28, '0')
        WHEN 'dec29' THEN lpad(hex, 29, '0')
        WHEN 'dec_urn' THEN 'urn:uuid:' || hex
        WHEN 'dec_padded' THEN '  ' || hex || E'\n'
    END;
END $$;
CREATE TEMP TABLE eq_groups AS SELECT 0 AS g WHERE false;
DO $$ BEGIN
    EXECUTE format('INSERT INTO eq_groups SELECT %1$I.crc12(n) FROM unnest(ARRAY[''Person'', ''Eq Invoice'']) n', current_setting('eq.c'));
END $$;

CREATE TEMP TABLE ms_in (v text);
INSERT INTO ms_in VALUES ('0'), ('1'), ('631151999999'), ('631152000000'), ('631152000001'),
  ('281474976710655'), ('1700000000000'), ('946684799999'), ('pg_temp.now_ms()'),
  ('(pg_temp.now_ms() + 86399999)'), ('(pg_temp.now_ms() + 86400000)'), ('(pg_temp.now_ms() + 86400001)'),
  ('(pg_temp.now_ms() + 31536000000)');
INSERT INTO ms_in SELECT (631152000000 + ('x' || substr(md5('ms' || i), 1, 12))::bit(48)::bigint % 1262304000000)::text
  FROM generate_series(1, 14) i;
INSERT INTO ms_in SELECT (('x' || substr(md5('old' || i), 1, 12))::bit(48)::bigint % 631152000000)::text
  FROM generate_series(1, 4) i;

CREATE TEMP TABLE inspect_in (v text);
-- every layout at every time, in the usual forms, odd forms for some
INSERT INTO inspect_in
SELECT format('pg_temp.shown(pg_temp.layout(%L, %s, %L), %L)', k, m.v, k || m.v, f)
  FROM ms_in m,
       unnest(ARRAY['iuid', 'iuid_format1', 'iuid_v4_variant', 'uuidv7', 'distid128', 'luuid', 'comb_prefix',
                    'comb_suffix', 'comb_sqlserver', 'comb_sqlserver-1', 'comb_sqlserver+1', 'comb_sqlserver+2',
                    'distid', 'random']) k,
       unnest(ARRAY['canon', 'upper', 'braced', 'plain', 'urn', 'padded', 'alnum22',
                    'URN', 'groups4', 'bad_hyphen', 'trailing_hyphen', 'nbsp', 'unbalanced', 'long',
                    'urn_spaced', 'urn_dotted_i', 'alnum22_urn', 'alnum22_lower']) WITH ORDINALITY f(f, o)
 WHERE f.o <= 7 OR (length(k || m.v || f.f) % 5 = 0);
-- SQL Server COMBs at a day's last ticks and past them
INSERT INTO inspect_in
SELECT format('pg_temp.shown(pg_temp.layout(''comb_sqlserver_ticks'', %s, %L), ''canon'')', t, 'st' || t)
  FROM unnest(ARRAY[0, 1, 25919999, 25920000, 25920001, 4294967295]::bigint[]) d(t0),
       unnest(ARRAY[0::bigint << 32, 33000::bigint << 32, 65535::bigint << 32]) dd(days),
       LATERAL (SELECT (dd.days | d.t0)::text AS t) x;
-- DistributedIds as decimals and 16 characters
INSERT INTO inspect_in
SELECT format('pg_temp.shown(pg_temp.distid(%s, %L)::text, %L)', m.v, 'd' || m.v, f)
  FROM ms_in m, unnest(ARRAY['dec', 'dec28', 'dec29', 'dec_urn', 'dec_padded', 'alnum16', 'alnum16_padded']) f
 WHERE m.v <> '281474976710655' OR f NOT LIKE 'alnum%';
-- random bytes and random digits
INSERT INTO inspect_in SELECT quote_literal(md5('rb' || i)::uuid::text) FROM generate_series(1, 200) i;
INSERT INTO inspect_in SELECT quote_literal(public_uuid) FROM (
  SELECT overlay(md5('rv' || i) PLACING v FROM 13 FOR 1)::uuid::text AS public_uuid
    FROM generate_series(1, 40) i, unnest(ARRAY['1', '2', '3', '4', '5', '6', '7', '8', '9', 'c', 'f']) v) x;
INSERT INTO inspect_in SELECT quote_literal(substr(regexp_replace(md5('dg' || i) || md5('dh' || i), '[a-f]', '', 'g'), 1, 1 + i % 30))
  FROM generate_series(1, 60) i;
-- the values of the other comparisons above, as text
INSERT INTO inspect_in SELECT v FROM uuid_in;
INSERT INTO inspect_in SELECT v FROM alnum_in;
INSERT INTO inspect_in SELECT quote_literal(v) FROM numeric_in WHERE v ~ '^[0-9]+$';
-- odd texts
INSERT INTO inspect_in VALUES ('NULL'), (''''''), (''' '''), ('E''\t\n'''), ('''urn:uuid:'''), ('''URN:UUID:'''),
  ('''urn:uuid'''), ('''hello'''), ('''-1'''), ('''+1'''), ('''1.0'''), ('''1e5'''), ('''0x12'''), ('''null'''),
  ('''0'''), ('''00'''), (''' 123 '''), ('''urn:uuid:123'''), ('repeat(''ö'', 16)'), ('repeat(''ö'', 11)'),
  ('''١٢٣'''), ('''１２３'''), ('''日本語'''), ('''😀'''), ('chr(1) || ''123'''), ('''123'' || chr(127)'),
  ('repeat(''9'', 28)'), ('repeat(''9'', 29)'), ('repeat(''0'', 28)'), ('repeat(''1'', 16)'), ('repeat(''0'', 16)'),
  ('''1234567890123456'''), ('''123456789012345'''), ('''12345678901234567'''),
  ('''9903520314283042199192993791'''), ('''9903520314283042199192993792'''),
  ('''zzzzzzzzzzzzzzzz'''), ('''agbFu5KnEQGxp4QB'''), ('''agbFu5KnEQGxp4QC'''), ('''00000LygHa16AHYG'''),
  ('''00000LygHa16AHYF'''), ('''LygHa16AHYFLygHa16AHYF'''), ('''LygHa16AHYGLygHa16AHYF'''),
  ('''LygHa16AHYFLygHa16AHYG'''), ('''0000000000000000000000'''), ('repeat(''z'', 22)'), ('repeat(''Z'', 16)'),
  ('repeat(''0'', 32)'), ('repeat(''f'', 32)'), ('repeat(''F'', 32)'), ('repeat(''0'', 64)'), ('repeat(''0'', 65)'),
  ('repeat(''a'', 64)'), ('''  '' || repeat(''a'', 64) || ''  '''), ('''{}'''), ('''{'''), ('''}'''),
  ('''{00000000-0000-0000-0000-000000000000'''), ('''00000000-0000-0000-0000-000000000000}'''),
  ('''{{00000000-0000-0000-0000-000000000000}}'''), ('''0000-0000-0000-0000-0000-0000-0000-0000'''),
  ('''00000000--0000-0000-0000-000000000000'''), ('''-00000000-0000-0000-0000-000000000000'''),
  ('''00000000-0000-0000-0000-00000000000'''), ('''00000000-0000-0000-0000-0000000000000'''),
  ('''00000000-0000-0000-0000-00000000000g'''), ('''urn:uuid:urn:uuid:00000000-0000-0000-0000-000000000000'''),
  ('''uRn:UuId:00000000-0000-4000-8000-000000000000'''), ('E''\x0b00000000-0000-4000-8000-000000000000\x0b'''),
  ('''00008000-0000-4000-8000-000000000000'''), ('''00008000-0000-0000-0000-000000000000'''),
  ('''ffff8000-0000-7000-8000-000000000000'''), ('''00007fff-ffff-ffff-ffff-ffffffffffff'''),
  ('''1fffffff-ffff-ffff-ffff-ffffffffffff'''), ('''00000000-1fff-ffff-ffff-ffffffffffff'''),
  ('''00000000-2000-0000-0000-000000000000'''), ('''80000000-0000-0000-0000-000000000000''');

SELECT pg_temp.add(f, '(SELECT coalesce(string_agg(r::text, '' ; '' ORDER BY r.ordinality), ''none'') FROM %1$s.' || f
                      || '(%2$s) WITH ORDINALITY r)', NULL, 'SELECT ARRAY[v] FROM inspect_in')
  FROM unnest(ARRAY['uidx_inspect_readings', 'uidx_inspect']) f;
SELECT pg_temp.add('uidx_is_valid', '%1$s.uidx_is_valid(%2$s, %3$s)', NULL,
  $$SELECT ARRAY[i.v, quote_literal(t)] FROM inspect_in i, unnest(ARRAY['iuid', 'comb', 'distid', 'uuid']) t$$);
-- the type as the C function's regtype reads it: other spellings, other
-- types (22023), no type (42704)
SELECT pg_temp.add('uidx_is_valid(type spellings)', '%1$s.uidx_is_valid(%2$s, %3$s)', NULL,
  $$SELECT ARRAY[i.v, t] FROM (SELECT v FROM inspect_in ORDER BY md5(v) LIMIT 30) i,
       unnest(ARRAY['''IUID''', ''' Comb ''', '''"distid"''', '''UUID''', '''pg_catalog.uuid''', '''"uuid"''',
                    '''int4''', '''integer''', '''text''', '''uuid[]''', '''nosuchtype''', '''0''', '''"IUID"''',
                    '''2950''', 'NULL']) t$$);

-- Evaluates one expression: its text, 'NULL', or 'ERROR <SQLSTATE>'.
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

CREATE TEMP TABLE results AS
SELECT fn, args, input, c_val, s_val
  FROM (SELECT fn, args,
               -- the text uidx_inspect and uidx_is_valid were shown, for the report
               CASE WHEN fn LIKE 'uidx\_i%' THEN pg_temp.eval(args[1]) END AS input,
               pg_temp.eval(format(c_expr, VARIADIC current_setting('eq.c') || args)) AS c_val,
               pg_temp.eval(format(COALESCE(s_expr, c_expr), VARIADIC current_setting('eq.sql') || args)) AS s_val
          FROM cases) r;

SELECT format('equality: %s compared (%s raising, %s functions), %s differ',
              count(*), count(*) FILTER (WHERE c_val LIKE 'ERROR%'), count(DISTINCT fn),
              count(*) FILTER (WHERE c_val IS DISTINCT FROM s_val)) AS summary
  FROM results;
SELECT fn, count(*) AS inputs, count(*) FILTER (WHERE c_val LIKE 'ERROR%') AS raising,
       count(*) FILTER (WHERE c_val IS DISTINCT FROM s_val) AS differ
  FROM results GROUP BY fn ORDER BY fn;
SELECT fn, args, input, c_val AS c_edition, s_val AS sql_edition
  FROM results WHERE c_val IS DISTINCT FROM s_val ORDER BY fn, args::text LIMIT 40;

-- The uidx_inspect inputs still reach every reading the detector has (kind,
-- score, form) and both sides of the window's edges: 1990-01-01 and a day
-- after the statement's start, to the millisecond.
DO $$
DECLARE
    missing text;
    edges text;
BEGIN
    WITH got AS (
        SELECT DISTINCT m[1] || ' ' || m[3] || ' ' || m[2] AS reading
          FROM results, regexp_matches(c_val, '\((\w+),[^,]*,"\{[^}]*""form"": ""(\w+)""[^}]*\}",(\d+),\d+\)', 'g') m
         WHERE fn = 'uidx_inspect_readings')
    SELECT string_agg(e, ', ') INTO missing
      FROM unnest(ARRAY['iuid 90 uuid', 'iuid 50 uuid', 'uuidv7 85 uuid', 'uuidv7 45 uuid', 'distid128 85 uuid',
                        'distid128 45 uuid', 'luuid 70 uuid', 'comb_prefix 60 uuid', 'comb_suffix 55 uuid',
                        'comb_sqlserver 50 uuid', 'uuid_v4 30 uuid', 'uuid_v4 45 uuid', 'distid 50 uuid',
                        'public_id 20 uuid', 'iuid 90 alnum22', 'iuid 50 alnum22', 'comb_sqlserver 50 alnum22',
                        'distid 50 alnum22', 'public_id 20 alnum22', 'distid 80 decimal', 'distid 40 decimal',
                        'distid 80 alnum16', 'distid 40 alnum16']) e
     WHERE e NOT IN (SELECT reading FROM got);
    SELECT string_agg(format('%s at %s: %s', k, ms, c_val), '; ') INTO edges
      FROM (VALUES ('iuid', '631151999999', ',50,1)'), ('iuid', '631152000000', ',90,1)'),
                   ('iuid', '(pg_temp.now_ms() + 86400000)', ',90,1)'), ('iuid', '(pg_temp.now_ms() + 86400001)', ',50,1)'),
                   ('comb_suffix', '(pg_temp.now_ms() + 86400000)', '(comb_suffix,'),
                   ('comb_suffix', '(pg_temp.now_ms() + 86400001)', '(uuid_v4,')) x(k, ms, expected)
      LEFT JOIN results r ON r.fn = 'uidx_inspect_readings'
       AND r.args[1] = format('pg_temp.shown(pg_temp.layout(%L, %s, %L), %L)', k, ms, k || ms, 'canon')
     WHERE r.c_val IS NULL OR strpos(r.c_val, expected) = 0;
    IF missing IS NOT NULL OR edges IS NOT NULL THEN
        RAISE EXCEPTION 'equality: the uidx_inspect inputs no longer cover: % %', missing, edges;
    END IF;
END
$$;
