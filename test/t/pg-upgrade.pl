# pg_upgrade from PostgreSQL 15 to 18 keeps natural time filters pruning
# (README "Time filters that prune partitions").  The pruning conditions are
# ranges of the key in the key type's own btree family, so nothing uidx adds
# lives in a pg_catalog operator family, where pg_upgrade would drop it.
#  1. A 15 cluster with this tree's uidx gets tables partitioned by id with
#     uidx_create_time_partitions, keys uuid, iuid, comb and distid, and rows;
#     each natural filter (constants, and a generic plan's parameters) scans
#     fewer partitions than with uidx.time_filter_rewrite = off, and returns
#     the rows it returns with the rewrite off and sequential scans forced.
#  2. 18's pg_upgrade (--copy) turns it into an 18 cluster that runs this
#     tree's uidx built for 18, in a private copy of the 18 installation.
#  3. On 18: the same rows, the same partitions scanned, the same rows with
#     the rewrite off; amvalidate() is true for every operator class of uidx
#     and every one of uuid, and no pg_catalog operator family holds an
#     operator or support function of uidx, on 15 before and on 18 after.
# It needs the server under test to be 15 and a PostgreSQL 18 built by
# test/scripts/build-pg.sh 18; otherwise it is skipped, saying which is
# missing.  Nothing outside the test's own temporary directory is written:
# uidx is built for 18 in a copy of the tree (the files git knows), and
# installed with `make install DESTDIR=` into a copy of the 18 installation
# (hard links where the file system allows them, as test/scripts/sandbox.sh
# makes its prefix).
use strict;
use warnings;
use File::Basename;
use File::Path qw(make_path);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;

my $top = $ENV{UIDX_TOP};

