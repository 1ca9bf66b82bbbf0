// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a comment that explained a barrier the
 * rewrite removes is not left behind, above a blank line or a statement it
 * does not describe: its text becomes the note's first paragraph.
 */

struct demo_window {
	int idx;
	int stamp[2];
	int ready;
	int value;
	int avail;
	int wait;
};

static void demo_window_flip(struct demo_window *w, int t)
{
	w->stamp[w->idx & 1] = t;
	/* the stamp before the index */
	smp_wmb();
	WRITE_ONCE(w->idx, w->idx + 1);
}

/* the explanation above, a blank line after */
static int demo_window_read(struct demo_window *w)
{
	int idx = READ_ONCE(w->idx);

	/*
	 * If we see the new index, we also see the stamp written before
	 * it.
	 */
	smp_rmb();

	return w->stamp[idx & 1];
}

static void demo_window_publish(struct demo_window *w, int v)
{
	w->value = v;
	smp_wmb();
	WRITE_ONCE(w->ready, 1);
}

/* the explanation in the branch that returns: the braces go too */
static int demo_window_value(struct demo_window *w)
{
	if (READ_ONCE(w->ready)) {
		/*
		 * The value is not read before the flag.
		 */
		smp_rmb();
		return w->value;
	}
	return 0;
}

static void demo_window_offer(struct demo_window *w, int v)
{
	w->wait = v;
	smp_wmb();
	WRITE_ONCE(w->avail, 1);
}

/* the explanation after the statement on its line */
static int demo_window_take(struct demo_window *w)
{
	int a = READ_ONCE(w->avail);

	smp_rmb(); /* read avail before wait */

	return a ? w->wait : 0;
}

/*
 * check-name: a comment that explained a removed barrier (the block right above it, or the one after it on its line) becomes the first paragraph of the note at the access, unless the access follows the barrier; no comment is left above a blank line
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/orphan-comments.c
+++ b/orphan-comments.c
@@ -17,59 +17,65 @@ struct demo_window {
 static void demo_window_flip(struct demo_window *w, int t)
 {
 	w->stamp[w->idx & 1] = t;
-	/* the stamp before the index *\/
-	smp_wmb();
-	WRITE_ONCE(w->idx, w->idx + 1);
+	/*
+	 * the stamp before the index.
+	 *
+	 * Pairs with smp_load_acquire() in demo_window_read().
+	 *\/
+	smp_store_release(&w->idx, w->idx + 1);
 }
 
 /* the explanation above, a blank line after *\/
 static int demo_window_read(struct demo_window *w)
 {
-	int idx = READ_ONCE(w->idx);
+	/*
+	 * If we see the new index, we also see the stamp written before
+	 * it.
+	 *
+	 * Pairs with smp_store_release() in demo_window_flip().
+	 *\/
+	int idx = smp_load_acquire(&w->idx);
 
-	/*
-	 * If we see the new index, we also see the stamp written before
-	 * it.
-	 *\/
-	smp_rmb();
-
 	return w->stamp[idx & 1];
 }
 
 static void demo_window_publish(struct demo_window *w, int v)
 {
 	w->value = v;
-	smp_wmb();
-	WRITE_ONCE(w->ready, 1);
+	/* Pairs with smp_load_acquire() in demo_window_value() *\/
+	smp_store_release(&w->ready, 1);
 }
 
 /* the explanation in the branch that returns: the braces go too *\/
 static int demo_window_value(struct demo_window *w)
 {
-	if (READ_ONCE(w->ready)) {
-		/*
-		 * The value is not read before the flag.
-		 *\/
-		smp_rmb();
+	/*
+	 * The value is not read before the flag.
+	 *
+	 * Pairs with smp_store_release() in demo_window_publish().
+	 *\/
+	if (smp_load_acquire(&w->ready))
 		return w->value;
-	}
 	return 0;
 }
 
 static void demo_window_offer(struct demo_window *w, int v)
 {
 	w->wait = v;
-	smp_wmb();
-	WRITE_ONCE(w->avail, 1);
+	/* Pairs with smp_load_acquire() in demo_window_take() *\/
+	smp_store_release(&w->avail, 1);
 }
 
 /* the explanation after the statement on its line *\/
 static int demo_window_take(struct demo_window *w)
 {
-	int a = READ_ONCE(w->avail);
+	/*
+	 * read avail before wait.
+	 *
+	 * Pairs with smp_store_release() in demo_window_offer().
+	 *\/
+	int a = smp_load_acquire(&w->avail);
 
-	smp_rmb(); /* read avail before wait *\/
-
 	return a ? w->wait : 0;
 }
 
 * check-output-end
 */
