# Fork safety with shared_preload_libraries = 'uidx': _PG_init then runs in the
# postmaster, and whatever it left in memory every backend would inherit.
#
# A server with the library preloaded, and:
#  1. the library really is loaded in the postmaster (its settings exist in a
#     backend that never loaded uidx itself);
#  2. for every generator of the registry (test/t/generators.list) with
#     random bits: two fresh backends' first ids differ in every random bit
#     field, and are never equal as 16 bytes;
#  3. the postmaster's own memory, read from /proc, holds no randomness and
#     no generator state (every state variable the registry names is 0, as is
#     the entropy pool's owner; the pool is empty and zeroed), before and
#     after the backends generated;
#  4. a backend that used every generator with state owns all of it: each
#     state variable the registry names holds its pid (the check that makes
#     a backend forked from a process with state start afresh).
# Steps 3 and 4 read process memory; where the kernel refuses that (no
# ptrace rights) they are skipped, steps 1 and 2 still decide.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UidxTest;

my $node = PostgreSQL::Test::Cluster->new('fork_safety');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uidx'\n");
$node->start;
my $db = 'postgres';
my $sql = sub { $node->safe_psql($db, $_[0]) };

# 1. loaded by the postmaster: a fresh backend that never ran LOAD or CREATE
# EXTENSION knows the settings as real (not placeholder) variables
is($sql->('SHOW shared_preload_libraries'), 'uidx', 'shared_preload_libraries is uidx');
is($sql->(q{SELECT count(*) FROM pg_settings
             WHERE name IN ('uidx.country', 'uidx.debug_clock_offset_ms', 'uidx.debug_clock_freeze',
                            'uidx.debug_clock_step_ns')}),
	'4', 'the uidx settings are known to a fresh backend before CREATE EXTENSION');

$sql->('CREATE EXTENSION uidx');
$sql->(slurp_file("$ENV{UIDX_TOP}/test/t/generators-fixtures.sql"));
my @generators = UidxTest::generators($sql->('SHOW server_version_num'));

# uidx.so's per-process state: the registry's state variables, and the
# entropy pool of src/entropy.c (its owner, how much of it is used, the bytes)
my %seen;
my @owners = grep { $_ ne '-' && !$seen{$_}++ } map { $_->{state} } @generators;
my $so = $sql->(q{SELECT setting FROM pg_config WHERE name = 'PKGLIBDIR'}) . '/uidx.so';
my ($nm_out, $nm_err);
IPC::Run::run [ 'nm', '-S', '--defined-only', $so ], '>', \$nm_out, '2>', \$nm_err or die "nm $so: $nm_err";
my %symbol;    # name -> [address, size] of uidx.so's data
for (split /\n/, $nm_out)
{
	my @f = split;
	$symbol{ $f[3] } = [ hex $f[0], hex $f[1] ] if @f == 4 && $f[2] =~ /^[bBdD]$/;
}
for my $name (@owners, qw(entropy_owner_pid entropy_used entropy_buffer))
{
	ok($symbol{$name}, "uidx.so has the state variable $name");
}
# A static owner variable that no registry line names would escape steps 3
# and 4: the names the C code gives them (*_pid) are the safety net.
my %named = map { $_ => 1 } @owners, 'entropy_owner_pid';
is(join(' ', grep { /_pid$/ && !$named{$_} } sort keys %symbol), '',
	'every per-process owner variable of uidx.so is named in the registry');

