// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: a note folded into a long block comment
 * above the publish store. The hunk starts at the comment's opening line,
 * so that checkpatch sees the comment, and carries as much context after
 * its last change as before its first, so that patch(1) does not take it
 * for the end of the file.
 */

struct demo_stats {
	int weight;
	int changed;
	int spare;
};

void demo_stats_set(struct demo_stats *s, int w)
{
	s->weight = w;
	/*
	 * The new weight must be stored before the flag is set: the
	 * flag is read without the lock held here, and a reader that
	 * finds it set recomputes what depends on the weight, which
	 * must then see the new value and not the old one, or the
	 * recomputation is lost until the next change.
	 */
	smp_wmb();
	s->changed = 1;
}

int demo_stats_get(struct demo_stats *s)
{
	if (!READ_ONCE(s->changed))
		return 0;
	smp_rmb();
	return s->weight;
}

void demo_stats_reset(struct demo_stats *s)
{
	s->spare = 0;
	s->spare++;
	s->spare--;
	s->spare = 1;
	s->spare = 2;
	s->spare = 3;
	s->spare = 4;
	s->spare = 5;
	s->spare = 6;
	s->spare = 7;
	s->spare = 8;
}

/*
 * check-name: a note folded into a long block comment: the hunk starts at the comment and has as much context after as before
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/long-comment-context.c
+++ b/long-comment-context.c
@@ -19,22 +19,23 @@ void demo_stats_set(struct demo_stats *s, int w)
 	/*
 	 * The new weight must be stored before the flag is set: the
 	 * flag is read without the lock held here, and a reader that
 	 * finds it set recomputes what depends on the weight, which
 	 * must then see the new value and not the old one, or the
 	 * recomputation is lost until the next change.
+	 *
+	 * Pairs with smp_load_acquire() in demo_stats_get().
 	 *\/
+	smp_store_release(&s->changed, 1);
-	smp_wmb();
-	s->changed = 1;
 }
 
 int demo_stats_get(struct demo_stats *s)
 {
-	if (!READ_ONCE(s->changed))
+	/* Pairs with smp_store_release() in demo_stats_set() *\/
+	if (!smp_load_acquire(&s->changed))
 		return 0;
-	smp_rmb();
 	return s->weight;
 }
 
 void demo_stats_reset(struct demo_stats *s)
 {
 	s->spare = 0;
 * check-output-end
 */
