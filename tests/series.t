#!/usr/bin/perl
# series.t: `acqrel patch -o DIR` writes a format-patch series, one patch per
# protocol, that `git am` applies in order to a git copy of the fixtures;
# afterwards acqrel pairs finds nothing left to convert.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Copy qw(copy);
use File::Temp qw(tempdir);
use POSIX ();
use Test::More;

my $acqrel = abs_path($ENV{ACQREL} || 'build/acqrel');
my $top = abs_path(dirname(__FILE__) . '/..');
my $tmp = tempdir(CLEANUP => 1);
my $git = "git -c user.name='Ada Tester' -c user.email=ada\@acqrel.invalid";
# acqrel takes From: from the user's git configuration, never the tree's
my $home = tempdir(CLEANUP => 1);
open(my $gc, '>', "$home/.gitconfig") or die;
print $gc "[user]\n\tname = Ada Tester\n\temail = ada\@acqrel.invalid\n";
close($gc);
$ENV{HOME} = $home;
delete $ENV{XDG_CONFIG_HOME};
delete $ENV{$_} for grep { /^GIT_/ } keys %ENV;

system('sh', '-c', "mkdir '$tmp'/pairs '$tmp'/patch && cp '$top'/tests/golden/pairs/*.c '$tmp'/pairs/ && " .
       "cp '$top'/tests/golden/patch/*.c '$tmp'/patch/ && " .
       "cd '$tmp' && git init -q && git config user.name 'Tree Config' && " .
       "git config user.email tree\@acqrel.invalid && git add . && $git commit -qm fixtures") == 0
	or BAIL_OUT("cannot set up a git copy of the fixtures");

my $log = `cd '$tmp' && SOURCE_DATE_EPOCH=1700000000 '$acqrel' patch -o '$tmp/out' --signoff pairs/*.c patch/*.c 2>&1`;
my ($n) = $log =~ /(\d+) patch(?:es)? in /;
opendir(my $d, "$tmp/out") or die;
my @patches = sort grep { /^\d{4}-.*\.patch$/ } readdir($d);
closedir($d);
ok($n && @patches == $n + 1 && $patches[0] eq '0000-cover-letter.patch',
   "a cover letter and $n patches") or diag($log);

my $first = do { local (@ARGV, $/) = ("$tmp/out/$patches[1]"); <> };
like($first, qr/^From: Ada Tester <ada\@acqrel\.invalid>$/m,
     'From: is the user\'s git identity, not the one the tree\'s .git/config sets');
like($first, qr/^Date: Tue, 14 Nov 2023 22:13:20 \+0000$/m, 'Date: follows SOURCE_DATE_EPOCH');
like($first, qr/^Subject: \[PATCH 1\/$n\] \S.*: use /m, 'Subject: [PATCH 1/n] prefix: ...');
like($first, qr/^No functional change intended\.$/m, 'the body ends as the kernel\'s do');
like($first, qr/^Signed-off-by: Ada Tester <ada\@acqrel\.invalid>\n---\n(?:(?!diff --git).*\n)*? \S+ \| \d+ [+-]+\n 1 file changed, \d+ insertions?\(\+\), \d+ deletions?\(-\)$/m,
     'Signed-off-by:, then ---, then the notes for the author if any, then a diffstat');
my ($message) = $first =~ /\A(.*?)^---$/ms;
ok(!grep({ length($_) > 75 } grep { !/^(From|Subject|Signed-off-by):/ } split(/\n/, $message)),
   'message lines are at most 75 columns');

