// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule S for writers. A function that
 * stores a sequence right before one smp_wmb() and again right after a
 * later one, straight through, is a seqcount-style writer: each store
 * between is its data, whichever variable a protocol is on (keep). A
 * store of the protocol's variable right before its own smp_wmb() is
 * ordered by it (keep). Not a section: two smp_wmb()s on different paths,
 * or two bits of one flags word.
 */

struct demo_status {
	unsigned int sequence;
	unsigned int policy;
	unsigned int deny;
};

/* the data stores of a section: policy is no flag, the barriers are the sequence's */
static void demo_status_update(struct demo_status *st, unsigned int v)
{
	st->sequence++;
	smp_wmb();
	st->policy = v;
	st->deny = !v;
	smp_wmb();
	st->sequence++;
}

struct demo_wall {
	unsigned int version;
	unsigned int sec;
};

/* the closing store of the sequence, stored with its own value in parentheses first */
static void demo_wall_set(struct demo_wall *w, unsigned int s)
{
	unsigned int v;

	v = w->version = (w->version + 1) | 1;
	smp_wmb();
	w->sec = s;
	smp_wmb();
	w->version = v + 1;
}

struct demo_slots {
	unsigned int nr;
	unsigned long base;
};

extern int demo_register(struct demo_slots *c);

/* nr is stored before the barrier too: the barrier orders that store */
static int demo_slots_add(struct demo_slots *c, unsigned long base)
{
	int err;

	++c->nr;
	smp_wmb();
	c->base = base;
	err = demo_register(c);
	if (err)
		--c->nr;
	return err;
}

static unsigned long demo_slots_last(struct demo_slots *c)
{
	if (!READ_ONCE(c->nr))
		return 0;
	smp_rmb();
	return c->base;
}

struct demo_gc {
	unsigned int seq;
	unsigned int lnum;
	unsigned int done;
};

extern int demo_sync(struct demo_gc *c);

/* the second seq store is on another path (after a label): no section */
static int demo_gc_leb(struct demo_gc *c, unsigned int lnum, int fast)
{
	int err = 0;

	if (fast)
		goto out_inc;
	c->seq += 1;
	smp_wmb();
	WRITE_ONCE(c->done, lnum);
	err = demo_sync(c);
	return err;

out_inc:
	smp_wmb();
	c->seq += 1;
	return err;
}

static unsigned int demo_gc_get(struct demo_gc *c)
{
	if (!READ_ONCE(c->done))
		return 0;
	smp_rmb();
	return c->lnum;
}

struct demo_port {
	unsigned long flags;
	int urbs;
};

#define DEMO_READ	0
#define DEMO_IN_USE	1

/* two bits of one flags word are two variables: no section */
static void demo_port_stop(struct demo_port *d)
{
	d->urbs = 0;
	clear_bit(DEMO_READ, &d->flags);
	smp_wmb();
	clear_bit(DEMO_IN_USE, &d->flags);
}

static int demo_port_open(struct demo_port *d)
{
	if (test_bit(DEMO_IN_USE, &d->flags))
		return -1;
	smp_rmb();
	return d->urbs;
}

/*
 * check-name: rule S, writers: a store of a sequence right before one smp_wmb() and right after a later one, straight through, makes every store between data of a seqcount writer (keep), the sequence read in parentheses on its own line; the protocol's variable stored right before its own smp_wmb() too (keep); not across a jump, nor for two bits of one word
 * check-command: acqrel pairs $file
 * check-output-start
seqcount-writer.c:22: protocol st->policy (demo_status.policy): keep
  writer seqcount-writer.c:22: smp_wmb() in demo_status_update(); publish store at line 23
  evidence: object
  seqcount: demo_status_update() stores st->sequence before an smp_wmb() and again after another, with the store to st->policy between: a seqcount-style writer, whose barriers order the sequence against all the data between them
  ordering: 0 other accesses change ordering

seqcount-writer.c:25: protocol st->sequence (demo_status.sequence): keep
  writer seqcount-writer.c:25: smp_wmb() in demo_status_update(); publish store at line 26
  evidence: object
  seqcount: demo_status_update() stores st->sequence before an smp_wmb() and again after another: a seqcount-style writer, whose barriers order the sequence against all the data between them
  ordering: 0 other accesses change ordering

seqcount-writer.c:40: protocol w->sec (demo_wall.sec): keep
  writer seqcount-writer.c:40: smp_wmb() in demo_wall_set(); publish store at line 41
  evidence: object
  seqcount: demo_wall_set() stores w->version before an smp_wmb() and again after another, with the store to w->sec between: a seqcount-style writer, whose barriers order the sequence against all the data between them
  ordering: 0 other accesses change ordering

seqcount-writer.c:42: protocol w->version (demo_wall.version): keep
  writer seqcount-writer.c:42: smp_wmb() in demo_wall_set(); publish store at line 43
  evidence: object
  seqcount: demo_wall_set() stores w->version before an smp_wmb() and again after another: a seqcount-style writer, whose barriers order the sequence against all the data between them
  ordering: 0 other accesses change ordering

seqcount-writer.c:59: protocol c->nr (demo_slots.nr): keep
  writer seqcount-writer.c:59: smp_wmb() in demo_slots_add(); publish store at line 63
  reader seqcount-writer.c:71: smp_rmb() in demo_slots_last(); subscribe load at line 69
  evidence: object
  seqcount: demo_slots_add() stores c->nr right before one of its smp_wmb()s (line 58), which orders that store ahead of the stores after it: a chain of ordered stores, as in a seqcount writer, which a release on one store does not express
  ordering: 0 other accesses change ordering

seqcount-writer.c:91: protocol c->done (demo_gc.done): review
  writer seqcount-writer.c:91: smp_wmb() in demo_gc_leb(); publish store at line 92
  reader seqcount-writer.c:106: smp_rmb() in demo_gc_get(); subscribe load at line 104
  evidence: object
  call-between: smp_wmb() in demo_gc_leb() also orders the stores made by demo_sync(), whose bodies acqrel does not follow: with a release on c->done instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

seqcount-writer.c:97: protocol c->seq (demo_gc.seq): keep
  writer seqcount-writer.c:97: smp_wmb() in demo_gc_leb(); publish store at line 98
  evidence: object
  seqcount: demo_gc_leb() stores c->seq right before one of its smp_wmb()s (line 90), which orders that store ahead of the stores after it: a chain of ordered stores, as in a seqcount writer, which a release on one store does not express
  ordering: 0 other accesses change ordering

seqcount-writer.c:123: protocol d->flags bit DEMO_IN_USE (demo_port.flags): convert
  writer seqcount-writer.c:123: smp_wmb() in demo_port_stop(); publish store at line 124
  reader seqcount-writer.c:131: smp_rmb() in demo_port_open(); subscribe load at line 129
  evidence: object, data
  adjacent: each barrier that goes orders d->flags and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
