// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: readers that use the value they checked. */

struct demo_log {
	int ents[64];
	unsigned int nr;
	spinlock_t lock;
	struct completion more;
};

static void demo_log_add(struct demo_log *l, int v)
{
	spin_lock(&l->lock);
	l->ents[l->nr] = v;
	smp_wmb();
	WRITE_ONCE(l->nr, l->nr + 1);
	spin_unlock(&l->lock);
	complete(&l->more);
}

/* the accessor used correctly: the value loaded once */
static int demo_log_last(struct demo_log *l)
{
	unsigned int n = smp_load_acquire(&l->nr);

	if (!n)
		return -1;
	return l->ents[n - 1];
}

/* loaded again under the writer's lock: stable there */
static int demo_log_locked(struct demo_log *l)
{
	unsigned int n = READ_ONCE(l->nr);
	int v;

	smp_rmb();
	if (!n)
		return -1;
	spin_lock(&l->lock);
	v = l->ents[l->nr - 1];
	spin_unlock(&l->lock);
	return v;
}

/* loaded again after waiting for more: a new observation */
static int demo_log_wait(struct demo_log *l)
{
	unsigned int n = READ_ONCE(l->nr);

	smp_rmb();
	if (n)
		return l->ents[n - 1];
	wait_for_completion(&l->more);
	return l->ents[l->nr - 1];
}

/* only printed */
static int demo_log_first(struct demo_log *l)
{
	unsigned int n = READ_ONCE(l->nr);

	smp_rmb();
	pr_debug("log has %u entries\n", l->nr);
	return n ? l->ents[0] : -1;
}

/*
 * check-name: double-read: the value checked is the value used; under the lock, after a wait, printed
 * check-command: acqrel bugs $file
 * check-output-start
 * check-output-end
 */
