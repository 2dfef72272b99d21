# What several TAP tests (test/t/*.pl) share: the generator registry, a
# fingerprint of a database's user data, psql -f, a region's scan counters.
package UidxTest;
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use Test::More;

# The generator registry, test/t/generators.list: the lines that apply to a
# server, as hashes (the columns are described in the file itself).

sub generators
{
	my ($server_version_num) = @_;
	my @columns = qw(function expr type order bits parallel servers state);
	open my $fh, '<', "$ENV{UIDX_TOP}/test/t/generators.list" or die "generators.list: $!";
	my @lines;
	while (my $line = <$fh>)
	{
		chomp $line;
		next if $line =~ /^\s*(#|$)/;
		my %g;
		@g{@columns} = split /\|/, $line, -1;
		die "generators.list: not 8 columns: $line" unless defined $g{state} && $line =~ tr/|// == 7;
		next unless $g{servers} eq 'all' || ($g{servers} eq '<18' && $server_version_num < 180000);
		push @lines, \%g;
	}
	return @lines;
}

# psql -f FILE in DB of NODE, its output; an error ends the test
sub psql_file
{
	my ($node, $db, $file) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run [ 'psql', '-X', '-qAt', '-v', 'ON_ERROR_STOP=1', '-h', $node->host, '-p', $node->port,
		'-d', $db, '-f', $file ], '<', \'', '>', \$out, '2>', \$err
	  or BAIL_OUT("psql -f $file in $db: $err");
	return $out;
}

# Three started clusters, two regions and a router (regions.pl,
# managed-regions.pl), NAME_kz, NAME_br and NAME_router, each with its
# database made: returns the nodes and the databases by kz, br and router.
sub region_nodes
{
	my ($name) = @_;
	my %db = (kz => 'orders_kz', br => 'orders_br', router => 'router');
	my %node;
	for my $n (qw(kz br router))
	{
		$node{$n} = PostgreSQL::Test::Cluster->new("${name}_$n");
		$node{$n}->init;
		$node{$n}->append_conf('postgresql.conf', "autovacuum = off\n");
		$node{$n}->start;
		$node{$n}->safe_psql('postgres', "CREATE DATABASE $db{$n}");
	}
	return (\%node, \%db);
}

# Rows of the README's orders table made in each region by its own DEFAULT
# (uidx.country) and on the router by `router_id` (an SQL expression of its
# country 16), in rounds, so that the newest rows come from every region:
# returns an id of each (customer 100205 in kz, 200205 in br, 300205 on the
# router).  $sql runs statements on a node: ->(name, statements).
sub seed_region_orders
{
	my ($sql, $router_id) = @_;
	for my $round (1 .. 3)
	{
		$sql->('kz', "INSERT INTO orders (customer_id, amount) SELECT 100000 + $round * 100 + g, g FROM generate_series(1, 10) g");
		$sql->('br', "INSERT INTO orders (customer_id, amount) SELECT 200000 + $round * 100 + g, g FROM generate_series(1, 10) g");
		$sql->('router', "INSERT INTO orders SELECT $router_id, 300000 + $round * 100 + g, g FROM generate_series(1, 10) g");
	}
	return ($sql->('kz', 'SELECT id FROM orders WHERE customer_id = 100205'),
		$sql->('br', 'SELECT id FROM orders WHERE customer_id = 200205'),
		$sql->('router', 'SELECT id FROM orders_c016 WHERE customer_id = 300205'));
}

# A region's sequential and index scans over the leaf partitions of orders,
# as [seq, idx] (regions.pl, managed-regions.pl).  The statistics are read
# once every client backend of the region (a router's postgres_fdw
# connections included) has exited, which flushes its counters.
sub region_scans
{
	my ($node, $db) = @_;
	$node->poll_query_until($db, q{SELECT count(*) = 0 FROM pg_stat_activity WHERE datname = current_database()
	    AND backend_type = 'client backend' AND pid <> pg_backend_pid()})
	  or die 'the region ' . $node->name . ' keeps client backends';
	return [ split /\|/, $node->safe_psql($db, q{SELECT coalesce(sum(seq_scan), 0), coalesce(sum(idx_scan), 0)
	    FROM pg_stat_user_tables WHERE relid IN (SELECT relid FROM pg_partition_tree('orders') WHERE isleaf)}) ];
}

# A database's user data, to prove it unchanged (dump and restore, extension
# upgrade): one line per table (name, row count, md5 of its rows in a fixed
# order), per sequence (its position) and per partition (its bound).
sub fingerprint
{
	my ($node, $db) = @_;
	my $user = q{n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')};
	my @lines;
	# names may hold spaces and quotes ("luuid app"."Order Items"): one per line
	for my $t (split /\n/, $node->safe_psql($db, qq{
	    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	     WHERE $user AND c.relkind IN ('r', 'p') ORDER BY c.oid::regclass::text}))
	{
		push @lines, $node->safe_psql($db, qq{SELECT \$n\$$t \$n\$ || count(*) || ' ' ||
		    md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) FROM $t x});
	}
	for my $s (split /\n/, $node->safe_psql($db, qq{
	    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	     WHERE $user AND c.relkind = 'S' ORDER BY c.oid::regclass::text}))
	{
		push @lines, $node->safe_psql($db, qq{SELECT \$n\$sequence $s \$n\$ || last_value || ' ' || is_called FROM $s});
	}
	push @lines, split /\n/, $node->safe_psql($db, qq{
	    SELECT 'partition ' || c.oid::regclass || ' ' || pg_get_expr(c.relpartbound, c.oid)
	      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	     WHERE $user AND c.relispartition AND c.relkind IN ('r', 'p') ORDER BY 1});
	return @lines;
}

1;
