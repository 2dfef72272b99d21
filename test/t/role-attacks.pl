# The roles that share a database attack every uidx mechanism that runs
# without its victim calling uidx (docs/security.md): the database owner
# (dbo, who owns public through pg_database_owner), a schema owner (sco), a
# role with CREATE on public (creator) and an ordinary role with CONNECT and
# TEMP only (plain).  The victim is a superuser.  In both editions where the
# mechanism exists:
#  1. uidx_sql's install check: a setting the attacker can give the
#     installer's session (ALTER DATABASE ... SET, ALTER ROLE ... SET,
#     PGOPTIONS) does not switch it off; only a SET in the installing session
#     (what pg_dump and pg_restore run) lets a restore of the extension
#     through, and nothing lets the psql script through (nor a schema whose
#     owner other roles may act as);
#  2. event triggers: the owner of the extension's schema renames it and
#     plants a registry look-alike that runs their code; no DROP of any role
#     fails, and nothing of theirs runs in a superuser's DROP;
#  3. the region registry's repair, after DROP SERVER ... CASCADE, never
#     adopts another role's partition of the country;
#  4. locks: a lock that the role may take (the registry's advisory key, a
#     read of the registry held open) does not stall uidx_region_check(true),
#     uidx_attach_local_region or DROP SERVER; the wait for a writer's lock
#     follows lock_timeout and ends in 55P03 naming the registry.
# Every attack has its own test name, "<attack>: <role>: ...".
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;

my $top = $ENV{UIDX_TOP} or BAIL_OUT('UIDX_TOP is not set (run by test/scripts/tap.sh)');
my ($version) = slurp_file("$top/uidx.control") =~ /^default_version\s*=\s*'([^']+)'/m
  or BAIL_OUT('no default_version in uidx.control');
my $dist = PostgreSQL::Test::Utils::tempdir;
system_or_bail('bash', "$top/src/sql/managed/build.sh", $dist, $version);

my $node = PostgreSQL::Test::Cluster->new('attacks');
$node->init;
$node->append_conf('postgresql.conf', "autovacuum = off\n");
$node->start;

my @roles = qw(dbo sco creator plain);
$node->safe_psql('postgres', join ";\n", (map { "CREATE ROLE $_ LOGIN" } @roles),
	'CREATE DATABASE owned OWNER dbo', 'CREATE DATABASE renamed OWNER dbo', 'CREATE DATABASE scodb');

# as the superuser, with pg_catalog alone on the path
my $su = sub { my ($db, $q) = @_; return $node->safe_psql($db, "SET search_path = pg_catalog, pg_temp;\n$q") };
my $as = sub { my ($role, $db, $q) = @_; return $node->safe_psql($db, $q, extra_params => [ '-U', $role ]) };
# [exit code, stderr] of a statement expected to fail
my $try = sub {
	my ($role, $db, $q) = @_;
	my ($ret, $out, $err) = $node->psql($db, $q, extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose' ]);
	return ($ret, $err // '');
};
my $super = $node->safe_psql('postgres', 'SELECT current_user');
my $is_super = sub { $su->('postgres', "SELECT rolsuper FROM pg_roles WHERE rolname = '$_[0]'") };

# Every planted function records its runs here (a rollback does not undo a
# sequence) and makes its caller's... owner a superuser when it can.
my $plant_evil = sub {
	my ($role, $db, $schema) = @_;
	$as->($role, $db, qq{
CREATE SEQUENCE $schema.evil_runs;
GRANT USAGE ON SEQUENCE $schema.evil_runs TO PUBLIC;
CREATE FUNCTION $schema.evil() RETURNS oid LANGUAGE plpgsql AS \$\$
BEGIN
  PERFORM pg_catalog.nextval('$schema.evil_runs');
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) current_user) THEN
    EXECUTE 'ALTER ROLE $role SUPERUSER';
  END IF;
  RETURN 0;
END \$\$;
});
};
my $evil_runs = sub {
	my ($db, $schema) = @_;
	return $su->($db, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM $schema.evil_runs");
};

$su->('owned', q{
CREATE EXTENSION uidx SCHEMA public;
CREATE EXTENSION postgres_fdw SCHEMA public;
CREATE SCHEMA sco_s AUTHORIZATION sco;
CREATE SCHEMA shared;
GRANT CREATE ON SCHEMA shared TO creator;
GRANT CREATE ON SCHEMA public TO creator;
});
$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'owned', '-v', 'schema=uidx_sql',
		'-f', "$dist/uidx_sql.psql.sql" ], 'uidx_sql installed with psql into a schema of the superuser');
