// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: what a lock both sides hold already orders. */

struct demo_chan {
	spinlock_t lock;
	int msg[8];
	unsigned int head;
	unsigned int tail;
	unsigned int seen;
};

/* the writer publishes tail; it also moves seen, under the lock */
static void demo_chan_send(struct demo_chan *ch, int m)
{
	spin_lock(&ch->lock);
	ch->msg[ch->tail % 8] = m;
	smp_wmb();
	WRITE_ONCE(ch->tail, ch->tail + 1);
	WRITE_ONCE(ch->seen, 0);
	spin_unlock(&ch->lock);
}

/* the reader loads seen under the same lock: locked, no caveat */
static int demo_chan_recv(struct demo_chan *ch)
{
	unsigned int seen, tail;
	int m = -1;

	spin_lock(&ch->lock);
	seen = READ_ONCE(ch->seen);
	spin_unlock(&ch->lock);
	tail = READ_ONCE(ch->tail);
	smp_rmb();
	if (seen != tail)
		m = ch->msg[seen % 8];
	return m;
}

struct demo_stat {
	struct mutex mutex;
	long blocks;
	long overhead;
	unsigned long last;
};

/* both sides always hold mutex: the barriers order nothing the lock does not */
static void demo_stat_update(struct demo_stat *st, long blocks)
{
	mutex_lock(&st->mutex);
	st->blocks = blocks;
	smp_wmb();
	st->last = blocks;
	mutex_unlock(&st->mutex);
}

static long demo_stat_get(struct demo_stat *st, long blocks)
{
	long r = 0;

	mutex_lock(&st->mutex);
	if (blocks == READ_ONCE(st->last)) {
		smp_rmb();
		r = st->blocks;
	}
	mutex_unlock(&st->mutex);
	return r;
}

struct demo_cfg {
	spinlock_t lock;
	int val[4];
	int gen;
	int mode;
};

static void demo_cfg_set(struct demo_cfg *c, int v)
{
	c->val[0] = v;
	smp_wmb();
	WRITE_ONCE(c->gen, 1);
	WRITE_ONCE(c->mode, v);
}

/* mode is loaded under a lock, but the writer stores it without: a caveat */
static int demo_cfg_get(struct demo_cfg *c)
{
	int mode, gen;

	spin_lock(&c->lock);
	mode = READ_ONCE(c->mode);
	gen = READ_ONCE(c->gen);
	spin_unlock(&c->lock);
	smp_rmb();
	return gen && mode ? c->val[0] : -1;
}

/* head is stored only under ring_lock (found by searching the file), and loaded under it */
struct demo_ring {
	struct mutex ring_lock;
	int ev[16];
	unsigned int head;
	unsigned int tail;
};

static void demo_ring_advance(struct demo_ring *r)
{
	mutex_lock(&r->ring_lock);
	r->head = (r->head + 1) % 16;
	mutex_unlock(&r->ring_lock);
}

static void demo_ring_post(struct demo_ring *r, int e)
{
	r->ev[r->tail % 16] = e;
	smp_wmb();
	WRITE_ONCE(r->tail, r->tail + 1);
}

static int demo_ring_get(struct demo_ring *r)
{
	unsigned int head, tail;
	int e = -1;

	mutex_lock(&r->ring_lock);
	head = r->head;
	tail = READ_ONCE(r->tail);
	smp_rmb();
	if (head != tail)
		e = r->ev[head];
	mutex_unlock(&r->ring_lock);
	return e;
}

/*
 * check-name: a load both sides order with one lock, or whose every store holds the lock, is no caveat; both sides under one lock is redundant; a lock one side holds orders nothing
 * check-command: acqrel pairs $file
 * check-output-start
visible-locked.c:17: protocol ch->tail (demo_chan.tail): convert
  writer visible-locked.c:17: smp_wmb() in demo_chan_send(); publish store at line 18
  reader visible-locked.c:33: smp_rmb() in demo_chan_recv(); subscribe load at line 32
  evidence: object, data
  adjacent: each barrier that goes orders ch->tail and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    store ch->seen (line 19) after smp_wmb() in demo_chan_send(): locked: under ch->lock, which every reader holds too where it loads it
    load ch->seen (line 30) before smp_rmb() in demo_chan_recv(): locked: under ch->lock, which every writer holds too where it stores it

visible-locked.c:51: protocol st->last (demo_stat.last): redundant
  writer visible-locked.c:51: smp_wmb() in demo_stat_update(); publish store at line 52
  reader visible-locked.c:62: smp_rmb() in demo_stat_get(); subscribe load at line 61
  evidence: object, data
  redundant: every writer and reader holds st->mutex at its barrier: the lock orders all they publish, and the barriers order nothing more
  ordering: 0 other accesses change ordering

visible-locked.c:79: protocol c->gen (demo_cfg.gen): review
  writer visible-locked.c:79: smp_wmb() in demo_cfg_set(); publish store at line 80
  reader visible-locked.c:93: smp_rmb() in demo_cfg_get(); subscribe load at line 91
  evidence: object, data
  several-stores: smp_wmb() in demo_cfg_set() also orders the stores to c->mode (line 81), which other threads can see: with a release on c->gen instead, they are no longer ordered after the data
  loses-ordering: the loads of c->mode (line 90) before smp_rmb() in demo_cfg_get() can see other threads' stores: with an acquire on c->gen instead, they are no longer ordered before the loads after it
  ordering: 2 other accesses change ordering; 2 can be seen by another thread
    store c->mode (line 81) after smp_wmb() in demo_cfg_set(): shared
    load c->mode (line 90) before smp_rmb() in demo_cfg_get(): shared

visible-locked.c:115: protocol r->tail (demo_ring.tail): convert
  writer visible-locked.c:115: smp_wmb() in demo_ring_post(); publish store at line 116
  reader visible-locked.c:127: smp_rmb() in demo_ring_get(); subscribe load at line 126
  evidence: object, data
  adjacent: each barrier that goes orders r->tail and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load r->head (line 125) before smp_rmb() in demo_ring_get(): locked: under r->ring_lock, which every store of demo_ring.head in visible-locked.c holds (1 store)

 * check-output-end
 */
