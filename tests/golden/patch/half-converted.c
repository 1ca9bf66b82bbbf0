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
 * check-name: a half-converted protocol: only the reader is rewritten, its comment names the release; a converted one is left alone
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/half-converted.c
+++ b/half-converted.c
@@ -19,9 +19,9 @@ static void demo_job_finish(struct demo_job *j, int r)
 
 static int demo_job_wait(struct demo_job *j)
 {
-	if (!READ_ONCE(j->done))
+	/* Pairs with smp_store_release() in demo_job_finish() *\/
+	if (!smp_load_acquire(&j->done))
 		return -1;
-	smp_rmb();
 	return j->result;
 }
 
 * check-output-end
 */
