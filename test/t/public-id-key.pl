# The public-id key out of SQL's reach (docs/public-ids.md, "The key file").
#
# Three servers: uidx not preloaded, in shared_preload_libraries, in
# session_preload_libraries.  Each reads a fresh random key from
# uidx.public_id_key_file, set in postgresql.conf relative to the data
# directory, and is checked for:
#  1. the round trip of every public-id function, and public ids equal to
#     what openssl computes with the key;
#  2. every SQL read path, as an ordinary role, as a member of
#     pg_read_all_settings and as a superuser, in one fresh session before
#     and after uidx loads: the key (its base64, its bytes in hex) is in no
#     output and not in the server log.  A superuser's pg_read_file() of the
#     key file, which shows it by design, proves that the search finds it;
#  3. the removed setting uidx.public_id_key: refused wherever it is set once
#     uidx is loaded, never repeated in an error, and never a key;
#  4. the configured key file survives a client's -c (PGOPTIONS) and a value
#     stored with ALTER DATABASE / ALTER ROLE ... SET by a superuser in a
#     session that has not loaded uidx, for an ordinary role and a
#     superuser: refused, or ignored with a warning;
#  5. an unusable file (group or world access, another owner, missing, not a
#     regular file, not base64, a wrong length): an error at use that names
#     neither the file nor its content, and the path in the server log;
#  6. reloads, in one running session: the key is kept until a reload, then
#     the changed file is read (old public ids no longer decode) or refused;
#     an absolute path set with ALTER SYSTEM; an empty setting.
use strict;
use warnings;
use Fcntl qw(:mode);
use IPC::Run;
use MIME::Base64;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $db = 'uidx_public_id_key';
my $app = 'regress_uidx_key_app';
my $reader = 'regress_uidx_key_reader';

sub random_bytes
{
	open my $fh, '<:raw', '/dev/urandom' or die "/dev/urandom: $!";
	read($fh, my $b, $_[0]) == $_[0] or die "short read from /dev/urandom";
	return $b;
}
sub random_key { return encode_base64(random_bytes(32), '') }

# the public id of a 16-byte plaintext block: AES-256-ECB (openssl's, not
# uidx's), then the ciphertext read as a .NET Guid (first three fields swapped)
sub public_id_of_block
{
	my ($key, $plain_hex) = @_;
	my $c;
	IPC::Run::run [ 'openssl', 'enc', '-aes-256-ecb', '-nopad', '-K', unpack('H*', decode_base64($key)) ],
	  '<', \pack('H*', $plain_hex), '>', \$c
	  or die "openssl enc failed";
	my $h = unpack('H*', $c);
	return join '-', join('', reverse(substr($h, 0, 8) =~ /(..)/g)),
	  join('', reverse(substr($h, 8, 4) =~ /(..)/g)),
	  join('', reverse(substr($h, 12, 4) =~ /(..)/g)), substr($h, 16, 4), substr($h, 20, 12);
}
sub public_id_of_bigint { return public_id_of_block($_[0], '0000000000000000' . unpack('H*', pack('q<', $_[1]))) }