$su->('owned', 'GRANT USAGE ON SCHEMA uidx_sql TO PUBLIC');

# ---------------------------------------------------------------------------
# 1. uidx_sql's install check
# ---------------------------------------------------------------------------
my $install = sub {    # into schema, with extra environment: [exit, stderr]
	my ($schema, %env) = @_;
	local @ENV{ keys %env } = values %env;
	my ($ret, $out, $err) = $node->psql('owned', "\\i $dist/uidx_sql.psql.sql",
		extra_params => [ '-v', 'ON_ERROR_STOP=1', '-v', "schema=$schema", '-v', 'VERBOSITY=verbose' ]);
	return ($ret, $err // '');
};
my $installed_in = sub { $su->('owned', "SELECT count(*) FROM pg_proc WHERE pronamespace = '$_[0]'::regnamespace") };

# dbo: a schema of its own, and the settings a database owner may give
# every session in its database
$as->('dbo', 'owned', 'CREATE SCHEMA dbo_app');
for my $setting ('ALTER DATABASE owned SET row_security = off', 'ALTER ROLE ALL IN DATABASE owned SET row_security = off') {
	my ($sr, $se) = $try->('dbo', 'owned', $setting);
	my ($ret, $err) = $install->('dbo_app');
	isnt($ret, 0, "install check: dbo: $setting does not let the install into its schema through") or diag($se);
	like($err, qr/ERROR:  42501: uidx_sql cannot be installed into schema dbo_app: it is owned by role dbo/, '... 42501, naming the owner');
	is($installed_in->('dbo_app'), '0', '... and nothing is created there');
	# the rest of the reproduction: replace a function, let the superuser call it
	if ($installed_in->('dbo_app') ne '0') {
		$as->('dbo', 'owned', q{DROP FUNCTION dbo_app.iuid_generate(integer, integer) CASCADE;
CREATE FUNCTION dbo_app.iuid_generate(integer, integer) RETURNS uuid LANGUAGE plpgsql AS $$
BEGIN EXECUTE 'ALTER ROLE dbo SUPERUSER'; RETURN NULL; END $$});
		$node->psql('owned', 'SELECT dbo_app.iuid_generate(7, 42)');
	}
	is($is_super->('dbo'), 'f', '... and dbo stays an ordinary role');
	$try->('dbo', 'owned', $setting =~ s/SET row_security = off/RESET row_security/r);
}

# sco and creator: a schema they own or may create in, and the client's
# environment (PGOPTIONS), which is no SET of the installing session
for my $case ([ 'sco', 'sco_s', qr/owned by role sco/ ], [ 'creator', 'shared', qr/other roles may create objects in it \(creator\)/ ]) {
	my ($role, $schema, $why) = @$case;
	my ($r1, $e1) = $try->($role, 'owned', 'ALTER DATABASE owned SET row_security = off');
	like($e1, qr/42501/, "install check: $role: ALTER DATABASE is refused");
	$as->($role, 'owned', "ALTER ROLE $role SET row_security = off");   # reaches only its own sessions
	my ($ret, $err) = $install->($schema, PGOPTIONS => '-c row_security=off');
	isnt($ret, 0, "install check: $role: PGOPTIONS=-c row_security=off does not let the install into $schema through");
	like($err, $why, '... 42501, saying why');
	is($installed_in->($schema), '0', '... and nothing is created there');
	$as->($role, 'owned', "ALTER ROLE $role RESET row_security");
}
{
	my ($ret, $err) = $try->('plain', 'owned', 'ALTER DATABASE owned SET row_security = off');
	like($err, qr/42501/, 'install check: plain: ALTER DATABASE is refused (no schema to offer, no setting of another session)');
}
# sco as the owner that the installing role belongs to: a CREATEROLE role is
# a member of the roles it creates (on 16 and later CREATE ROLE makes it
# one), and a group role may have other members.  Owning the schema through
# such a role is no ownership: sco could still replace what is installed.
$su->('owned', 'CREATE ROLE tenant_admin LOGIN CREATEROLE; GRANT sco TO tenant_admin;
                CREATE ROLE app_group NOLOGIN; GRANT app_group TO sco; GRANT app_group TO CURRENT_USER;
                CREATE SCHEMA group_s AUTHORIZATION app_group;
                GRANT CREATE ON DATABASE owned TO tenant_admin');
for my $case ([ 'tenant_admin', 'sco_s', 'sco', 'sco' ], [ $super, 'group_s', 'app_group', 'sco, tenant_admin' ]) {
	my ($installer, $schema, $owner, $actors) = @$case;
	my ($ret, $out, $err) = $node->psql('owned', "\\i $dist/uidx_sql.psql.sql",
		extra_params => [ '-U', $installer, '-v', 'ON_ERROR_STOP=1', '-v', "schema=$schema", '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, "install check: sco: $installer, a member of $owner, is refused the install into $schema of $owner");
	like($err, qr/ERROR:  42501: uidx_sql cannot be installed into schema $schema: other roles may act as its owner $owner \(\Q$actors\E\)/,
		'... 42501, naming the roles that may act as the owner');
	is($installed_in->($schema), '0', '... and nothing is created there');
}
{
	$as->('tenant_admin', 'owned', 'CREATE SCHEMA admin_own');
	my ($ret, $out, $err) = $node->psql('owned', "\\i $dist/uidx_sql.psql.sql",
		extra_params => [ '-U', 'tenant_admin', '-v', 'ON_ERROR_STOP=1', '-v', 'schema=admin_own' ]);
	is($ret, 0, 'install check: the CREATEROLE role installs into a schema of its own') or diag($err);
	$su->('owned', 'DROP SCHEMA admin_own CASCADE; DROP SCHEMA group_s; REVOKE CREATE ON DATABASE owned FROM tenant_admin;
	                REVOKE app_group FROM CURRENT_USER; DROP ROLE app_group');
}
# The SET that pg_dump and pg_restore run lets only a restore of the
# extension through (test/t/managed-pgtle.sh restores one): the psql script,
# which no restore runs, has no such path, for a SECURITY DEFINER function of
# dbo's that the installing session called before can make the same SET.
$as->('dbo', 'owned', q{CREATE FUNCTION public.dbo_harmless() RETURNS integer LANGUAGE sql SECURITY DEFINER
SET search_path = pg_catalog AS $$ SELECT 1 FROM pg_catalog.set_config('row_security', 'off', false) $$});
for my $first ('SET row_security = off', 'SELECT public.dbo_harmless()') {
	my ($ret, $out, $err) = $node->psql('owned', "$first;\n\\i $dist/uidx_sql.psql.sql",
		extra_params => [ '-v', 'ON_ERROR_STOP=1', '-v', 'schema=dbo_app', '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, "install check: dbo: after \"$first\" in the installing session, the psql install into dbo's schema is refused");
	like($err, qr/ERROR:  42501: uidx_sql cannot be installed into schema dbo_app: it is owned by role dbo/, '... 42501, naming the owner');
	is($installed_in->('dbo_app'), '0', '... and nothing is created there');
}
$su->('owned', 'DROP SCHEMA dbo_app CASCADE; DROP FUNCTION public.dbo_harmless()');

# ---------------------------------------------------------------------------
# 2. event triggers: the schema's owner renames it and plants look-alikes
# ---------------------------------------------------------------------------
$su->('renamed', 'CREATE EXTENSION uidx SCHEMA public; CREATE EXTENSION postgres_fdw SCHEMA public');
$su->('scodb', 'CREATE SCHEMA app AUTHORIZATION sco; GRANT CREATE ON DATABASE scodb TO sco;
                CREATE EXTENSION uidx SCHEMA app; CREATE EXTENSION postgres_fdw SCHEMA app');
my $drops_by_everyone = sub {    # each role drops a table of its own: [role, ok]
	my ($db, $label) = @_;
	for my $role ($super, @roles) {
		my ($ret, $err) = $try->($role, $db, 'CREATE TEMP TABLE dropped_by_me (id integer); DROP TABLE dropped_by_me;
		    CREATE TEMP TABLE dropped_too (id integer); DROP TABLE dropped_too CASCADE');
		is($ret, 0, "event triggers: $label: a DROP TABLE by $role succeeds") or diag($err);
	}
};
for my $case ([ 'dbo', 'renamed', 'public' ], [ 'sco', 'scodb', 'app' ]) {
	my ($role, $db, $schema) = @$case;
	$as->($role, $db, "ALTER SCHEMA $schema RENAME TO ${schema}_old; CREATE SCHEMA $schema; GRANT USAGE ON SCHEMA $schema TO PUBLIC");
	$drops_by_everyone->($db, "$role renamed $schema");
	$plant_evil->($role, $db, $schema);
	$as->($role, $db, qq{
CREATE VIEW $schema.luuid_group AS SELECT 0 AS group_id, 'x'::text AS group_name, $schema.evil()::regclass AS relation;
CREATE VIEW $schema.uidx_region AS SELECT 0::smallint AS country, NULL::name AS server, $schema.evil()::regclass AS part;
GRANT SELECT, UPDATE, DELETE ON $schema.luuid_group, $schema.uidx_region TO PUBLIC;
});
	$su->($db, "CREATE TABLE ${schema}_old.victim (id integer); CREATE SERVER victim_srv FOREIGN DATA WRAPPER postgres_fdw");
	my ($ret, $err) = $try->($super, $db, "DROP TABLE ${schema}_old.victim; ALTER SERVER victim_srv RENAME TO victim_srv2; DROP SERVER victim_srv2 CASCADE");
	is($ret, 0, "event triggers: $role: after renaming $schema and planting look-alikes, a superuser's DROP TABLE, ALTER SERVER and DROP SERVER succeed")
	  or diag($err);
	$drops_by_everyone->($db, "$role planted look-alikes");
	is($evil_runs->($db, $schema), '0', "event triggers: $role: ... and run nothing that $role planted");
	is($is_super->($role), 'f', "event triggers: $role: ... and $role stays an ordinary role");
}
# uidx_sql has no event trigger; its schema is its installer's, which no
# other role may rename
for my $role (@roles) {
	my ($r, $e) = $try->($role, 'owned', 'ALTER SCHEMA uidx_sql RENAME TO uidx_sql_old');
	like($e, qr/42501/, "event triggers: uidx_sql: $role: renaming uidx_sql's schema is refused");
}
# creator and plain cannot rename public, nor plant a registry beside uidx's
for my $role (qw(creator plain)) {
	my ($r1, $e1) = $try->($role, 'owned', 'ALTER SCHEMA public RENAME TO public_old');
	like($e1, qr/42501/, "event triggers: $role: renaming public is refused");
	my ($r2, $e2) = $try->($role, 'owned', 'CREATE VIEW public.luuid_group AS SELECT 1 AS relation');
	like($e2, qr/42P07|42501/, "event triggers: $role: a look-alike of the registry in public is refused");
	my ($r3, $e3) = $try->($role, 'owned', 'CREATE TEMP VIEW luuid_group AS SELECT 0 AS group_id, NULL::text AS group_name, NULL::regclass AS relation;
		CREATE TEMP TABLE t (id integer); DROP TABLE t');
	is($r3, 0, "event triggers: $role: a DROP with a temporary look-alike of the registry succeeds") or diag($e3);
}

# ---------------------------------------------------------------------------
# 3. the region registry adopts no other role's partition
# ---------------------------------------------------------------------------
$su->('owned', q{
CREATE TABLE public.router_a (id public.iuid NOT NULL) PARTITION BY RANGE (id public.iuid_country_ops);
CREATE TABLE public.router_m (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id));
});
my $lo7 = $su->('owned', 'SELECT public.iuid_country_lower_bound(7)::text');
my $lo8 = $su->('owned', 'SELECT public.iuid_country_lower_bound(8)::text');
my %attacker_schema = (dbo => 'public', sco => 'sco_s', creator => 'public', plain => 'pg_temp');
for my $edition ([ 'uidx', 'public', 'router_a' ], [ 'uidx_sql', 'uidx_sql', 'router_m' ]) {
	my ($ed, $ns, $router) = @$edition;
	for my $role (@roles) {
		my $schema = $attacker_schema{$role};
		my $evil = "${role}_evil_$ed";
		my $create = $ed eq 'uidx'
		  ? "CREATE TABLE $schema.$evil (id public.iuid NOT NULL) PARTITION BY RANGE (id public.iuid_country_ops);
		     CREATE TABLE $schema.${evil}_c7 PARTITION OF $schema.$evil FOR VALUES FROM ('$lo7') TO ('$lo8')"
		  : "CREATE TABLE $schema.$evil (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id));
		     CREATE TABLE $schema.${evil}_c7 PARTITION OF $schema.$evil FOR VALUES IN (7)";
		$su->('owned', "CREATE SERVER srv_eu FOREIGN DATA WRAPPER postgres_fdw;
		                SELECT $ns.uidx_attach_region('public.$router', 'srv_eu', '{7}')");
		# the plain role's partition is a temporary table, alive while its session lasts
		my $session = $node->background_psql('owned', on_error_stop => 1, extra_params => [ '-U', $role ]);
		$session->query_safe($create);
		my ($ret, $err) = $try->($super, 'owned', "SET search_path = pg_catalog, pg_temp;
		    DROP SERVER srv_eu CASCADE; SELECT count(*) FROM $ns.uidx_region_check(true)");
		is($ret, 0, "registry: $ed: $role: DROP SERVER ... CASCADE and uidx_region_check(true) succeed") or diag($err);
		is($su->('owned', "SELECT count(*) FROM $ns.uidx_region WHERE country = 7"), '0',
			"registry: $ed: $role: ... and country 7 is not re-pointed to ${evil}_c7");
		($ret, $err) = $try->($super, 'owned', "SET search_path = pg_catalog, pg_temp;
		    CREATE SERVER srv_new FOREIGN DATA WRAPPER postgres_fdw;
		    SELECT $ns.uidx_attach_region('public.$router', 'srv_new', '{7}')");
		is($ret, 0, "registry: $ed: $role: ... and country 7 attaches to another region") or diag($err);
		$session->quit;
		$su->('owned', "DROP SERVER IF EXISTS srv_new CASCADE; SELECT count(*) FROM $ns.uidx_region_check(true);
		                DELETE FROM $ns.uidx_region WHERE country = 7");
		$as->($role, 'owned', "DROP TABLE IF EXISTS $schema.$evil") unless $schema eq 'pg_temp';
	}
}

# ---------------------------------------------------------------------------
# 4. locks any role can take do not stall the registry's helpers
# ---------------------------------------------------------------------------
$su->('owned', q{
CREATE TABLE public.router_l (id public.iuid NOT NULL) PARTITION BY RANGE (id public.iuid_country_ops);
CREATE TABLE public.router_lm (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id));
});
my $country = 20;
for my $edition ([ 'uidx', 'public', 'router_l' ], [ 'uidx_sql', 'uidx_sql', 'router_lm' ]) {
	my ($ed, $ns, $router) = @$edition;
	for my $role (@roles) {
		my $holder = $node->background_psql('owned', on_error_stop => 1, extra_params => [ '-U', $role ]);
		# the registry's advisory key of 1.3's helpers, and a read held open
		$holder->query_safe("SELECT pg_advisory_lock('$ns.uidx_region'::regclass::oid::integer, 0)");
		$holder->query_safe("BEGIN; SELECT count(*) FROM $ns.uidx_region");
		my ($lr, $le) = $try->($role, 'owned', "BEGIN; LOCK TABLE $ns.uidx_region IN SHARE ROW EXCLUSIVE MODE");
		like($le, qr/42501/, "locks: $ed: $role: a lock that would conflict with the helpers' is refused");
		$country++;
		my ($ret, $err) = $try->($super, 'owned', "SET statement_timeout = '10s'; SET search_path = pg_catalog, pg_temp;
		    SELECT count(*) FROM $ns.uidx_region_check(true);
		    SELECT $ns.uidx_attach_local_region('public.$router', '{$country}');
		    CREATE SERVER IF NOT EXISTS srv_lock FOREIGN DATA WRAPPER postgres_fdw;
		    SELECT $ns.uidx_attach_region('public.$router', 'srv_lock', '{" . ($country + 100) . "}');
		    DROP SERVER srv_lock CASCADE;
		    SELECT count(*) FROM $ns.uidx_region_check(true)");
		is($ret, 0, "locks: $ed: $role: while $role holds the advisory key and reads the registry, uidx_region_check(true), "
			  . 'uidx_attach_local_region, uidx_attach_region and DROP SERVER finish') or diag($err);
		$holder->quit;
	}
	# a writer's lock: the wait follows lock_timeout, then 55P03 naming the registry
	my $writer = $node->background_psql('owned', on_error_stop => 1);
	$writer->query_safe("BEGIN; LOCK TABLE $ns.uidx_region IN ROW EXCLUSIVE MODE");
	for my $call ("SELECT count(*) FROM $ns.uidx_region_check(true)",
		"SELECT $ns.uidx_attach_local_region('public.$router', '{90}')") {
		my ($ret, $err) = $try->($super, 'owned', "SET lock_timeout = '200ms'; $call");
		like($err, qr/ERROR:  55P03: could not lock the region registry $ns\.uidx_region within lock_timeout \(200ms\)/,
			"locks: $ed: a writer's lock: \"$call\" fails with 55P03 naming the registry once lock_timeout has passed");
	}
	$writer->quit;

	# the database owner may ANALYZE every table of its database, and an
	# ANALYZE in an open transaction holds SHARE UPDATE EXCLUSIVE until it
	# ends: of the registry, it holds up the registry's lock; of the router,
	# the router's.  With lock_timeout 0 (the default) each wait ends after
	# uidx_ddl_lock_wait()'s minute in 55P03 naming the table, not never.
	my @held;
	for my $target ("$ns.uidx_region", "public.$router") {
		my $analyzer = $node->background_psql('owned', on_error_stop => 1, extra_params => [ '-U', 'dbo' ]);
		$analyzer->query_safe("BEGIN; ANALYZE $target");
		push @held, $analyzer;
	}
	my $call = "SELECT $ns.uidx_attach_local_region('public.$router', '{91}')";
	# the bound is uidx_ddl_lock_wait()'s, common to both editions: a minute
	# with lock_timeout 0 (checked below without sitting it out), here 300ms
	my $wait = '300ms';
	my $shown = '300ms';
	is($su->('owned', "SET lock_timeout = 0; SELECT $ns.uidx_ddl_lock_wait()"), '1min',
		"locks: $ed: with lock_timeout 0 the registry's wait is bounded by one minute");
	my ($ret, $err) = $try->($super, 'owned', "SET lock_timeout = '$wait'; SET statement_timeout = '20s'; $call");
	like($err, qr/ERROR:  55P03: could not lock the region registry $ns\.uidx_region within lock_timeout \(\Q$shown\E\)/,
		"locks: $ed: dbo: while dbo's ANALYZE of the registry is open, \"$call\" with lock_timeout $wait gives up after $shown (55P03)");
	(shift @held)->quit;
	($ret, $err) = $try->($super, 'owned', "SET lock_timeout = '300ms'; $call");
	like($err, qr/ERROR:  55P03: could not lock table public\.$router within lock_timeout \(300ms\)/,
		"locks: $ed: dbo: while dbo's ANALYZE of the router is open, \"$call\" fails with 55P03 naming the router");
	(shift @held)->quit;
	for my $timeout ('0', '7s') {
		my $out = $su->('owned', "SET lock_timeout = '$timeout'; SELECT count(*) FROM $ns.uidx_region_check(true);
		    SELECT count(*) FROM $ns.uidx_attach_local_region('public.$router', '{91}'); SHOW lock_timeout");
		like($out, qr/\n\Q$timeout\E\z/, "locks: $ed: the helpers leave the session's lock_timeout ($timeout) as it was");
	}
}

# ---------------------------------------------------------------------------
# 5. a dump writes no OID of a dropped partition (a restore would read it as
#    whatever relation has that OID there)
# ---------------------------------------------------------------------------
$su->('owned', q{CREATE SERVER srv_dump FOREIGN DATA WRAPPER postgres_fdw;
SELECT public.uidx_attach_region('public.router_a', 'srv_dump', '{30}');
SELECT uidx_sql.uidx_attach_region('public.router_m', 'srv_dump', '{30}');
DROP SERVER srv_dump CASCADE});
is($su->('owned', q{SELECT (SELECT count(*) FROM public.uidx_region WHERE country = 30) || ' '
    || (SELECT count(*) FROM uidx_sql.uidx_region WHERE country = 30)}), '1 1', 'restores: the rows of a dropped server stay until a repair');
my ($data, $dump_err) = ('', '');
IPC::Run::run([ 'pg_dump', '--data-only', '-d', $node->connstr('owned') ], '>', \$data, '2>', \$dump_err)
  or BAIL_OUT("pg_dump: $dump_err");
my ($copy) = $data =~ /^COPY public\.uidx_region .*?\n(.*?)^\\\.$/ms;
ok(defined $copy && $copy !~ /^30\t/m, 'restores: pg_dump leaves out the C extension\'s registry row whose partition is gone')
  or diag($copy // 'no COPY of public.uidx_region');
# uidx_sql installed with psql is no extension: pg_dump writes every row of
# its registry, the OID of the gone partition as a number.
TODO: {
	local $TODO = 'a psql install of uidx_sql has no pg_dump filter';
	my ($mcopy) = $data =~ /^COPY uidx_sql\.uidx_region .*?\n(.*?)^\\\.$/ms;
	ok(defined $mcopy && $mcopy !~ /^30\t[^\n]*\t\d+$/m,
		'restores: pg_dump writes no OID of a gone partition for uidx_sql installed with psql')
	  or diag($mcopy // 'no COPY of uidx_sql.uidx_region');
}
$su->('owned', 'SELECT count(*) FROM public.uidx_region_check(true); SELECT count(*) FROM uidx_sql.uidx_region_check(true)');

# The luuid registry: a group registered with a table that is dropped since
# keeps the table's OID in relation (no event trigger clears it any more).
# pg_dump would write that OID as a bare number, which a restore reads as
# whatever relation has that OID there, and luuid_relation() would route the
# group's ids to it: the C extension's dump leaves such a row out (its filter,
# as for uidx_region); uidx_sql installed with psql is no extension and has
# no filter.
$su->('owned', q{CREATE TABLE public.gone_person (id uuid);
CREATE TABLE public.kept_person (id uuid);
SELECT public.luuid_register_group('GonePerson', 'public.gone_person');
SELECT public.luuid_register_group('KeptPerson', 'public.kept_person');
SELECT uidx_sql.luuid_register_group('GonePerson', 'public.gone_person');
DROP TABLE public.gone_person});
($data, $dump_err) = ('', '');
IPC::Run::run([ 'pg_dump', '--data-only', '-d', $node->connstr('owned') ], '>', \$data, '2>', \$dump_err)
  or BAIL_OUT("pg_dump: $dump_err");
my ($groups) = $data =~ /^COPY public\.luuid_group .*?\n(.*?)^\\\.$/ms;
ok(defined $groups && $groups !~ /\tGonePerson\t/ && $groups =~ /^\d+\tKeptPerson\tpublic\.kept_person$/m,
	'restores: pg_dump leaves out the C extension\'s luuid_group row of a dropped table, and keeps a live one by name')
  or diag($groups // 'no COPY of public.luuid_group');
TODO: {
	local $TODO = 'a psql install of uidx_sql has no pg_dump filter';
	my ($mgroups) = $data =~ /^COPY uidx_sql\.luuid_group .*?\n(.*?)^\\\.$/ms;
	ok(defined $mgroups && $mgroups !~ /^\d+\tGonePerson\t\d+$/m,
		'restores: pg_dump writes no OID of a dropped table for uidx_sql installed with psql')
	  or diag($mgroups // 'no COPY of uidx_sql.luuid_group');
}

done_testing();
