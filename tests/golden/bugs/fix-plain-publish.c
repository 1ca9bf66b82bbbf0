// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel bugs --diff: a plain publication made rcu_assign_pointer(). */

struct demo_prof {
	int rate;
	int burst;
};

struct demo_port {
	struct demo_prof *prof;
	struct demo_prof *alt;
};

static void demo_port_apply(struct demo_port *p, struct demo_prof *f)
{
	f->rate = 1;
	p->prof = f;
}

/* the store is not a line of its own: no mechanical fix */
static void demo_port_swap(struct demo_port *p, struct demo_prof *f)
{
	f->burst = 2;
	p->alt = f; f->rate = 0;
}

static int demo_port_rate(struct demo_port *p)
{
	struct demo_prof *f = rcu_dereference_raw(p->prof);

	return f ? f->rate : 0;
}

static int demo_port_burst(struct demo_port *p)
{
	struct demo_prof *f = rcu_dereference_raw(p->alt);

	return f ? f->burst : 0;
}

/*
 * check-name: bugs --diff: plain-publish's store becomes rcu_assign_pointer(); not when the store shares its line
 * check-command: acqrel bugs --diff $file
 * check-exit: 1
 * check-output-start
--- a/fix-plain-publish.c
+++ b/fix-plain-publish.c
@@ -14,7 +14,7 @@ struct demo_port {
 static void demo_port_apply(struct demo_port *p, struct demo_prof *f)
 {
 	f->rate = 1;
-	p->prof = f;
+	rcu_assign_pointer(p->prof, f);
 }
 
 /* the store is not a line of its own: no mechanical fix *\/
 * check-output-end
 * check-error-start
fix-plain-publish.c:24:2: note: plain-publish: no mechanical fix: the store is not written as "p->alt = f;" on a line of its own
acqrel bugs: 2 findings, 1 fixed in 1 patch, 1 with no mechanical fix
 * check-error-end
 */
