/*
 * sem.c: the paths of each process, as herd7's C semantics (CSem) builds
 * them. Primitives are first expanded with the model's .def macros into
 * herd's internal forms; each path is then found by running the process
 * with a sequence of choices, replaying it with the next sequence until
 * all are done.
 */
#include "sem.h"
#include "../lib/util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MACRO_DEPTH 32
#define MAX_CHOICES 64

/* a value during execution: symbolic value, the reads it comes from
 * directly (dir) or through a register (reg), and the events of the current
 * instruction that computed it (pre) */
struct tval {
	int sv;
	struct lset dir, reg, pre;
};

struct regval {
	const char *name;
	struct tval v;
};

struct runner {
	struct sem_test *st;
	const struct litmus *t;
	int thread;
	struct arena *a;
	/* path being built (growable, then copied) */
	struct tev *ev;
	int nev, aev;
	struct sval *sv;
	int nsv, asv;
	struct tcons *cons;
	int ncons, acons;
	struct regval *regs;
	int nregs, aregs;
	int poi;
	struct lset seq;	/* events every new event of the instruction follows */
	struct lset ctrl;	/* ctrl sources of enclosing branches */
	bool in_cond;
	struct lset cond_ctrl;
	/* choices */
	int choice[MAX_CHOICES], nalts[MAX_CHOICES];
	int nchoice, prefix;
	char *err;
	jmp_buf fail;
};

static const char *const once_annot[] = { "once" };
static const char *const noreturn_annot[] = { "noreturn" };
static const char *const mb_annot[] = { "mb" };

__attribute__((noreturn, format(printf, 4, 5)))
static void fail(struct runner *r, const struct source *src, size_t off, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!r->err)
		r->err = source_error(src, off, "%s", msg);
	longjmp(r->fail, 1);
}

