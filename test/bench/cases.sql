-- Every benchmark case, in report order.  A family adds its cases here, one
-- bench.add_case() call each (the parameters are described in harness.sql).
-- A case whose `needs` are not all functions of the installed uidx extension
-- is skipped and listed as such, so cases of unmerged families can wait here.
--
-- Targets are those of test/bench/README.md "Targets":
--   gen   baseline-subtracted cost per item (count(expr) minus count(1))
--   rate  insert rows/s;  index, wal  bytes per row
--   sort  time of the shuffled values;  sortgen  of the values in generation order

-- Baselines ------------------------------------------------------------------
SELECT bench.add_case('v4', 'gen_random_uuid() (v4)',
    gen            => 'gen_random_uuid()',
    insert_type    => 'uuid', insert_default => 'gen_random_uuid()');

SELECT bench.add_case('seq', 'sequential 16-byte key',
    setup          => 'CREATE SEQUENCE IF NOT EXISTS bench_seq',
    gen            => $$lpad(to_hex(nextval('bench_seq')), 32, '0')::uuid$$,
    insert_type    => 'uuid', insert_default => $$lpad(to_hex(nextval('bench_seq')), 32, '0')::uuid$$,
    sort           => true);

-- What users pick instead of uidx for time-ordered UUIDs before PostgreSQL
-- 18: pg_uuidv7's uuid_generate_v7() (48-bit ms, then 74 bits from
-- pg_strong_random per call, random within the millisecond), built from
-- Debian's source package into the bench server (test/bench/pg_uuidv7.sh).
SELECT bench.add_case('pg_uuidv7', 'pg_uuidv7 uuid_generate_v7()',
    setup          => 'CREATE EXTENSION IF NOT EXISTS pg_uuidv7',
    gen            => 'uuid_generate_v7()',
    insert_type    => 'uuid', insert_default => 'uuid_generate_v7()',
    sort           => true);

SELECT bench.add_case('bigserial', 'bigserial (nextval)',
    setup          => 'CREATE SEQUENCE IF NOT EXISTS bench_bigint_seq',
    gen            => $$nextval('bench_bigint_seq')$$,
    insert_type    => 'bigserial');

SELECT bench.add_case('iuid_plpgsql', 'iUID in PL/pgSQL (without uidx)',
    gen            => 'bench.iuid_plpgsql(1, 1)',
    insert_type    => 'uuid', insert_default => 'bench.iuid_plpgsql(1, 1)');

-- iUID -----------------------------------------------------------------------
SELECT bench.add_case('iuid', 'iuid_generate(1, 1)',
    needs          => '{iuid_generate}',
    gen            => 'iuid_generate(1, 1)',
    gen_targets    => 'gen <= 0.4 x v4',
    insert_type    => 'iuid', insert_default => 'iuid_generate(1, 1)',
    insert_targets => 'rate >= 1.0 x seq; rate >= 2 x v4; index <= 1.05 x seq; wal <= 1.05 x seq; rate >= 1.5 x pg_uuidv7',
    sort           => true,
    sort_targets   => 'sort <= 1.1 x uuid');

-- COMB ---------------------------------------------------------------------
-- The monotonic prefix, suffix and SQL Server COMBs: index and WAL like a
-- sequence, the sort of a table's worth of them in generation order like a
-- sequence's, generation at a tenth of v4's cost, inserts at 1.5 x
-- pg_uuidv7's rate.
SELECT bench.add_case('comb_prefix', 'comb_prefix_generate()',
    needs          => '{comb_prefix_generate}',
    gen            => 'comb_prefix_generate()',
    gen_targets    => 'gen <= 0.1 x v4',
    insert_type    => 'uuid', insert_default => 'comb_prefix_generate()',
    insert_targets => 'index <= 1.02 x seq; wal <= 1.02 x seq; rate >= 1.5 x pg_uuidv7',
    sort           => true,
    sort_targets   => 'sortgen <= 1.1 x seq');

SELECT bench.add_case('comb', 'comb_suffix_generate() (comb type)',
    needs          => '{comb_suffix_generate}',
    gen            => 'comb_suffix_generate()',
    gen_targets    => 'gen <= 0.1 x v4',
    insert_type    => 'comb', insert_default => 'comb_suffix_generate()',
    insert_targets => 'rate >= 0.9 x seq; index <= 1.02 x seq; wal <= 1.02 x seq; rate >= 1.5 x pg_uuidv7',
    sort           => true,
    sort_targets   => 'sort <= 1.15 x uuid; sortgen <= 1.1 x seq');

