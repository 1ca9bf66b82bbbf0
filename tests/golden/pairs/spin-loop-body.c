// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: an smp_rmb() that is the body of a wait loop. */

struct demo_pkt {
	int nr_frags;
	int len;
};

struct demo_txring {
	unsigned int last_write;
	unsigned int last_read;
};

static void demo_pkt_set(struct demo_pkt *pkt, int n)
{
	pkt->nr_frags = n;
	pkt->len = n;
}

static unsigned int demo_num_free(struct demo_txring *r)
{
	return 64 - (READ_ONCE(r->last_write) - READ_ONCE(r->last_read));
}

/*
 * "while (c) smp_rmb();": the barrier re-reads what the condition's call
 * loads until there is room; the packet's own count before the loop is no
 * subscription (keep).
 */
static int demo_start_tx(struct demo_txring *r, struct demo_pkt *pkt)
{
	unsigned int n = pkt->nr_frags + 1;

	while (demo_num_free(r) < n + 2)
		smp_rmb();
	return n;
}

/* the same shape under an if: no loop, so no wait (review) */
static int demo_peek_tx(struct demo_txring *r, struct demo_pkt *pkt)
{
	unsigned int n = pkt->len + 1;

	if (demo_num_free(r) < n + 2)
		smp_rmb();
	return n;
}

/*
 * check-name: rule C, the barrier as the loop's body: "while (c) smp_rmb();" subscribes to what the condition loads, here through a call, not to a load before the loop (keep); the same under an if is no wait
 * check-command: acqrel pairs $file
 * check-output-start
spin-loop-body.c:35: protocol pkt->nr_frags (demo_pkt.nr_frags): keep
  reader spin-loop-body.c:35: smp_rmb() in demo_start_tx(); subscribe load at line 32
  evidence: object
  spin-loop: smp_rmb() in demo_start_tx() belongs to a loop that waits on demo_num_free() (line 34): the barrier subscribes to the loop condition, the loads that end the wait, not to pkt->nr_frags
  ordering: 0 other accesses change ordering

spin-loop-body.c:45: protocol pkt->len (demo_pkt.len): keep
  reader spin-loop-body.c:45: smp_rmb() in demo_peek_tx(); subscribe load at line 42
  evidence: object
  no-publisher: no writer in the tree orders a store to pkt->len (no barrier, release or ordered read-modify-write before one), and smp_rmb() in demo_peek_tx() does not follow its load directly (other loads or calls lie between): the barrier orders other loads for another pairing, and this protocol is not one
  ordering: 0 other accesses change ordering

 * check-output-end
 */
