// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 6: the write barrier ends a callee, its callers store. */

struct demo_job {
	int arg[4];
	int queued;
	int staged;
	int other;
};

static int demo_job_prepare(struct demo_job *j, int a)
{
	j->arg[0] = a;
	smp_wmb();
	return 0;
}

static void demo_job_queue(struct demo_job *j, int a)
{
	demo_job_prepare(j, a);
	WRITE_ONCE(j->queued, 1);
}

static void demo_job_requeue(struct demo_job *j, int a)
{
	if (!demo_job_prepare(j, a))
		j->queued = 2;
}

static int demo_job_run(struct demo_job *j)
{
	if (!READ_ONCE(j->queued))
		return 0;
	smp_rmb();
	return j->arg[0];
}

/* one caller stores something else after the call: not every caller publishes */
static void demo_job_stage(struct demo_job *j, int a)
{
	j->arg[1] = a;
	smp_wmb();
}

static void demo_job_stage_a(struct demo_job *j)
{
	demo_job_stage(j, 1);
	j->other = 1;
}

static void demo_job_stage_b(struct demo_job *j)
{
	demo_job_stage(j, 2);
	j->staged = 1;
}

static int demo_job_staged(struct demo_job *j)
{
	if (!READ_ONCE(j->staged))
		return 0;
	smp_rmb();
	return j->arg[1];
}

/*
 * check-name: shape 6, the barrier leaves the callee and every caller's store becomes the release; otherwise the callee's barrier stays and the reader's acquire names it
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/shape06-callee.c
+++ b/shape06-callee.c
@@ -11,27 +11,31 @@ struct demo_job {
 static int demo_job_prepare(struct demo_job *j, int a)
 {
 	j->arg[0] = a;
-	smp_wmb();
 	return 0;
 }
 
 static void demo_job_queue(struct demo_job *j, int a)
 {
 	demo_job_prepare(j, a);
-	WRITE_ONCE(j->queued, 1);
+	/* Pairs with smp_load_acquire() in demo_job_run() *\/
+	smp_store_release(&j->queued, 1);
 }
 
 static void demo_job_requeue(struct demo_job *j, int a)
 {
+	/* Pairs with smp_load_acquire() in demo_job_run() *\/
 	if (!demo_job_prepare(j, a))
-		j->queued = 2;
+		smp_store_release(&j->queued, 2);
 }
 
 static int demo_job_run(struct demo_job *j)
 {
-	if (!READ_ONCE(j->queued))
+	/*
+	 * Pairs with smp_store_release() in demo_job_queue() and
+	 * demo_job_requeue().
+	 *\/
+	if (!smp_load_acquire(&j->queued))
 		return 0;
-	smp_rmb();
 	return j->arg[0];
 }
 
@@ -56,9 +60,9 @@ static void demo_job_stage_b(struct demo_job *j)
 
 static int demo_job_staged(struct demo_job *j)
 {
-	if (!READ_ONCE(j->staged))
+	/* Pairs with smp_wmb() in demo_job_stage() *\/
+	if (!smp_load_acquire(&j->staged))
 		return 0;
-	smp_rmb();
 	return j->arg[1];
 }
 
 * check-output-end
 * check-error-start
shape06-callee.c:65: "check-name: shape 6, the barrier leaves the callee and every...": note: may still describe the old barriers of j->queued
shape06-callee.c:65: "check-name: shape 6, the barrier leaves the callee and every...": note: may still describe the old barriers of j->staged
acqrel patch: 2 protocols rewritten in 2 patches, 0 left for the author
 * check-error-end
 */
