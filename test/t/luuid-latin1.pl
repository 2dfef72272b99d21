# crc12(text) hashes the UTF-8 bytes of the text whatever the database
# encoding: in a LATIN1 database 'Größe' must still give 0x724 (1828), not
# the CRC-12 of its LATIN1 bytes (3962).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('latin1');
$node->init(extra => [ '--encoding=LATIN1', '--locale=C' ]);
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uidx');
is($node->safe_psql('postgres', q{SHOW server_encoding}), 'LATIN1', 'the database is LATIN1');
my $got = $node->safe_psql('postgres', q{
    SET client_encoding = 'UTF8';
    SELECT crc12('Größe') || ' ' || crc12(convert_to('Größe', 'LATIN1')) || ' ' ||
           luuid_group(luuid_generate('Größe', 1))});
is($got, '1828 3962 1828', 'crc12 of text, of LATIN1 bytes, group of luuid_generate');
$node->stop;
done_testing();
