// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: misplaced barriers moved. */

struct demo_cmd {
	int status;
	int complete;
};

static void demo_cmd_end(struct demo_cmd *c, int v)
{
	c->status = v;
	smp_wmb();
	WRITE_ONCE(c->complete, 1);
}

/* the rmb goes into the block the flag's test opens */
static int demo_cmd_check(struct demo_cmd *c, int *out)
{
	int got = 0;

	smp_rmb();
	if (READ_ONCE(c->complete)) {
		*out = c->status;
		got = 1;
	}
	return got;
}

struct demo_ev {
	int code;
	int posted;
};

static void demo_ev_end(struct demo_ev *e, int v)
{
	e->code = v;
	smp_wmb();
	WRITE_ONCE(e->posted, 1);
}

/* the rmb goes after the statement that loads the flag */
static int demo_ev_take(struct demo_ev *e)
{
	int p;

	smp_rmb();
	p = READ_ONCE(e->posted);
	return p ? e->code : -1;
}

struct demo_note {
	int text;
	int valid;
};

/* the wmb goes before the flag's store */
static void demo_note_post(struct demo_note *n, int v)
{
	n->text = v;
	WRITE_ONCE(n->valid, 1);
	smp_wmb();
}

static int demo_note_read(struct demo_note *n)
{
	if (!READ_ONCE(n->valid))
		return -1;
	smp_rmb();
	return n->text;
}

struct demo_tick {
	int stamp;
	int fired;
};

static void demo_tick_end(struct demo_tick *t, int v)
{
	t->stamp = v;
	smp_wmb();
	WRITE_ONCE(t->fired, 1);
}

/* an if without braces: no block to move the barrier into, no mechanical fix */
static int demo_tick_read(struct demo_tick *t)
{
	smp_rmb();
	if (READ_ONCE(t->fired))
		return t->stamp;
	return -1;
}

struct demo_seal {
	int word;
	int sealed;
};

static void demo_seal_close(struct demo_seal *z, int v)
{
	z->word = v;
	smp_wmb();
	WRITE_ONCE(z->sealed, 1);
}

/* the data is loaded on the flag's line: no line to move the barrier to */
static int demo_seal_read(struct demo_seal *z)
{
	smp_rmb();
	return READ_ONCE(z->sealed) ? z->word : -1;
}

/*
 * check-name: bugs --diff: misplaced smp_rmb() moved after the flag's load, smp_wmb() before its store; not into an if without braces, nor when the data shares the flag's line
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-misplaced-barrier.c
+++ b/fix-misplaced-barrier.c
@@ -18,8 +18,9 @@ static int demo_cmd_check(struct demo_cmd *c, int *out)
 {
 	int got = 0;
 
-	smp_rmb();
-	if (READ_ONCE(c->complete)) {
+	if (READ_ONCE(c->complete)) {
+		/* Pairs with smp_wmb() in demo_cmd_end(). *\/
+		smp_rmb();
 		*out = c->status;
 		got = 1;
 	}
@@ -43,8 +44,9 @@ static int demo_ev_take(struct demo_ev *e)
 {
 	int p;
 
-	smp_rmb();
-	p = READ_ONCE(e->posted);
+	p = READ_ONCE(e->posted);
+	/* Pairs with smp_wmb() in demo_ev_end(). *\/
+	smp_rmb();
 	return p ? e->code : -1;
 }
 
@@ -57,8 +59,9 @@ struct demo_note {
 static void demo_note_post(struct demo_note *n, int v)
 {
 	n->text = v;
-	WRITE_ONCE(n->valid, 1);
-	smp_wmb();
+	/* Pairs with smp_rmb() in demo_note_read(). *\/
+	smp_wmb();
+	WRITE_ONCE(n->valid, 1);
 }
 
 static int demo_note_read(struct demo_note *n)
 * check-output-end
 * check-error-start
fix-misplaced-barrier.c:87:2: note: misplaced-barrier: no mechanical fix: the flag's load is the condition of a statement without braces
fix-misplaced-barrier.c:108:2: note: misplaced-barrier: no mechanical fix: the data's access shares the flag's line
acqrel bugs: 5 findings, 3 fixed in 3 patches, 2 with no mechanical fix
 * check-error-end
 */
