// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: the braces a removed barrier leaves around
 * one statement go, and a note for a load in "} else if (...) {" goes into
 * that branch.
 */

struct demo_ring {
	int slots[8];
	int head;
	int tail;
	int state;
	int running;
	int mode;
	int count;
	int weight;
};

void demo_ring_run(struct demo_ring *r);

static void demo_ring_put(struct demo_ring *r, int v)
{
	r->slots[0] = v;
	smp_wmb();
	WRITE_ONCE(r->head, 1);
}

/* one statement is left in the braces: they go */
static int demo_ring_get(struct demo_ring *r)
{
	if (READ_ONCE(r->head)) {
		smp_rmb();
		return r->slots[0];
	}
	return -1;
}

static void demo_ring_start(struct demo_ring *r, int m)
{
	r->mode = m;
	smp_wmb();
	WRITE_ONCE(r->state, 1);
}

/* an else follows: the braces stay */
static int demo_ring_mode(struct demo_ring *r)
{
	if (READ_ONCE(r->state)) {
		smp_rmb();
		return r->mode;
	} else {
		return 0;
	}
}

static void demo_ring_stop(struct demo_ring *r, int v)
{
	r->slots[1] = v;
	smp_wmb();
	WRITE_ONCE(r->running, 0);
}

/* the load in "} else if": the note goes into the branch */
static int demo_ring_loop(struct demo_ring *r)
{
	for (;;) {
		if (READ_ONCE(r->tail)) {
			demo_ring_run(r);
		} else if (!READ_ONCE(r->running)) {
			smp_rmb();
			break;
		}
	}
	return r->slots[1];
}

static void demo_ring_count(struct demo_ring *r, int v)
{
	r->slots[2] = v;
	smp_wmb();
	WRITE_ONCE(r->count, v);
}

/* the load continues a statement: the note goes above the statement */
static int demo_ring_weight(struct demo_ring *r, int base)
{
	int w = base +
		READ_ONCE(r->count);

	smp_rmb();
	return w + r->slots[2];
}

/*
 * check-name: braces around one statement left by a removed barrier go unless an else follows; a note for a load in "} else if (...) {" goes into that branch, one for a line that continues a statement or is the body of an if without braces goes above it
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/lone-statement.c
+++ b/lone-statement.c
@@ -21,32 +21,31 @@ void demo_ring_run(struct demo_ring *r);
 static void demo_ring_put(struct demo_ring *r, int v)
 {
 	r->slots[0] = v;
-	smp_wmb();
-	WRITE_ONCE(r->head, 1);
+	/* Pairs with smp_load_acquire() in demo_ring_get() *\/
+	smp_store_release(&r->head, 1);
 }
 
 /* one statement is left in the braces: they go *\/
 static int demo_ring_get(struct demo_ring *r)
 {
-	if (READ_ONCE(r->head)) {
-		smp_rmb();
+	/* Pairs with smp_store_release() in demo_ring_put() *\/
+	if (smp_load_acquire(&r->head))
 		return r->slots[0];
-	}
 	return -1;
 }
 
 static void demo_ring_start(struct demo_ring *r, int m)
 {
 	r->mode = m;
-	smp_wmb();
-	WRITE_ONCE(r->state, 1);
+	/* Pairs with smp_load_acquire() in demo_ring_mode() *\/
+	smp_store_release(&r->state, 1);
 }
 
 /* an else follows: the braces stay *\/
 static int demo_ring_mode(struct demo_ring *r)
 {
-	if (READ_ONCE(r->state)) {
-		smp_rmb();
+	/* Pairs with smp_store_release() in demo_ring_start() *\/
+	if (smp_load_acquire(&r->state)) {
 		return r->mode;
 	} else {
 		return 0;
@@ -56,8 +55,8 @@ static int demo_ring_mode(struct demo_ring *r)
 static void demo_ring_stop(struct demo_ring *r, int v)
 {
 	r->slots[1] = v;
-	smp_wmb();
-	WRITE_ONCE(r->running, 0);
+	/* Pairs with smp_load_acquire() in demo_ring_loop() *\/
+	smp_store_release(&r->running, 0);
 }
 
 /* the load in "} else if": the note goes into the branch *\/
@@ -66,8 +65,8 @@ static int demo_ring_loop(struct demo_ring *r)
 	for (;;) {
 		if (READ_ONCE(r->tail)) {
 			demo_ring_run(r);
-		} else if (!READ_ONCE(r->running)) {
-			smp_rmb();
+		} else if (!smp_load_acquire(&r->running)) {
+			/* Pairs with smp_store_release() in demo_ring_stop() *\/
 			break;
 		}
 	}
@@ -77,17 +76,17 @@ static int demo_ring_loop(struct demo_ring *r)
 static void demo_ring_count(struct demo_ring *r, int v)
 {
 	r->slots[2] = v;
-	smp_wmb();
-	WRITE_ONCE(r->count, v);
+	/* Pairs with smp_load_acquire() in demo_ring_weight() *\/
+	smp_store_release(&r->count, v);
 }
 
 /* the load continues a statement: the note goes above the statement *\/
 static int demo_ring_weight(struct demo_ring *r, int base)
 {
+	/* Pairs with smp_store_release() in demo_ring_count() *\/
 	int w = base +
-		READ_ONCE(r->count);
+		smp_load_acquire(&r->count);
 
-	smp_rmb();
 	return w + r->slots[2];
 }
 
 * check-output-end
 */
