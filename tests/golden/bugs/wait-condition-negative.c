// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs: waits on a published flag that do order the data. */

struct demo_cmd {
	wait_queue_head_t wq;
	spinlock_t lock;
	int result;
	int code;
	unsigned int size;
	bool ready;
	bool fin;
	bool seen;
};

static void demo_cmd_reply(struct demo_cmd *m, int result)
{
	m->result = result;
	smp_wmb();
	m->ready = true;
	wake_up(&m->wq);
}

/* the acquire in the condition orders the data */
static int demo_cmd_wait_acquire(struct demo_cmd *m)
{
	wait_event(m->wq, smp_load_acquire(&m->ready));
	return m->result;
}

/* an smp_rmb() after the wait orders the data */
static int demo_cmd_wait_rmb(struct demo_cmd *m)
{
	wait_event(m->wq, m->ready);
	smp_rmb();
	return m->result;
}

/* a call on the path where the condition held: acqrel cannot see what it orders */
static int demo_cmd_wait_call(struct demo_cmd *m)
{
	wait_event(m->wq, m->ready);
	demo_cmd_account(m);
	return m->result;
}

/* the wait tests its condition under the lock the writer holds: every caller takes it */
static void demo_cmd_post(struct demo_cmd *m, int code)
{
	spin_lock_irq(&m->lock);
	m->code = code;
	smp_wmb();
	m->fin = true;
	spin_unlock_irq(&m->lock);
	wake_up(&m->wq);
}

static int demo_cmd_wait_locked(struct demo_cmd *m)
{
	wait_event_lock_irq(m->wq, m->fin, m->lock);
	return m->code;
}

static int demo_cmd_get(struct demo_cmd *m)
{
	int code;

	spin_lock_irq(&m->lock);
	code = demo_cmd_wait_locked(m);
	spin_unlock_irq(&m->lock);
	return code;
}

/* the reader holds the writer's lock around the wait and the data */
static void demo_cmd_size(struct demo_cmd *m, unsigned int size)
{
	spin_lock(&m->lock);
	m->size = size;
	smp_wmb();
	m->seen = true;
	spin_unlock(&m->lock);
}

static unsigned int demo_cmd_wait_size(struct demo_cmd *m)
{
	unsigned int size;

	spin_lock(&m->lock);
	wait_event(m->wq, m->seen);
	size = m->size;
	spin_unlock(&m->lock);
	return size;
}

/*
 * check-name: wait-condition: waits whose data loads are ordered, or that acqrel cannot judge
 * check-command: acqrel bugs --all $file
 * check-exit: 0
 * check-output-start
 * check-output-end
 */
