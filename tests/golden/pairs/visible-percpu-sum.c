// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a per-CPU counter that another CPU sums is no private data. */

struct demo_dev {
	int result;
	int done;
	unsigned long *inflight;
	unsigned long *local_hits;
};

/* the in-flight count is summed over every CPU below: this CPU's copy is seen */
static void demo_complete(struct demo_dev *d, int r)
{
	d->result = r;
	smp_wmb();
	WRITE_ONCE(d->done, 1);
	this_cpu_dec(*d->inflight);
	this_cpu_inc(*d->local_hits);
}

static int demo_wait(struct demo_dev *d)
{
	if (!READ_ONCE(d->done))
		return -1;
	smp_rmb();
	return d->result;
}

static unsigned long demo_in_flight(struct demo_dev *d)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += *per_cpu_ptr(d->inflight, cpu);
	return sum;
}

/*
 * check-name: a this_cpu_*() store is private unless the file reads the other CPUs' copies (per_cpu_ptr() in a sum): then it is shared
 * check-command: acqrel pairs $file
 * check-output-start
visible-percpu-sum.c:15: protocol d->done (demo_dev.done): review
  writer visible-percpu-sum.c:15: smp_wmb() in demo_complete(); publish store at line 16
  reader visible-percpu-sum.c:25: smp_rmb() in demo_wait(); subscribe load at line 23
  evidence: object, data
  several-stores: smp_wmb() in demo_complete() also orders the stores to *d->inflight (line 17), which other threads can see: with a release on d->done instead, they are no longer ordered after the data
  ordering: 2 other accesses change ordering; 1 can be seen by another thread
    store *d->inflight (line 17) after smp_wmb() in demo_complete(): shared
    store *d->local_hits (line 18) after smp_wmb() in demo_complete(): private: this CPU's copy of a per-CPU variable, through this_cpu_inc()

 * check-output-end
 */
