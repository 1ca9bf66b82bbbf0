// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 11: two shared loads before one read barrier. */

struct demo_pipe {
	int items[64];
	unsigned int head;
	unsigned int tail;
};

static void demo_pipe_push(struct demo_pipe *f, int x)
{
	f->items[f->tail % 64] = x;
	smp_wmb();
	f->tail++;
}

static int demo_pipe_pop(struct demo_pipe *f)
{
	unsigned int head, tail;

	head = f->head;
	tail = READ_ONCE(f->tail);
	smp_rmb();
	if (head == tail)
		return -1;
	return f->items[head % 64];
}

/* the consumer publishes head: the producer reads it before reusing a slot */
static void demo_pipe_consume(struct demo_pipe *f)
{
	smp_store_release(&f->head, f->head + 1);
}

/*
 * check-name: shape 11, the other load before smp_rmb() would lose its ordering: the reader keeps its barrier and only the writer becomes a release (rule WA)
 * check-command: acqrel patch --diff --include-review $file
 * check-output-start
--- a/shape11-two-loads.c
+++ b/shape11-two-loads.c
@@ -10,8 +10,8 @@ struct demo_pipe {
 static void demo_pipe_push(struct demo_pipe *f, int x)
 {
 	f->items[f->tail % 64] = x;
-	smp_wmb();
-	f->tail++;
+	/* Pairs with smp_rmb() in demo_pipe_pop() *\/
+	smp_store_release(&f->tail, f->tail + 1);
 }
 
 static int demo_pipe_pop(struct demo_pipe *f)
 * check-output-end
 */
