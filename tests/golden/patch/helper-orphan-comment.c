// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: the acquire goes into the helper that holds
 * the subscribe load, and the caller's barrier goes. The comment that
 * explained that barrier stays above the next statement: it is listed for
 * the author, who knows whether it still says something true there.
 */

struct demo_q {
	unsigned int head;
	int slot[16];
};

static void demo_q_put(struct demo_q *q, int v)
{
	q->slot[q->head & 15] = v;
	smp_store_release(&q->head, q->head + 1);
}

static inline unsigned int demo_q_head(struct demo_q *q)
{
	return q->head;
}

static int demo_q_get(struct demo_q *q, unsigned int tail)
{
	if (demo_q_head(q) == tail)
		return -1;
	/* Make sure the entry is read after the count is read. */
	smp_rmb();
	return q->slot[tail & 15];
}

/*
 * check-name: a comment right above a barrier that goes, whose acquire goes into a helper, is listed for the author
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/helper-orphan-comment.c
+++ b/helper-orphan-comment.c
@@ -19,7 +19,8 @@ static void demo_q_put(struct demo_q *q, int v)
 
 static inline unsigned int demo_q_head(struct demo_q *q)
 {
-	return q->head;
+	/* Pairs with smp_store_release() in demo_q_put() *\/
+	return smp_load_acquire(&q->head);
 }
 
 static int demo_q_get(struct demo_q *q, unsigned int tail)
@@ -27,7 +28,6 @@ static int demo_q_get(struct demo_q *q, unsigned int tail)
 	if (demo_q_head(q) == tail)
 		return -1;
 	/* Make sure the entry is read after the count is read. *\/
-	smp_rmb();
 	return q->slot[tail & 15];
 }
 
 * check-output-end
 * check-error-start
helper-orphan-comment.c: in demo_q_get(): "Make sure the entry is read after the count is read.": note: may still describe the old barriers of q->head
helper-orphan-comment.c:34: "check-name: a comment right above a barrier that goes, whose...": note: may still describe the old barriers of q->head
acqrel patch: 1 protocols rewritten in 1 patch, 0 left for the author
 * check-error-end
 */
