// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: what else a writer's smp_wmb() orders. */

struct demo_chan {
	int data[4];
	int count;
	int flag;
	int gen;
	unsigned long bits;
};

/* the barrier also orders q->flag, which another reader subscribes to */
static void demo_chan_pub(struct demo_chan *q)
{
	q->data[0] = 1;
	smp_wmb();
	q->count = 1;
	q->flag = 1;
}

static int demo_chan_count(struct demo_chan *q)
{
	int n = READ_ONCE(q->count);

	smp_rmb();
	return n ? q->data[0] : 0;
}

static int demo_chan_flag(struct demo_chan *q)
{
	int f = READ_ONCE(q->flag);

	smp_rmb();
	return f ? q->data[1] : 0;
}

/* a later store of 0 publishes nothing; a later store of 2 does */
static void demo_chan_gen(struct demo_chan *q, int err)
{
	q->data[2] = 1;
	smp_wmb();
	q->gen = 1;
	if (err)
		q->gen = 0;
}

static void demo_chan_regen(struct demo_chan *q, int again)
{
	q->data[2] = 2;
	smp_wmb();
	q->gen = 1;
	if (again)
		q->gen = 2;
}

static int demo_chan_read_gen(struct demo_chan *q)
{
	int g = READ_ONCE(q->gen);

	smp_rmb();
	return g ? q->data[2] : 0;
}

/* different bits of one word are different variables */
static void demo_chan_bit1(struct demo_chan *q)
{
	q->data[3] = 1;
	smp_wmb();
	set_bit(1, &q->bits);
}

static int demo_chan_bit2(struct demo_chan *q)
{
	if (!test_bit(2, &q->bits))
		return 0;
	smp_rmb();
	return q->data[3];
}

/*
 * check-name: a store another reader subscribes to, a later store, bits of one word
 * check-command: acqrel pairs $file
 * check-output-start
rules-writer.c:16: protocol q->count (demo_chan.count): convert
  writer rules-writer.c:16: smp_wmb() in demo_chan_pub(); publish store at line 17
  reader rules-writer.c:25: smp_rmb() in demo_chan_count(); subscribe load at line 23
  evidence: object, data
  adjacent: each barrier that goes orders q->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-writer.c:16: protocol q->flag (demo_chan.flag): convert
  writer rules-writer.c:16: smp_wmb() in demo_chan_pub(); publish store at line 18
  reader rules-writer.c:33: smp_rmb() in demo_chan_flag(); subscribe load at line 31
  evidence: object
  adjacent: each barrier that goes orders q->flag and nothing another thread can see besides
  ordering: 0 other accesses change ordering

rules-writer.c:50: protocol q->gen (demo_chan.gen): review
  writer rules-writer.c:50: smp_wmb() in demo_chan_regen(); publish store at line 51
  writer rules-writer.c:41: smp_wmb() in demo_chan_gen(); publish store at line 42
  reader rules-writer.c:60: smp_rmb() in demo_chan_read_gen(); subscribe load at line 58
  evidence: object, data
  stored-again: demo_chan_regen() stores q->gen again at line 53, after the publish store; a reader that sees that value is not ordered by the release
  ordering: 0 other accesses change ordering

rules-writer.c:68: protocol q->bits bit 1 (demo_chan.bits): keep
  writer rules-writer.c:68: smp_wmb() in demo_chan_bit1(); publish store at line 69
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of q->bits
  stays: smp_wmb() in demo_chan_bit1() publishes q->bits with set_bit(), which has no release form: smp_wmb() stays there
  nothing-converts: no barrier of q->bits can become a release or an acquire: each stays, for the reason given
  ordering: 0 other accesses change ordering

rules-writer.c:76: protocol q->bits bit 2 (demo_chan.bits): review
  reader rules-writer.c:76: smp_rmb() in demo_chan_bit2(); subscribe load at line 74
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to q->bits
  ordering: 0 other accesses change ordering

 * check-output-end
 */
