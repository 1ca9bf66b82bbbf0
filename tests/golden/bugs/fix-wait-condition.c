// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: the fix of a flag tested in wait_event()'s condition. */

struct demo_xfer {
	wait_queue_head_t wq;
	unsigned int got;
	bool pending;
};

static void demo_xfer_done(struct demo_xfer *x, unsigned int got)
{
	x->got = got;
	smp_wmb();
	x->pending = false;
	wake_up(&x->wq);
}

static unsigned int demo_xfer_wait(struct demo_xfer *x)
{
	x->pending = true;
	demo_xfer_start(x);
	wait_event(x->wq, !x->pending);
	return x->got;
}

/*
 * check-name: bugs --diff: the flag in a wait_event() condition becomes smp_load_acquire()
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-wait-condition.c
+++ b/fix-wait-condition.c
@@ -19,7 +19,8 @@ static unsigned int demo_xfer_wait(struct demo_xfer *x)
 {
 	x->pending = true;
 	demo_xfer_start(x);
-	wait_event(x->wq, !x->pending);
+	/* Pairs with smp_wmb() in demo_xfer_done(). *\/
+	wait_event(x->wq, !smp_load_acquire(&x->pending));
 	return x->got;
 }
 
 * check-output-end
 */
