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
$node->safe_psql('postgres', q{
    CREATE TABLE th (id iuid, v integer) WITH (autovacuum_enabled = off, fillfactor = 50);
    INSERT INTO th SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 minute', 7, 3, g), g
      FROM generate_series(0, 7999) g;
    ANALYZE th;
    INSERT INTO th SELECT iuid_from_parts('2024-01-06 12:00'::timestamptz + (g - 8000) * interval '1 minute', 7, 3, g), g
      FROM generate_series(8000, 9999) g});

my $old = $node->background_psql('postgres');
$old->query_safe('BEGIN ISOLATION LEVEL REPEATABLE READ');
$old->query_safe('SELECT count(*) FROM th');

$node->safe_psql('postgres', q{
    UPDATE th SET id = iuid_from_parts('2024-01-08'::timestamptz + (v - 8000) * interval '1 minute', 7, 3, 100000 + v)
     WHERE v >= 8000});
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

$node->stop;
done_testing();
