# Concurrent generation: CLIENTS pgbench sessions each make IDS ids into one
# table with a unique index (so a duplicate fails the run), recording
# pg_backend_pid() and a per-session counter; then every backend's own ids
# must be strictly increasing in the order it made them.
#
# Generators come from the registry, test/t/generators.list: every line that
# applies to this server (test/t/registry.sh checks that it lists them all).
#
#   CONC_CLIENTS=4 CONC_IDS=200000   the make test default (a few minutes in all);
#                                    `make stress` runs 8 x 250,000
#   CONC_ONLY="uuidv7() distid_generate()" only these functions of generators.list
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UidxTest;

my $clients = $ENV{CONC_CLIENTS} // 4;
my $ids = $ENV{CONC_IDS} // 200000;
my %only = map { $_ => 1 } split ' ', $ENV{CONC_ONLY} // '';
my $batch = 1000;
my $db = 'uidx_concurrency';

my $node = PostgreSQL::Test::Cluster->new('concurrency');
$node->init;
$node->append_conf('postgresql.conf', "max_connections = 40\nclient_min_messages = warning\n");
$node->start;
$node->safe_psql('postgres', "CREATE DATABASE $db");
$node->safe_psql($db, "CREATE EXTENSION uidx; ALTER DATABASE $db SET uidx.country = 1;
    INSERT INTO iuid_service_entity VALUES (1, 'Conc'); SELECT luuid_register_group('Order')");

my $all_start = time;
my $i = 0;
for my $g (UidxTest::generators($node->safe_psql($db, 'SHOW server_version_num')))
{
	$i++;
	next if %only && !$only{ $g->{function} };
	$node->safe_psql($db, "DROP TABLE IF EXISTS ids; DROP SEQUENCE IF EXISTS gen_order; DROP SEQUENCE IF EXISTS gen_seq;
	    CREATE SEQUENCE gen_order; CREATE SEQUENCE gen_seq;
	    CREATE UNLOGGED TABLE ids (pid int NOT NULL, n bigint NOT NULL, id $g->{type} NOT NULL UNIQUE)");
	# nextval and the generator run in the same row, in row order, in one
	# backend: n orders that backend's ids by the moment they were made
	my $start = time;
	my $transactions = $clients * int($ids / $batch);
	$node->pgbench("-n -c $clients -j 2 -t " . int($ids / $batch), 0,
		[qr{number of transactions actually processed: $transactions/$transactions}], [qr{^$}],
		"$g->{function}: pgbench (a duplicate would violate the unique index)",
		{ "concurrency-$i.sql" => "INSERT INTO ids SELECT pg_backend_pid(), nextval('gen_order'), $g->{expr} FROM generate_series(1, $batch);\n" },
		$db);
	my $ms = int((time - $start) * 1000);
	my ($total, $distinct, $backends, $regress) = split /\|/, $node->safe_psql($db, q{
	    SELECT count(*), count(DISTINCT id), count(DISTINCT pid),
	           (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY pid ORDER BY n) AS back FROM ids) s WHERE back)
	      FROM ids});
	note "$g->{function} ($g->{order}): $total ids from $backends backends in $ms ms, $distinct distinct, $regress per-backend order violations";
	is($total, $clients * $ids, "$g->{function}: every id stored");
	is($distinct, $total, "$g->{function}: no duplicates");
	is($backends, $clients, "$g->{function}: $clients backends");
	is($regress, 0, "$g->{function}: no backend's ids went backwards") if $g->{order} eq 'monotonic';
}
note sprintf 'all generators: %d clients x %d ids each in %d ms', $clients, $ids, (time - $all_start) * 1000;
$node->stop;
done_testing();
