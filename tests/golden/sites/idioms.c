// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: kernel idioms around functions with barriers. */

struct demo_node {
	struct list_head list;
	int value;
	int live;
};

struct demo_table {
	struct demo_cfg __rcu *cfg;
	struct list_head nodes;
	spinlock_t lock;
	int nr;
};

static struct demo_table demo_tbl;

static int __init demo_init(void)
{
	demo_tbl.nr = 0;
	smp_wmb();
	return 0;
}

static void demo_add(struct demo_table *t, struct demo_node *n)
	__must_hold(&t->lock)
{
	n->value = 1;
	smp_wmb();
	t->nr++;
}

static struct demo_cfg __rcu **demo_slot(struct demo_table *t)
{
	smp_rmb();
	return &t->cfg;
}

static void demo_walk(struct demo_table *t)
{
	struct demo_node *n;

	list_for_each_entry(n, &t->nodes, list) {
		if (!READ_ONCE(n->live))
			continue;
		smp_rmb();
		n->value++;
	}
}

static void demo_from_list(struct list_head *entry)
{
	struct demo_node *n = container_of(entry, struct demo_node, list);

	smp_store_release(&n->live, 1);
}

SYSCALL_DEFINE3(demo_ctl, int, cmd, unsigned long, arg, int, flags)
{
	if (!smp_load_acquire(&demo_tbl.nr))
		return -EAGAIN;
	return 0;
}

static inline void __acquires(&demo_tbl.lock) demo_lock(void)
{
	spin_lock(&demo_tbl.lock);
	smp_mb__after_spinlock();
	smp_mb();
}

#ifdef CONFIG_DEMO_FAST
static void demo_flush(struct demo_table *t, int fast)
{
#else
static void demo_flush(struct demo_table *t)
{
#endif
	t->nr = 0;
	wmb();
}

__printf(2, 3) static int demo_log(struct demo_table *t, const char *fmt, ...)
{
	smp_rmb();
	return t->nr;
}

static void (*demo_pick(int which))(struct demo_table *)
{
	smp_mb();
	return which ? demo_walk : NULL;
}

/*
 * check-name: functions are named through __init, __must_hold(), __rcu, SYSCALL_DEFINE3(), #ifdef heads
 * check-command: acqrel sites $file
 * check-output-start
idioms.c:22:2: note: smp_wmb() in function demo_init(); before: write demo_tbl.nr (line 21)
idioms.c:30:2: note: smp_wmb() in function demo_add(); before: write n->value (line 29); after: write t->nr (line 31)
idioms.c:36:2: note: smp_rmb() in function demo_slot()
idioms.c:47:3: note: smp_rmb() in function demo_walk(); before: read n->live (marked, line 45); after: write n->value (line 48)
idioms.c:56:2: note: smp_store_release() in function demo_from_list(); on: write n->live (marked, line 56)
idioms.c:61:7: note: smp_load_acquire() in function sys_demo_ctl(); on: read demo_tbl.nr (marked, line 61)
idioms.c:70:2: note: smp_mb() in function demo_lock()
idioms.c:81:2: note: wmb() in function demo_flush(); before: write t->nr (line 80)
idioms.c:86:2: note: smp_rmb() in function demo_log(); after: read t->nr (line 87)
idioms.c:92:2: note: smp_mb() in function demo_pick(); after: read demo_walk (line 93)
 * check-output-end
 */