SELECT bench.add_case('comb_sqlserver', 'comb_sqlserver_generate() (comb type)',
    needs          => '{comb_sqlserver_generate}',
    gen            => 'comb_sqlserver_generate()',
    gen_targets    => 'gen <= 0.1 x v4',
    insert_type    => 'comb', insert_default => 'comb_sqlserver_generate()',
    insert_targets => 'index <= 1.02 x seq; wal <= 1.02 x seq; rate >= 1.5 x pg_uuidv7',
    sort           => true,
    sort_targets   => 'sortgen <= 1.1 x seq');

-- Vondra's sequential-uuids measurement: index size and WAL against v4
-- (reported in the v4 columns, no target).
SELECT bench.add_case('comb_short_prefix', 'comb_short_prefix_generate()',
    needs          => '{comb_short_prefix_generate}',
    gen            => 'comb_short_prefix_generate()',
    gen_targets    => 'gen <= 0.4 x v4',
    insert_type    => 'uuid', insert_default => 'comb_short_prefix_generate()');

SELECT bench.add_case('comb_short_suffix', 'comb_short_suffix_generate()',
    needs          => '{comb_short_suffix_generate}',
    gen            => 'comb_short_suffix_generate()',
    gen_targets    => 'gen <= 0.4 x v4');

SELECT bench.add_case('comb_sequence', 'comb_sequence_generate(seq)',
    needs          => '{comb_sequence_generate}',
    setup          => 'CREATE SEQUENCE IF NOT EXISTS bench_comb_seq',
    gen            => $$comb_sequence_generate('bench_comb_seq')$$,
    gen_targets    => 'gen <= 0.4 x v4');

-- DistributedId ------------------------------------------------------------
-- Generation within the burst (a fresh backend can draw ~128K IDs at once),
-- hence 100,000 per query.  Its inserts are paced by the same generator (about
-- 128,000 IDs/s per backend past the burst), so they show the throttle.
SELECT bench.add_case('distid', 'distid_generate()',
    needs          => '{distid_generate}',
    gen            => 'distid_generate()',
    gen_n          => 100000,
    gen_targets    => 'gen <= 0.4 x v4',
    insert_type    => 'distid', insert_default => 'distid_generate()',
    insert_targets => 'rate >= 1.5 x pg_uuidv7');

-- distid against numeric(28,0) "holding the same values": both insert the
-- same pre-generated DistributedIds (bench.make_distid_values), read by
-- position, so only the key type differs; "at least 20% smaller and faster".
SELECT bench.add_case('distid_values', 'distid, pre-generated values',
    needs          => '{distid_generate}',
    setup          => 'SELECT bench.make_distid_values({rows})',
    insert_type    => 'distid',
    insert_default => $$bench.distid_value(nextval('public.bench_distid_pos'))$$,
    insert_targets => 'index <= 0.8 x numeric28_values; rate >= 1.2 x numeric28_values');
SELECT bench.add_case('numeric28_values', 'numeric(28,0), the same values',
    needs          => '{distid_generate}',
    setup          => 'SELECT bench.make_distid_values({rows})',
    insert_type    => 'numeric(28,0)',
    insert_default => $$bench.numeric_value(nextval('public.bench_numeric_pos'))$$);

-- Past the burst: the warm-up spends the burst, the timed IDs come at the
-- throttled rate (~128 per ms per backend by design); read the IDs/s column.
SELECT bench.add_case('distid_sustained', 'distid_generate() past burst',
    needs          => '{distid_generate}',
    gen            => 'distid_generate()',
    gen_n          => 200000,
    gen_warmup     => 150000);


SELECT bench.add_case('distid128', 'distid128_generate()',
    needs          => '{distid128_generate}',
    gen            => 'distid128_generate()',
    gen_targets    => 'gen <= 0.4 x v4',
    insert_type    => 'uuid', insert_default => 'distid128_generate()',
    insert_targets => 'rate >= 1.5 x pg_uuidv7');

SELECT bench.add_case('public_id', 'public_id_encode(bigint)',
    needs          => '{public_id_encode}',
    -- the key file named in run.sh's server settings, written in the data
    -- directory as the server's OS user; each measuring session reads it
    setup          => $setup$COPY (SELECT 'AAECAwQFBgcICQoLDA0ODw==')
                          TO PROGRAM 'umask 077 && cat > bench_public_id.key'$setup$,
    gen            => 'public_id_encode(g.i::bigint)',
    gen_targets    => 'gen <= 0.4 x v4');

