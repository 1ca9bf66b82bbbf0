// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a comment joins a barrier whose loads are of other variables. */

struct demo_ts {
	void *skb;
	unsigned long tmo;
};

static void demo_ts_start(struct demo_ts *t, void *skb, unsigned long tmo)
{
	t->tmo = tmo;
	smp_wmb();
	WRITE_ONCE(t->skb, skb);
}

/* the caller checked t->skb; only jiffies is loaded here */
static unsigned long demo_ts_left(struct demo_ts *t)
{
	unsigned long now = jiffies;

	/* make sure demo_ts_start() has updated tmo */
	smp_rmb();
	return t->tmo - now;
}

/* a producer re-reads its own index after publishing it: no subscription */
struct demo_tx {
	int desc[8];
	unsigned int cur;
	unsigned int dirty;
};

static void demo_tx_xmit(struct demo_tx *t, int d)
{
	unsigned int dirty;

	t->desc[t->cur % 8] = d;
	smp_wmb();
	t->cur++;
	dirty = READ_ONCE(t->dirty);
	if (t->cur - 8 == dirty) {
		smp_rmb();
		if (dirty != READ_ONCE(t->dirty))
			wake(t);
	}
}

/*
 * check-name: an end a comment joins but whose load is of another variable, or a reader of its own function's store, is rewritten by nobody (unanchored); such a reader keeps its smp_rmb(), and the writer converts alone when nothing else stands (rule WA)
 * check-command: acqrel pairs $file
 * check-output-start
unanchored.c:12: protocol t->skb (demo_ts.skb): convert
  writer unanchored.c:12: smp_wmb() in demo_ts_start(); publish store at line 13
  reader unanchored.c:22: smp_rmb() in demo_ts_left(); subscribe load at line 19
  evidence: object, comment, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): a comment joins smp_rmb() in demo_ts_left(), but the load next to it is of jiffies, not of t->skb: the real subscribe load is elsewhere (a caller?), and acqrel rewrites neither
  adjacent: each barrier that goes orders t->skb and nothing another thread can see besides
  ordering: 0 other accesses change ordering

unanchored.c:38: protocol t->cur (demo_tx.cur): review
  writer unanchored.c:38: smp_wmb() in demo_tx_xmit(); publish store at line 39
  reader unanchored.c:42: smp_rmb() in demo_tx_xmit(); subscribe load at line 41
  evidence: object
  unanchored: demo_tx_xmit() loads t->cur before smp_rmb() at line 42 and stores it itself (line 39): it reads its own store, no other thread's publication, and the barrier orders something else; acqrel rewrites neither
  call-between: smp_wmb() in demo_tx_xmit() also orders the stores made by wake(), whose bodies acqrel does not follow: with a release on t->cur instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
