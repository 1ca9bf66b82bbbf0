// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule BRANCH, an smp_wmb() in an if branch whose publish store is after the branch. */

/*
 * check-name: rule BRANCH: an smp_wmb() in an if branch that stores after it (here in a helper), whose publish store lies after the branch, publishes the branch's store (keep); a branch with nothing after the barrier orders the store after it
 * check-command: acqrel pairs $file
 * check-output-start
branch-end.c:53: protocol priv->bytes (demo_priv.bytes): keep
  writer branch-end.c:53: smp_wmb() in demo_xmit(); publish store at line 56
  evidence: object
  type-size: priv->bytes is 64-bit (unsigned long long bytes): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures ("Need native word sized stores/loads")
  one-side: no reader found in the files given: no smp_rmb() follows a load of priv->bytes
  several-stores: smp_wmb() in demo_xmit() also orders the stores to q->state (line 39), which other threads can see: with a release on priv->bytes instead, they are no longer ordered after the data
  branch-end: smp_wmb() in demo_xmit() is in an if branch that ends before the store to priv->bytes (line 56), which also runs when the barrier does not; the branch stores q->state in demo_stop_queue() (line 54) after the barrier, which other threads can see: the barrier publishes that store, and a release on priv->bytes would leave it unordered after the data
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    store q->state (line 39 in demo_stop_queue(), called at line 54) after smp_wmb() in demo_xmit(): shared: no reader in the tree orders loads after loading q->state (no barrier, acquire or ordered read-modify-write after one): only a reader that relies on it without one could tell

branch-end.c:65: protocol priv->txq->state (demo_txq.state): review
  writer branch-end.c:65: smp_wmb() in demo_xmit_flag(); publish store at line 67
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of priv->txq->state; the writers alone would convert, but smp_wmb() in demo_xmit_flag() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */

struct demo_txq {
	unsigned long state;
};

struct demo_priv {
	unsigned int next;
	unsigned long long bytes;
	struct demo_txq *txq;
};

static inline void demo_stop_queue(struct demo_txq *q)
{
	set_bit(0, &q->state);
}

/* positive: the branch stops the queue after the barrier; the statistic after it runs either way */
static int demo_desc_busy(const struct demo_priv *priv)
{
	return priv->next & 1;
}

int demo_xmit(struct demo_priv *priv, unsigned int len)
{
	priv->next = priv->next + 1;
	if (demo_desc_busy(priv)) {
		/* make the new next seen by the reclaim timer */
		smp_wmb();
		demo_stop_queue(priv->txq);
	}
	priv->bytes += len;
	return 0;
}

/* negative: nothing after the barrier in its branch: the store after it is what it orders */
int demo_xmit_flag(struct demo_priv *priv, int full)
{
	if (full) {
		priv->next = 0;
		smp_wmb();
	}
	WRITE_ONCE(priv->txq->state, 1);
	return 0;
}
