// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: sites inside #define bodies. */

struct demo_q {
	int data;
	int seq;
	int head;
};

#define DEMO_PUBLISH(q, v)			\
do {						\
	(q)->data = (v);			\
	smp_wmb();	/* order data, seq */	\
	WRITE_ONCE((q)->seq, (q)->seq + 1);	\
} while (0)

#define demo_peek(q) ({ int __s = READ_ONCE((q)->seq); smp_rmb(); __s; })

#define DEMO_ACQUIRE_HEAD(q) smp_load_acquire(&(q)->head)

static int demo_q_read(struct demo_q *q)
{
#define DEMO_LOCAL_RMB() smp_rmb()
	int s = READ_ONCE(q->seq);

	DEMO_LOCAL_RMB();
	smp_rmb();
	return q->data + s;
}

/*
 * check-name: sites in macro bodies name the macro, also inside a function
 * check-command: acqrel sites $file
 * check-output-start
macros.c:13:2: note: smp_wmb() in macro DEMO_PUBLISH; before: write (q)->data (line 12); after: write (q)->seq (marked, line 14), read (q)->seq (line 14)
macros.c:17:56: note: smp_rmb() in macro demo_peek; before: read (q)->seq (marked, line 17)
macros.c:19:30: note: smp_load_acquire() in macro DEMO_ACQUIRE_HEAD; on: read (q)->head (marked, line 19)
macros.c:23:26: note: smp_rmb() in macro DEMO_LOCAL_RMB
macros.c:27:2: note: smp_rmb() in function demo_q_read(); before: read q->seq (marked, line 24); after: read q->data (line 28)
 * check-output-end
 */
