#!/usr/bin/perl
# audit-agreement.t: scripts/audit-agreement.pl on a made-up audit and pairs
# output: the latest row of an id is its judgement, a one-sided convert
# stays one-sided, rows that are no judgement (a reason table, a verdict
# cell that is no verdict) are left out, and ids the audit never judged are
# not counted.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use Test::More;

my $top = dirname(__FILE__) . '/..';
my $t = tempdir(CLEANUP => 1);

sub spew { my ($p, $text) = @_; open(my $fh, '>', $p) or die "$p: $!"; print $fh $text; close($fh) }

spew("$t/audit.md", <<'EOF');
## Part 1

| # | id | acqrel | mine | variable right? |
|---|---|---|---|---|
| 1 | `a.x\|drivers/a` | review | **keep** | yes |
| 2 | `b.y\|*` | review | **convert (writer)** | yes |
| 3 | `c.z\|kernel` | review | review | partly |

| reason | instances | TRUE | FALSE |
|---|---|---|---|
| 4 | `one-side` | 3 | 1 |

## Part 2

| # | id | acqrel | mine | variable right? |
|---|---|---|---|---|
| 1 | `a.x\|drivers/a` | review | **convert** *(unsure)* | yes |
| 2 | `d.w\|mm` | keep | not judged | - |
EOF
spew("$t/pairs.json", '{"schema": 1, "root": ".", "protocols": [' .
     '{"id": "a.x|drivers/a", "verdict": "convert"}, {"id": "b.y|*", "verdict": "review"}, ' .
     '{"id": "c.z|kernel", "verdict": "review"}, {"id": "d.w|mm", "verdict": "keep"}, ' .
     '{"id": "e.v|fs", "verdict": "keep"}], "unpaired": []}');

my $out = `perl '$top/scripts/audit-agreement.pl' --list '$t/pairs.json' '$t/audit.md' 2>&1`;
is($?, 0, 'runs') or diag($out);
like($out, qr/^3 judged ids in \S+, 3 of them among the 5 protocols/m,
     'three ids judged: a row whose cell is no verdict, and a reason table, are none') or diag($out);
like($out, qr/^acqrel convert \(1\): 1 convert$/m, 'the latest row of an id is its judgement');
like($out, qr/^acqrel review \(2\): 1 convert \(writer\), 1 review$/m,
     'a one-sided convert is kept apart from a convert of both sides');
unlike($out, qr/^acqrel keep/m, 'ids never judged are not counted');
like($out, qr/^the same verdict: 2 of 3$/m, 'the agreement');
like($out, qr/^b\.y\|\*: acqrel review, judged convert \(writer\)$/m, '--list names each disagreement');
unlike($out, qr/^a\.x/m, 'and not an agreement');

my $err = `perl '$top/scripts/audit-agreement.pl' '$t/audit.md' '$t/audit.md' 2>&1`;
isnt($?, 0, 'a file that is not the JSON of pairs: an error');
like($err, qr/not the JSON of acqrel pairs/, 'that says so');

done_testing();
