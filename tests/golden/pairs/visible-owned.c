// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule PRIV, a consumer's own index before its smp_rmb(). */

struct demo_rx {
	int chars[16];
	unsigned int head;
	unsigned int tail;
};

static void demo_rx_put(struct demo_rx *r, int c)
{
	r->chars[r->head % 16] = c;
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
}

/* only the consumer stores tail: its load is the consumer's own bookkeeping */
static int demo_rx_get(struct demo_rx *r)
{
	int c;

	if (READ_ONCE(r->head) == r->tail)
		return -1;
	smp_rmb();
	c = r->chars[r->tail % 16];
	smp_mb();
	r->tail = r->tail + 1;
	return c;
}

struct demo_tx {
	int chars[16];
	unsigned int prod;
	unsigned int cons;
};

static void demo_tx_put(struct demo_tx *t, int c)
{
	t->chars[t->prod % 16] = c;
	smp_wmb();
	WRITE_ONCE(t->prod, t->prod + 1);
}

static int demo_tx_get(struct demo_tx *t)
{
	int c;

	if (READ_ONCE(t->prod) == t->cons)
		return -1;
	smp_rmb();
	c = t->chars[t->cons % 16];
	return c;
}

/* other functions store cons: the load stays a caveat (rules PRIV and CURSOR) */
static void demo_tx_advance(struct demo_tx *t)
{
	smp_mb();
	t->cons = t->cons + 1;
}

static void demo_tx_flush(struct demo_tx *t)
{
	t->cons = READ_ONCE(t->prod);
}

/*
 * check-name: rule PRIV: a load before smp_rmb() of a field only the reader's own function stores is private; with another function storing it, it stays a caveat
 * check-command: acqrel pairs $file
 * check-output-start
visible-owned.c:13: protocol r->head (demo_rx.head): convert
  writer visible-owned.c:13: smp_wmb() in demo_rx_put(); publish store at line 14
  reader visible-owned.c:24: smp_rmb() in demo_rx_get(); subscribe load at line 22
  evidence: object, data
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 1 other access changes ordering; 0 can be seen by another thread
    load r->tail (line 22) before smp_rmb() in demo_rx_get(): private: this side's own variable: every store of demo_rx.tail in the files that see the struct (visible-owned.c) is in demo_rx_get() itself (1 store) or made before the object is published

visible-owned.c:40: protocol t->prod (demo_tx.prod): convert
  writer visible-owned.c:40: smp_wmb() in demo_tx_put(); publish store at line 41
  reader visible-owned.c:50: smp_rmb() in demo_tx_get(); subscribe load at line 48
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of t->cons (line 48) before smp_rmb() in demo_tx_get() can see other threads' stores: with an acquire on t->prod instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders t->prod and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
