# pg_dump in plain and custom format, restore each into a new database, and
# compare every table (extension registries included) row for row, plus the
# partition layout and the sequences' positions.  Each family adds a fixture
# under test/t/dump-fixtures/.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;

my $node = PostgreSQL::Test::Cluster->new('dump');
$node->init;
$node->append_conf('postgresql.conf', "client_min_messages = warning\n");
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE uidx_dump_src; CREATE DATABASE uidx_dump_plain; CREATE DATABASE uidx_dump_custom');
$node->safe_psql('uidx_dump_src', 'CREATE EXTENSION uidx');
UidxTest::psql_file($node, 'uidx_dump_src', $_) for sort glob "$ENV{UIDX_TOP}/test/t/dump-fixtures/*.sql";

my $work = PostgreSQL::Test::Utils::tempdir;
$node->command_ok([ 'pg_dump', '-d', 'uidx_dump_src', '-Fp', '-f', "$work/dump.sql" ], 'pg_dump, plain');
$node->command_ok([ 'pg_dump', '-d', 'uidx_dump_src', '-Fc', '-f', "$work/dump.custom" ], 'pg_dump, custom');
# A registry row whose table is gone is left out of the dump (docs/security.md
# "restores"): the source, less those rows, is what a restore must give.
# So is one of an index, which a restore makes after the data.
is($node->safe_psql('uidx_dump_src', q{WITH gone AS (DELETE FROM luuid_group g WHERE g.relation IS NOT NULL
    AND NOT EXISTS (SELECT FROM pg_class c WHERE c.oid = g.relation AND c.relkind NOT IN ('i', 'I', 't')
                                            AND c.relpersistence <> 't') RETURNING group_name)
    SELECT string_agg(group_name, ' ' ORDER BY group_name) FROM gone}), 'ByIndex Dropped',
   'the source\'s registry rows of a dropped table and of an index, which the dump leaves out');
my @src = UidxTest::fingerprint($node, 'uidx_dump_src');
UidxTest::psql_file($node, 'uidx_dump_plain', "$work/dump.sql");
$node->command_ok([ 'pg_restore', '--exit-on-error', '-d', 'uidx_dump_custom', "$work/dump.custom" ], 'pg_restore, custom');

my $what = scalar(grep { !/^(partition|sequence) / } @src) . ' tables (registries included), '
  . scalar(grep { /^partition / } @src) . ' partition bounds, ' . scalar(grep { /^sequence / } @src) . ' sequences';
is_deeply([ UidxTest::fingerprint($node, $_) ], \@src, "$_: $what identical") for qw(uidx_dump_plain uidx_dump_custom);
$node->stop;
done_testing();
