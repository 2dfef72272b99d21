# The time-partition helpers with more than one session (docs/partitioning.md
# "Partitioning by time", "Isolation and locks"), in both editions: the C
# extension in database postgres, uidx_sql (psql script, schema uidx_sql) in
# database managed.
#  1. Two cron jobs at once: two sessions call uidx_create_time_partitions
#     for the same table and range, started together behind a barrier (an
#     advisory lock a third session holds); both succeed, and each partition
#     (and stripe) is made once.  Then two retention calls at once
#     (uidx_drop_time_partitions): one drops, the other waits and finds
#     nothing left; and a retention call and a create call at once.
#  2. REPEATABLE READ and SERIALIZABLE are refused (25000), whether or not
#     another call runs.  The retention race: session A reads the table in
#     REPEATABLE READ (or SERIALIZABLE), session B inserts a row that goes to
#     the default partition and commits, A calls uidx_drop_time_partitions:
#     refused, B's row kept (before: the default partition was dropped with
#     B's row).  In READ COMMITTED the same race is refused with 55000.
#  3. A role with no rights on the table holds what locks it can: the
#     helpers' former advisory key (any role may take it; the helpers no
#     longer use it, so they do not wait at all), and ROW EXCLUSIVE on the
#     parent through a PREPAREd INSERT (PostgreSQL checks privileges when a
#     statement runs, not when it is prepared).  A helper with work to do
#     (uidx_create_stripes too)
#     gives up after lock_timeout, or after its one minute where
#     lock_timeout is 0, with 55P03 naming the table; a call with nothing to
#     do succeeds; nothing is changed.  A statement_timeout guards every wait
#     here, so that a helper that would wait without end fails the test
#     instead of hanging it.
#  4. The other roles of the database: the database owner's default of
#     lock_timeout (ALTER DATABASE ... SET) bounds a wait at most to one
#     minute; text overloads of the lower-bound functions and of
#     uidx_create_stripes planted in public run nowhere; a table referencing
#     the parent, held by a role without rights, gives 55P03 with a detail
#     that names it; on a hot standby a call with nothing to do returns
#     nothing, one with work fails as DDL does.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{UIDX_TOP} or BAIL_OUT('UIDX_TOP is not set (run by test/scripts/tap.sh)');
my ($version) = slurp_file("$top/uidx.control") =~ /^default_version\s*=\s*'([^']+)'/m
  or BAIL_OUT('no default_version in uidx.control');
my $dist = PostgreSQL::Test::Utils::tempdir;
system_or_bail('bash', "$top/src/sql/managed/build.sh", $dist, $version);

my $node = PostgreSQL::Test::Cluster->new('partition_helpers');
$node->init;
# WAL senders for the hot standby of section 4 (allows_streaming would also
# lower max_connections, and with it the helpers' lock budget)
$node->append_conf('postgresql.conf', "autovacuum = off\nwal_level = replica\nmax_wal_senders = 2\n");
$node->start;
$node->safe_psql('postgres', q{CREATE EXTENSION uidx;
    CREATE TABLE ev (id iuid PRIMARY KEY, note text) PARTITION BY RANGE (id);
    CREATE ROLE nobody LOGIN;
    CREATE DATABASE managed});
$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'managed', '-v', 'schema=uidx_sql',
		'-f', "$dist/uidx_sql.psql.sql" ], 'uidx_sql installed with psql into database managed');
$node->safe_psql('managed', q{CREATE TABLE ev (id uuid PRIMARY KEY, note text) PARTITION BY RANGE (id)});

