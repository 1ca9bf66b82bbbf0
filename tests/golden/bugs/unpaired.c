// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a published ring whose readers use no barrier. */

struct demo_slot {
	int len;
};

struct demo_dev {
	unsigned int nr_slots;
	struct demo_slot *slots;
	unsigned int resp;
	unsigned int pending;
};

static int demo_dev_open(struct demo_dev *d, struct demo_slot *s, unsigned int n)
{
	d->nr_slots = n;
	smp_wmb();
	d->slots = s;
	return 0;
}

/* the count is not loaded through the pointer: nothing orders it after it */
static int demo_dev_stats(struct demo_dev *d)
{
	struct demo_slot *s = READ_ONCE(d->slots);
	unsigned int i;
	int sum = 0;

	if (!s)
		return 0;
	for (i = 0; i < d->nr_slots; i++)
		sum += s[i].len;
	return sum;
}

static void demo_dev_irq(struct demo_dev *d, unsigned int v)
{
	d->resp = v;
	smp_wmb();
	d->pending--;
}

/* polls the count, then reads the response: no smp_rmb() between */
static unsigned int demo_dev_wait(struct demo_dev *d)
{
	for (;;) {
		if (!d->pending)
			return d->resp;
		cpu_relax();
	}
}

/*
 * check-name: unpaired: readers of a published pointer and count load the data with no barrier
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
unpaired.c:26:34: warning: unpaired: demo_dev_stats() loads d->slots (line 26) with a READ_ONCE() and then d->nr_slots (line 32) with no smp_rmb(), acquire or dependency between; protocol d->slots: writer smp_wmb() in demo_dev_open() at unpaired.c:18; no reader found; evidence: smp_wmb() in demo_dev_open() stores d->nr_slots before it and publishes d->slots after it; no reader of it orders anything; fix: load d->slots with smp_load_acquire() (severity high, confidence medium)
unpaired.c:48:8: warning: unpaired: demo_dev_wait() loads d->pending (line 48) with a plain load and then d->resp (line 49) with no smp_rmb(), acquire or dependency between; protocol d->pending: writer smp_wmb() in demo_dev_irq() at unpaired.c:40; no reader found; evidence: smp_wmb() in demo_dev_irq() stores d->resp before it and publishes d->pending after it; no reader of it orders anything; fix: load d->pending with smp_load_acquire() (severity high, confidence low)
 * check-output-end
 */