for my $variant (qw(none shared session))
{
	my %preload = (
		none => '',
		shared => "shared_preload_libraries = 'uidx'",
		session => "session_preload_libraries = 'uidx'");
	my $node = PostgreSQL::Test::Cluster->new("key_$variant");
	$node->init;
	$node->append_conf('postgresql.conf', "$preload{$variant}\nuidx.public_id_key_file = 'uidx_public_id.key'\n");
	my $data = $node->data_dir;
	my $key_file = "$data/uidx_public_id.key";
	my $out = PostgreSQL::Test::Utils::tempdir;

	# every key of the test in every form a leak could take: the base64 text
	# with and without padding, the key's bytes and the text's bytes in hex
	my @patterns;
	my $new_key = sub {
		my $k = random_key();
		(my $unpadded = $k) =~ s/=+$//;
		push @patterns, $k, $unpadded, unpack('H*', decode_base64($k)), unpack('H*', $k);
		return $k;
	};
	my $leaks_in = sub {    # texts -> those that show a key
		my @texts = @_;
		return join ' ', grep {
			my $t = lc($texts[$_]);
			grep { index($t, lc $_) >= 0 } @patterns
		} 0 .. $#texts;
	};
	my $write_key_file = sub {
		my ($text, $f) = @_;
		$f //= $key_file;
		unlink $f; rmdir $f;
		my $old = umask 077;
		PostgreSQL::Test::Utils::append_to_file($f, "$text\n");
		umask $old;
		chmod 0600, $f;
	};
	# one psql session of ROLE running the statements; errors inline as
	# "ERROR:  <SQLSTATE>: message" with their DETAIL and HINT lines
	my $sql = sub {
		my ($role, @stmts) = @_;
		my %opt = ref $stmts[0] eq 'HASH' ? %{ shift @stmts } : ();
		my $o = '';
		local $ENV{PGOPTIONS} = $opt{pgoptions} if defined $opt{pgoptions};
		IPC::Run::run [ 'psql', '-X', '-At', '-q', '-h', $node->host, '-p', $node->port, '-U', $role,
			'-d', $opt{db} // $db, '-v', 'VERBOSITY=verbose', map { ('-c', $_) } @stmts ],
		  '<', \'', '>&', \$o;
		$o =~ s/^LOCATION:.*\n//mg;
		chomp $o;
		return $o;
	};
	my $first_error = sub { my ($l) = grep { /^(ERROR|FATAL)/ } split /\n/, $_[0]; return substr($l // '', 0, 13) };
	my $superuser = sub { $node->safe_psql('postgres', "LOAD 'uidx'; $_[0]") };

	my $key = $new_key->();
	my $old_key = random_key();    # what a user might still put into uidx.public_id_key (no pattern)
	$write_key_file->($key);
	my $expected_1 = public_id_of_bigint($key, 1);
	$node->start;
	# the bootstrap superuser is the OS user the test runs as (initdb -U is
	# not used), whatever its name
	my ($su, $su_ident) = split /\|/, $node->safe_psql('postgres', 'SELECT current_user, quote_ident(current_user)');

	$node->safe_psql('postgres', "CREATE ROLE $app LOGIN; CREATE ROLE $reader LOGIN IN ROLE pg_read_all_settings; CREATE DATABASE $db");
	$node->safe_psql($db, q{CREATE EXTENSION uidx;
CREATE FUNCTION try_encode(id bigint) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN public_id_encode(id)::text;
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END
$$});

	# ---- 1. the functions with the file key ----
	is($sql->($app, 'SELECT public_id_encode(1::bigint)'), $expected_1,
		"[$variant] public_id_encode(1::bigint) is openssl's AES of the id's block");
	is($sql->($app, q{SELECT public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)}),
		public_id_of_block($key, '00112233445566778899aabbccddeeff'),
		"[$variant] public_id_encode(uuid) is openssl's AES of the uuid's bytes");
	is($sql->($app, q{
SELECT public_id_decode_bigint(public_id_encode(42::bigint)) = 42,
       public_id_decode_numeric(public_id_encode(1088824355131185736905670087::numeric)) = 1088824355131185736905670087,
       public_id_decode_distid(public_id_encode('1088824355131185736905670087'::distid)) = '1088824355131185736905670087'::distid,
       public_id_decode_uuid(public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)) = '00112233-4455-6677-8899-aabbccddeeff',
       public_id_encode(1088824355131185736905670087::numeric) = public_id_encode('1088824355131185736905670087'::distid),
       public_id_encode(42::numeric) = public_id_encode(42::bigint),
       public_id_decode_bigint(public_id_encode(1088824355131185736905670087::numeric)) IS NULL}),
		't|t|t|t|t|t|t', "[$variant] round trip of every public-id function");

	# ---- 2. every read path ----
	my $read_paths = <<'SQL';
SHOW uidx.public_id_key_file;
SHOW uidx.public_id_key;
SELECT current_setting('uidx.public_id_key_file');
SELECT current_setting('uidx.public_id_key_file', true);
SELECT current_setting('uidx.public_id_key');
SELECT current_setting('uidx.public_id_key', true);
SELECT * FROM pg_settings;
SHOW ALL;
SELECT * FROM pg_show_all_settings();
SELECT * FROM pg_file_settings;
SELECT * FROM pg_db_role_setting;
SELECT rolname, rolconfig FROM pg_roles;
SELECT usename, useconfig FROM pg_user;
SELECT * FROM pg_stat_activity;
EXPLAIN (SETTINGS, VERBOSE) SELECT 1;
SET uidx.public_id_key_file = 'another.key';
SELECT set_config('uidx.public_id_key_file', 'another.key', false);
SQL
	PostgreSQL::Test::Utils::append_to_file("$out/read-paths.sql",
		"-- before uidx loads (in this session)\n$read_paths" . "SELECT public_id_encode(1::bigint);\n-- after\n$read_paths"
		  . "EXPLAIN (SETTINGS, VERBOSE) SELECT public_id_encode(1::bigint);\n"
		  . "SELECT public_id_decode_bigint('00000000-0000-4000-8000-000000000000');\n");
	my @outputs;
	for my $role ($app, $reader, $su)
	{
		my $o = '';
		IPC::Run::run [ 'psql', '-X', '-a', '-h', $node->host, '-p', $node->port, '-U', $role, '-d', $db,
			'-v', 'VERBOSITY=verbose', '-f', "$out/read-paths.sql" ], '<', \'', '>&', \$o;
		push @outputs, $o;
		is($leaks_in->($o), '', "[$variant] $role: no read path shows the key");
		is(scalar(() = $o =~ /\Q$expected_1\E/g), 1, "[$variant] $role: the session used the key");
	}
	# what each role learns about the key file setting, once uidx is loaded
	is($first_error->($sql->($app, 'SELECT public_id_encode(0::bigint) IS NOT NULL', 'SHOW uidx.public_id_key_file')),
		'ERROR:  42501', "[$variant] ordinary role cannot SHOW the key file setting");
	is((split /\n/, $sql->($reader, 'SELECT public_id_encode(0::bigint) IS NOT NULL', 'SHOW uidx.public_id_key_file'))[1],
		'uidx_public_id.key', "[$variant] pg_read_all_settings member sees the key file's name");
	is($first_error->($sql->($reader, q{SELECT pg_read_file('uidx_public_id.key')})),
		'ERROR:  42501', "[$variant] pg_read_all_settings member cannot read the file");
	# Without a preload the setting is a placeholder until uidx loads, so its
	# value (the file's name, not the key) is visible until then (README).
	if ($variant eq 'none')
	{
		is($sql->($app, 'SHOW uidx.public_id_key_file'), 'uidx_public_id.key',
			"[$variant] before uidx loads, the key file's name is a visible placeholder");
	}
	else
	{
		is($first_error->($sql->($app, 'SHOW uidx.public_id_key_file')), 'ERROR:  42501',
			"[$variant] preloaded: the key file's name is hidden from the first query on");
	}
	# the search can fail: a superuser reads the file by design
	is($leaks_in->($sql->($su, q{SELECT pg_read_file('uidx_public_id.key')})), '0',
		"[$variant] control: the search finds the key where it is shown");

	# ---- 3. the removed setting ----
	my $refusals = $sql->($su, "LOAD 'uidx'",
		"SET uidx.public_id_key = '$old_key'",
		"SELECT set_config('uidx.public_id_key', '$old_key', false)",
		"ALTER ROLE $app SET uidx.public_id_key = '$old_key'",
		"ALTER DATABASE $db SET uidx.public_id_key = '$old_key'",
		"ALTER SYSTEM SET uidx.public_id_key = '$old_key'");
	(my $old_unpadded = $old_key) =~ s/=+$//;
	is(scalar(() = $refusals =~ /^ERROR:  22023: parameter "uidx.public_id_key" is no longer supported/mg) . ' '
		  . scalar(() = $refusals =~ /^HINT: .*uidx.public_id_key_file/mg),
		'5 5', "[$variant] uidx.public_id_key refused by SET, set_config, ALTER ROLE/DATABASE/SYSTEM");
	unlike($refusals, qr/\Q$old_unpadded\E/, "[$variant] the refusals do not repeat the value");
	is($sql->($su, q{SELECT count(*) FROM pg_db_role_setting WHERE array_to_string(setconfig, ' ') LIKE '%public_id_key%'}),
		'0', "[$variant] the value was stored in no catalog");
	unlike(slurp_file("$data/postgresql.auto.conf"), qr/\Q$old_unpadded\E/, "[$variant] the value was stored in no file");
	is($first_error->($sql->($app, 'SELECT public_id_encode(0::bigint) IS NOT NULL', "SET uidx.public_id_key = '$old_key'")),
		'ERROR:  42501', "[$variant] an ordinary role cannot set it at all");
	if ($variant eq 'none')
	{
		# Before uidx loads, PostgreSQL takes any uidx.* value as a placeholder;
		# loading uidx then refuses it with a warning, and it is never a key.
		my $placeholder = $sql->($su, "SET uidx.public_id_key = '$old_key'", 'SELECT public_id_encode(1::bigint)');
		is(join('|', grep { /^WARNING|^[0-9a-f]{8}-/ } split /\n/, $placeholder),
			qq{WARNING:  22023: parameter "uidx.public_id_key" is no longer supported|$expected_1},
			"[$variant] a placeholder set before uidx loads is refused at load and is no key");
		$node->safe_psql('postgres', "ALTER ROLE $app SET uidx.public_id_key = '$old_key'");
		is(join('|', grep { !/^(WARNING|DETAIL|HINT)/ } split /\n/, $sql->($app, 'SELECT public_id_encode(1::bigint)')),
			$expected_1, "[$variant] a placeholder stored with ALTER ROLE before uidx loads is no key");
		$superuser->("ALTER ROLE $app RESET uidx.public_id_key");
	}

	# ---- 4. the key file setting against a session, database or role value ----
	for my $role ($app, $su)
	{
		my $got = $sql->($role, { pgoptions => '-c uidx.public_id_key_file=/no-such-uidx-key' }, 'SELECT public_id_encode(1::bigint)');
		if ($variant eq 'shared')
		{
			# a real PGC_SIGHUP setting: PostgreSQL ends the connection
			like($got, qr/failed: FATAL:  parameter "uidx.public_id_key_file" cannot be changed now$/m,
				"[$variant] $role: a client's -c uidx.public_id_key_file is refused");
		}
		else
		{
			is(join('|', grep { /^(ERROR|FATAL)|^[0-9a-f]{8}-/ } split /\n/, $got), $expected_1,
				"[$variant] $role: a client's -c uidx.public_id_key_file leaves the configured key");
			like($got, qr/^WARNING:  (55P02: )?parameter "uidx.public_id_key_file" cannot be changed now$/m,
				"[$variant] $role: ... with a warning");
		}
		unlike($got, qr{/no-such-uidx-key}, "[$variant] $role: the messages do not repeat the value");
	}
	# a superuser in a session that has not loaded uidx (no session preload)
	my $no_uidx = { pgoptions => '-c session_preload_libraries=', db => 'postgres' };
	for my $target ("DATABASE $db", "ROLE $app", "ROLE $su_ident")
	{
		my $stored = $sql->($su, $no_uidx, "ALTER $target SET uidx.public_id_key_file = '/no-such-uidx-key'");
		if ($variant eq 'shared')
		{
			is($first_error->($stored), 'ERROR:  55P02', "[$variant] ALTER $target SET uidx.public_id_key_file is refused");
			next;
		}
		is($stored, '', "[$variant] ALTER $target SET uidx.public_id_key_file: stored while uidx is not loaded");
		for my $role ($app, $su)
		{
			my $got = $sql->($role, 'SELECT public_id_encode(1::bigint)');
			is(join('|', grep { /^(ERROR|FATAL)|^[0-9a-f]{8}-/ } split /\n/, $got), $expected_1,
				"[$variant] ALTER $target SET: a session of $role keeps the configured key");
			like($got, qr/^WARNING:  (55P02: )?parameter "uidx.public_id_key_file" cannot be changed now$/m,
				"[$variant] ALTER $target SET: a session of $role gets a warning")
			  if $target eq "DATABASE $db" || $target eq "ROLE " . ($role eq $su ? $su_ident : $role);
		}
		$sql->($su, $no_uidx, "ALTER $target RESET uidx.public_id_key_file");
	}
	is($sql->($su, 'SELECT count(*) FROM pg_db_role_setting'), '0', "[$variant] database and role settings removed");

	# ---- 5. an unusable key file ----
	my $use_key = sub { $sql->($app, 'SELECT public_id_encode(1::bigint)') };
	my $unusable = sub {
		my ($label, $detail) = @_;
		my $got = $use_key->();
		is(join('|', grep { /^(ERROR|DETAIL)/ } split /\n/, $got),
			"ERROR:  F0000: the public id key file is not usable|DETAIL:  $detail", "[$variant] $label: refused at use");
		(my $unpadded = $key) =~ s/=+$//;
		unlike($got, qr/uidx_public_id\.key|\Q$unpadded\E/, "[$variant] $label: the error names neither the file nor its content");
		ok($node->log_contains(qr/DETAIL:  \Q$detail The file is "$key_file".\E/),
			"[$variant] $label: the server log has the error with the path");
	};
	chmod 0640, $key_file;
	$unusable->('group-readable file', 'The public id key file has group or world access; it must have permissions u=rw (0600) or less.');
	chmod 0604, $key_file;
	is((split /\n/, $use_key->())[0], 'ERROR:  F0000: the public id key file is not usable', "[$variant] world-readable file: refused");
	# another owner: a link to a file of root's (the test runs as the server's user)
	rename $key_file, "$key_file.saved";
	symlink '/etc/passwd', $key_file or die "symlink: $!";
	$unusable->('file owned by another user', "The public id key file must be owned by the server's operating system user.");
	unlink $key_file;
	rename "$key_file.saved", $key_file;
	unlink $key_file;
	is((split /\n/, $use_key->())[0], 'ERROR:  F0000: could not open the public id key file: No such file or directory',
		"[$variant] missing file: refused at use");
	ok($node->log_contains(qr/DETAIL:  \QThe file is "$key_file".\E/), "[$variant] missing file: the server log has the path");
	mkdir $key_file, 0700;
	$unusable->('a directory', 'The public id key file is not a regular file.');
	rmdir $key_file;
	$write_key_file->('not base64!');
	$unusable->('not base64', 'The public id key file does not hold valid base64.');
	$write_key_file->(encode_base64(random_bytes(20), ''));
	$unusable->('a 20-byte key', 'The key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256).');
	$write_key_file->($key);
	is($use_key->(), $expected_1, "[$variant] fixed file: used again");

	# ---- 6. reloads, seen by one running session ----
	my $session = $node->background_psql($db, on_error_stop => 0, extra_params => [ '-U', $app ]);
	my $ask = sub { my $r = $session->query("SELECT coalesce(($_[0])::text, 'NULL')"); chomp $r; return $r };
	my $until_answer = sub {    # the answer once it is the expected one, or the last after 10 s
		my ($q, $want) = @_;
		my $a;
		for (1 .. 100) { $a = $ask->($q); last if $a eq $want; select undef, undef, undef, 0.1; }
		return $a;
	};
	my $key2 = $new_key->();
	my $expected2_1 = public_id_of_bigint($key2, 1);
	is($ask->('try_encode(1)'), $expected_1, "[$variant] running session: the file key");
	$write_key_file->($key2);
	is($ask->('try_encode(1)'), $expected_1, "[$variant] running session: a changed file is not read before a reload");
	$node->reload;
	is($until_answer->('try_encode(1)', $expected2_1), $expected2_1, "[$variant] running session: the changed key after a reload");
	is($ask->("public_id_decode_bigint('$expected_1')"), 'NULL', "[$variant] running session: public ids of the old key no longer decode");
	chmod 0644, $key_file;
	$node->reload;
	is($until_answer->('try_encode(1)', 'ERROR F0000'), 'ERROR F0000',
		"[$variant] running session: a file made world-readable is refused after a reload");
	chmod 0600, $key_file;
	is($ask->('try_encode(1)'), $expected2_1, "[$variant] running session: an unusable file is tried again at each use");
	my $key3 = $new_key->();
	my $expected3_1 = public_id_of_bigint($key3, 1);
	$write_key_file->($key3, "$out/absolute.key");
	$superuser->("ALTER SYSTEM SET uidx.public_id_key_file = '$out/absolute.key'");
	$node->reload;
	is($until_answer->('try_encode(1)', $expected3_1), $expected3_1, "[$variant] running session: an absolute path set with ALTER SYSTEM");
	is($use_key->(), $expected3_1, "[$variant] a new session: the absolute path");
	# the recovery of a lost setting reads postgresql.auto.conf too
	is(join('|', grep { /^(ERROR|FATAL)|^[0-9a-f]{8}-/ } split /\n/,
			$sql->($app, { pgoptions => '-c uidx.public_id_key_file=/no-such-uidx-key' }, 'SELECT public_id_encode(1::bigint)')),
		$variant eq 'shared' ? '' : $expected3_1, "[$variant] a client's -c leaves the ALTER SYSTEM path");
	$superuser->("ALTER SYSTEM SET uidx.public_id_key_file = ''");
	$node->reload;
	is($until_answer->('try_encode(1)', 'ERROR 55000'), 'ERROR 55000', "[$variant] running session: an empty setting is no key");
	$superuser->('ALTER SYSTEM RESET uidx.public_id_key_file');
	$node->reload;
	is($until_answer->('try_encode(1)', $expected2_1), $expected2_1, "[$variant] running session: back to postgresql.conf's relative path");

	$session->quit;

	# ---- the key is nowhere: outputs and the server log ----
	is($leaks_in->(@outputs, $refusals), '', "[$variant] no output of this test shows a key");
	is($leaks_in->(slurp_file($node->logfile)), '', "[$variant] the server log does not show the keys");
	$node->stop;
}
# docs/public-ids.md's ALTER SYSTEM, as it is written there, on a server
# whose configuration files do not name the setting yet (a name there makes
# a placeholder that ALTER SYSTEM accepts), in a fresh session that has not
# loaded uidx: 15 and 16 refuse the setting without the document's LOAD, 17
# and later accept it; with it, the key file named is the one used.
{
	my $node = PostgreSQL::Test::Cluster->new('key_alter_system');
	$node->init;
	my $key = random_key();
	my $old = umask 077;
	PostgreSQL::Test::Utils::append_to_file($node->data_dir . '/uidx_public_id.key', "$key\n");
	umask $old;
	$node->start;
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, 'CREATE EXTENSION uidx');
	my ($block) = slurp_file("$ENV{UIDX_TOP}/docs/public-ids.md")
	  =~ /^<!-- run by test\/t\/public-id-key\.pl -->\n```sql\n(.*?)^```/ms
	  or BAIL_OUT('docs/public-ids.md: no ```sql block run by test/t/public-id-key.pl');
	like($block, qr/^LOAD 'uidx';\n.*^ALTER SYSTEM SET uidx\.public_id_key_file = 'uidx_public_id\.key';/ms,
		'docs/public-ids.md: the ALTER SYSTEM block loads uidx first');
	(my $without_load = $block) =~ s/^LOAD 'uidx';\n//m;
	my ($rc, $stdout, $stderr) = $node->psql('postgres', $without_load);
	if ($node->pg_version >= 17)
	{
		is($rc, 0, 'ALTER SYSTEM SET uidx.public_id_key_file without LOAD: accepted on 17 and later');
		$node->safe_psql('postgres', 'ALTER SYSTEM RESET uidx.public_id_key_file; SELECT pg_reload_conf()');
	}
	else
	{
		like($stderr, qr/unrecognized configuration parameter "uidx\.public_id_key_file"/,
			'ALTER SYSTEM SET uidx.public_id_key_file without LOAD: refused on 15 and 16, as docs/public-ids.md says');
	}
	($rc, $stdout, $stderr) = $node->psql('postgres', $block);
	is("$rc $stderr", '0 ', "docs/public-ids.md's LOAD and ALTER SYSTEM run in a fresh session");
	ok($node->poll_query_until($db, 'SELECT public_id_encode(1::bigint)', public_id_of_bigint($key, 1)),
		'a new session encodes with the key file named by ALTER SYSTEM');
	$node->stop;
}
done_testing();