int sem_find_loc(const struct sem_test *st, const char *name)
{
	int i;

	for (i = 0; i < st->nlocs; i++)
		if (!strcmp(st->locs[i].name, name))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* locations */

static int add_loc(struct sem_test *st, int *alloc, const char *name)
{
	int i = sem_find_loc(st, name);

	if (i >= 0)
		return i;
	ALLOC_GROW(st->locs, st->nlocs + 1, *alloc);
	memset(&st->locs[st->nlocs], 0, sizeof(st->locs[0]));
	st->locs[st->nlocs].name = name;
	st->locs[st->nlocs].init_sym = -1;
	return st->nlocs++;
}

static void cond_locs(struct sem_test *st, int *alloc, const struct lit_cond *c)
{
	if (!c)
		return;
	switch (c->op) {
	case COND_EQ:
		if (c->loc.thread < 0)
			add_loc(st, alloc, c->loc.name);
		if (c->val.is_sym)
			add_loc(st, alloc, c->val.sym);
		break;
	case COND_EQ_LOC:
		if (c->loc.thread < 0)
			add_loc(st, alloc, c->loc.name);
		if (c->loc2.thread < 0)
			add_loc(st, alloc, c->loc2.name);
		break;
	default:
		cond_locs(st, alloc, c->l);
		cond_locs(st, alloc, c->r);
		break;
	}
}

static bool is_lock_type(const char *type)
{
	return type && (strstr(type, "spinlock_t") || strstr(type, "srcu_struct"));
}

static void collect_locs(struct sem_test *st, const struct litmus *t)
{
	int alloc = 0, i, j, k;

	for (i = 0; i < t->ninit; i++) {
		const struct lit_init *it = &t->init[i];

		if (it->thread < 0) {
			k = add_loc(st, &alloc, it->name);
			st->locs[k].init = it->val;
			if (is_lock_type(it->type))
				st->locs[k].lock = true;
		}
		if (it->val.is_sym)
			add_loc(st, &alloc, it->val.sym);
	}
	for (i = 0; i < t->nthreads; i++) {
		for (j = 0; j < t->threads[i].nparams; j++) {
			k = add_loc(st, &alloc, t->threads[i].params[j].name);
			if (is_lock_type(t->threads[i].params[j].type))
				st->locs[k].lock = true;
		}
	}
	for (i = 0; i < t->nlocations; i++)
		if (t->locations[i].thread < 0)
			add_loc(st, &alloc, t->locations[i].name);
	cond_locs(st, &alloc, t->filter);
	cond_locs(st, &alloc, t->cond);
	for (i = 0; i < st->nlocs; i++)
		if (st->locs[i].init.is_sym)
			st->locs[i].init_sym = sem_find_loc(st, st->locs[i].init.sym);
}

/* ------------------------------------------------------------------ */
/* macro expansion */

struct menv {
	const struct lit_macro *m;
	struct cexp **args;
	const struct menv *up;
	/* where the outermost primitive is called in the test: messages point there */
	const struct source *site_src;
	size_t site_off;
};

static struct cexp *copy_exp(struct runner *r, const struct cexp *e)
{
	struct cexp *c = arena_alloc(r->a, sizeof(*c));

	*c = *e;
	return c;
}

static const struct lit_macro *find_macro(struct runner *r, const struct lit_defs *defs,
					  const char *name, int nargs, const struct source *src,
					  size_t off)
{
	const struct lit_macro *m = litmus_find_macro(defs, name);

	if (!m)
		fail(r, src, off, "unknown primitive '%s' (not in the model's .def file)", name);
	if (m->nparams != nargs)
		fail(r, src, off, "%s takes %d argument%s, not %d", name, m->nparams,
		     m->nparams == 1 ? "" : "s", nargs);
	return m;
}

/* The expander keeps the .def file at hand. */
struct expander {
	struct runner *r;
	const struct lit_defs *defs;
};

static struct cexp *xexp(struct expander *x, const struct cexp *e, const struct menv *env,
			 int depth);

static struct cexp *xcall(struct expander *x, const struct cexp *e, const struct menv *env,
			  int depth)
{
	const struct lit_macro *m = find_macro(x->r, x->defs, e->name, e->nargs, e->src, e->off);
	struct menv inner;
	int i;

	if (!m->exp)
		fail(x->r, e->src, e->off, "%s is a statement, it has no value", e->name);
	inner.m = m;
	inner.up = env;
	inner.site_src = env ? env->site_src : e->src;
	inner.site_off = env ? env->site_off : e->off;
	inner.args = arena_alloc(x->r->a, sizeof(*inner.args) * (size_t)(e->nargs ? e->nargs : 1));
	for (i = 0; i < e->nargs; i++)
		inner.args[i] = xexp(x, e->args[i], env, depth + 1);
	return xexp(x, m->exp, &inner, depth + 1);
}

static struct cexp *xexp(struct expander *x, const struct cexp *e, const struct menv *env,
			 int depth)
{
	struct cexp *c;
	int i;

	if (!e)
		return NULL;
	if (depth > MAX_MACRO_DEPTH)
		fail(x->r, e->src, e->off, "primitives nested deeper than %d", MAX_MACRO_DEPTH);
	if (e->op == CX_REG && env) {
		for (i = 0; i < env->m->nparams; i++)
			if (!strcmp(env->m->params[i], e->name))
				return env->args[i];
	}
	if (e->op == CX_CALL)
		return xcall(x, e, env, depth);
	c = copy_exp(x->r, e);
	if (env) {
		c->src = env->site_src;
		c->off = env->site_off;
	}
	for (i = 0; i < 3; i++)
		c->kids[i] = xexp(x, e->kids[i], env, depth + 1);
	return c;
}

static struct cstmt *xstmt(struct expander *x, const struct cstmt *s, const struct menv *env,
			   int depth)
{
	struct cstmt *c;
	int i;

	if (depth > MAX_MACRO_DEPTH)
		fail(x->r, s->src, s->off, "statements nested deeper than %d", MAX_MACRO_DEPTH);
	if (s->op == CS_CALL) {
		const struct lit_macro *m = find_macro(x->r, x->defs, s->name, s->nargs, s->src,
						       s->off);
		struct menv inner;

		inner.m = m;
		inner.up = env;
		inner.site_src = env ? env->site_src : s->src;
		inner.site_off = env ? env->site_off : s->off;
		inner.args = arena_alloc(x->r->a,
					 sizeof(*inner.args) * (size_t)(s->nargs ? s->nargs : 1));
		for (i = 0; i < s->nargs; i++)
			inner.args[i] = xexp(x, s->args[i], env, depth + 1);
		if (m->body)
			return xstmt(x, m->body, &inner, depth + 1);
		c = arena_alloc(x->r->a, sizeof(*c));
		c->op = CS_EXPR;
		c->src = inner.site_src;
		c->off = inner.site_off;
		c->a = xexp(x, m->exp, &inner, depth + 1);
		return c;
	}
	c = arena_alloc(x->r->a, sizeof(*c));
	*c = *s;
	if (env) {
		c->src = env->site_src;
		c->off = env->site_off;
	}
	if (s->op == CS_ASSIGN && env) {
		for (i = 0; i < env->m->nparams; i++)
			if (!strcmp(env->m->params[i], s->name))
				fail(x->r, s->src, s->off, "cannot assign to parameter %s", s->name);
	}
	c->a = xexp(x, s->a, env, depth + 1);
	c->b = xexp(x, s->b, env, depth + 1);
	if (s->nkids) {
		c->kids = arena_alloc(x->r->a, sizeof(*c->kids) * (size_t)s->nkids);
		for (i = 0; i < s->nkids; i++)
			c->kids[i] = xstmt(x, s->kids[i], env, depth + 1);
	}
	return c;
}

/* ------------------------------------------------------------------ */
/* execution */

static int new_sv(struct runner *r, enum sv_op op)
{
	struct sval *v;

	ALLOC_GROW(r->sv, r->nsv + 1, r->asv);
	v = &r->sv[r->nsv];
	memset(v, 0, sizeof(*v));
	v->op = op;
	return r->nsv++;
}

static struct tval const_val(struct runner *r, int64_t n)
{
	struct tval v;

	memset(&v, 0, sizeof(v));
	v.sv = new_sv(r, SV_NUM);
	r->sv[v.sv].num = n;
	return v;
}

static struct tval sym_val(struct runner *r, int sym)
{
	struct tval v;

	memset(&v, 0, sizeof(v));
	v.sv = new_sv(r, SV_SYM);
	r->sv[v.sv].sym = sym;
	return v;
}

static struct tval bin_val(struct runner *r, enum cbin b, const struct tval *x,
			   const struct tval *y)
{
	struct tval v;

	v.sv = new_sv(r, SV_BIN);
	r->sv[v.sv].bin = b;
	r->sv[v.sv].a = x->sv;
	r->sv[v.sv].b = y->sv;
	v.dir = x->dir;
	lset_or(&v.dir, &y->dir);
	v.reg = x->reg;
	lset_or(&v.reg, &y->reg);
	v.pre = x->pre;
	lset_or(&v.pre, &y->pre);
	return v;
}

static bool is_relevant(enum ev_kind k)
{
	return k != EV_SRCU;
}

static bool is_cond_load(enum ev_kind k)
{
	return k == EV_R || k == EV_LF || k == EV_RL || k == EV_RU;
}

/*
 * A new event after the events in pre (and the instruction's sequence);
 * addr is the address (NULL for fences).
 */
static int new_event(struct runner *r, enum ev_kind kind, const char *const *annots,
		     int nannots, bool atomic, const struct tval *addr, const struct lset *pre,
		     const struct source *src, size_t off)
{
	struct tev *e;
	int i;

	if (r->nev >= LITMUS_MAX_EVENTS)
		fail(r, src, off, "more than %d events in one process", LITMUS_MAX_EVENTS);
	ALLOC_GROW(r->ev, r->nev + 1, r->aev);
	i = r->nev++;
	e = &r->ev[i];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->annots = (const char **)annots;
	e->nannots = nannots;
	e->atomic = atomic;
	e->loc = addr ? addr->sv : -1;
	e->val = -1;
	e->poi = r->poi;
	e->rmw = -1;
	e->src = src;
	e->off = off;
	e->iico = r->seq;
	if (pre)
		lset_or(&e->iico, pre);
	if (addr) {
		/* herd: what the address is computed from, directly or via registers */
		e->addr = addr->reg;
		lset_or(&e->addr, &addr->dir);
		lset_or(&e->iico, &addr->pre);
	}
	if (is_relevant(kind))
		e->ctrl = r->ctrl;
	if (r->in_cond && is_cond_load(kind))
		lset_add(&r->cond_ctrl, i);
	return i;
}

/* The value an event reads. */
static struct tval read_value(struct runner *r, int ev)
{
	struct tval v;

	memset(&v, 0, sizeof(v));
	v.sv = new_sv(r, SV_READ);
	r->sv[v.sv].ev = ev;
	r->ev[ev].val = v.sv;
	lset_add(&v.dir, ev);
	v.pre = r->ev[ev].iico;
	lset_add(&v.pre, ev);
	return v;
}

static int choose(struct runner *r, int nalts, const struct source *src, size_t off)
{
	int c;

	if (r->nchoice >= MAX_CHOICES)
		fail(r, src, off, "more than %d branch points on one path", MAX_CHOICES);
	if (r->nchoice < r->prefix) {
		c = r->choice[r->nchoice];
	} else {
		c = 0;
		r->choice[r->nchoice] = 0;
	}
	r->nalts[r->nchoice] = nalts;
	r->nchoice++;
	return c;
}

static void add_cons(struct runner *r, int sv, bool nonzero)
{
	ALLOC_GROW(r->cons, r->ncons + 1, r->acons);
	r->cons[r->ncons].sv = sv;
	r->cons[r->ncons].nonzero = nonzero;
	r->ncons++;
}

static struct regval *find_reg(struct runner *r, const char *name)
{
	int i;

	for (i = r->nregs - 1; i >= 0; i--)
		if (!strcmp(r->regs[i].name, name))
			return &r->regs[i];
	return NULL;
}

static void set_reg(struct runner *r, const char *name, const struct tval *v)
{
	struct regval *rv = find_reg(r, name);

	if (!rv) {
		ALLOC_GROW(r->regs, r->nregs + 1, r->aregs);
		rv = &r->regs[r->nregs++];
		rv->name = name;
	}
	rv->v.sv = v->sv;
	/* through a register: what came directly is now register-carried */
	rv->v.reg = v->reg;
	lset_or(&rv->v.reg, &v->dir);
	memset(&rv->v.dir, 0, sizeof(rv->v.dir));
	memset(&rv->v.pre, 0, sizeof(rv->v.pre));
}

static struct tval read_reg(struct runner *r, const char *name)
{
	struct regval *rv = find_reg(r, name);
	struct tval v;

	if (rv) {
		v = rv->v;
		memset(&v.pre, 0, sizeof(v.pre));
	} else {
		/* not assigned: initial value (0 when none is given) */
		v = const_val(r, 0);
	}
	if (r->in_cond)
		lset_or(&r->cond_ctrl, &v.reg);
	return v;
}

static bool annot_is(const struct cexp *e, const char *a)
{
	return e->nannots == 1 && !strcmp(e->annots[0], a);
}

static struct tval eval(struct runner *r, const struct cexp *e);

static struct tval deref_address(struct runner *r, const struct cexp *e, const char *form)
{
	if (e->op != CX_DEREF)
		fail(r, e->src, e->off, "bad %s argument: *address expected", form);
	return eval(r, e->kids[0]);
}

static struct tval do_load(struct runner *r, const struct tval *addr, const char *const *annots,
			   int nannots, bool atomic, const struct lset *pre, const struct cexp *at)
{
	int ev = new_event(r, EV_R, annots, nannots, atomic, addr, pre, at->src, at->off);

	return read_value(r, ev);
}

static int do_store(struct runner *r, const struct tval *addr, const struct tval *val,
		    const char *const *annots, int nannots, bool atomic, const struct lset *pre,
		    const struct source *src, size_t off)
{
	struct lset p = val->pre;
	int ev;

	if (pre)
		lset_or(&p, pre);
	ev = new_event(r, EV_W, annots, nannots, atomic, addr, &p, src, off);
	r->ev[ev].val = val->sv;
	r->ev[ev].data = val->reg;
	lset_or(&r->ev[ev].data, &val->dir);
	return ev;
}

static int do_fence(struct runner *r, const char *const *annots, int nannots,
		    const struct source *src, size_t off)
{
	int ev = new_event(r, EV_F, annots, nannots, false, NULL, NULL, src, off);

	/* what follows in the instruction comes after the fence */
	lset_add(&r->seq, ev);
	return ev;
}

/* A fence after everything of the instruction so far. */
static void fence_after(struct runner *r, const char *const *annots, int nannots,
			const struct source *src, size_t off)
{
	int i, ev;
	struct lset all;

	memset(&all, 0, sizeof(all));
	for (i = 0; i < r->nev; i++)
		if (r->ev[i].poi == r->poi)
			lset_add(&all, i);
	ev = new_event(r, EV_F, annots, nannots, false, NULL, &all, src, off);
	lset_add(&r->seq, ev);
}

static const char *const *acq_or_once(const struct cexp *e, int *n)
{
	*n = 1;
	return annot_is(e, "acquire") ? (const char *const *)e->annots : once_annot;
}

static const char *const *rel_or_once(const struct cexp *e, int *n)
{
	*n = 1;
	return annot_is(e, "release") ? (const char *const *)e->annots : once_annot;
}

static struct tval eval_rmw_op(struct runner *r, const struct cexp *e)
{
	bool mb = annot_is(e, "mb");
	const char *const *ra, *const *wa;
	int nra, nwa, rev, wev;
	struct tval addr, v, old, res;
	struct lset pre;

	if (mb)
		do_fence(r, mb_annot, 1, e->src, e->off);
	v = eval(r, e->kids[1]);
	addr = eval(r, e->kids[0]);
	if (mb) {
		ra = once_annot;
		wa = once_annot;
		nra = nwa = 1;
	} else {
		ra = acq_or_once(e, &nra);
		wa = rel_or_once(e, &nwa);
	}
	old = do_load(r, &addr, ra, nra, true, NULL, e);
	rev = r->sv[old.sv].ev;
	res = bin_val(r, e->bin, &old, &v);
	r->sv[res.sv].src = e->src;
	r->sv[res.sv].off = e->off;
	pre = res.pre;
	wev = do_store(r, &addr, &res, wa, nwa, true, &pre, e->src, e->off);
	r->ev[wev].data = v.reg;
	lset_or(&r->ev[wev].data, &v.dir);
	r->ev[rev].rmw = wev;
	r->ev[rev].rmw_data = true;
	if (mb)
		fence_after(r, mb_annot, 1, e->src, e->off);
	if (e->op == CX_FETCH_OP)
		return old;
	return res;
}

static struct tval eval(struct runner *r, const struct cexp *e)
{
	struct tval v, addr, x, y;
	int n1, n2, rev, wev;
	const char *const *a1, *const *a2;

	switch (e->op) {
	case CX_NUM:
		return const_val(r, e->num);
	case CX_REG:
		return read_reg(r, e->name);
	case CX_DEREF:
		addr = eval(r, e->kids[0]);
		return do_load(r, &addr, NULL, 0, false, NULL, e);
	case CX_BIN:
		x = eval(r, e->kids[0]);
		y = eval(r, e->kids[1]);
		v = bin_val(r, e->bin, &x, &y);
		r->sv[v.sv].src = e->src;
		r->sv[v.sv].off = e->off;
		return v;
	case CX_LOAD:
		if (annot_is(e, "deref") || annot_is(e, "lderef"))
			fail(r, e->src, e->off, "__load{%s} is not supported", e->annots[0]);
		addr = deref_address(r, e->kids[0], "__load");
		return do_load(r, &addr, e->annots, e->nannots, false, NULL, e);
	case CX_XCHG: {
		bool mb = annot_is(e, "mb");

		if (mb)
			do_fence(r, mb_annot, 1, e->src, e->off);
		x = eval(r, e->kids[1]);
		addr = eval(r, e->kids[0]);
		a1 = acq_or_once(e, &n1);
		a2 = rel_or_once(e, &n2);
		v = do_load(r, &addr, a1, n1, true, NULL, e);
		rev = r->sv[v.sv].ev;
		{
			struct lset pre = v.pre;

			lset_or(&pre, &x.pre);
			wev = do_store(r, &addr, &x, a2, n2, true, &pre, e->src, e->off);
		}
		r->ev[rev].rmw = wev;
		if (mb)
			fence_after(r, mb_annot, 1, e->src, e->off);
		return v;
	}
	case CX_CMPXCHG: {
		bool mb = annot_is(e, "mb");

		addr = eval(r, e->kids[0]);
		x = eval(r, e->kids[1]);
		if (choose(r, 2, e->src, e->off) == 0) {
			struct tval eq;

			/* success: reads the expected value, writes the new one */
			if (mb)
				do_fence(r, mb_annot, 1, e->src, e->off);
			y = eval(r, e->kids[2]);
			a1 = acq_or_once(e, &n1);
			a2 = rel_or_once(e, &n2);
			v = do_load(r, &addr, a1, n1, true, &x.pre, e);
			rev = r->sv[v.sv].ev;
			{
				struct lset pre = v.pre;

				lset_or(&pre, &x.pre);
				wev = do_store(r, &addr, &y, a2, n2, true, &pre, e->src, e->off);
			}
			r->ev[rev].rmw = wev;
			eq = bin_val(r, CB_EQ, &v, &x);
			add_cons(r, eq.sv, true);
			if (mb)
				fence_after(r, mb_annot, 1, e->src, e->off);
		} else {
			struct tval ne;

			v = do_load(r, &addr, once_annot, 1, true, &x.pre, e);
			ne = bin_val(r, CB_NE, &v, &x);
			add_cons(r, ne.sv, true);
		}
		return v;
	}
	case CX_OP_RETURN:
	case CX_FETCH_OP:
		return eval_rmw_op(r, e);
	case CX_ADD_UNLESS: {
		struct tval u, chk;

		addr = eval(r, e->kids[0]);
		u = eval(r, e->kids[2]);
		if (choose(r, 2, e->src, e->off) == 0) {
			struct tval sum;
			struct lset pre;

			do_fence(r, mb_annot, 1, e->src, e->off);
			x = eval(r, e->kids[1]);
			v = do_load(r, &addr, once_annot, 1, true, &u.pre, e);
			rev = r->sv[v.sv].ev;
			chk = bin_val(r, CB_NE, &v, &u);
			add_cons(r, chk.sv, true);
			sum = bin_val(r, CB_ADD, &v, &x);
			r->sv[sum.sv].src = e->src;
			r->sv[sum.sv].off = e->off;
			pre = sum.pre;
			wev = do_store(r, &addr, &sum, once_annot, 1, true, &pre, e->src, e->off);
			r->ev[wev].data = x.reg;
			lset_or(&r->ev[wev].data, &x.dir);
			r->ev[rev].rmw = wev;
			r->ev[rev].rmw_data = true;
			fence_after(r, mb_annot, 1, e->src, e->off);
			return e->retbool ? const_val(r, 1) : v;
		}
		v = do_load(r, &addr, once_annot, 1, true, &u.pre, e);
		chk = bin_val(r, CB_EQ, &v, &u);
		add_cons(r, chk.sv, true);
		return e->retbool ? const_val(r, 0) : v;
	}
	case CX_TRYLOCK:
		addr = eval(r, e->kids[0]);
		if (choose(r, 2, e->src, e->off) == 0) {
			int lkr = new_event(r, EV_LKR, NULL, 0, false, &addr, NULL, e->src, e->off);
			struct lset pre;

			memset(&pre, 0, sizeof(pre));
			lset_add(&pre, lkr);
			new_event(r, EV_LKW, NULL, 0, false, &addr, &pre, e->src, e->off);
			return const_val(r, 1);
		}
		new_event(r, EV_LF, NULL, 0, false, &addr, NULL, e->src, e->off);
		return const_val(r, 0);
	case CX_ISLOCKED:
		addr = eval(r, e->kids[0]);
		if (choose(r, 2, e->src, e->off) == 0) {
			new_event(r, EV_RL, NULL, 0, false, &addr, NULL, e->src, e->off);
			return const_val(r, 1);
		}
		new_event(r, EV_RU, NULL, 0, false, &addr, NULL, e->src, e->off);
		return const_val(r, 0);
	case CX_SRCU: {
		int ev;

		addr = eval(r, e->kids[0]);
		ev = new_event(r, EV_SRCU, e->annots, e->nannots, false, &addr, NULL, e->src,
			       e->off);
		if (annot_is(e, "srcu-lock")) {
			/* herd's srcu_read_lock() value: derived from the process and instruction */
			v = const_val(r, (int64_t)(r->thread + 1) * 307 + (int64_t)r->poi * 599);
			r->ev[ev].val = v.sv;
			return v;
		}
		return const_val(r, 0);
	}
	case CX_CALL:
		fail(r, e->src, e->off, "internal: %s not expanded", e->name);
	}
	fail(r, e->src, e->off, "internal: unknown expression");
}

/* herd's condition: a comparison as is, anything else compared with 0 */
static struct tval eval_cond(struct runner *r, const struct cexp *c)
{
	struct tval v = eval(r, c);

	if (c->op == CX_BIN && c->bin >= CB_EQ)
		return v;
	{
		struct tval zero = const_val(r, 0);

		return bin_val(r, CB_NE, &v, &zero);
	}
}

static void exec(struct runner *r, const struct cstmt *s)
{
	struct tval addr, v;
	int i;

	r->poi++;
	memset(&r->seq, 0, sizeof(r->seq));
	switch (s->op) {
	case CS_SEQ:
		for (i = 0; i < s->nkids; i++)
			exec(r, s->kids[i]);
		break;
	case CS_NOP:
		break;
	case CS_IF: {
		struct lset saved = r->ctrl;
		int c;

		r->in_cond = true;
		memset(&r->cond_ctrl, 0, sizeof(r->cond_ctrl));
		v = eval_cond(r, s->a);
		r->in_cond = false;
		c = choose(r, 2, s->src, s->off);
		add_cons(r, v.sv, c == 0);
		lset_or(&r->ctrl, &r->cond_ctrl);
		if (c == 0)
			exec(r, s->kids[0]);
		else if (s->nkids > 1)
			exec(r, s->kids[1]);
		r->ctrl = saved;
		break;
	}
	case CS_ASSIGN:
		v = eval(r, s->a);
		set_reg(r, s->name, &v);
		break;
	case CS_STORE:
		if (s->nannots) {
			if (s->a->op != CX_DEREF)
				fail(r, s->a->src, s->a->off, "bad __store argument: *address expected");
			addr = eval(r, s->a->kids[0]);
		} else {
			addr = eval(r, s->a);
		}
		v = eval(r, s->b);
		do_store(r, &addr, &v, s->annots, s->nannots, false, NULL, s->src, s->off);
		break;
	case CS_FENCE:
		do_fence(r, s->annots, s->nannots, s->src, s->off);
		break;
	case CS_LOCK: {
		int lkr;
		struct lset pre;

		addr = eval(r, s->a);
		lkr = new_event(r, EV_LKR, NULL, 0, false, &addr, NULL, s->src, s->off);
		memset(&pre, 0, sizeof(pre));
		lset_add(&pre, lkr);
		new_event(r, EV_LKW, NULL, 0, false, &addr, &pre, s->src, s->off);
		break;
	}
	case CS_UNLOCK:
		addr = eval(r, s->a);
		new_event(r, EV_UL, NULL, 0, false, &addr, NULL, s->src, s->off);
		break;
	case CS_ATOMIC_OP: {
		struct tval old, res;
		int rev, wev;
		struct lset pre;

		v = eval(r, s->b);
		addr = eval(r, s->a);
		{
			struct cexp at;

			memset(&at, 0, sizeof(at));
			at.src = s->src;
			at.off = s->off;
			old = do_load(r, &addr, noreturn_annot, 1, true, NULL, &at);
		}
		rev = r->sv[old.sv].ev;
		res = bin_val(r, s->bin, &old, &v);
		r->sv[res.sv].src = s->src;
		r->sv[res.sv].off = s->off;
		pre = res.pre;
		wev = do_store(r, &addr, &res, once_annot, 1, true, &pre, s->src, s->off);
		r->ev[wev].data = v.reg;
		lset_or(&r->ev[wev].data, &v.dir);
		r->ev[rev].rmw = wev;
		r->ev[rev].rmw_data = true;
		break;
	}
	case CS_SRCU: {
		int ev;

		addr = eval(r, s->a);
		if (s->b) {
			v = eval(r, s->b);
			ev = new_event(r, EV_SRCU, s->annots, s->nannots, false, &addr, &v.pre,
				       s->src, s->off);
			r->ev[ev].val = v.sv;
		} else {
			new_event(r, EV_SRCU, s->annots, s->nannots, false, &addr, NULL, s->src,
				  s->off);
		}
		break;
	}
	case CS_EXPR:
		eval(r, s->a);
		break;
	case CS_CALL:
		fail(r, s->src, s->off, "internal: %s not expanded", s->name);
	}
}

/* ------------------------------------------------------------------ */

static void init_regs(struct runner *r, const struct lit_thread *th)
{
	const struct litmus *t = r->t;
	int i;

	r->nregs = 0;
	for (i = 0; i < th->nparams; i++) {
		struct tval v = sym_val(r, sem_find_loc(r->st, th->params[i].name));

		set_reg(r, th->params[i].name, &v);
	}
	for (i = 0; i < t->ninit; i++) {
		const struct lit_init *it = &t->init[i];
		struct tval v;

		if (it->thread != r->thread)
			continue;
		if (it->val.is_sym)
			v = sym_val(r, sem_find_loc(r->st, it->val.sym));
		else
			v = const_val(r, it->val.num);
		set_reg(r, it->name, &v);
	}
}

static void save_path(struct runner *r, struct tpath *p)
{
	struct arena *a = r->a;
	int i;

	p->nev = r->nev;
	p->ev = arena_alloc(a, sizeof(*p->ev) * (size_t)(r->nev ? r->nev : 1));
	if (r->nev)
		memcpy(p->ev, r->ev, sizeof(*p->ev) * (size_t)r->nev);
	p->nsv = r->nsv;
	p->sv = arena_alloc(a, sizeof(*p->sv) * (size_t)(r->nsv ? r->nsv : 1));
	if (r->nsv)
		memcpy(p->sv, r->sv, sizeof(*p->sv) * (size_t)r->nsv);
	p->ncons = r->ncons;
	p->cons = arena_alloc(a, sizeof(*p->cons) * (size_t)(r->ncons ? r->ncons : 1));
	if (r->ncons)
		memcpy(p->cons, r->cons, sizeof(*p->cons) * (size_t)r->ncons);
	p->nregs = r->nregs;
	p->regs = arena_alloc(a, sizeof(*p->regs) * (size_t)(r->nregs ? r->nregs : 1));
	for (i = 0; i < r->nregs; i++) {
		p->regs[i].name = r->regs[i].name;
		p->regs[i].sv = r->regs[i].v.sv;
	}
}

static void build_thread(struct runner *r, const struct lit_thread *th, const struct cstmt *body,
			 int max_paths)
{
	struct sem_test *st = r->st;
	int alloc = 0;

	st->paths[r->thread] = NULL;
	st->npaths[r->thread] = 0;
	r->prefix = 0;
	for (;;) {
		struct tpath *p;
		int i;

		r->nev = r->nsv = r->ncons = 0;
		r->poi = 0;
		r->nchoice = 0;
		memset(&r->ctrl, 0, sizeof(r->ctrl));
		memset(&r->seq, 0, sizeof(r->seq));
		r->in_cond = false;
		init_regs(r, th);
		exec(r, body);
		if (st->npaths[r->thread] >= max_paths)
			fail(r, &r->t->src, th->off, "process P%d has more than %d paths", th->id,
			     max_paths);
		if (st->npaths[r->thread] + 1 > alloc) {
			int na = alloc ? 2 * alloc : 4;
			struct tpath *np = arena_alloc(&st->a, sizeof(*np) * (size_t)na);

			if (alloc)
				mem_copy(np, st->paths[r->thread], sizeof(*np) * (size_t)alloc);
			st->paths[r->thread] = np;
			alloc = na;
		}
		p = &st->paths[r->thread][st->npaths[r->thread]++];
		save_path(r, p);
		/* next sequence of choices */
		for (i = r->nchoice - 1; i >= 0; i--)
			if (r->choice[i] + 1 < r->nalts[i])
				break;
		if (i < 0)
			break;
		r->choice[i]++;
		r->prefix = i + 1;
	}
}

int sem_build(struct sem_test *st, const struct litmus *t, const struct lit_defs *defs,
	      int max_paths, char **err)
{
	struct runner *const r = xcalloc(1, sizeof(*r));
	int ret = 0, i;

	memset(st, 0, sizeof(*st));
	collect_locs(st, t);
	st->nthreads = t->nthreads;
	st->paths = arena_alloc(&st->a, sizeof(*st->paths) * (size_t)t->nthreads);
	st->npaths = arena_alloc(&st->a, sizeof(*st->npaths) * (size_t)t->nthreads);
	r->st = st;
	r->t = t;
	r->a = &st->a;
	if (setjmp(r->fail)) {
		*err = r->err;
		ret = -1;
		goto out;
	}
	for (i = 0; i < t->nthreads; i++) {
		struct expander x = { r, defs };
		const struct cstmt *body = xstmt(&x, t->threads[i].body, NULL, 0);

		r->thread = i;
		build_thread(r, &t->threads[i], body, max_paths);
	}
out:
	free(r->ev);
	free(r->sv);
	free(r->cons);
	free(r->regs);
	free(r);
	if (ret)
		sem_release(st);
	return ret;
}

void sem_release(struct sem_test *st)
{
	free(st->locs);
	arena_release(&st->a);
	memset(st, 0, sizeof(*st));
}
