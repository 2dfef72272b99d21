# Two cron jobs at once (docs/partitioning.md "Partitioning by time"): two
# sessions call uidx_create_time_partitions(..., stripes => 16) for the same
# table and range, started together behind a barrier (an advisory lock a
# third session holds); both succeed, and each partition and stripe is made
# once.  Then the same in REPEATABLE READ: the call that waited raises 40001,
# and nothing is made twice.  Then two retention calls at once
# (uidx_drop_time_partitions): one drops, the other waits and finds nothing
# left (READ COMMITTED) or raises 40001 (REPEATABLE READ); and a retention
# call and a create call at once, each waiting for the other's lock.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('partition_helpers');
$node->init;
$node->start;
$node->safe_psql('postgres', q{CREATE EXTENSION uidx;
    CREATE TABLE ev (id iuid PRIMARY KEY, note text) PARTITION BY RANGE (id)});

# Each session waits for the barrier, then runs its statement (by default
# the create call) in a transaction of the given isolation level and commits;
# returns its output and SQLSTATE.
my $race = sub {
	my ($label, $isolation, $from, $to, @stmts) = @_;
	@stmts = ("SELECT count(*) FROM uidx_create_time_partitions('ev', '$from', '$to', '1 day', stripes => 16);") x 2
	  unless @stmts;
	my $barrier = $node->background_psql('postgres');
	$barrier->query_safe('SELECT pg_advisory_lock(4242)');
	my @s = map { $node->background_psql('postgres', on_error_stop => 0) } 1 .. 2;
	for my $i (0, 1)
	{
		$s[$i]->query_until(qr/sent\n/, "\\echo sent\nBEGIN ISOLATION LEVEL $isolation;\n"
			  . "SELECT 1 FROM pg_advisory_lock_shared(4242);\n"
			  . "$stmts[$i]\n"
			  . "COMMIT;\n");
	}
	ok($node->poll_query_until('postgres', q{SELECT count(*) = 2 FROM pg_stat_activity
		WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE '%pg_advisory_lock_shared%'}),
		"$label: both sessions wait at the barrier");
	$barrier->query_safe('SELECT pg_advisory_unlock(4242)');
	my @out;
	for my $s (@s)
	{
		my ($o) = $s->query("\\echo :LAST_ERROR_SQLSTATE");
		push @out, $o;
		$s->quit;
	}
	$barrier->quit;
	return @out;
};

my @rc = $race->('READ COMMITTED', 'READ COMMITTED', '2026-11-01', '2026-11-08');
note "READ COMMITTED: " . join(' | ', map { s/\n/ /gr } @rc);
my @made = sort map { (split /\n/)[-2] } @rc;
is_deeply(\@made, [ '0', '7' ], 'READ COMMITTED: both calls succeed, one makes the 7 partitions, the other finds them');
like($_, qr/00000$/, 'READ COMMITTED: no error') for @rc;
is($node->safe_psql('postgres', q{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
    || ' ' || count(DISTINCT relid) FROM pg_partition_tree('ev')}), '7 112 120',
	'READ COMMITTED: 7 partitions of 16 stripes each, each made once');

my @rr = $race->('REPEATABLE READ', 'REPEATABLE READ', '2026-11-08', '2026-11-15');
note "REPEATABLE READ: " . join(' | ', map { s/\n/ /gr } @rr);
my @states = sort map { (split /\n/)[-1] } @rr;
is_deeply(\@states, [ '00000', '40001' ], 'REPEATABLE READ: one call succeeds, the one that waited raises 40001');
is($node->safe_psql('postgres', q{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
    FROM pg_partition_tree('ev')}), '14 224', 'REPEATABLE READ: the other 7 partitions, made once');
# the retry, as a client does after 40001, finds them made
is($node->safe_psql('postgres', q{BEGIN ISOLATION LEVEL REPEATABLE READ;
    SELECT count(*) FROM uidx_create_time_partitions('ev', '2026-11-08', '2026-11-15', '1 day', stripes => 16);
    COMMIT;}), '0', 'REPEATABLE READ: the retried call finds them');

# Retention of the 14 daily partitions of 16 stripes made above (November 1
# to 14): first those before November 5, then those before November 8.
my $drop = q{SELECT count(*) FROM uidx_drop_time_partitions('ev', timestamptz '2026-11-05');};
my @drc = $race->('retention, READ COMMITTED', 'READ COMMITTED', undef, undef, $drop, $drop);
note "retention, READ COMMITTED: " . join(' | ', map { s/\n/ /gr } @drc);
is_deeply([ sort map { (split /\n/)[-2] } @drc ], [ '0', '4' ],
	'retention, READ COMMITTED: one call drops the 4 partitions before the bound, the other finds none');
like($_, qr/00000$/, 'retention, READ COMMITTED: no error') for @drc;
$drop = q{SELECT count(*) FROM uidx_drop_time_partitions('ev', timestamptz '2026-11-08');};
my @drr = $race->('retention, REPEATABLE READ', 'REPEATABLE READ', undef, undef, $drop, $drop);
note "retention, REPEATABLE READ: " . join(' | ', map { s/\n/ /gr } @drr);
is_deeply([ sort map { (split /\n/)[-1] } @drr ], [ '00000', '40001' ],
	'retention, REPEATABLE READ: one call drops, the one that waited raises 40001');
is($node->safe_psql('postgres', q{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
    FROM pg_partition_tree('ev')}), '7 112', 'retention: the 7 partitions from November 8 are left, with their stripes');
# retention and creation at once: serialised, both succeed
my @mixed = $race->('retention and creation', 'READ COMMITTED', undef, undef,
	q{SELECT count(*) FROM uidx_drop_time_partitions('ev', timestamptz '2026-11-10');},
	q{SELECT count(*) FROM uidx_create_time_partitions('ev', '2026-11-15', '2026-11-17', '1 day', stripes => 16);});
note "retention and creation: " . join(' | ', map { s/\n/ /gr } @mixed);
is_deeply([ map { (split /\n/)[-2] } @mixed ], [ '2', '2' ], 'retention and creation at once: 2 dropped, 2 made');
like($_, qr/00000$/, 'retention and creation at once: no error') for @mixed;
is($node->safe_psql('postgres', q{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
    FROM pg_partition_tree('ev')}), '7 112', 'retention and creation at once: 7 partitions of 16 stripes');

$node->stop;
done_testing();
