# Differential test of the time-filter rewrite (README "Time filters that use
# the index", "Time filters that prune partitions"): results never depend on
# uidx.time_filter_rewrite.  A seeded generator writes time filters in the
# forms users write, over keys of every layout, in every table shape: plain
# (t_), partitioned by id (p_), striped (s_: time partitions BY HASH in
# stripes) and foreign (f_: postgres_fdw partitions on a loopback server with
# extensions 'uidx', as docs/regions.md builds a router); with instants at
# and beyond each layout's first and last millisecond and beyond what a
# timestamptz holds, written as timestamptz, timestamp, date and text under
# several time zones.  Each query runs once with the rewrite off (the
# reference), once on a plain table that holds the time as a timestamptz
# column (r_, which no code of uidx's planner layer touches), and once in
# each planner configuration with the rewrite on; every result is compared
# with the reference as a sorted row set (DML: affected rows and RETURNING
# rows, inside a transaction that is rolled back).  An error only with the
# rewrite on is a failure like a wrong row.
#
# Each configuration is one psql session running one generated script, so
# hundreds of queries take seconds, and several configurations run at once
# (the reference too, split).  Nothing depends on the clock: instants are
# constants, `now()`, `current_date` and `localtimestamp` appear either
# shifted back to a constant instant (`now() - (now() - c)`, evaluated within
# one statement) or where every row is on the same side of them at any time
# after the fixture's last day.
#
# Every bound is also NULL, or at or past the limits of its type (4714 BC,
# 294276, 294277 as a date, 5874897, the infinities) in a share of the
# queries, and the bound family makes each bound reach the plan in every
# way (constant, custom and generic parameter, sub-select, stable
# expression, WITH query, SQL function argument) in every statement
# (SELECT, DELETE, UPDATE, MERGE, INSERT ... SELECT, cursors); DML is also
# compared by what the table holds after it (docs/internals.md "Strict and
# equivalent").
#
#   UIDX_DIFF_SEED=N      the generator's seed (default 20260324)
#   UIDX_DIFF_QUERIES=N   generated queries (default 300; make test-timefilter: 30000)
#   UIDX_DIFF_SAMPLE=N    each generated query runs in 3 + N of the 10
#                         configurations (default: all 10; make
#                         test-timefilter: 2), picked after the queries, so a
#                         seed replays the same queries whatever N is
#   UIDX_DIFF_JOBS=N      configurations run at once (default: the CPUs)
#   UIDX_DIFF_KEEP=DIR    keep each configuration's script and output in DIR
#   UIDX_DIFF_REWRITE=off every configuration with the rewrite off too: a check
#                         of the test itself (plan order, clock, parallel
#                         workers); what still differs then comes from the
#                         index conditions, which stay with the rewrite off
use strict;
use warnings;
use Digest::MD5;
use IPC::Run;
use List::Util qw(max);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use POSIX qw(floor strftime);
use Test::More;
use Time::HiRes ();

my $seed = $ENV{UIDX_DIFF_SEED} // 20260324;
my $nqueries = $ENV{UIDX_DIFF_QUERIES} // 300;
die "UIDX_DIFF_SEED must be an integer\n" unless $seed =~ /^\d+$/;
die "UIDX_DIFF_QUERIES must be a positive integer\n" unless $nqueries =~ /^[1-9]\d*$/;
srand($seed);
my $jobs = $ENV{UIDX_DIFF_JOBS} // do { my $n = `nproc 2>/dev/null`; $n =~ /^(\d+)/ ? $1 : 1 };
die "UIDX_DIFF_JOBS must be a positive integer\n" unless $jobs =~ /^[1-9]\d*$/;
note "seed $seed (UIDX_DIFF_SEED), $nqueries generated queries (UIDX_DIFF_QUERIES)";

my $db = 'uidx_diff';
my $node = PostgreSQL::Test::Cluster->new('timefilter_diff');
$node->init;
# preloaded, so that the first query of every session is rewritten too
# (test/t/time-filter-loading.pl)
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uidx'\nautovacuum = off\n"
	  . "max_worker_processes = 8\nmax_parallel_workers = 4\n"
	  # thousands of statements: the log keeps only the slow ones
	  . "log_statement = none\nlog_min_duration_statement = 2000\n"
	  # the disabled scan types cost enough to make JIT compile every query
	  . "jit = off\n");
$node->start;
my $server_version = $node->safe_psql('postgres', 'SHOW server_version_num');
$node->safe_psql('postgres', "CREATE DATABASE $db");
# the foreign partitions' server: a second database of the same cluster
my $remote_db = 'uidx_diff_remote';
$node->safe_psql('postgres', "CREATE DATABASE $remote_db");

# ---------------------------------------------------------------- fixture

# Rows every 41 minutes (plus 0-2 ms) from 2026-01-01: 3,000 rows to
# 2026-03-27, in monthly partitions and a default one that holds the edge rows
# (the epoch, the last millisecond each layout holds).
my $nrows = 3000;
my $base = 1767225600;    # 2026-01-01 00:00:00 UTC
my $last_day = 1775001600;    # 2026-04-01: no row between here and the edges
my @rows = map { { at => $base + $_ * 41 * 60 + ($_ % 3) / 1000, kind => $_ % 5 } } 0 .. $nrows - 1;

# is_active_at_N(status): an inlined SQL function whose `=` sits at offset N
# of its body; the generator puts the query's own time comparison at offset N
my @aligned = (60, 80, 100, 130, 160, 200, 250, 300, 400, 520);
my $functions = '';
for my $p (@aligned)
{
	my $head = 'SELECT /*' . ('.' x ($p - 15)) . '*/ $1 ';
	die "alignment $p" unless length($head) == $p;
	$functions .= "CREATE FUNCTION is_active_at_$p(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS \$f\$${head}= 'active'\$f\$;\n";
}

my @layouts = qw(iuid comb distid uuid);
# the time functions of each layout's reference table r_: one timestamptz
# column at_<function> each
my %ref_columns = (iuid => ['iuid'], comb => ['comb'], distid => ['distid'],
	uuid => [qw(iuid comb_prefix distid128)]);
