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

/*
 * check-name: an end a comment joins but whose load is of another variable is rewritten by nobody (unanchored)
 * check-command: acqrel pairs $file
 * check-output-start
unanchored.c:12: protocol t->skb (demo_ts.skb): review
  writer unanchored.c:12: smp_wmb() in demo_ts_start(); publish store at line 13
  reader unanchored.c:22: smp_rmb() in demo_ts_left(); subscribe load at line 19
  evidence: object, comment, data
  unanchored: a comment joins smp_rmb() in demo_ts_left(), but the load next to it is of jiffies, not of t->skb: the real subscribe load is elsewhere (a caller?), and acqrel rewrites neither
  ordering: 0 other accesses change ordering

 * check-output-end
 */
