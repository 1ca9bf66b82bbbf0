// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 10: what is not this pattern. */

struct demo_clock {
	unsigned int seq;
	long sec;
	long nsec;
};

struct demo_ring {
	int ev[16];
	unsigned int head;
	unsigned int tail;
};

/* seqcount-style writer and reader */
static void demo_clock_set(struct demo_clock *c, long s, long ns)
{
	WRITE_ONCE(c->seq, c->seq + 1);
	smp_wmb();
	c->sec = s;
	c->nsec = ns;
	smp_wmb();
	WRITE_ONCE(c->seq, c->seq + 1);
}

static long demo_clock_get(struct demo_clock *c)
{
	unsigned int seq;
	long s;

	do {
		seq = READ_ONCE(c->seq);
		smp_rmb();
		s = c->sec;
		smp_rmb();
	} while (seq != READ_ONCE(c->seq));
	return s;
}

/* a consumer orders its own index update after reading the event */
static int demo_ring_consume(struct demo_ring *r)
{
	int e = r->ev[r->head % 16];

	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
	return e;
}

/* a full barrier stays; its reader can still become an acquire */
static void demo_ring_kick(struct demo_ring *r)
{
	r->ev[0] = 1;
	smp_mb();
	WRITE_ONCE(r->tail, 1);
	dma_wmb();
	r->ev[1] = 2;
}

static int demo_ring_peek(struct demo_ring *r)
{
	if (!READ_ONCE(r->tail))
		return -1;
	smp_rmb();
	return r->ev[0];
}

/* nothing to publish next to the barrier */
static void demo_ring_flush(struct demo_ring *r)
{
	r->ev[2] = 3;
	smp_wmb();
}

/*
 * check-name: shape 10, seqcount retries and a consumer's own index are kept; an smp_mb() writer stays while its reader converts
 * check-command: acqrel pairs $file
 * check-output-start
shape10-keep.c:20: protocol c->sec (demo_clock.sec): keep
  writer shape10-keep.c:20: smp_wmb() in demo_clock_set(); publish store at line 21
  reader shape10-keep.c:36: smp_rmb() in demo_clock_get(); subscribe load at line 35
  evidence: object, data
  seqcount: demo_clock_set() stores c->seq before an smp_wmb() and again after another, with the store to c->sec between: a seqcount-style writer, whose barriers order the sequence against all the data between them
  seqcount: demo_clock_get() reads c->sec on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

shape10-keep.c:23: protocol c->seq (demo_clock.seq): keep
  writer shape10-keep.c:23: smp_wmb() in demo_clock_set(); publish store at line 24
  reader shape10-keep.c:34: smp_rmb() in demo_clock_get(); subscribe load at line 33
  evidence: object, data
  seqcount: demo_clock_set() stores c->seq before an smp_wmb() and again after another: a seqcount-style writer, whose barriers order the sequence against all the data between them
  seqcount: demo_clock_get() reads c->seq on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace
  ordering: 0 other accesses change ordering

shape10-keep.c:46: protocol r->head (demo_ring.head): keep
  writer shape10-keep.c:46: smp_wmb() in demo_ring_consume(); publish store at line 47
  evidence: object
  load-before-wmb: no smp_wmb() that stores r->head orders data before it: only loads precede each, or its callers store nothing before the call, which is not this pattern
  ordering: 0 other accesses change ordering

shape10-keep.c:55: protocol r->tail (demo_ring.tail): convert
  writer shape10-keep.c:55: smp_mb() in demo_ring_kick(); publish store at line 56
  reader shape10-keep.c:65: smp_rmb() in demo_ring_peek(); subscribe load at line 63
  evidence: object, data
  stays: smp_mb() in demo_ring_kick() is a full barrier: it orders every earlier access before the store to r->tail, and stays
  adjacent: each barrier that goes orders r->tail and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shape10-keep.c:73:2: note: smp_wmb() unpaired (no-access-after): no shared access follows smp_wmb() in demo_ring_flush(); the publish store may be in its callers
 * check-output-end
 */
