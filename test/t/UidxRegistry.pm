# The generator registry, test/t/generators.list, for the TAP tests: the
# lines that apply to a server, as hashes (the columns are described in the
# file itself).
package UidxRegistry;
use strict;
use warnings;

sub generators
{
	my ($server_version_num) = @_;
	my @columns = qw(function expr type order bits parallel servers state);
	open my $fh, '<', "$ENV{UIDX_TOP}/test/t/generators.list" or die "generators.list: $!";
	my @lines;
	while (my $line = <$fh>)
	{
		chomp $line;
		next if $line =~ /^\s*(#|$)/;
		my %g;
		@g{@columns} = split /\|/, $line, -1;
		die "generators.list: not 8 columns: $line" unless defined $g{state} && $line =~ tr/|// == 7;
		next unless $g{servers} eq 'all' || ($g{servers} eq '<18' && $server_version_num < 180000);
		push @lines, \%g;
	}
	return @lines;
}

1;
