// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: the fix of a reader that bypasses the accessor. */

struct demo_tab {
	int rows[16];
	unsigned int nr;
};

static inline unsigned int demo_tab_nr(struct demo_tab *t)
{
	unsigned int v = READ_ONCE(t->nr);

	smp_rmb();
	return v;
}

static void demo_tab_add(struct demo_tab *t, int v)
{
	t->rows[0] = v;
	smp_wmb();
	WRITE_ONCE(t->nr, 1);
}

static int demo_tab_first(struct demo_tab *t)
{
	return demo_tab_nr(t) ? t->rows[0] : -1;
}

/* bypasses the accessor: the load becomes an acquire */
static int demo_tab_peek(struct demo_tab *t)
{
	if (!t->nr)
		return -1;
	return t->rows[0];
}

struct demo_seq {
	int vals[16];
	u64 gen;
};

static inline u64 demo_seq_gen(struct demo_seq *s)
{
	u64 v = READ_ONCE(s->gen);

	smp_rmb();
	return v;
}

static void demo_seq_set(struct demo_seq *s, int v)
{
	s->vals[0] = v;
	smp_wmb();
	WRITE_ONCE(s->gen, 1);
}

static int demo_seq_first(struct demo_seq *s)
{
	return demo_seq_gen(s) ? s->vals[0] : -1;
}

/* a u64 is no native word on 32-bit: no mechanical fix */
static int demo_seq_peek(struct demo_seq *s)
{
	if (!s->gen)
		return -1;
	return s->vals[0];
}

/*
 * check-name: bugs --all --diff: missing-acquire's load becomes smp_load_acquire(), not for a u64
 * check-command: acqrel bugs --all --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-missing-acquire.c
+++ b/fix-missing-acquire.c
@@ -29,7 +29,8 @@ static int demo_tab_first(struct demo_tab *t)
 /* bypasses the accessor: the load becomes an acquire *\/
 static int demo_tab_peek(struct demo_tab *t)
 {
-	if (!t->nr)
+	/* Pairs with smp_wmb() in demo_tab_add(). *\/
+	if (!smp_load_acquire(&t->nr))
 		return -1;
 	return t->rows[0];
 }
 * check-output-end
 * check-error-start
fix-missing-acquire.c:65:7: note: missing-acquire: no mechanical fix: s->gen is wider than a word on 32-bit architectures, and smp_load_acquire() takes only a scalar or pointer of native word size
acqrel bugs: 2 findings, 1 fixed in 1 patch, 1 with no mechanical fix
 * check-error-end
 */
