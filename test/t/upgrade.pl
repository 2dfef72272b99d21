# ALTER EXTENSION uidx UPDATE from each released version, 1.0, 1.1 and 1.2, to the
# current one.  For each:
#  1. a database with the released version gets tables of every uidx type
#     (the dump fixtures: primary keys, time partitions, registry rows,
#     sequences) and an index on every operator class the extension has;
#  2. ALTER EXTENSION uidx UPDATE;
#  3. the extension's objects equal those of a fresh install exactly
#     (test/scripts/extension-objects.sql: definitions, comments, privileges);
#  4. every row, registry entry, sequence position and partition bound is
#     unchanged, and every btree index passes amcheck's
#     bt_index_parent_check with heapallindexed.
# The released objects are made by the released library itself, built from
# the commit the version shipped from (this clone's history), and its
# install script must be src/sql/versions/uidx--VERSION.sql byte for byte.  A
# released library that cannot compile for the server under test (1.0 from
# PostgreSQL 16 on, 1.1 and 1.2 from 19 on: see %builds_before) is not built;
# its version's objects are made by the current library.  1.1 changed the
# comb order: the update from 1.0 names each comb index with a REINDEX hint,
# amcheck must fail on those 1.0 built before the REINDEX and pass after it;
# from 1.1 no index needs one.
# On PostgreSQL 18 it also checks that a column DEFAULT calling uidx's 1.0
# uuidv7() is moved to core's, and that any other dependent object stops the
# update with a clear error instead of being broken.
# From 1.1 and 1.2, whose casts to uuid were implicit: a foreign key from a
# uidx column to a uuid key and a view that only parses with the implicit
# casts stop the update (2BP01); views, defaults, checks, indexes and
# function bodies that stored their coercions give the same results after the
# update and after pg_dump and a restore.
# UPGRADE_FROM="1.2" updates from those versions only (make test: the last
# release, whose path every older one ends with; make test-full: all).
use strict;
use warnings;
use File::Copy;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;

my %shipped_from = ('1.0' => 'f4aeb17', '1.1' => '8c16d3a', '1.2' => 'ef1fb11');
my $top = $ENV{UIDX_TOP};
# The first server version each released library does not compile for: 1.0
# predates PostgreSQL 16's headers (varatt.h), 1.1 and 1.2 predate 19's planner
# hook (its ExplainState argument) and its headers (access/htup_details.h no
# longer comes indirectly); src/compat.h lists the differences.
my %builds_before = ('1.0' => 160000, '1.1' => 190000, '1.2' => 190000);

my $node = PostgreSQL::Test::Cluster->new('upgrade');
$node->init;
$node->append_conf('postgresql.conf', "client_min_messages = warning\n");
$node->start;
my $version_num = $node->safe_psql('postgres', 'SHOW server_version_num');
my $pg18 = $version_num >= 180000;
my $lib = $node->safe_psql('postgres', q{SELECT setting FROM pg_config WHERE name = 'PKGLIBDIR'}) . '/uidx.so';
my $work = PostgreSQL::Test::Utils::tempdir;
copy($lib, "$work/uidx-current.so") or die "copy $lib: $!";

# which library new sessions load: the file is replaced by a rename, so a
# process that has the other one mapped keeps it intact
sub use_library
{
	my ($so) = @_;
	copy($so, "$lib.new") or die "copy $so: $!";
	chmod 0755, "$lib.new";
	rename("$lib.new", $lib) or die "rename to $lib: $!";
}

# the released library, from the commit the version shipped from
sub build_released
{
	my ($version) = @_;
	my $commit = $shipped_from{$version};
	my $dir = "$work/v$version";
	mkdir $dir;
	my $err = '';
	# the clone may belong to another user than the one the test runs as
	IPC::Run::run [ 'git', '-c', 'safe.directory=*', '-C', $top, 'archive', $commit ], '|',
	  [ 'tar', '-x', '-C', $dir ], '2>', \$err
	  or BAIL_OUT("git archive $commit (the commit $version shipped from) failed: $err");
	my $log = '';
	local $ENV{MAKEFLAGS};
	delete $ENV{MAKEFLAGS};
	IPC::Run::run [ 'make', '-s', '-j2', '-C', $dir, "PG_CONFIG=$ENV{UIDX_PG_CONFIG}" ], '>&', \$log
	  or BAIL_OUT("the $version library does not build:\n$log");
	is(slurp_file("$dir/uidx--$version.sql"), slurp_file("$top/src/sql/versions/uidx--$version.sql"),
		"$version library built from $commit: its install script is src/sql/versions/uidx--$version.sql byte for byte");
	return "$dir/uidx.so";
}

