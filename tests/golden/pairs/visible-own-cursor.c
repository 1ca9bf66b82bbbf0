// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a load before smp_rmb() of the reader's own cursor. */

struct demo_cring {
	unsigned int head;
	unsigned int tail;
	unsigned int count;
	unsigned int ready;
	unsigned int seq;
	unsigned long flags;
	unsigned long bits;
	char buf[64];
};

static void demo_cring_put(struct demo_cring *r, char c)
{
	r->buf[r->head % 64] = c;
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}

/* tail is the consumer's own index: it stores it itself, no writer does (convert) */
static int demo_cring_get(struct demo_cring *r, char *out, int n)
{
	int i = 0;

	while (i < n && READ_ONCE(r->head) != r->tail) {
		/* pairs with smp_wmb() in demo_cring_put() */
		smp_rmb();
		out[i++] = r->buf[r->tail % 64];
		r->tail = r->tail + 1;
	}
	return i;
}

/* count is stored by the writer too: published with the data, a caveat */
static void demo_cring_put_counted(struct demo_cring *r, char c)
{
	r->buf[0] = c;
	r->count = 1;
	smp_wmb();
	WRITE_ONCE(r->ready, 1);
}

static int demo_cring_take_counted(struct demo_cring *r)
{
	unsigned int n = r->count;

	if (!READ_ONCE(r->ready))
		return -1;
	smp_rmb();
	r->count = 0;
	return r->buf[n];
}

/* flags, bits and count are published elsewhere, with a release: shared unless owned */
static void demo_cring_reset(struct demo_cring *r)
{
	smp_store_release(&r->tail, 0);
	smp_store_release(&r->flags, 0);
	smp_store_release(&r->count, 0);
	clear_bit_unlock(1, &r->bits);
}

/* a flags word updated with |=, and another bit of a bit word: other threads' bits (caveats) */
static void demo_cring_kick(struct demo_cring *r, char c)
{
	r->buf[1] = c;
	smp_wmb();
	WRITE_ONCE(r->seq, 2);
}

static int demo_cring_poll(struct demo_cring *r)
{
	unsigned long f = r->flags;
	int done = test_bit(1, &r->bits);

	if (READ_ONCE(r->seq) != 2)
		return -1;
	smp_rmb();
	r->flags |= 4;
	set_bit(2, &r->bits);
	return r->buf[1] + f + done;
}

/*
 * check-name: rule CURSOR: a load before smp_rmb() of the reader's own cursor, which its function stores again after the barrier and no writer of the protocol stores, is private (convert); a field the writer stores too, a flags word updated with |=, another bit of a bit word stay shared
 * check-command: acqrel pairs $file
 * check-output-start
visible-own-cursor.c:18: protocol r->head (demo_cring.head): convert
  writer visible-own-cursor.c:18: smp_wmb() in demo_cring_put(); publish store at line 19
  reader visible-own-cursor.c:29: smp_rmb() in demo_cring_get(); subscribe load at line 27
  evidence: object, comment, data
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load r->tail (line 27) before smp_rmb() in demo_cring_get(): private: this side's own cursor: demo_cring_get() stores r->tail itself (line 31), and no writer of r->head stores it: the load reads back this side's own store (others may read it, none changes it with the data)

visible-own-cursor.c:41: protocol r->ready (demo_cring.ready): convert
  writer visible-own-cursor.c:41: smp_wmb() in demo_cring_put_counted(); publish store at line 42
  reader visible-own-cursor.c:51: smp_rmb() in demo_cring_take_counted(); subscribe load at line 49
  evidence: object
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of r->count (line 47) before smp_rmb() in demo_cring_take_counted() can see other threads' stores: with an acquire on r->ready instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders r->ready and nothing another thread can see besides
  ordering: 0 other accesses change ordering

visible-own-cursor.c:59: protocol r->tail (demo_cring.tail): converted
  writer visible-own-cursor.c:59: smp_store_release() in demo_cring_reset(); publish store at line 59
  evidence: object
  release-acquire: r->tail is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

visible-own-cursor.c:60: protocol r->flags (demo_cring.flags): converted
  writer visible-own-cursor.c:60: smp_store_release() in demo_cring_reset(); publish store at line 60
  evidence: object
  release-acquire: r->flags is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

visible-own-cursor.c:61: protocol r->count (demo_cring.count): converted
  writer visible-own-cursor.c:61: smp_store_release() in demo_cring_reset(); publish store at line 61
  evidence: object
  release-acquire: r->count is already published with a release or read with an acquire, and what is left stays as it is
  ordering: 0 other accesses change ordering

visible-own-cursor.c:69: protocol r->seq (demo_cring.seq): convert
  writer visible-own-cursor.c:69: smp_wmb() in demo_cring_kick(); publish store at line 70
  reader visible-own-cursor.c:80: smp_rmb() in demo_cring_poll(); subscribe load at line 78
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of r->bits (line 76), r->flags (line 75) before smp_rmb() in demo_cring_poll() can see other threads' stores: with an acquire on r->seq instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders r->seq and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
