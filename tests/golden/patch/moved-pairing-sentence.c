// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a removed barrier's comment that opens with
 * a "Pairs with" sentence and goes on to explain the ordering is moved into
 * the note without that sentence, not deleted whole; a function it named
 * that the note does not name is kept in the note. And a note names the
 * function that holds the converted access: the helper the barrier's
 * function calls, not the barrier's function.
 */

#define DEMO_DEAD	2

struct demo_root {
	void *ptr;
	unsigned long state;
};

static void demo_root_clear(struct demo_root *r)
{
	r->ptr = NULL;
	smp_wmb();
	clear_bit(DEMO_DEAD, &r->state);
}

static bool demo_root_is_dead(const struct demo_root *r)
{
	if (test_bit(DEMO_DEAD, &r->state))
		return true;
	/*
	 * Pairs with set_bit/clear_bit in demo_root_clear() and
	 * demo_root_update(). We need to see the updated bit before
	 * trying to access r->ptr in our callers.
	 */
	smp_rmb();

	return false;
}

struct demo_conn {
	int initialized;
	int blocked;
	int max;
};

void demo_conn_set_initialized(struct demo_conn *c)
{
	c->max = 8;
	smp_wmb();
	c->initialized = 1;
}

static bool demo_conn_block(struct demo_conn *c)
{
	return !c->initialized || c->blocked;
}

int demo_conn_get(struct demo_conn *c)
{
	if (demo_conn_block(c))
		return -1;
	/* Matches smp_wmb() in demo_conn_set_initialized() */
	smp_rmb();

	return c->max;
}

struct demo_wide {
	int ready;
	int val;
};

void demo_wide_set(struct demo_wide *w, int v)
{
	w->val = v;
	smp_wmb();
	WRITE_ONCE(w->ready, 1);
}

/* a moved comment without a pairing sentence keeps its lines, also past 80 columns */
int demo_wide_get(struct demo_wide *w)
{
	int r = READ_ONCE(w->ready);

	/*
	 * We read the flag before the value; this line passes eighty columns, as some
	 * subsystems write them.
	 */
	smp_rmb();

	return r ? w->val : 0;
}

/*
 * check-name: a moved comment loses its old pairing sentence, keeps its explanation and the functions it named; a note names the helper that holds the acquire
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/moved-pairing-sentence.c
+++ b/moved-pairing-sentence.c
@@ -18,20 +18,21 @@ struct demo_root {
 static void demo_root_clear(struct demo_root *r)
 {
 	r->ptr = NULL;
-	smp_wmb();
-	clear_bit(DEMO_DEAD, &r->state);
+	/* Pairs with test_bit_acquire() in demo_root_is_dead() *\/
+	clear_bit_unlock(DEMO_DEAD, &r->state);
 }
 
 static bool demo_root_is_dead(const struct demo_root *r)
 {
-	if (test_bit(DEMO_DEAD, &r->state))
+	/*
+	 * We need to see the updated bit before trying to access r->ptr in our
+	 * callers.
+	 *
+	 * Pairs with clear_bit_unlock() in demo_root_clear(). It also pairs
+	 * with demo_root_update().
+	 *\/
+	if (test_bit_acquire(DEMO_DEAD, &r->state))
 		return true;
-	/*
-	 * Pairs with set_bit/clear_bit in demo_root_clear() and
-	 * demo_root_update(). We need to see the updated bit before
-	 * trying to access r->ptr in our callers.
-	 *\/
-	smp_rmb();
 
 	return false;
 }
@@ -45,21 +46,20 @@ struct demo_conn {
 void demo_conn_set_initialized(struct demo_conn *c)
 {
 	c->max = 8;
-	smp_wmb();
-	c->initialized = 1;
+	/* Pairs with smp_load_acquire() in demo_conn_block() *\/
+	smp_store_release(&c->initialized, 1);
 }
 
 static bool demo_conn_block(struct demo_conn *c)
 {
-	return !c->initialized || c->blocked;
+	/* Pairs with smp_store_release() in demo_conn_set_initialized() *\/
+	return !smp_load_acquire(&c->initialized) || c->blocked;
 }
 
 int demo_conn_get(struct demo_conn *c)
 {
 	if (demo_conn_block(c))
 		return -1;
-	/* Matches smp_wmb() in demo_conn_set_initialized() *\/
-	smp_rmb();
 
 	return c->max;
 }
@@ -72,21 +72,21 @@ struct demo_wide {
 void demo_wide_set(struct demo_wide *w, int v)
 {
 	w->val = v;
-	smp_wmb();
-	WRITE_ONCE(w->ready, 1);
+	/* Pairs with smp_load_acquire() in demo_wide_get() *\/
+	smp_store_release(&w->ready, 1);
 }
 
 /* a moved comment without a pairing sentence keeps its lines, also past 80 columns *\/
 int demo_wide_get(struct demo_wide *w)
 {
-	int r = READ_ONCE(w->ready);
+	/*
+	 * We read the flag before the value; this line passes eighty columns, as some
+	 * subsystems write them.
+	 *
+	 * Pairs with smp_store_release() in demo_wide_set().
+	 *\/
+	int r = smp_load_acquire(&w->ready);
 
-	/*
-	 * We read the flag before the value; this line passes eighty columns, as some
-	 * subsystems write them.
-	 *\/
-	smp_rmb();
-
 	return r ? w->val : 0;
 }
 
 * check-output-end
 */
