// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: the subscribe load inside a predicate helper. */

struct demo_conn {
	int buf[8];
	int blocked;
	int state;
};

/* the load the reader subscribes with lives in this helper */
static bool demo_conn_blocked(struct demo_conn *c)
{
	return READ_ONCE(c->blocked);
}

static void demo_conn_unblock(struct demo_conn *c, int v)
{
	c->buf[0] = v;
	smp_wmb();
	WRITE_ONCE(c->blocked, 0);
}

static void demo_conn_open(struct demo_conn *c, int v)
{
	c->buf[1] = v;
	smp_wmb();
	WRITE_ONCE(c->state, 1);
}

static int demo_conn_read(struct demo_conn *c)
{
	if (demo_conn_blocked(c))
		return -1;
	/* pairs with smp_wmb() in demo_conn_unblock() */
	smp_rmb();
	return c->buf[0];
}

/* a helper that only computes: its call is no caveat */
static int demo_conn_slot(int i)
{
	return i & 7;
}

static int demo_conn_peek(struct demo_conn *c, int i)
{
	int s = READ_ONCE(c->state);
	int k = demo_conn_slot(i);

	smp_rmb();
	return s ? c->buf[k] : -1;
}

/*
 * check-name: the acquire goes into the predicate helper that holds the subscribe load; the barrier in its caller goes
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/helper.c
+++ b/helper.c
@@ -10,29 +10,28 @@ struct demo_conn {
 /* the load the reader subscribes with lives in this helper *\/
 static bool demo_conn_blocked(struct demo_conn *c)
 {
-	return READ_ONCE(c->blocked);
+	/* Pairs with smp_store_release() in demo_conn_unblock() *\/
+	return smp_load_acquire(&c->blocked);
 }
 
 static void demo_conn_unblock(struct demo_conn *c, int v)
 {
 	c->buf[0] = v;
-	smp_wmb();
-	WRITE_ONCE(c->blocked, 0);
+	/* Pairs with smp_load_acquire() in demo_conn_blocked() *\/
+	smp_store_release(&c->blocked, 0);
 }
 
 static void demo_conn_open(struct demo_conn *c, int v)
 {
 	c->buf[1] = v;
-	smp_wmb();
-	WRITE_ONCE(c->state, 1);
+	/* Pairs with smp_load_acquire() in demo_conn_peek() *\/
+	smp_store_release(&c->state, 1);
 }
 
 static int demo_conn_read(struct demo_conn *c)
 {
 	if (demo_conn_blocked(c))
 		return -1;
-	/* pairs with smp_wmb() in demo_conn_unblock() *\/
-	smp_rmb();
 	return c->buf[0];
 }
 
@@ -44,10 +43,10 @@ static int demo_conn_slot(int i)
 
 static int demo_conn_peek(struct demo_conn *c, int i)
 {
-	int s = READ_ONCE(c->state);
+	/* Pairs with smp_store_release() in demo_conn_open() *\/
+	int s = smp_load_acquire(&c->state);
 	int k = demo_conn_slot(i);
 
-	smp_rmb();
 	return s ? c->buf[k] : -1;
 }
 
 * check-output-end
 */
