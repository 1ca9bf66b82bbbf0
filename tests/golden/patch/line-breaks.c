// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: in a file that keeps 80 columns, a
 * rewritten line that would pass 80 is broken as the kernel breaks it.
 */

struct demo_accounting_queue {
	unsigned int produced_bytes_total;
	unsigned int consumed_bytes_total;
	unsigned int data[4];
	int enabled_for_background;
	int blocked_flag;
};

static void demo_accounting_produce(struct demo_accounting_queue *queue,
				    unsigned int block_size)
{
	queue->data[0] = block_size;
	smp_wmb();
	queue->produced_bytes_total = queue->produced_bytes_total + block_size;
}

static unsigned int demo_accounting_available(struct demo_accounting_queue *q)
{
	unsigned int n;

	n = READ_ONCE(q->produced_bytes_total) - q->consumed_bytes_total;
	smp_rmb();
	return n + q->data[0];
}

static void demo_accounting_block(struct demo_accounting_queue *queue)
{
	queue->data[1] = 1;
	smp_wmb();
	WRITE_ONCE(queue->blocked_flag, 1);
}

static int demo_accounting_may_queue(struct demo_accounting_queue *q, int bg)
{
	if (!READ_ONCE(q->blocked_flag) || (bg && q->enabled_for_background))
		return q->data[1];
	smp_rmb();
	return q->data[1];
}

/*
 * check-name: a file that keeps 80 columns gets its long rewritten lines broken after a comma or an operator of the outermost level, aligned as the kernel aligns them
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/line-breaks.c
+++ b/line-breaks.c
@@ -16,31 +16,34 @@ static void demo_accounting_produce(struct demo_accounting_queue *queue,
 				    unsigned int block_size)
 {
 	queue->data[0] = block_size;
-	smp_wmb();
-	queue->produced_bytes_total = queue->produced_bytes_total + block_size;
+	/* Pairs with smp_load_acquire() in demo_accounting_available() *\/
+	smp_store_release(&queue->produced_bytes_total,
+			  queue->produced_bytes_total + block_size);
 }
 
 static unsigned int demo_accounting_available(struct demo_accounting_queue *q)
 {
 	unsigned int n;
 
-	n = READ_ONCE(q->produced_bytes_total) - q->consumed_bytes_total;
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_accounting_produce() *\/
+	n = smp_load_acquire(&q->produced_bytes_total) -
+		q->consumed_bytes_total;
 	return n + q->data[0];
 }
 
 static void demo_accounting_block(struct demo_accounting_queue *queue)
 {
 	queue->data[1] = 1;
-	smp_wmb();
-	WRITE_ONCE(queue->blocked_flag, 1);
+	/* Pairs with smp_load_acquire() in demo_accounting_may_queue() *\/
+	smp_store_release(&queue->blocked_flag, 1);
 }
 
 static int demo_accounting_may_queue(struct demo_accounting_queue *q, int bg)
 {
-	if (!READ_ONCE(q->blocked_flag) || (bg && q->enabled_for_background))
+	/* Pairs with smp_store_release() in demo_accounting_block() *\/
+	if (!smp_load_acquire(&q->blocked_flag) ||
+	    (bg && q->enabled_for_background))
 		return q->data[1];
-	smp_rmb();
 	return q->data[1];
 }
 
 * check-output-end
 */
