# Mail.pm: reading the mails `acqrel patch -o` writes (recipients.t,
# maintainers-kernel.t).
#
#   my @to = Mail::addresses($text, 'To');	# the addresses of To:, unfolded
package Mail;

use strict;
use warnings;

# The addresses of one header of a mail ("To: a,\n    b" is a and b).
sub addresses {
	my ($text, $name) = @_;
	my ($head) = $text =~ /\A(.*?\n)\n/s;
	my ($field, %v) = ('');
	for (split(/\n/, $head // '')) {
		if (/^([\w-]+): (.*)$/) {
			$field = $1;
			push @{$v{$field}}, $2;
		} elsif (/^\s+(.*)$/) {
			push @{$v{$field}}, $1;
		}
	}
	return map { s/,$//r } @{$v{$name} // []};
}

1;
