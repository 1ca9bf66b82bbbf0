// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: one-line comments stacked right above the
 * barrier, at its indent, are one explanation: the note's block holds
 * them as one paragraph, and their lines go. A blank line ends the run.
 */

struct demo_rq {
	int len;
	int bytes;
	int status;
	int code;
};

static void demo_rq_complete(struct demo_rq *r, int copied)
{
	r->len = copied;
	/* Ensure all writes are done before we update */
	/* r->bytes */
	smp_wmb();
	r->bytes = copied;
}

static int demo_rq_decode(struct demo_rq *r)
{
	if (!READ_ONCE(r->bytes))
		return -1;
	smp_rmb();
	return r->len;
}

static void demo_rq_fail(struct demo_rq *r, int code)
{
	r->code = code;
	/* the code is set above */

	/* publish the status last */
	smp_wmb();
	r->status = 1;
}

static int demo_rq_check(struct demo_rq *r)
{
	if (!READ_ONCE(r->status))
		return 0;
	smp_rmb();
	return r->code;
}

/*
 * check-name: one-line comments stacked right above the barrier join the note's block as one paragraph and their lines go; a comment above a blank line stays as it is
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/fold-comment-run.c
+++ b/fold-comment-run.c
@@ -15,17 +15,19 @@ struct demo_rq {
 static void demo_rq_complete(struct demo_rq *r, int copied)
 {
 	r->len = copied;
-	/* Ensure all writes are done before we update *\/
-	/* r->bytes *\/
-	smp_wmb();
-	r->bytes = copied;
+	/*
+	 * Ensure all writes are done before we update r->bytes.
+	 *
+	 * Pairs with smp_load_acquire() in demo_rq_decode().
+	 *\/
+	smp_store_release(&r->bytes, copied);
 }
 
 static int demo_rq_decode(struct demo_rq *r)
 {
-	if (!READ_ONCE(r->bytes))
+	/* Pairs with smp_store_release() in demo_rq_complete() *\/
+	if (!smp_load_acquire(&r->bytes))
 		return -1;
-	smp_rmb();
 	return r->len;
 }
 
@@ -34,16 +36,19 @@ static void demo_rq_fail(struct demo_rq *r, int code)
 	r->code = code;
 	/* the code is set above *\/
 
-	/* publish the status last *\/
-	smp_wmb();
-	r->status = 1;
+	/*
+	 * publish the status last.
+	 *
+	 * Pairs with smp_load_acquire() in demo_rq_check().
+	 *\/
+	smp_store_release(&r->status, 1);
 }
 
 static int demo_rq_check(struct demo_rq *r)
 {
-	if (!READ_ONCE(r->status))
+	/* Pairs with smp_store_release() in demo_rq_fail() *\/
+	if (!smp_load_acquire(&r->status))
 		return 0;
-	smp_rmb();
 	return r->code;
 }
 
 * check-output-end
 */
