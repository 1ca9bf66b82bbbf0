// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a barrier with a block comment above it and
 * a comment of its own on its line; both move into the note, one blank
 * comment line apart (the block's closing line adds none).
 */

struct demo_ring {
	unsigned int head;
	unsigned int tail;
	int ev[8];
};

struct demo_ctx {
	struct demo_ring *ring;
	unsigned int tail;
};

static void demo_complete(struct demo_ctx *ctx, int v)
{
	struct demo_ring *ring = ctx->ring;
	unsigned int tail = ctx->tail;

	ring->ev[tail & 7] = v;

	/* the slot is filled in, and the
	 * producer does not touch it again
	 */
	smp_wmb();	/* slot before the new tail */

	ring->tail = tail + 1;
}

static int demo_read(struct demo_ctx *ctx)
{
	struct demo_ring *ring = ctx->ring;
	unsigned int head = ring->head, tail;

	tail = ring->tail;
	smp_rmb();
	if (head == tail)
		return -1;
	return ring->ev[head & 7];
}

/*
 * check-name: a block comment above the barrier and a comment on its line join the note with one blank comment line between them
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/comment-block-and-trailing.c
+++ b/comment-block-and-trailing.c
@@ -23,12 +23,15 @@ static void demo_complete(struct demo_ctx *ctx, int v)
 
 	ring->ev[tail & 7] = v;
 
-	/* the slot is filled in, and the
-	 * producer does not touch it again
-	 *\/
-	smp_wmb();	/* slot before the new tail *\/
-
-	ring->tail = tail + 1;
+	/*
+	 * the slot is filled in, and the
+	 * producer does not touch it again
+	 *
+	 * slot before the new tail.
+	 *
+	 * Pairs with smp_load_acquire() in demo_read().
+	 *\/
+	smp_store_release(&ring->tail, tail + 1);
 }
 
 static int demo_read(struct demo_ctx *ctx)
@@ -36,8 +39,8 @@ static int demo_read(struct demo_ctx *ctx)
 	struct demo_ring *ring = ctx->ring;
 	unsigned int head = ring->head, tail;
 
-	tail = ring->tail;
-	smp_rmb();
+	/* Pairs with smp_store_release() in demo_complete() *\/
+	tail = smp_load_acquire(&ring->tail);
 	if (head == tail)
 		return -1;
 	return ring->ev[head & 7];
 * check-output-end
 */
