# The pg_regress suite in databases of other encodings, as `make installcheck
# ENCODING=... NO_LOCALE=1` runs it (docs/upgrades.md "make installcheck"):
# every test prints
# the same in any encoding except sql/encoding.sql, which holds every
# non-ASCII input and has one expected file per kind of encoding (its first
# query prints the kind, so no other kind's file can match).
#  0. no other test file holds non-ASCII text outside comments (the rule of
#     test/README.md "Adding a test", checked before the long runs);
#  1. the whole suite in a LATIN1 and in a SQL_ASCII database;
#  2. sql/encoding.sql alone in a WIN1252 database (expected/encoding_2.out,
#     as LATIN1) and a KOI8R one (expected/encoding_3.out: no ä, é, ö, ß).
# The UTF8 run is make test's own pg_regress run.  One server, C locale
# databases (any encoding goes with it), one pg_regress run after another:
# the tests create roles and use ALTER SYSTEM, which are server-wide.
use strict;
use warnings;
use File::Path qw(make_path);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $top = $ENV{UIDX_TOP};
my $pg_regress = $ENV{PG_REGRESS};
my @suite = map { m{([^/]+)\.sql$} } sort glob("$top/sql/*.sql");
ok(scalar(grep { $_ eq 'encoding' } @suite), 'sql/encoding.sql is in the suite');
my @non_ascii;
for my $file (grep { !m{/encoding\.sql$} } sort glob("$top/sql/*.sql $top/test/regress/*.sql"))
{
	my $n = 0;
	for my $line (split /\n/, slurp_file($file))
	{
		$n++;
		(my $code = $line) =~ s/--.*//;
		push @non_ascii, "$file:$n: $line" if $code =~ /[^\x00-\x7F]/;
	}
}
is(join("\n", @non_ascii), '', 'non-ASCII text outside comments only in sql/encoding.sql');

my $node = PostgreSQL::Test::Cluster->new('encodings');
$node->init;
$node->start;

# pg_regress runs psql in its working directory: the tests read test/regress/
# and test/t/ from there and sql/iuid.sql writes results/ there, so each run
# gets a directory of its own with sql/ and test/ linked to the tree's
sub regress
{
	my ($encoding, @tests) = @_;
	my $dir = "$PostgreSQL::Test::Utils::tmp_check/regress_" . lc $encoding;
	make_path($dir);
	for my $d (qw(sql test))
	{
		symlink("$top/$d", "$dir/$d") or die "symlink $dir/$d: $!";
	}
	chdir $dir or die "chdir $dir: $!";
	# its output goes to a file: from PostgreSQL 16 on it is TAP itself
	my $ok = IPC::Run::run [ $pg_regress, '--bindir=', "--inputdir=$top", "--outputdir=$dir",
		'--host=' . $node->host, '--port=' . $node->port, '--load-extension=uidx',
		'--dbname=uidx_regress_' . lc $encoding, "--encoding=$encoding", '--no-locale', @tests ],
	  '<', \'', '>', "$dir/pg_regress.log", '2>&1';
	ok($ok, "pg_regress in a $encoding database: " . join(' ', @tests));
	unless ($ok)
	{
		diag(slurp_file("$dir/pg_regress.log"));
		my @diffs = -f "$dir/regression.diffs" ? split(/\n/, slurp_file("$dir/regression.diffs")) : ();
		diag(join("\n", @diffs[ 0 .. ($#diffs < 199 ? $#diffs : 199) ])) if @diffs;
	}
	is($node->safe_psql('postgres', qq{SELECT pg_encoding_to_char(encoding) FROM pg_database
	                                    WHERE datname = 'uidx_regress_} . lc($encoding) . q{'}),
		$encoding, "the database was $encoding");
}

regress($_, @suite) for qw(LATIN1 SQL_ASCII);
regress($_, 'encoding') for qw(WIN1252 KOI8R);

$node->stop;
done_testing();
