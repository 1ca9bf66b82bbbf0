// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 13: comments around the barriers. */

struct demo_log {
	char text[64];
	unsigned int len;
	unsigned int done;
};

static void demo_log_append(struct demo_log *l, char c)
{
	l->text[l->len % 64] = c;
	/*
	 * The text must be visible before the new length.
	 *
	 * Pairs with the smp_rmb() in
	 * demo_log_read().
	 */
	smp_wmb();
	WRITE_ONCE(l->len, l->len + 1);
}

static char demo_log_read(struct demo_log *l, unsigned int i)
{
	unsigned int n = READ_ONCE(l->len);

	smp_rmb(); /* paired with smp_wmb() in demo_log_append() */
	return i < n ? l->text[i % 64] : 0;
}

static void demo_log_finish(struct demo_log *l)
{
	l->text[0] = 0;
	smp_wmb();	/* text before done */
	WRITE_ONCE(l->done, 1);
}

/* demo_log_finish() and demo_log_done() order the text with smp_wmb()/smp_rmb(). */
static int demo_log_done(struct demo_log *l)
{
	if (!READ_ONCE(l->done))
		return 0;
	/* matches demo_log_finish() */
	smp_rmb();
	return l->text[0];
}

/*
 * check-name: shape 13, pairing comments are rewritten, the barrier's own explanation kept, stale ones listed
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape13-comments.c
+++ b/shape13-comments.c
@@ -13,35 +13,33 @@ static void demo_log_append(struct demo_log *l, char c)
 	/*
 	 * The text must be visible before the new length.
 	 *
-	 * Pairs with the smp_rmb() in
-	 * demo_log_read().
+	 * Pairs with smp_load_acquire() in demo_log_read().
 	 *\/
+	smp_store_release(&l->len, l->len + 1);
-	smp_wmb();
-	WRITE_ONCE(l->len, l->len + 1);
 }
 
 static char demo_log_read(struct demo_log *l, unsigned int i)
 {
-	unsigned int n = READ_ONCE(l->len);
+	/* Pairs with smp_store_release() in demo_log_append() *\/
+	unsigned int n = smp_load_acquire(&l->len);
 
-	smp_rmb(); /* paired with smp_wmb() in demo_log_append() *\/
 	return i < n ? l->text[i % 64] : 0;
 }
 
 static void demo_log_finish(struct demo_log *l)
 {
 	l->text[0] = 0;
-	smp_wmb();	/* text before done *\/
-	WRITE_ONCE(l->done, 1);
+	/* text before done *\/
+	/* Pairs with smp_load_acquire() in demo_log_done() *\/
+	smp_store_release(&l->done, 1);
 }
 
 /* demo_log_finish() and demo_log_done() order the text with smp_wmb()/smp_rmb(). *\/
 static int demo_log_done(struct demo_log *l)
 {
-	if (!READ_ONCE(l->done))
+	/* Pairs with smp_store_release() in demo_log_finish() *\/
+	if (!smp_load_acquire(&l->done))
 		return 0;
-	/* matches demo_log_finish() *\/
-	smp_rmb();
 	return l->text[0];
 }
 
 * check-output-end
 * check-error-start
shape13-comments.c:48: "check-name: shape 13, pairing comments are rewritten, the ba...": note: may still describe the old barriers of l->len
shape13-comments.c: above demo_log_done(): "demo_log_finish() and demo_log_done() order the text with sm...": note: may still describe the old barriers of l->done
shape13-comments.c:48: "check-name: shape 13, pairing comments are rewritten, the ba...": note: may still describe the old barriers of l->done
acqrel patch: 2 protocols rewritten in 2 patches, 0 left for the author
 * check-error-end
 */
