// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 1: message passing. */

struct demo_queue {
	int buf[32];
	unsigned int tail;
};

struct demo_mbox {
	int msg[4];
	unsigned int count;
};

static void demo_queue_put(struct demo_queue *q, int e)
{
	unsigned int t = q->tail;

	q->buf[t % 32] = e;
	smp_wmb();	/* pairs with smp_rmb() in demo_queue_get() */
	q->tail = t + 1;
}

static int demo_queue_get(struct demo_queue *q, unsigned int i)
{
	unsigned int t;

	t = q->tail;
	smp_rmb();
	return i < t ? q->buf[i % 32] : -1;
}

static void demo_mbox_post(struct demo_mbox *m, int v)
{
	m->msg[0] = v;
	smp_wmb();
	WRITE_ONCE(m->count, 1);
}

static int demo_mbox_read(struct demo_mbox *m)
{
	unsigned int n = READ_ONCE(m->count);
	smp_rmb();
	return n ? m->msg[0] : 0;
}

/*
 * check-name: shape 1, message passing: plain and marked forms convert
 * check-command: acqrel pairs $file
 * check-output-start
shape01-message-passing.c:19: protocol q->tail (demo_queue.tail): convert
  writer shape01-message-passing.c:19: smp_wmb() in demo_queue_put(); publish store at line 20
  reader shape01-message-passing.c:28: smp_rmb() in demo_queue_get(); subscribe load at line 27
  evidence: object, comment, data
  adjacent: each barrier that goes orders q->tail and nothing another thread can see besides
  ordering: 0 other accesses change ordering

shape01-message-passing.c:35: protocol m->count (demo_mbox.count): convert
  writer shape01-message-passing.c:35: smp_wmb() in demo_mbox_post(); publish store at line 36
  reader shape01-message-passing.c:42: smp_rmb() in demo_mbox_read(); subscribe load at line 41
  evidence: object, data
  adjacent: each barrier that goes orders m->count and nothing another thread can see besides
  ordering: 0 other accesses change ordering

 * check-output-end
 */