my %key_of = (
	iuid => q{iuid_from_parts(at, 42, 7, g)},
	comb => q{comb_suffix_from_parts(at, decode(md5(g::text), 'hex'))},
	# distid holds 1900 to 3014: its edge rows are its own epoch and end
	distid => q{distid_lower_bound(CASE WHEN at < '1971-01-01+00' THEN at - interval '70 years'
	    WHEN at > '3000-01-01+00' THEN '3014-12-13 12:41:28.831+00' ELSE at END)},
	# uuid keys hold iUIDs, prefix COMBs, DistributedId128s, UUIDv7s and
	# random UUIDs; the edge rows are iUIDs
	uuid => q{CASE WHEN g >= 100000 OR g % 5 = 0 THEN iuid_from_parts(at, 42, 7, g)::uuid
	    WHEN g % 5 = 1 THEN comb_prefix_from_parts(at, decode(md5(g::text), 'hex'))
	    WHEN g % 5 = 2 THEN (lpad(to_hex((extract(epoch FROM at) * 1000)::bigint + 8520336000000), 12, '0')
	        || '7' || substr(md5(g::text), 1, 3) || '0' || substr(md5(g::text), 4, 15))::uuid
	    WHEN g % 5 = 3 THEN (lpad(to_hex((extract(epoch FROM at) * 1000)::bigint), 12, '0')
	        || '7' || substr(md5(g::text), 1, 3) || '8' || substr(md5(g::text), 4, 15))::uuid
	    ELSE md5(g::text || 'v4')::uuid END},
);
my $remote = "SET client_min_messages = warning;\nCREATE EXTENSION uidx;\n";
my $fixture = qq{
SET client_min_messages = warning;
SET TimeZone = 'UTC';
CREATE EXTENSION uidx;
CREATE TABLE diff_src AS
SELECT g, '2026-01-01 00:00+00'::timestamptz + g * interval '41 min' + (g % 3) * interval '1 ms' AS at,
       g % 5 AS kind,
       CASE WHEN g % 13 <> 0 THEN '2026-01-01 00:00+00'::timestamptz + g * interval '41 min' + (g % 9) * interval '50 min' END AS valid_until,
       (ARRAY['active', 'inactive', 'pending'])[(g / 7) % 3 + 1] AS status
  FROM generate_series(0, @{[ $nrows - 1 ]}) g
UNION ALL
SELECT 100000 + n, at, n % 5, CASE WHEN n % 2 = 0 THEN at + interval '1 hour' END, 'active'
  FROM unnest(ARRAY['1970-01-01 00:00+00', '1970-01-01 00:00:00.001+00', '10889-08-02 05:31:50.655+00',
                    '2026-01-31 23:59:59.999+00', '2026-02-01 00:00+00', '2026-02-01 00:00:00.001+00']::timestamptz[])
       WITH ORDINALITY e(at, n);
CREATE TABLE diff_kinds (kind int PRIMARY KEY, label text NOT NULL);
INSERT INTO diff_kinds SELECT k, 'kind' || k FROM generate_series(0, 4) k;
CREATE TABLE diff_marks (name text PRIMARY KEY, at timestamptz NOT NULL);
INSERT INTO diff_marks VALUES ('m1', '2026-01-10 00:00+00'), ('m2', '2026-02-01 00:00+00'),
    ('m3', '2026-03-24 00:00+00'), ('m4', '2026-01-01 00:41:00.001+00'), ('m5', '1970-01-01 00:00+00');
$functions
CREATE EXTENSION postgres_fdw;
CREATE SERVER diff_loop FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host '@{[ $node->host ]}', port '@{[ $node->port ]}', dbname '$remote_db', extensions 'uidx');
CREATE USER MAPPING FOR PUBLIC SERVER diff_loop OPTIONS (user '@{[ scalar getpwuid($>) ]}', password_required 'false');
CREATE FUNCTION is_active(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS \$f\$SELECT \$1 = 'active'\$f\$;
-- INSERT ... SELECT writes here
CREATE TABLE diff_sink (id text NOT NULL, kind int NOT NULL);
@{[ join("\n", map { my ($name, $op) = @$_; map {
	"CREATE FUNCTION diff_$name(t timestamptz, b $_) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS \$f\$SELECT t $op b\$f\$;" }
	qw(timestamptz timestamp date) } [ lt => '<' ], [ le => '<=' ], [ eq => '=' ], [ ge => '>=' ], [ gt => '>' ]) ]}
};
for my $l (@layouts)
{
	$fixture .= qq{
CREATE TABLE p_$l (id $l PRIMARY KEY, kind int NOT NULL, valid_until timestamptz, status text) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('p_$l', '2026-01-01', '2026-04-01', '1 month');
CREATE TABLE p_${l}_other PARTITION OF p_$l DEFAULT;
CREATE TABLE t_$l (id $l PRIMARY KEY, kind int NOT NULL, valid_until timestamptz, status text);
INSERT INTO p_$l SELECT $key_of{$l}, kind, valid_until, status FROM diff_src;
INSERT INTO t_$l SELECT * FROM p_$l;
CREATE INDEX ON p_$l (kind);
CREATE INDEX ON t_$l (kind);
CREATE TABLE s_$l (id $l PRIMARY KEY, kind int NOT NULL, valid_until timestamptz, status text) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('s_$l', '2026-01-01', '2026-04-01', '1 month', stripes => 4);
CREATE TABLE s_${l}_other PARTITION OF s_$l DEFAULT;
INSERT INTO s_$l SELECT * FROM p_$l;
CREATE TABLE r_$l AS SELECT id, kind, valid_until, status, @{[ join(', ', map { "${_}_timestamp(id) AS at_$_" } @{ $ref_columns{$l} }) ]} FROM p_$l;
ALTER TABLE r_$l ADD PRIMARY KEY (id);
@{[ join("\n", map { "CREATE INDEX ON r_$l (at_$_);" } @{ $ref_columns{$l} }) ]}
};
	# foreign: iUIDs through a router partitioned in the country order with
	# uidx_attach_region, exactly as docs/regions.md; the other layouts in
	# two foreign partitions split at the February partition's bound
	if ($l eq 'iuid')
	{
		$remote .= "CREATE TABLE fr_iuid (id iuid PRIMARY KEY, kind int NOT NULL, valid_until timestamptz, status text);\n";
		$fixture .= q{
CREATE TABLE f_iuid (id iuid NOT NULL, kind int NOT NULL, valid_until timestamptz, status text) PARTITION BY RANGE (id iuid_country_ops);
SELECT count(*) FROM uidx_attach_region('f_iuid', 'diff_loop', '{42}', 'public.fr_iuid');
};
	}
	else
	{
		$remote .= "CREATE TABLE fr_${l}_$_ (id $l PRIMARY KEY, kind int NOT NULL, valid_until timestamptz, status text);\n" for 1 .. 2;
		$fixture .= qq{
CREATE TABLE f_$l (id $l NOT NULL, kind int NOT NULL, valid_until timestamptz, status text) PARTITION BY RANGE (id);
SELECT format('CREATE FOREIGN TABLE f_${l}_1 PARTITION OF f_$l FOR VALUES FROM (MINVALUE) TO (%L) SERVER diff_loop OPTIONS (table_name %L)', b, 'fr_${l}_1'),
       format('CREATE FOREIGN TABLE f_${l}_2 PARTITION OF f_$l FOR VALUES FROM (%L) TO (MAXVALUE) SERVER diff_loop OPTIONS (table_name %L)', b, 'fr_${l}_2')
  FROM (SELECT (regexp_match(pg_get_expr(relpartbound, oid), \$\$FROM \\('([^']+)'\\)\$\$))[1] AS b
          FROM pg_class WHERE relname = 'p_${l}_p20260201') s \\gexec
};
	}
	$fixture .= qq{
INSERT INTO f_$l SELECT * FROM p_$l;
ANALYZE f_$l;
};
	$fixture .= qq{CREATE VIEW v_${_}_$l AS SELECT id, kind, valid_until, status FROM ${_}_$l WHERE kind <> 9;\n} for qw(p t s f);
	$fixture .= qq{CREATE VIEW v_r_$l AS SELECT * FROM r_$l WHERE kind <> 9;\n};
}
# the issue's example, as it was reported
$fixture .= q{
CREATE TABLE clicks (id iuid PRIMARY KEY, kind text) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('clicks', '2026-01-01', '2026-04-01', '1 month');
INSERT INTO clicks SELECT iuid_from_parts('2026-01-01'::timestamptz + g * interval '2 min', 42, 7, g), 'c'
  FROM generate_series(1, 60000) g;
CREATE TABLE r_clicks AS SELECT id, kind, iuid_timestamp(id) AS at_iuid FROM clicks;
VACUUM ANALYZE;
-- a role that may read every table but not run uidx's internal functions
-- (those whose comment starts with "internal:", as sql/privileges.sql lists them)
CREATE ROLE diff_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO diff_reader;
DO $$
DECLARE f regprocedure;
BEGIN
    FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
               JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
               JOIN pg_extension e ON e.oid = d.refobjid AND d.refclassid = 'pg_extension'::regclass AND e.extname = 'uidx'
              WHERE obj_description(p.oid, 'pg_proc') LIKE 'internal:%'
    LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
    END LOOP;
END
$$;
};
$node->safe_psql($remote_db, $remote);
$node->safe_psql($db, $fixture);
PostgreSQL::Test::Utils::append_to_file("$ENV{UIDX_DIFF_KEEP}/fixture.sql", $fixture) if $ENV{UIDX_DIFF_KEEP};
my $revoked = $node->safe_psql($db, q{SELECT count(*) FROM pg_proc p
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
   WHERE obj_description(p.oid, 'pg_proc') LIKE 'internal:%'
     AND NOT has_function_privilege('diff_reader', p.oid, 'EXECUTE')});
cmp_ok($revoked, '>', 0, "diff_reader may not run uidx's $revoked internal functions");

# Each session that runs at once has copies of the two databases of its own
# (its foreign server names its own remote copy): a DML statement, rolled
# back, then never waits for or deadlocks with another session's on the
# same rows.
my @slot_db = ([ $db, $remote_db ]);
for my $k (1 .. $jobs - 1)
{
	$node->safe_psql('postgres', "CREATE DATABASE ${remote_db}_$k TEMPLATE $remote_db");
	$node->safe_psql('postgres', "CREATE DATABASE ${db}_$k TEMPLATE $db");
	$node->safe_psql("${db}_$k", "ALTER SERVER diff_loop OPTIONS (SET dbname '${remote_db}_$k')");
	push @slot_db, [ "${db}_$k", "${remote_db}_$k" ];
}

# ---------------------------------------------------------------- the issue's example

my $between = q{iuid_timestamp(id) BETWEEN '2026-03-24 00:00+00' AND '2026-03-24'::date};
for my $rewrite (qw(off on))
{
	is($node->safe_psql($db, "SET TimeZone = 'UTC'; SET uidx.time_filter_rewrite = $rewrite;
	    SELECT count(*) FROM clicks WHERE $between"), '1',
		"issue example, rewrite $rewrite: BETWEEN a timestamptz and a date finds 1 row");
	is($node->safe_psql($db, "SET TimeZone = 'UTC'; SET uidx.time_filter_rewrite = $rewrite;
	    BEGIN; WITH d AS (DELETE FROM clicks WHERE $between RETURNING 1) SELECT count(*) FROM d; ROLLBACK;"), '1',
		"issue example, rewrite $rewrite: the DELETE removes 1 row");
}

# ---------------------------------------------------------------- the generator

sub pick { return $_[ int(rand(@_)) ]; }

sub fmt_instant    # epoch seconds (ms fraction) -> 'YYYY-MM-DD HH:MM:SS.fff'
{
	my ($t) = @_;
	my $s = floor($t);
	my $frac = sprintf('%.4f', $t - $s);
	$frac =~ s/^0//;
	$frac =~ s/0+$//;
	$frac = '' if $frac eq '.';
	return strftime('%Y-%m-%d %H:%M:%S', gmtime($s)) . $frac;
}

# An instant: a row's millisecond (give or take half a millisecond or one),
# a day, a partition bound, an edge of a layout, or somewhere in the data.
sub instant
{
	my $r = rand();
	# NULL, and the first and last value of each type (timestamp and
	# timestamptz: 4714 BC to 294276; date: to 5874897), which the other
	# types hold only in some time zones or not at all
	return pick('NULL', 'NULL', '4714-11-24 00:00:00 BC', '294276-12-31 23:59:59.999999', '294277-01-01')
	  if rand() < 0.06;
	if ($r < 0.35)
	{
		my $t = $rows[ int(rand($nrows)) ]{at};
		$t += pick(0, 0, 0, 0.0005, -0.0005, 0.001, -0.001);
		return fmt_instant($t);
	}
	return strftime('%Y-%m-%d', gmtime($base + int(rand(90)) * 86400)) if $r < 0.55;
	return pick('2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-01-31 23:59:59.999',
		'2026-01-31 23:59:59.9995', '2026-02-01 00:00:00.001', '2026-02-28 23:59:59.999')
	  if $r < 0.7;
	# each layout's first and last millisecond and the ones beyond (iuid and
	# comb: 1970 to 10889; distid: 1900 to 3014; DistributedId128: from
	# 1700), and instants beyond what a timestamptz holds (date only) or holds
	# only in some time zones
	return pick('1970-01-01', '1970-01-01 00:00:00.001', '1969-12-31 23:59:59.999', '1900-01-01',
		'1899-12-31 23:59:59.999', '1800-01-01', '1700-01-01', '1699-12-31 23:59:59.999',
		'10889-08-02 05:31:50.655', '10889-08-02 05:31:50.656', '10889-08-03', '3014-12-13 12:41:28.831',
		'3014-12-13 12:41:28.832', '3015-01-01', '2100-01-01', '20000-01-01', '294276-12-31 23:00',
		'300000-01-01', '5874897-12-31', '-infinity', 'infinity')
	  if $r < 0.8;
	return fmt_instant($base + rand(90 * 86400));
}

# An instant written as users write it: an untyped literal, timestamptz,
# a naive timestamp, or a date (the day of the instant).
sub literal
{
	my ($t) = @_;
	$t //= instant();
	return pick('NULL', 'NULL::timestamptz', 'NULL::timestamp', 'NULL::date', 'CAST(NULL AS date)') if $t eq 'NULL';
	return pick("'4714-11-24 00:00:00+00 BC'::timestamptz", "'4714-11-24 00:00:00 BC'::timestamp",
		"'4714-11-24 BC'::date", "date '4714-11-24 BC'") if $t =~ / BC$/;
	return pick("'$t'", "'$t'::timestamptz", "'$t'::timestamp", "'$t'::date") if $t =~ /infinity/;
	my ($day) = $t =~ /^(\d{4,7}-\d\d-\d\d)/;
	# past what a timestamp holds: a date only
	return pick("'$day'::date", "date '$day'") if $t =~ /^\d{6,}-/ && $t !~ /^294276-/;
	my $r = rand();
	# text read in the session's time zone, which can move it past timestamptz's end
	return "'$t'" if $r < 0.05 && $t !~ /^294276-/;
	return "'$t+00'" if $r < 0.3;
	return "'$t+00'::timestamptz" if $r < 0.45;
	return "timestamptz '$t+00'" if $r < 0.5;
	return "'$t'::timestamp" if $r < 0.7;
	return "timestamp '$t'" if $r < 0.75;
	return rand() < 0.5 ? "'$day'::date" : "date '$day'";
}

# A literal with a type of its own, where an untyped one would be read as text
# (a sub-select's output, a VALUES list, CASE)
sub typed
{
	my ($lit) = @_;
	return $lit =~ /::|^(?:timestamptz|timestamp|date) '|^CAST/ ? $lit : "$lit\::timestamptz";
}

# A value computed at execution, not at planning: shifted back to a constant
# instant within the statement, or, once every row lies before the clock,
# the clock itself
my $clock_after_rows = time() > $last_day + 86400 && time() < 32503680000;    # before the year 3000
note $clock_after_rows ? 'the clock is after every row: now(), current_date and localtimestamp are also used as they are'
  : 'the clock is among the rows: now(), current_date and localtimestamp are only used shifted to constants';
sub volatile_value
{
	my $t = rand() < 0.5 ? fmt_instant($rows[ int(rand($nrows)) ]{at}) : fmt_instant($base + int(rand(90)) * 86400);
	my $day = substr($t, 0, 10);
	my @forms = (
		"now() - (now() - '$t+00'::timestamptz)",
		"current_date - (current_date - date '$day')",
		"localtimestamp - (localtimestamp - timestamp '$t')",
		"(SELECT at FROM diff_marks WHERE name = '" . pick(qw(m1 m2 m3 m4 m5)) . "')",
		"(SELECT max(at) FROM diff_marks WHERE at < '$t+00')",
		"statement_timestamp() - (statement_timestamp() - '$t+00'::timestamptz)",
		# NULL from a stable expression and from a sub-select that finds no row
		'nullif(localtimestamp, localtimestamp)', 'nullif(current_date, current_date)',
		"(SELECT at FROM diff_marks WHERE name = 'none')",
		'(CASE WHEN statement_timestamp() IS NOT NULL THEN ' . typed(literal()) . ' END)');
	return pick(@forms);
}

sub clock_value
{
	return pick('now()', 'current_date', 'localtimestamp', 'current_timestamp', "now() - interval '1 day'",
		'current_date - 1') if $clock_after_rows;
	return volatile_value();
}

# the table shapes: partitioned, plain, striped, foreign (and r_, the reference)
my %shape_name = (p => 'partitioned', t => 'plain', s => 'striped', f => 'foreign');
my @tables = map { my $l = $_; map { "${_}_$l" } qw(p t s f) } @layouts;
# MERGE cannot write to foreign tables (in every supported version)
my @merge_targets = grep { !/^f_/ } @tables;
my %time_fns = (
	iuid => [ 'iuid_timestamp(%s)', 'iuid_timestamp(%s::uuid)' ],
	comb => ['comb_timestamp(%s)'],
	distid => ['distid_timestamp(%s)'],
	uuid => [ 'iuid_timestamp(%s)', 'comb_prefix_timestamp(%s)', 'distid128_timestamp(%s)' ],
);

sub layout_of { my ($t) = @_; return $t =~ s/^(?:v_)?[ptsf]_//r; }

sub time_fn    # f(col) for a table's key
{
	my ($table, $col) = @_;
	return sprintf(pick(@{ $time_fns{ layout_of($table) } }), $col // 'id');
}

sub cmp_filter
{
	my ($f) = @_;
	my $op = pick('<', '<=', '=', '>=', '>', '<>');
	my $v = literal($op eq '=' ? fmt_instant($rows[ int(rand($nrows)) ]{at}) : undef);
	return rand() < 0.7 ? "$f $op $v" : "$v $op $f";
}

sub between_filter
{
	my ($f) = @_;
	my ($a, $b) = sort { $a cmp $b } (instant(), instant());
	($a, $b) = ($b, $a) if rand() < 0.1;
	my $not = rand() < 0.15 ? 'NOT ' : '';
	my $sym = rand() < 0.1 ? 'SYMMETRIC ' : '';
	return "$f ${not}BETWEEN $sym" . literal($a) . ' AND ' . literal($b);
}

sub time_filter    # a time filter on f
{
	my ($f) = @_;
	return rand() < 0.5 ? cmp_filter($f) : between_filter($f);
}

sub extra    # a condition on the other columns (prefixed by alias)
{
	my ($a) = @_;
	$a = $a ? "$a." : '';
	my $k = int(rand(5));
	return pick("${a}kind = $k", "${a}kind <> $k", "${a}kind IN ($k, " . (($k + 2) % 5) . ')',
		"${a}status = 'active'", "${a}status <> 'pending'", "${a}valid_until IS NULL",
		"${a}valid_until >= " . literal(), "is_active(${a}status)");
}

sub conjunction
{
	my ($f, $a) = @_;
	my @c = (time_filter($f));
	push @c, time_filter($f) if rand() < 0.25;
	push @c, extra($a) for 1 .. int(rand(3));
	push @c, '(' . time_filter($f) . ' OR ' . extra($a) . ')' if rand() < 0.1;
	for my $i (reverse 1 .. $#c)
	{
		my $j = int(rand($i + 1));
		@c[ $i, $j ] = @c[ $j, $i ];
	}
	return join(' AND ', @c);
}

sub select_list
{
	my ($a, $f) = @_;
	$a = $a ? "$a." : '';
	return pick("${a}id::text, ${a}kind, ${a}status, ${a}valid_until", "${a}id::text", "${a}id::text",
		"${a}id::text", "count(*), sum(${a}kind)", "count(*), sum(${a}kind)", "count(*)", "count(*)",
		"${a}id::text, $f AS at");
}

sub param_type { return pick('timestamp', 'timestamptz', 'date'); }

sub param_value
{
	my ($type, $t) = @_;
	$t //= instant();
	return 'NULL' if $t eq 'NULL';
	return { timestamptz => "'4714-11-24 00:00:00+00 BC'", timestamp => "'4714-11-24 00:00:00 BC'",
		date => "'4714-11-24 BC'" }->{$type} if $t =~ / BC$/;
	return "'$t'" if $t =~ /infinity/;
	# past what a timestamp holds: only dates
	$t = '294276-12-31 23:00' if $type ne 'date' && $t =~ /^\d{6,}-/;
	return "'" . ($t =~ /^(\d{4,7}-\d\d-\d\d)/)[0] . "'" if $type eq 'date';
	return $type eq 'timestamptz' ? "'$t+00'" : "'$t'";
}

# The forms: each returns a case, { family, kind => select|dml|script, sql }.
# select and dml cases are one statement, which the generic and custom
# configurations run through PREPARE / EXECUTE; a script is run as it is.
my %gen;
$gen{cmp} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my @c = (cmp_filter($f));
	push @c, cmp_filter($f) if rand() < 0.4;
	push @c, extra() if rand() < 0.5;
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM $t WHERE " . join(' AND ', @c) };
};
$gen{between} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my $w = between_filter($f);
	$w .= ' AND ' . extra() if rand() < 0.5;
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM $t WHERE $w" };
};
$gen{param} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my ($t1, $t2) = (param_type(), param_type());
	my $form = pick("$f BETWEEN \$1 AND \$2", "$f >= \$1 AND $f < \$2", "$f > \$1 AND $f <= \$2",
		"$f BETWEEN \$1 AND \$2 AND kind <> 3", "\$1 <= $f AND $f <= \$2 AND status = 'active'",
		"$f BETWEEN \$1 AND \$2 AND is_active(status)");
	my @sql = ("PREPARE dp($t1, $t2) AS SELECT " . select_list('', $f) . " FROM $t WHERE $form");
	for (1 .. 6)
	{
		my ($a, $b) = sort { $a cmp $b } (instant(), instant());
		push @sql, '\echo @@exec', 'EXECUTE dp(' . param_value($t1, $a) . ', ' . param_value($t2, $b) . ')';
	}
	push @sql, 'DEALLOCATE dp';
	return { kind => 'script', sql => \@sql };
};
$gen{volatile} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my ($v, $c) = (volatile_value(), clock_value());
	my $w = pick("$f BETWEEN " . literal() . " AND $c", "$f BETWEEN $v AND " . literal(),
		"$f BETWEEN " . literal() . " AND $v", "$f >= $v", "$f < $v", "$f <= $c", "$f > $c",
		"$f BETWEEN $v AND $c", "$f >= $v AND $f < " . volatile_value());
	$w .= ' AND ' . extra() if rand() < 0.4;
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM $t WHERE $w" };
};
$gen{valid} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my $v = literal();
	my $w = pick("$v BETWEEN $f AND valid_until", "$v NOT BETWEEN $f AND valid_until",
		"$v BETWEEN $f AND valid_until AND kind <> " . int(rand(5)), "$f <= $v AND valid_until >= $v",
		"$v BETWEEN $f AND valid_until AND is_active(status)");
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM $t WHERE $w" };
};
$gen{rowcmp} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my $i = int(rand($nrows));
	my $v = literal(fmt_instant($rows[$i]{at}));
	my $k = rand() < 0.5 ? $rows[$i]{kind} : int(rand(5));
	my $w = pick("($f, kind) = ($v, $k)", "($f, kind) <> ($v, $k)", "($f, kind) >= ($v, $k)",
		"($f, kind) < ($v, $k)", "(kind, $f) = ($k, $v)", "($f, status) = ($v, 'active')",
		"($f, kind) IN (($v, $k), (" . literal() . ', ' . int(rand(5)) . '))');
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM $t WHERE $w" };
};
# the query's comparison at the offset of the inlined function's `=`
$gen{sqlfunc} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my ($op, $rhs) = @{ pick([ '>=', literal() ], [ '<', literal() ], [ '>', literal() ],
		[ 'BETWEEN', literal('2026-01-01') . ' AND ' . literal() ], [ '<=', literal() ]) };
	my $head = 'SELECT ' . select_list('', $f) . " FROM $t WHERE";
	my $at = length($head) + 1 + length($f) + 1;
	my ($p) = grep { $_ >= $at + 15 } @aligned;    # room for PREPARE dq AS
	return $gen{cmp}->() unless $p;
	my $q = $head . (' ' x ($p - $at + 1)) . "$f $op $rhs AND is_active_at_$p(status)";
	die "misaligned: $q" unless substr($q, $p, length($op)) eq $op;
	$q .= ' AND ' . extra() if rand() < 0.3;
	return { kind => 'select', sql => $q, aligned => 1 };
};
$gen{view} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	return { kind => 'select', sql => 'SELECT ' . select_list('', $f) . " FROM v_$t WHERE " . conjunction($f) };
};
$gen{subquery} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t, 's.id');
	my $from = pick("(SELECT id, kind, valid_until, status FROM $t WHERE kind <> 9) s",
		"(SELECT * FROM $t) s", "(SELECT * FROM $t WHERE " . time_filter(time_fn($t)) . ") s",
		"(SELECT * FROM $t ORDER BY id LIMIT 100000) s");
	my $q = 'SELECT ' . select_list('s', $f) . " FROM $from WHERE " . conjunction($f, 's');
	$q = "WITH s AS (SELECT * FROM $t) SELECT " . select_list('s', $f) . " FROM s WHERE " . conjunction($f, 's')
	  if rand() < 0.2;
	return { kind => 'select', sql => $q };
};
$gen{join} = sub {
	my $l = pick(@layouts);
	my ($ta, $tb) = map { pick(qw(p t s f)) . "_$l" } 1 .. 2;
	my $fa = time_fn($ta, 'a.id');
	my $q = pick(
		"SELECT a.id::text, k.label FROM $ta a JOIN diff_kinds k ON k.kind = a.kind WHERE " . conjunction($fa, 'a'),
		"SELECT a.id::text, b.kind FROM $ta a JOIN $tb b ON b.id = a.id WHERE " . conjunction($fa, 'a')
		  . ' AND ' . time_filter(time_fn($tb, 'b.id')),
		"SELECT k.kind, a.id::text FROM diff_kinds k LEFT JOIN $ta a ON a.kind = k.kind AND " . time_filter($fa),
		"SELECT k.label, count(a.id) FROM diff_kinds k LEFT JOIN $ta a ON a.kind = k.kind AND "
		  . time_filter($fa) . ' GROUP BY k.label',
		"SELECT a.id::text FROM $ta a WHERE EXISTS (SELECT 1 FROM $tb b WHERE b.id = a.id AND "
		  . time_filter(time_fn($tb, 'b.id')) . ') AND ' . conjunction($fa, 'a'));
	return { kind => 'select', sql => $q };
};
$gen{update} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	return { kind => 'dml', remains => $t, sql => "UPDATE $t SET status = 'touched', kind = kind + 10 WHERE " . conjunction($f)
		  . pick(' RETURNING id::text, status', '') };
};
$gen{delete} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	return { kind => 'dml', remains => $t, sql => "DELETE FROM $t WHERE " . conjunction($f) . pick(' RETURNING id::text', '') };
};
$gen{merge} = sub {
	my $ta = pick(@merge_targets);
	my $tb = pick(qw(p t s f)) . '_' . layout_of($ta);
	my $f = time_fn($ta, 't.id');
	my $q = pick(
		"MERGE INTO $ta t USING diff_kinds k ON t.kind = k.kind AND " . between_filter($f)
		  . ' WHEN MATCHED THEN UPDATE SET status = k.label',
		"MERGE INTO $ta t USING diff_kinds k ON t.kind = k.kind AND " . time_filter($f)
		  . " WHEN MATCHED AND k.kind < 2 THEN DELETE WHEN MATCHED THEN UPDATE SET status = 'merged'",
		"MERGE INTO $ta t USING $tb s ON s.id = t.id AND " . time_filter($f)
		  . " WHEN MATCHED THEN UPDATE SET status = 'merged' WHEN NOT MATCHED THEN DO NOTHING",
		"MERGE INTO $ta t USING (SELECT id FROM $tb WHERE " . time_filter(time_fn($tb))
		  . ') s ON s.id = t.id AND ' . time_filter($f) . ' WHEN MATCHED THEN DELETE');
	return { kind => 'dml', remains => $ta, sql => $q };
};
$gen{cursor} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my $q = 'SELECT ' . select_list('', $f) . " FROM $t WHERE " . conjunction($f);
	return { kind => 'script', sql => [ 'BEGIN', 'DECLARE dc ' . pick('', 'NO SCROLL ', 'SCROLL ') . "CURSOR FOR $q",
			'FETCH ALL dc', 'CLOSE dc', 'COMMIT' ] };
};
# prepared and executed by a superuser, executed again after SET ROLE to a
# role that may not run uidx's internal functions
$gen{role} = sub {
	my $t = pick(@tables);
	my $f = time_fn($t);
	my ($t1, $t2) = (param_type(), param_type());
	my $prep = rand() < 0.7
	  ? "PREPARE dr($t1, $t2) AS SELECT " . select_list('', $f) . " FROM $t WHERE "
	  . pick("$f BETWEEN \$1 AND \$2", "$f >= \$1 AND $f < \$2", "\$1 <= $f AND \$2 > $f AND kind <> 2")
	  : "PREPARE dr($t1, $t2) AS SELECT " . select_list('', $f) . " FROM $t WHERE " . conjunction($f)
	  . " AND \$1 IS NOT NULL AND \$2 IS NOT NULL";
	my @exec = map {
		my ($a, $b) = sort { $a cmp $b } (instant(), instant());
		'EXECUTE dr(' . param_value($t1, $a) . ', ' . param_value($t2, $b) . ')'
	} 1 .. 2;
	return { kind => 'script', sql => [ $prep, '\echo @@owner', $exec[0], 'SET ROLE diff_reader', '\echo @@reader',
			$exec[0], '\echo @@reader', $exec[1], 'RESET ROLE', 'DEALLOCATE dr' ] };
};
# A bound, NULL or at or past a type's limits half the time, reaching the
# plan in each way a bound can: a constant, a sub-select, a stable
# expression, a WITH query, an inlined SQL function's argument, or a
# prepared statement's parameter (custom or generic as the configuration
# says), in each statement: SELECT, DELETE, UPDATE, MERGE, INSERT ... SELECT,
# a cursor.  DML is compared by the rows it changes and what the table
# holds after it (case_script).
sub edge_instant
{
	return 'NULL' if rand() < 0.25;
	return rand() < 0.5
	  ? pick('4714-11-24 00:00:00 BC', '294276-12-31 23:59:59.999999', '294276-12-31 23:00',
		'294277-01-01', '5874897-12-31', 'infinity', '-infinity', '1969-12-31 23:59:59.999',
		'10889-08-02 05:31:50.656', '3014-12-13 12:41:28.832', '1699-12-31 23:59:59.999')
	  : instant();
}

