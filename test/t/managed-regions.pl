# uidx_sql's region registry and helpers (docs/managed.md "Regions in uidx_sql"), on
# three clusters: two regions (orders_kz with country 42, orders_br with 76),
# each an ordinary uuid table partitioned by time with uidx_sql's helper, and a
# router (its own country 16 in a local partition), all set up by running the
# README's blocks as they are (the servers' addresses aside).  uidx_sql is installed with its psql script, built
# by src/sql/managed/build.sh, into the schema uidx_sql of every database.  Then:
#  1. the README's generic-plan EXPLAIN is what the router shows;
#  2. lookups with the country condition, prepared under a generic plan, plan
#     one foreign scan (none for the router's own country) with `id = $1` in
#     its Remote SQL, return the row, and the regions' statistics show one
#     index scan per execution in the owning region and none in the other;
#     with a literal the planner prunes by itself; an untyped parameter is a
#     uuid; `id = $1` alone asks every region; a text parameter cast to uuid
#     prunes but is not sent to the region (README: pass a uuid);
#  3. routed INSERTs land in the region of each ID's country; an ID of a
#     country without a region, or a uuid that is not an iUID, fails with
#     23514 and writes nothing anywhere; rows read back through the router;
#     the newest N via the router are the newest N of the union;
#  4. a country attached later to a region joins its partition's list, so
#     the router counts every row once;
#  5. every refusal of the helpers with its SQLSTATE (and the 42809 hint),
#     nothing changed by them; the README calls again return nothing
#     (idempotence); a router cannot have a primary key (0A000);
#  6. uidx_region_of; local regions sub-partitioned by
#     uidx_create_time_partitions, in a schema and with a name that need
#     quoting and shortening;
#  7. pg_dump of the router, restored, has the same registry and partitions
#     and routes;
#  8. the C extension's helpers and uidx_sql's, given the same calls on
#     routers of the same name, refuse the same ones with the same SQLSTATE
#     and leave the same registry.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;

my $top = $ENV{UIDX_TOP} or BAIL_OUT('UIDX_TOP is not set (run by test/scripts/tap.sh)');
my ($version) = slurp_file("$top/uidx.control") =~ /^default_version\s*=\s*'([^']+)'/m
  or BAIL_OUT('no default_version in uidx.control');
my $dist = PostgreSQL::Test::Utils::tempdir;
system_or_bail('bash', "$top/src/sql/managed/build.sh", $dist, $version);
my $install = "$dist/uidx_sql.psql.sql";

