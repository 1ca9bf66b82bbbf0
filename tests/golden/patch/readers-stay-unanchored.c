// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic fixture for acqrel: rule WA with an unanchored reader. A
 * reader end that loads its own store before its barrier is no reader of
 * the protocol: its barrier stays, the writer converts alone, and the
 * writer's "Pairs with" note names only the readers that load the
 * published variable.
 */

struct demo_mmu {
	int ready;
	unsigned long table[8];
};

/* the writer: nothing else after the barrier but an unlock */
static void demo_mmu_write(struct demo_mmu *m, unsigned long v)
{
	m->table[0] = v;
	smp_wmb();
	m->ready = 1;
	spin_unlock(&demo_lock);
}

void demo_mmu_flush(struct demo_mmu *m);

/* a reader whose barrier also orders what demo_mmu_flush() loads: it stays */
static unsigned long demo_mmu_read(struct demo_mmu *m)
{
	demo_mmu_flush(m);
	if (!m->ready)
		return 0;
	smp_rmb();
	return m->table[0];
}

/* a full barrier publishes ready too, and stays; then it reads its own store */
static void demo_mmu_reset(struct demo_mmu *m, unsigned long v)
{
	m->table[1] = v;
	smp_mb();
	m->ready = 2;
	if (m->ready != 2)
		return;
	smp_rmb();
	m->table[2] = m->table[3];
}

/*
 * check-name: rule WA with an unanchored reader: the writer alone is rewritten, and its note names the reader that loads the variable with the barrier it keeps (smp_rmb(), not the other side's smp_mb()), not the reader of its own store
 * check-command: acqrel patch --diff $file
 * check-output-start
--- a/readers-stay-unanchored.c
+++ b/readers-stay-unanchored.c
@@ -16,8 +16,8 @@ struct demo_mmu {
 static void demo_mmu_write(struct demo_mmu *m, unsigned long v)
 {
 	m->table[0] = v;
-	smp_wmb();
-	m->ready = 1;
+	/* Pairs with smp_rmb() in demo_mmu_read() *\/
+	smp_store_release(&m->ready, 1);
 	spin_unlock(&demo_lock);
 }
 
 * check-output-end
 */
