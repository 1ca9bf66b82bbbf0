// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: the fix of a flag tested in wait_event()'s condition. */

struct demo_xfer {
	wait_queue_head_t wq;
	unsigned int got;
	bool pending;
};

struct demo_pull {
	wait_queue_head_t wq;
	unsigned int bytes;
	bool reading;
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

static void demo_pull_done(struct demo_pull *p, unsigned int bytes)
{
	p->bytes = bytes;
	smp_wmb();
	p->reading = false;
	wake_up(&p->wq);
}

/* the wait's arguments over several lines: the note goes above the statement */
static unsigned int demo_pull_wait(struct demo_pull *p, long timeout)
{
	long left;

	p->reading = true;
	demo_pull_start(p);
	left = wait_event_timeout(
		p->wq,
		!p->reading,
		timeout);
	if (!left)
		return 0;
	return p->bytes;
}

/*
 * check-name: bugs --diff: the flag in a wait_event() condition becomes smp_load_acquire(), and where the wait's arguments run over several lines smp_rmb() goes after its statement, with its note (checkpatch sees no note above a statement, and none belongs between the arguments)
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-wait-condition.c
+++ b/fix-wait-condition.c
@@ -25,7 +25,8 @@ static unsigned int demo_xfer_wait(struct demo_xfer *x)
 {
 	x->pending = true;
 	demo_xfer_start(x);
-	wait_event(x->wq, !x->pending);
+	/* Pairs with smp_wmb() in demo_xfer_done(). *\/
+	wait_event(x->wq, !smp_load_acquire(&x->pending));
 	return x->got;
 }
 
@@ -48,6 +49,8 @@ static unsigned int demo_pull_wait(struct demo_pull *p, long timeout)
 		p->wq,
 		!p->reading,
 		timeout);
+	/* Pairs with smp_wmb() in demo_pull_done(). *\/
+	smp_rmb();
 	if (!left)
 		return 0;
 	return p->bytes;
 * check-output-end
 */
