// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: checkpatch looks for a barrier's comment in
 * the hunk's lines right above the barrier line, removed lines included.
 */

struct demo_doorbell_queue {
	unsigned int head;
	unsigned int tail;
	unsigned int q[16];
};

static void demo_doorbell_ring(struct demo_doorbell_queue *dbq, unsigned int bell)
{
	if (dbq->head != ((dbq->tail + 1) & 15)) {
		dbq->q[dbq->tail] = bell;
		/*
		 * The doorbell must be in the queue before the new tail
		 * makes it visible to the reader.
		 */
		smp_wmb();
		dbq->tail = (dbq->tail + 1) & 15;
	}
}

static int demo_doorbell_read(struct demo_doorbell_queue *dbq)
{
	unsigned int bell;

	/*
	 * An empty queue: nothing to read, the caller waits for the next
	 * doorbell.
	 */
	if (dbq->head == dbq->tail)
		return -1;
	smp_rmb();
	bell = dbq->q[dbq->head];
	dbq->head = (dbq->head + 1) & 15;
	return bell;
}

/*
 * check-name: checkpatch sees the comment a note joins: a block comment kept above a converted access, with the old barrier and access removed under it, is removed and added again whole
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/checkpatch-comment.c
+++ b/checkpatch-comment.c
@@ -17,9 +17,10 @@ static void demo_doorbell_ring(struct demo_doorbell_queue *dbq, unsigned int bel
 		/*
 		 * The doorbell must be in the queue before the new tail
 		 * makes it visible to the reader.
+		 *
+		 * Pairs with smp_load_acquire() in demo_doorbell_read().
 		 *\/
+		smp_store_release(&dbq->tail, (dbq->tail + 1) & 15);
-		smp_wmb();
-		dbq->tail = (dbq->tail + 1) & 15;
 	}
 }
 
@@ -30,10 +31,11 @@ static int demo_doorbell_read(struct demo_doorbell_queue *dbq)
 	/*
 	 * An empty queue: nothing to read, the caller waits for the next
 	 * doorbell.
+	 *
+	 * Pairs with smp_store_release() in demo_doorbell_ring().
 	 *\/
+	if (dbq->head == smp_load_acquire(&dbq->tail))
-	if (dbq->head == dbq->tail)
 		return -1;
-	smp_rmb();
 	bell = dbq->q[dbq->head];
 	dbq->head = (dbq->head + 1) & 15;
 	return bell;
 * check-output-end
 */
