# Regional routing (docs/regions.md "Regions").  Three clusters -- two regions
# (orders_kz with country 42, orders_br with 76) and a router (its own country
# 16 in a local partition) -- are set up by running the README walkthrough
# itself, then:
#  1. a lookup by ID alone, prepared, under plan_cache_mode = force_generic_plan,
#     plans exactly one foreign scan with the id condition in its Remote SQL,
#     and the regions' own statistics show one index scan per execution in the
#     owning region and no scan at all in the other; the same with the
#     parameter typed uuid; an ID of the router's own country reaches no region;
#  2. routed INSERTs land in the region of each ID's country; a statement with
#     an ID whose country has no region fails with 23514 and writes nothing
#     anywhere;
#  3. the newest-N query across regions returns exactly the newest N of the
#     union of the regions' rows;
#  3c. two sessions attaching at once: adjacent countries of one region make
#     one partition on its remote table, and one country given to two
#     regions by two router tables is refused to the second (42P17);
#  4. pg_dump of the router, restored into a new database, has the same
#     registry and partitions and routes;
#  5. with one region stopped, lookups of the other region's and the router's
#     IDs still succeed (by the README's find_order() too, where a subquery
#     gives the ID; the subquery itself needs every region: 08) and those of
#     the stopped region fail with SQLSTATE class 08; with the other region hung as well (its postmaster stopped by
#     SIGSTOP), lookups of its IDs fail with 08001 after connect_timeout on
#     PostgreSQL 15, and with 57014 after statement_timeout from 16 on, where
#     postgres_fdw ignores connect_timeout.  Every failing lookup runs under a
#     guard timeout: a hang fails the test.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;
use Time::HiRes qw(time);

my $connect_timeout = 2;      # the README's server option
my $statement_timeout = 4;    # what the hung-region check gives a routed session
my $guard = 30;               # seconds after which a failing lookup counts as hung

my ($nodes, $dbs) = UidxTest::region_nodes('region');
my %node = %$nodes;
my %db = %$dbs;
my $sql = sub { my ($n, @stmts) = @_; return $node{$n}->safe_psql($db{$n}, join ";\n", @stmts) };

# --- The README walkthrough, block by block ---
# Each ```sql block of the "Regions" section starts with a comment naming where
# it runs: "-- region: orders_kz", "-- region: orders_br" or "-- router".  The
# servers' host and port become this run's; nothing else is changed, so the
# walkthrough is complete as docs/regions.md has it.
my ($section) = slurp_file("$ENV{UIDX_TOP}/docs/regions.md") =~ /^## Regions\b(.*?)(?=^## |\z)/ms
  or BAIL_OUT('docs/regions.md has no "Regions" section');
