# When the time-filter rewrite applies (docs/partitioning.md "Time filters that prune
# partitions", Loading): with shared_preload_libraries and with
# session_preload_libraries every query of a new session prunes, the first
# one included; without either, uidx is loaded during the first query that
# calls one of its functions, too late for that query's pruning, and every
# later query of the session prunes.  Results are the same in every case.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('loading');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uidx'\n");
$node->start;
$node->safe_psql('postgres', q{
    CREATE EXTENSION uidx;
    CREATE TABLE tp (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
    SELECT uidx_create_time_partitions('tp', '2024-01-01', '2024-04-01', '1 month');
    INSERT INTO tp SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 hour', 1, 2, g)
      FROM generate_series(0, 2000) g;
    ANALYZE tp;
});

my $filter = q{iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11'};
my $explain = "EXPLAIN (COSTS OFF) SELECT count(*) FROM tp WHERE $filter";
my $count = "SELECT count(*) FROM tp WHERE $filter";

# Partition scans of each EXPLAIN in one session's output, in order.
sub scans_per_explain
{
	my ($out) = @_;
	my @counts;
	for my $plan (split /^-- next$/m, $out)
	{
		my $n = () = $plan =~ /Scan (?:using \S+ )?on tp_p\d+/g;
		push @counts, $n;
	}
	return join(',', @counts);
}

sub session
{
	my ($sql) = @_;
	return $node->safe_psql('postgres', $sql);
}

my $two = "$explain;\n\\echo -- next\n$explain;";

is(scans_per_explain(session($two)), '1,1',
	'shared_preload_libraries: the first query of a session prunes');
is(session($count), '24', 'shared_preload_libraries: the day holds 24 rows');

# The estimated rows of the day (24) in each plan of a session, from EXPLAIN's
# first line; index conditions of uidx's (on id) in each plan.
my $rows_explain = "EXPLAIN SELECT * FROM tp WHERE $filter";
my $two_rows = "$rows_explain;\n\\echo -- next\n$rows_explain;";
sub rows_per_explain
{
	my ($out) = @_;
	return join(',', map { /rows=(\d+)/ ? $1 : '?' } split /^-- next$/m, $out);
}
sub index_scans_per_explain
{
	my ($out) = @_;
	return join(',', map { my $n = () = /Index Cond: \(\(id >=/g; $n } split /^-- next$/m, $out);
}
my $preloaded_rows = rows_per_explain(session($two_rows));
my ($first_rows) = split /,/, $preloaded_rows;
ok($first_rows >= 12 && $first_rows <= 48,
	"shared_preload_libraries: the day's estimate ($first_rows) is within a factor of 2 of 24");
is($preloaded_rows, "$first_rows,$first_rows",
	'shared_preload_libraries: the first query of a session has the same estimate as the next');

$node->append_conf('postgresql.conf',
	"shared_preload_libraries = ''\nsession_preload_libraries = 'uidx'\n");
$node->restart;
is(scans_per_explain(session($two)), '1,1',
	'session_preload_libraries: the first query of a session prunes');

$node->append_conf('postgresql.conf', "session_preload_libraries = ''\n");
$node->restart;
is(scans_per_explain(session($two)), '3,1',
	'not preloaded: the first query is planned before uidx loads, the next prunes');
# uidx loads while the first query is planned: that query is PostgreSQL's
# alone, with no index path of uidx's in some partitions and not in others.
is(index_scans_per_explain(session($two_rows)), '0,1',
	'not preloaded: the first query has no index condition of uidx in any partition, the next has');
my (undef, $later_rows) = split /,/, rows_per_explain(session($two_rows));
is($later_rows, $first_rows, 'not preloaded: the next query has the estimate a preloaded server gives');
is(session("$count;\n$count;"), "24\n24", 'not preloaded: the same rows either way');

# A prepared statement planned before uidx loaded keeps its plan until it is
# planned again.
is(scans_per_explain(session(qq{
    SET plan_cache_mode = force_generic_plan;
    PREPARE day(timestamptz, timestamptz) AS SELECT count(*) FROM tp WHERE iuid_timestamp(id) >= \$1 AND iuid_timestamp(id) < \$2;
    EXPLAIN (COSTS OFF) EXECUTE day('2024-02-10', '2024-02-11');
    \\echo -- next
    DISCARD PLANS;
    EXPLAIN (COSTS OFF) EXECUTE day('2024-02-10', '2024-02-11');
})), '3,1', 'not preloaded: a prepared statement prunes once planned again');

# The extension in a schema of its own, not on the search_path: the rewrite
# finds its operators through the key's operator family and its functions in
# the time function's schema; generic plans of BETWEEN prune at executor start.
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uidx'\n");
$node->restart;
$node->safe_psql('postgres', q{
    CREATE DATABASE elsewhere;
});
$node->safe_psql('elsewhere', q{
    CREATE SCHEMA uidx_ext;
    CREATE EXTENSION uidx SCHEMA uidx_ext;
    CREATE TABLE tp (id uidx_ext.iuid PRIMARY KEY) PARTITION BY RANGE (id);
    SELECT uidx_ext.uidx_create_time_partitions('tp', '2024-01-01', '2024-04-01', '1 month');
    INSERT INTO tp SELECT uidx_ext.iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 hour', 1, 2, g)
      FROM generate_series(0, 2000) g;
    ANALYZE tp;
});
my $between = q{SET search_path = public;
    SET plan_cache_mode = force_generic_plan;
    PREPARE day(timestamptz, timestamptz) AS SELECT count(*) FROM tp WHERE uidx_ext.iuid_timestamp(id) BETWEEN $1 AND $2;};
my $out = $node->safe_psql('elsewhere', "$between
    EXPLAIN (COSTS OFF) EXECUTE day('2024-02-10', '2024-02-10 23:59:59.999');");
like($out, qr/Subplans Removed: 2/, 'extension in its own schema: a generic BETWEEN plan prunes');
is($node->safe_psql('elsewhere', "$between
    EXECUTE day('2024-02-10', '2024-02-10 23:59:59.999');
    EXECUTE day('2024-01-31 23:00', '2024-02-01 00:00');
    SET uidx.time_filter_rewrite = off;
    DISCARD PLANS;
    EXECUTE day('2024-02-10', '2024-02-10 23:59:59.999');
    EXECUTE day('2024-01-31 23:00', '2024-02-01 00:00');"), "24\n2\n24\n2",
	'extension in its own schema: the same rows with the rewrite off');

$node->stop;
done_testing();
