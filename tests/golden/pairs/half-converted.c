// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: protocols one side of which is done already. */

#define DEMO_READY	0

struct demo_job {
	int result;
	int done;
	unsigned long flags;
	int out;
};

/* the writer already releases; the reader still uses smp_rmb(): convert the reader */
static void demo_job_finish(struct demo_job *j, int r)
{
	j->result = r;
	smp_store_release(&j->done, 1);
}

static int demo_job_wait(struct demo_job *j)
{
	if (!READ_ONCE(j->done))
		return -1;
	smp_rmb();
	return j->result;
}

/* set_bit() keeps its smp_wmb(); the reader already acquires: nothing left to do */
static void demo_job_ready(struct demo_job *j, int v)
{
	j->out = v;
	smp_wmb();
	set_bit(DEMO_READY, &j->flags);
}

static int demo_job_out(struct demo_job *j)
{
	if (!test_bit_acquire(DEMO_READY, &j->flags))
		return -1;
	return j->out;
}

/*
 * check-name: a half-converted protocol converts the rest; a set_bit() writer with a test_bit_acquire() reader is converted
 * check-command: acqrel pairs $file
 * check-output-start
half-converted.c:17: protocol j->done (demo_job.done): convert
  writer half-converted.c:17: smp_store_release() in demo_job_finish(); publish store at line 17
  reader half-converted.c:24: smp_rmb() in demo_job_wait(); subscribe load at line 22
  evidence: object, data
  adjacent: each barrier that goes orders j->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

half-converted.c:32: protocol j->flags bit DEMO_READY (demo_job.flags): converted
  writer half-converted.c:32: smp_wmb() in demo_job_ready(); publish store at line 33
  reader half-converted.c:38: test_bit_acquire() in demo_job_out(); subscribe load at line 38
  evidence: object
  release-acquire: j->flags is already published with a release or read with an acquire, and what is left stays as it is
  stays: smp_wmb() in demo_job_ready() publishes j->flags with set_bit(), which has no release form: smp_wmb() stays there
  ordering: 0 other accesses change ordering

 * check-output-end
 */
