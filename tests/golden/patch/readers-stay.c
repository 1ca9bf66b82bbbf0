// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule WA, a protocol whose only caveats are
 * its readers' converts its writers alone; the readers keep smp_rmb().
 */

struct demo_chan {
	unsigned int head;
	int slot[16];
	int ready;
	int data;
	int note;
};

/* the writer has nothing else after its barrier */
static void demo_chan_put(struct demo_chan *c, int v)
{
	c->slot[c->head & 15] = v;
	smp_wmb();
	c->head = c->head + 1;
}

void demo_chan_poll(struct demo_chan *c);

/* the reader's rmb also orders what the poll loads: it stays */
static int demo_chan_get(struct demo_chan *c, unsigned int tail)
{
	demo_chan_poll(c);
	if (c->head == tail)
		return -1;
	smp_rmb();
	return c->slot[tail & 15];
}

/* a reader with a full barrier: it stays too, and the note names it so */
static int demo_chan_drain(struct demo_chan *c, unsigned int tail)
{
	if (c->head == tail)
		return -1;
	smp_mb();
	return c->slot[tail & 15];
}

/* negative: the writer orders a second shared store after its barrier */
static void demo_chan_post(struct demo_chan *c, int v)
{
	c->data = v;
	smp_wmb();
	c->ready = 1;
	c->note = v;
}

static int demo_chan_peek(struct demo_chan *c)
{
	int seen = c->note;

	if (!c->ready)
		return -1;
	smp_rmb();
	return c->data + seen;
}

struct demo_lone {
	int ready;
	int data;
};

/* negative: no reader at all (one-side) */
static void demo_lone_post(struct demo_lone *l, int v)
{
	l->data = v;
	smp_wmb();
	l->ready = 1;
}

/*
 * check-name: rule WA: only the writer is rewritten, and its note names each reader with the barrier it keeps
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/readers-stay.c
+++ b/readers-stay.c
@@ -16,8 +16,11 @@ struct demo_chan {
 static void demo_chan_put(struct demo_chan *c, int v)
 {
 	c->slot[c->head & 15] = v;
-	smp_wmb();
-	c->head = c->head + 1;
+	/*
+	 * Pairs with smp_rmb() in demo_chan_get() and smp_mb() in
+	 * demo_chan_drain().
+	 *\/
+	smp_store_release(&c->head, c->head + 1);
 }
 
 void demo_chan_poll(struct demo_chan *c);
 * check-output-end
 */