# Each session waits for the barrier, then runs its statement in a
# transaction of the given isolation level and commits; returns its output
# and SQLSTATE.
my $race = sub {
	my ($db, $label, $isolation, @stmts) = @_;
	my $barrier = $node->background_psql($db);
	$barrier->query_safe('SELECT pg_advisory_lock(4242)');
	my @s = map { $node->background_psql($db, on_error_stop => 0) } 1 .. 2;
	for my $i (0, 1)
	{
		$s[$i]->query_until(qr/sent\n/, "\\echo sent\nSET statement_timeout = '5min';\n"
			  . "BEGIN ISOLATION LEVEL $isolation;\n"
			  . "SELECT 1 FROM pg_advisory_lock_shared(4242);\n"
			  . "$stmts[$i]\n"
			  . "COMMIT;\n");
	}
	ok($node->poll_query_until($db, q{SELECT count(*) = 2 FROM pg_stat_activity
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
	note "$label: " . join(' | ', map { s/\n/ /gr } @out);
	return @out;
};
my $tree = sub {
	my ($db, $parent) = @_;
	return $node->safe_psql($db, qq{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
        FROM pg_partition_tree('$parent')});
};

# ---------------------------------------------------------------------------
# 1. Two calls at once (the C extension's with 16 stripes)
# ---------------------------------------------------------------------------
my $create = sub { "SELECT count(*) FROM uidx_create_time_partitions('ev', '$_[0]', '$_[1]', '1 day', stripes => 16);" };
my @rc = $race->('postgres', 'READ COMMITTED', 'READ COMMITTED', ($create->('2026-11-01', '2026-11-15')) x 2);
is_deeply([ sort { $a <=> $b } map { (split /\n/)[-2] } @rc ], [ 0, 14 ],
	'READ COMMITTED: both calls succeed, one makes the 14 partitions, the other finds them');
like($_, qr/00000$/, 'READ COMMITTED: no error') for @rc;
is($node->safe_psql('postgres', q{SELECT count(*) FILTER (WHERE level = 1) || ' ' || count(*) FILTER (WHERE level = 2)
    || ' ' || count(DISTINCT relid) FROM pg_partition_tree('ev')}), '14 224 239',
	'READ COMMITTED: 14 partitions of 16 stripes each, each made once');

# REPEATABLE READ and SERIALIZABLE: both calls refused, whether or not
# the other ran first; nothing made
for my $iso ('REPEATABLE READ', 'SERIALIZABLE')
{
	my @rr = $race->('postgres', $iso, $iso, ($create->('2026-11-15', '2026-11-22')) x 2);
	is_deeply([ map { (split /\n/)[-1] } @rr ], [ '25000', '25000' ], "$iso: both calls refused with 25000");
	is($tree->('postgres', 'ev'), '14 224', "$iso: nothing made");
}

# Retention of the 14 daily partitions of 16 stripes made above (November 1
# to 14): first those before November 5, then those before November 8.
my $drop = sub { "SELECT count(*) FROM uidx_drop_time_partitions('ev', timestamptz '$_[0]');" };
my @drc = $race->('postgres', 'retention, READ COMMITTED', 'READ COMMITTED', ($drop->('2026-11-05')) x 2);
is_deeply([ sort { $a <=> $b } map { (split /\n/)[-2] } @drc ], [ 0, 4 ],
	'retention, READ COMMITTED: one call drops the 4 partitions before the bound, the other finds none');
like($_, qr/00000$/, 'retention, READ COMMITTED: no error') for @drc;
my @drr = $race->('postgres', 'retention, REPEATABLE READ', 'REPEATABLE READ', ($drop->('2026-11-08')) x 2);
is_deeply([ map { (split /\n/)[-1] } @drr ], [ '25000', '25000' ], 'retention, REPEATABLE READ: both calls refused with 25000');
@drc = $race->('postgres', 'retention again, READ COMMITTED', 'READ COMMITTED', ($drop->('2026-11-08')) x 2);
is_deeply([ sort { $a <=> $b } map { (split /\n/)[-2] } @drc ], [ 0, 3 ], 'retention again: 3 dropped, then none');
is($tree->('postgres', 'ev'), '7 112', 'retention: the 7 partitions from November 8 are left, with their stripes');
# retention and creation at once: serialised, both succeed
my @mixed = $race->('postgres', 'retention and creation', 'READ COMMITTED', $drop->('2026-11-10'),
	$create->('2026-11-15', '2026-11-17'));
is_deeply([ map { (split /\n/)[-2] } @mixed ], [ '2', '2' ], 'retention and creation at once: 2 dropped, 2 made');
like($_, qr/00000$/, 'retention and creation at once: no error') for @mixed;
is($tree->('postgres', 'ev'), '7 112', 'retention and creation at once: 7 partitions of 16 stripes');

# uidx_sql: the same without stripes
$create = sub { "SELECT count(*) FROM uidx_sql.uidx_create_time_partitions('ev', '$_[0]', '$_[1]', '1 day');" };
$drop = sub { "SELECT count(*) FROM uidx_sql.uidx_drop_time_partitions('ev', timestamptz '$_[0]');" };
@rc = $race->('managed', 'uidx_sql, READ COMMITTED', 'READ COMMITTED', ($create->('2026-11-01', '2026-11-15')) x 2);
is_deeply([ sort { $a <=> $b } map { (split /\n/)[-2] } @rc ], [ 0, 14 ],
	'uidx_sql, READ COMMITTED: both calls succeed, one makes the 14 partitions, the other finds them');
@rc = $race->('managed', 'uidx_sql, REPEATABLE READ', 'REPEATABLE READ', ($create->('2026-11-15', '2026-11-22')) x 2);
is_deeply([ map { (split /\n/)[-1] } @rc ], [ '25000', '25000' ], 'uidx_sql, REPEATABLE READ: both calls refused with 25000');
@drc = $race->('managed', 'uidx_sql, retention', 'READ COMMITTED', ($drop->('2026-11-05')) x 2);
is_deeply([ sort { $a <=> $b } map { (split /\n/)[-2] } @drc ], [ 0, 4 ],
	'uidx_sql, retention: one call drops the 4 partitions before the bound, the other finds none');
@mixed = $race->('managed', 'uidx_sql, retention and creation', 'READ COMMITTED', $drop->('2026-11-10'),
	$create->('2026-11-15', '2026-11-17'));
is_deeply([ map { (split /\n/)[-2] } @mixed ], [ '5', '2' ], 'uidx_sql, retention and creation at once: 5 dropped, 2 made');
is($tree->('managed', 'ev'), '7 0', 'uidx_sql: the 7 partitions from November 10 are left');

# ---------------------------------------------------------------------------
# 2 and 3, in both editions: the retention race, and a role without rights
# ---------------------------------------------------------------------------
for my $edition ([ 'C extension', 'postgres', '', 'iuid' ], [ 'uidx_sql', 'managed', 'uidx_sql.', 'uuid' ])
{
	my ($ed, $db, $fn, $type) = @$edition;
	my $at = sub { "${fn}iuid_from_parts('$_[0]', 42, 7, 1)" };
	my $sql = sub { return $node->safe_psql($db, $_[0]) };

	# rr: monthly partitions January to April 2026, a default partition
	# with one row of 2025
	my $setup = sub {
		$sql->(qq{DROP TABLE IF EXISTS rr;
            CREATE TABLE rr (id $type PRIMARY KEY) PARTITION BY RANGE (id);
            SELECT count(*) FROM ${fn}uidx_create_time_partitions('rr', '2026-01-01', '2026-05-01', '1 month',
                                                                  default_partition => true);
            INSERT INTO rr VALUES (@{[ $at->('2025-06-01') ]})});
	};
	for my $iso ('REPEATABLE READ', 'SERIALIZABLE', 'READ COMMITTED')
	{
		$setup->();
		my $a = $node->background_psql($db, on_error_stop => 0);
		$a->query_safe("SET statement_timeout = '5min'");
		$a->query_safe("BEGIN ISOLATION LEVEL $iso");
		$a->query_safe('SELECT count(*) FROM rr');
		# B: a 2027 row, into the default partition
		$sql->("INSERT INTO rr VALUES (@{[ $at->('2027-06-01') ]})");
		$a->query("SELECT * FROM ${fn}uidx_drop_time_partitions('rr', timestamptz '2026-03-05')");
		my $state = $a->query('\echo :LAST_ERROR_SQLSTATE');
		my $message = $a->query('\echo :LAST_ERROR_MESSAGE');
		$a->query('COMMIT');
		$a->quit;
		is($state, $iso eq 'READ COMMITTED' ? '55000' : '25000',
			"$ed, retention race in $iso: refused (" . ($iso eq 'READ COMMITTED' ? '55000' : '25000') . ')');
		like($message, qr/cannot run in a \Q$iso\E transaction/, "$ed, retention race in $iso: the message says why")
		  unless $iso eq 'READ COMMITTED';
		is($sql->(q{SELECT count(*) || ' ' || (to_regclass('rr_default') IS NOT NULL) || ' '
            || (SELECT count(*) FROM pg_inherits WHERE inhparent = 'rr'::regclass) FROM rr}), '2 true 5',
			"$ed, retention race in $iso: both rows kept, nothing detached");
	}

	# a role without rights on rr holds the former advisory key: the helpers
	# do not wait for it (the default partition, empty, stays)
	$setup->();
	$sql->('DELETE FROM rr');
	my $m = $node->background_psql($db, on_error_stop => 0, extra_params => [ '-U', 'nobody' ]);
	$m->query_safe(q{SELECT pg_advisory_lock('pg_catalog.pg_partitioned_table'::regclass::oid::integer,
                                             'rr'::regclass::oid::integer)});
	my ($ret, $out, $err) = $node->psql($db, qq{SET statement_timeout = '20s';
        SELECT count(*) FROM ${fn}uidx_create_time_partitions('rr', '2026-05-01', '2026-06-01', '1 month');
        SELECT count(*) FROM ${fn}uidx_drop_time_partitions('rr', timestamptz '2026-02-01');});
	is("$ret $out", "0 1\n1", "$ed: the former advisory key, held by a role without rights, delays no helper");
	note $err if $ret;
	$m->query_safe('SELECT pg_advisory_unlock_all()');

	# ROW EXCLUSIVE on rr and ACCESS SHARE on its default partition, held by
	# a role without rights through PREPARE in an open transaction (and in
	# the C extension ROW EXCLUSIVE on hs, a table to stripe)
	$sql->(q{DROP TABLE IF EXISTS hs; CREATE TABLE hs (id iuid PRIMARY KEY) PARTITION BY HASH (id)}) if $ed eq 'C extension';
	$m->query_safe('BEGIN');
	$m->query_safe(q{PREPARE hold_rr AS INSERT INTO rr VALUES (NULL)});
	$m->query_safe(q{PREPARE hold_default AS SELECT * FROM rr_default});
	$m->query_safe(q{PREPARE hold_hs AS INSERT INTO hs VALUES (NULL)}) if $ed eq 'C extension';
	is($sql->(q{SELECT string_agg(l.relation::regclass || ' ' || l.mode, ', ' ORDER BY l.relation::regclass::text COLLATE "C")
            FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE a.usename = 'nobody' AND l.locktype = 'relation' AND l.granted AND l.relation::regclass::text ~ '^rr'}),
		'rr RowExclusiveLock, rr_default AccessShareLock', "$ed: a role without rights holds locks on rr and rr_default");
	my $before = $sql->(q{SELECT string_agg(inhrelid::regclass::text, ' ' ORDER BY 1) FROM pg_inherits WHERE inhparent = 'rr'::regclass});
	for my $call ([ 'create', "SELECT count(*) FROM ${fn}uidx_create_time_partitions('rr', '2026-06-01', '2026-07-01', '1 month')" ],
		[ 'drop', "SELECT count(*) FROM ${fn}uidx_drop_time_partitions('rr', timestamptz '2026-04-01')" ])
	{
		my ($what, $stmt) = @$call;
		($ret, $out, $err) = $node->psql($db, "SET statement_timeout = '20s'; SET lock_timeout = '1s'; $stmt",
			extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  55P03: .*"public\.rr".* within 1s/, "$ed: $what with lock_timeout 1s: 55P03 naming rr and the wait");
		note $err;
	}
	($ret, $out, $err) = $node->psql($db, qq{SET statement_timeout = '20s'; SET lock_timeout = '1s';
        SELECT count(*) FROM ${fn}uidx_create_time_partitions('rr', '2026-02-01', '2026-06-01', '1 month');
        SHOW lock_timeout});
	is("$ret $out", "0 0\n1s", "$ed: a create call with nothing to do takes no lock the role holds, and leaves lock_timeout as it was");
	note $err if $ret;
	if ($ed eq 'C extension')
	{
		($ret, $out, $err) = $node->psql($db, q{SET statement_timeout = '20s'; SET lock_timeout = '1s';
            SELECT count(*) FROM uidx_create_stripes('hs', 4)}, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
		like($err, qr/ERROR:  55P03: uidx_create_stripes: could not lock table "public\.hs" within 1s/,
			"$ed: uidx_create_stripes with lock_timeout 1s: 55P03 naming hs");
		# lock_timeout 0: the helper's own bound, one minute.  The wait itself
		# is not sat through here (a minute of every run): each wait is bounded
		# by uidx_ddl_lock_wait(), the value the 55P03 above reports
		# (sql/partition_helpers.sql also checks it).
		is($node->safe_psql($db, q{SET lock_timeout = 0; SELECT uidx_ddl_lock_wait()}), '1min',
			"$ed: with lock_timeout 0 each wait is bounded by one minute");
	}
	is($sql->(q{SELECT string_agg(inhrelid::regclass::text, ' ' ORDER BY 1) FROM pg_inherits WHERE inhparent = 'rr'::regclass}),
		$before, "$ed: nothing changed");
	$m->query('ROLLBACK');
	$m->quit;
	# and once the role lets go
	is($sql->(qq{SELECT count(*) FROM ${fn}uidx_drop_time_partitions('rr', timestamptz '2026-04-01')}), '2',
		"$ed: the call succeeds once the role's transaction ends");
}

# ---------------------------------------------------------------------------
# 4. What the other roles of the database can do to the bound, in both
#    editions
# ---------------------------------------------------------------------------
# The database owner, no superuser and without rights on the tables, sets a
# default of lock_timeout for the database (ALTER DATABASE ... SET, which
# every new session takes, a superuser's cron job's too): followed up to the
# helpers' own minute, never longer, so that it cannot make another role's
# call wait for days on a lock the owner holds.  A shorter database default,
# and the caller's own SET of any length, are followed.
$node->safe_psql('postgres', 'CREATE ROLE dbo LOGIN');
for my $edition ([ 'C extension', 'postgres', '' ], [ 'uidx_sql', 'managed', 'uidx_sql.' ])
{
	my ($ed, $db, $fn) = @$edition;
	my $bound = "SELECT current_setting('lock_timeout') || ' ' || ${fn}uidx_ddl_lock_wait()";
	$node->safe_psql('postgres', "ALTER DATABASE $db OWNER TO dbo");
	$node->safe_psql($db, "ALTER DATABASE $db SET lock_timeout = '2d'", extra_params => [ '-U', 'dbo' ]);
	is($node->safe_psql($db, $bound), '2d 1min', "$ed: a database default of 2 days from its owner: the helpers wait one minute");
	is($node->safe_psql($db, "SET lock_timeout = '3d'; $bound"), '3d 3d', "$ed: the caller's own SET of 3 days is followed");
	$node->safe_psql($db, "ALTER DATABASE $db SET lock_timeout = '5s'", extra_params => [ '-U', 'dbo' ]);
	is($node->safe_psql($db, $bound), '5s 5s', "$ed: a database default of 5 seconds is followed");
	$node->safe_psql($db, "ALTER DATABASE $db RESET lock_timeout; ALTER DATABASE $db OWNER TO CURRENT_USER");
}

# A role with CREATE on the extension's schema (public: its owner, the
# database owner from PostgreSQL 15, or any role in a database made before)
# plants an overload of each lower-bound function that takes text, which
# would make it a superuser: a partition bound written as a call of the
# function with a quoted literal, of type unknown, resolved to it (the
# string category wins; so did 1.2).  A superuser's uidx_create_time_partitions runs
# no planted function and makes the partitions (uidx_sql's schema is one
# that no other role may create in: its install refuses any other).
$node->safe_psql('postgres', q{CREATE ROLE planter LOGIN; GRANT CREATE ON SCHEMA public TO planter;
    CREATE TABLE bt_i (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
    CREATE TABLE bt_u (id uuid PRIMARY KEY) PARTITION BY RANGE (id)});
for my $fn ([ 'iuid_lower_bound', 'iuid' ], [ 'uidx_uuid_lower_bound', 'uuid' ])
{
	my ($name, $type) = @$fn;
	$node->safe_psql('postgres', qq{CREATE FUNCTION public.$name(text) RETURNS $type LANGUAGE plpgsql AS \$\$
        BEGIN
            IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
                ALTER ROLE planter SUPERUSER;
            END IF;
            RETURN public.$name(\$1::pg_catalog.timestamptz);
        END \$\$}, extra_params => [ '-U', 'planter' ]);
}
# and of the stripes helper, which uidx_create_time_partitions calls with the
# name of each partition it made
$node->safe_psql('postgres', q{CREATE FUNCTION public.uidx_create_stripes(text, integer) RETURNS SETOF regclass
    LANGUAGE plpgsql AS $$
    BEGIN
        IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
            ALTER ROLE planter SUPERUSER;
        END IF;
        RETURN QUERY SELECT * FROM public.uidx_create_stripes($1::pg_catalog.regclass, $2);
    END $$}, extra_params => [ '-U', 'planter' ]);
is($node->safe_psql('postgres', q{SELECT (SELECT count(*) FROM uidx_create_time_partitions('bt_i', '2026-01-01 00:00+00', '2026-03-01 00:00+00', '1 month', stripes => 2))
        || ' ' || (SELECT count(*) FROM uidx_create_time_partitions('bt_u', '2026-01-01 00:00+00', '2026-03-01 00:00+00', '1 month'))}),
	'2 2', 'text overloads planted in public: the partitions made');
is($node->safe_psql('postgres', q{SELECT rolsuper FROM pg_roles WHERE rolname = 'planter'}), 'f',
	'text overloads planted in public: no planted function ran (the planter is no superuser)');
is($node->safe_psql('postgres', q{SELECT string_agg(pg_get_expr(c.relpartbound, c.oid), ' ' ORDER BY c.relname) FROM pg_class c
        WHERE c.relname IN ('bt_i_p20260101', 'bt_u_p20260101')}),
	q{FOR VALUES FROM ('019b76da-a800-8000-8000-000000000000') TO ('019c167f-cc00-8000-8000-000000000000') }
	  . q{FOR VALUES FROM ('019b76da-a800-0000-0000-000000000000') TO ('019c167f-cc00-0000-0000-000000000000')},
	'the bounds are the lower bounds of the months');
$node->safe_psql('postgres', q{DROP FUNCTION public.iuid_lower_bound(text), public.uidx_uuid_lower_bound(text),
        public.uidx_create_stripes(text, integer);
    ALTER ROLE planter NOSUPERUSER});

# A wait on a table at the other end of a foreign key (a table that
# references the parent: PostgreSQL adds the new partition's triggers to
# it) is bounded, and the error does not send the reader to the wrong
# table.
$node->safe_psql('postgres', q{DROP TABLE IF EXISTS fkr, fkp;
    CREATE TABLE fkp (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
    SELECT count(*) FROM uidx_create_time_partitions('fkp', '2026-01-01 00:00+00', '2026-02-01 00:00+00', '1 month');
    CREATE TABLE fkr (ref iuid REFERENCES fkp)});
my $fk = $node->background_psql('postgres', on_error_stop => 0, extra_params => [ '-U', 'nobody' ]);
$fk->query_safe('BEGIN');
$fk->query_safe('PREPARE hold_fkr AS INSERT INTO fkr VALUES (NULL)');
my ($fret, $fout, $ferr) = $node->psql('postgres', q{SET statement_timeout = '20s'; SET lock_timeout = '1s';
    SELECT count(*) FROM uidx_create_time_partitions('fkp', '2026-02-01 00:00+00', '2026-03-01 00:00+00', '1 month')},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($ferr, qr/ERROR:  55P03: .*"public\.fkp_p20260201".* within 1s.*\nDETAIL:  .*referencing/,
	'a table referencing the parent, held by a role without rights: 55P03 within lock_timeout, its detail names referencing tables');
note $ferr;
$fk->query('ROLLBACK');
$fk->quit;

# A hot standby: a cron job that runs on every server of a fleet, so that
# it goes on after a failover, calls the helpers on the standby too.  A call
# with nothing to do returns nothing there, as in 1.2, where it took an
# advisory lock (LOCK TABLE in SHARE UPDATE EXCLUSIVE MODE cannot run during
# recovery, 25006); a call with work fails as any DDL does.
for my $edition ([ 'postgres', '', 'iuid' ], [ 'managed', 'uidx_sql.', 'uuid' ])
{
	my ($db, $fn, $type) = @$edition;
	$node->safe_psql($db, qq{CREATE TABLE sb (id $type PRIMARY KEY) PARTITION BY RANGE (id);
        SELECT count(*) FROM ${fn}uidx_create_time_partitions('sb', '2026-01-01 00:00+00', '2026-04-01 00:00+00', '1 month')});
}
$node->backup('before_standby');
my $standby = PostgreSQL::Test::Cluster->new('partition_helpers_standby');
$standby->init_from_backup($node, 'before_standby', has_streaming => 1);
$standby->start;
$node->wait_for_catchup($standby);
for my $edition ([ 'C extension', 'postgres', '' ], [ 'uidx_sql', 'managed', 'uidx_sql.' ])
{
	my ($ed, $db, $fn) = @$edition;
	my ($sret, $sout, $serr) = $standby->psql($db, qq{SET lock_timeout = '5s';
        SELECT count(*) FROM ${fn}uidx_create_time_partitions('sb', '2026-01-01 00:00+00', '2026-04-01 00:00+00', '1 month');
        SELECT count(*) FROM ${fn}uidx_drop_time_partitions('sb', timestamptz '2025-01-01 00:00+00');
        SELECT count(*) FROM ${fn}uidx_drop_time_partitions('sb', timestamptz '2026-02-01 00:00+00', detach_only => true)});
	is("$sret $sout", "3 0\n0", "$ed, hot standby: calls with nothing to do return nothing, one with work fails");
	like($serr, qr/during recovery|read-only transaction/, "$ed, hot standby: the call with work fails as DDL does");
}
$standby->stop;

$node->stop;
done_testing();
