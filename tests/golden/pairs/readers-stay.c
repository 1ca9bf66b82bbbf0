// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule WA, a protocol whose only caveats are
 * its readers' converts its writers alone; the readers keep smp_rmb().
 */

struct demo_chan {
	unsigned int head;
	int slot[16];
	int ready;
	int data;
	int note;
};

/* the writer has nothing else after its barrier */
static void demo_chan_put(struct demo_chan *c, int v)
{
	c->slot[c->head & 15] = v;
	smp_wmb();
	c->head = c->head + 1;
}

void demo_chan_poll(struct demo_chan *c);

/* the reader's rmb also orders what the poll loads: it stays */
static int demo_chan_get(struct demo_chan *c, unsigned int tail)
{
	demo_chan_poll(c);
	if (c->head == tail)
		return -1;
	smp_rmb();
	return c->slot[tail & 15];
}

/* a reader with a full barrier: it stays too, and the note names it so */
static int demo_chan_drain(struct demo_chan *c, unsigned int tail)
{
	if (c->head == tail)
		return -1;
	smp_mb();
	return c->slot[tail & 15];
}

/* negative: the writer orders a second shared store after its barrier */
static void demo_chan_post(struct demo_chan *c, int v)
{
	c->data = v;
	smp_wmb();
	c->ready = 1;
	c->note = v;
}

static int demo_chan_peek(struct demo_chan *c)
{
	int seen = c->note;

	if (!c->ready)
		return -1;
	smp_rmb();
	return c->data + seen;
}

struct demo_lone {
	int ready;
	int data;
};

/* negative: no reader at all (one-side) */
static void demo_lone_post(struct demo_lone *l, int v)
{
	l->data = v;
	smp_wmb();
	l->ready = 1;
}

/*
 * check-name: rule WA: a protocol whose only caveats are its readers' converts its writers alone, the readers keep their barriers; not with a writer's caveat; without a reader it is rule WO's
 * check-command: acqrel pairs $file
 * check-output-start
readers-stay.c:19: protocol c->head (demo_chan.head): convert
  writer readers-stay.c:19: smp_wmb() in demo_chan_put(); publish store at line 20
  reader readers-stay.c:31: smp_rmb() in demo_chan_get(); subscribe load at line 29
  reader readers-stay.c:40: smp_mb() in demo_chan_drain(); subscribe load at line 38
  evidence: object, data
  reader-stays: the readers keep their barriers, which pair with the release as they did with smp_wmb(): smp_rmb() in demo_chan_get() also orders the loads made by demo_chan_poll(), whose bodies acqrel does not follow: with an acquire on c->head instead, they are no longer ordered before the loads after it
  stays: smp_mb() in demo_chan_drain() is a full barrier: it orders the load of c->head, and stays
  adjacent: each barrier that goes orders c->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

readers-stay.c:48: protocol c->ready (demo_chan.ready): review
  writer readers-stay.c:48: smp_wmb() in demo_chan_post(); publish store at line 49
  reader readers-stay.c:59: smp_rmb() in demo_chan_peek(); subscribe load at line 57
  evidence: object, data
  several-stores: smp_wmb() in demo_chan_post() also orders the stores to c->note (line 50), which other threads can see: with a release on c->ready instead, they are no longer ordered after the data
  loses-ordering: the loads of c->note (line 55) before smp_rmb() in demo_chan_peek() can see other threads' stores: with an acquire on c->ready instead, they are no longer ordered before the loads after it
  ordering: 2 other accesses change ordering; 2 can be seen by another thread
    store c->note (line 50) after smp_wmb() in demo_chan_post(): shared
    load c->note (line 55) before smp_rmb() in demo_chan_peek(): shared

readers-stay.c:72: protocol l->ready (demo_lone.ready): review
  writer readers-stay.c:72: smp_wmb() in demo_lone_post(); publish store at line 73
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of l->ready; the writers alone would convert, but smp_wmb() in demo_lone_post() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
