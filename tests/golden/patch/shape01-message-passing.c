// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 1: message passing through a ring's tail. */

struct demo_ring {
	int buf[32];
	unsigned int tail;
	unsigned int count;
	unsigned long seq;
};

static void demo_ring_put(struct demo_ring *q, int e, unsigned int t)
{
	q->buf[t % 32] = e;
	smp_wmb();
	q->tail = t;
}

static int demo_ring_get(struct demo_ring *q, unsigned int i)
{
	unsigned int t;

	t = q->tail;
	smp_rmb();
	return i < t ? q->buf[i % 32] : -1;
}

static void demo_ring_count(struct demo_ring *q, unsigned int n)
{
	q->buf[0] = n;
	smp_wmb();
	WRITE_ONCE(q->count, n);
}

static int demo_ring_first(struct demo_ring *q)
{
	unsigned int n = READ_ONCE(q->count);

	smp_rmb();
	return n ? q->buf[0] : 0;
}

/*
 * check-name: shape 1, message passing: plain and WRITE_ONCE() stores, an assignment and a declaration that keeps its type
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape01-message-passing.c
+++ b/shape01-message-passing.c
@@ -11,31 +11,31 @@ struct demo_ring {
 static void demo_ring_put(struct demo_ring *q, int e, unsigned int t)
 {
 	q->buf[t % 32] = e;
-	smp_wmb();
-	q->tail = t;
+	/* Pairs with smp_load_acquire() in demo_ring_get() *\/
+	smp_store_release(&q->tail, t);
 }
 
 static int demo_ring_get(struct demo_ring *q, unsigned int i)
 {
 	unsigned int t;
 
-	t = q->tail;
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_ring_put() *\/
+	t = smp_load_acquire(&q->tail);
 	return i < t ? q->buf[i % 32] : -1;
 }
 
 static void demo_ring_count(struct demo_ring *q, unsigned int n)
 {
 	q->buf[0] = n;
-	smp_wmb();
-	WRITE_ONCE(q->count, n);
+	/* Pairs with smp_load_acquire() in demo_ring_first() *\/
+	smp_store_release(&q->count, n);
 }
 
 static int demo_ring_first(struct demo_ring *q)
 {
-	unsigned int n = READ_ONCE(q->count);
+	/* Pairs with smp_store_release() in demo_ring_count() *\/
+	unsigned int n = smp_load_acquire(&q->count);
 
-	smp_rmb();
 	return n ? q->buf[0] : 0;
 }
 
 * check-output-end
 */
