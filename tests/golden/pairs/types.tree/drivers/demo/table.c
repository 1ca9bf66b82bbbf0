// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: a typedef chain in an included header, an array of pointers. */
#include <linux/demo_types.h>

/* used is a demo_slot_t: demo_idx_t, an unsigned int, two typedefs away */
static void demo_table_add(struct demo_table *t, int v)
{
	t->payload[t->used] = v;
	smp_wmb();
	WRITE_ONCE(t->used, t->used + 1);
}

static int demo_table_last(struct demo_table *t)
{
	demo_slot_t n = READ_ONCE(t->used);

	smp_rmb();
	return n ? t->payload[n - 1] : -1;
}

/* an element of an array of pointers is a pointer: a valid operand */
static void demo_table_put(struct demo_table *t, int i, int j, struct demo_entry *e)
{
	t->payload[0] = i;
	smp_wmb();
	WRITE_ONCE(t->rows[i][j], e);
}

static struct demo_entry *demo_table_get(struct demo_table *t, int i, int j)
{
	struct demo_entry *e = READ_ONCE(t->rows[i][j]);

	smp_rmb();
	return t->payload[0] == i ? e : NULL;
}

/* a u64 publish variable builds on 64-bit only: review here */
static void demo_table_bump(struct demo_table *t)
{
	t->payload[1] = 1;
	smp_wmb();
	WRITE_ONCE(t->gen, t->gen + 1);
}

static demo_seq_t demo_table_gen(struct demo_table *t)
{
	demo_seq_t g = READ_ONCE(t->gen);

	smp_rmb();
	return g + t->payload[1];
}
