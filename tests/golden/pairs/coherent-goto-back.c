// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: rule C (coherence) with a goto in the stretch before the barrier. */

struct demo_bmc {
	int id_set;
	int cc;
	int id;
};

void demo_bmc_answer(struct demo_bmc *b, int id)
{
	b->id = id;
	smp_wmb();
	b->id_set = 1;
}

/* positive: the goto goes back before both loads; every path to the barrier runs the if's load */
int demo_bmc_fetch(struct demo_bmc *b)
{
	int tries = 0;

retry:
	b->id_set = 2;
	demo_send_request(b);
	wait_event(demo_wq, b->id_set != 2);
	if (!b->id_set) {
		if (b->cc && ++tries < 3)
			goto retry;
		return -1;
	}
	smp_rmb();
	return b->id;
}

/* negative: a label between the subscribe load and the barrier lets a path skip that load */
int demo_bmc_peek(struct demo_bmc *b)
{
	int v;

	wait_event(demo_wq, b->id_set != 2);
	if (b->cc)
		goto skip;
	v = b->id_set;
	if (!v)
		return -1;
skip:
	smp_rmb();
	return b->id;
}

/*
 * check-name: rule C: a goto back before the loads does not stop the later load from being on every path to the barrier (no several-loads); a label between the subscribe load and the barrier ends the window, and that barrier pairs with nothing
 * check-command: acqrel pairs $file
 * check-output-start
coherent-goto-back.c:13: protocol b->id_set (demo_bmc.id_set): convert
  writer coherent-goto-back.c:13: smp_wmb() in demo_bmc_answer(); publish store at line 14
  reader coherent-goto-back.c:31: smp_rmb() in demo_bmc_fetch(); subscribe load at line 26
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): smp_rmb() in demo_bmc_fetch() also orders the loads made by demo_send_request(), whose bodies acqrel does not follow: with an acquire on b->id_set instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders b->id_set and nothing another thread can see besides
  ordering: 0 other accesses change ordering

coherent-goto-back.c:47:2: note: smp_rmb() unpaired (no-access-before): no shared access precedes smp_rmb() in demo_bmc_peek() up to the previous barrier
 * check-output-end
 */