# peek(pid): name => value of each variable in that process (the buffer:
# "zero" or "nonzero"), or undef when the kernel refuses access
sub peek
{
	my ($pid) = @_;
	open my $maps, '<', "/proc/$pid/maps" or return undef;
	my $base;
	while (<$maps>)
	{
		my @f = split;
		if (@f >= 6 && $f[5] =~ m{/uidx\.so$} && hex($f[2]) == 0) { ($base) = $f[0] =~ /^([0-9a-f]+)-/; last; }
	}
	die "uidx.so is not mapped in process $pid" unless defined $base;
	open my $mem, '<:raw', "/proc/$pid/mem" or return undef;
	my %v;
	for my $name (@owners, qw(entropy_owner_pid entropy_used entropy_buffer))
	{
		my ($addr, $size) = @{ $symbol{$name} };
		sysseek($mem, hex($base) + $addr, 0) or return undef;
		defined sysread($mem, my $raw, $size) or return undef;
		$v{$name} = $size == 4 ? unpack('l', $raw) : $size == 8 ? unpack('q', $raw)
		  : ($raw =~ /[^\0]/ ? 'nonzero' : 'zero');
	}
	return \%v;
}

my $postmaster_pid = (split /\n/, slurp_file($node->data_dir . '/postmaster.pid'))[0];
sub check_postmaster
{
	my ($when) = @_;
	my $v = peek($postmaster_pid);
  SKIP:
	{
		skip "postmaster memory $when: process memory not readable here", 1 unless $v;
		note "postmaster memory $when: " . join ' ', map { "$_=$v->{$_}" } sort keys %$v;
		my @bad = grep { /_pid$/ && $v->{$_} != 0 } sort keys %$v;
		push @bad, 'entropy_used' if $v->{entropy_used} != 4096;
		push @bad, 'entropy_buffer' if $v->{entropy_buffer} ne 'zero';
		is("@bad", '', "postmaster memory $when: no randomness, no generator state");
	}
}
check_postmaster('before generation');

# 2. two fresh backends per generator: their random fields differ
my $bits_of = sub { my ($id) = @_; $id =~ tr/-//d; return unpack('B128', pack('H32', $id)) };
my $first_id = sub { $bits_of->($sql->("SELECT ($_[0])::uuid")) };
my $equal_fields = sub {    # a, b, fields -> the fields in which a and b are equal
	my ($a, $b, @fields) = @_;
	return grep { my ($first, $len) = split /:/; substr($a, $first, $len) eq substr($b, $first, $len) } @fields;
};
for my $g (@generators)
{
	# as 16 bytes: numeric(28,0) through distid
	my $expr = $g->{type} eq 'numeric(28,0)' ? "($g->{expr})::distid" : $g->{expr};
	my ($a, $b) = ($first_id->($expr), $first_id->($expr));
	my @equal = $equal_fields->($a, $b, split ' ', $g->{bits});
	# A field under 32 bits matches by chance (1 in 4096 for 12 bits); state
	# inherited from the postmaster would make it match in every pair, so such
	# a field is drawn again from two more pairs of fresh backends.
	for (1 .. 2)
	{
		last unless @equal && !grep { (split /:/)[1] >= 32 } @equal;
		@equal = $equal_fields->($first_id->($expr), $first_id->($expr), @equal);
	}
	isnt($a, $b, "$g->{function}: two fresh backends made different ids");
	is("@equal", '', "$g->{function}: no random field equal in two fresh backends");
}
is(scalar(@generators), scalar(grep { $_->{bits} ne '' } @generators), 'every generator has random fields to compare');

# 4. a backend owns the state it made: every state variable holds its pid
my $session = $node->background_psql($db);
my $backend_pid = $session->query_safe('SELECT pg_backend_pid()');
my @stateful = grep { $_->{state} ne '-' } @generators;
$session->query_safe('SELECT ' . join(', ', map { $_->{expr} } @stateful));
my $v = peek($backend_pid);
SKIP:
{
	skip 'backend memory: process memory not readable here', scalar(@owners) + 1 unless $v;
	note "backend $backend_pid memory after generating: " . join ' ', map { "$_=$v->{$_}" } sort keys %$v;
	is($v->{$_}, $backend_pid, "a backend that generated owns $_") for @owners, 'entropy_owner_pid';
}
$session->quit;

check_postmaster('after generation');
$node->stop;
done_testing();
