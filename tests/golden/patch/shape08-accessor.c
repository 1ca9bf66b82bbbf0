// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel, shape 8: the reader side lives in an accessor helper. */

struct demo_map {
	int slot[8];
	unsigned int valid;
};

static inline unsigned int demo_map_valid(struct demo_map *m)
{
	unsigned int v = READ_ONCE(m->valid);

	smp_rmb();
	return v;
}

static void demo_map_fill(struct demo_map *m, int x)
{
	m->slot[0] = x;
	smp_wmb();
	WRITE_ONCE(m->valid, 1);
}

static int demo_map_first(struct demo_map *m)
{
	return demo_map_valid(m) ? m->slot[0] : -1;
}

static int demo_map_last(struct demo_map *m)
{
	return demo_map_valid(m) ? m->slot[7] : -1;
}

/*
 * check-name: shape 8, an accessor helper: its load becomes the acquire, which converts every caller
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/shape08-accessor.c
+++ b/shape08-accessor.c
@@ -8,17 +8,17 @@ struct demo_map {
 
 static inline unsigned int demo_map_valid(struct demo_map *m)
 {
-	unsigned int v = READ_ONCE(m->valid);
+	/* Pairs with smp_store_release() in demo_map_fill() *\/
+	unsigned int v = smp_load_acquire(&m->valid);
 
-	smp_rmb();
 	return v;
 }
 
 static void demo_map_fill(struct demo_map *m, int x)
 {
 	m->slot[0] = x;
-	smp_wmb();
-	WRITE_ONCE(m->valid, 1);
+	/* Pairs with smp_load_acquire() in demo_map_valid() *\/
+	smp_store_release(&m->valid, 1);
 }
 
 static int demo_map_first(struct demo_map *m)
 * check-output-end
 */
