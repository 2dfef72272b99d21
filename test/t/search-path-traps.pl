# No uidx function runs an object that another role planted (README
# "Security", docs/managed.md "Security"), in either edition.
#
# One database with the C extension (in public) and uidx_sql (psql script,
# schema uidx_sql), where PUBLIC may create in public, as in every database
# made before PostgreSQL 15.  Then:
#  1. the two escalations that 1.3's uidx_sql allowed: mallory plants
#     public.&(bigint, integer) that makes her a superuser when a superuser
#     runs it, and public.*(numeric, integer) that copies its arguments;
#     a superuser generates iUIDs and decodes a public id: mallory stays an
#     ordinary role and copies nothing;
#  2. the install refuses a schema another role owns, or that other roles
#     may create in (42501), and changes nothing there;
#  3. static: no body of either edition names an operator, a function or a
#     non-keyword type without its schema, except bodies that pin
#     search_path themselves (listed);
#  4. traps: mallory plants, in public, a look-alike for every operator
#     name a body can use on every pair of common types that pg_catalog lacks
#     exactly, an identical copy of every pg_catalog function a body names,
#     and a domain over every non-keyword type a body names (its CHECK is a
#     trap).  Every trap counts its runs in a sequence (which a rollback
#     does not undo) and raises.  As a superuser, with the default
#     search_path and with public before pg_catalog, every function of both
#     editions is called with valid arguments (listed in the log), and every
#     generator as a column DEFAULT through an INSERT: each call succeeds
#     (or fails with its own SQLSTATE) and no trap ran.  A function with no
#     arguments known here fails the test, so a new one cannot escape it.
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

my $node = PostgreSQL::Test::Cluster->new('traps');
$node->init;
# the C extension's public ids read their key from this file (docs/public-ids.md)
my $key_b64 = 'AAECAwQFBgcICQoLDA0ODw==';
my $key_file = $node->data_dir . '/traps_public_id.key';
open my $kf, '>', $key_file or die "$key_file: $!";
print $kf "$key_b64\n";
close $kf;
chmod 0600, $key_file;
$node->append_conf('postgresql.conf', "uidx.public_id_key_file = 'traps_public_id.key'\nautovacuum = off\n");
$node->start;
my $db = 'uidx_traps';
$node->safe_psql('postgres', "CREATE DATABASE $db");
# The test's own statements run with pg_catalog alone on the path, so that
# none of them can pick a planted object; only what section 1 and the
# harness below run sees a superuser's usual search_path.
my $sql = sub { my ($q, @opt) = @_; return $node->safe_psql($db, "SET search_path = pg_catalog, pg_temp;\n$q", @opt) };
my $sql_default_path = sub { my ($q) = @_; return $node->safe_psql($db, $q) };
my $as_mallory = sub { my ($q) = @_; return $node->safe_psql($db, $q, extra_params => [ '-U', 'mallory' ]) };
my $server_version = $sql->('SHOW server_version_num');

$sql->(q{
CREATE EXTENSION uidx SCHEMA public;
CREATE EXTENSION pgcrypto SCHEMA public;
CREATE EXTENSION postgres_fdw SCHEMA public;
GRANT CREATE ON SCHEMA public TO PUBLIC;
CREATE ROLE mallory LOGIN;
CREATE ROLE alice LOGIN;
});
$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $db, '-v', 'schema=uidx_sql',
		'-f', "$dist/uidx_sql.psql.sql" ], 'uidx_sql installed with psql into a schema of its own');
$sql->(q{SELECT uidx_sql.public_id_set_key(pg_catalog.decode('AAECAwQFBgcICQoLDA0ODw==', 'base64'))});

# ---------------------------------------------------------------------------
# 2. the install refuses a schema of another role, or one others may create in
# ---------------------------------------------------------------------------
$sql->(q{CREATE SCHEMA mallorys AUTHORIZATION mallory; CREATE SCHEMA shared; GRANT CREATE ON SCHEMA shared TO alice});
for my $case ([ 'mallorys', qr/owned by role mallory/ ], [ 'shared', qr/other roles may create objects in it \(alice\)/ ])
{
	my ($schema, $why) = @$case;
	my ($ret, $out, $err) = $node->psql($db, "\\i $dist/uidx_sql.psql.sql",
		extra_params => [ '-v', 'ON_ERROR_STOP=1', '-v', "schema=$schema", '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, "the psql install into $schema stops");
	like($err, qr/ERROR:  42501: uidx_sql cannot be installed into schema $schema: /, '... with 42501');
	like($err, $why, '... saying why');
	like($err, qr/HINT:  Install into a schema/, '... and what to do');
	is($sql->("SELECT count(*) FROM pg_proc WHERE pronamespace = '$schema'::regnamespace"), '0', '... and creates nothing there');
}

# ---------------------------------------------------------------------------
# 1. the two escalations of 1.3
# ---------------------------------------------------------------------------
$as_mallory->(q{
CREATE TABLE public.loot (what text, a text, b text);
GRANT INSERT ON public.loot TO PUBLIC;
CREATE FUNCTION public.band(a bigint, b integer) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) current_user) THEN
    EXECUTE 'ALTER ROLE mallory SUPERUSER';
  END IF;
  RETURN a OPERATOR(pg_catalog.&) b::bigint;
END $$;
CREATE OPERATOR public.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = public.band);
CREATE FUNCTION public.ncopy(a numeric, b integer) RETURNS numeric LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.loot VALUES ('numeric * integer', a::text, b::text);
  RETURN a OPERATOR(pg_catalog.*) b::numeric;
END $$;
CREATE OPERATOR public.* (LEFTARG = numeric, RIGHTARG = integer, FUNCTION = public.ncopy);
});
$sql_default_path->(q{SELECT uidx_sql.iuid_generate(7, 42), public.iuid_generate(7, 42)});
$sql_default_path->(q{SELECT uidx_sql.public_id_decode_numeric(uidx_sql.public_id_encode(123456789::numeric)),
                public.public_id_decode_numeric(public.public_id_encode(123456789::numeric))});