my @blocks = $section =~ /^```sql\n(.*?)^```/msg;
my %ran;
for my $block (@blocks)
{
	my ($first) = split /\n/, $block;
	if ($first =~ /^-- region: orders_(kz|br)$/)
	{
		$sql->($1, $block);
		$ran{$1}++;
	}
	elsif ($first eq '-- router')
	{
		(my $r = $block) =~ s/host 'orders-kz\.internal', port '5432'/"host '" . $node{kz}->host . "', port '" . $node{kz}->port . "'"/e;
		$r =~ s/host 'orders-br\.internal', port '5432'/"host '" . $node{br}->host . "', port '" . $node{br}->port . "'"/e;
		$sql->('router', $r);
	}
	else
	{
		BAIL_OUT(qq{docs/regions.md "Regions": a sql block starts with "$first", not a place to run it});
	}
}
ok(scalar(@blocks) >= 3, 'the README walkthrough ran: ' . scalar(@blocks) . ' blocks');
is(join(' ', map { "$_:" . ($ran{$_} // 0) } qw(kz br)), 'kz:1 br:1', 'README "Regions": one block for each region, run as written');
is($sql->('br', 'SHOW uidx.country'), '76', "... and Brazil's block gives its database country 76");
my @plans = grep { /^EXPLAIN/ } $section =~ /^```text\n(.*?)^```/msg;
is(scalar(@plans), 1, 'docs/regions.md "Regions": one ```text block with an EXPLAIN');
my ($explain, @shown) = split /\n/, $plans[0];
# psql's aligned output indents by one
is($sql->('router', 'SET plan_cache_mode = force_generic_plan',
		'PREPARE order_by_id(iuid) AS SELECT * FROM orders WHERE id = $1', $explain),
	join("\n", map { s/^ //r } @shown), "the README's generic-plan EXPLAIN is what the router shows");
is($sql->('router', "SELECT count(*) FROM pg_foreign_server WHERE srvoptions::text LIKE '%" . $node{kz}->host . "%'"),
	'2', "the router's servers point to this run's clusters") or BAIL_OUT('the router does not reach the regions');

# Rows in every region (UidxTest::seed_region_orders)
my ($kz_id, $br_id, $local_id) = UidxTest::seed_region_orders($sql, 'iuid_generate(7)');
note "ids: kz $kz_id, br $br_id, router $local_id";

# --- 1. Lookups by ID alone ---
my $region_scans = sub { UidxTest::region_scans($node{$_[0]}, $db{$_[0]}) };
my $leaves = $sql->('router', q{SELECT count(*) FROM pg_partition_tree('orders') WHERE isleaf});
my $uuid_ops_in_region = $sql->('kz', q{SELECT count(*) FROM pg_amop a JOIN pg_opfamily f ON f.oid = a.amopfamily
    WHERE f.opfname = 'iuid_ops' AND a.amoplefttype = 'iuid'::regtype AND a.amoprighttype = 'uuid'::regtype
      AND a.amopstrategy = 3});

my $lookup = sub {
	my ($label, $type, $id, $owner, $want) = @_;
	my @prepare = ('SET plan_cache_mode = force_generic_plan', "PREPARE q($type) AS SELECT customer_id FROM orders WHERE id = \$1");
	my $plan = $sql->('router', @prepare, "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$id')");
	my ($kz0, $br0) = ($region_scans->('kz'), $region_scans->('br'));
	my $got = $sql->('router', @prepare, ("EXECUTE q('$id')") x 3);
	my ($kz1, $br1) = ($region_scans->('kz'), $region_scans->('br'));
	my %d = (kz => [ $kz1->[0] - $kz0->[0], $kz1->[1] - $kz0->[1] ], br => [ $br1->[0] - $br0->[0], $br1->[1] - $br0->[1] ]);
	note "$label: region scans (seq/idx): kz $d{kz}[0]/$d{kz}[1], br $d{br}[0]/$d{br}[1]";
	is($got, join("\n", ($want) x 3), "$label: the right row each time");
	my $foreign = () = $plan =~ /Foreign Scan/g;
	if ($owner eq 'none')
	{
		ok($foreign == 0 && $plan =~ /Subplans Removed: @{[ $leaves - 1 ]}/, "$label: generic plan has no foreign scan left");
		is($d{kz}[0] + $d{kz}[1] + $d{br}[0] + $d{br}[1], 0, "$label: no region scanned");
		return;
	}
	my $part = $owner eq 'kz' ? 'orders_c042' : 'orders_c076';
	ok($foreign == 1 && $plan =~ /Subplans Removed: @{[ $leaves - 1 ]}/ && $plan =~ /Foreign Scan on public\.$part/,
		"$label: generic plan keeps exactly one foreign scan, on $part") or diag $plan;
	like($plan, qr/Remote SQL: .*WHERE \(\(id OPERATOR\(public\.=\) \$1::(public\.iuid|uuid)\)\)/,
		"$label: the id condition is in the Remote SQL");
	my $other = $owner eq 'kz' ? 'br' : 'kz';
	is($d{$other}[0] + $d{$other}[1], 0, "$label: the other region was not scanned at all");
	if ($type eq 'iuid' || $uuid_ops_in_region != 0)
	{
		is("$d{$owner}[0]/$d{$owner}[1]", '0/3', "$label: the owning region ran one index scan per execution, no sequential scan");
	}
	else
	{
		# the region's iuid_ops has no iuid = uuid operator to match its primary key with
		note "this build's iuid_ops has no uuid operators, so the region scans its partitions for a uuid parameter";
		cmp_ok($d{$owner}[0] + $d{$owner}[1], '>', 0, "$label: the owning region was scanned");
	}
};
$lookup->('iuid lookup of a kz id', 'iuid', $kz_id, 'kz', 100205);
$lookup->('iuid lookup of a br id', 'iuid', $br_id, 'br', 200205);
$lookup->('uuid lookup of a kz id', 'uuid', $kz_id, 'kz', 100205);
$lookup->('uuid lookup of a br id', 'uuid', $br_id, 'br', 200205);
$lookup->('iuid lookup of a router id', 'iuid', $local_id, 'none', 300205);

is($sql->('router', "SELECT coalesce(uidx_region_of('$kz_id'), '-') || ' ' || coalesce(uidx_region_of('$br_id'), '-')
                       || ' ' || coalesce(uidx_region_of('$local_id'), '-')"), 'region_kz region_br -', 'uidx_region_of');

# --- 2. Routed inserts ---
$sql->('router', q{INSERT INTO orders VALUES (iuid_generate(7, 42), 501, 1), (iuid_generate(7, 43), 502, 1),
                                             (iuid_generate(7, 76), 503, 1), (iuid_generate(7, 16), 504, 1)});
my $where_rows = sub {    # customer ids (SQL list) -> where they are, as customer:country
	my $q = "SELECT coalesce(string_agg(customer_id || ':' || iuid_country(id), ',' ORDER BY customer_id), '-') FROM %s WHERE customer_id IN ($_[0])";
	return join ' ', 'kz', $sql->('kz', sprintf $q, 'orders'), 'br', $sql->('br', sprintf $q, 'orders'),
	  'router', $sql->('router', sprintf $q, 'orders_c016');
};
is($where_rows->('501, 502, 503, 504'), 'kz 501:42,502:43 br 503:76 router 504:16', 'routed inserts land in their regions');
my ($ret, $state, $err) = $node{router}->psql('router', q{INSERT INTO orders VALUES (iuid_generate(7, 42), 601, 1), (iuid_generate(7, 76), 602, 1),
                                (iuid_generate(7, 16), 603, 1), (iuid_generate(7, 99), 604, 1);
\echo :LAST_ERROR_SQLSTATE}, on_error_stop => 0);
note "an INSERT with an id of country 99: $state $err";
is($state . ' ' . $where_rows->('601, 602, 603, 604'), '23514 kz - br - router -',
	'an id of a country without a region: 23514, nothing written');

# --- 3. The newest N across regions ---
my $newest = 25;
my $via_router = $sql->('router', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest");
my @union = reverse sort map { split /\n/ }
  $sql->('kz', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"),
  $sql->('br', "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"),
  $sql->('router', "SELECT id, customer_id, amount FROM orders_c016 ORDER BY id DESC LIMIT $newest");
my $countries = $sql->('router', "SELECT count(DISTINCT iuid_country(id)) FROM (SELECT id FROM orders ORDER BY id DESC LIMIT $newest) s");
is($via_router, join("\n", @union[ 0 .. $newest - 1 ]), "newest $newest via the router = newest $newest of the union of the regions");
cmp_ok($countries, '>=', 3, "... with every country among them ($countries)");

# --- 3b. One partition per remote table ---
# A country that extends a region's run joins the partition that reads the
# region's table; a second partition on that table would make every scan
# that is not pruned return the region's rows twice.  A run apart is refused.
my $foreign_parts = q{SELECT string_agg(c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid), '; ' ORDER BY c.relname)
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_foreign_table f ON f.ftrelid = c.oid
   WHERE i.inhparent = 'orders'::regclass};
$sql->('router', q{SELECT uidx_attach_region('orders', 'region_kz', '{44}')});
like($sql->('router', $foreign_parts),
	qr/^orders_c042 FOR VALUES FROM \('[0-9a-f-]+802a-8000-000000000000'\) TO \('[0-9a-f-]+802d-8000-000000000000'\); orders_c076 [^;]+$/,
	'country 44 joins region_kz\'s one partition, now 42 to 44');
$sql->('router', q{INSERT INTO orders VALUES (iuid_generate(7, 44), 701, 1)});
is($where_rows->('701'), 'kz 701:44 br - router -', 'an id of country 44 lands in region kz');
my $region_total = $sql->('kz', 'SELECT count(*) FROM orders') + $sql->('br', 'SELECT count(*) FROM orders')
  + $sql->('router', 'SELECT count(*) FROM orders_c016');
is($sql->('router', 'SELECT count(*) FROM orders'), $region_total, "an unpruned count reads each region once ($region_total rows)");
my ($ret_gap, $state_gap) = $node{router}->psql('router',
	qq{SELECT uidx_attach_region('orders', 'region_kz', '{47}');\n\\echo :LAST_ERROR_SQLSTATE}, on_error_stop => 0);
is($state_gap, '42P17', 'country 47, a run apart on the same remote table, is refused');

# --- 3c. Concurrent attaches ---
# Two sessions call the helpers at once: the second waits for the first's
# transaction, then sees what it made.  The first session's call stays
# uncommitted while the second is sent; the second must be seen waiting before
# the first commits.  Returns the second's output and its SQLSTATE (00000: none).
my $concurrently = sub {
	my ($label, $first, $second) = @_;
	my $s1 = $node{router}->background_psql('router', on_error_stop => 0);
	my $s2 = $node{router}->background_psql('router', on_error_stop => 0);
	$s1->query_safe('BEGIN');
	$s1->query_safe($first);
	$s2->query_until(qr/sent\n/, "\\echo sent\n$second;\n");
	ok($node{router}->poll_query_until('router', q{SELECT count(*) > 0 FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT uidx_attach_region%'}),
		"$label: the second call waits for the first");
	$s1->query_safe('COMMIT');
	my ($out) = $s2->query('\echo :LAST_ERROR_SQLSTATE');
	$_->quit for $s1, $s2;
	my @lines = split /\n/, $out;
	my $state = pop @lines;
	return (join("\n", @lines), $state);
};
# Adjacent countries of one region on one remote table: one partition, read once.
$sql->('router', q{CREATE TABLE race_orders (id iuid NOT NULL, customer_id bigint NOT NULL, amount numeric(12,2) NOT NULL)
    PARTITION BY RANGE (id iuid_country_ops)});
my (undef, $state_adjacent) = $concurrently->('countries 42 and 43 of region kz at once',
	q{SELECT uidx_attach_region('race_orders', 'region_kz', '{42}', 'orders')},
	q{SELECT uidx_attach_region('race_orders', 'region_kz', '{43}', 'orders')});
is($state_adjacent, '00000', '... both calls succeed');
like($sql->('router', $foreign_parts =~ s/'orders'::regclass/'race_orders'::regclass/r),
	qr/^race_orders_c042 FOR VALUES FROM \('[0-9a-f-]+802a-8000-000000000000'\) TO \('[0-9a-f-]+802c-8000-000000000000'\)$/,
	'... and make one partition reading the remote table, for 42 to 43');
is($sql->('router', 'SELECT count(*) FROM race_orders'), $sql->('kz', 'SELECT count(*) FROM orders'),
	'... which an unpruned count reads once');
# One country, two regions, two router tables: the second call is refused.
$sql->('router', map { "CREATE TABLE $_ (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops)" } qw(race_a race_b));
my (undef, $state_taken) = $concurrently->('country 60 to region kz and region br at once',
	q{SELECT uidx_attach_region('race_a', 'region_kz', '{60}')},
	q{SELECT uidx_attach_region('race_b', 'region_br', '{60}')});
is($state_taken, '42P17', '... the second is refused');
is($sql->('router', q{SELECT (SELECT server FROM uidx_region WHERE country = 60) || ' '
    || (SELECT count(*) FROM pg_inherits WHERE inhparent = 'race_a'::regclass) || ' '
    || (SELECT count(*) FROM pg_inherits WHERE inhparent = 'race_b'::regclass)}),
	'region_kz 1 0', '... and the registry and the router tables agree on region kz');
$sql->('router', 'DROP TABLE race_orders, race_a, race_b', 'DELETE FROM uidx_region WHERE country = 60');

# --- 3d. The registry follows the catalog ---
# Rows record their partition by OID: a renamed server is the same region, a
# drop of an unrelated server leaves them, and a dropped router or partition
# leaves its rows holding nothing, until uidx_region_check(true) writes the
# new name or removes them (no event trigger does it: docs/security.md), so
# the countries can be attached elsewhere.
$sql->('router', q{CREATE SERVER region_spare FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'spare')},
	'ALTER SERVER region_kz RENAME TO region_kz_renamed');
is($sql->('router', q{SELECT string_agg(country || ' ' || problem, ',' ORDER BY country) FROM uidx_region_check() WHERE country BETWEEN 42 AND 44}),
	'42 server renamed to "region_kz_renamed",43 server renamed to "region_kz_renamed",44 server renamed to "region_kz_renamed"',
	'after ALTER SERVER ... RENAME, uidx_region_check reports the new name');
$sql->('router', 'SELECT count(*) FROM uidx_region_check(true)');
is($sql->('router', "SELECT uidx_region_of('$kz_id') || ' ' || (SELECT server FROM uidx_region WHERE country = 42)"),
	'region_kz_renamed region_kz_renamed', '... and after uidx_region_check(true), uidx_region_of and the registry name the new name');
$sql->('router', 'DROP SERVER region_spare');
is($sql->('router', q{SELECT string_agg(country || ':' || server, ',' ORDER BY country) FROM uidx_region WHERE country BETWEEN 42 AND 44}),
	'42:region_kz_renamed,43:region_kz_renamed,44:region_kz_renamed', '... and a DROP SERVER of another server leaves its rows');
is($sql->('router', "SELECT customer_id FROM orders WHERE id = '$kz_id'"), '100205', '... and routing works');
$sql->('router', 'ALTER SERVER region_kz_renamed RENAME TO region_kz', 'SELECT count(*) FROM uidx_region_check(true)');
$sql->('router', q{CREATE TABLE drop_router (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops)},
	q{SELECT uidx_attach_region('drop_router', 'region_br', '{77}', 'orders')});
is($sql->('router', 'SELECT server FROM uidx_region WHERE country = 77'), 'region_br', 'country 77 registered to region br');
$sql->('router', 'DROP TABLE drop_router');
is($sql->('router', q{SELECT string_agg(country || ' ' || problem, ',') FROM uidx_region_check()}), '77 partition dropped',
	'after DROP TABLE of the router, uidx_region_check reports its row');
is($sql->('router', q{SELECT string_agg(country || ' ' || action, ',') FROM uidx_region_check(true)}), '77 deleted',
	'... and uidx_region_check(true) removes it');
$sql->('router', q{CREATE TABLE drop_router (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops)},
	q{SELECT uidx_attach_region('drop_router', 'region_br', '{78}', 'orders')}, 'DROP FOREIGN TABLE drop_router_c078');
is($sql->('router', "SELECT count(*) FROM uidx_region_current() WHERE country = 78 AND live"), '0',
	'after DROP FOREIGN TABLE of a partition, its row holds nothing');
is($sql->('router', q{SELECT uidx_attach_local_region('drop_router', '{77, 78}')}), 'drop_router_c077',
	'... and the countries can be attached to another region');
is($sql->('router', q{SELECT count(*) FROM uidx_region_check()}), '0', 'uidx_region_check finds nothing stale');
$sql->('router', 'DROP TABLE drop_router', 'SELECT count(*) FROM uidx_region_check(true)');
my ($ret_rr, $state_rr) = $node{router}->psql('router', qq{BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT uidx_attach_region('orders', 'region_kz', '{45}');
\\echo :LAST_ERROR_SQLSTATE
ROLLBACK;}, on_error_stop => 0);
is($state_rr, '25000', 'in REPEATABLE READ the region helpers refuse to run');

# --- 4. pg_dump of the router ---
my $router_shape = sub {    # db: the registry, then every partition with its bound, server and options
	return $node{router}->safe_psql($_[0], q{
    SELECT 'registry ' || country || ' ' || coalesce(server, '(local)') || ' ' || coalesce(part::text, '-') FROM uidx_region
    UNION ALL
    SELECT 'partition ' || c.oid::regclass || ' ' || c.relkind::text || ' ' || pg_get_expr(c.relpartbound, c.oid)
           || coalesce(' server ' || s.srvname || ' ' || array_to_string(f.ftoptions, ','), '')
      FROM pg_class c LEFT JOIN pg_foreign_table f ON f.ftrelid = c.oid
      LEFT JOIN pg_foreign_server s ON s.oid = f.ftserver
     WHERE c.relispartition
    ORDER BY 1});
};
my $dump = PostgreSQL::Test::Utils::tempdir . '/router.dump';
$node{router}->command_ok([ 'pg_dump', '-d', 'router', '-Fc', '-f', $dump ], 'pg_dump of the router');
$node{router}->safe_psql('postgres', 'CREATE DATABASE router_restored');
$node{router}->command_ok([ 'pg_restore', '--exit-on-error', '-d', 'router_restored', $dump ], 'pg_restore of the router');
my $before = $router_shape->('router');
note 'router: ' . (() = $before =~ /^registry/mg) . ' registry rows, ' . (() = $before =~ /^partition/mg) . ' partitions';
is($router_shape->('router_restored'), $before, 'pg_dump + pg_restore of the router: same registry and partitions');
is($node{router}->safe_psql('router_restored', "SELECT customer_id FROM orders WHERE id = '$br_id'"), '200205',
	'the restored router routes');

# --- 5. A region down ---
my $failing_query = sub {    # label, query, SQLSTATE pattern, statements before
	my ($label, $query, $want, @before) = @_;
	my $start = time;
	my ($r, $out, $e) = $node{router}->psql('router', join(";\n", @before, $query) . ";\n\\echo :LAST_ERROR_SQLSTATE",
		on_error_stop => 0, timeout => $guard, timed_out => \my $timed_out);
	note sprintf "%s: SQLSTATE %s after %.3f s: %s", $label, $out // 'none', time - $start, (split /\n/, $e // '')[0] // '';
	ok(!$timed_out, "$label: does not hang");
	like($out // '', qr/^$want$/, "$label: fails with $want");
};
$node{br}->stop;
is($sql->('router', 'SET plan_cache_mode = force_generic_plan', 'PREPARE q(iuid) AS SELECT customer_id FROM orders WHERE id = $1',
		"EXECUTE q('$kz_id')", "EXECUTE q('$local_id')", "SELECT customer_id FROM orders WHERE id = '$kz_id'"),
	"100205\n300205\n100205", 'with br stopped, kz and router lookups still work');
$failing_query->('with br stopped, a br lookup', "SELECT customer_id FROM orders WHERE id = '$br_id'", '08...');
# README: an ID a subquery supplies is known only once the executor runs, so
# that form needs every region; the README's function, which takes the ID as a
# parameter, prunes before connecting (six calls: past PL/pgSQL's custom plans)
$failing_query->('with br stopped, a kz lookup by a subquery', "SELECT customer_id FROM orders WHERE id = (SELECT '$kz_id'::iuid)", '08...');
is($sql->('router', map { "SELECT o.customer_id FROM (SELECT '$_'::iuid AS order_id) t CROSS JOIN LATERAL find_order(t.order_id) o" }
			($kz_id, $local_id) x 3),
	join("\n", ('100205', '300205') x 3), "with br stopped, kz and router lookups through the README's find_order() work");
$failing_query->("with br stopped, the newest $newest", "SELECT id FROM orders ORDER BY id DESC LIMIT $newest", '08...');

# a hung postmaster is continued first, whatever happens, or it could not be stopped
our $kz_postmaster = (split /\n/, slurp_file($node{kz}->data_dir . '/postmaster.pid'))[0];
END { kill 'CONT', $kz_postmaster if $kz_postmaster }
kill 'STOP', $kz_postmaster;
note 'region kz hung (postmaster stopped by SIGSTOP)';
if ($node{router}->safe_psql('postgres', 'SHOW server_version_num') < 160000)
{
	$failing_query->("with kz hung, a kz lookup (connect_timeout $connect_timeout s)",
		"SELECT customer_id FROM orders WHERE id = '$kz_id'", '08001');
}
else
{
	$failing_query->("with kz hung, a kz lookup (statement_timeout $statement_timeout s; connect_timeout is not applied from 16 on)",
		"SELECT customer_id FROM orders WHERE id = '$kz_id'", '57014', "SET statement_timeout = '${statement_timeout}s'");
}
is($sql->('router', "SELECT customer_id FROM orders WHERE id = '$local_id'"), '300205', 'with both regions down, a router lookup still works');
kill 'CONT', $kz_postmaster;
$_->stop for values %node;
done_testing();
