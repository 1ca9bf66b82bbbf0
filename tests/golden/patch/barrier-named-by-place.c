// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a block comment between a removed
 * smp_wmb() and the converted store that names the barrier by place ("the
 * smp_wmb above") names the release below it instead, and the note still
 * joins the block; a comment that names the barrier otherwise is not
 * reworded.
 */

struct demo_inval {
	unsigned long seq;
	long in_progress;
	int gen;
	int data;
};

void demo_inval_end(struct demo_inval *v)
{
	v->seq++;
	smp_wmb();
	/*
	 * The above sequence increase must be visible before the
	 * below count decrease, which is ensured by the smp_wmb above.
	 */
	WRITE_ONCE(v->in_progress, v->in_progress - 1);
}

int demo_inval_retry(struct demo_inval *v, unsigned long seq)
{
	if (READ_ONCE(v->in_progress))
		return 1;
	smp_rmb();
	return v->seq != seq;
}

void demo_gen_set(struct demo_inval *v, int d)
{
	v->data = d;
	smp_wmb();
	/* the data before the generation: see smp_wmb() */
	WRITE_ONCE(v->gen, 1);
}

int demo_gen_get(struct demo_inval *v)
{
	if (!READ_ONCE(v->gen))
		return -1;
	smp_rmb();
	return v->data;
}

/*
 * check-name: a comment between the removed smp_wmb() and the converted store that says "the smp_wmb above" says "the smp_store_release() below" (or "the release below" past 80 columns), and the note joins it; "see smp_wmb()" is not reworded
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/barrier-named-by-place.c
+++ b/barrier-named-by-place.c
@@ -17,35 +17,39 @@ struct demo_inval {
 void demo_inval_end(struct demo_inval *v)
 {
 	v->seq++;
-	smp_wmb();
 	/*
 	 * The above sequence increase must be visible before the
-	 * below count decrease, which is ensured by the smp_wmb above.
+	 * below count decrease, which is ensured by the release below.
+	 *
+	 * Pairs with smp_load_acquire() in demo_inval_retry().
 	 *\/
+	smp_store_release(&v->in_progress, v->in_progress - 1);
-	WRITE_ONCE(v->in_progress, v->in_progress - 1);
 }
 
 int demo_inval_retry(struct demo_inval *v, unsigned long seq)
 {
-	if (READ_ONCE(v->in_progress))
+	/* Pairs with smp_store_release() in demo_inval_end() *\/
+	if (smp_load_acquire(&v->in_progress))
 		return 1;
-	smp_rmb();
 	return v->seq != seq;
 }
 
 void demo_gen_set(struct demo_inval *v, int d)
 {
 	v->data = d;
-	smp_wmb();
-	/* the data before the generation: see smp_wmb() *\/
-	WRITE_ONCE(v->gen, 1);
+	/*
+	 * the data before the generation: see smp_wmb()
+	 *
+	 * Pairs with smp_load_acquire() in demo_gen_get().
+	 *\/
+	smp_store_release(&v->gen, 1);
 }
 
 int demo_gen_get(struct demo_inval *v)
 {
-	if (!READ_ONCE(v->gen))
+	/* Pairs with smp_store_release() in demo_gen_set() *\/
+	if (!smp_load_acquire(&v->gen))
 		return -1;
-	smp_rmb();
 	return v->data;
 }
 
 * check-output-end
 * check-error-start
barrier-named-by-place.c:52: "check-name: a comment between the removed smp_wmb() and the...": note: may still describe the old barriers of v->in_progress
barrier-named-by-place.c:52: "check-name: a comment between the removed smp_wmb() and the...": note: may still describe the old barriers of v->gen
acqrel patch: 2 protocols rewritten in 2 patches, 0 left for the author
 * check-error-end
 */
