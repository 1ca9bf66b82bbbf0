// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 13: comments join the two sides. */

struct demo_job {
	int result;
	int done;
};

static void demo_job_finish(struct demo_job *j, int r)
{
	j->result = r;
	/* Paired with smp_rmb() in demo_job_(wait|poll)(). */
	smp_wmb();
	WRITE_ONCE(j->done, 1);
}

static int demo_job_wait(struct demo_job *j)
{
	while (!READ_ONCE(j->done))
		cpu_relax();
	smp_rmb();	/* see demo_job_finish() */
	return j->result;
}

static int demo_job_poll(struct demo_job *j, int *out)
{
	int d = READ_ONCE(j->done);

	smp_rmb();
	if (d)
		*out = j->result;
	return d;
}

/*
 * check-name: shape 13, "paired with" comments with the foo_(bar|baz)() shorthand are evidence
 * check-command: acqrel pairs $file
 * check-output-start
shape13-comments.c:13: protocol j->done (demo_job.done): convert
  writer shape13-comments.c:13: smp_wmb() in demo_job_finish(); publish store at line 14
  reader shape13-comments.c:21: smp_rmb() in demo_job_wait(); subscribe load at line 19
  reader shape13-comments.c:29: smp_rmb() in demo_job_poll(); subscribe load at line 27
  evidence: object, comment, data
  adjacent: each barrier that goes orders j->done and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
