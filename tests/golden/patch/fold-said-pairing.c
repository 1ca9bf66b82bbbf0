// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a block comment right above the publish
 * store that already says what it pairs with, naming every reader, gets no
 * second "Pairs with" sentence. A block that names a barrier (it goes
 * stale) or that leaves a reader out still gets the note.
 */

struct demo_sock {
	int portid;
	int bound;
	int cookie;
	int ready;
	int limit;
	int open;
};

void demo_insert(struct demo_sock *s, int portid)
{
	s->portid = portid;
	/* The port must be visible before the socket is bound. */
	smp_wmb();
	/* Paired with lockless reads from demo_bind(),
	 * demo_connect() and demo_send().
	 */
	WRITE_ONCE(s->bound, 1);
}

int demo_bind(struct demo_sock *s)
{
	if (!READ_ONCE(s->bound))
		return 0;
	smp_rmb();
	return s->portid;
}

int demo_send(struct demo_sock *s)
{
	if (!READ_ONCE(s->bound))
		return -1;
	smp_rmb();
	return s->portid;
}

void demo_set_cookie(struct demo_sock *s, int cookie)
{
	s->cookie = cookie;
	/*
	 * This barrier pairs with the smp_rmb() in demo_cookie(), so that
	 * the cookie is seen before the flag.
	 */
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

int demo_cookie(struct demo_sock *s)
{
	if (!READ_ONCE(s->ready))
		return 0;
	smp_rmb();
	return s->cookie;
}

void demo_open(struct demo_sock *s, int limit)
{
	s->limit = limit;
	smp_wmb();
	/* Paired with the lockless read
	 * in demo_limit_fast().
	 */
	WRITE_ONCE(s->open, 1);
}

int demo_limit_fast(struct demo_sock *s)
{
	if (!READ_ONCE(s->open))
		return 0;
	smp_rmb();
	return s->limit;
}

int demo_limit_slow(struct demo_sock *s)
{
	if (!READ_ONCE(s->open))
		return -1;
	smp_rmb();
	return s->limit;
}

/*
 * check-name: a block that already names every reader it pairs with gets no second pairing sentence; one that names a barrier or leaves a reader out does
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/fold-said-pairing.c
+++ b/fold-said-pairing.c
@@ -19,26 +19,25 @@ void demo_insert(struct demo_sock *s, int portid)
 {
 	s->portid = portid;
 	/* The port must be visible before the socket is bound. *\/
-	smp_wmb();
 	/* Paired with lockless reads from demo_bind(),
 	 * demo_connect() and demo_send().
 	 *\/
+	smp_store_release(&s->bound, 1);
-	WRITE_ONCE(s->bound, 1);
 }
 
 int demo_bind(struct demo_sock *s)
 {
-	if (!READ_ONCE(s->bound))
+	/* Pairs with smp_store_release() in demo_insert() *\/
+	if (!smp_load_acquire(&s->bound))
 		return 0;
-	smp_rmb();
 	return s->portid;
 }
 
 int demo_send(struct demo_sock *s)
 {
-	if (!READ_ONCE(s->bound))
+	/* Pairs with smp_store_release() in demo_insert() *\/
+	if (!smp_load_acquire(&s->bound))
 		return -1;
-	smp_rmb();
 	return s->portid;
 }
 
@@ -48,42 +47,45 @@ void demo_set_cookie(struct demo_sock *s, int cookie)
 	/*
 	 * This barrier pairs with the smp_rmb() in demo_cookie(), so that
 	 * the cookie is seen before the flag.
+	 *
+	 * Pairs with smp_load_acquire() in demo_cookie().
 	 *\/
+	smp_store_release(&s->ready, 1);
-	smp_wmb();
-	WRITE_ONCE(s->ready, 1);
 }
 
 int demo_cookie(struct demo_sock *s)
 {
-	if (!READ_ONCE(s->ready))
+	/* Pairs with smp_store_release() in demo_set_cookie() *\/
+	if (!smp_load_acquire(&s->ready))
 		return 0;
-	smp_rmb();
 	return s->cookie;
 }
 
 void demo_open(struct demo_sock *s, int limit)
 {
 	s->limit = limit;
-	smp_wmb();
 	/* Paired with the lockless read
 	 * in demo_limit_fast().
+	 *
+	 * Pairs with smp_load_acquire() in demo_limit_fast() and
+	 * demo_limit_slow().
 	 *\/
+	smp_store_release(&s->open, 1);
-	WRITE_ONCE(s->open, 1);
 }
 
 int demo_limit_fast(struct demo_sock *s)
 {
-	if (!READ_ONCE(s->open))
+	/* Pairs with smp_store_release() in demo_open() *\/
+	if (!smp_load_acquire(&s->open))
 		return 0;
-	smp_rmb();
 	return s->limit;
 }
 
 int demo_limit_slow(struct demo_sock *s)
 {
-	if (!READ_ONCE(s->open))
+	/* Pairs with smp_store_release() in demo_open() *\/
+	if (!smp_load_acquire(&s->open))
 		return -1;
-	smp_rmb();
 	return s->limit;
 }
 
 * check-output-end
 */