my ($nodes, $dbs) = UidxTest::region_nodes('managed_region');
my %node = %$nodes;
my %db = %$dbs;
my %country = (kz => 42, br => 76);
my $sql = sub { my ($n, @stmts) = @_; return $node{$n}->safe_psql($db{$n}, join ";\n", @stmts) };
my $install_into = sub {    # node, database
	my ($n, $d) = @_;
	$node{$n}->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $d, '-v', 'schema=uidx_sql', '-f', $install ],
		"uidx_sql $version installed with psql into $d");
};
# The SQLSTATE of a statement ('ok' when it succeeds), then its message and hint.
my $state_fn = q{CREATE FUNCTION sqlstate_of(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    msg text;
    hint text;
BEGIN
    EXECUTE stmt;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT, hint = PG_EXCEPTION_HINT;
    RETURN SQLSTATE || ' ' || msg || coalesce(' | ' || nullif(hint, ''), '');
END $$};

# --- The README's blocks: the regions (an ordinary uuid table, partitioned by
# time), then the router.  Each block starts with where it runs; only the
# servers' host and port are changed, to this run's ---
$install_into->($_, $db{$_}) for qw(kz br router);
my ($section) = slurp_file("$top/docs/managed.md") =~ /^## Regions in uidx_sql\b(.*?)(?=^## |\z)/ms
  or BAIL_OUT('docs/managed.md has no "Regions in uidx_sql" section');
my @all_blocks = $section =~ /^<!-- run by test\/t\/managed-regions\.pl -->\n```sql\n(.*?)^```/msg;
my (%ran, @blocks);
for my $block (@all_blocks)
{
	my ($first) = split /\n/, $block;
	my ($where) = $first =~ /^-- (?:region: orders_(kz|br)|(router))$/
	  or BAIL_OUT(qq{docs/managed.md "Regions in uidx_sql": a sql block starts with "$first", not "-- region: orders_kz", "-- region: orders_br" or "-- router"});
	$where //= 'router';
	(my $r = $block) =~ s/host 'orders-kz\.internal', port '5432'/"host '" . $node{kz}->host . "', port '" . $node{kz}->port . "'"/e;
	$r =~ s/host 'orders-br\.internal', port '5432'/"host '" . $node{br}->host . "', port '" . $node{br}->port . "'"/e;
	$sql->($where, $r);
	$ran{$where}++;
	push @blocks, $block if $where eq 'router';
}
is(join(' ', map { "$_:" . ($ran{$_} // 0) } qw(kz br)), 'kz:1 br:1', 'the README region blocks ran, one in each region');
is($sql->('br', 'SHOW uidx.country'), '76', "... and Brazil's block gives its database country 76");
is(scalar(@blocks), 2, 'the README router blocks ran');
is($sql->('router', "SELECT count(*) FROM pg_foreign_server WHERE srvoptions::text LIKE '%" . $node{kz}->host . "%'"),
	'2', "the router's servers point to this run's clusters") or BAIL_OUT('the router does not reach the regions');
my ($prepare) = join('', @blocks) =~ /^(PREPARE order_by_id\(uuid\) AS\n.*?);$/ms
  or BAIL_OUT('docs/managed.md "Regions in uidx_sql": no PREPARE order_by_id(uuid)');
$sql->('router', $state_fn);

# --- 1. The README's EXPLAIN ---
my @plans = grep { /^EXPLAIN/ } $section =~ /^```text\n(.*?)^```/msg;
is(scalar(@plans), 1, 'docs/managed.md "Regions in uidx_sql": one ```text block with an EXPLAIN');
my ($explain, @shown) = split /\n/, $plans[0];
is($sql->('router', 'SET plan_cache_mode = force_generic_plan', $prepare, $explain),
	join("\n", map { s/^ //r } @shown), "the README's generic-plan EXPLAIN is what the router shows");

# Rows in every region (UidxTest::seed_region_orders)
my ($kz_id, $br_id, $local_id) = UidxTest::seed_region_orders($sql, 'uidx_sql.iuid_generate(7, 16)');
note "ids: kz $kz_id, br $br_id, router $local_id";

# --- 2. Lookups ---
my $region_scans = sub { UidxTest::region_scans($node{$_[0]}, $db{$_[0]}) };
my $leaves = $sql->('router', q{SELECT count(*) FROM pg_partition_tree('orders') WHERE isleaf});
my $run_lookup = sub {    # statements (the last a query run 3 times) -> (rows, region scan deltas)
	my @stmts = @_;
	my $query = pop @stmts;
	my ($kz0, $br0) = ($region_scans->('kz'), $region_scans->('br'));
	my $got = $sql->('router', @stmts, ($query) x 3);
	my ($kz1, $br1) = ($region_scans->('kz'), $region_scans->('br'));
	return ($got, { kz => [ $kz1->[0] - $kz0->[0], $kz1->[1] - $kz0->[1] ], br => [ $br1->[0] - $br0->[0], $br1->[1] - $br0->[1] ] });
};
my $country_lookup = q{SELECT customer_id FROM orders WHERE uidx_sql.iuid_country(id) = uidx_sql.iuid_country($1) AND id = $1};
for my $case ([ 'kz', $kz_id, 100205 ], [ 'br', $br_id, 200205 ], [ 'none', $local_id, 300205 ])
{
	my ($owner, $id, $want) = @$case;
	my $label = "country lookup of a" . ($owner eq 'none' ? " router" : " $owner") . " id";
	my @prepare = ('SET plan_cache_mode = force_generic_plan', "PREPARE q(uuid) AS $country_lookup");
	my $plan = $sql->('router', @prepare, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$id')");
	my ($got, $d) = $run_lookup->(@prepare, "EXECUTE q('$id')");
	note "$label: region scans (seq/idx): kz $d->{kz}[0]/$d->{kz}[1], br $d->{br}[0]/$d->{br}[1]";
	is($got, join("\n", ($want) x 3), "$label: the right row each time");
	my $foreign = () = $plan =~ /Foreign Scan/g;
	if ($owner eq 'none')
	{
		ok($foreign == 0 && $plan =~ /Subplans Removed: @{[ $leaves - 1 ]}/, "$label: generic plan has no foreign scan left")
		  or diag $plan;
		is($d->{kz}[0] + $d->{kz}[1] + $d->{br}[0] + $d->{br}[1], 0, "$label: no region scanned");
		next;
	}
	my $part = sprintf 'orders_c%03d', $country{$owner};
	ok($foreign == 1 && $plan =~ /Subplans Removed: @{[ $leaves - 1 ]}/ && $plan =~ /Foreign Scan on public\.$part /,
		"$label: generic plan keeps exactly one foreign scan, on $part") or diag $plan;
	like($plan, qr/Remote SQL: .* WHERE \(\(id = \$1::uuid\)\)$/m, "$label: the id condition is in the Remote SQL");
	my $other = $owner eq 'kz' ? 'br' : 'kz';
	is($d->{$other}[0] + $d->{$other}[1], 0, "$label: the other region was not scanned at all");
	is("$d->{$owner}[0]/$d->{$owner}[1]", '0/3', "$label: the owning region ran one index scan per execution, no sequential scan");
}
{
	my $plan = $sql->('router', "EXPLAIN (VERBOSE, COSTS OFF) SELECT customer_id FROM orders
	    WHERE uidx_sql.iuid_country(id) = uidx_sql.iuid_country('$br_id') AND id = '$br_id'");
	ok($plan =~ /^Foreign Scan on public\.orders_c076 orders$/m && $plan !~ /Append/,
		'country lookup with a literal: pruned at planning to the one foreign scan') or diag $plan;

	my @prepare = ('SET plan_cache_mode = force_generic_plan', 'PREPARE q(uuid) AS SELECT customer_id FROM orders WHERE id = $1');
	$plan = $sql->('router', @prepare, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$kz_id')");
	my ($got, $d) = $run_lookup->(@prepare, "EXECUTE q('$kz_id')");
	note "id = \$1 alone: region scans (seq/idx): kz $d->{kz}[0]/$d->{kz}[1], br $d->{br}[0]/$d->{br}[1]";
	is($got, join("\n", (100205) x 3), 'id = $1 alone: the right row');
	ok(scalar(() = $plan =~ /Foreign Scan/g) == 2 && $plan =~ /Subplans Removed: 2$/m,
		"id = \$1 alone: the generic plan keeps a foreign scan per region, and prunes the router's own time partitions on id")
	  or diag $plan;
	cmp_ok($d->{br}[0] + $d->{br}[1], '>=', 3, 'id = $1 alone: the region that does not hold the id is asked too');

	@prepare = ('SET plan_cache_mode = force_generic_plan', "PREPARE q AS $country_lookup");
	is($sql->('router', @prepare, q{SELECT parameter_types FROM pg_prepared_statements WHERE name = 'q'}), '{uuid}',
		'an untyped parameter of the country lookup is a uuid');
	$plan = $sql->('router', @prepare, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$kz_id')");
	ok(scalar(() = $plan =~ /Foreign Scan/g) == 1 && $plan =~ /WHERE \(\(id = \$1::uuid\)\)$/m,
		'an untyped parameter: one foreign scan, the id condition sent') or diag $plan;

	@prepare = ('SET plan_cache_mode = force_generic_plan', 'PREPARE q(text) AS SELECT customer_id FROM orders
	    WHERE uidx_sql.iuid_country(id) = uidx_sql.iuid_country($1::uuid) AND id = $1::uuid');
	$plan = $sql->('router', @prepare, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$kz_id')");
	is($sql->('router', @prepare, "EXECUTE q('$kz_id')"), '100205', 'a text parameter cast to uuid: the right row');
	ok(scalar(() = $plan =~ /Foreign Scan/g) == 1 && $plan =~ /Remote SQL: SELECT id, customer_id FROM public\.orders$/m,
		'a text parameter cast to uuid: pruned, but the region is sent no condition') or diag $plan;
}

# --- 3. Routed inserts, reads back, the newest N ---
$sql->('router', q{INSERT INTO orders VALUES (uidx_sql.iuid_generate(7, 42), 501, 1), (uidx_sql.iuid_generate(7, 43), 502, 1),
                                             (uidx_sql.iuid_generate(7, 76), 503, 1), (uidx_sql.iuid_generate(7, 16), 504, 1)});
my $where_rows = sub {    # customer ids (SQL list) -> where they are, as customer:country
	my $q = "SELECT coalesce(string_agg(customer_id || ':' || uidx_sql.iuid_country(id), ',' ORDER BY customer_id), '-') FROM %s WHERE customer_id IN ($_[0])";
	return join ' ', 'kz', $sql->('kz', sprintf $q, 'orders'), 'br', $sql->('br', sprintf $q, 'orders'),
	  'router', $sql->('router', sprintf $q, 'orders_c016');
};
is($where_rows->('501, 502, 503, 504'), 'kz 501:42,502:43 br 503:76 router 504:16', 'routed inserts land in their regions');
for my $bad ([ 'an id of a country without a region', 'uidx_sql.iuid_generate(7, 99)' ], [ 'a uuid that is not an iUID', 'gen_random_uuid()' ])
{
	my ($label, $expr) = @$bad;
	my $got = $sql->('router', "SELECT sqlstate_of(\$\$INSERT INTO orders VALUES (uidx_sql.iuid_generate(7, 42), 601, 1),
	    (uidx_sql.iuid_generate(7, 76), 602, 1), (uidx_sql.iuid_generate(7, 16), 603, 1), ($expr, 604, 1)\$\$)");
	note "an INSERT with $label: $got";
	is(substr($got, 0, 5) . ' ' . $where_rows->('601, 602, 603, 604'), '23514 kz - br - router -', "$label: 23514, nothing written");
}
my $ids = $sql->('router', q{SELECT string_agg(quote_literal(id), ',' ORDER BY customer_id) FROM orders WHERE customer_id BETWEEN 501 AND 504});
is($sql->('router', "SELECT string_agg(customer_id::text, ',' ORDER BY customer_id) FROM unnest(ARRAY[$ids]::uuid[]) k,
        LATERAL (SELECT customer_id FROM orders WHERE uidx_sql.iuid_country(id) = uidx_sql.iuid_country(k) AND id = k) o"),
	'501,502,503,504', 'the routed rows read back through the router, by id and country');
my $newest = 25;
my $via_router = $sql->('router', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest");
my @union = reverse sort map { split /\n/ }
  $sql->('kz', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"),
  $sql->('br', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"),
  $sql->('router', "SELECT id, customer_id, amount FROM orders_c016 ORDER BY id DESC LIMIT $newest");
is($via_router, join("\n", @union[ 0 .. $newest - 1 ]), "newest $newest via the router = newest $newest of the union of the regions");

# --- 4. A country attached later joins the region's partition ---
my $total = sub {
	return join ' ', $sql->('router', 'SELECT count(*) FROM orders'),
	  $sql->('kz', 'SELECT count(*) FROM orders') + $sql->('br', 'SELECT count(*) FROM orders')
	  + $sql->('router', 'SELECT count(*) FROM orders_c016');
};
is($sql->('router', q{SELECT string_agg(p::text, ',') FROM uidx_sql.uidx_attach_region('orders', 'region_kz', '{45, 44}') p}),
	'orders_c042', 'countries 44 and 45 attached to region_kz: its partition is extended');
is($sql->('router', q{SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE relname = 'orders_c042'}),
	'FOR VALUES IN (42, 43, 44, 45)', 'orders_c042 holds 42, 43, 44, 45');
$sql->('router', q{INSERT INTO orders VALUES (uidx_sql.iuid_generate(7, 44), 701, 1)});
is($where_rows->('701'), 'kz 701:44 br - router -', 'a routed insert of country 44 lands in kz');
my ($via, $sum) = split / /, $total->();
is($via, $sum, "the router counts every row once ($via)");
is($sql->('router', "SELECT uidx_sql.uidx_region_of(uidx_sql.iuid_generate(7, 45))"), 'region_kz', 'uidx_region_of a country attached later');

# --- 5. Refusals, idempotence, no primary key on the router ---
my $shape = sub {    # node, db: the registry, then every partition with its bound, server and options
	my ($n, $d) = @_;
	return $node{$n}->safe_psql($d, q{
    SELECT 'registry ' || country || ' ' || coalesce(server, '(local)') || ' ' || coalesce(part::text, '-') FROM uidx_sql.uidx_region
    UNION ALL
    SELECT 'partition ' || c.oid::regclass || ' ' || c.relkind::text || ' ' || pg_get_expr(c.relpartbound, c.oid)
           || coalesce(' server ' || s.srvname || ' ' || array_to_string(f.ftoptions, ','), '')
      FROM pg_class c LEFT JOIN pg_foreign_table f ON f.ftrelid = c.oid
      LEFT JOIN pg_foreign_server s ON s.oid = f.ftserver
     WHERE c.relispartition
    ORDER BY 1});
};
$sql->('router', 'CREATE TABLE by_range (id uuid NOT NULL) PARTITION BY RANGE (id)',
	'CREATE TABLE by_column (id uuid NOT NULL) PARTITION BY LIST (id)',
	'CREATE TABLE by_country_range (id uuid NOT NULL) PARTITION BY RANGE (uidx_sql.iuid_country(id))',
	'CREATE TABLE not_partitioned (id uuid NOT NULL)',
	'CREATE TABLE orders_x PARTITION OF orders FOR VALUES IN (50)',
	'CREATE TABLE orders_c060 (id uuid)');
my $before = $shape->('router', 'router');
my $hint = 'Create it with PARTITION BY LIST (uidx_sql.iuid_country(id)).';
for my $case (
	[ q{uidx_sql.uidx_attach_region(NULL, 'region_kz', '{1}')}, '22004' ],
	[ q{uidx_sql.uidx_attach_region('orders', NULL, '{1}')}, '22004' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', NULL)}, '22004' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', '{1, NULL}')}, '22004' ],
	[ q{uidx_sql.uidx_attach_local_region(NULL, '{1}')}, '22004' ],
	[ q{uidx_sql.uidx_attach_local_region('orders', NULL)}, '22004' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', '{}')}, '22023' ],
	[ q{uidx_sql.uidx_attach_local_region('orders', '{}')}, '22023' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', '{256}')}, '22003' ],
	[ q{uidx_sql.uidx_attach_local_region('orders', '{-1}')}, '22003' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_xx', '{1}')}, '42704' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', '{1}', 'a.b.c')}, '22023' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_br', '{42}')}, '42P17' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_br', '{16}')}, '42P17' ],
	[ q{uidx_sql.uidx_attach_local_region('orders', '{76}')}, '42P17' ],
	[ q{uidx_sql.uidx_attach_region('orders', 'region_kz', '{50}')}, '42P17' ],
	[ q{uidx_sql.uidx_attach_local_region('orders', '{60}')}, '42P07' ],
	[ q{uidx_sql.uidx_attach_region('by_range', 'region_kz', '{1}')}, "42809 .* \\| \Q$hint\E\$" ],
	[ q{uidx_sql.uidx_attach_local_region('by_column', '{1}')}, "42809 .* \\| \Q$hint\E\$" ],
	[ q{uidx_sql.uidx_attach_local_region('by_country_range', '{1}')}, '42809' ],
	[ q{uidx_sql.uidx_attach_region('not_partitioned', 'region_kz', '{1}')}, '42809' ],
	[ q{uidx_sql.uidx_region_of(gen_random_uuid())}, '22P02' ],
	[ q{uidx_sql.uidx_region_of(uidx_sql.iuid_generate(7, 99))}, '22023' ],
	[ q{uidx_sql.uidx_region_of(NULL)}, 'ok' ],
	)
{
	my ($call, $want) = @$case;
	my $got = $sql->('router', "SELECT sqlstate_of(\$\$SELECT $call\$\$)");
	like($got, qr/^$want/, "$call: " . ($want =~ s/ .*//r)) or diag $got;
}
is($shape->('router', 'router'), $before, 'the refused calls changed neither the registry nor the partitions');
$sql->('router', 'DROP TABLE by_range, by_column, by_country_range, not_partitioned, orders_x, orders_c060');
$before = $shape->('router', 'router');
my @again = grep { /^SELECT uidx_sql\.uidx_attach_/ } split /\n/, $blocks[0];
is(scalar(@again), 3, 'the README attaches three regions');
is($sql->('router', map { "SELECT count(*) FROM (" . s/;.*//r . ") s" } @again), "0\n0\n0", 'the README calls again return nothing');
is($shape->('router', 'router'), $before, '... and change nothing');
like($sql->('router', q{SELECT sqlstate_of('ALTER TABLE orders ADD PRIMARY KEY (id)')}), qr/^0A000/,
	'the router table cannot have a primary key (0A000)');

# --- 6. uidx_region_of, local regions partitioned by time ---
is($sql->('router', "SELECT coalesce(uidx_sql.uidx_region_of('$kz_id'), '-') || ' ' || coalesce(uidx_sql.uidx_region_of('$br_id'), '-')
                       || ' ' || coalesce(uidx_sql.uidx_region_of('$local_id'), '-')"), 'region_kz region_br -', 'uidx_region_of');
is($sql->('router', q{SELECT count(*) || ' ' || count(*) FILTER (WHERE isleaf) FROM pg_partition_tree('orders_c016') WHERE level = 1}),
	'3 3', 'orders_c016 has the three monthly partitions of uidx_create_time_partitions');
is($sql->('router', q{SELECT string_agg(DISTINCT (SELECT inhparent::regclass::text FROM pg_inherits WHERE inhrelid = o.tableoid), ',')
                        FROM orders o WHERE uidx_sql.iuid_country(id) = 16}), 'orders_c016', "the router's own rows are in orders_c016's time partitions");
# A schema and a table that need quoting, the table's name 62 bytes of
# two-byte characters: the partitions are named <shortened parent>_cNNN.
my $long = 'р' x 31;
$sql->('router', 'CREATE SCHEMA "Route s"', qq{CREATE TABLE "Route s"."$long" (id uuid NOT NULL, customer_id bigint NOT NULL, amount numeric(12,2) NOT NULL)
	    PARTITION BY LIST (uidx_sql.iuid_country(id))});
my $parts = $sql->('router', qq{SELECT string_agg(p::text, ',') FROM uidx_sql.uidx_attach_local_region('"Route s"."$long"', '{16, 17, 19}') p});
# at most 62 bytes: the parent part cut at a character boundary and tagged
# with the hash of the whole name (uidx_partition_name)
my $short = ('р' x 24) . '_' . substr($sql->('router', qq{SELECT encode(sha256(convert_to('$long', 'UTF8')), 'hex')}), 0, 8);
is($sql->('router', qq{SELECT uidx_sql.uidx_partition_name('$long', '_c016')}), "${short}_c016", 'the naming rule');
is($parts, qq{"Route s"."${short}_c016","Route s"."${short}_c019"}, 'local region: names shortened at a character boundary, schema quoted once');
is($sql->('router', qq{SELECT count(*) FROM uidx_sql.uidx_create_time_partitions('"Route s"."${short}_c016"', '2026-01-01', '2026-04-01', '1 month')}),
	'3', 'uidx_create_time_partitions under a local region in a quoted schema');
is($sql->('router', qq{SELECT string_agg(p::text, ',') FROM uidx_sql.uidx_attach_region('"Route s"."$long"', 'region_br', '{76}', 'public.orders') p}),
	qq{"Route s"."${short}_c076"}, 'foreign partition of a quoted table');
$sql->('router', qq{INSERT INTO "Route s"."$long" VALUES (uidx_sql.iuid_from_parts('2026-02-03', 16, 7), 1, 1)});
like($sql->('router', qq{SELECT i.inhparent::regclass || ' ' || o.tableoid::regclass FROM "Route s"."$long" o
                          JOIN pg_inherits i ON i.inhrelid = o.tableoid WHERE uidx_sql.iuid_country(id) = 16}),
	qr/^"Route s"\."${short}_c016" "Route s"\."(?:р)+(?:_[0-9a-f]{8})?_p20260201"$/, 'a routed row lands in its time partition');
is($sql->('router', qq{SELECT customer_id FROM "Route s"."$long" WHERE uidx_sql.iuid_country(id) = 76 AND id = '$br_id'}),
	'200205', 'the quoted router reads its region with remote_table');

# --- 6b. The registry follows the catalog through uidx_region_check ---
# Rows record their partition by OID: a renamed server is the same region and
# a drop of another server leaves them; no event trigger removes the rows of
# a dropped router or partition here, uidx_region_check(true) does.
$sql->('router', q{CREATE SERVER region_spare FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'spare')},
	'ALTER SERVER region_kz RENAME TO region_kz_renamed', 'DROP SERVER region_spare');
is($sql->('router', "SELECT uidx_sql.uidx_region_of('$kz_id')"), 'region_kz_renamed',
	'after ALTER SERVER ... RENAME uidx_region_of names the new name, and a DROP SERVER of another server changes nothing');
is($sql->('router', q{SELECT string_agg(country || ' ' || problem || ' ' || action, ',' ORDER BY country) FROM uidx_sql.uidx_region_check(true) WHERE country = 42}),
	'42 server renamed to "region_kz_renamed" renamed', 'uidx_region_check(true) writes the new name');
$sql->('router', 'ALTER SERVER region_kz_renamed RENAME TO region_kz', 'SELECT count(*) FROM uidx_sql.uidx_region_check(true)');
$sql->('router', q{CREATE TABLE drop_router (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id))},
	q{SELECT uidx_sql.uidx_attach_region('drop_router', 'region_br', '{77}', 'public.orders')}, 'DROP TABLE drop_router');
is($sql->('router', q{SELECT string_agg(country || ' ' || problem || ' ' || action, ',') FROM uidx_sql.uidx_region_check(true)}),
	'77 partition dropped deleted', 'after DROP TABLE of a router, uidx_region_check(true) finds and deletes its row');
$sql->('router', q{CREATE TABLE drop_router (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id))},
	q{SELECT uidx_sql.uidx_attach_region('drop_router', 'region_br', '{78}', 'public.orders')}, 'DROP FOREIGN TABLE drop_router_c078');
is($sql->('router', q{SELECT string_agg(p::text, ',') FROM uidx_sql.uidx_attach_local_region('drop_router', '{78}') p}), 'drop_router_c078',
	'a country whose foreign partition was dropped can be attached elsewhere before the check');
is($sql->('router', q{SELECT server IS NULL AND part = 'drop_router_c078'::regclass FROM uidx_sql.uidx_region WHERE country = 78}), 't',
	'... and its row now records the new partition');
is($sql->('router', q{SELECT count(*) FROM uidx_sql.uidx_region_check()}), '0', 'nothing stale is left');
$sql->('router', 'DROP TABLE drop_router', 'SELECT count(*) FROM uidx_sql.uidx_region_check(true)');
my ($ret_rr, $state_rr) = $node{router}->psql('router', qq{BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT uidx_sql.uidx_attach_region('orders', 'region_kz', '{45}');
\\echo :LAST_ERROR_SQLSTATE
ROLLBACK;}, on_error_stop => 0);
is($state_rr, '25000', 'in SERIALIZABLE the region helpers refuse to run');

# --- 7. pg_dump of the router ---
my $dump = PostgreSQL::Test::Utils::tempdir . '/router.dump';
$node{router}->command_ok([ 'pg_dump', '-d', 'router', '-Fc', '-f', $dump ], 'pg_dump of the router');
$node{router}->safe_psql('postgres', 'CREATE DATABASE router_restored');
$node{router}->command_ok([ 'pg_restore', '--exit-on-error', '-d', 'router_restored', $dump ], 'pg_restore of the router');
$before = $shape->('router', 'router');
note 'router: ' . (() = $before =~ /^registry/mg) . ' registry rows, ' . (() = $before =~ /^partition/mg) . ' partitions';
is($shape->('router', 'router_restored'), $before, 'pg_dump + pg_restore of the router: same registry and partitions');
is($node{router}->safe_psql('router_restored', "SELECT customer_id FROM orders WHERE uidx_sql.iuid_country(id) = 76 AND id = '$br_id'"),
	'200205', 'the restored router routes');
is($node{router}->safe_psql('router_restored', "SELECT uidx_sql.uidx_region_of('$kz_id')"), 'region_kz', 'the restored registry answers');

# --- 8. The C extension's helpers and uidx_sql's on the same calls ---
# Schemas c (uidx: iuid, iuid_country_ops) and s (uidx_sql) hold routers of
# the same names; the servers exist but are never connected to.
$node{router}->safe_psql('postgres', 'CREATE DATABASE compare');
$node{router}->safe_psql('compare', 'CREATE EXTENSION uidx; CREATE EXTENSION postgres_fdw');
$install_into->('router', 'compare');
$node{router}->safe_psql('compare', join ";\n", $state_fn,
	q{CREATE FUNCTION outcome_of(stmt text) RETURNS text LANGUAGE plpgsql AS $$
	DECLARE
	    r text;
	BEGIN
	    EXECUTE stmt INTO r;
	    RETURN 'ok ' || coalesce(r, '-');
	EXCEPTION WHEN OTHERS THEN
	    RETURN SQLSTATE;
	END $$},
	map({ "CREATE SERVER $_ FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname '$_')" } qw(region_kz region_br)),
	'CREATE SCHEMA c', 'CREATE SCHEMA s',
	'CREATE TABLE c.orders (id public.iuid NOT NULL, v int) PARTITION BY RANGE (id public.iuid_country_ops)',
	'CREATE TABLE s.orders (id uuid NOT NULL, v int) PARTITION BY LIST (uidx_sql.iuid_country(id))',
	qq{CREATE TABLE c."$long" (id public.iuid NOT NULL) PARTITION BY RANGE (id public.iuid_country_ops)},
	qq{CREATE TABLE s."$long" (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id))},
	'CREATE TABLE c.plain (id public.iuid)', 'CREATE TABLE s.plain (id uuid)',
	'CREATE TABLE c.orders_c070 (id public.iuid)', 'CREATE TABLE s.orders_c070 (id uuid)');
my @calls = (
	q{uidx_attach_region('%s.orders', 'region_kz', '{42, 43}')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{43, 42}')},
	q{uidx_attach_region('%s.orders', 'region_br', '{76}', 'public.orders')},
	q{uidx_attach_local_region('%s.orders', '{16, 17, 20, 255, 0}')},
	q{uidx_attach_local_region('%s.orders', '{17}')},
	qq{uidx_attach_local_region('%s."$long"', '{5, 6}')},
	qq{uidx_attach_region('%s."$long"', 'region_kz', '{42}')},
	q{uidx_attach_region('%s.orders', 'region_br', '{42}')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{16}')},
	q{uidx_attach_local_region('%s.orders', '{76}')},
	q{uidx_attach_region('%s.orders', 'region_xx', '{1}')},
	q{uidx_attach_region('%s.orders', NULL, '{1}')},
	q{uidx_attach_region(NULL, 'region_kz', '{1}')},
	q{uidx_attach_region('%s.orders', 'region_kz', NULL)},
	q{uidx_attach_region('%s.orders', 'region_kz', '{}')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{3, NULL}')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{256}')},
	q{uidx_attach_local_region('%s.orders', '{-1}')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{1}', 'x.y.z')},
	q{uidx_attach_region('%s.orders', 'region_kz', '{1}', '')},
	q{uidx_attach_local_region('%s.plain', '{1}')},
	q{uidx_attach_local_region('%s.orders', '{70}')},
	q{uidx_attach_local_region(NULL, '{1}')},
	q{uidx_attach_local_region('%s.orders', NULL)});
my ($compared, @differ) = (0);
for my $call (@calls)
{
	my %out;
	for my $ed ([ 'c', 'public' ], [ 's', 'uidx_sql' ])
	{
		my ($schema, $ext) = @$ed;
		# the SQLSTATE, or the partitions the call made, without their schema
		my $stmt = "SELECT string_agg(regexp_replace(p::text, '^[a-z]+\\.', ''), ',') FROM $ext." . ($call =~ s/%s/$schema/gr) . ' p';
		$out{$schema} = $node{router}->safe_psql('compare', "SELECT outcome_of(\$q\$$stmt\$q\$)");
	}
	$compared++;
	push @differ, "$call: C $out{c}, uidx_sql $out{s}" if $out{c} ne $out{s};
}
my $registries = $node{router}->safe_psql('compare', q{SELECT (SELECT string_agg(country || ':' || coalesce(server, '-'), ',' ORDER BY country) FROM public.uidx_region)
    || ' = ' || (SELECT string_agg(country || ':' || coalesce(server, '-'), ',' ORDER BY country) FROM uidx_sql.uidx_region)});
my ($c_reg, $s_reg) = split / = /, $registries;
is(join("\n", @differ), '', "the C extension and uidx_sql: same outcome of $compared calls");
is($s_reg, $c_reg, "... and the same registry ($c_reg)");
my $names = sub { my ($schema) = @_; $node{router}->safe_psql('compare', qq{SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class
    WHERE relispartition AND relnamespace = '$schema'::regnamespace AND relkind <> 'f'}) };
is($names->('s'), $names->('c'), 'the same local partitions, by name');

$_->stop for values %node;
done_testing();