# the server under test
my ($old_major) = `$ENV{UIDX_PG_CONFIG} --version` =~ /PostgreSQL (\d+)/;
plan skip_all => 'the server under test is PostgreSQL ' . ($old_major // '?') . ': this test upgrades from 15'
  unless defined $old_major && $old_major == 15;

# PostgreSQL 18 where test/scripts/build-pg.sh puts it: the cache directory of
# test/scripts/cache-dir.sh, which is /var/cache/uidx when root builds it
# (this test runs as the postgres OS user under root, see tap.sh)
my @caches = grep { defined && $_ ne '' } ($ENV{UIDX_CACHE}, '/var/cache/uidx',
	($ENV{XDG_CACHE_HOME} || "$ENV{HOME}/.cache") . '/uidx');
my ($pg18) = grep { -f "$_/.uidx-built" && -x "$_/bin/pg_config" && -x "$_/bin/pg_upgrade" } map { "$_/pg-18" } @caches;
plan skip_all => 'PostgreSQL 18 is not built (test/scripts/build-pg.sh 18; looked in ' . join(', ', @caches) . ')'
  unless $pg18;
my $pg18_config = "$pg18/bin/pg_config";
my ($new_major) = `$pg18_config --version` =~ /PostgreSQL (\d+)/;
plan skip_all => "$pg18_config is not PostgreSQL 18" unless defined $new_major && $new_major == 18;

my $work = PostgreSQL::Test::Utils::tempdir;

# ---------------------------------------------------------------------------
# uidx for 18, installed into a private copy of the 18 installation
# ---------------------------------------------------------------------------
my $prefix18 = dirname(`$pg18_config --bindir` =~ s/\s+$//r);
my $root = "$work/pg18";
make_path($root . dirname($prefix18));
my $copy_err = '';
IPC::Run::run [ 'cp', '-al', $prefix18, $root . $prefix18 ], '2>', \$copy_err
  or IPC::Run::run [ 'bash', '-c', 'rm -rf "$1" && cp -a "$2" "$1"', 'copy', $root . $prefix18, $prefix18 ], '2>', \$copy_err
  or BAIL_OUT("could not copy $prefix18 to $root: $copy_err");
my $bin18 = "$root$prefix18/bin";

my $tree = "$work/tree";
mkdir $tree or die "mkdir $tree: $!";
my $err = '';
# the files git knows (tracked, and new ones not ignored): no build products
# of the tree, which are the server under test's; the clone may belong to
# another OS user than the one the test runs as
IPC::Run::run [ 'bash', '-c', 'cd "$1" && git -c safe.directory="*" ls-files -co --exclude-standard -z | cpio -0 -pdm --quiet "$2"',
	'copy', $top, $tree ], '2>', \$err
  or BAIL_OUT("copying the tree: $err");
{
	# make test's variables would reach these builds through MAKEFLAGS
	local $ENV{MAKEFLAGS};
	local $ENV{MFLAGS};
	local $ENV{MAKELEVEL};
	delete @ENV{qw(MAKEFLAGS MFLAGS MAKELEVEL)};
	my $log = '';
	IPC::Run::run [ 'make', '-s', '-C', $tree, "PG_CONFIG=$pg18_config" ], '>&', \$log
	  or BAIL_OUT("uidx does not build for PostgreSQL 18:\n$log");
	IPC::Run::run [ 'make', '-s', '-C', $tree, 'install', "PG_CONFIG=$pg18_config", "DESTDIR=$root" ], '>&', \$log
	  or BAIL_OUT("make install DESTDIR=$root:\n$log");
}
my $uidx18 = $root . (`$pg18_config --pkglibdir` =~ s/\s+$//r) . '/uidx.so';
ok(-f $uidx18,
	"uidx built for 18 and installed into the private copy of 18 ($uidx18)");

# ---------------------------------------------------------------------------
# What the upgrade must keep
# ---------------------------------------------------------------------------
my @tables = qw(t_uuid t_iuid t_comb t_distid);

# Natural filters: [table, filter, the partitions it must scan].  Months of
# 2024 from January to June are partitions (t_iuid_p20240101, ...); uuids of
# other layouts, and so keys before 2024, are in t_uuid's default partition.
my @filters = (
	[ 't_iuid', q{iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11'}, 'p20240201' ],
	[ 't_iuid', q{iuid_timestamp(id) >= '2024-05-01'}, 'p20240501 p20240601' ],
	[ 't_iuid', q{iuid_timestamp(id) < '2024-02-01'}, 'p20240101' ],
	[ 't_iuid', q{iuid_timestamp(id) BETWEEN '2024-03-20' AND '2024-04-01'}, 'p20240301 p20240401' ],
	[ 't_iuid', q{iuid_timestamp(id) > '2024-03-31 23:59:59.9995'}, 'p20240401 p20240501 p20240601' ],
	[ 't_comb', q{comb_timestamp(id) >= '2024-02-10' AND comb_timestamp(id) < '2024-02-11'}, 'p20240201' ],
	[ 't_comb', q{comb_timestamp(id) <= '2024-01-31 23:59:59.9995'}, 'p20240101' ],
	[ 't_comb', q{comb_timestamp(id) BETWEEN '2024-04-15' AND '2024-05-15'}, 'p20240401 p20240501' ],
	[ 't_distid', q{distid_timestamp(id) >= '2024-02-10' AND distid_timestamp(id) < '2024-02-11'}, 'p20240201' ],
	[ 't_distid', q{distid_timestamp(id) >= '2024-06-01'}, 'p20240601' ],
	[ 't_distid', q{distid_timestamp(id) < '2024-03-01'}, 'p20240101 p20240201' ],
	[ 't_uuid', q{iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11'}, 'p20240201' ],
	[ 't_uuid', q{iuid_timestamp(id) BETWEEN '2024-03-20' AND '2024-04-01'}, 'p20240301 p20240401' ],
	[ 't_uuid', q{comb_prefix_timestamp(id) >= '2024-05-01' AND comb_prefix_timestamp(id) < '2024-05-03'}, 'p20240501' ],
	[ 't_uuid', q{comb_prefix_timestamp(id) < '2024-02-01'}, 'other p20240101' ]);
# generic plans (parameters, pruned at executor start): [table, function,
# day]; each must scan the day's month, p20240301
my @prepared = map { [ $_->[0], $_->[1], '2024-03-05' ] }
  ([ 't_iuid', 'iuid_timestamp' ], [ 't_comb', 'comb_timestamp' ], [ 't_distid', 'distid_timestamp' ],
	[ 't_uuid', 'iuid_timestamp' ]);

# One session (uidx loaded first: README "Time filters that prune
# partitions", Loading): for each filter, the leaf partitions its plan scans
# and its rows, with the rewrite on; then the same with the rewrite off and
# sequential scans forced.  Returns { "on|off table filter" => "scans|rows" }
# and the number of leaf partitions of each table.
my $helpers = q{
LOAD 'uidx';
SET client_min_messages = warning;
CREATE FUNCTION pg_temp.scanned(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || q INTO plan;
    RETURN (SELECT count(*) || ' [' || coalesce(string_agg(r #>> '{}', ' ' ORDER BY r #>> '{}'), '') || ']'
              FROM jsonb_path_query(plan, 'strict $.**."Relation Name"') r)
        || coalesce(' ' || (SELECT nullif(sum((s #>> '{}')::int), 0) FROM jsonb_path_query(plan, 'strict $.**."Subplans Removed"') s)
                    || ' removed at executor start', '');
END
$$;
CREATE FUNCTION pg_temp.run(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    r text;
BEGIN
    EXECUTE q INTO r;
    RETURN r;
END
$$;
CREATE FUNCTION pg_temp.result(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    r text;
BEGIN
    EXECUTE 'SELECT count(*) || '' rows '' || md5(coalesce(string_agg(x::text, '','' ORDER BY x::text), '''')) FROM ('
            || q || ') x' INTO r;
    RETURN r;
END
$$;
};

sub observe
{
	my ($node) = @_;
	my $sql = $helpers;
	for my $mode ('on', 'off')
	{
		$sql .= $mode eq 'on'
		  ? "SET uidx.time_filter_rewrite = on;\n"
		  : "SET uidx.time_filter_rewrite = off; SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off;\n";
		for my $f (@filters)
		{
			my ($t, $filter) = @$f;
			my $q = "SELECT * FROM $t WHERE $filter";
			$sql .= "SELECT \$k\$$mode $t $filter\$k\$ || '|' || pg_temp.scanned(\$q\$$q\$q\$) || '|' || pg_temp.result(\$q\$$q\$q\$);\n";
		}
		$sql .= "SET plan_cache_mode = force_generic_plan;\n";
		for my $p (@prepared)
		{
			my ($t, $fn, $day) = @$p;
			my $name = "p_$mode\_$t";
			$sql .= "PREPARE $name(timestamptz, timestamptz) AS SELECT count(*) || ' rows ' || md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM $t x WHERE $fn(id) >= \$1 AND $fn(id) < \$2;\n";
			my $exec = "EXECUTE $name('$day', timestamptz '$day' + interval '1 day')";
			$sql .= "SELECT \$k\$$mode $t generic plan: $fn(id) >= \$1 AND $fn(id) < \$2, $day\$k\$ || '|' || pg_temp.scanned(\$q\$$exec\$q\$) || '|' || pg_temp.run(\$q\$$exec\$q\$);\n";
		}
		$sql .= "RESET plan_cache_mode;\n";
	}
	my %seen;
	for my $line (split /\n/, $node->safe_psql('uidx_pgupgrade', $sql))
	{
		my ($key, $scans, $rows) = split /\|/, $line, 3;
		$seen{$key} = "$scans|$rows";
	}
	my %leaves = map { split /\|/ } split /\n/, $node->safe_psql('uidx_pgupgrade', join ' UNION ALL ',
		map { "SELECT '$_' || '|' || count(*) FROM pg_partition_tree('$_') WHERE isleaf" } @tables);
	return (\%seen, \%leaves);
}

# amvalidate() of every operator class of uidx and of uuid, and the members
# of pg_catalog's operator families that are uidx's (an operator or support
# function of the extension, or one of its types): the failures, one a line
sub catalog_failures
{
	my ($node) = @_;
	return $node->safe_psql('uidx_pgupgrade', q{
SET client_min_messages = error;
WITH ext AS (SELECT classid, objid FROM pg_depend
              WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
                AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')),
     ext_types AS (SELECT objid FROM ext WHERE classid = 'pg_type'::regclass)
SELECT 'amvalidate false: ' || a.amname || ' ' || c.opcname
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
 WHERE (c.oid IN (SELECT objid FROM ext WHERE classid = 'pg_opclass'::regclass) OR c.opcintype = 'uuid'::regtype)
   AND NOT amvalidate(c.oid)
UNION ALL
SELECT 'pg_catalog family ' || f.opfname || ' holds operator ' || o.amopopr::regoperator
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_operator op ON op.oid = o.amopopr
 WHERE f.opfnamespace = 'pg_catalog'::regnamespace
   AND (o.amopopr IN (SELECT objid FROM ext WHERE classid = 'pg_operator'::regclass)
        OR op.oprcode IN (SELECT objid FROM ext WHERE classid = 'pg_proc'::regclass)
        OR o.amoplefttype IN (SELECT objid FROM ext_types) OR o.amoprighttype IN (SELECT objid FROM ext_types))
UNION ALL
SELECT 'pg_catalog family ' || f.opfname || ' holds support function ' || p.amproc::regprocedure
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
 WHERE f.opfnamespace = 'pg_catalog'::regnamespace
   AND (p.amproc IN (SELECT objid FROM ext WHERE classid = 'pg_proc'::regclass)
        OR p.amproclefttype IN (SELECT objid FROM ext_types) OR p.amprocrighttype IN (SELECT objid FROM ext_types))
ORDER BY 1});
}

# The filters scan exactly the partitions they must with the rewrite on,
# every one with it off, and return the same rows either way: on SERVER
sub check_pruning
{
	my ($server, $seen, $leaves) = @_;
	for my $f ((map { [ $_->[0], $_->[1], $_->[2] ] } @filters),
		(map { [ $_->[0], "generic plan: $_->[1](id) >= \$1 AND $_->[1](id) < \$2, $_->[2]", 'p20240301' ] } @prepared))
	{
		my ($t, $filter, $parts) = @$f;
		my $must = join ' ', map { "${t}_$_" } split / /, $parts;
		my ($on_scans, $on_rows) = split /\|/, $seen->{"on $t $filter"} // 'missing|missing';
		my ($off_scans, $off_rows) = split /\|/, $seen->{"off $t $filter"} // 'missing|missing';
		my ($on_list) = $on_scans =~ /\[(.*)\]/;
		my ($off_n) = $off_scans =~ /^(\d+)/;
		is($on_list // $on_scans, $must, "$server: $t WHERE $filter prunes: scans $on_scans of $leaves->{$t} leaf partitions");
		is($off_n // $off_scans, $leaves->{$t}, "$server: $t WHERE $filter, rewrite off: scans all $leaves->{$t}");
		is($on_rows, $off_rows, "$server: $t WHERE $filter: $on_rows, as with the rewrite off and sequential scans");
		unlike($on_rows, qr/^0 rows/, "$server: $t WHERE $filter finds rows");
	}
}

# ---------------------------------------------------------------------------
# The 15 cluster
# ---------------------------------------------------------------------------
# the 15 binaries the clusters below run: the sandbox's prefix (tap.sh puts
# it first in PATH), where this tree's uidx is installed
my ($old_bindir) = grep { -x "$_/postgres" && -x "$_/pg_ctl" } split /:/, $ENV{PATH};
my $conf = "timezone = 'UTC'\nautovacuum = off\n";

my $old = PostgreSQL::Test::Cluster->new('old15');
$old->init;
$old->append_conf('postgresql.conf', $conf);
$old->start;
is($old->safe_psql('postgres', 'SHOW server_version_num') =~ s/\d{4}$//r, '15', "old cluster runs 15 from $old_bindir");
$old->safe_psql('postgres', 'CREATE DATABASE uidx_pgupgrade');
$old->safe_psql('uidx_pgupgrade', q{
SET client_min_messages = warning;
CREATE EXTENSION uidx;
CREATE TABLE t_uuid (id uuid PRIMARY KEY, n int) PARTITION BY RANGE (id);
CREATE TABLE t_iuid (id iuid PRIMARY KEY, n int) PARTITION BY RANGE (id);
CREATE TABLE t_comb (id comb PRIMARY KEY, n int) PARTITION BY RANGE (id);
CREATE TABLE t_distid (id distid PRIMARY KEY, n int) PARTITION BY RANGE (id);
SELECT count(*) FROM (VALUES ('t_uuid'), ('t_iuid'), ('t_comb'), ('t_distid')) v(t),
       uidx_create_time_partitions(t::regclass, '2024-01-01', '2024-07-01', '1 month');
CREATE TABLE t_uuid_other PARTITION OF t_uuid DEFAULT;
-- one id per 37 minutes over the six months, at whole and fractional milliseconds
INSERT INTO t_iuid SELECT iuid_from_parts(t, 1, 2, g), g FROM
  (SELECT g, '2024-01-01'::timestamptz + g * interval '37 min' + (g % 3) * interval '0.4 ms' AS t
     FROM generate_series(0, 7040) g) s;
INSERT INTO t_comb SELECT comb_suffix_from_parts(iuid_timestamp(id), decode(md5(id::text), 'hex')), n FROM t_iuid;
INSERT INTO t_distid SELECT distid_lower_bound(iuid_timestamp(id)), n FROM t_iuid;
-- uuid keys of several layouts: iUIDs, prefix COMBs and random UUIDs (the
-- default partition)
INSERT INTO t_uuid SELECT id, n FROM t_iuid;
INSERT INTO t_uuid SELECT comb_prefix_from_parts(iuid_timestamp(id), decode(md5(id::text || 'c'), 'hex')), -n FROM t_iuid;
INSERT INTO t_uuid SELECT md5(g::text || 'v4')::uuid, 100000 + g FROM generate_series(1, 500) g;
ANALYZE t_uuid, t_iuid, t_comb, t_distid;
});
note 'rows: ' . $old->safe_psql('uidx_pgupgrade', join ' UNION ALL ', map { "SELECT '$_ ' || count(*) FROM $_" } @tables) =~ s/\n/, /gr;

my ($before, $leaves_before) = observe($old);
check_pruning('15', $before, $leaves_before);
is($old->safe_psql('uidx_pgupgrade', q{SELECT extversion FROM pg_extension WHERE extname = 'uidx'}),
	'1.3', '15: uidx 1.3, this tree');
is(catalog_failures($old), '', '15: every operator class of uidx and of uuid passes amvalidate, no pg_catalog family holds uidx\'s');
my @fingerprint_before = UidxTest::fingerprint($old, 'uidx_pgupgrade');

# Debian's PostgreSQL 15.20 records an internal version of every column it
# makes in the column's options (pg_attver=N).  15's own pg_dump leaves it
# out, 18's copies it (ALTER COLUMN ... SET (pg_attver=N)) and 18 rejects it
# ("unrecognized parameter"), so pg_upgrade to 18 stops at the first table,
# with or without uidx.  Columns made by 15.19 and earlier have no such
# option, and 15.20 reads them, so the marks are removed from the user's
# columns here, as for a cluster made by 15.19.
for my $db (split /\n/, $old->safe_psql('postgres', 'SELECT datname FROM pg_database WHERE datallowconn ORDER BY 1'))
{
	my $marked = $old->safe_psql($db, q{
WITH m AS (
UPDATE pg_attribute
   SET attoptions = nullif(ARRAY(SELECT o FROM unnest(attoptions) o WHERE o NOT LIKE 'pg_attver=%'), '{}')
 WHERE attrelid >= 16384 AND EXISTS (SELECT FROM unnest(attoptions) o WHERE o LIKE 'pg_attver=%')
RETURNING 1)
SELECT count(*) FROM m});
	note "$db: pg_attver removed from $marked columns" if $marked;
}
$old->stop;

# ---------------------------------------------------------------------------
# pg_upgrade to 18
# ---------------------------------------------------------------------------
my $new = PostgreSQL::Test::Cluster->new('new18', install_path => "$root$prefix18");
# 18's initdb enables data checksums by default; the 15 cluster has none
$new->init(extra => [ '--no-data-checksums' ]);
$new->append_conf('postgresql.conf', $conf);

my ($out, $upgrade_err) = ('', '');
# pg_upgrade writes its own files into the current directory, which tap.sh
# made the postgres user's
my $upgraded = IPC::Run::run [ "$bin18/pg_upgrade", '--no-sync', '--copy',
	'-b', $old_bindir, '-B', $bin18, '-d', $old->data_dir, '-D', $new->data_dir,
	'-p', $old->port, '-P', $new->port, '-s', $new->host ], '>', \$out, '2>', \$upgrade_err;
ok($upgraded, 'pg_upgrade --copy from 15 to 18') or do {
	diag "$out\n$upgrade_err";
	for my $log (glob($new->data_dir . '/pg_upgrade_output.d/*/log/*.log'), glob($new->data_dir . '/pg_upgrade_output.d/*/*.txt'))
	{
		diag "--- $log\n" . slurp_file($log);
	}
	BAIL_OUT('pg_upgrade failed');
};
$new->start;
is($new->safe_psql('postgres', 'SHOW server_version_num') =~ s/\d{4}$//r, '18', 'the upgraded cluster runs 18');

my ($after, $leaves_after) = observe($new);
check_pruning('18', $after, $leaves_after);
is_deeply($leaves_after, $leaves_before, '18: the same leaf partitions');
is_deeply(\@{ [ UidxTest::fingerprint($new, 'uidx_pgupgrade') ] }, \@fingerprint_before,
	'18: every table\'s rows and every partition bound as on 15');
# the same rows and the same partitions scanned, filter by filter
for my $key (sort keys %$before)
{
	is($after->{$key} // 'missing', $before->{$key}, "18 as 15 (rewrite $key): scans|rows");
}
is(catalog_failures($new), '', '18: every operator class of uidx and of uuid passes amvalidate, no pg_catalog family holds uidx\'s');
$new->stop;

done_testing();
