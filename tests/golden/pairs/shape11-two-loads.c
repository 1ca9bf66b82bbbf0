// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 11: two shared loads before one smp_rmb(). */

struct demo_fifo {
	int items[64];
	unsigned int head;
	unsigned int tail;
};

static void demo_fifo_push(struct demo_fifo *f, int x)
{
	f->items[f->tail % 64] = x;
	smp_wmb();
	WRITE_ONCE(f->tail, f->tail + 1);
}

static int demo_fifo_pop(struct demo_fifo *f)
{
	unsigned int head = READ_ONCE(f->head);
	unsigned int tail = READ_ONCE(f->tail);

	smp_rmb();
	if (head == tail)
		return -1;
	return f->items[head % 64];
}

/*
 * check-name: shape 11, only the paired load becomes acquire; the other loses its ordering: review
 * check-command: acqrel pairs $file
 * check-output-start
shape11-two-loads.c:13: protocol f->tail (demo_fifo.tail): review
  writer shape11-two-loads.c:13: smp_wmb() in demo_fifo_push(); publish store at line 14
  reader shape11-two-loads.c:22: smp_rmb() in demo_fifo_pop(); subscribe load at line 20
  evidence: object, data
  loses-ordering: the loads of f->head (line 19) before smp_rmb() in demo_fifo_pop() can see other threads' stores: with an acquire on f->tail instead, they are no longer ordered before the loads after it
  ordering: 1 other access changes ordering; 1 can be seen by another thread
    load f->head (line 19) before smp_rmb() in demo_fifo_pop(): shared

 * check-output-end
 */
