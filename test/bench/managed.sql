-- The managed section (BENCH_SECTIONS=managed): uidx_sql, the SQL edition
-- (docs/managed.md), installed by run.sh into the schema
-- uidx_sql of the bench database.  Its generators become cases of the gen
-- and insert sections like any other; managed-report.sql sets them against
-- gen_random_uuid(), the PL/pgSQL baseline (iuid_plpgsql.sql) and their C
-- twins, in generation and, for every monotonic generator, in inserts.
-- Generation uses 100,000 IDs per query instead of BENCH_GEN_N.
CREATE TABLE bench.managed_twins (key text PRIMARY KEY, twin text NOT NULL, ord integer NOT NULL);
INSERT INTO bench.managed_twins VALUES
  ('sql_iuid', 'iuid', 1), ('sql_uuidv7', 'uuidv7', 2), ('sql_comb_prefix', 'comb_prefix', 3),
  ('sql_comb_suffix', 'comb', 4), ('sql_comb_sqlserver', 'comb_sqlserver', 5), ('sql_luuid', 'luuid', 6),
  ('sql_distid', 'distid', 7), ('sql_distid128', 'distid128', 8), ('sql_public_id', 'public_id', 9),
  ('sql_inspect', 'inspect', 10);

SELECT bench.add_case('sql_iuid', 'uidx_sql.iuid_generate(1, 1)',
    gen            => 'uidx_sql.iuid_generate(1, 1)', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.iuid_generate(1, 1)');
SELECT bench.add_case('sql_uuidv7', 'uidx_sql.uuidv7() (SQL edition, before 18)',
    gen            => 'uidx_sql.uuidv7()', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.uuidv7()')
 WHERE to_regprocedure('uidx_sql.uuidv7()') IS NOT NULL;
SELECT bench.add_case('sql_comb_prefix', 'uidx_sql.comb_prefix_generate()',
    gen            => 'uidx_sql.comb_prefix_generate()', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.comb_prefix_generate()');
SELECT bench.add_case('sql_comb_suffix', 'uidx_sql.comb_suffix_generate() (uuid)',
    gen            => 'uidx_sql.comb_suffix_generate()', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.comb_suffix_generate()');
SELECT bench.add_case('sql_comb_sqlserver', 'uidx_sql.comb_sqlserver_generate() (uuid)',
    gen            => 'uidx_sql.comb_sqlserver_generate()', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.comb_sqlserver_generate()');
SELECT bench.add_case('sql_luuid', 'uidx_sql.luuid_nextval(seq, group)',
    setup          => $$CREATE SEQUENCE IF NOT EXISTS public.bench_sql_luuid_seq MAXVALUE 281474976710655 CYCLE;
                       SELECT uidx_sql.luuid_register_group('Bench')$$,
    gen            => $$uidx_sql.luuid_nextval('public.bench_sql_luuid_seq', 'Bench')$$, gen_n => 100000);
SELECT bench.add_case('sql_distid', 'uidx_sql.distributed_id() (numeric)',
    gen            => 'uidx_sql.distributed_id()', gen_n => 100000,
    insert_type    => 'numeric(28,0)', insert_default => 'uidx_sql.distributed_id()');
SELECT bench.add_case('sql_distid128', 'uidx_sql.distid128_generate()',
    gen            => 'uidx_sql.distid128_generate()', gen_n => 100000,
    insert_type    => 'uuid', insert_default => 'uidx_sql.distid128_generate()');
-- the C case reads its key from the bench server's key file; uidx_sql gets its own
SELECT bench.add_case('sql_public_id', 'uidx_sql.public_id_encode(bigint)',
    setup          => $$SELECT uidx_sql.public_id_set_key(pg_catalog.decode(pg_catalog.md5('uidx bench key'), 'hex'))$$,
    gen            => 'uidx_sql.public_id_encode(g.i::bigint)', gen_n => 100000);
-- the C case's mixed IDs (cases.sql), read by uidx_sql's detector
SELECT bench.add_case('sql_inspect', 'uidx_sql.uidx_inspect() on mixed IDs',
    setup          => 'SELECT bench.make_mixed_ids(100000)',
    gen            => '(SELECT count(*) FROM uidx_sql.uidx_inspect(m.id))',
    gen_from       => 'bench_mixed_ids AS m WHERE m.n <= :n',
    gen_n          => 10000);