$node->safe_psql('postgres', 'CREATE DATABASE uidx_upgrade_fresh');
$node->safe_psql('uidx_upgrade_fresh', 'CREATE EXTENSION uidx');
my $fresh = UidxTest::psql_file($node, 'uidx_upgrade_fresh', "$top/test/scripts/extension-objects.sql");
my $current = $node->safe_psql('uidx_upgrade_fresh', q{SELECT extversion FROM pg_extension WHERE extname = 'uidx'});

for my $from (split ' ', $ENV{UPGRADE_FROM} // '1.0 1.1 1.2')
{
	my $db = 'uidx_upgrade_from_' . ($from =~ tr/./_/r);
	my $old_lib;
	if ($version_num >= $builds_before{$from})
	{
		note "$from library: not built (it compiles for PostgreSQL " . ($builds_before{$from} / 10000 - 1)
		  . " and older only); $from objects made by the current library";
	}
	else
	{
		$old_lib = build_released($from);
	}

	# new sessions load the released library until the update
	use_library($old_lib) if $old_lib;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION uidx VERSION '$from'");
	UidxTest::psql_file($node, $db, $_) for sort glob "$top/test/t/dump-fixtures/*.sql";
	# an index on every operator class of the extension, over a column of its
	# type filled from every table that has a column of that type
	$node->safe_psql($db, q{
DO $$
DECLARE
    oc record;
    src record;
BEGIN
    FOR oc IN
        SELECT c.opcname, a.amname, c.opcintype::regtype AS typ
          FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
          JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid AND d.deptype = 'e'
         WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
    LOOP
        EXECUTE format('CREATE TABLE %I (v %s)', 'opclass_' || oc.opcname, oc.typ);
        FOR src IN
            SELECT a.attrelid::regclass AS rel, a.attname
              FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid
             WHERE a.atttypid = oc.typ::oid AND r.relkind = 'r' AND NOT r.relispartition
               AND r.relname NOT LIKE 'opclass\_%' AND a.attnum > 0
        LOOP
            EXECUTE format('INSERT INTO %I SELECT %I FROM %s', 'opclass_' || oc.opcname, src.attname, src.rel);
        END LOOP;
        EXECUTE format('CREATE INDEX ON %I USING %s (v %I)', 'opclass_' || oc.opcname, oc.amname, oc.opcname);
    END LOOP;
END
$$});
	if ($pg18 && $from eq '1.0')
	{
		# a table made on an older server whose DEFAULT names uidx's uuidv7()
		$node->safe_psql($db, q{CREATE TABLE v7_legacy (id uuid PRIMARY KEY DEFAULT public.uuidv7(), shifted uuid DEFAULT public.uuidv7('-1 day'));
		    INSERT INTO v7_legacy SELECT FROM generate_series(1, 100)});
	}
	note "$from database: " . $node->safe_psql($db, q{
	    SELECT (SELECT count(*) FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace) || ' tables, ' ||
	           (SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'public'::regnamespace) || ' indexes'});
	my @before = UidxTest::fingerprint($node, $db);

	# every new session from here on loads the current library
	use_library("$work/uidx-current.so") if $old_lib;
	my ($ret, $stdout, $update_log) = $node->psql($db, 'ALTER EXTENSION uidx UPDATE', extra_params => [ '-v', 'ON_ERROR_STOP=1' ]);
	is($ret, 0, "$from -> $current: ALTER EXTENSION uidx UPDATE") or diag $update_log;
	note $update_log if $update_log ne '';
	my @reindex = $update_log =~ /^HINT:  Rebuild it: (REINDEX INDEX .*;)$/mg;
	my $comb_indexes = $node->safe_psql($db, q{
	    SELECT count(*) FROM pg_index i JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[])
	      JOIN pg_am a ON a.oid = o.opcmethod AND a.amname IN ('btree', 'brin') WHERE o.opcintype = 'comb'::regtype});
	# the comb order changed in 1.1: from 1.0 every comb index needs a REINDEX
	is(scalar(@reindex), $from eq '1.0' ? $comb_indexes : 0,
		"$from -> $current: the update names " . ($from eq '1.0' ? "every one of the $comb_indexes" : 'none of the') . ' comb indexes to rebuild');
	$node->safe_psql($db, 'CREATE EXTENSION IF NOT EXISTS amcheck');
	if ($old_lib && $from eq '1.0')
	{
		# built by 1.0 in its comb order: amcheck must see the change of order
		my $broken = 0;
		for my $idx (split /\n/, $node->safe_psql($db, q{
		    SELECT c.oid::regclass FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		      JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'
		      JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[]) WHERE o.opcintype = 'comb'::regtype}))
		{
			my ($r) = $node->psql($db, "SELECT bt_index_check('$idx', true)");
			$broken++ if $r != 0;
		}
		note "before REINDEX: amcheck rejects $broken of the comb btree indexes 1.0 built";
		cmp_ok($broken, '>', 0, "1.0 -> $current: the comb indexes of 1.0 fail amcheck before the REINDEX");
	}
	$node->safe_psql($db, join "\n", @reindex) if @reindex;
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'uidx'}), $current,
		"$from -> $current: updated to $current");

	my $updated = UidxTest::psql_file($node, $db, "$top/test/scripts/extension-objects.sql");
	is($updated, $fresh, "$from -> $current: the objects equal those of a fresh install ("
		  . scalar(() = $fresh =~ /^[^ \n]/mg) . ' objects)');

	my @after = UidxTest::fingerprint($node, $db);
	# A table the update adds to the extension (a new registry) is no user data
	# yet: it must be empty, and is then left out of the comparison.
	my %was = map { (split / /)[0] => 1 } @before;
	for my $t (split /\n/, $node->safe_psql($db, q{
	    SELECT c.oid::regclass FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
	     WHERE d.classid = 'pg_class'::regclass AND d.deptype = 'e' AND c.relkind = 'r'
	       AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx') ORDER BY 1}))
	{
		next if $was{$t};
		my $empty = "$t 0 d41d8cd98f00b204e9800998ecf8427e";
		ok((grep { $_ eq $empty } @after), "$from -> $current: table $t, added by the update, is empty");
		@after = grep { $_ ne $empty } @after;
	}
	is_deeply(\@after, \@before, "$from -> $current: user data unchanged ("
		  . scalar(grep { !/^(partition|sequence) / } @after) . ' tables, '
		  . scalar(grep { /^sequence / } @after) . ' sequences, ' . scalar(grep { /^partition / } @after) . ' partition bounds)');

	my $checked = $node->safe_psql($db, q{
	    SELECT count(bt_index_parent_check(c.oid, true))
	      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
	      JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'
	     WHERE c.relnamespace <> 'pg_catalog'::regnamespace AND c.relnamespace <> 'pg_toast'::regnamespace
	       AND c.relkind = 'i'});
	cmp_ok($checked, '>', 0, "$from -> $current: amcheck bt_index_parent_check(heapallindexed): $checked btree indexes valid");

	if ($pg18 && $from eq '1.0')
	{
		is($node->safe_psql($db, q{SELECT string_agg(pg_get_expr(adbin, adrelid), ', ' ORDER BY adnum) FROM pg_attrdef WHERE adrelid = 'v7_legacy'::regclass}),
			q{uuidv7(), uuidv7('-1 days'::interval)}, 'PostgreSQL 18: DEFAULTs calling uidx 1.0 uuidv7() moved to core uuidv7()');
		is($node->safe_psql($db, q{SELECT count(*) FROM pg_proc WHERE proname = 'uuidv7' AND pronamespace <> 'pg_catalog'::regnamespace}),
			'0', 'PostgreSQL 18: no uuidv7 function left outside pg_catalog');
		$node->safe_psql($db, 'INSERT INTO v7_legacy DEFAULT VALUES');

		# a view that calls uidx's uuidv7() blocks the update, which leaves 1.0 intact
		$node->safe_psql('postgres', 'CREATE DATABASE uidx_upgrade_blocked');
		$node->safe_psql('uidx_upgrade_blocked', q{CREATE EXTENSION uidx VERSION '1.0'; CREATE VIEW new_id AS SELECT public.uuidv7() AS id});
		my (undef, undef, $err) = $node->psql('uidx_upgrade_blocked', 'ALTER EXTENSION uidx UPDATE', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/2BP01/, 'PostgreSQL 18: a dependent view stops the update with 2BP01');
		like($err, qr/^HINT:  Make those objects call pg_catalog\.uuidv7\(\)/m, '... and a hint');
		is($node->safe_psql('uidx_upgrade_blocked', q{SELECT extversion FROM pg_extension WHERE extname = 'uidx'}),
			'1.0', 'PostgreSQL 18: the failed update leaves 1.0');
	}

	# From 1.3 the casts to uuid are assignment casts (README "Conventions").
	# What needs them implicit, and would not restore from pg_dump, stops the
	# update, which leaves the old version; the rest is updated in place and
	# restores, its results unchanged.
	if ($from ne '1.0')
	{
		my $cdb = 'uidx_upgrade_casts_from_' . ($from =~ tr/./_/r);
		$node->safe_psql('postgres', "CREATE DATABASE $cdb");
		$node->safe_psql($cdb, qq{CREATE EXTENSION uidx VERSION '$from';
CREATE TABLE accounts (id uuid PRIMARY KEY);
CREATE TABLE t (i iuid, u uuid DEFAULT iuid_from_parts('2024-01-01 00:00+00', 1, 1), c comb, d distid,
                g uuid GENERATED ALWAYS AS (i) STORED, CHECK (uuid_extract_version(i) = 8));
INSERT INTO t (i, c, d)
SELECT iuid_from_parts('2024-01-01 00:00+00'::timestamptz + n * interval '1 h', 1, 1, n),
       comb_suffix_from_parts('2024-01-01 00:00+00'::timestamptz + n * interval '1 h', decode(md5(n::text), 'hex')),
       n::numeric::distid
  FROM generate_series(1, 50) n;
INSERT INTO accounts SELECT i FROM t;
CREATE TABLE child (parent iuid REFERENCES accounts);
CREATE INDEX t_version ON t (uuid_extract_version(i));
CREATE VIEW v_coalesce AS SELECT coalesce(i, u) AS x FROM t;
CREATE VIEW v_function AS SELECT uuid_extract_version(i) AS x FROM t;
CREATE VIEW v_case AS SELECT CASE WHEN i IS NULL THEN u ELSE c END AS x FROM t;
CREATE VIEW v_union AS SELECT i AS x FROM t UNION ALL SELECT u FROM t;
SET search_path = pg_catalog;
CREATE VIEW public.v_off_path AS SELECT count(*) AS n FROM public.t WHERE c < '80000000-0000-0000-0000-000000000000';
RESET search_path;
CREATE FUNCTION f_atomic(x iuid) RETURNS uuid LANGUAGE sql BEGIN ATOMIC SELECT coalesce(x, NULL::uuid); END;
CREATE INDEX t_uuid_ops ON t (i uuid_ops);
CREATE INDEX t_uuid_hash ON t USING hash (c uuid_ops);
CREATE TABLE keyed (i iuid) PARTITION BY RANGE (i uuid_ops);
CREATE TABLE log (u uuid);
CREATE FUNCTION f_union(x iuid, y uuid) RETURNS SETOF uuid LANGUAGE sql LEAKPROOF BEGIN ATOMIC SELECT x UNION ALL SELECT y; END;
CREATE PROCEDURE p_union(x iuid, y uuid) LANGUAGE sql BEGIN ATOMIC INSERT INTO log SELECT x UNION ALL SELECT y; END;
CREATE RULE r_union AS ON UPDATE TO t DO ALSO INSERT INTO log SELECT i FROM t UNION ALL SELECT u FROM t;
CREATE TABLE s (i iuid, u uuid);
ALTER TABLE s ENABLE ROW LEVEL SECURITY;
CREATE POLICY p_union ON s USING (u IN (SELECT i FROM t UNION ALL SELECT u FROM t));
CREATE MATERIALIZED VIEW m_union AS SELECT i AS x FROM t UNION SELECT u FROM t;
CREATE TABLE arrays (a iuid[], b uuid[]);
CREATE INDEX arrays_a ON arrays USING gin (a);
CREATE VIEW v_array AS SELECT a FROM arrays UNION ALL SELECT b FROM arrays;});
		# A role's view whose text, parsed again, runs that role's code (a
		# domain's check, through a composite literal); its code counts the
		# times it ran as a superuser, in a sequence, which no rollback undoes.
		my $owner = 'uidx_cast_view_owner_' . ($from =~ tr/./_/r);
		$node->safe_psql($cdb, qq{CREATE ROLE $owner;
CREATE SCHEMA m AUTHORIZATION $owner;
GRANT SELECT ON t TO $owner;
ALTER FUNCTION f_union(iuid, uuid) OWNER TO $owner;
SET ROLE $owner;
CREATE SEQUENCE m.as_superuser;
CREATE FUNCTION m.f(x text) RETURNS bool LANGUAGE sql AS 'SELECT true';
CREATE DOMAIN m.d AS text CHECK (m.f(VALUE));
CREATE TYPE m.c AS (a m.d);
CREATE VIEW m.v AS SELECT t.i, '(x)'::m.c AS c FROM public.t;
CREATE OR REPLACE FUNCTION m.f(x text) RETURNS bool LANGUAGE plpgsql AS \$\$
BEGIN
    BEGIN
        EXECUTE 'SET ROLE NONE';
    EXCEPTION WHEN OTHERS THEN NULL;
    END;
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) current_user) THEN
        PERFORM pg_catalog.nextval('m.as_superuser');
    END IF;
    RETURN true;
END \$\$;
RESET ROLE;
-- DDL auditing that only a superuser passes (the probes of that role's
-- function must not fail for it, and pass it unseen)
CREATE TABLE audit (who text);
REVOKE ALL ON audit FROM PUBLIC;
CREATE FUNCTION audit() RETURNS event_trigger LANGUAGE plpgsql AS \$\$BEGIN INSERT INTO public.audit VALUES (current_user); END\$\$;
CREATE EVENT TRIGGER audit ON ddl_command_end EXECUTE FUNCTION audit();});
		my $results = q{SELECT (SELECT count(DISTINCT x) FROM v_coalesce), (SELECT sum(x) FROM v_function),
		    (SELECT count(DISTINCT x) FROM v_case), (SELECT n FROM v_off_path), (SELECT count(DISTINCT x) FROM v_union),
		    f_atomic('018cc251-f400-8001-8040-000000000000'), (SELECT count(*) FROM t WHERE u = g),
		    (SELECT count(*) FROM m_union), (SELECT count(*) FROM f_union('018cc251-f400-8001-8040-000000000000', NULL))};
		my $before = $node->safe_psql($cdb, $results);

		my (undef, undef, $err) = $node->psql($cdb, 'ALTER EXTENSION uidx UPDATE', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  2BP01: .*foreign keys from uidx columns to uuid keys need them implicit$/m,
			"$from -> $current: a foreign key from an iuid column to a uuid key stops the update (2BP01)");
		like($err, qr/^DETAIL:  .*: constraint child_parent_fkey on child \(column parent, iuid\)\.$/m, '... naming it');
		$node->safe_psql($cdb, 'ALTER TABLE child ALTER COLUMN parent TYPE uuid');
		(undef, undef, $err) = $node->psql($cdb, 'ALTER EXTENSION uidx UPDATE', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  2BP01: .*operator classes of uuid on uidx columns need them implicit$/m,
			"$from -> $current: an index or partition key of a uidx column with uuid's operator class stops the update (2BP01)");
		like($err, qr/^DETAIL:  .*: index t_uuid_hash \(column c, operator class pg_catalog\.uuid_ops\); index t_uuid_ops \(column i, operator class pg_catalog\.uuid_ops\); partition key of keyed \(column i, operator class pg_catalog\.uuid_ops\)\.$/m,
			'... naming each');
		$node->safe_psql($cdb, 'DROP INDEX t_uuid_ops, t_uuid_hash; DROP TABLE keyed;
CREATE INDEX t_uuid_ops ON t ((i::uuid)); CREATE TABLE keyed (i iuid) PARTITION BY RANGE (i)');
		(undef, undef, $err) = $node->psql($cdb, 'ALTER EXTENSION uidx UPDATE', extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  2BP01: .*views need them implicit$/m,
			"$from -> $current: a view, rule, policy or routine body that no longer parses (UNION of iuid and uuid, or of their arrays) stops the update (2BP01)");
		like($err, qr/^DETAIL:  .*: function public\.f_union\(public\.iuid,uuid\) \(UNION could not convert type uuid to public\.iuid\); policy p_union on public\.s \(UNION [^)]*\); procedure public\.p_union\(public\.iuid,uuid\) \(UNION [^)]*\); public\.m_union \(UNION [^)]*\); public\.v_array \(UNION could not convert type uuid\[\] to public\.iuid\[\]\); public\.v_union \(UNION could not convert type uuid to public\.iuid\); rule r_union on public\.t \(UNION [^)]*\)\.$/m,
			'... naming each');
		$node->safe_psql($cdb, q{
CREATE OR REPLACE FUNCTION f_union(x iuid, y uuid) RETURNS SETOF uuid LANGUAGE sql BEGIN ATOMIC SELECT x::uuid UNION ALL SELECT y; END;
CREATE OR REPLACE PROCEDURE p_union(x iuid, y uuid) LANGUAGE sql BEGIN ATOMIC INSERT INTO log SELECT x::uuid UNION ALL SELECT y; END;
CREATE OR REPLACE RULE r_union AS ON UPDATE TO t DO ALSO INSERT INTO log SELECT i::uuid FROM t UNION ALL SELECT u FROM t;
ALTER POLICY p_union ON s USING (u IN (SELECT i::uuid FROM t UNION ALL SELECT u FROM t));
DROP MATERIALIZED VIEW m_union; CREATE MATERIALIZED VIEW m_union AS SELECT i::uuid AS x FROM t UNION SELECT u FROM t;
CREATE OR REPLACE VIEW v_array AS SELECT a::uuid[] AS a FROM arrays UNION ALL SELECT b FROM arrays;});
		is($node->safe_psql($cdb, q{SELECT extversion FROM pg_extension WHERE extname = 'uidx'}), $from,
			"$from -> $current: the stopped update leaves $from");

		$node->safe_psql($cdb, 'CREATE OR REPLACE VIEW v_union AS SELECT i::uuid AS x FROM t UNION ALL SELECT u FROM t');
		# a snapshot older than the update's checks would not see a view made since
		(undef, undef, $err) = $node->psql($cdb, 'BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT count(*) FROM t; ALTER EXTENSION uidx UPDATE; COMMIT',
			extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  25000: the update to uidx 1\.3 cannot run in a REPEATABLE READ transaction$/m,
			"$from -> $current: the update refuses REPEATABLE READ (25000)");
		my ($ret, undef, $log) = $node->psql($cdb, 'ALTER EXTENSION uidx UPDATE');
		is($ret, 0, "$from -> $current: the update goes through once they are fixed") or diag $log;
		is($node->safe_psql($cdb, q{SELECT string_agg(castcontext::text, '' ORDER BY castsource::regtype::text COLLATE "C")
		                              FROM pg_cast WHERE casttarget = 'uuid'::regtype
		                               AND castsource IN ('iuid'::regtype, 'comb'::regtype, 'distid'::regtype)}),
			'aaa', "$from -> $current: the casts to uuid are assignment casts");
		is($node->safe_psql($cdb, $results), $before,
			"$from -> $current: views, a default, a generated column, a check, an index and a SQL-standard function body made with the implicit casts give the same results");
		is($node->safe_psql($cdb, 'SELECT is_called FROM m.as_superuser'), 'f',
			"$from -> $current: the update parsed a role's view as that role, never running its code as a superuser");

		my $dump = "$work/$cdb.sql";
		$node->command_ok([ 'pg_dump', '-d', $cdb, '-f', $dump ], "$from -> $current: pg_dump of the updated database");
		$node->safe_psql('postgres', "CREATE DATABASE ${cdb}_restored");
		($ret, undef, $log) = $node->psql("${cdb}_restored", slurp_file($dump), on_error_stop => 1);
		is($ret, 0, "$from -> $current: the dump restores without an error") or diag $log;
		is($node->safe_psql("${cdb}_restored", $results), $before, "$from -> $current: ... with the same results");
	}
}
$node->stop;
done_testing();
