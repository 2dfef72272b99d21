# The key-end probe of time-filter estimates (docs/internals.md "Rows added
# since ANALYZE") reads a key from the heap row that its visibility check
# fetches, except from an index built over a broken HOT chain: there the
# chain's first row that SnapshotNonVacuumable admits can be an earlier row
# that an older snapshot keeps, whose key is not the index entry's.  Here
# the keys of 2,000 rows move from January 6 to January 8 by HOT updates
# (no index on the key yet) while another session holds a snapshot, the
# index is built then, and 2,000 rows are added at the end: the estimates
# of filters over the moved keys, made while the old snapshot is held, are
# within 2x of the rows (read from the earlier rows, the moved keys seemed
# to start on January 6, and each was under half).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('hot');
$node->init;
$node->append_conf('postgresql.conf', "client_min_messages = warning\nautovacuum = off\nshared_preload_libraries = 'uidx'\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uidx');
# rows v = from .. to of `table`, a minute apart from `start`
my $fill = sub {
	my ($table, $from, $to, $start) = @_;
	return "INSERT INTO $table SELECT iuid_from_parts('$start'::timestamptz + (g - $from) * interval '1 minute', 7, 3, g), g
	          FROM generate_series($from, $to) g";
};
my $make_table = sub {
	$node->safe_psql('postgres', "CREATE TABLE $_[0] (id iuid, v integer) WITH (autovacuum_enabled = off, fillfactor = 50);"
		. $fill->($_[0], 0, 7999, '2024-01-01'));
};
# the keys of rows 8000 .. 9999 move to January 8 (HOT: no index on the key yet)
my $move_keys = sub {
	return "UPDATE $_[0] SET id = iuid_from_parts('2024-01-08'::timestamptz + (v - 8000) * interval '1 minute', 7, 3, 100000 + v)
	         WHERE v >= 8000";
};
$make_table->('th');
$node->safe_psql('postgres', 'ANALYZE th; ' . $fill->('th', 8000, 9999, '2024-01-06 12:00'));

my $old = $node->background_psql('postgres');
$old->query_safe('BEGIN ISOLATION LEVEL REPEATABLE READ');
$old->query_safe('SELECT count(*) FROM th');

$node->safe_psql('postgres', $move_keys->('th'));
is($node->safe_psql('postgres', q{SELECT n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'th'}),
   '2000', 'the keys moved by HOT updates');
$node->safe_psql('postgres', q{
    CREATE INDEX th_id ON th (id);
    INSERT INTO th SELECT iuid_from_parts('2024-01-09 12:00'::timestamptz + (g - 10000) * interval '1 minute', 7, 3, g), g
      FROM generate_series(10000, 11999) g});
is($node->safe_psql('postgres', q{SELECT indcheckxmin FROM pg_index WHERE indexrelid = 'th_id'::regclass}),
   't', 'the index was built over broken HOT chains');

my @queries = (
	q{SELECT * FROM th WHERE iuid_timestamp(id) >= '2024-01-08 12:00'},
	q{SELECT * FROM th WHERE iuid_timestamp(id) >= '2024-01-07 12:00' AND iuid_timestamp(id) < '2024-01-10'},
	q{SELECT * FROM th WHERE id >= iuid_lower_bound('2024-01-08 12:00')});
my $estimate = sub {
	my $plan = $node->safe_psql('postgres', "SET timezone = 'UTC'; EXPLAIN $_[0]");
	$plan =~ /rows=(\d+)/ or die "no estimate in $plan";
	return $1;
};
my @held = map { $estimate->($_) } @queries;
for my $i (0 .. $#queries)
{
	my $actual = $node->safe_psql('postgres', "SET timezone = 'UTC'; SELECT count(*) FROM ($queries[$i]) q");
	ok($held[$i] <= 2 * $actual && $held[$i] >= $actual / 2,
	   "within 2x of $actual rows ($held[$i]): $queries[$i]");
}
$old->query_safe('COMMIT');
$old->quit;

# CREATE INDEX CONCURRENTLY marks no index indcheckxmin: it waits for the
# snapshots older than its build, but not for a transaction that holds an
# xid and no snapshot (a READ COMMITTED one between statements), which keeps
# the earlier rows of the chains RECENTLY_DEAD all the same.  The keys move
# from January 6 to January 8 by HOT updates, the index is built
# concurrently, and the moved keys are the key's end.  The end is read the
# same, and the estimates are within 2x of the rows, whether the index's
# last entry answers or a scan passes an aborted insert past it first (read
# from the chain's first row, the end seemed to be January 7, and each
# estimate was 1 row).
$make_table->('tc');
$node->safe_psql('postgres', 'CREATE TABLE tc_other (x integer)');
# the load's counts reach the statistics before ANALYZE zeroes them
$node->poll_query_until('postgres',
	q{SELECT n_mod_since_analyze = 8000 FROM pg_stat_user_tables WHERE relname = 'tc'});
$node->safe_psql('postgres', 'ANALYZE tc');
$node->safe_psql('postgres', $fill->('tc', 8000, 9999, '2024-01-06 12:00'));
my $xid = $node->background_psql('postgres');
$xid->query_safe('BEGIN');
$xid->query_safe('INSERT INTO tc_other VALUES (1)');
$node->safe_psql('postgres', $move_keys->('tc'));
$node->poll_query_until('postgres',
	q{SELECT n_tup_hot_upd = 2000 FROM pg_stat_user_tables WHERE relname = 'tc'})
  or die 'the keys did not move by HOT updates';
$node->safe_psql('postgres', 'CREATE INDEX CONCURRENTLY tc_id ON tc (id)');
# VACUUM keeps the chains' earlier rows, and counts the rows again (the
# build counted them as ANALYZE's, so none seemed added)
$node->safe_psql('postgres', 'VACUUM tc');
is($node->safe_psql('postgres', q{SELECT indcheckxmin FROM pg_index WHERE indexrelid = 'tc_id'::regclass}),
   'f', 'the concurrent build over broken HOT chains is not indcheckxmin');

my @concurrent_queries = (
	q{SELECT * FROM tc WHERE iuid_timestamp(id) >= '2024-01-08 12:00'},
	q{SELECT * FROM tc WHERE id >= iuid_lower_bound('2024-01-08 12:00')});
for my $state ('as built', 'after an aborted insert at the end')
{
	$node->safe_psql('postgres', q{
	    BEGIN;
	    INSERT INTO tc VALUES (iuid_from_parts('2024-01-20', 7, 3, 1), -1);
	    ROLLBACK}) if $state ne 'as built';
	for my $query (@concurrent_queries)
	{
		my $estimated = $estimate->($query);
		my $actual = $node->safe_psql('postgres', "SET timezone = 'UTC'; SELECT count(*) FROM ($query) q");
		ok($estimated <= 2 * $actual && $estimated >= $actual / 2,
		   "$state: within 2x of $actual rows ($estimated): $query");
	}
}
$xid->query_safe('COMMIT');
$xid->quit;

$node->stop;
done_testing();
