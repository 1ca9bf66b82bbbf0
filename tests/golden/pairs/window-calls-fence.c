// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a full fence inside a statement of the window ends it for calls too. */

struct demo_ring {
	int slots[16];
	unsigned int head;
	unsigned int tail;
};

void demo_wake(struct demo_ring *r);
void demo_stop(struct demo_ring *r);

static unsigned int demo_room(struct demo_ring *r)
{
	return 16 - (READ_ONCE(r->head) - READ_ONCE(r->tail));
}

/* demo_wake() runs after smp_mb() on its path: ordered, no call-between (convert) */
static void demo_xmit(struct demo_ring *r, int v)
{
	r->slots[r->head % 16] = v;
	smp_wmb();
	WRITE_ONCE(r->head, r->head + 1);
	if (demo_room(r) < 2) {
		smp_mb();
		if (demo_room(r) >= 2)
			demo_wake(r);
	}
}

/* demo_stop() runs before the smp_mb(): it stays a call-between (review) */
static void demo_xmit_stop(struct demo_ring *r, int v)
{
	r->slots[r->tail % 16] = v;
	smp_wmb();
	WRITE_ONCE(r->tail, r->tail + 1);
	if (demo_room(r) < 2) {
		demo_stop(r);
		smp_mb();
		if (demo_room(r) >= 2)
			demo_wake(r);
	}
}

static int demo_clean(struct demo_ring *r)
{
	unsigned int h = READ_ONCE(r->head);

	smp_rmb();
	return r->slots[(h - 1) % 16];
}

static int demo_clean_tail(struct demo_ring *r)
{
	unsigned int t = READ_ONCE(r->tail);

	smp_rmb();
	return r->slots[(t - 1) % 16];
}

/*
 * check-name: a full fence inside a statement of the window after a writer's barrier ends the window for the calls past it, as for the accesses: they are ordered by the fence and make no call-between; a call before the fence still does
 * check-command: acqrel pairs $file
 * check-output-start
window-calls-fence.c:22: protocol r->head (demo_ring.head): convert
  writer window-calls-fence.c:22: smp_wmb() in demo_xmit(); publish store at line 23
  reader window-calls-fence.c:49: smp_rmb() in demo_clean(); subscribe load at line 47
  reader window-calls-fence.c:25: smp_mb() in demo_xmit(); subscribe load at line 23
  evidence: object, data
  reader-stays: the readers keep their barriers, which pair with the release as they did with smp_wmb(): demo_xmit() loads r->head before smp_mb() at line 25 and stores it itself (line 23): it reads its own store, no other thread's publication, and the barrier orders something else; acqrel rewrites neither
  adjacent: each barrier that goes orders r->head and nothing another thread can see besides
  ordering: 0 other accesses change ordering

window-calls-fence.c:35: protocol r->tail (demo_ring.tail): review
  writer window-calls-fence.c:35: smp_wmb() in demo_xmit_stop(); publish store at line 36
  reader window-calls-fence.c:57: smp_rmb() in demo_clean_tail(); subscribe load at line 55
  reader window-calls-fence.c:39: smp_mb() in demo_xmit_stop(); subscribe load at line 36
  evidence: object, data
  unanchored: demo_xmit_stop() loads r->tail before smp_mb() at line 39 and stores it itself (line 36): it reads its own store, no other thread's publication, and the barrier orders something else; acqrel rewrites neither
  call-between: smp_wmb() in demo_xmit_stop() also orders the stores made by demo_stop(), whose bodies acqrel does not follow: with a release on r->tail instead, they are no longer ordered after the data
  ordering: 0 other accesses change ordering

 * check-output-end
 */