is($sql->(q{SELECT rolsuper FROM pg_roles WHERE rolname = 'mallory'}), 'f',
	'a superuser generating iUIDs does not run a planted bigint & integer (mallory stays an ordinary role)');
is($sql->(q{SELECT count(*) FROM public.loot}), '0',
	'decoding a public id does not run a planted numeric * integer (nothing copied)');
$as_mallory->(q{DROP OPERATOR public.& (bigint, integer); DROP OPERATOR public.* (numeric, integer);
                DROP FUNCTION public.band(bigint, integer); DROP FUNCTION public.ncopy(numeric, integer)});

# ---------------------------------------------------------------------------
# 3. static: every name in every body is reached by schema
# ---------------------------------------------------------------------------
# the functions of both editions: the C extension's members, uidx_sql's schema
my $members = q{
  SELECT p.oid, CASE WHEN p.pronamespace = 'uidx_sql'::regnamespace THEN 'uidx_sql' ELSE 'uidx' END AS edition
    FROM pg_catalog.pg_proc p
   WHERE p.pronamespace = 'uidx_sql'::regnamespace
      OR EXISTS (SELECT FROM pg_catalog.pg_depend d
                  WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
                    AND d.refobjid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'uidx'))};
my %keyword_type = map { $_ => 1 }
  qw(bigint integer int smallint boolean numeric decimal real double precision bit varchar char character
  interval timestamp time record void setof);
my %keyword_call = map { $_ => 1 }
  qw(coalesce greatest least extract cast exists any all some array row values in and or not when then else
  select from where using on as return returns if elsif loop foreach execute perform raise into over filter
  within distinct substring position overlay trim grouping case end while for exit continue declare begin
  lateral join nullif by limit offset conflict ordinality assign cols rangeto), keys %keyword_type;