SELECT bench.add_case('alnum', 'alnum_encode + alnum_decode_bigint',
    needs          => '{alnum_encode,alnum_decode_bigint}',
    gen            => 'alnum_decode_bigint(alnum_encode(g.i::bigint))');

-- PK-embedded UUID, UUIDv7, inspect ----------------------------------------
SELECT bench.add_case('uuidv7', 'uuidv7()',
    needs          => '{uuidv7}',
    gen            => 'uuidv7()',
    gen_targets    => 'gen <= 0.4 x v4',
    insert_type    => 'uuid', insert_default => 'uuidv7()',
    insert_targets => 'rate >= 1.5 x pg_uuidv7',
    sort           => true);

SELECT bench.add_case('luuid', 'luuid_nextval(seq, group)',
    needs          => '{luuid_nextval,luuid_register_group}',
    setup          => $$CREATE SEQUENCE IF NOT EXISTS bench_luuid_seq;
                        SELECT luuid_register_group('BenchOrder')
                         WHERE NOT EXISTS (SELECT 1 FROM luuid_group WHERE group_name = 'BenchOrder')$$,
    gen            => $$luuid_nextval('bench_luuid_seq', 'BenchOrder')$$,
    gen_targets    => 'gen <= 0.4 x v4');

SELECT bench.add_case('inspect', 'uidx_inspect() on mixed IDs',
    needs          => '{uidx_inspect}',
    setup          => 'SELECT bench.make_mixed_ids(100000)',
    gen            => '(SELECT count(*) FROM uidx_inspect(m.id))',
    gen_from       => 'bench_mixed_ids AS m WHERE m.n <= :n',
    gen_n          => 100000);

-- Index size against table age (BENCH_SECTIONS "age") ----------------------
-- The short prefix and short suffix COMBs stay random within their interval
-- (they are meant to hide the time), so their index fills like a random
-- key's within each interval; how much that costs depends on the rows per
-- interval and, once the 16-bit counter wraps (65,536 intervals, 45.5 days
-- with the default minute), on the age.  Ages are in intervals; each row of
-- the report also gives a sequential key's index over the same rows.
SELECT bench.add_age('short_prefix_10', 'comb_short_prefix, 10 rows/minute', 'uuid',
    'comb_short_prefix_from_parts({at}, {random})', 10,
    '{1024, 16384, 65536, 98304, 131072, 196608}', needs => '{comb_short_prefix_from_parts}');
SELECT bench.add_age('short_prefix_1000', 'comb_short_prefix, 1,000 rows/minute', 'uuid',
    'comb_short_prefix_from_parts({at}, {random})', 1000,
    '{16, 64, 256, 1024}', needs => '{comb_short_prefix_from_parts}');
SELECT bench.add_age('short_prefix_100000', 'comb_short_prefix, 100,000 rows/minute', 'uuid',
    'comb_short_prefix_from_parts({at}, {random})', 100000,
    '{1, 2, 4, 8, 16}', needs => '{comb_short_prefix_from_parts}');
SELECT bench.add_age('short_prefix_256', 'comb_short_prefix(interval_count 256), 1,000 rows/minute', 'uuid',
    $$comb_short_prefix_from_parts({at}, {random}, '1 minute', 256)$$, 1000,
    '{64, 256, 512, 1024}', needs => '{comb_short_prefix_from_parts}');
SELECT bench.add_age('short_suffix_1000', 'comb_short_suffix as uuid, 1,000 rows/minute', 'uuid',
    'comb_short_suffix_from_parts({at}, {random})', 1000,
    '{16, 64, 256, 1024}', needs => '{comb_short_suffix_from_parts}');
SELECT bench.add_age('short_suffix_comb_1000', 'comb_short_suffix as comb, 1,000 rows/minute', 'comb',
    'comb(comb_short_suffix_from_parts({at}, {random}))', 1000,
    '{16, 64, 256, 1024}', needs => '{comb_short_suffix_from_parts}');
SELECT bench.add_age('v4_1000', 'gen_random_uuid(), 1,000 rows/minute', 'uuid',
    'gen_random_uuid()', 1000, '{16, 64, 256, 1024}');
