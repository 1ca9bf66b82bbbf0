// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the pairing note joins the block comment above, and no blank lines pile up. */

struct demo_queue {
	int slots[8];
	int tail;
	int ready;
	int mode;
};

static void demo_queue_push(struct demo_queue *q, int v)
{
	q->slots[0] = v;
	/*
	 * The slot must be visible before the new tail: the consumer reads
	 * the slot as soon as it sees the tail move.
	 */
	smp_wmb();
	WRITE_ONCE(q->tail, 1);
}

static int demo_queue_pop(struct demo_queue *q)
{
	int t = READ_ONCE(q->tail);

	smp_rmb();

	return q->slots[t];
}

static void demo_queue_arm(struct demo_queue *q, int m)
{
	q->mode = m;
	/* the mode before the flag */
	smp_wmb();
	WRITE_ONCE(q->ready, 1);
}

static int demo_queue_armed(struct demo_queue *q)
{
	if (READ_ONCE(q->ready)) {
		smp_rmb();

		return q->mode;
	}
	return 0;
}

/*
 * check-name: the note joins the block comment that explains the barrier (a one-line comment right above the access becomes a block holding it); deleting a barrier leaves no double blank line and no blank line after an opening brace
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/comments-blank-lines.c
+++ b/comments-blank-lines.c
@@ -14,35 +14,36 @@ static void demo_queue_push(struct demo_queue *q, int v)
 	/*
 	 * The slot must be visible before the new tail: the consumer reads
 	 * the slot as soon as it sees the tail move.
+	 *
+	 * Pairs with smp_load_acquire() in demo_queue_pop().
 	 *\/
+	smp_store_release(&q->tail, 1);
-	smp_wmb();
-	WRITE_ONCE(q->tail, 1);
 }
 
 static int demo_queue_pop(struct demo_queue *q)
 {
-	int t = READ_ONCE(q->tail);
+	/* Pairs with smp_store_release() in demo_queue_push() *\/
+	int t = smp_load_acquire(&q->tail);
 
-	smp_rmb();
-
 	return q->slots[t];
 }
 
 static void demo_queue_arm(struct demo_queue *q, int m)
 {
 	q->mode = m;
-	/* the mode before the flag *\/
-	smp_wmb();
-	WRITE_ONCE(q->ready, 1);
+	/*
+	 * the mode before the flag.
+	 *
+	 * Pairs with smp_load_acquire() in demo_queue_armed().
+	 *\/
+	smp_store_release(&q->ready, 1);
 }
 
 static int demo_queue_armed(struct demo_queue *q)
 {
-	if (READ_ONCE(q->ready)) {
-		smp_rmb();
-
+	/* Pairs with smp_store_release() in demo_queue_arm() *\/
+	if (smp_load_acquire(&q->ready))
 		return q->mode;
-	}
 	return 0;
 }
 
 * check-output-end
 */
