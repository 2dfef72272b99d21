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
SELECT fn, args, c_val, s_val
  FROM (SELECT fn, args,
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
SELECT fn, args, c_val AS c_edition, s_val AS sql_edition
  FROM results WHERE c_val IS DISTINCT FROM s_val ORDER BY fn, args::text LIMIT 40;