# the bound as it reaches the plan, and a WITH clause it needs
sub bound_reaching
{
	my ($way, $lit) = @_;
	return (typed($lit) =~ s/^NULL$/NULL::timestamptz/r, '') if $way eq 'const';
	my $v = typed($lit eq 'NULL' ? 'NULL::timestamptz' : $lit);
	return (pick("(SELECT $v)", "(SELECT v FROM (VALUES ($v)) s(v))"), '') if $way eq 'subselect';
	return ("(CASE WHEN statement_timestamp() IS NOT NULL THEN $v END)", '') if $way eq 'stable';
	return ('(SELECT v FROM b)', 'WITH b AS ' . pick('', 'MATERIALIZED ') . "(SELECT $v AS v) ") if $way eq 'cte';
	die "way $way";
}

$gen{bound} = sub {
	my $stmt = pick(qw(select select delete update merge insert cursor));
	my $t = $stmt eq 'merge' ? pick(@merge_targets) : pick(@tables);
	my $a = $stmt eq 'merge' ? 't' : '';
	my $f = time_fn($t, $a ? "$a.id" : 'id');
	my $way = pick(qw(const subselect stable cte function param));
	my $op = pick('<', '<=', '=', '>=', '>', 'BETWEEN');
	my ($type) = param_type();
	my @vals = map { edge_instant() } 1 .. 3;
	my ($w, $with);
	my $n = $op eq 'BETWEEN' ? 2 : 1;
	if ($way eq 'param')
	{
		$w = $op eq 'BETWEEN' ? "$f BETWEEN \$1 AND \$2" : "$f $op \$1";
	}
	else
	{
		my $fw = $way eq 'function' ? 'const' : $way;
		my ($b1, $w1) = bound_reaching($fw, literal($vals[0]));
		my ($b2) = bound_reaching($fw eq 'cte' ? 'const' : $fw, literal($vals[1]));
		$with = $w1;
		if ($way eq 'function')
		{
			my %name = ('<' => 'lt', '<=' => 'le', '=' => 'eq', '>=' => 'ge', '>' => 'gt');
			$w = $op eq 'BETWEEN' ? "diff_ge($f, $b1) AND diff_le($f, $b2)" : "diff_$name{$op}($f, $b1)";
		}
		else
		{
			$w = $op eq 'BETWEEN' ? "$f BETWEEN $b1 AND $b2" : "$f $op $b1";
		}
	}
	$w .= ' AND ' . extra($a) if rand() < 0.3;
	my $from = $a ? "$t $a" : $t;
	my ($sql, $kind, $remains) = ('', 'select', $t);
	if ($stmt eq 'select' || $stmt eq 'cursor') { $sql = 'SELECT ' . select_list('', $f) . " FROM $t WHERE $w"; }
	elsif ($stmt eq 'delete') { $sql = "DELETE FROM $t WHERE $w"; }
	elsif ($stmt eq 'update') { $sql = "UPDATE $t SET status = 'touched', kind = kind + 10 WHERE $w"; }
	elsif ($stmt eq 'merge')
	{
		$sql = "MERGE INTO $t t USING diff_kinds k ON t.kind = k.kind AND $w WHEN MATCHED AND k.kind < 2 THEN DELETE "
		  . "WHEN MATCHED THEN UPDATE SET status = 'merged'";
	}
	else
	{
		$sql = "INSERT INTO diff_sink SELECT id::text, kind FROM $t WHERE $w";
		$remains = 'diff_sink';
	}
	$kind = 'dml' unless $stmt eq 'select' || $stmt eq 'cursor';
	$sql = ($with // '') . $sql;
	if ($way eq 'param')
	{
		my $types = join(', ', ($type) x $n);
		my @script = ("PREPARE db($types) AS $sql");
		for my $v (@vals)
		{
			my $args = join(', ', map { param_value($type, $_ == 0 ? $v : edge_instant()) } 0 .. $n - 1);
			# (a cursor cannot be declared for EXECUTE: the statement runs as it is)
			push @script, $kind eq 'dml' ? dml_statements("EXECUTE db($args)", $remains)
			  : ('\echo @@exec', "EXECUTE db($args)");
		}
		return { kind => 'script', sql => [ @script, 'DEALLOCATE db' ] };
	}
	return { kind => 'script', sql => [ 'BEGIN', 'DECLARE dc ' . pick('', 'SCROLL ') . "CURSOR FOR $sql",
			'FETCH ALL dc', 'CLOSE dc', 'COMMIT' ] } if $stmt eq 'cursor';
	return { kind => $kind, sql => $sql, remains => $remains };
};
my @families = qw(cmp between param volatile valid rowcmp sqlfunc view subquery join update delete merge cursor role bound);
my @rotation = (@families, 'bound', 'bound');

# The issue's own forms first, as they were reported.
my @cases = map { { family => 'issue', %$_ } } (
	{ kind => 'select', sql => "SELECT count(*) FROM clicks WHERE $between" },
	{ kind => 'dml', sql => "DELETE FROM clicks WHERE $between" },
	{ kind => 'select', sql => q{SELECT id::text FROM p_iuid WHERE '2026-01-01 02:00+00' BETWEEN iuid_timestamp(id) AND valid_until} },
	{ kind => 'select', sql => q{SELECT id::text FROM t_iuid WHERE '2026-01-01 02:00+00' BETWEEN iuid_timestamp(id) AND valid_until} },
	{ kind => 'select', sql => q{SELECT id::text FROM p_iuid WHERE (iuid_timestamp(id), kind) = ('2026-01-01 00:00:01+00', 3)} },
	# row 1 is at 00:41:00.001 with kind 1
	{ kind => 'select', sql => q{SELECT id::text FROM t_iuid WHERE (iuid_timestamp(id), kind) = ('2026-01-01 00:41:00.001+00', 3)} },
	{ kind => 'select', sql => q{SELECT id::text FROM p_comb WHERE (comb_timestamp(id), kind) = ('2026-01-01 00:41:00.001+00', 3)} },
	# `>=` at offset 80, where is_active_at_80's `=` is
	{ kind => 'select', aligned => 1, sql => 'SELECT id::text FROM t_iuid WHERE' . (' ' x 28)
		  . q{iuid_timestamp(id) >= '2026-03-20' AND is_active_at_80(status)} },
	{ kind => 'script', sql => [ q{PREPARE dp(timestamp, timestamp) AS SELECT count(*) FROM clicks WHERE iuid_timestamp(id) BETWEEN $1 AND $2},
		(map { ('\echo @@exec', q{EXECUTE dp('2026-03-24 00:00', '2026-03-24 00:00')}) } 1 .. 6), 'DEALLOCATE dp' ], },
	{ kind => 'script', sql => [ q{PREPARE dp(timestamptz, timestamp) AS SELECT id::text FROM p_distid WHERE distid_timestamp(id) BETWEEN $1 AND $2},
		(map { ('\echo @@exec', q{EXECUTE dp('2026-02-01 00:00+00', '2026-02-01 12:00')}) } 1 .. 6), 'DEALLOCATE dp' ], },
	{ kind => 'select', sql => "SELECT count(*) FROM clicks WHERE iuid_timestamp(id) BETWEEN '2026-03-24 00:00+00' AND "
		  . ($clock_after_rows ? 'current_date' : "current_date - (current_date - date '2026-03-25')") },
	{ kind => 'select', sql => "SELECT count(*) FROM clicks WHERE iuid_timestamp(id) BETWEEN '2026-03-24 00:00+00' AND "
		  . ($clock_after_rows ? 'localtimestamp' : "localtimestamp - (localtimestamp - timestamp '2026-03-25')") },
	{ kind => 'select', sql => q{SELECT count(*) FROM clicks WHERE iuid_timestamp(id) BETWEEN '2026-03-24 00:00+00' AND (SELECT at FROM diff_marks WHERE name = 'm3')} },
	{ kind => 'dml', sql => q{MERGE INTO p_iuid t USING diff_kinds k ON t.kind = k.kind AND iuid_timestamp(t.id) BETWEEN '2026-02-01 00:00+00' AND '2026-02-10'::date WHEN MATCHED THEN UPDATE SET status = k.label} },
	{ kind => 'dml', sql => q{MERGE INTO clicks t USING (VALUES ('c')) s(kind) ON t.kind = s.kind AND iuid_timestamp(t.id) BETWEEN '2026-03-24 00:00+00' AND '2026-03-24'::date WHEN MATCHED THEN UPDATE SET kind = 'm'} },
	{ kind => 'script', sql => [ q{PREPARE dr(timestamp, timestamp) AS SELECT count(*) FROM clicks WHERE iuid_timestamp(id) BETWEEN $1 AND $2},
		'\echo @@owner', q{EXECUTE dr('2026-03-01', '2026-03-24')}, 'SET ROLE diff_reader', '\echo @@reader',
		q{EXECUTE dr('2026-03-01', '2026-03-24')}, 'RESET ROLE', 'DEALLOCATE dr' ] },
	{ kind => 'select', sql => q{SELECT count(*) FROM v_p_iuid WHERE iuid_timestamp(id) >= '2026-02-10' AND iuid_timestamp(id) < '2026-02-11'} },
	{ kind => 'select', sql => q{SELECT count(*) FROM (SELECT * FROM p_uuid WHERE kind <> 9) s WHERE iuid_timestamp(s.id) BETWEEN '2026-02-10 00:00+00' AND '2026-02-11'::date} },
	# bounds the remote server must read back (docs/regions.md's router), and
	# instants whose coercion to timestamptz overflows
	{ kind => 'select', sql => q{SELECT count(*) FROM f_iuid WHERE iuid_timestamp(id) <= '2026-02-16'} },
	{ kind => 'select', sql => q{SELECT count(*) FROM f_distid WHERE distid_timestamp(id) <= '3020-01-01'} },
	{ kind => 'select', sql => q{SELECT count(*) FROM p_iuid WHERE iuid_timestamp(id) < date '300000-01-01'} },
	{ kind => 'select', tz => 'America/St_Johns', sql => q{SELECT count(*) FROM p_iuid WHERE iuid_timestamp(id) < timestamp '294276-12-31 23:00'} },
	{ kind => 'dml', tz => 'America/St_Johns', sql => q{DELETE FROM s_comb WHERE comb_timestamp(id) > date '300000-01-01' OR kind = 1} },
	# a NULL date or timestamp bound that is not a constant: no row
	{ kind => 'dml', remains => 'p_iuid', sql => q{DELETE FROM p_iuid WHERE iuid_timestamp(id) > (SELECT NULL::date)} },
	{ kind => 'dml', remains => 't_comb', sql => q{DELETE FROM t_comb WHERE comb_timestamp(id) >= nullif(localtimestamp, localtimestamp)} },
	{ kind => 'script', sql => [ q{PREPARE dn(timestamp) AS DELETE FROM s_distid WHERE distid_timestamp(id) >= $1},
		dml_statements('EXECUTE dn(NULL)', 's_distid'), dml_statements(q{EXECUTE dn('2026-03-01')}, 's_distid'),
		'DEALLOCATE dn' ] },
	# a cast to timestamptz that fails past its range, in a clause no row reaches
	# (a custom plan folds the cast, and fails, in every configuration; on the
	# reference table PostgreSQL's own index scan evaluates the cast as the
	# scan starts, and fails: that configuration does not run it)
	{ kind => 'script', not_in => ['plain_table'], tz => 'America/St_Johns', sql => [ 'BEGIN', 'SET LOCAL plan_cache_mode = force_generic_plan',
		q{PREPARE dc(timestamptz, date) AS SELECT count(*) FROM p_iuid WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz},
		'\echo @@exec', q{EXECUTE dc('294276-12-31 23:59:59+00', '294277-01-01')}, 'DEALLOCATE dc', 'COMMIT' ] },
	# the same casts with a precision, or as a call of the cast's function
	{ kind => 'script', not_in => ['plain_table'], tz => 'America/St_Johns', sql => [ 'BEGIN', 'SET LOCAL plan_cache_mode = force_generic_plan',
		map({ ("PREPARE dc$_->[0](timestamptz, $_->[1]) AS SELECT count(*) FROM p_iuid WHERE iuid_timestamp(id) >= \$1 AND iuid_timestamp(id) < $_->[2]",
			'\echo @@exec', "EXECUTE dc$_->[0]('294276-12-31 23:59:59+00', '$_->[3]')", "DEALLOCATE dc$_->[0]") }
			[ 1, 'date', '$2::timestamptz(3)', '294277-01-01' ], [ 2, 'date', 'timestamptz($2)', '294277-01-01' ],
			[ 3, 'date', '$2::timestamp(0)', '294277-01-01' ], [ 4, 'timestamp', '$2::timestamptz(0)', '294276-12-31 23:30' ]),
		'COMMIT' ] },
);
my $nfixed = @cases;
for my $i (0 .. $nqueries - 1)
{
	# the bound family three times as often: it holds every way and statement
	my $family = $rotation[ $i % @rotation ];
	# naive timestamps and dates are read in the session's time zone
	my $tz = pick('UTC', 'UTC', 'UTC', 'UTC', 'UTC', 'Asia/Kolkata', 'Asia/Kolkata', 'America/Sao_Paulo',
		'Pacific/Kiritimati', 'Etc/GMT+12', 'America/St_Johns', 'America/St_Johns');
	push @cases, { family => $family, tz => $tz, %{ $gen{$family}->() } };
}

# ---------------------------------------------------------------- the configurations

my $parallel = $server_version >= 160000 ? 'debug_parallel_query' : 'force_parallel_mode';
my $rewrite = ($ENV{UIDX_DIFF_REWRITE} // 'on') eq 'off' ? 'SET uidx.time_filter_rewrite = off;' : '';
note 'UIDX_DIFF_REWRITE=off: every configuration runs with the rewrite off' if $rewrite;
# The same query on the reference tables r_, where the time is a plain
# timestamptz column: f(alias.id) becomes alias.at_f, every table its r_.
sub to_plain
{
	my ($sql) = @_;
	$sql =~ s/\b(v_)?[ptsf]_(iuid|comb|distid|uuid)\b/($1 \/\/ '') . "r_$2"/ge;
	$sql =~ s/\bclicks\b/r_clicks/g;
	# subqueries show the time columns too
	$sql =~ s/SELECT id, kind, valid_until, status FROM r_/SELECT * FROM r_/g;
	$sql =~ s/\b(iuid|comb_prefix|comb|distid128|distid)_timestamp\((\w+\.)?id(?:::uuid)?\)/($2 \/\/ '') . "at_$1"/ge;
	return $sql;
}

my @configs = (
	[ reference => 'SET uidx.time_filter_rewrite = off;' ],
	[ plain_table => '', undef, \&to_plain ],
	[ default => '' ],
	[ seqscan_off => 'SET enable_seqscan = off;' ],
	[ indexscan_off => 'SET enable_indexscan = off;' ],
	[ bitmapscan_off => 'SET enable_bitmapscan = off;' ],
	[ index_only => 'SET enable_seqscan = off; SET enable_bitmapscan = off;' ],
	[ generic_plan => 'SET plan_cache_mode = force_generic_plan;', 'prepare' ],
	[ custom_plan => 'SET plan_cache_mode = force_custom_plan;', 'prepare' ],
	[ parallel => "SET $parallel = on; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;"
		  . ' SET min_parallel_table_scan_size = 0; SET min_parallel_index_scan_size = 0;' ],
);

# Which configurations run each case: every one for the fixed cases and (by
# default) for the generated ones; with UIDX_DIFF_SAMPLE=N a generated
# query runs with the rewrite off, on the reference table, in the default
# configuration and in N of the others, picked after the queries are
# generated (so a seed gives the same queries whatever N is).
my @always = qw(reference plain_table default);
my @sampled = grep { my $n = $_; !grep { $_ eq $n } @always } map { $_->[0] } @configs;
my $sample = $ENV{UIDX_DIFF_SAMPLE} // scalar(@sampled);
die "UIDX_DIFF_SAMPLE must be 0 to " . scalar(@sampled) . "\n" unless $sample =~ /^\d+$/ && $sample <= @sampled;
for my $i (0 .. $#cases)
{
	my @mine = @sampled;
	if ($i >= $nfixed)
	{
		for my $k (reverse 1 .. $#mine)
		{
			my $j = int(rand($k + 1));
			@mine[ $k, $j ] = @mine[ $j, $k ];
		}
		splice @mine, $sample;
	}
	$cases[$i]{configs} = { map { $_ => 1 } @always, @mine };
	delete $cases[$i]{configs}{$_} for @{ $cases[$i]{not_in} // [] };
}
note "each generated query runs in @{[ scalar(@always) + $sample ]} of @{[ scalar(@configs) ]} configurations (UIDX_DIFF_SAMPLE=$sample), $jobs at once (UIDX_DIFF_JOBS)";

# One statement, then its SQLSTATE if it failed.
sub statement
{
	my ($sql) = @_;
	return "$sql\n" if $sql =~ /^\\/;
	return "$sql;\n\\if :ERROR\n\\echo \@\@error :SQLSTATE\n\\endif\n";
}

# What a table holds: its rows' count and digest (diff_sink: what INSERT ... SELECT wrote)
sub remains_query
{
	my ($table) = @_;
	my $row = $table eq 'diff_sink' ? "id || ':' || kind" : "id::text || ':' || kind || ':' || coalesce(status, '-')";
	return "SELECT count(*), md5(coalesce(string_agg($row, ',' ORDER BY $row), '')) FROM $table";
}

# A DML statement in a transaction rolled back: the rows it changes, what remains
sub dml_statements
{
	my ($sql, $remains) = @_;
	return ('BEGIN', $sql, '\echo @@rows :ROW_COUNT', '\echo @@remains', remains_query($remains), 'ROLLBACK');
}

sub case_script
{
	my ($case, $prepare, $transform) = @_;
	my $sql = $case->{sql};
	$sql = ref $sql ? [ map { $transform->($_) } @$sql ] : $transform->($sql) if $transform;
	my $tz = "SET TimeZone = '" . ($case->{tz} // 'UTC') . "';\n";
	return $tz . join('', map { statement($_) } @$sql) if $case->{kind} eq 'script';
	my @run;
	if ($prepare)
	{
		# keep the aligned comparison aligned: PREPARE dq AS is 14 characters
		$sql =~ s/WHERE {15}/WHERE / if $case->{aligned};
		@run = ("PREPARE dq AS $sql", 'EXECUTE dq', 'DEALLOCATE dq');
	}
	else
	{
		@run = ($sql);
	}
	return $tz . join('', map { statement($_) } @run) if $case->{kind} eq 'select';
	# DML: the affected rows (and RETURNING rows) and what the table holds
	# then, rolled back
	my $remains = $case->{remains};
	$remains = $transform->($remains) if $remains && $transform;
	splice @run, $prepare ? 2 : 1, 0, '\echo @@rows :ROW_COUNT', $remains ? ('\echo @@remains', remains_query($remains)) : ();
	return $tz . join('', map { statement($_) } 'BEGIN', @run, 'ROLLBACK');
}

my $dir = PostgreSQL::Test::Utils::tempdir;

# Each configuration's output is read as it comes, case by case: the lines
# after a case's marker, each run of rows between two @@ lines sorted.  Only
# the reference's cases are kept (in a file); the others are compared with
# them as they arrive.
sub sorted_block
{
	my ($lines) = @_;
	my (@sorted, @run);
	for my $line (@$lines, '@@end')
	{
		if ($line =~ /^\@\@/)
		{
			push @sorted, sort(@run), $line;
			@run = ();
		}
		else { push @run, $line; }
	}
	return \@sorted;
}

# Starts one configuration's psql on the cases it runs; returns its harness
# and what to call once it has ended.  Its output is read as it comes
# (pump), so several configurations run at once (UIDX_DIFF_JOBS).
sub start_config
{
	my ($slot, $name, $settings, $prepare, $on_case, $transform, $part) = @_;
	my ($sdb, $sremote) = @{ $slot_db[$slot] };
	my $head = "SET TimeZone = 'UTC';\nSET statement_timeout = '300s';\n$settings\n";
	my $script = $head;
	# $part: this session runs every $jobs-th run of 5 cases from the
	# $part-th (runs, so that each part gets every form)
	my @mine = grep { $cases[$_]{configs}{$name} && (!defined $part || int($_ / 5) % $jobs == $part) } 0 .. $#cases;
	$name .= ".$part" if defined $part;
	for my $k (0 .. $#mine)
	{
		# what DML rolled back leaves behind is vacuumed away every 500 cases,
		# here and on the foreign tables' server, so that no case runs slower
		# than the first (autovacuum is off: it would change plans at random)
		$script .= "VACUUM;\n\\connect $sremote\nVACUUM;\n\\connect $sdb\n$head" if $k && $k % 500 == 0;
		$script .= "\\echo \@\@case $mine[$k]\n" . case_script($cases[ $mine[$k] ], $prepare, $transform);
	}
	my $file = "$dir/$name.sql";
	open my $fh, '>', $file or die "$file: $!";
	print $fh $script;
	close $fh;
	my $keep = $ENV{UIDX_DIFF_KEEP} ? "$ENV{UIDX_DIFF_KEEP}/$name" : undef;
	PostgreSQL::Test::Utils::append_to_file("$keep.sql", $script) if $keep;
	my ($buf, $stderr, $cur, @lines) = ('', '');
	my $finish = sub {
		return unless defined $cur;
		my $block = sorted_block(\@lines);
		PostgreSQL::Test::Utils::append_to_file("$keep.out", join("\n", "\@\@case $cur", @$block, '')) if $keep;
		$on_case->($cur, $block);
		@lines = ();
	};
	my $sink = sub {
		my @parts = split /\n/, $buf . $_[0], -1;
		$buf = pop @parts;
		for my $line (@parts)
		{
			if ($line =~ /^\@\@case (\d+)$/)
			{
				$finish->();
				$cur = $1;
				next;
			}
			die "output before the first case: $line" unless defined $cur;
			push @lines, $line;
		}
	};
	my $t0 = Time::HiRes::time();
	my $h = IPC::Run::start [ 'psql', '-X', '-qAt', '-v', 'ON_ERROR_STOP=0', '-d', $node->connstr($sdb), '-f', $file ],
	  '<', \'', '>', $sink, '2>', \$stderr;
	return { harness => $h, cases => \@mine, done => sub {
		$h->finish or BAIL_OUT("psql for $name failed: $stderr");
		$sink->("\n") if $buf ne '';
		$finish->();
		PostgreSQL::Test::Utils::append_to_file("$keep.err", $stderr) if $keep;
		note sprintf('configuration %s: %d cases in %.1f s', $name, scalar(@mine), Time::HiRes::time() - $t0);
	} };
}

# Runs configurations, at most $jobs at once; each one's `after` once it has ended.
sub run_configs
{
	my @queue = @_;
	my @running;
	while (@queue || @running)
	{
		while (@queue && @running < $jobs)
		{
			my %busy = map { $_->{slot} => 1 } @running;
			my ($slot) = grep { !$busy{$_} } 0 .. $jobs - 1;
			push @running, shift(@queue)->($slot);
			$running[-1]{slot} = $slot;
		}
		my @still;
		for my $r (@running)
		{
			$r->{harness}->pump_nb if $r->{harness}->pumpable;
			if ($r->{harness}->pumpable) { push @still, $r; }
			else { $r->{done}->(); $r->{after}->() if $r->{after}; }
		}
		@running = @still;
		Time::HiRes::sleep(0.002) if @running;
	}
}


sub digest { return Digest::MD5::md5_hex(join("\n", @{ $_[0] })); }

my $started = Time::HiRes::time();
my (%fam_cases, %fam_bad, %fam_exec_bad, %conf_bad, %bad_case, %example_of, @examples);
my (%shape_cases, %shape_bad, %error_only_on);
$fam_cases{ $_->{family} }++ for @cases;

# the shapes of the tables a case reads or writes
sub shapes_of
{
	my ($case) = @_;
	my $text = ref $case->{sql} ? join(' ', @{ $case->{sql} }) : $case->{sql};
	my %s;
	$s{ $shape_name{$1} } = 1 while $text =~ /\b(?:v_)?([ptsf])_(?:iuid|comb|distid|uuid)\b/g;
	$s{partitioned} = 1 if $text =~ /\bclicks\b/;
	return sort keys %s;
}
$_->{shapes} = [ shapes_of($_) ] for @cases;
for my $case (@cases) { $shape_cases{$_}++ for @{ $case->{shapes} }; }

# the reference: every case's digest and rows, its lines kept in a file
my (@ref_digest, @ref_offset);
my ($ref_nonempty, $ref_errors, $executions) = (0, 0, 0);
open my $ref_fh, '+>', "$dir/reference.cases" or die "reference.cases: $!";
my $on_reference = sub {
	my ($i, $block) = @_;
	$ref_digest[$i] = digest($block);
	$ref_offset[$i] = tell($ref_fh);
	print $ref_fh join("\n", @$block), "\n\@\@\@\n";
	$ref_nonempty++ if grep { !/^\@\@/ && $_ ne '0' && $_ ne '0|' } @$block;
	if (grep { /^\@\@error/ } @$block)
	{
		diag("case $i ($cases[$i]{family}) fails with the rewrite off: " . case_text($cases[$i])) if $ref_errors < 5;
		$ref_errors++;
	}
};
# the reference first, in $jobs sessions at once, each a share of the cases
run_configs(map { my $part = $_; sub { start_config($_[0], @{ $configs[0] }[ 0 .. 2 ], $on_reference, undef, $part) } } 0 .. $jobs - 1);
is(scalar(grep { defined } @ref_digest), scalar(@cases), 'the reference ran every case');

sub ref_block
{
	my ($i) = @_;
	seek($ref_fh, $ref_offset[$i], 0) or die "seek: $!";
	my @block;
	while (my $line = <$ref_fh>)
	{
		chomp $line;
		last if $line eq '@@@';
		push @block, $line;
	}
	seek($ref_fh, 0, 2);
	return \@block;
}

# the first wrong execution of each form is shown
my @starts;
for my $c (@configs[ 1 .. $#configs ])
{
	my $name = $c->[0];
	my %seen;
	my $wrong = sub {
		my ($i, $block) = @_;
		my $fam = $cases[$i]{family};
		my $ref = ref_block($i);
		$conf_bad{$name}++;
		$fam_exec_bad{$fam}++;
		# an error the reference does not have: the rewrite added it
		$error_only_on{$i}++ if grep({ /^\@\@error/ } @$block) > grep({ /^\@\@error/ } @$ref);
		unless ($bad_case{$i}++)
		{
			$fam_bad{$fam}++;
			$shape_bad{$_}++ for @{ $cases[$i]{shapes} };
		}
		return if $example_of{$fam}++;
		push @examples, sprintf("case %d (%s), %s: %d rows with the rewrite off, %d on; first difference: off [%s], on [%s]\n  %s",
			$i, $fam, $name, scalar(grep { !/^\@\@/ } @$ref), scalar(grep { !/^\@\@/ } @$block),
			first_diff($ref, $block), case_text($cases[$i]));
	};
	push @starts, sub {
		my $r = start_config($_[0], $name, "$rewrite$c->[1]", $c->[2], sub {
			my ($i, $block) = @_;
			$seen{$i} = 1;
			$executions++;
			$wrong->($i, $block) if digest($block) ne $ref_digest[$i];
		}, $c->[3]);
		$r->{after} = sub { $wrong->($_, ['@@missing']) for grep { !$seen{$_} } @{ $r->{cases} }; };
		return $r;
	};
}
run_configs(@starts);

sub first_diff
{
	my ($a, $b) = @_;
	for my $k (0 .. max($#$a, $#$b))
	{
		my ($x, $y) = ($a->[$k] // '(none)', $b->[$k] // '(none)');
		return ($x, $y) if $x ne $y;
	}
	return ('', '');
}

sub case_text
{
	my ($case) = @_;
	my $t = ref $case->{sql} ? join('; ', @{ $case->{sql} }) : $case->{sql};
	$t =~ s/ {2,}/ /g;
	return length($t) > 500 ? substr($t, 0, 500) . '...' : $t;
}

for my $c (@configs[ 1 .. $#configs ])
{
	my $name = $c->[0];
	ok(!$conf_bad{$name}, "configuration $name: every case returns the rows it returns with the rewrite off")
	  or diag("configuration $name: $conf_bad{$name} of " . scalar(@cases) . ' cases differ');
}
for my $fam ('issue', @families)
{
	ok(!$fam_bad{$fam}, "form $fam: the same rows with the rewrite on and off in every configuration")
	  or diag(sprintf('form %s: %d of %d queries wrong, %d executions', $fam, $fam_bad{$fam}, $fam_cases{$fam},
			$fam_exec_bad{$fam}));
}
for my $shape (sort values %shape_name)
{
	ok($shape_cases{$shape}, "shape $shape: " . ($shape_cases{$shape} // 0) . ' queries, '
		  . ($shape_bad{$shape} // 0) . ' wrong');
	ok(!$shape_bad{$shape}, "shape $shape: the same rows with the rewrite on and off");
}
is(scalar(keys %error_only_on), 0, 'no query fails only with the rewrite on')
  or diag('queries that fail only with the rewrite on: ' . join(', ', sort { $a <=> $b } keys %error_only_on));
diag($_) for @examples;

# the fixture must give the filters something to find
cmp_ok($ref_nonempty, '>=', 0.4 * @cases, "most reference results hold rows ($ref_nonempty of " . scalar(@cases) . ')');
is($ref_errors, 0, 'no case fails with the rewrite off');

my $bad = scalar(keys %bad_case);
my $bad_exec = 0;
$bad_exec += $_ for values %conf_bad;
my $msg = sprintf('%d queries (%d fixed, %d generated, seed %d) in %d configurations: %d executions compared '
	  . 'with the rewrite off, %d wrong (%d queries), in %.0f s',
	scalar(@cases), $nfixed, $nqueries, $seed, scalar(@configs), $executions, $bad_exec, $bad,
	Time::HiRes::time() - $started);
$bad ? diag("$msg; UIDX_DIFF_SEED=$seed UIDX_DIFF_QUERIES=$nqueries replays them") : note($msg);
note(join(', ', map { "$_ " . ($fam_bad{$_} // 0) . '/' . $fam_cases{$_} } 'issue', @families));
note('by shape (wrong/queries): ' . join(', ', map { "$_ " . ($shape_bad{$_} // 0) . '/' . ($shape_cases{$_} // 0) }
	  sort values %shape_name) . sprintf('; %d queries wrong, %d of them errors only with the rewrite', $bad,
	  scalar(keys %error_only_on)));

$node->stop;
done_testing();
