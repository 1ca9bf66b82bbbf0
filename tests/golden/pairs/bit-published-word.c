// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a bit published by set_bit() after smp_wmb() publishes its word. */

struct demo_f {
	unsigned long flags;
	int ready;
	int data;
	int data2;
};

static void demo_w1(struct demo_f *f)
{
	f->data2 = 1;
	smp_wmb();
	set_bit(1, &f->flags);
}

static void demo_w2(struct demo_f *f)
{
	f->data = 1;
	smp_wmb();
	WRITE_ONCE(f->ready, 1);
}

/* the whole word is loaded before the barrier: it can carry the published bit, shared */
static int demo_r(struct demo_f *f)
{
	unsigned long fl = READ_ONCE(f->flags);
	int r = READ_ONCE(f->ready);

	smp_rmb();
	return (fl & 2) && r ? f->data + f->data2 : 0;
}

/*
 * check-name: a load of a whole flags word one of whose bits a writer publishes with set_bit() after smp_wmb() is shared, not unordered
 * check-command: acqrel pairs $file
 * check-output-start
bit-published-word.c:14: protocol f->flags bit 1 (demo_f.flags): keep
  writer bit-published-word.c:14: smp_wmb() in demo_w1(); publish store at line 15
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of f->flags
  stays: smp_wmb() in demo_w1() publishes f->flags with set_bit(), which has no release form: smp_wmb() stays there
  nothing-converts: no barrier of f->flags can become a release or an acquire: each stays, for the reason given
  ordering: 0 other accesses change ordering

bit-published-word.c:21: protocol f->ready (demo_f.ready): convert
  writer bit-published-word.c:21: smp_wmb() in demo_w2(); publish store at line 22
  reader bit-published-word.c:31: smp_rmb() in demo_r(); subscribe load at line 29
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of f->flags (line 28) before smp_rmb() in demo_r() can see other threads' stores: with an acquire on f->ready instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders f->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
