// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel bugs (bug rule 2): a reader whose flag load
 * is in a static accessor and whose data load is in a static helper, both
 * of the writer's file, called one after the other with nothing between.
 */

struct hq_desc {
	unsigned int ctl;
	unsigned int addr;
};

struct hq_ring {
	struct hq_desc *desc;
	void **bufs;
	unsigned int head;	/* the producer's: published after the descriptor */
	unsigned int done;	/* the consumer's: published after it cleans a slot */
	unsigned int mask;
	unsigned int kicks;
	spinlock_t lock;
};

static void hq_produce(struct hq_ring *r, void *buf, unsigned int ctl)
{
	unsigned int i = r->head;

	r->bufs[i] = buf;
	r->desc[i].ctl = ctl;
	smp_wmb();
	r->head = (i + 1) & r->mask;
}

/* the accessor: returns bool and calls nothing */
static bool hq_pending(struct hq_ring *r)
{
	return r->head != r->done;
}

/* the helper: its first loads are the descriptor and the buffer */
static bool hq_clean_one(struct hq_ring *r)
{
	unsigned int i = r->done;
	unsigned int ctl = le32_to_cpu(r->desc[i].ctl);

	if (ctl & 1)
		return false;
	kfree(r->bufs[i]);
	r->bufs[i] = NULL;
	r->desc[i].ctl = 0;
	smp_wmb();
	r->done = (i + 1) & r->mask;
	return true;
}

/* the finding: r->head in hq_pending(), then r->desc[i].ctl in hq_clean_one() */
static void hq_complete(struct hq_ring *r)
{
	while (hq_pending(r) && hq_clean_one(r))
		;
}

/* not a finding: the accessor returns the index, which the data may depend on */
static unsigned int hq_head(struct hq_ring *r)
{
	return r->head;
}

static void *hq_peek(struct hq_ring *r)
{
	return r->bufs[hq_head(r)];
}

/* not a finding: the helper takes a lock before its loads, which may order them */
static bool hq_clean_locked(struct hq_ring *r)
{
	unsigned int ctl;

	spin_lock(&r->lock);
	ctl = r->desc[r->done].ctl;
	spin_unlock(&r->lock);
	return !(ctl & 1);
}

static void hq_complete_locked(struct hq_ring *r)
{
	if (hq_pending(r))
		hq_clean_locked(r);
}

/* not a finding: r->done is hq_clean_one()'s own, which publishes it */
static bool hq_idle(struct hq_ring *r)
{
	return r->done == r->kicks;
}

static void hq_drain(struct hq_ring *r)
{
	while (!hq_idle(r) && hq_clean_one(r))
		;
}

/*
 * check-name: bugs: a flag loaded in a static accessor, the data in a static helper (bug rule 2)
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
unpaired-helpers.c:36:9: warning: unpaired: hq_complete() loads r->head (line 36, in hq_pending()) with a plain load and then r->desc[i].ctl (line 43, in hq_clean_one()) with no smp_rmb(), acquire or dependency between; protocol r->head: writer smp_wmb() in hq_produce() at unpaired-helpers.c:29; no reader found; evidence: smp_wmb() in hq_produce() stores r->desc[i].ctl before it and publishes r->head after it; no reader of it orders anything; fix: load r->head with smp_load_acquire() (severity high, confidence low)
 * check-output-end
 */