{
	my $cover = do { local (@ARGV, $/) = ("$tmp/out/$patches[0]"); <> };
	my $head = `cd '$tmp' && git rev-parse HEAD`;
	chomp($head);
	like($cover, qr/^base-commit: \Q$head\E$/m, 'the cover letter names the commit the series applies to');
}
# with --include-review, the patch of a review protocol says RFC, and so
# does the cover letter; the patch of a convert protocol does not
{
	my $t9 = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$t9/mix.c") or die;
	print $fh "struct demo_mix {\n\tint data[4];\n\tunsigned int tail;\n\tu64 gen;\n};\n\n" .
		  "static void demo_put(struct demo_mix *m, unsigned int t)\n{\n\tm->data[0] = 1;\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(m->tail, t);\n}\n\n" .
		  "static int demo_get(struct demo_mix *m)\n{\n\tunsigned int t = READ_ONCE(m->tail);\n\n" .
		  "\tsmp_rmb();\n\treturn t ? m->data[0] : 0;\n}\n\n" .
		  "static void demo_bump(struct demo_mix *m)\n{\n\tm->data[1] = 2;\n\tsmp_wmb();\n" .
		  "\tWRITE_ONCE(m->gen, m->gen + 1);\n}\n\n" .
		  "static int demo_seen(struct demo_mix *m)\n{\n\tu64 g = READ_ONCE(m->gen);\n\n" .
		  "\tsmp_rmb();\n\treturn g ? m->data[1] : 0;\n}\n";
	close($fh);
	my $o = `cd '$t9' && '$acqrel' patch -o plain mix.c 2>&1 && '$acqrel' patch -o rfc --include-review mix.c 2>&1`;
	my $subjects = sub { join("\n", map { do { local (@ARGV, $/) = ($_); <> } =~ /^Subject: (.*)$/m } sort glob("$t9/$_[0]/*.patch")) };
	is($subjects->('plain'), "[PATCH] mix: use smp_store_release()/smp_load_acquire() for m->tail",
	   'the convert protocol alone: no RFC, and a patch alone is [PATCH] with no cover letter') or diag($o);
	is($subjects->('rfc'), "[RFC PATCH 0/2] mix: convert 2 barrier pairs to release/acquire\n" .
			       "[PATCH 1/2] mix: use smp_store_release()/smp_load_acquire() for m->tail\n" .
			       "[RFC PATCH 2/2] mix: use smp_store_release()/smp_load_acquire() for m->gen",
	   '--include-review: RFC on the cover letter and on the review protocol\'s patch only') or diag($o);
	# the cover letter says what this series converts, and where
	my $cover = do { local (@ARGV, $/) = ("$t9/rfc/0000-cover-letter.patch"); <> } // '';
	like($cover, qr/^This series converts the smp_wmb\(\)\/smp_rmb\(\) pairs of 2 variables in\nmix\.c to .*:\n\n- m->tail: demo_put\(\) publishes it to demo_get\(\) \(mix\.c\)\n- m->gen: demo_bump\(\) publishes it to demo_seen\(\) \(mix\.c\)\n\n.* The RFC patches\ncarry caveats/ms,
	     'the cover letter names the variables, their writers and readers, and the files');
	like($cover, qr/smp_load_acquire\(\), the writer and the\nreaders of each in the same patch:$/m,
	     'a series that converts both sides of each variable says so');
	# readers that keep their smp_mb(): the writers alone convert, and the cover letter says so
	open($fh, '>', "$t9/one.c") or die;
	print $fh "struct demo_one {\n\tint data[4];\n\tunsigned int tail;\n\tunsigned int gen;\n};\n\n" .
		  "static void demo_put(struct demo_one *m, unsigned int t)\n{\n\tm->data[0] = 1;\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(m->tail, t);\n}\n\n" .
		  "static int demo_get(struct demo_one *m)\n{\n\tunsigned int t = READ_ONCE(m->tail);\n\n" .
		  "\tsmp_mb();\n\treturn t ? m->data[0] : 0;\n}\n\n" .
		  "static void demo_bump(struct demo_one *m)\n{\n\tm->data[1] = 2;\n\tsmp_wmb();\n" .
		  "\tWRITE_ONCE(m->gen, m->gen + 1);\n}\n\n" .
		  "static int demo_seen(struct demo_one *m)\n{\n\tunsigned int g = READ_ONCE(m->gen);\n\n" .
		  "\tsmp_mb();\n\treturn g ? m->data[1] : 0;\n}\n";
	close($fh);
	$o = `cd '$t9' && '$acqrel' patch -o one one.c 2>&1`;
	my $one = do { local (@ARGV, $/) = ("$t9/one/0000-cover-letter.patch"); <> } // '';
	like($one =~ s/\s+/ /gr, qr/ why the release keeps the ordering the barrier gave, /,
	     'a series that converts the writers alone speaks of the release alone');
	like($one, qr/^This series converts the writers of 2 variables in one\.c to\nsmp_store_release\(\); the readers of each stay as they are:$/m,
	     'a series that converts the writers alone does not say it converts the readers') or diag($o);
	# a reader that keeps its barrier in a header the patch does not change:
	# the cover letter places it there, not in the patched file
	open($fh, '>', "$t9/wa.h") or die;
	print $fh "struct demo_wa {\n\tint data;\n\tint ready;\n};\n\nvoid demo_note(void);\n\n" .
		  "static inline int demo_wa_get(struct demo_wa *w)\n{\n\tif (!READ_ONCE(w->ready))\n" .
		  "\t\treturn -1;\n\tdemo_note();\n\tsmp_rmb();\n\treturn w->data;\n}\n";
	close($fh);
	open($fh, '>', "$t9/wa.c") or die;
	print $fh "#include \"wa.h\"\n\nvoid demo_wa_put(struct demo_wa *w, int v)\n{\n\tw->data = v;\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(w->ready, 1);\n}\n\nstruct demo_wb {\n\tint data;\n\tint ready;\n};\n\n" .
		  "void demo_wb_put(struct demo_wb *w, int v)\n{\n\tw->data = v;\n\tsmp_wmb();\n" .
		  "\tWRITE_ONCE(w->ready, 1);\n}\n\nint demo_wb_get(struct demo_wb *w)\n{\n" .
		  "\tif (!READ_ONCE(w->ready))\n\t\treturn -1;\n\tsmp_rmb();\n\treturn w->data;\n}\n";
	close($fh);
	$o = `cd '$t9' && '$acqrel' patch -o wa wa.c wa.h 2>&1`;
	my $wa = do { local (@ARGV, $/) = ("$t9/wa/0000-cover-letter.patch"); <> } // '';
	like($wa, qr/^- w->ready: demo_wa_put\(\) publishes it to demo_wa_get\(\) in wa\.h \(wa\.c\)\n- w->ready: demo_wb_put\(\) publishes it to demo_wb_get\(\) \(wa\.c\)$/m,
	     'the cover letter names the file of a function the patch does not change') or diag($o);
	# a reader whose smp_rmb() at a callee's edge stays: no paragraph about moving it into the callers
	open($fh, '>', "$t9/edge.c") or die;
	print $fh "struct demo_ld {\n\tunsigned char buf[64];\n\tunsigned long head;\n\tunsigned long tail;\n};\n\n" .
		  "static void demo_add(struct demo_ld *l, unsigned char c)\n{\n\tl->buf[l->head & 63] = c;\n" .
		  "\tsmp_wmb();\n\tl->head++;\n}\n\n" .
		  "static inline unsigned char demo_byte(struct demo_ld *l, unsigned long i)\n{\n\tsmp_rmb();\n" .
		  "\treturn l->buf[i & 63];\n}\n\n" .
		  "static int demo_flush(struct demo_ld *l)\n{\n\tint n = 0;\n\n\twhile (l->tail != l->head) {\n" .
		  "\t\tn += demo_byte(l, l->tail);\n\t\tl->tail++;\n\t}\n\treturn n;\n}\n";
	close($fh);
	$o = `cd '$t9' && '$acqrel' patch -o edge edge.c 2>&1`;
	my ($edge) = map { do { local (@ARGV, $/) = ($_); <> } } glob("$t9/edge/*.patch");
	ok(defined $edge && $edge =~ /the reader's smp_rmb\(\) stays as it is/ && $edge !~ /one call level away/,
	   'a writer-only patch whose reader keeps its barrier at a callee edge says nothing of moving that barrier') or diag($o . ($edge // ''));
	# a reader joined by its comment whose load next to the barrier is of another variable
	open($fh, '>', "$t9/un.c") or die;
	print $fh "struct demo_tx {\n\tunsigned long tmo;\n\tvoid *skb;\n};\n\n" .
		  "static void demo_start(struct demo_tx *t, void *skb)\n{\n\tt->tmo = jiffies + 10;\n" .
		  "\t/* make sure the stamp sees tmo: pairs with smp_rmb() in demo_stamp() */\n" .
		  "\tsmp_wmb();\n\tt->skb = skb;\n}\n\n" .
		  "static int demo_stamp(struct demo_tx *t)\n{\n\tunsigned long now = jiffies;\n\n" .
		  "\t/* make sure demo_start() has updated tmo */\n\tsmp_rmb();\n\treturn now > t->tmo;\n}\n";
	close($fh);
	$o = `cd '$t9' && '$acqrel' patch -o un un.c 2>&1`;
	my ($un) = map { do { local (@ARGV, $/) = ($_); <> } } glob("$t9/un/*.patch");
	(my $unflat = $un // '') =~ s/\s+/ /g;
	like($unflat, qr/; demo_stamp\(\) runs smp_rmb\(\) and then reads t->tmo, with no load of t->skb right before the barrier\./,
	     'a reader whose load next to the barrier is of another variable is not said to load the variable') or diag($o . ($un // ''));
	# rule DEP: no reader end, readers that follow the pointer; the message names them
	open($fh, '>', "$t9/dep.c") or die;
	print $fh "struct demo_cfg {\n\tint mode;\n};\n\nstruct demo_dev {\n\tstruct demo_cfg *cfg;\n};\n\n" .
		  "static void demo_setup(struct demo_dev *d, struct demo_cfg *c)\n{\n\tc->mode = 1;\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(d->cfg, c);\n}\n\n" .
		  "static int demo_mode(struct demo_dev *d)\n{\n\tstruct demo_cfg *c = READ_ONCE(d->cfg);\n\n" .
		  "\treturn c ? c->mode : 0;\n}\n";
	close($fh);
	$o = `cd '$t9' && '$acqrel' patch -o dep dep.c 2>&1`;
	my ($dep) = map { do { local (@ARGV, $/) = ($_); <> } } glob("$t9/dep/*.patch");
	(my $flat = $dep // '') =~ s/\s+/ /g;
	like($flat, qr/ demo_setup\(\) stores c->mode and then publishes d->cfg with smp_wmb\(\) before the store; demo_mode\(\) loads it with READ_ONCE\(\) and follows the pointer to the data, with no read barrier\. Use smp_store_release\(\) for the publish store instead, and remove the write barrier; the reader stays as it is\. .*address dependency/,
	     'a writer whose readers follow the pointer: the message names them and why they need no barrier') or diag($o . ($dep // ''));
	# the caveats are questions below the ---, which git am leaves out of the commit
	my ($rfc) = map { do { local (@ARGV, $/) = ($_); <> } } grep { /0002-/ } glob("$t9/rfc/*.patch");
	my ($above, $below) = ($rfc // '') =~ /\A(.*?)^---\n(.*?)^diff --git/ms;
	ok(defined $below && $below =~ /^Questions for the maintainer .*?^- type-size: /ms &&
	   $above !~ /type-size|Questions/, 'a review patch asks its caveats below the ---, not in the commit message')
		or diag($rfc);
}
# issue 10: the data is named where no store or load of it stands in the
# barrier's function: the call that writes or reads it through its address,
# or the callers
{
	my $t10 = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$t10/names.c") or die;
	print $fh "static int demo_key[4];\nstatic int demo_key_ready;\n\n" .
		  "static void demo_fill_key(void)\n{\n\tget_random_bytes(&demo_key, sizeof(demo_key));\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(demo_key_ready, 1);\n}\n\n" .
		  "static int demo_hash(unsigned long v, unsigned long *out)\n{\n" .
		  "\tif (!READ_ONCE(demo_key_ready))\n\t\treturn -1;\n\tsmp_rmb();\n" .
		  "\t*out = demo_siphash(v, &demo_key);\n\treturn 0;\n}\n\n" .
		  "struct demo_page {\n\tunsigned long flags;\n\tint tagged;\n};\n\n" .
		  "static void demo_set_tagged(struct demo_page *p)\n{\n\tint cpu = get_cpu();\n\n" .
		  "\tpr_debug(\"tag on %d\\n\", cpu);\n\tsmp_wmb();\n" .
		  "\tWRITE_ONCE(p->tagged, 1);\n}\n\n" .
		  "static int demo_is_tagged(struct demo_page *p)\n{\n\tint ret = READ_ONCE(p->tagged);\n\n" .
		  "\tif (ret)\n\t\tsmp_rmb();\n\treturn ret;\n}\n\n" .
		  # a label before the barrier cuts its window: the data is stored above it
		  "struct demo_sock {\n\tint dev;\n\tint state;\n};\n\n" .
		  "static int demo_bind(struct demo_sock *s, int dev)\n{\n\tint err = demo_check(dev);\n\n" .
		  "\tif (err)\n\t\tgoto out;\n\ts->dev = dev;\nout:\n\tif (!err) {\n\t\tsmp_wmb();\n" .
		  "\t\tWRITE_ONCE(s->state, 1);\n\t}\n\treturn err;\n}\n\n" .
		  "static int demo_bound(struct demo_sock *s)\n{\n\tif (!READ_ONCE(s->state))\n\t\treturn -1;\n" .
		  "\tsmp_rmb();\n\treturn s->dev;\n}\n";
	close($fh);
	my $o = `cd '$t10' && '$acqrel' patch -o out names.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$t10/out/0*.patch"));
	$text =~ s/\n(?=\S)/ /g;
	like($text, qr/demo_fill_key\(\) stores the data with get_random_bytes\(&demo_key, \.\.\.\) and then publishes demo_key_ready .* and then reads the data with demo_siphash\(\.\.\., &demo_key\)\./,
	     'data written and read through a call: the call and the address it takes') or diag($o);
	like($text, qr/demo_set_tagged\(\) is called once its callers have stored the data and then publishes p->tagged .* demo_is_tagged\(\) loads it, runs smp_rmb\(\) and then returns, and its callers read the data\./,
	     'nothing around the barriers in their functions but calls that touch no data (get_cpu(), a print): the callers store and read the data') or diag($o);
	like($text, qr/demo_bind\(\) stores the data and then publishes s->state /,
	     'a label before the barrier: the function stores the data, not its callers') or diag($o);
}
# one smp_wmb() before two publish stores: one patch, whose message says
# "both" stores become releases, and what the readers do: acquires, or their
# smp_rmb() kept (rule WA: a call before it that acqrel cannot follow)
{
	my $tg = tempdir(CLEANUP => 1);
	my $two = sub {
		my ($poke) = @_;
		return "struct gq {\n\tint d[4];\n\tint a;\n\tint b;\n};\n\nvoid gq_poke(struct gq *q);\n\n" .
		       "void gq_put(struct gq *q)\n{\n\tq->d[0] = 1;\n\tsmp_wmb();\n" .
		       "\tWRITE_ONCE(q->a, 1);\n\tWRITE_ONCE(q->b, 1);\n}\n\n" .
		       join('', map { "int gq_$_(struct gq *q)\n{\n\tint v = READ_ONCE(q->$_);\n\n$poke\tsmp_rmb();\n" .
				      "\treturn v ? q->d[0] : 0;\n}\n\n" } qw(a b));
	};
	mkdir("$tg/conv") or die;
	mkdir("$tg/stay") or die;
	for (['conv', ''], ['stay', "\tgq_poke(q);\n"]) {
		open(my $fh, '>', "$tg/$_->[0]/g.c") or die;
		print $fh $two->($_->[1]);
		close($fh);
	}
	my $msg = sub {
		my ($d) = @_;
		my $o = `cd '$tg/$d' && '$acqrel' patch -o out g.c 2>&1`;
		my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } glob("$tg/$d/out/0*.patch"));
		return ($text =~ s/\n/ /gr) . $o;
	};
	like($msg->('conv'), qr/The write barrier orders the data before both of these stores\. Make each of them smp_store_release\(\) and each subscribe load smp_load_acquire\(\), and remove the barriers/,
	     'two publish stores of one barrier, readers that convert: both releases and the acquires');
	my $stay = $msg->('stay');
	like($stay, qr/The write barrier orders the data before both of these stores\. Make each of them smp_store_release\(\) and remove the write barrier: .* The readers keep their barriers/,
	     'readers that keep smp_rmb(): the message says so, and promises no acquire') or diag($stay);
	unlike($stay, qr/subscribe load smp_load_acquire/, 'and names no acquire');
}
# a writer that stores and also fills the data with memcpy(): the copy's
# destination is named among the stores, in source order; a fill alone is
# said as the call
{
	my $t10 = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$t10/fill.c") or die;
	print $fh "struct demo_elt {\n\tchar key[8];\n};\n\nstruct demo_slot {\n\tint used;\n" .
		  "\tstruct demo_elt *val;\n};\n\n" .
		  "static void demo_insert(struct demo_slot *s, struct demo_elt *elt, const char *key)\n{\n" .
		  "\tchar buf[8];\n\n\ts->used = 1;\n\tstrscpy(buf, key, 8);\n\tmemcpy(elt->key, buf, 8);\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(s->val, elt);\n}\n\n" .
		  "static int demo_find(struct demo_slot *s)\n{\n\tstruct demo_elt *e = READ_ONCE(s->val);\n\n" .
		  "\tif (!e)\n\t\treturn -1;\n\tsmp_rmb();\n\treturn e->key[0];\n}\n";
	close($fh);
	my $o = `cd '$t10' && '$acqrel' patch -o out fill.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$t10/out/0*.patch"));
	$text =~ s/\n(?=\S)/ /g;
	like($text, qr/demo_insert\(\) stores s->used and elt->key and then publishes s->val/,
	     'data filled in with memcpy() besides a store: its destination is named, not a local buffer') or diag($o);
}
# a reader in the writer's own function: another call of it reads, on another CPU
{
	my $t10 = tempdir(CLEANUP => 1);
	copy("$top/tests/golden/patch/note-same-function.c", "$t10/same.c") or die;
	my $o = `cd '$t10' && '$acqrel' patch -o out same.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } glob("$t10/out/*.patch"));
	$text =~ s/\n(?=\S)/ /g;
	like($text, qr/; another call of demo_find_or_add\(\) loads it with READ_ONCE\(\)/,
	     'the reader is the publishing function itself: "another call of" it') or diag($o);
}
# a convert whose other accesses change ordering says which and why no other
# thread can tell (their class), not that none does; with none, that none does
{
	my $t10 = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$t10/others.c") or die;
	print $fh "struct demo_ring {\n\tint slots[8];\n\tunsigned int prod;\n\tunsigned int puts;\n};\n\n" .
		  "static void demo_put(struct demo_ring *r, int v)\n{\n\tr->slots[r->prod & 7] = v;\n" .
		  "\tsmp_wmb();\n\tWRITE_ONCE(r->prod, r->prod + 1);\n\tr->puts++;\n}\n\n" .
		  "static int demo_get(struct demo_ring *r, unsigned int i)\n{\n\tif (READ_ONCE(r->prod) == i)\n" .
		  "\t\treturn -1;\n\tsmp_rmb();\n\treturn r->slots[i & 7];\n}\n\n" .
		  "static int demo_busy(struct demo_ring *r)\n{\n\treturn READ_ONCE(r->puts) > 100;\n}\n";
	close($fh);
	copy("$top/tests/golden/pairs/shape01-message-passing.c", "$t10/plain.c") or die;
	my $o = `cd '$t10' && '$acqrel' patch -o out others.c plain.c 2>&1`;
	my %text;
	for my $p (glob("$t10/out/*.patch"), glob("$t10/out/*/*.patch")) {
		my $t = do { local (@ARGV, $/) = ($p); <> };
		my ($file) = $t =~ /^diff --git a\/(\S+)/m or next;
		$t =~ s/\n(?=\S)/ /g;
		$text{$file} .= $t;
	}
	like($text{'others.c'} // '', qr/Other accesses change ordering, none that another thread can tell: r->puts \(read by no reader that orders loads after it or indexes data with it\)\./,
	     'a counter after the publish store: named, with why no thread can tell') or diag($o);
	like($text{'plain.c'} // '', qr/No other access that another thread can see loses its ordering\./,
	     'nothing else changes ordering: said so') or diag($o);
}
# a barrier in another file whose comment names the function whose barrier
# the patch removes, in words the patch does not rewrite (split over two
# lines), is listed below "---"; not the staying reader's comment that the
# patch itself rewrites ("Matches smp_wmb() in foo()")
{
	my $tn = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$tn/ring.c") or die;
	print $fh <<'EOC';
struct demo_ring {
	int buf[8];
	int head;
	int seq;
};

static void demo_ring_put(struct demo_ring *r, int v)
{
	r->buf[r->head % 8] = v;
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}

static int demo_ring_get(struct demo_ring *r)
{
	int h = READ_ONCE(r->head);

	smp_rmb(); /* Matches smp_wmb() in demo_ring_put(). */
	return r->buf[(h - 1) % 8];
}
EOC
	close($fh);
	open($fh, '>', "$tn/peek.c") or die;
	print $fh <<'EOC';
struct demo_snap {
	int seq;
	int val;
};

static int demo_snap_read(struct demo_snap *s)
{
	int q = s->seq;

	/*
	 * orders the snapshot, as the smp_wmb()
	 * in demo_ring_put() does
	 */
	smp_rmb();
	return q + s->val;
}
EOC
	close($fh);
	my $o = `cd '$tn' && '$acqrel' patch -o out ring.c peek.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$tn/out/*.patch"));
	(my $flat = $text) =~ s/
(?=\S)/ /g;
	like($flat, qr/- peek\.c:14: the comment at smp_rmb\(\) in demo_snap_read\(\) names demo_ring_put\(\), whose barrier this patch removes/,
	     'a comment elsewhere naming the converted writer is listed') or diag($o);
	unlike($flat, qr/ring\.c:\d+: the comment at smp_rmb\(\) in demo_ring_get\(\)/,
	       'the reader comment the patch converts is not') or diag($o);
}
# rule FENCED: the full barrier the readers run, whose comment names the
# writer, still pairs with the release: not listed; another barrier's is
{
	my $tf = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$tf/fq.c") or die;
	print $fh <<'EOC';
struct demo_fq {
	int depth;
	void *domain;
};

static int demo_fq_push(struct demo_fq *q)
{
	/* also pairs with demo_fq_init() */
	smp_mb();
	return q->depth;
}

static void demo_fq_init(struct demo_fq *q, void *dom)
{
	q->depth = 8;
	smp_wmb();
	WRITE_ONCE(q->domain, dom);
}

static int demo_fq_unmap(struct demo_fq *q)
{
	if (!READ_ONCE(q->domain))
		return 0;
	return demo_fq_push(q);
}

static int demo_fq_other(int *v)
{
	int x = READ_ONCE(*v);

	/* as in demo_fq_init() */
	smp_rmb();
	return x;
}

struct demo_pair {
	int data;
	int ready;
};

static void demo_pair_put(struct demo_pair *q, int v)
{
	q->data = v;
	smp_wmb();
	WRITE_ONCE(q->ready, 1);
}

static int demo_pair_get(struct demo_pair *q)
{
	if (!READ_ONCE(q->ready))
		return -1;
	smp_rmb();
	return q->data;
}
EOC
	close($fh);
	my $o = `cd '$tf' && '$acqrel' patch -o out fq.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$tf/out/*.patch"));
	(my $flat = $text) =~ s/\n(?=\S)/ /g;
	like($text, qr/smp_store_release\(&q->domain, dom\)/, 'rule FENCED: the writer converts') or diag($o);
	like($text, qr/^\+\t \* Pairs with READ_ONCE\(\) in demo_fq_unmap\(\) and smp_mb\(\) in\n\+\t \* demo_fq_push\(\)\.$/m,
	     'its note names the reader\'s load and the function that runs its full barrier') or diag($o);
	unlike($flat, qr/smp_mb\(\) in demo_fq_push\(\) names/,
	       'the comment at the readers\' full barrier is not listed') or diag($o);
	like($flat, qr/smp_rmb\(\) in demo_fq_other\(\) names demo_fq_init\(\)/,
	     'the comment at another barrier naming the writer is') or diag($o);
	like($text, qr/^Subject: \[PATCH 0\/2\] fq: convert 2 barrier sites to release\/acquire$/m,
	     'a series with a writer that has no smp_rmb() reader does not call its barriers pairs') or diag($o);
	like($flat, qr/This series converts the smp_wmb\(\)\/smp_rmb\(\) barriers of 2 variables/,
	     'nor does its cover letter') or diag($o);
}
# rule WA: the writer converts alone; the readers keep barriers of two kinds,
# and the message and the note name each (not "a read barrier", not one
# barrier for both)
{
	my $twa = tempdir(CLEANUP => 1);
	system('cp', "$top/tests/golden/patch/readers-stay.c", "$twa/") == 0 or die;
	my $o = `cd '$twa' && '$acqrel' patch -o out readers-stay.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$twa/out/0*.patch"));
	(my $flat = $text) =~ s/\n(?=\S)/ /g;
	like($flat, qr/demo_chan_get\(\) and demo_chan_drain\(\) load it, run smp_rmb\(\) or smp_mb\(\) and then/,
	     'readers with two kinds of barrier: the message names both') or diag($o);
	like($flat, qr/the readers' barriers stay as they are/, 'the readers stay') or diag($o);
	like($text, qr/^\+\s+\* Pairs with smp_rmb\(\) in demo_chan_get\(\) and smp_mb\(\) in$/m,
	     'the note names each reader with its own barrier') or diag($o);
}
# a side of smp_rmb() and smp_mb() readers: the data named is what the
# smp_rmb() reader reads; the full fence orders what its own function needs
{
	my $tf = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$tf/fence-data.c") or die;
	print $fh <<'EOC';
struct demo_mnt {
	int flags;
	int ro;
	int busy;
};

void demo_unhold(struct demo_mnt *m)
{
	m->ro = 1;
	smp_wmb();
	m->flags = 0;
}

int demo_get_write(struct demo_mnt *m)
{
	if (READ_ONCE(m->flags))
		return -1;
	smp_rmb();
	return m->ro;
}

int demo_umount(struct demo_mnt *m)
{
	if (READ_ONCE(m->flags))
		return -1;
	smp_mb();
	return m->busy;
}
EOC
	close($fh);
	my $o = `cd '$tf' && '$acqrel' patch -o out fence-data.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$tf/out/0*.patch"));
	(my $flat = $text) =~ s/\n(?=\S)/ /g;
	like($flat, qr/run smp_rmb\(\) or smp_mb\(\) and then read m->ro\./,
	     'the data of the smp_rmb() reader, not of the full fence') or diag($o);
}
# a writer function with a device's wmb() branch beside the smp_wmb() that
# goes: the message names the barrier that goes, not "or wmb()"
{
	my $tf = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$tf/branch.c") or die;
	print $fh <<'EOC';
struct demo_rxq {
	int slot[8];
	unsigned int prod;
	int rss;
	void (*kick)(unsigned int prod);
};

void demo_rxq_refill(struct demo_rxq *q, int v)
{
	q->slot[q->prod & 7] = v;
	if (!q->rss) {
		wmb();
		q->prod++;
		q->kick(q->prod);
		return;
	}
	smp_wmb();
	WRITE_ONCE(q->prod, q->prod + 1);
}

int demo_rxq_take(struct demo_rxq *q, unsigned int i)
{
	if (READ_ONCE(q->prod) == i)
		return -1;
	smp_rmb();
	return q->slot[i & 7];
}
EOC
	close($fh);
	my $o = `cd '$tf' && '$acqrel' patch -o out branch.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$tf/out/0*.patch"));
	(my $flat = $text) =~ s/\n(?=\S)/ /g;
	like($flat, qr/publishes q->prod with smp_wmb\(\) before the store;/,
	     'a wmb() that stays beside the smp_wmb() that goes, in one function: not named') or diag($o . $text);
}
# a writer that fills the data by a call whose result it checks, under an
# rwsem: the message names the fill, not down_write()
{
	my $tf = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$tf/fill.c") or die;
	print $fh <<'EOC';
struct demo_arch {
	int insn[4];
};

struct demo_probe {
	struct rw_semaphore sem;
	struct demo_arch arch;
	int ready;
};

int demo_analyze(struct demo_arch *arch);

int demo_prepare(struct demo_probe *u)
{
	int ret;

	down_write(&u->sem);
	ret = demo_analyze(&u->arch);
	if (ret)
		goto out;
	smp_wmb();
	WRITE_ONCE(u->ready, 1);
out:
	up_write(&u->sem);
	return ret;
}

int demo_hit(struct demo_probe *u)
{
	if (!READ_ONCE(u->ready))
		return -1;
	smp_rmb();
	return u->arch.insn[0];
}
EOC
	close($fh);
	my $o = `cd '$tf' && '$acqrel' patch -o out fill.c 2>&1`;
	my $text = join('', map { do { local (@ARGV, $/) = ($_); <> } } sort glob("$tf/out/0*.patch"));
	(my $flat = $text) =~ s/\n(?=\S)/ /g;
	like($flat, qr/demo_prepare\(\) stores the data with demo_analyze\(&u->arch\) and then publishes/,
	     'a fill whose result is checked names the data; down_write() does not') or diag($o . $text);
}
my @numbered = map { "'$tmp/out/$_'" } @patches[1 .. $#patches];
is(system('sh', '-c', "cd '$tmp' && $git am -q @numbered"), 0, 'git am applies the series in order');
# the index lines name the blobs before and after each patch, as git does
{
	my @commits = split(/\n/, `cd '$tmp' && git log --reverse --format=%H -n $n`);
	my ($checked, $wrong) = (0, '');
	for my $i (1 .. $n) {
		my $text = do { local (@ARGV, $/) = ("$tmp/out/$patches[$i]"); <> };
		while ($text =~ /^diff --git a\/(\S+) b\/\S+\nindex ([0-9a-f]{40})\.\.([0-9a-f]{40}) 100644$/mg) {
			my ($path, $old, $new) = ($1, $2, $3);
			my $want_old = `cd '$tmp' && git rev-parse '$commits[$i - 1]^:$path'`;
			my $want_new = `cd '$tmp' && git rev-parse '$commits[$i - 1]:$path'`;
			chomp($want_old, $want_new);
			$checked++;
			$wrong .= "$patches[$i] $path: $old..$new, git: $want_old..$want_new\n"
				if $old ne $want_old || $new ne $want_new;
		}
	}
	my $diffs = () = join('', map { do { local (@ARGV, $/) = ("$tmp/out/$_"); <> } } @patches[1 .. $#patches]) =~ /^diff --git /mg;
	ok($checked == $diffs && $checked >= $n && $wrong eq '',
	   "every file of every patch has an index line with git's blob ids before and after ($checked)")
		or diag($wrong);
}
# the diffstat is the one git format-patch writes for the commit git am made
sub diffstats_match {
	my ($repo, $out, $count, @files) = @_;
	my @commits = split(/\n/, `cd '$repo' && git log --reverse --format=%H -n $count`);
	my $wrong = '';
	for my $i (1 .. $count) {
		my $ours = do { local (@ARGV, $/) = ("$out/$files[$i - 1]"); <> };
		my $git = `cd '$repo' && git format-patch -1 --stdout $commits[$i - 1]`;
		# the diffstat is the last paragraph before the diff (notes may come first)
		my ($a) = $ours =~ /^---\n(?:.*?\n\n)*?((?: .*\n)+)\ndiff --git/ms;
		my ($b) = $git =~ /^---\n(?:.*?\n\n)*?((?: .*\n)+)\ndiff --git/ms;
		# a comment removed and added again whole, so that checkpatch sees it
		# above a barrier, makes the diff longer than git's: the counts are
		# then those of the patch's own diff, the layout git's
		my ($diff) = $ours =~ /^(diff --git .*?)^-- $/ms;
		my ($ins, $del) = (0, 0);
		for (split(/\n/, $diff // '')) {
			$ins++ if /^\+(?!\+\+ )/;
			$del++ if /^-(?!-- )/;
		}
		if (($b // '') =~ /(\d+) insertions?\(\+\), (\d+) deletions?/ && ($1 != $ins || $2 != $del) &&
		    ($a // '') =~ /\b$ins insertions?\(\+\), $del deletions?\(-\)$/m && $a =~ tr/\n// == 2) {
			s/\|\s*\d+ [-+]*$/|/mg, s/\d+ (insertion|deletion)/N $1/g for ($a, $b);
		}
		$wrong .= "$files[$i - 1]:\n$a-- git:\n$b" if ($a // '') ne ($b // 'none');
	}
	return $wrong;
}
{
	my $wrong = diffstats_match($tmp, "$tmp/out", $n, @patches[1 .. $#patches]);
	ok($wrong eq '', "each patch's diffstat is the one git format-patch writes ($n patches)")
		or diag($wrong);
}
my $after = `cd '$tmp' && '$acqrel' pairs --summary pairs/*.c patch/*.c 2>/dev/null`;
my $left = () = $log =~ /note: protocol .* left for the author/g;
my ($convert) = $after =~ /^\s+convert\s+(\d+)$/m;
is($convert, $left, 'after the series only the protocols left for the author are still convert');
# with a MAINTAINERS file: one series per section, each mail to the M:, R:
# and L: of the sections that match it
{
	my $t2 = tempdir(CLEANUP => 1);
	system('sh', '-c', "cp '$top'/tests/golden/pairs/*.c '$t2'/ && cd '$t2' && " .
	       "printf 'DEMO QUEUES\\nM:\\tAda Tester <ada\@acqrel.invalid>\\n" .
	       "R:\\tBob Reviewer <bob\@acqrel.invalid>\\nL:\\tdemo\@lists.invalid\\n" .
	       "F:\\tshape0*\\nX:\\tshape05*\\n\\nTHE REST\\nM:\\tSomeone <x\@acqrel.invalid>\\n" .
	       "F:\\t*\\n' > MAINTAINERS") == 0 or die;
	my $log2 = `cd '$t2' && SOURCE_DATE_EPOCH=0 '$acqrel' patch -o '$t2/out' . 2>&1`;
	ok(-d "$t2/out/demo-queues" && -d "$t2/out/other", 'one folder per section, the rest in other')
		or diag($log2);
	my $cover = do { local (@ARGV, $/) = ("$t2/out/demo-queues/0000-cover-letter.patch"); <> } // '';
	like($cover, qr/^To: Ada Tester <ada\@acqrel\.invalid>,\n    Someone <x\@acqrel\.invalid>\nCc: Bob Reviewer <bob\@acqrel\.invalid>,\n    demo\@lists\.invalid\n/m,
	     'the cover letter goes to the M: of every matching section, and copies R: and L:');
	opendir(my $dq, "$t2/out/demo-queues") or die;
	my @files = grep { /^000[1-9]/ } readdir($dq);
	ok(!grep({ /shape13|rules|rewrite/ } @files), 'only the section\'s files are in its series')
		or diag("@files");
}

# issue 12.7: -o DIR is new or empty and never followed through a link; the
# series is whole or not there
{
	my $t5 = tempdir(CLEANUP => 1);
	system('sh', '-c', "cp '$top'/tests/golden/pairs/shape01-message-passing.c '$t5'/mp.c") == 0 or die;
	my $run = sub { my ($args) = @_; my $o = `cd '$t5' && SOURCE_DATE_EPOCH=0 '$acqrel' patch $args mp.c 2>&1`;
			return ($o, $? >> 8) };
	my ($o, $st) = $run->('-o out');
	my @first = sort glob("$t5/out/*");
	ok($st == 0 && @first == 3, 'a first run writes a cover letter and 2 patches') or diag($o);
	open(my $stale, '>', "$t5/out/0003-stale-from-an-earlier-run.patch") or die;
	close($stale);
	($o, $st) = $run->('-o out');
	ok($st == 1 && $o =~ /^out: error: is not empty: acqrel writes a series only into a new or empty folder/m &&
	   $o =~ /0 protocols rewritten in 0 patches/ && scalar(my @g = glob("$t5/out/*")) == 4,
	   'a folder with an earlier run\'s patches is refused, left as it was') or diag($o);

	mkdir("$t5/planted");
	open(my $victim, '>', "$t5/victim") or die;
	print $victim "precious\n";
	close($victim);
	symlink("$t5/victim", "$t5/planted/0001-mp-use-release-acquire-for-tail.patch") or die;
	($o, $st) = $run->('-o planted');
	my $v = do { local (@ARGV, $/) = ("$t5/victim"); <> };
	ok($st == 1 && $v eq "precious\n" && $o =~ /^planted: error: is not empty/m,
	   'a link planted in the folder is not followed') or diag($o);
	mkdir("$t5/empty");
	symlink('empty', "$t5/link") or die;
	($o, $st) = $run->('-o link');
	ok($st == 1 && $o =~ /^link: error: is a symbolic link/m && !glob("$t5/empty/*"),
	   'a folder given through a link is refused') or diag($o);
	($o, $st) = $run->('-o empty');
	ok($st == 0 && scalar(my @e = glob("$t5/empty/*")) == 3, 'an empty folder is fine') or diag($o);
	ok(!glob("$t5/.acqrel-*"), 'no temporary folder is left');

	SKIP: {
		skip('file size limits do not apply under the sanitizers\' reservations', 1)
			if $ENV{ACQREL_SANITIZE};
		$o = `cd '$t5' && ulimit -f 2 && SOURCE_DATE_EPOCH=0 '$acqrel' patch -o full mp.c 2>&1`;
		$st = $? >> 8;
		ok($st == 1 && !-e "$t5/full" && !glob("$t5/.acqrel-*") &&
		   $o =~ /^full: error: no series written$/m && $o =~ /0 protocols rewritten in 0 patches/,
		   'a full disk: no folder, no empty patch, no temporary folder, and no success claimed')
			or diag($o);
	}

	# issue 12.9: SOURCE_DATE_EPOCH out of range gave a Date: of uninitialised memory
	for my $bad ('99999999999999999999', '253402300800', '-1', 'yesterday', '') {
		$o = `cd '$t5' && SOURCE_DATE_EPOCH='$bad' '$acqrel' patch -o bad mp.c 2>&1`;
		ok(($? >> 8) == 2 && $o =~ /SOURCE_DATE_EPOCH='\Q$bad\E' is not a number of seconds from 1970 to the end of 9999/ &&
		   !-e "$t5/bad", "SOURCE_DATE_EPOCH='$bad' is refused, nothing written") or diag($o);
	}
	$o = `cd '$t5' && SOURCE_DATE_EPOCH=253402300799 '$acqrel' patch -o last mp.c 2>&1`;
	my $p = do { local (@ARGV, $/) = (glob("$t5/last/0001-*")); <> } // '';
	like($p, qr/^Date: Fri, 31 Dec 9999 23:59:59 \+0000$/m, 'the last second of 9999 is a valid date');
}

# a tree's MAINTAINERS is input: patterns that make fnmatch() or regexec()
# backtrack for minutes are ignored
{
	my $t6 = tempdir(CLEANUP => 1);
	my $name = 'a' x 68;
	system('sh', '-c', "cp '$top'/tests/golden/pairs/shape01-message-passing.c '$t6'/$name.c") == 0 or die;
	open(my $m, '>', "$t6/MAINTAINERS") or die;
	print $m "SLOW\nM:\tA <a\@acqrel.invalid>\nF:\t" . ('*a' x 16) . "*b\nN:\t(a*)*(a*)*(a*)*\\1\\2\\3b\n\n" .
		 "THE REST\nM:\tx <x\@acqrel.invalid>\nF:\t*\n";
	close($m);
	my $t0 = time;
	my $o = `cd '$t6' && timeout 120 '$acqrel' patch -o out . 2>&1`;
	my $took = time - $t0;
	ok(($? >> 8) == 0 && $took < 20 && -d "$t6/out/other",
	   "MAINTAINERS patterns that backtrack are ignored (${took} s)") or diag($o);
}

# the identity: GIT_AUTHOR_NAME/EMAIL first; nothing that breaks a header
{
	my $t3 = tempdir(CLEANUP => 1);
	system('sh', '-c', "cp '$top'/tests/golden/pairs/shape01-message-passing.c '$t3'/") == 0 or die;
	local $ENV{GIT_AUTHOR_NAME} = 'Env Author';
	local $ENV{GIT_AUTHOR_EMAIL} = 'env@acqrel.invalid';
	`cd '$t3' && '$acqrel' patch -o out1 --signoff . 2>&1`;
	my $p = do { local (@ARGV, $/) = (glob("$t3/out1/0001-*.patch")); <> } // '';
	like($p, qr/^From: Env Author <env\@acqrel\.invalid>$/m, 'GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL name the author');
	$ENV{GIT_AUTHOR_NAME} = "Env\nTo: victim\@acqrel.invalid";
	`cd '$t3' && '$acqrel' patch -o out2 --signoff . 2>&1`;
	$p = do { local (@ARGV, $/) = (glob("$t3/out2/0001-*.patch")); <> } // '';
	ok($p =~ /^From: acqrel <acqrel\@invalid>$/m && $p !~ /^To:/m,
	   'an identity with a newline is not used: no header can be injected') or diag($p);
}

# issue 12.1: a tree whose .git/config would make git run a program of its
# choosing (log.showSignature with gpg.program on a signed commit,
# core.fsmonitor, a pager, hooks): acqrel reads its history without it
{
	my $t4 = tempdir(CLEANUP => 1);
	my $mark = "$t4/ran";
	open(my $ev, '>', "$t4/evil.sh") or die;
	print $ev "#!/bin/sh\necho \"\$0 \$*\" >> '$mark'\nexit 1\n";
	close($ev);
	chmod(0755, "$t4/evil.sh");
	my $tree = "$t4/tree";
	mkdir($tree);
	system('sh', '-c', "cp '$top'/tests/golden/pairs/shape01-message-passing.c '$tree'/ && cd '$tree' && " .
	       "git init -q && git add . && $git commit -qm 'ringbuf: add the demo queue' && " .
	       # a commit with a signature: showing it calls gpg.program
	       "c=\$(git cat-file commit HEAD | sed '/^committer /a gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n -----END PGP SIGNATURE-----') && " .
	       "h=\$(printf '%s\\n' \"\$c\" | git hash-object -t commit -w --stdin) && git update-ref HEAD \$h && " .
	       "git config log.showSignature true && git config gpg.program '$t4/evil.sh' && " .
	       "git config core.fsmonitor '$t4/evil.sh' && git config core.pager '$t4/evil.sh' && " .
	       "git config diff.external '$t4/evil.sh' && " .
	       "for h in pre-commit post-checkout post-index-change reference-transaction; do " .
	       "cp '$t4/evil.sh' .git/hooks/\$h; done") == 0 or die;
	`cd '$tree' && git log -n1 --format=%s >/dev/null 2>&1`;
	ok(-e $mark, 'the trap is armed: git log in that tree runs its gpg.program');
	unlink($mark);
	my $log4 = `cd '$tree' && '$acqrel' patch -o '$t4/out' . 2>&1`;
	ok(!-e $mark, 'acqrel patch -o runs no program the tree\'s git configuration names')
		or diag(`cat '$mark'`);
	my $p = do { local (@ARGV, $/) = (glob("$t4/out/0001-*.patch")); <> } // '';
	like($p, qr/^Subject: \[PATCH 1\/\d+\] ringbuf: use /m,
	     'and still takes the subject prefix from the tree\'s history') or diag($log4);
	`cd '$t4' && '$acqrel' patch -o '$t4/out2' tree 2>&1`;
	ok(!-e $mark, 'also when run from outside the tree');
}
# the cover letter's subject takes the leading parts its patches' prefixes
# share ("demo: alpha" and "demo: beta" give "demo"), and none when they
# share none
{
	my $t5 = tempdir(CLEANUP => 1);
	my $src = "$top/tests/golden/pairs/shape01-message-passing.c";
	system('sh', '-c', "mkdir -p '$t5'/a/alpha '$t5'/a/beta '$t5'/b/alpha '$t5'/b/beta && " .
	       "for t in a b; do cp '$src' '$t5'/\$t/alpha/x.c && cp '$src' '$t5'/\$t/beta/y.c; done && " .
	       "cd '$t5'/a && git init -q && git add alpha && $git commit -qm 'demo: alpha: add the queue' && " .
	       "git add beta && $git commit -qm 'demo: beta: add the queue' && " .
	       "cd '$t5'/b && git init -q && git add alpha && $git commit -qm 'alpha: add the queue' && " .
	       "git add beta && $git commit -qm 'beta: add the queue'") == 0 or die;
	my $cover_subject = sub {
		my ($tree) = @_;
		my $o = `cd '$t5/$tree' && '$acqrel' patch -o '$t5/out-$tree' . 2>&1`;
		my $c = do { local (@ARGV, $/) = ("$t5/out-$tree/0000-cover-letter.patch"); <> } // $o;
		return $c =~ /^Subject: (.*)$/m ? $1 : $o;
	};
	is($cover_subject->('a'), '[PATCH 0/4] demo: convert 4 barrier pairs to release/acquire',
	   'the cover letter takes the part of the prefixes its patches share');
	is($cover_subject->('b'), '[PATCH 0/4] Convert smp_wmb()/smp_rmb() pairs to release/acquire',
	   'and no prefix when they share none');
	# six files: the cover letter names them all, no "and 2 more files"
	system('sh', '-c', "mkdir -p '$t5'/c && for d in one two three four five six; do " .
	       "mkdir -p '$t5'/c/\$d && cp '$src' '$t5'/c/\$d/q.c; done") == 0 or die;
	`cd '$t5/c' && '$acqrel' patch -o '$t5/out-c' . 2>&1`;
	my $c6 = do { local (@ARGV, $/) = ("$t5/out-c/0000-cover-letter.patch"); <> } // '';
	like($c6 =~ s/\n/ /gr, qr/in five\/q\.c, four\/q\.c, one\/q\.c, six\/q\.c, three\/q\.c and two\/q\.c to /,
	     'a cover letter names six files, all of them') or diag($c6);
}
# issue 12.9: SIGINT, SIGTERM or SIGHUP while -o writes the series leaves
# nothing of it, beside DIR or under TMPDIR. A stand-in git, which acqrel
# runs for the subject prefixes once its private folders exist, sends the
# signal to acqrel (its parent), so the signal comes at the same point each run.
my %signo = (INT => POSIX::SIGINT(), TERM => POSIX::SIGTERM(), HUP => POSIX::SIGHUP());
for my $sig (qw(INT TERM HUP)) {
	my $t7 = tempdir(CLEANUP => 1);
	my ($tree, $bin, $tdir) = ("$t7/tree", "$t7/bin", "$t7/tmp");
	mkdir($_) or die for ($tree, $bin, $tdir);
	system('sh', '-c', "cp '$top'/tests/golden/pairs/shape01-message-passing.c '$tree'/ && cd '$tree' && " .
	       "git init -q && git add . && $git commit -qm 'ringbuf: add the demo queue'") == 0 or die;
	open(my $fg, '>', "$bin/git") or die;
	print $fg "#!/bin/sh\nfor a; do\n\tif [ \"\$a\" = log ]; then\n\t\techo log >> '$t7/called'\n" .
		  "\t\tkill -$sig \$PPID\n\t\texit 1\n\tfi\ndone\nexit 1\n";
	close($fg);
	chmod(0755, "$bin/git");
	my $pid = fork() // die;
	if (!$pid) {
		chdir($tree) or die;
		$SIG{$sig} = 'DEFAULT';	# not ignored, even when make runs in the background
		$ENV{PATH} = "$bin:$ENV{PATH}";
		$ENV{TMPDIR} = $tdir;
		open(STDERR, '>', '/dev/null');
		exec($acqrel, 'patch', '-o', "$t7/out", '.') or exit(127);
	}
	waitpid($pid, 0);
	my $status = $?;
	opendir(my $dh, $t7) or die;
	my @beside = grep { /^\.acqrel-/ } readdir($dh);
	closedir($dh);
	opendir($dh, $tdir) or die;
	my @under = grep { !/^\.\.?$/ } readdir($dh);
	closedir($dh);
	ok(-e "$t7/called" && ($status & 127) == $signo{$sig} &&
	   !-e "$t7/out" && !@beside && !@under,
	   "SIG$sig while -o writes: acqrel dies of it, no DIR, no folder beside it, nothing left under TMPDIR")
		or diag("status $status; beside: @beside; under TMPDIR: @under");
}
# one protocol over two files with long paths: the files in git's order, the
# diffstat aligned and its names cut as git cuts them
{
	my $t8 = tempdir(CLEANUP => 1);
	my $d = 'drivers/net/ethernet/demo_vendor_name/demo_driver_name/demo_subdir/x';
	system('mkdir', '-p', "$t8/$d") == 0 or die;
	my $ring = "struct demo_ring {\n\tint slots[16];\n\tunsigned int tail;\n};\n";
	my %files = (
		"$d/ring.h" => $ring,
		"$d/w.c" => "#include \"ring.h\"\n\nvoid demo_ring_put(struct demo_ring *r, int v, unsigned int t)\n{\n" .
			    "\tr->slots[t % 16] = v;\n\tsmp_wmb();\n\tWRITE_ONCE(r->tail, t + 1);\n}\n",
		"$d/a_reader_file_with_a_rather_long_name_too.c" =>
			"#include \"ring.h\"\n\nint demo_ring_get(struct demo_ring *r, unsigned int head)\n{\n" .
			"\tunsigned int tail = READ_ONCE(r->tail);\n\n\tsmp_rmb();\n" .
			"\treturn head != tail ? r->slots[head % 16] : -1;\n}\n",
	);
	for my $f (keys %files) {
		open(my $fh, '>', "$t8/$f") or die;
		print $fh $files{$f};
		close($fh);
	}
	system('sh', '-c', "cd '$t8' && git init -q && git add . && $git commit -qm base") == 0 or die;
	my $o = `cd '$t8' && '$acqrel' patch -o out drivers 2>&1`;
	my @p = map { s{.*/}{}r } sort glob("$t8/out/0001-*.patch");
	my $text = @p ? do { local (@ARGV, $/) = ("$t8/out/$p[0]"); <> } : '';
	my @order = $text =~ /^diff --git a\/(\S+)/mg;
	is(system('sh', '-c', "cd '$t8' && $git am -q out/0001-*.patch"), 0, 'two files, long paths: git am applies it')
		or diag($o);
	ok(@order == 2 && $order[0] lt $order[1], 'the files of a patch in git\'s order, by path')
		or diag("@order");
	my $wrong = diffstats_match($t8, "$t8/out", 1, @p);
	ok(@p == 1 && $wrong eq '' && $text =~ m{^ \.\.\./}m,
	   'its diffstat is git\'s: names aligned and cut with "..."') or diag($wrong);
	# a patch alone: no cover letter; its base at its end, as git format-patch --base
	my $base = `cd '$t8' && git rev-parse HEAD~1`;
	chomp($base);
	ok(!-e "$t8/out/0000-cover-letter.patch" && $text =~ /^Subject: \[PATCH\] /m &&
	   $text =~ /\n[ +-].*\n\nbase-commit: \Q$base\E\n-- \nacqrel\n\n\z/,
	   'a patch alone: [PATCH], no cover letter, base-commit: after the diff') or diag($text);

	# a file with an uncommitted change: the series names no base commit
	system('sh', '-c', "cd '$t8' && git reset -q --hard HEAD~1") == 0 or die;
	open(my $fh, '>>', "$t8/$d/w.c") or die;
	print $fh "/* an uncommitted change */\n";
	close($fh);
	$o = `cd '$t8' && '$acqrel' patch -o out2 drivers 2>&1`;
	my ($alone) = glob("$t8/out2/0001-*.patch");
	my $cover = $alone ? do { local (@ARGV, $/) = ($alone); <> } : '';
	ok($cover =~ /^Subject: /m && $cover !~ /^base-commit:/m,
	   'a touched file differs from HEAD: no base-commit line') or diag($o);
}

# each message names the data, and says what the conversion costs on the
# architectures that build the code: only its own under arch/NAME/, else all
{
	my $t9 = tempdir(CLEANUP => 1);
	my $proto = sub {
		my ($name, $store) = @_;
		return "struct ${name}_q {\n\tint slot[4];\n\tint tail;\n};\n\n" .
		       "void ${name}_put(struct ${name}_q *q, int v)\n{\n\tq->slot[0] = v;\n\tsmp_wmb();\n\t$store;\n}\n\n" .
		       "int ${name}_get(struct ${name}_q *q)\n{\n\tint t = READ_ONCE(q->tail);\n\n\tsmp_rmb();\n\treturn q->slot[t];\n}\n";
	};
	my %files = (
		'arch/arm64/kernel/demo.c' => $proto->('arm', 'WRITE_ONCE(q->tail, 1)'),
		'arch/x86/kernel/demo.c' => $proto->('x86', 'q->tail++'),
		'kernel/demo.c' => $proto->('gen', 'WRITE_ONCE(q->tail, 1)'),
		'drivers/demo/bits.c' => "struct bq {\n\tint slot[4];\n\tunsigned long flags;\n};\n\n" .
			"void bq_stop(struct bq *q)\n{\n\tq->slot[0] = 0;\n\tsmp_wmb();\n\tclear_bit(0, &q->flags);\n}\n\n" .
			"int bq_open(struct bq *q)\n{\n\tif (test_bit(0, &q->flags))\n\t\treturn -1;\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n",
		'lib/demo.c' => $proto->('mb', 'WRITE_ONCE(q->tail, 1)') =~ s/smp_wmb/smp_mb/r,
		# a load in a helper the reader calls: the message names the helper
		'fs/demo/helper.c' => "struct hc {\n\tint ready;\n\tint max;\n};\n\n" .
			"void hc_set(struct hc *c)\n{\n\tc->max = 8;\n\tsmp_wmb();\n\tc->ready = 1;\n}\n\n" .
			"static bool hc_block(struct hc *c)\n{\n\treturn !c->ready;\n}\n\n" .
			"int hc_get(struct hc *c)\n{\n\tif (hc_block(c))\n\t\treturn -1;\n\tsmp_rmb();\n\n\treturn c->max;\n}\n",
		# a read barrier that ran only when the if's test held: the acquire costs on the other path
		'kernel/demo/cond.c' => "struct cq {\n\tint slot[4];\n\tint ready;\n};\n\n" .
			"void cq_set(struct cq *w)\n{\n\tw->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(w->ready, 1);\n}\n\n" .
			"bool cq_ready(struct cq *q)\n{\n\tbool r = READ_ONCE(q->ready);\n\n\tif (r)\n\t\tsmp_rmb();\n\treturn r;\n}\n",
		# the same, with the barrier further down the if's braces (after a declaration and a store)
		'kernel/demo/deep.c' => "struct dq {\n\tint slot[4];\n\tint changed;\n};\n\n" .
			"void dq_set(struct dq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(q->changed, 1);\n}\n\n" .
			"int dq_get(struct dq *q, int *out)\n{\n\tif (READ_ONCE(q->changed)) {\n\t\tint n = 1;\n\n" .
			"\t\t*out = n;\n\t\tsmp_rmb();\n\t\treturn q->slot[0];\n\t}\n\treturn 0;\n}\n",
		# four stores are named, never "and 1 more"; of five loads, the one no writer stores (q->e) is no data
		'kernel/demo/four.c' => "struct fq {\n\tint a, b, c, d, e;\n\tint tail;\n};\n\n" .
			"void fq_put(struct fq *q)\n{\n\tq->a = 1;\n\tq->b = 2;\n\tq->c = 3;\n\tq->d = 4;\n\tsmp_wmb();\n\tWRITE_ONCE(q->tail, 1);\n}\n\n" .
			"int fq_get(struct fq *q)\n{\n\tint t = READ_ONCE(q->tail);\n\n\tsmp_rmb();\n\treturn t ? q->a + q->b + q->c + q->d + q->e : 0;\n}\n",
		# five stores and five loads: three named and 2 more
		'kernel/demo/five.c' => "struct vq {\n\tint a, b, c, d, e;\n\tint tail;\n};\n\n" .
			"void vq_put(struct vq *q)\n{\n\tq->a = 1;\n\tq->b = 2;\n\tq->c = 3;\n\tq->d = 4;\n\tq->e = 5;\n\tsmp_wmb();\n\tWRITE_ONCE(q->tail, 1);\n}\n\n" .
			"int vq_get(struct vq *q)\n{\n\tint t = READ_ONCE(q->tail);\n\n\tsmp_rmb();\n\treturn t ? q->a + q->b + q->c + q->d + q->e : 0;\n}\n",
		# load and barrier both in the if's braces: the acquire runs only there too
		'kernel/demo/inner.c' => "struct iq {\n\tint slot[4];\n\tint tail;\n};\n\n" .
			"void iq_set(struct iq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(q->tail, 1);\n}\n\n" .
			"int iq_get(struct iq *q, int on)\n{\n\tif (on) {\n\t\tint t = READ_ONCE(q->tail);\n\n" .
			"\t\tsmp_rmb();\n\t\treturn q->slot[t];\n\t}\n\treturn 0;\n}\n",
		# a return between the load and the read barrier: the acquire costs on that path too
		'kernel/demo/early.c' => "struct eq {\n\tint slot[4];\n\tint ready;\n};\n\n" .
			"void eq_set(struct eq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(q->ready, 1);\n}\n\n" .
			"int eq_get(struct eq *q)\n{\n\tif (!READ_ONCE(q->ready))\n\t\treturn 0; /* not yet: no goto here */\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n",
		# a writer that releases already: it publishes with the release, no barrier "before the store"
		'kernel/demo/rel.c' => "struct rq {\n\tint slot[4];\n\tint head;\n};\n\n" .
			"void rq_put(struct rq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_store_release(&q->head, 1);\n}\n\n" .
			"int rq_get(struct rq *q)\n{\n\tint h = READ_ONCE(q->head);\n\n\tsmp_rmb();\n\treturn h ? q->slot[0] : 0;\n}\n",
		# a reader of its own store (unanchored) next to a real one: named by neither verb nor barrier
		'kernel/demo/own.c' => "struct oq {\n\tint slot[4];\n\tint ready;\n};\n\nvoid oq_poll(struct oq *q);\n\n" .
			"void oq_set(struct oq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(q->ready, 1);\n}\n\n" .
			"void oq_reset(struct oq *q)\n{\n\tif (!READ_ONCE(q->ready))\n\t\treturn;\n\tq->ready = 0;\n\tsmp_mb();\n\tq->slot[1] = 0;\n}\n\n" .
			"int oq_get(struct oq *q)\n{\n\toq_poll(q);\n\tif (!READ_ONCE(q->ready))\n\t\treturn 0;\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n",
		# a flag bit, by a bit operation or by &= ~BIT: named, not the word
		'drivers/demo/named.c' => "#define DEMO_BUSY 3\n\nstruct nq {\n\tint slot[4];\n\tunsigned long flags;\n};\n\n" .
			"void nq_stop(struct nq *q)\n{\n\tq->slot[0] = 0;\n\tsmp_wmb();\n\tclear_bit(DEMO_BUSY, &q->flags);\n}\n\n" .
			"int nq_open(struct nq *q)\n{\n\tif (test_bit(DEMO_BUSY, &q->flags))\n\t\treturn -1;\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n",
		'mm/demo.c' => "#define DEMO_INIT 0x4\n\nstruct mq {\n\tint slot[4];\n\tunsigned long flags;\n};\n\n" .
			"void mq_ready(struct mq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tq->flags &= ~DEMO_INIT;\n}\n\n" .
			"int mq_get(struct mq *q)\n{\n\tif (q->flags & DEMO_INIT)\n\t\treturn -1;\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n",
		# built only where Kconfig can set its symbols: a driver that depends
		# on a symbol only powerpc defines, and x86 code for x86-64 only
		'drivers/soc/hv.c' => $proto->('hv', 'WRITE_ONCE(q->tail, 1)'),
		'drivers/soc/Makefile' => "obj-\$(CONFIG_DEMO_HV)\t+= hv.o\n",
		'drivers/soc/Kconfig' => "config DEMO_HV\n\ttristate \"demo\"\n\tdepends on DEMO_SOC\n\thelp\n" .
			"\t  Not a dependency:\n\t  depends on ARM64\n" .
			# broken entries read without harm
			"\nif\nconfig\n\tdepends on ((X && || Y\nendif\nendif\ndepends on \\",
		'arch/powerpc/Kconfig' => "config DEMO_SOC\n\tbool\n",
		'arch/x86/kernel/sgx/demo.c' => $proto->('sgx', 'q->tail |= 2'),
		'arch/x86/kernel/sgx/Makefile' => "obj-y += \\\n\tother.o \\\n\tdemo.o\n",
		'arch/x86/kernel/Makefile' => "obj-\$(CONFIG_DEMO_SGX)\t+= sgx/\n",
		'arch/x86/Kconfig' => "config X86_64\n\tdef_bool y\n\nconfig DEMO_SGX\n\tbool \"demo\"\n" .
			"\tdepends on X86_64 && (CPU_A || CPU_B)\n\nconfig DEMO_64\n\tdef_bool y\n",
		# UML reads its host's arch/x86/um/Kconfig: a symbol defined there is UML's too
		'arch/um/Kconfig' => "source \"arch/\$(HEADER_ARCH)/um/Kconfig\"\n",
		'arch/x86/um/Kconfig' => "config DEMO_64\n\tdef_bool y\n",
		'drivers/wide/w.c' => $proto->('wide', 'WRITE_ONCE(q->tail, 1)'),
		'drivers/wide/Makefile' => "obj-\$(CONFIG_DEMO_WIDE) += w.o\n",
		'drivers/wide/Kconfig' => "config DEMO_WIDE\n\ttristate \"demo\"\n\tdepends on DEMO_64\n",
		# "|| COMPILE_TEST" builds it elsewhere only to test the build: its cost is powerpc's
		# the reader's load in a loop's condition, its barrier in the body
		'arch/arm64/kernel/loop.c' => "struct lq {\n\tint slot[4];\n\tunsigned int head;\n\tunsigned int tail;\n};\n\n" .
			"void lq_put(struct lq *q, int v)\n{\n\tq->slot[q->head & 3] = v;\n\tsmp_wmb();\n\tWRITE_ONCE(q->head, q->head + 1);\n}\n\n" .
			"int lq_drain(struct lq *q)\n{\n\tint sum = 0;\n\n\twhile (READ_ONCE(q->head) != q->tail) {\n\t\tsmp_rmb();\n" .
			"\t\tsum += q->slot[q->tail & 3];\n\t\tq->tail = q->tail + 1;\n\t}\n\treturn sum;\n}\n",
		# a group: one smp_wmb(), two releases, each with its instructions
		'arch/arm64/kernel/group.c' => "struct gq {\n\tint slot[4];\n\tint a;\n\tint b;\n};\n\n" .
			"void gq_put(struct gq *q)\n{\n\tq->slot[0] = 1;\n\tsmp_wmb();\n\tWRITE_ONCE(q->a, 1);\n\tWRITE_ONCE(q->b, 1);\n}\n\n" .
			"int gq_get_a(struct gq *q)\n{\n\tif (!READ_ONCE(q->a))\n\t\treturn 0;\n\tsmp_rmb();\n\treturn q->slot[0];\n}\n\n" .
			"int gq_get_b(struct gq *q)\n{\n\tif (!READ_ONCE(q->b))\n\t\treturn 0;\n\tsmp_rmb();\n\treturn q->slot[1];\n}\n",
		'drivers/ct/c.c' => $proto->('ct', 'WRITE_ONCE(q->tail, 1)'),
		'drivers/ct/Makefile' => "obj-\$(CONFIG_DEMO_CT) += c.o\n",
		'drivers/ct/Kconfig' => "config DEMO_CT\n\ttristate \"demo\"\n\tdepends on DEMO_SOC || COMPILE_TEST\n",
		'init/Kconfig' => "config COMPILE_TEST\n\tbool \"Compile also drivers which will not load\"\n",
		# a menu's depends on holds for every entry in it, and not past its endmenu
		'drivers/menu/m.c' => $proto->('mn', 'WRITE_ONCE(q->tail, 1)'),
		'drivers/menu/Makefile' => "obj-\$(CONFIG_DEMO_MENU) += m.o\n",
		'drivers/menu/Kconfig' => "menu \"Demo drivers\"\n\tdepends on DEMO_SOC\n\tvisible if DEMO_SOC\n\n" .
			"config DEMO_MENU\n\ttristate \"demo\"\n\tdepends on DEMO_64 || !DEMO_64\n\nendmenu\n\n" .
			"config DEMO_AFTER\n\ttristate \"demo\"\n",
	);
	for my $f (keys %files) {
		system('mkdir', '-p', "$t9/" . dirname($f)) == 0 or die;
		open(my $fh, '>', "$t9/$f") or die;
		print $fh $files{$f};
		close($fh);
	}
	# the made-up barrier headers of tests/golden/cost/model.tree, which the
	# cost paragraph is computed from
	my $model = "$top/tests/golden/cost/model.tree";
	system('sh', '-c', "cp -r '$model/include' '$t9/' && for a in '$model'/arch/*/include; do " .
	       "d=\${a#'$model'/}; mkdir -p '$t9'/\$(dirname \$d) && cp -r \$a '$t9'/\$d; done") == 0
		or die;
	my $o = `cd '$t9' && '$acqrel' patch -o out . 2>&1`;
	my (%msg, %subject, %notes);
	for my $p (glob("$t9/out/*.patch"), glob("$t9/out/*/*.patch")) {
		my $text = do { local (@ARGV, $/) = ($p); <> };
		my ($file) = $text =~ /^diff --git a\/(\S+)/m or next;
		($msg{$file}) = $text =~ /\n\n(.*?)^---$/ms;
		($subject{$file}) = $text =~ /^Subject: (.*)$/m;
		# below "---", before the diffstat: what git am leaves out of the commit
		($notes{$file}) = map { s/\s+/ /gr } $text =~ /^---\n(.*?)^ \S+ +\| /ms;
	}
	my $arm = $msg{'arch/arm64/kernel/demo.c'} // '';
	my $x86 = $msg{'arch/x86/kernel/demo.c'} // '';
	my $gen = $msg{'kernel/demo.c'} // '';
	my $bits = $msg{'drivers/demo/bits.c'} // '';
	my $mb = $msg{'lib/demo.c'} // '';
	($arm, $x86, $gen, $bits, $mb) = map { s/\n/ /gr } ($arm, $x86, $gen, $bits, $mb);
	my ($arm_n, $gen_n) = map { $notes{$_} // '' } ('arch/arm64/kernel/demo.c', 'kernel/demo.c');
	my ($grp, $grp_n) = (($msg{'arch/arm64/kernel/group.c'} // '') =~ s/\n/ /gr,
			     $notes{'arch/arm64/kernel/group.c'} // '');
	like(($msg{'arch/arm64/kernel/loop.c'} // '') =~ s/\n/ /gr,
	     qr/The read barrier ran once for each turn of the loop; the acquire, in the loop's condition, runs once more, at the test that ends it\./,
	     'a load in a loop\'s condition: the acquire runs once more') or diag($msg{'arch/arm64/kernel/loop.c'} // $o);
	like($grp, qr/On arm64 the releases and the acquire take fewer instructions than the barriers they replace\./,
	     'a group: its releases are counted in the summary') or diag($grp);
	like($grp_n, qr/- On arm64 the writer's dmb ishst and two stores become stlr for each \(fewer instructions\)/,
	     'a group: one barrier and two stores become a release for each store') or diag($grp_n);
	like($arm, qr/On arm64 the release and the acquire take fewer instructions than the barriers they replace\./,
	     'arm64 code: the commit message sums up what arm64 gains') or diag($o);
	like($arm_n, qr/^The instructions before and after, from this tree's barrier headers: - On arm64 the writer's dmb ishst and store become stlr .*the reader's load and dmb ishld become ldar/,
	     'arm64 code: what arm64 emits, from the tree\'s barrier.h, below "---"') or diag($arm_n);
	unlike($arm, qr/dmb|stlr/, 'and not in the commit message, which names no instruction');
	unlike($arm . $arm_n, qr/x86|RISC-V|32-bit ARM/, 'arm64 code: no other architecture');
	like($x86, qr/On x86-64 and 32-bit x86 the generated code stays the same/, 'x86 code: the same code');
	like($x86, qr/On x86-64 and 32-bit x86 the generated code stays the same, but for the update of q->tail, which as a release is a load, an add, and a store instead of one add on memory/,
	     'x86 code: except that a counter update is no longer one add, on 32-bit x86 too');
	my $hv = $msg{'drivers/soc/hv.c'} // '';
	my $sgx = $msg{'arch/x86/kernel/sgx/demo.c'} // '';
	($hv, $sgx) = map { s/\n/ /gr } ($hv, $sgx);
	like($hv, qr/On 32-bit powerpc and 32-bit powerpc BookE the release is a stronger barrier and the acquire compiles to the same code\. On 64-bit powerpc the generated code stays the same\./,
	     'a driver whose Kconfig symbol depends on a powerpc-only symbol: powerpc\'s cost') or diag($hv);
	like($notes{'drivers/soc/hv.c'} // '', qr/- On 32-bit powerpc the writer's /,
	     'and what 32-bit powerpc emits, below "---"');
	unlike($hv, qr/arm64|x86|RISC-V|Alpha|MIPS/, 'and no other architecture (a "depends on" in help text is none)');
	like($sgx, qr/On x86-64 the generated code stays the same, but for the update of q->tail, which as a release is a load, an or, and a store instead of one or on memory\./,
	     'x86 code built under a symbol that depends on X86_64: x86-64 alone, the or named') or diag($sgx);
	unlike($sgx, qr/32-bit x86/, 'and 32-bit x86, which cannot build it, is not named');
	my $wide = ($msg{'drivers/wide/w.c'} // '') =~ s/\n/ /gr;
	like($wide, qr/On UML, x86-64 and 32-bit x86 the generated code stays the same\./,
	     'a symbol defined in arch/x86/Kconfig and arch/x86/um/Kconfig: x86 and UML') or diag($wide);
	unlike($wide, qr/arm64|RISC-V|powerpc/, 'and no other architecture');
	my $menu = ($msg{'drivers/menu/m.c'} // '') =~ s/\n/ /gr;
	like($menu, qr/On 32-bit powerpc and 32-bit powerpc BookE the release is a stronger barrier and the acquire compiles to the same code\. On 64-bit powerpc the generated code stays the same\./,
	     'a symbol in a menu that depends on a powerpc-only symbol: powerpc\'s cost') or diag($menu);
	unlike($menu, qr/arm64|x86|RISC-V|Alpha/, 'and no other architecture');
	my $ct = ($msg{'drivers/ct/c.c'} // '') =~ s/\n/ /gr;
	like($ct, qr/On 32-bit powerpc and 32-bit powerpc BookE the release is a stronger barrier and the acquire compiles to the same code\. On 64-bit powerpc the generated code stays the same\./,
	     'depends on DEMO_SOC || COMPILE_TEST: the cost where it runs, powerpc\'s') or diag($ct);
	unlike($ct, qr/arm64|x86|RISC-V|Alpha/, 'and not where it is only build-tested');
	unlike($x86, qr/arm64|RISC-V/, 'x86 code: no other architecture');
	like($gen_n, qr/- On Alpha the writer's demo\.wmb and store become a full smp_mb\(\), demo\.mb, and store/,
	     'code outside arch/: the fallback of the tree\'s own headers, a full smp_mb()') or diag($gen_n);
	like($gen_n, qr/- On 32-bit ARM the writer's dmb ishst and store become a full smp_mb\(\), dmb ish, and store \(a stronger barrier\)\. +- On arm64 .* +- On RISC-V the writer's fence w,w and store become fence rw,w and store /,
	     'code outside arch/: each architecture whose code changes, one item each');
	like($gen, qr/On arm64 the release and the acquire take fewer instructions than the barriers they replace; on LoongArch and RISC-V they take as many instructions as before, other ones; on Alpha, 32-bit ARM, 32-bit powerpc and 32-bit powerpc BookE the release is a stronger barrier and the acquire compiles to the same code; on C-SKY they are stronger barriers\. On 64-bit powerpc, UML, x86-64 and 32-bit x86 the generated code stays the same/,
	     'code outside arch/: every architecture of the tree in the commit message, gains, as many, stronger and the same code') or diag($gen);
	unlike($gen_n, qr/64-bit powerpc|x86/, 'no item for an architecture whose code stays the same');
	unlike($gen, qr/\b(riscv|csky)\b/, 'no MAINTAINERS K: keyword in the message');
	like($gen, qr/What MIPS, MIPS Octeon and SuperH emit is not covered here\./,
	     'an architecture whose barriers are unresolved: the list says it is not complete');
	my $cond = ($msg{'kernel/demo/cond.c'} // '') =~ s/\n/ /gr;
	like($cond, qr/The read barrier sat in an if and ran only when its test held; the acquire is paid on the other path as well, where the old code had no barrier\./,
	     'a read barrier under an if: the message says the acquire costs where none ran') or diag($cond);
	my ($deep, $inner) = map { ($msg{$_} // '') =~ s/\n/ /gr } ('kernel/demo/deep.c', 'kernel/demo/inner.c');
	like($deep, qr/The read barrier sat in an if and ran only when its test held; the acquire is paid on the other path as well/,
	     'a read barrier further down an if\'s braces: the same sentence') or diag($deep);
	like($inner, qr/iq_get\(\) loads it/, 'a load and barrier both under the if: converted') or diag($o);
	unlike($inner, qr/sat in an if/, 'and no such sentence: the acquire runs under the if too');
	my ($rel, $own) = map { ($msg{$_} // '') =~ s/\n/ /gr } ('kernel/demo/rel.c', 'kernel/demo/own.c');
	like($rel, qr/rq_put\(\) stores q->slot\[0\] and then publishes q->head with smp_store_release\(\); rq_get\(\) loads it/,
	     'a writer that releases already publishes with the release, with no barrier before the store') or diag($rel);
	like($own, qr/oq_get\(\) loads it, runs smp_rmb\(\) and then reads q->slot\[0\]\..*the reader's smp_rmb\(\) stays as it is/,
	     'a reader of its own store next to a real reader: one reader, one barrier, in the verbs too') or diag($own);
	unlike($own, qr/oq_reset|smp_rmb\(\) or smp_mb|readers/, 'and the reader of its own store is not named, nor its barrier');
	my $four = ($msg{'kernel/demo/four.c'} // '') =~ s/\n/ /gr;
	like($four, qr/fq_put\(\) stores q->a, q->b, q->c and q->d and then publishes/,
	     'four data stores: all four named, not "and 1 more"') or diag($four);
	like($four, qr/then reads q->a, q->b, q->c and q->d\./,
	     'the reader\'s data: the four loads the writer stores before its barrier, not q->e') or diag($four);
	my $five = ($msg{'kernel/demo/five.c'} // '') =~ s/\n/ /gr;
	like($five, qr/vq_put\(\) stores q->a, q->b, q->c and 2 more and then publishes .* then reads q->a, q->b, q->c and 2 more\./,
	     'five data stores and loads: three named and 2 more') or diag($five);
	unlike($gen, qr/sat in an if/, 'an unconditional read barrier: no such sentence');
	my $early = ($msg{'kernel/demo/early.c'} // '') =~ s/\n/ /gr;
	like($early, qr/A return or goto between the load and the read barrier skipped the barrier; the acquire is paid on that path as well\./,
	     'a return before the read barrier: the message says the acquire costs on that path') or diag($early);
	unlike($gen, qr/A return or goto/, 'no return between the load and the barrier: no such sentence');
	# checkpatch warns of a word repeated on a line ("an and and a store"), wherever a line breaks
	my @repeated = grep { /\b(\w+)\s+\1\b/i } map { s/\n/ /gr } values %msg;
	ok(!@repeated, 'no message repeats a word (the and of "&=" is followed by a comma)')
		or diag($repeated[0]);
	like($cond, qr/cq_set\(\) stores w->slot\[0\] and then publishes w->ready with smp_wmb\(\)/,
	     'the writer\'s publish store is named as the writer writes it, not as the reader does') or diag($cond);
	like($gen, qr/gen_put\(\) stores q->slot\[0\] and then publishes q->tail/, 'the writer\'s data is named');
	like($gen, qr/gen_get\(\) loads it, runs smp_rmb\(\) and then reads q->slot\[t\]/,
	     'the reader\'s data is named');
	like($bits, qr/Use clear_bit_unlock\(\) for the publish store and test_bit_acquire\(\)/,
	     'a cleared bit: the message names clear_bit_unlock()');
	like($bits, qr/The writer's smp_wmb\(\) and clear_bit\(\) become clear_bit_unlock\(\), an atomic bit operation with release ordering/,
	     'a cleared bit: its cost is not that of a store-release') or diag($bits);
	unlike($bits, qr/writer's [^.]* become stlr/, 'a cleared bit: no stlr promised for the writer');
	unlike($bits, qr/\bacqrel\b/, 'a cleared bit: the commit message does not name the tool');
	my ($named, $masked) = map { ($msg{$_} // '') =~ s/\n/ /gr } ('drivers/demo/named.c', 'mm/demo.c');
	like($subject{'drivers/demo/named.c'} // '', qr/ for DEMO_BUSY$/, 'a flag bit: the subject names the bit');
	like($named, qr/publishes DEMO_BUSY in q->flags with smp_wmb\(\) before the bit operation/,
	     'a flag bit: the message names the bit and its word') or diag($named);
	like($named, qr/what the barrier pair guaranteed for DEMO_BUSY in q->flags\./, 'in each sentence');
	like($subject{'mm/demo.c'} // '', qr/ for DEMO_INIT$/, 'a bit cleared with &= ~BIT: the subject names it');
	like($masked, qr/publishes DEMO_INIT in q->flags with smp_wmb\(\) before the store/,
	     'a bit cleared with &= ~BIT: the message names it') or diag($masked);
	unlike($subject{'drivers/demo/bits.c'} // '', qr/ for 0$/, 'a bit number is no name: the word stays');
	like(($msg{'fs/demo/helper.c'} // '') =~ s/\n/ /gr, qr/hc_get\(\) loads it in hc_block\(\), runs smp_rmb\(\)/,
	     'a load in a helper: the message names the helper that holds the acquire');
	like($mb, qr/publishes q->tail with smp_mb\(\) before the store; mb_get\(\) loads it, runs smp_rmb\(\)/,
	     'a writer with smp_mb(): the message names the barriers each side has');
	like($mb, qr/Use smp_load_acquire\(\) for the subscribe load instead, and remove the read barrier; the writer's smp_mb\(\) stays as it is/,
	     'a writer whose smp_mb() stays: only the reader changes, and the message says so') or diag($mb);
	unlike($mb, qr/smp_store_release|remove the barriers/, 'a writer whose smp_mb() stays: no release is promised');
	like($mb, qr/On arm64 the acquire takes fewer instructions than the barrier it replaces; on LoongArch and RISC-V it takes as many instructions as before, other ones; on C-SKY it is a stronger barrier\. On Alpha, 32-bit ARM, MIPS, MIPS Octeon, 64-bit powerpc, 32-bit powerpc, 32-bit powerpc BookE, UML, x86-64 and 32-bit x86 the generated code stays the same\./,
	     'and the cost of the acquire alone, for the architectures whose read barrier it replaces') or diag($mb);
}

# the cost paragraph for the size of the published variable, from the made-up
# headers of tests/golden/cost/sizes.tree (PA-RISC, arm64 and LoongArch switch
# on the size)
{
	my $t11 = tempdir(CLEANUP => 1);
	system('cp', '-r', "$top/tests/golden/cost/sizes.tree/.", $t11) == 0 or die;
	my $o = `cd '$t11' && '$acqrel' patch --include-review -o out . 2>&1`;
	my (%msg, %commit);
	for my $p (glob("$t11/out/*.patch"), glob("$t11/out/*/*.patch")) {
		my $text = do { local (@ARGV, $/) = ($p); <> };
		my ($fn) = $text =~ /^\+.*smp_store_release\(&s->(\w+)/m or next;
		# the commit message and the notes below "---", which list the instructions
		($msg{$fn}) = map { s/\s+/ /gr } $text =~ /\n\n(.*?)^ \S+ +\| /ms;
		($commit{$fn}) = map { s/\s+/ /gr } $text =~ /\n\n(.*?)^---$/ms;
	}
	like($msg{ready} // '', qr/On arm64 the writer's dmb ishst and store become stlrb .*On 64-bit PA-RISC and 32-bit PA-RISC the writer's sync and store become stb,ma \(fewer instructions\), and the reader's load and sync become ldb,ma/,
	     'a bool: the byte forms of the release and acquire') or diag($o);
	like($msg{head} // '', qr/On 64-bit PA-RISC and 32-bit PA-RISC the writer's sync and store become sth,ma/, 'a u16: the halfword forms');
	like($msg{count} // '', qr/On 64-bit PA-RISC and 32-bit PA-RISC the writer's sync and store become stw,ma/, 'an unsigned int: the word forms');
	like($msg{seq} // '', qr/On 64-bit PA-RISC the writer's sync and store become std,ma .*, and the reader's load and sync become ldd,ma .*On 32-bit PA-RISC the writer's sync and store become stw,ma/,
	     'an unsigned long: the doubleword forms on 64-bit PA-RISC, the word forms on 32-bit') or diag($msg{seq});
	unlike(join(' ', map { $msg{$_} // '' } qw(ready head count seq stamp tag slot)), qr/word-sized/,
	       'a variable of known size: no word size assumed');
	like($msg{tag} // '', qr/On 64-bit PA-RISC and 32-bit PA-RISC the writer's sync and store become stw,ma/,
	     'a typedef of unsigned int: its size') or diag($msg{tag});
	like($msg{slot} // '', qr/On 64-bit PA-RISC and 32-bit PA-RISC the writer's sync and store become sth,ma/,
	     'a typedef of a typedef of u16 in a header: its size') or diag($msg{slot});
	like($msg{cookie} // '', qr/On 64-bit PA-RISC, for a word-sized variable, the writer's sync and store become std,ma/,
	     'a typedef acqrel cannot find: the word size, and the message says so') or diag($msg{cookie});
	like($commit{cookie} // '', qr/For a word-sized variable \(acqrel found no size for this one\): on arm64, LoongArch, 64-bit PA-RISC and 32-bit PA-RISC the release and the acquire take fewer/,
	     'and the summary in the commit message says what it assumed') or diag($commit{cookie});
	like($commit{ready} // '', qr/ On arm64, 64-bit PA-RISC and 32-bit PA-RISC the release and the acquire take fewer/,
	     'a size acqrel knows: no assumption said') or diag($commit{ready});
	like($msg{stamp} // '', qr/On 32-bit PA-RISC and 32-bit x86 smp_store_release\(\) and smp_load_acquire\(\) of a 64-bit variable do not build: it is wider than a long there\./,
	     'a u64: no instruction claimed where it does not build') or diag($msg{stamp});
	like($msg{stamp} // '', qr/On 64-bit PA-RISC the writer's sync and store become std,ma .*, and the reader's load and sync become ldd,ma/,
	     'and the 8-byte instructions where CONFIG_64BIT compiles them in');
	unlike($msg{stamp} // '', qr/On 32-bit PA-RISC the writer|stw,ma|ldw,ma/, 'and none of the 32-bit variant');
	# the made-up LoongArch's 4- and 8-byte release and acquire are asm with no "memory" clobber
	like($msg{count} // '', qr/But on LoongArch this tree's smp_store_release\(\) and smp_load_acquire\(\) are, for a variable of this size, an asm statement with no "memory" clobber, which is no compiler barrier/,
	     'a 4-byte variable: the message says the release and acquire are no compiler barrier there') or diag($msg{count});
	unlike(join(' ', map { $msg{$_} // '' } qw(ready head slot)), qr/no compiler barrier/,
	       'a bool or a u16 (a full barrier, with its clobber, first): nothing said');
}

# a one-sided conversion: the subject names only the side the patch writes
for my $case (['rules-callers.c', 'smp_load_acquire', 'smp_store_release', 'the reader alone'],
	      ['rules-table.c', 'smp_store_release', 'smp_load_acquire', 'the writer alone']) {
	my ($fixture, $named, $absent, $what) = @$case;
	my $t10 = tempdir(CLEANUP => 1);
	copy("$top/tests/golden/pairs/$fixture", "$t10/$fixture") or die;
	`cd '$t10' && '$acqrel' patch -o out '$fixture' 2>&1`;
	my ($subject) = map { /^Subject: (.*)$/m } map { do { local (@ARGV, $/) = ($_); <> } } glob("$t10/out/*.patch");
	ok(defined $subject && $subject =~ /: use \Q$named\E\(\) for / && $subject !~ /\Q$absent\E/,
	   "$what converts: the subject names $named() only") or diag($subject // 'no patch');
}

# rule WO: writers with no reader found; the message says so and names no reader
{
	my $t11 = tempdir(CLEANUP => 1);
	copy("$top/tests/golden/pairs/writer-alone.c", "$t11/writer-alone.c") or die;
	`cd '$t11' && '$acqrel' patch -o out writer-alone.c 2>&1`;
	my %wa = map { my $t = do { local (@ARGV, $/) = ($_); <> }; $t =~ /^Subject: .* for dev->(\w+)$/m ? ($1 => $t) : () }
		 glob("$t11/out/*.patch");
	is(join(' ', sort keys %wa), 'in reading', 'the writers with no reader found and no caveat are the patches');
	# the message wraps at 72 columns: any blank between words
	my $words = sub { my $re = join('\\s+', map { quotemeta } split(' ', $_[0])); qr/$re/ };
	like($wa{reading} // '', $words->('publishes dev->reading with smp_wmb() before the store. Its readers stay as they are.'),
	     'the message says no reader was found') or diag($wa{reading});
	like($wa{reading} // '', $words->('which is what the write barrier guaranteed for dev->reading: a reader that sees the new value and orders its reads after that load finds the data as before, whatever it orders them with.'),
	     'and why the release serves any reader');
	unlike(join(' ', values %wa), qr/Pairs with|READ_ONCE\(\) and follow|runs a read\s+barrier and then/, 'no reader is named or described');
	my $wcover = do { local (@ARGV, $/) = (glob("$t11/out/0000-*.patch")); <> } // '';
	like($wcover =~ s/\n  / /gr, qr/^- dev->reading: demo_read_done\(\) publishes it, its readers unchanged \(writer-alone\.c\)$/m,
	     'the cover letter names no reader either') or diag($wcover);
	like($wcover =~ s/\s+/ /gr, qr/ to smp_store_release\(\); the readers of each stay as they are: /,
	     'and does not say the readers keep barriers they may not have');
}

# a writer alone named from the last pointer it goes through: bmc->id_set of intf->bmc->id_set
{
	my $t12 = tempdir(CLEANUP => 1);
	open(my $fh, '>', "$t12/nested.c") or die;
	print $fh "struct demo_nbmc {\n\tint id[4];\n\tint id_set;\n};\n\n" .
		  "struct demo_nintf {\n\tstruct demo_nbmc *bmc;\n};\n\n" .
		  "static void demo_nintf_done(struct demo_nintf *intf, int v)\n{\n" .
		  "\tintf->bmc->id[0] = v;\n\tsmp_wmb();\n\tintf->bmc->id_set = 1;\n}\n\n" .
		  "void demo_nintf_irq(struct demo_nintf *intf)\n{\n\tdemo_nintf_done(intf, 1);\n}\n\n" .
		  "int demo_nintf_get(struct demo_nintf *intf)\n{\n" .
		  "\treturn READ_ONCE(intf->bmc->id_set) ? intf->bmc->id[0] : -1;\n}\n";
	close($fh);
	`cd '$t12' && '$acqrel' patch -o out nested.c 2>&1`;
	my ($subject) = map { /^Subject: (.*)$/m } map { do { local (@ARGV, $/) = ($_); <> } } glob("$t12/out/*.patch");
	is($subject // '', '[PATCH] nested: use smp_store_release() for bmc->id_set',
	   'a writer alone: the subject names the variable from its last pointer');
}

done_testing();
