// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: a completion flag tested in a wait_event*() condition. */

struct demo_req {
	wait_queue_head_t wq;
	int status;
	unsigned int len;
	bool busy;
	bool done;
};

static void demo_req_complete(struct demo_req *r, int status, unsigned int len)
{
	r->status = status;
	r->len = len;
	smp_wmb();
	r->busy = false;
	wake_up(&r->wq);
}

/* sets the flag itself, waits for the completion to clear it; calls only on the failure branches */
static int demo_req_run(struct demo_req *r)
{
	long left;

	r->busy = true;
	demo_req_submit(r);
	left = wait_event_interruptible_timeout(r->wq, !r->busy, HZ);
	if (left < 0) {
		demo_req_cancel(r);
		return left;
	}
	if (left == 0) {
		demo_req_cancel(r);
		return -ETIMEDOUT;
	}
	return r->status;
}

static void demo_req_finish(struct demo_req *r, unsigned int len)
{
	r->len = len;
	smp_wmb();
	r->done = true;
	wake_up(&r->wq);
}

/* the wait itself in the if's condition; the timeout branch calls out, the other only prints */
static unsigned int demo_req_sync(struct demo_req *r)
{
	if (!wait_event_timeout(r->wq, r->done, HZ)) {
		pr_err("demo: timed out\n");
		demo_req_abort(r);
		return 0;
	}
	pr_debug("demo: done\n");
	return r->len;
}

struct demo_evt {
	wait_queue_head_t wq;
	unsigned int code;
	bool fired;
};

static void demo_evt_fire(struct demo_evt *e, unsigned int code)
{
	e->code = code;
	smp_wmb();
	e->fired = true;
	wake_up(&e->wq);
}

/* nothing but the wait between the flag and the data: wait-condition's finding, not unpaired's */
static unsigned int demo_evt_wait(struct demo_evt *e)
{
	wait_event(e->wq, e->fired);
	return e->code;
}

/*
 * check-name: wait-condition: a flag published after smp_wmb() tested only in wait_event*()'s condition
 * check-command: acqrel bugs --all $file
 * check-exit: 1
 * check-output-start
wait-condition.c:28:50: warning: wait-condition: demo_req_run() waits in wait_event_interruptible_timeout() for r->busy (line 28) and then loads r->status (line 37) with no smp_rmb(), acquire or dependency between; protocol r->busy: writer smp_wmb() in demo_req_complete() at wait-condition.c:16; no reader found; evidence: smp_wmb() in demo_req_complete() stores r->status before it and publishes r->busy after it; wait_event_interruptible_timeout() tests its condition first and returns at once, with no barrier, when it already holds; fix: load r->busy with smp_load_acquire() in the condition (severity high, confidence medium)
wait-condition.c:51:33: warning: wait-condition: demo_req_sync() waits in wait_event_timeout() for r->done (line 51) and then loads r->len (line 57) with no smp_rmb(), acquire or dependency between; protocol r->done: writer smp_wmb() in demo_req_finish() at wait-condition.c:43; no reader found; evidence: smp_wmb() in demo_req_finish() stores r->len before it and publishes r->done after it; wait_event_timeout() tests its condition first and returns at once, with no barrier, when it already holds; fix: load r->done with smp_load_acquire() in the condition (severity high, confidence medium)
wait-condition.c:77:20: warning: wait-condition: demo_evt_wait() waits in wait_event() for e->fired (line 77) and then loads e->code (line 78) with no smp_rmb(), acquire or dependency between; protocol e->fired: writer smp_wmb() in demo_evt_fire() at wait-condition.c:69; no reader found; evidence: smp_wmb() in demo_evt_fire() stores e->code before it and publishes e->fired after it; wait_event() tests its condition first and returns at once, with no barrier, when it already holds; fix: load e->fired with smp_load_acquire() in the condition (severity high, confidence medium)
 * check-output-end
 */
