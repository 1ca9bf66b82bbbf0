// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a one-line comment right above the access
 * that becomes a release or an acquire turns into a block comment with the
 * "Pairs with" note as its last paragraph, instead of a second comment
 * stacked under it. An old one-line pairing comment that names the same
 * function is replaced by the note.
 */

struct demo_conn {
	int limit;
	int ready;
	int slots;
	int open;
	long cookie;
	int bound;
};

void demo_conn_set_ready(struct demo_conn *c)
{
	c->limit = 8;
	/* Make sure the limit is seen before the flag: */
	smp_wmb();
	c->ready = 1;
}

int demo_conn_limit(struct demo_conn *c)
{
	if (!READ_ONCE(c->ready))
		return 0;
	smp_rmb();
	return c->limit;
}

void demo_conn_stop(struct demo_conn *c)
{
	c->slots = 0;
	smp_wmb(); /* ordered against demo_conn_try_open() */
	/* this must be last lest we reopen a drained connection */
	WRITE_ONCE(c->open, 0);
}

int demo_conn_try_open(struct demo_conn *c)
{
	if (READ_ONCE(c->open))
		return -1;
	smp_rmb();
	return c->slots;
}

void demo_conn_bind(struct demo_conn *c, long cookie)
{
	c->cookie = cookie;
	smp_wmb();
	WRITE_ONCE(c->bound, 1);
}

long demo_conn_cookie(struct demo_conn *c)
{
	int bound;

	/* Paired with WRITE_ONCE() in demo_conn_bind() */
	bound = READ_ONCE(c->bound);
	if (bound) {
		/* Ensure the cookie is up to date. */
		smp_rmb();
		return c->cookie;
	}
	return 0;
}

/*
 * check-name: a one-line comment above a converted access becomes a block with the note as its last paragraph; an old pairing comment naming the same function is replaced
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/fold-one-line.c
+++ b/fold-one-line.c
@@ -19,53 +19,60 @@ struct demo_conn {
 void demo_conn_set_ready(struct demo_conn *c)
 {
 	c->limit = 8;
-	/* Make sure the limit is seen before the flag: *\/
-	smp_wmb();
-	c->ready = 1;
+	/*
+	 * Make sure the limit is seen before the flag.
+	 *
+	 * Pairs with smp_load_acquire() in demo_conn_limit().
+	 *\/
+	smp_store_release(&c->ready, 1);
 }
 
 int demo_conn_limit(struct demo_conn *c)
 {
-	if (!READ_ONCE(c->ready))
+	/* Pairs with smp_store_release() in demo_conn_set_ready() *\/
+	if (!smp_load_acquire(&c->ready))
 		return 0;
-	smp_rmb();
 	return c->limit;
 }
 
 void demo_conn_stop(struct demo_conn *c)
 {
 	c->slots = 0;
-	smp_wmb(); /* ordered against demo_conn_try_open() *\/
-	/* this must be last lest we reopen a drained connection *\/
-	WRITE_ONCE(c->open, 0);
+	/*
+	 * this must be last lest we reopen a drained connection.
+	 *
+	 * Pairs with smp_load_acquire() in demo_conn_try_open().
+	 *\/
+	smp_store_release(&c->open, 0);
 }
 
 int demo_conn_try_open(struct demo_conn *c)
 {
-	if (READ_ONCE(c->open))
+	/* Pairs with smp_store_release() in demo_conn_stop() *\/
+	if (smp_load_acquire(&c->open))
 		return -1;
-	smp_rmb();
 	return c->slots;
 }
 
 void demo_conn_bind(struct demo_conn *c, long cookie)
 {
 	c->cookie = cookie;
-	smp_wmb();
-	WRITE_ONCE(c->bound, 1);
+	/* Pairs with smp_load_acquire() in demo_conn_cookie() *\/
+	smp_store_release(&c->bound, 1);
 }
 
 long demo_conn_cookie(struct demo_conn *c)
 {
 	int bound;
 
-	/* Paired with WRITE_ONCE() in demo_conn_bind() *\/
-	bound = READ_ONCE(c->bound);
-	if (bound) {
-		/* Ensure the cookie is up to date. *\/
-		smp_rmb();
+	/*
+	 * Ensure the cookie is up to date.
+	 *
+	 * Pairs with smp_store_release() in demo_conn_bind().
+	 *\/
+	bound = smp_load_acquire(&c->bound);
+	if (bound)
 		return c->cookie;
-	}
 	return 0;
 }
 
 * check-output-end
 */
