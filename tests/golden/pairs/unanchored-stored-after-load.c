// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a reader that stores the variable itself
 * after loading it and before its smp_rmb() ("if (idx == vq->idx) return;
 * vq->idx = idx; smp_rmb();") orders its own store: the load is no
 * subscription (unanchored). A reader that loads only stays a reader.
 */

struct demo_vq {
	unsigned int avail_idx;
	unsigned int last;
	int ring[16];
};

extern unsigned int demo_guest_idx(struct demo_vq *vq);

/* the index is also set by the ring's reconfiguration, at run time */
static void demo_vq_set_idx(struct demo_vq *vq, unsigned int idx)
{
	vq->avail_idx = idx;
}

/* the barrier orders the guest index read before the ring reads */
static int demo_vq_get_avail(struct demo_vq *vq)
{
	unsigned int idx = demo_guest_idx(vq);

	if (idx == vq->avail_idx)
		return 0;
	vq->avail_idx = idx;
	smp_rmb();
	return 1;
}

static void demo_vq_kick(struct demo_vq *vq, int v)
{
	vq->ring[vq->last & 15] = v;
	smp_wmb();
	WRITE_ONCE(vq->last, vq->last + 1);
}

/* a reader of last that loads only */
static int demo_vq_peek(struct demo_vq *vq, unsigned int seen)
{
	if (READ_ONCE(vq->last) == seen)
		return -1;
	smp_rmb();
	return vq->ring[seen & 15];
}

/*
 * check-name: a reader that stores the variable itself between its load and its smp_rmb() subscribes to nothing (unanchored; keep when nothing else converts); a reader that only loads is a reader
 * check-command: acqrel pairs $file
 * check-output-start
unanchored-stored-after-load.c:31: protocol vq->avail_idx (demo_vq.avail_idx): keep
  reader unanchored-stored-after-load.c:31: smp_rmb() in demo_vq_get_avail(); subscribe load at line 28
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to vq->avail_idx
  unanchored: demo_vq_get_avail() stores vq->avail_idx itself at line 30, after its load at line 28 and before smp_rmb() at line 31: the barrier orders that store, not what the load saw; acqrel rewrites neither
  nothing-converts: no barrier of vq->avail_idx can become a release or an acquire: each stays, for the reason given
  ordering: 0 other accesses change ordering

unanchored-stored-after-load.c:38: protocol vq->last (demo_vq.last): convert
  writer unanchored-stored-after-load.c:38: smp_wmb() in demo_vq_kick(); publish store at line 39
  reader unanchored-stored-after-load.c:47: smp_rmb() in demo_vq_peek(); subscribe load at line 45
  evidence: object, data
  adjacent: each barrier that goes orders vq->last and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