# what a body names outside comments and literals: [issues], [function names], [type names]
sub scan_body
{
	my ($src) = @_;
	$src =~ s{/\*.*?\*/}{ }gs;
	$src =~ s{--[^\n]*}{ }g;
	$src =~ s{\$([A-Za-z_]*)\$.*?\$\1\$}{ STR }gs;
	$src =~ s{[Ee]'(?:[^'\\]|\\.|'')*'}{ STR }gs;
	$src =~ s{'(?:[^']|'')*'}{ STR }gs;
	$src =~ s{"(?:[^"]|"")*"}{ QID }gs;
	my (@names, @types, @bad);
	push @names, lc $1 while $src =~ m{\bpg_catalog\.([A-Za-z_][A-Za-z_0-9]*)\s*\(}g;
	push @types, lc $1 while $src =~ m{::\s*pg_catalog\.([A-Za-z_][A-Za-z_0-9]*)}g;
	while ($src =~ m{::\s*([A-Za-z_][A-Za-z_0-9]*+)(?!\s*\.)}g)
	{
		my $t = lc $1;
		next if $keyword_type{$t};
		push @bad, "type $1";
		push @types, $t;
	}
	$src =~ s{OPERATOR\s*\(\s*[A-Za-z_]+\.[^)\s]+\s*\)}{ OPQ }g;
	$src =~ s{:=}{ ASSIGN }g;
	$src =~ s{\b(AS\s+\w+)\s*\(}{$1 COLS(}gi;   # an alias's column list
	$src =~ s{\.\.}{ RANGETO }g;   # FOR i IN a .. b
	$src =~ s{::|=>}{ }g;
	# PL/pgSQL's and SQL's own "=": RAISE ... USING, GET DIAGNOSTICS, UPDATE ... SET
	$src =~ s{\b(?:ERRCODE|DETAIL|HINT|MESSAGE|COLUMN|CONSTRAINT|DATATYPE|TABLE|SCHEMA)\s*=}{ }gi;
	$src =~ s{\b(GET\s+(?:STACKED\s+)?DIAGNOSTICS\s+\w+)\s*=}{$1 }gi;
	$src =~ s{\bSET\s+(\w+)\s*=}{SET $1 }gi;
	$src =~ s{%(?:TYPE|ROWTYPE|FOUND|NOTFOUND|ROWCOUNT)\b}{ }gi;
	$src =~ s{\(\s*\*\s*\)}{()}g;
	$src =~ s{\.\*}{}g;
	$src =~ s{\bSELECT\s+\*}{SELECT x}gi;
	# a numeric literal's minus sign is part of the constant
	$src =~ s{((?:[(,]|\bTHEN|\bELSE|\bWHEN|\bRETURN|\bSELECT|\bOPQ)\s*)-(?=\s*\d)}{$1 }gi;
	push @bad, "operator $1" while $src =~ m{([-+*/<>=~!@#%^&|`?]+)}g;
	push @bad, 'hidden operator ' . uc $1 while $src =~ m{\b(BETWEEN|NULLIF|LIKE|ILIKE|SIMILAR|IS\s+(?:NOT\s+)?DISTINCT)\b}gi;
	push @bad, 'simple CASE' while $src =~ m{\bCASE\s+(?!WHEN\b)\w}gi;
	push @bad, 'IN list' while $src =~ m{(?<!\bFOR\s)\b\w+\s+IN\s*\((?!\s*SELECT)}gi;
	while ($src =~ m{(?<![.\w])([A-Za-z_][A-Za-z_0-9]*+)\s*\(}g)
	{
		my $f = lc $1;
		next if $keyword_call{$f} || $f eq 'opq' || $f eq 'str' || $f eq 'qid';
		push @bad, "function $1";
		push @names, $f;
	}
	my %seen;
	return ([ grep { !$seen{$_}++ } @bad ], \@names, \@types);
}

my %named_function;
my %named_type = map { $_ => 1 } qw(text uuid bytea int8 int4 int2 float8 timestamptz regclass name oid jsonb bool);
my (@unsafe, @pinned);
for my $row (split /\n/, $sql->(qq{
	SELECT m.edition, p.oid::regprocedure, l.lanname,
	       COALESCE(EXISTS (SELECT FROM unnest(p.proconfig) c WHERE c LIKE 'search\\_path=%'), false),
	       translate(encode(convert_to(p.prosrc, 'UTF8'), 'base64'), E'\n', '')
	  FROM ($members) m JOIN pg_proc p ON p.oid = m.oid JOIN pg_language l ON l.oid = p.prolang
	 WHERE l.lanname IN ('sql', 'plpgsql')
	 ORDER BY 1, 2::text}, extra_params => [ '-F', "\t" ]))
{
	my ($edition, $fn, $lang, $pin, $b64) = split /\t/, $row;
	require MIME::Base64;
	my $src = MIME::Base64::decode_base64($b64);
	my ($bad, $names, $types) = scan_body($src);
	$named_function{$_} = 1 for @$names;
	$named_type{$_} = 1 for @$types;
	if ($pin eq 't') { push @pinned, "$edition $fn"; next }
	push @unsafe, "$edition $fn ($lang): @{[ join '; ', @$bad ]}" if @$bad;
}
is(join("\n", @unsafe), '', 'every body names every operator, function and type by schema, or pins search_path');
note('bodies that pin search_path = pg_catalog, pg_temp (' . scalar(@pinned) . "):\n  " . join("\n  ", @pinned));

# ---------------------------------------------------------------------------
# 4. the traps
# ---------------------------------------------------------------------------
my @types = qw(int2 int4 int8 numeric float4 float8 text name bytea bit varbit bool uuid timestamptz timestamp date
  interval oid regclass jsonb public.iuid public.comb public.distid);
my @operators = split ' ', '+ - * / % ^ & | # << >> = <> < > <= >= || ~ !~ ~~ !~~ ~* !~* -> ->> @> <@ &&';
my @prefix = qw(- + ~ @);
my $ops = join ',', map { "'$_'" } @operators;
my $tys = join ',', map { "'$_'" } @types;
my $pre = join ',', map { "'$_'" } @prefix;
my $plant = qq{
CREATE SEQUENCE public.trap_runs;
GRANT USAGE ON SEQUENCE public.trap_runs TO PUBLIC;
CREATE FUNCTION public.trap_fired(what text) RETURNS boolean LANGUAGE plpgsql AS \$\$
BEGIN
    PERFORM pg_catalog.nextval('public.trap_runs');
    RAISE EXCEPTION 'TRAP: % ran as %', what, current_user;
END \$\$;
DO \$plant\$
DECLARE
    l regtype; r regtype; op text; f text; n integer := 0;
BEGIN
    FOREACH l IN ARRAY ARRAY[$tys]::regtype[] LOOP
        FOREACH r IN ARRAY ARRAY[$tys]::regtype[] LOOP
            f := pg_catalog.format('public.trap_op_%s_%s', l::oid, r::oid);
            EXECUTE pg_catalog.format('CREATE FUNCTION %s(%s, %s) RETURNS %s LANGUAGE plpgsql AS \$t\$ BEGIN PERFORM public.trap_fired(%L); RETURN NULL; END \$t\$',
                                      f, l, r, l, pg_catalog.format('operator on (%s, %s)', l, r));
            FOREACH op IN ARRAY ARRAY[$ops] LOOP
                CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.pg_operator o
                                       WHERE o.oprname OPERATOR(pg_catalog.=) op AND o.oprleft OPERATOR(pg_catalog.=) l
                                         AND o.oprright OPERATOR(pg_catalog.=) r
                                         AND o.oprnamespace OPERATOR(pg_catalog.=) 'pg_catalog'::regnamespace);
                CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.pg_operator o
                                       WHERE o.oprname OPERATOR(pg_catalog.=) op AND o.oprleft OPERATOR(pg_catalog.=) l
                                         AND o.oprright OPERATOR(pg_catalog.=) r
                                         AND o.oprnamespace OPERATOR(pg_catalog.=) 'public'::regnamespace);
                EXECUTE pg_catalog.format('CREATE OPERATOR public.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = %s)', op, l, r, f);
                n := n OPERATOR(pg_catalog.+) 1;
            END LOOP;
        END LOOP;
        f := pg_catalog.format('public.trap_prefix_%s', l::oid);
        EXECUTE pg_catalog.format('CREATE FUNCTION %s(%s) RETURNS %s LANGUAGE plpgsql AS \$t\$ BEGIN PERFORM public.trap_fired(%L); RETURN NULL; END \$t\$',
                                  f, l, l, pg_catalog.format('prefix operator on %s', l));
        FOREACH op IN ARRAY ARRAY[$pre] LOOP
            CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.pg_operator o
                                   WHERE o.oprname OPERATOR(pg_catalog.=) op AND o.oprleft OPERATOR(pg_catalog.=) 0
                                     AND o.oprright OPERATOR(pg_catalog.=) l
                                     AND o.oprnamespace OPERATOR(pg_catalog.=) ANY (ARRAY['pg_catalog'::regnamespace, 'public'::regnamespace]));
            EXECUTE pg_catalog.format('CREATE OPERATOR public.%s (RIGHTARG = %s, FUNCTION = %s)', op, l, f);
            n := n OPERATOR(pg_catalog.+) 1;
        END LOOP;
    END LOOP;
    RAISE NOTICE 'planted % operators', n;
END
\$plant\$;
};
$as_mallory->($plant);
my $planted_ops = $sql->(q{SELECT count(*) FROM pg_operator WHERE oprnamespace = 'public'::regnamespace AND oprowner = 'mallory'::regrole});
cmp_ok($planted_ops, '>', 5000, "mallory planted $planted_ops look-alike operators");

# identical copies of every pg_catalog function a body names, and domains
# over every non-keyword type a body names
my $fnames = join ',', map { "'$_'" } sort keys %named_function;
my $tnames = join ',', map { "'$_'" } sort grep { /^[a-z_0-9]+$/ } keys %named_type;
$as_mallory->(qq{
DO \$plant\$
DECLARE
    p record; n integer := 0; t text;
BEGIN
    FOR p IN SELECT f.oid, f.proname, pg_catalog.pg_get_function_identity_arguments(f.oid) AS args,
                    pg_catalog.pg_get_function_result(f.oid) AS result
               FROM pg_catalog.pg_proc f
              WHERE f.pronamespace OPERATOR(pg_catalog.=) 'pg_catalog'::regnamespace
                AND f.proname OPERATOR(pg_catalog.=) ANY (ARRAY[$fnames]::name[])
                AND f.prokind OPERATOR(pg_catalog.=) ANY (ARRAY['f', 'a']::"char"[])
                AND NOT EXISTS (SELECT FROM pg_catalog.unnest(f.proargtypes::oid[]) a
                                 WHERE a OPERATOR(pg_catalog.=) ANY (ARRAY['internal', 'cstring', '"any"', 'anyrange', 'anymultirange', 'anycompatiblerange', 'anycompatiblemultirange']::regtype[]::oid[]))
                AND f.prorettype OPERATOR(pg_catalog.<>) ALL (ARRAY['internal', 'cstring', 'record', 'trigger', 'event_trigger', 'anyrange', 'anymultirange']::regtype[]::oid[])
    LOOP
        BEGIN
            EXECUTE pg_catalog.format('CREATE FUNCTION public.%I(%s) RETURNS %s LANGUAGE plpgsql AS \$t\$ BEGIN PERFORM public.trap_fired(%L); RETURN%s; END \$t\$',
                                      p.proname, p.args, p.result, pg_catalog.format('function %s(%s)', p.proname, p.args),
                                      CASE WHEN p.result OPERATOR(pg_catalog.~) '^(SETOF |void)' THEN '' ELSE ' NULL' END);
            n := n OPERATOR(pg_catalog.+) 1;
        EXCEPTION WHEN OTHERS THEN
            NULL;   -- a signature plpgsql cannot take (an aggregate's, a variadic "any")
        END;
    END LOOP;
    FOREACH t IN ARRAY ARRAY[$tnames]::text[] LOOP
        CONTINUE WHEN pg_catalog.to_regtype(pg_catalog.format('pg_catalog.%I', t)) IS NULL
                   OR pg_catalog.to_regtype(pg_catalog.format('public.%I', t)) IS NOT NULL;
        EXECUTE pg_catalog.format('CREATE DOMAIN public.%I AS pg_catalog.%I CHECK (public.trap_fired(%L))', t, t,
                                  pg_catalog.format('domain %s', t));
        n := n OPERATOR(pg_catalog.+) 1;
    END LOOP;
    RAISE NOTICE 'planted % functions and domains', n;
END
\$plant\$;
});
my $planted_fns = $sql->(q{SELECT count(*) FROM pg_proc p WHERE pronamespace = 'public'::regnamespace AND proowner = 'mallory'::regrole AND proname !~ '^trap_'});
my $planted_domains = $sql->(q{SELECT count(*) FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typowner = 'mallory'::regrole AND typtype = 'd'});
cmp_ok($planted_fns, '>', 20, "mallory planted $planted_fns copies of pg_catalog functions that bodies name");
cmp_ok($planted_domains, '>', 5, "... and $planted_domains domains over the types they name");

# ---- arguments ----
# samples of every layout, made before any call runs under a trapped path
$sql->(q{
CREATE SCHEMA trapdata;
INSERT INTO public.iuid_service_entity VALUES (7, 'Ride');
INSERT INTO uidx_sql.iuid_service_entity VALUES (7, 'Ride');
SELECT public.luuid_register_group('Person'), uidx_sql.luuid_register_group('Person');
CREATE SEQUENCE trapdata.seq;
CREATE TABLE trapdata.tp_uidx (id public.iuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE trapdata.tp_uidx_sql (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
-- a default partition with an old row: the create calls check it, the first
-- drop call drops it (all its rows are old), the second create makes another
CREATE TABLE trapdata.tp_uidx_rest PARTITION OF trapdata.tp_uidx DEFAULT;
CREATE TABLE trapdata.tp_uidx_sql_rest PARTITION OF trapdata.tp_uidx_sql DEFAULT;
INSERT INTO trapdata.tp_uidx VALUES (public.iuid_from_parts('2020-01-01', 42, 7, 1));
INSERT INTO trapdata.tp_uidx_sql VALUES (public.uuidv7_lower_bound('2020-01-01'));
CREATE TABLE trapdata.st_uidx (id public.iuid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE trapdata.router_uidx (id public.iuid NOT NULL, note text) PARTITION BY RANGE (id public.iuid_country_ops);
CREATE TABLE trapdata.router_uidx_sql (id uuid NOT NULL, note text) PARTITION BY LIST (uidx_sql.iuid_country(id));
CREATE SERVER trap_region FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'postgres');
CREATE TABLE trapdata.samples (edition text, kind text, v text, PRIMARY KEY (edition, kind));
INSERT INTO trapdata.samples
SELECT e, k, v FROM (VALUES
  ('uidx', 'iuid', public.iuid_generate(7, 42)::text),
  ('uidx', 'comb_prefix', public.comb_prefix_generate()::text),
  ('uidx', 'comb_suffix', public.comb_suffix_generate()::text),
  ('uidx', 'comb_sqlserver', public.comb_sqlserver_generate()::text),
  ('uidx', 'comb_short', public.comb_short_prefix_generate()::text),
  ('uidx', 'distid', public.distid_generate()::numeric::text),
  ('uidx', 'distid128', public.distid128_generate()::text),
  ('uidx', 'distid_uuid', public.distid_generate()::uuid::text),
  ('uidx', 'luuid', public.luuid_generate('Person', 42)::text),
  ('uidx', 'v7', public.uuidv7_lower_bound(now())::text),
  ('uidx', 'alnum_bigint', public.alnum_encode(12345::bigint)),
  ('uidx', 'alnum_numeric', public.alnum_encode(123456789::numeric)),
  ('uidx', 'alnum_uuid', public.alnum_encode('0190a8c4-1b7e-7000-8000-000000000001'::uuid)),
  ('uidx', 'public_id_bigint', public.public_id_encode(12345::bigint)::text),
  ('uidx', 'public_id_numeric', public.public_id_encode(123456789::numeric)::text),
  ('uidx', 'public_id_uuid', public.public_id_encode('0190a8c4-1b7e-7000-8000-000000000001'::uuid)::text),
  ('uidx', 'luuid_short', public.luuid_short(public.luuid_generate('Person', 42))),
  ('uidx_sql', 'iuid', uidx_sql.iuid_generate(7, 42)::text),
  ('uidx_sql', 'comb_prefix', uidx_sql.comb_prefix_generate()::text),
  ('uidx_sql', 'comb_suffix', uidx_sql.comb_suffix_generate()::text),
  ('uidx_sql', 'comb_sqlserver', uidx_sql.comb_sqlserver_generate()::text),
  ('uidx_sql', 'comb_short', uidx_sql.comb_short_prefix_generate('1 minute', 65536)::text),
  ('uidx_sql', 'distid', uidx_sql.distributed_id()::text),
  ('uidx_sql', 'distid128', uidx_sql.distid128_generate()::text),
  ('uidx_sql', 'luuid', uidx_sql.luuid_generate('Person', 42)::text),
  ('uidx_sql', 'v7', uidx_sql.uuidv7_lower_bound(now())::text),
  ('uidx_sql', 'alnum_bigint', uidx_sql.alnum_encode(12345::bigint)),
  ('uidx_sql', 'alnum_numeric', uidx_sql.alnum_encode(123456789::numeric)),
  ('uidx_sql', 'alnum_uuid', uidx_sql.alnum_encode('0190a8c4-1b7e-7000-8000-000000000001'::uuid)),
  ('uidx_sql', 'public_id_bigint', uidx_sql.public_id_encode(12345::bigint)::text),
  ('uidx_sql', 'public_id_numeric', uidx_sql.public_id_encode(123456789::numeric)::text),
  ('uidx_sql', 'public_id_uuid', uidx_sql.public_id_encode('0190a8c4-1b7e-7000-8000-000000000001'::uuid)::text),
  ('uidx_sql', 'luuid_short', uidx_sql.luuid_short(uidx_sql.luuid_generate('Person', 42)))) s(e, k, v);
});
my %sample;
for (split /\n/, $sql->(q{SELECT edition, kind, v FROM trapdata.samples}, extra_params => [ '-F', "\t" ]))
{
	my ($e, $k, $v) = split /\t/;
	$sample{$e}{$k} = $v;
}

my $ts = q{'2026-03-04 05:06:07.089+00'::pg_catalog.timestamptz};
my $ts2 = q{'2026-03-06 05:06:07.089+00'::pg_catalog.timestamptz};
my $bytes16 = q{'\x000102030405060708090a0b0c0d0e0f'::pg_catalog.bytea};
my $bytes8 = q{'\x0102030405060708'::pg_catalog.bytea};
# the sample a uuid, text or numeric argument gets, by the function's name
sub uuid_kind
{
	my ($name) = @_;
	return 'iuid' if $name =~ /iuid|region_of/;
	return 'comb_short' if $name =~ /comb_short/;
	return 'comb_sqlserver' if $name =~ /sqlserver/;
	return 'comb_suffix' if $name =~ /comb_suffix_to_prefix|^comb_timestamp|^uuid_as_comb|^comb\b|comb_uuid|uuid_comb/;
	return 'comb_prefix' if $name =~ /comb/;
	return 'distid128' if $name =~ /distid128/;
	return 'distid_uuid' if $name =~ /distid/;
	return 'luuid' if $name =~ /luuid/;
	return 'public_id_uuid' if $name =~ /public_id/;
	return 'v7';
}
# arguments of each function that the defaults below do not fit; $S is the
# edition's schema, {kind} a sample as a literal
my %args = (
	'iuid_generate(integer,integer)' => '7, 42',
	'iuid_generate(text,integer)' => q{'Ride', 42},
	'iuid_country_lower_bound(integer)' => '42',
	'uidx_create_time_partitions(regclass,timestamp with time zone,timestamp with time zone,interval,integer,boolean)' =>
	  qq{'trapdata.tp_uidx', $ts, $ts2, '1 day', 1, true},
	'uidx_create_time_partitions(regclass,timestamp with time zone,timestamp with time zone,interval,boolean)' =>
	  qq{'trapdata.tp_\$E', $ts, $ts2, '1 day', true},
	# after the create calls (the calls run in name order): they drop (not
	# only detach, which would leave their names taken) the partitions made,
	# which each path makes again
	'uidx_drop_time_partitions(regclass,timestamp with time zone,boolean)' => qq{'trapdata.tp_\$E', $ts2, false},
	'uidx_drop_time_partitions(regclass,interval,boolean)' => q{'trapdata.tp_$E', '1 day', false},
	'uidx_time_partition_key(regclass)' => q{'trapdata.tp_$E'},
	'uidx_create_stripes(regclass,integer)' => q{'trapdata.st_uidx', 4},
	'uidx_attach_region(regclass,name,integer[],text)' => q{'trapdata.router_$E', 'trap_region', '{42}', 'public.orders'},
	'uidx_attach_local_region(regclass,integer[])' => q{'trapdata.router_$E', '{16}'},
	'uidx_attach_countries(regclass,name,boolean,integer[],text)' => q{'trapdata.router_$E', NULL, true, '{17}', NULL},
	'uidx_router_partitions(regclass)' => q{'trapdata.router_$E'},
	'uidx_partition_name(name,text,integer)' => q{'trapdata_orders', '_p20250101', 0},
	'uidx_lock_partitioned(regclass)' => q{'trapdata.tp_$E'},
	'uidx_existing_relation(name,text)' => q{'trapdata', 'tp_$E'},
	'uidx_region_check(boolean)' => 'false',
	'luuid_register_group(text,regclass)' => q{'Person', NULL},
	'luuid_nextval(regclass,text)' => q{'trapdata.seq', 'Person'},
	'luuid_generate(integer,bigint)' => '7, 42',
	'luuid_generate(text,bigint)' => q{'Person', 42},
	'luuid_from_short(text,text)' => q{{luuid_short}, 'Person'},
	'luuid_upper_bound(text,text)' => q{{luuid_short}, 'Person'},
	'luuid_matches_short(uuid,text,text)' => q{{luuid}, {luuid_short}, 'Person'},
	'crc12(text)' => q{'Person'},
	'crc12(bytea)' => $bytes8,
	'comb_sequence_generate(regclass,integer,integer)' => q{'trapdata.seq', 65536, 65536},
	'comb_short_prefix_generate(interval,integer)' => q{'1 minute', 65536},
	'comb_short_suffix_generate(interval)' => q{'1 minute'},
	'comb_short_prefix_from_parts(timestamp with time zone,bytea,interval,integer)' => qq{$ts, $bytes16, '1 minute', 65536},
	'comb_short_suffix_from_parts(timestamp with time zone,bytea,interval)' => qq{$ts, $bytes16, '1 minute'},
	'comb_sequence_from_parts(bigint,bytea,integer,integer)' => qq{12345, $bytes16, 65536, 65536},
	'comb_short_prefix_is_valid(uuid,interval,timestamp with time zone,interval)' =>
	  q{{comb_short}, '10 minutes', pg_catalog.now(), '1 minute'},
	'uidx_is_valid(text,regtype)' => q{{iuid}, 'public.iuid'},
	'uidx_is_valid(text,text)' => q{{iuid}, 'iuid'},
	'uidx_time_bound(timestamp with time zone,integer,timestamp with time zone,boolean)' => qq{$ts, 0, 'epoch', true},
	'uidx_raise_unknown_name(text,text)' => q{'iuid service entity', 'NoSuchName'},
	'uidx_ddl_begin(text)' => q{'uidx_create_time_partitions'},
	'uidx_raise_lock_wait(text,regclass,regclass,text)' =>
	  q{'uidx_create_time_partitions', 'trapdata.tp_$E', 'trapdata.tp_$E', 'ACCESS EXCLUSIVE, to create partitions of it'},
	'alnum_decode_bigint(text)' => '{alnum_bigint}',
	'alnum_decode_numeric(text)' => '{alnum_numeric}',
	'alnum_decode_distid(text)' => '{alnum_numeric}',
	'alnum_decode_uuid(text)' => '{alnum_uuid}',
	'public_id_decode_bigint(uuid)' => '{public_id_bigint}',
	'public_id_decode_numeric(uuid)' => '{public_id_numeric}',
	'public_id_decode_distid(uuid)' => '{public_id_numeric}',
	'public_id_decode_uuid(uuid)' => '{public_id_uuid}',
	'public_id_set_key(bytea)' => $bytes16,
	'iuid_partman_decoder(text)' => '{iuid}',
	'comb_prefix_partman_decoder(text)' => '{comb_prefix}',
	'uuidv7_partman_decoder(text)' => '{v7}',
	'uidx_inspect(text)' => '{iuid}',
	'uidx_inspect_readings(text)' => '{iuid}',
	'uuidv7(interval)' => q{'1 hour'},
	'uidx_sql_uuid_var10(bigint,bigint)' => '12345, -9223372036854775807',
	'uidx_sql_half(uuid,integer)' => '{v7}, 1',
	'uidx_sql_unix_ms(timestamp with time zone,bigint,bigint,text)' => qq{$ts, 0, 281474976710655, 'iuid'},
	'uidx_sql_timestamp(bigint)' => '1700000000000',
	'uidx_sql_timestamp_us(bigint)' => '1700000000000000',
	'uidx_sql_tie(regclass,double precision)' => q{'uidx_sql.uidx_sql_tie', 0.001},
	'uidx_sql_ms_version(bigint,bit)' => q{7000000000000000, B'0111'},
	'uidx_sql_tick_uuid(bigint,bit,bigint)' => q{7000000000000000, B'0111', 5},
	'uidx_sql_require(anyelement,text)' => q{1, 'x'},
	'uidx_sql_byte(integer,text)' => q{7, 'country'},
	'uidx_sql_country(integer)' => '42',
	'uidx_sql_iuid_pack(bigint,bigint,integer,integer)' => '1700000000000000, 5, 7, 42',
	'uidx_sql_comb_stamp(bytea,integer,integer,bigint)' => qq{$bytes16, 0, 6, 1700000000000},
	'uidx_sql_interval_us(interval,text,boolean)' => q{'1 minute', 'interval_length', true},
	'uidx_sql_interval_ms(interval)' => q{'1 minute'},
	'uidx_sql_block_bits(integer,text)' => q{65536, 'block_size'},
	'uidx_sql_block_size(integer)' => '65536',
	'uidx_sql_block_stamp(bytea,bigint,bigint,bigint,integer)' => qq{$bytes16, 5, 65536, 65536, 16},
	'uidx_sql_sqlserver_stamp(bigint)' => '3900000000000000',
	'uidx_sql_comb_uuid(bigint,bigint)' => '1700000000000, 5',
	'uidx_sql_id_numeric(numeric,numeric,text,boolean)' => q{12345, 9999999999999999999999999999, 'type distid', false},
	'uidx_sql_alnum_block(numeric,integer)' => '12345, 11',
	'uidx_sql_u64(bigint)' => '-1',
	'uidx_sql_alnum_decode(text,text,integer,numeric)' => q{{alnum_bigint}, 'bigint', 11, 9223372036854775807},
	'uidx_sql_netswap(bytea)' => $bytes16,
	'uidx_sql_reverse8(bytea)' => $bytes8,
	'uidx_sql_le_bytes(numeric,integer)' => '12345, 8',
	'uidx_sql_le_value(bytea)' => $bytes8,
	'uidx_sql_aes_encrypt(bytea,bytea)' => "$bytes16, $bytes16",
	'uidx_sql_aes_decrypt(bytea,bytea)' => "$bytes16, $bytes16",
	'uidx_sql_public_id_aes(bytea,boolean,boolean)' => "$bytes16, false, false",
	'uidx_sql_public_id(bytea)' => $bytes16,
	'uidx_sql_public_id_plain(uuid)' => '{public_id_bigint}',
	'uidx_sql_luuid(bigint,integer)' => '42, 7',
	'uidx_sql_luuid_short_pk(text)' => '{luuid_short}',
	'uidx_sql_parse_hex16(text)' => '{iuid}',
	'uidx_sql_distid_parse(text)' => '{distid}',
	'uidx_sql_plausible(bigint,bigint)' => '1700000000000, 1700000000000',
	'uidx_sql_inspect_uuid(uuid,text,bigint)' => q{{iuid}, 'uuid', 1800000000000},
	'uidx_sql_inspect_distid(numeric,text,bigint)' => q{{distid}, 'decimal', 1800000000000},
);
# a call that must fail, and with which SQLSTATE
my %expect = ('uidx_raise_unknown_name(text,text)' => '22023', 'uidx_raise_lock_wait(text,regclass,regclass,text)' => '55P03');

my (@calls, @missing);
for my $row (split /\n/, $sql->(qq{
	SELECT m.edition, pg_catalog.regexp_replace(p.oid::regprocedure::text, '^[a-z_]+\\.', ''), p.proname,
	       (SELECT string_agg(t::regtype::text, '|' ORDER BY i) FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(t, i)),
	       p.provolatile, p.prorettype::regtype
	  FROM ($members) m JOIN pg_proc p ON p.oid = m.oid
	 WHERE p.prokind = 'f'
	   AND NOT (p.proargtypes::oid[] && ARRAY['internal', 'cstring']::regtype[]::oid[])
	   AND p.prorettype <> ALL (ARRAY['trigger', 'event_trigger', 'internal']::regtype[]::oid[])
	 ORDER BY 1, 2}, extra_params => [ '-F', "\t" ]))
{
	my ($edition, $sig, $name, $argtypes, $volatile, $rettype) = split /\t/, $row, -1;
	s/\bpublic\.//g for $sig, $argtypes, $rettype;    # the C extension's types, printed qualified
	my $schema = $edition eq 'uidx' ? 'public' : 'uidx_sql';
	my @types = $argtypes eq '' ? () : split /\|/, $argtypes;
	my $spec = $args{$sig};
	if (!defined $spec)
	{
		my @a;
		for my $t (@types)
		{
			my $kind = uuid_kind($name);
			my $v =
			    $t eq 'uuid' ? "{$kind}"
			  : $t eq 'iuid' ? '{iuid}'
			  : $t eq 'comb' ? ($kind =~ /^comb/ ? "{$kind}" : '{comb_suffix}')
			  : $t eq 'distid' ? '{distid}'
			  : $t eq 'numeric' ? '{distid}'
			  : $t eq 'timestamp with time zone' ? $ts
			  : $t eq 'bigint' ? '12345'
			  : $t eq 'integer' ? '7'
			  : $t eq 'bytea' ? $bytes16
			  : $t eq 'boolean' ? 'true'
			  : $t eq 'text' && $name =~ /partman_decoder|inspect|parse/ ? "{$kind}"
			  : undef;
			last unless defined $v;
			push @a, $v;
		}
		if (@a != @types) { push @missing, "$edition $sig"; next }
		$spec = join ', ', @a;
	}
	(my $call = $spec) =~ s/\$E/$edition/g;
	$call =~ s/\{([a-z]\w*)\}/
		my $v = $sample{$edition}{$1} \/\/ $sample{uidx}{$1} \/\/ die "no sample $1";
		$v =~ s!'!''!g; "'$v'"/ge;
	# each argument as the parameter's type, qualified
	my @parts = split /,\s*(?![^()]*\))(?=(?:[^']*'[^']*')*[^']*$)/, $call;
	if (@parts == @types)
	{
		for my $i (0 .. $#types)
		{
			my $t = $types[$i];
			my $q = $t =~ /^(iuid|comb|distid)$/ ? "public.$t" : $t =~ /^(anyelement)$/ ? 'pg_catalog.int4'
			  : $t =~ /^[a-z ]+(\[\])?$/ && $t !~ /^(bigint|integer|numeric|boolean|smallint|interval|double precision|timestamp with time zone|integer\[\])$/ ? "pg_catalog.$t"
			  : $t;
			$parts[$i] = "($parts[$i])::$q";
		}
		$call = join ', ', @parts;
	}
	push @calls, [ $edition, $sig, "SELECT $schema.$name($call)", $expect{$sig} // '', $volatile, $rettype ];
}
is(join("\n", @missing), '', 'every function of both editions has arguments here');

$sql->(q{CREATE TABLE trapdata.calls (edition text, fn text, stmt text, expect text, PRIMARY KEY (edition, fn))});
my $values = join ",\n", map {
	my @v = @$_[0 .. 3];
	s/'/''/g for @v;
	"('" . join("', '", @v) . "')"
} @calls;
$sql->("INSERT INTO trapdata.calls VALUES $values");
note("functions called per search_path (" . scalar(@calls) . "):\n  " . join("\n  ", map { "$_->[0] $_->[1]" } @calls));
my %per_edition;
$per_edition{ $_->[0] }++ for @calls;
note("per edition: uidx $per_edition{uidx}, uidx_sql $per_edition{uidx_sql}");

# every generator (a volatile function of a key type) as a column DEFAULT, one table per edition
for my $edition (qw(uidx uidx_sql))
{
	my @cols;
	for my $c (grep { $_->[0] eq $edition && $_->[4] eq 'v' && $_->[5] =~ /^(uuid|iuid|comb|distid|numeric)$/ && $_->[1] !~ /^uidx_sql_/ } @calls)
	{
		(my $expr = $c->[2]) =~ s/^SELECT //;
		push @cols, sprintf('c%d %s DEFAULT %s', scalar(@cols), $c->[5] eq 'numeric' ? 'numeric' : $c->[5] =~ /^(iuid|comb|distid)$/ ? "public.$c->[5]" : 'uuid', $expr);
	}
	$sql->("CREATE TABLE trapdata.defaults_$edition (" . join(', ', @cols) . ')');
	$sql->(qq{INSERT INTO trapdata.calls VALUES ('$edition', 'INSERT of ${\ scalar @cols} DEFAULT generators', 'INSERT INTO trapdata.defaults_$edition DEFAULT VALUES', '')});
	cmp_ok(scalar(@cols), '>=', 8, "$edition: " . scalar(@cols) . ' generators as DEFAULTs');
}

# The harness pins its own path and qualifies every name it uses, so that
# only the statements it runs see the trapped search_path.
$sql->(q{
CREATE FUNCTION trapdata.run(path text) RETURNS TABLE (edition text, fn text, outcome text)
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    c record;
    st text;
    msg text;
BEGIN
    FOR c IN SELECT * FROM trapdata.calls ORDER BY 1, 2 LOOP
        edition := c.edition;
        fn := c.fn;
        BEGIN
            PERFORM pg_catalog.set_config('search_path', path, true);
            EXECUTE c.stmt;
            PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
            outcome := 'ok';
        EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
            PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
            outcome := pg_catalog.concat(st, ' ', msg);
        END;
        IF c.expect OPERATOR(pg_catalog.<>) '' AND outcome OPERATOR(pg_catalog.~) pg_catalog.concat('^', c.expect, ' ') THEN
            outcome := 'ok';
        END IF;
        RETURN NEXT;
    END LOOP;
END
$$;
});

for my $path ('"$user", public', 'public, pg_catalog')
{
	my $out = $sql->(qq{SELECT edition || ' ' || fn || ': ' || outcome FROM trapdata.run('$path') WHERE outcome <> 'ok'});
	is($out, '', "search_path = $path: every call of both editions succeeds and runs no trap");
}
is($sql->(q{SELECT is_called FROM public.trap_runs}), 'f', 'no planted object ran at all (its sequence never moved)');
is($sql->(q{SELECT rolsuper FROM pg_roles WHERE rolname = 'mallory'}), 'f', 'mallory is still an ordinary role');

# the traps bite: a call that names a planted object runs it
my (undef, undef, $err) = $node->psql($db, q{SET search_path = public, pg_catalog; SELECT 1::bigint & 3});
like($err, qr/TRAP: operator on \(bigint, integer\) ran/, 'a planted operator runs where a statement names it unqualified');

done_testing();
