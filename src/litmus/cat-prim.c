/*
 * cat-prim.c: the builtin functions of the cat language that herd7
 * provides natively (domain, range, classes-loc, linearisations, cross,
 * map, different-values), and the two lazy sets of relations the models
 * enumerate with "with": the linearisations of a set of events under a
 * partial order, and the unions of one member of each of several sets.
 */
#include "cat-int.h"
#include "../lib/util.h"

#include <string.h>

const char *const cat_prim_names[PRIM_NR] = {
	[PRIM_DOMAIN] = "domain",
	[PRIM_RANGE] = "range",
	[PRIM_CLASSES_LOC] = "classes-loc",
	[PRIM_LINEARISATIONS] = "linearisations",
	[PRIM_CROSS] = "cross",
	[PRIM_MAP] = "map",
	[PRIM_DIFFERENT_VALUES] = "different-values",
};

static struct arena *cur_arena(struct cat_run *r)
{
	return &r->arena[r->cur_level];
}

static struct value mk(enum vkind k)
{
	struct value v = { 0 };

	memset(&v, 0, sizeof(v));
	v.k = k;
	return v;
}

static struct value prim_domain_range(struct cat_run *r, const struct cat_exp *at, int prim,
				      struct value arg)
{
	struct value v = { 0 };

	if (arg.k == V_EMPTY || arg.k == V_UNIV)
		return arg;
	v.k = V_SET;
	v.u.bits = cat_new_set(r);
	if (prim == PRIM_DOMAIN)
		rel_domain(&r->dim, v.u.bits, cat_as_rel(r, at, arg));
	else
		rel_range(&r->dim, v.u.bits, cat_as_rel(r, at, arg));
	if (arg.k == V_REL && arg.hi) {
		bword *hi = cat_new_set(r);

		if (prim == PRIM_DOMAIN)
			rel_domain(&r->dim, hi, arg.hi);
		else
			rel_range(&r->dim, hi, arg.hi);
		return cat_interval(r, V_SET, v.u.bits, hi);
	}
	return v;
}

/* The events of s grouped by location (events without one are left out). */
static struct value prim_classes_loc(struct cat_run *r, const struct cat_exp *at,
				     struct value arg)
{
	const bword *s = cat_as_set(r, at, arg);
	struct value *v = arena_alloc(cur_arena(r), sizeof(*v) * (size_t)(r->dim.n + 1));
	bword *seen = cat_new_set(r);
	int n = 0, i, j;

	if (arg.hi)
		cat_unknown(r);
	for (i = set_next(&r->dim, s, 0); i >= 0; i = set_next(&r->dim, s, i + 1))
		if (r->ev.loc[i] == -2)
			cat_unknown(r);	/* a location not known yet */
	set_zero(&r->dim, seen);
	for (i = set_next(&r->dim, s, 0); i >= 0; i = set_next(&r->dim, s, i + 1)) {
		bword *cls;

		if (bit_get(seen, i) || r->ev.loc[i] < 0)
			continue;
		cls = cat_new_set(r);
		set_zero(&r->dim, cls);
		for (j = i; j >= 0; j = set_next(&r->dim, s, j + 1)) {
			if (r->ev.loc[j] == r->ev.loc[i]) {
				bit_set(cls, j);
				bit_set(seen, j);
			}
		}
		v[n].k = V_SET;
		v[n].u.bits = cls;
		n++;
	}
	return cat_valset_make(r, v, n);
}

static struct value prim_linearisations(struct cat_run *r, const struct cat_exp *at,
					struct value arg)
{
	struct lin *l;
	struct value v = { 0 };

	if (arg.k != V_TUPLE || arg.u.vs->n != 2)
		cat_fail(r, at, "linearisations takes (a set, a relation)");
	if (arg.u.vs->v[0].hi)
		cat_unknown(r);
	l = arena_alloc(cur_arena(r), sizeof(*l));
	l->set = cat_new_set(r);
	set_copy(&r->dim, l->set, cat_as_set(r, at, arg.u.vs->v[0]));
	l->pco = cat_new_rel(r);
	rel_copy(&r->dim, l->pco, cat_as_rel(r, at, arg.u.vs->v[1]));
	l->pco_hi = NULL;
	if (arg.u.vs->v[1].hi) {
		l->pco_hi = cat_new_rel(r);
		rel_copy(&r->dim, l->pco_hi, arg.u.vs->v[1].hi);
	}
	v.k = V_LIN;
	v.u.lin = l;
	return v;
}

static struct value prim_cross(struct cat_run *r, const struct cat_exp *at, struct value arg)
{
	struct valset *vs;
	struct value v = { 0 };

	if (arg.k == V_EMPTY) {
		vs = arena_alloc(cur_arena(r), sizeof(*vs));
		vs->n = 0;
		vs->v = NULL;
	} else if (arg.k == V_VALSET) {
		vs = arg.u.vs;
	} else {
		cat_fail(r, at, "cross takes a set of sets of relations");
	}
	v.k = V_CROSS;
	v.u.vs = vs;
	return v;
}

/* map f over the elements of s: the set of the results */
static struct value do_map(struct cat_run *r, const struct cat_exp *at, struct value f,
			   struct value s)
{
	struct value *res;
	int n = 0, i, j;

	s = cat_force(r, at, s);
	if ((s.k == V_SET || s.k == V_REL) && s.hi)
		cat_unknown(r);
	switch (s.k) {
	case V_EMPTY:
		return s;
	case V_SET:
		res = arena_alloc(cur_arena(r), sizeof(*res) * (size_t)(r->dim.n + 1));
		for (i = set_next(&r->dim, s.u.bits, 0); i >= 0;
		     i = set_next(&r->dim, s.u.bits, i + 1)) {
			struct value e = { 0 };

			e.k = V_EVENT;
			e.u.ev = i;
			res[n++] = cat_apply(r, at, f, e);
		}
		return cat_valset_make(r, res, n);
	case V_REL: {
		int count = rel_count(&r->dim, s.u.bits);

		res = arena_alloc(cur_arena(r), sizeof(*res) * (size_t)(count + 1));
		for (i = 0; i < r->dim.n; i++) {
			const bword *row = rel_crow(&r->dim, s.u.bits, i);

			for (j = set_next(&r->dim, row, 0); j >= 0; j = set_next(&r->dim, row, j + 1)) {
				struct value e = { 0 };

				e.k = V_PAIR;
				e.u.pair.a = i;
				e.u.pair.b = j;
				res[n++] = cat_apply(r, at, f, e);
			}
		}
		return cat_valset_make(r, res, n);
	}
	case V_VALSET:
		res = arena_alloc(cur_arena(r), sizeof(*res) * (size_t)(s.u.vs->n + 1));
		for (i = 0; i < s.u.vs->n; i++)
			res[n++] = cat_apply(r, at, f, s.u.vs->v[i]);
		return cat_valset_make(r, res, n);
	default:
		cat_fail(r, at, "map over a value that is not a set");
	}
}

static struct value prim_map(struct cat_run *r, const struct cat_exp *at, struct value arg)
{
	/* curried: map f is a function waiting for the set */
	struct value v = { 0 };
	struct value *held = arena_alloc(cur_arena(r), sizeof(*held));

	(void)at;
	*held = arg;
	v.k = V_MAPF;
	v.u.held = held;
	return v;
}

static struct value prim_different_values(struct cat_run *r, const struct cat_exp *at,
					  struct value arg)
{
	const bword *rel;
	struct value v = { 0 };
	int i, j;

	if (arg.k == V_EMPTY)
		return arg;
	rel = cat_as_rel(r, at, arg);
	v.k = V_REL;
	v.u.bits = cat_new_rel(r);
	rel_zero(&r->dim, v.u.bits);
	for (i = 0; i < r->dim.n; i++) {
		const bword *row = rel_crow(&r->dim, rel, i);

		for (j = set_next(&r->dim, row, 0); j >= 0; j = set_next(&r->dim, row, j + 1)) {
			bool same = bit_get(r->ev.has_value, i) && bit_get(r->ev.has_value, j) &&
				    r->ev.value[i] == r->ev.value[j];
			bool known = !r->interval ||
				     ((!bit_get(r->ev.has_value, i) || bit_get(r->value_known, i)) &&
				      (!bit_get(r->ev.has_value, j) || bit_get(r->value_known, j)));

			/* under intervals: kept for sure only when known to differ */
			if (!same && known)
				rel_add(&r->dim, v.u.bits, i, j);
		}
	}
	if (r->interval) {
		const bword *rhi = cat_as_rel_hi(r, at, arg);
		bword *hi = cat_new_rel(r);

		rel_zero(&r->dim, hi);
		for (i = 0; i < r->dim.n; i++) {
			const bword *row = rel_crow(&r->dim, rhi, i);

			for (j = set_next(&r->dim, row, 0); j >= 0;
			     j = set_next(&r->dim, row, j + 1)) {
				bool same = bit_get(r->ev.has_value, i) &&
					    bit_get(r->ev.has_value, j) &&
					    bit_get(r->value_known, i) && bit_get(r->value_known, j) &&
					    r->ev.value[i] == r->ev.value[j];

				if (!same)
					rel_add(&r->dim, hi, i, j);
			}
		}
		return cat_interval(r, V_REL, v.u.bits, hi);
	}
	return v;
}

struct value cat_prim_call(struct cat_run *r, const struct cat_exp *at, int prim,
			   struct value arg)
{
	switch (prim) {
	case PRIM_DOMAIN:
	case PRIM_RANGE:
		return prim_domain_range(r, at, prim, arg);
	case PRIM_CLASSES_LOC:
		return prim_classes_loc(r, at, arg);
	case PRIM_LINEARISATIONS:
		return prim_linearisations(r, at, arg);
	case PRIM_CROSS:
		return prim_cross(r, at, arg);
	case PRIM_MAP:
		return prim_map(r, at, arg);
	case PRIM_DIFFERENT_VALUES:
		return prim_different_values(r, at, arg);
	default:
		cat_fail(r, at, "internal: unknown builtin");
	}
}

/* Applies a partial "map f" (see prim_map) to s. */
struct value cat_map_apply(struct cat_run *r, const struct cat_exp *at, struct value mapf,
			   struct value s)
{
	return do_map(r, at, *mapf.u.held, s);
}

/* Enumeration of linearisations: every total order of set extending pco. */
struct lin_state {
	struct cat_run *r;
	int elts[LITMUS_MAX_EVENTS];
	int k;
	bword *pred[LITMUS_MAX_EVENTS];	/* per element: what must come before it */
	bword *placed;
	bword *order;			/* the relation being built */
	int (*fn)(struct cat_run *, bword *, void *);
	void *ctx;
	/* optional: bounds of the orders a prefix leads to; 0 prunes it */
	int (*prefix)(struct cat_run *, const bword *lo, const bword *hi, void *);
	void *pctx;
	bword *closure;			/* pco+ within the set */
	bword *plo, *phi;
};

/* Bounds of the linearisations that extend the placed prefix of s. */
static void lin_prefix_bounds(struct lin_state *s)
{
	const struct bits_dim *d = &s->r->dim;
	int i, j;

	rel_copy(d, s->plo, s->order);
	rel_zero(d, s->phi);
	for (i = 0; i < s->k; i++) {
		int a = s->elts[i];

		for (j = 0; j < s->k; j++) {
			int b = s->elts[j];

			if (a == b)
				continue;
			if (bit_get(s->placed, a)) {
				if (!bit_get(s->placed, b))
					rel_add(d, s->plo, a, b);
			} else if (!bit_get(s->placed, b)) {
				if (rel_get(d, s->closure, a, b))
					rel_add(d, s->plo, a, b);
				if (!rel_get(d, s->closure, b, a))
					rel_add(d, s->phi, a, b);
			}
		}
	}
	rel_union(d, s->phi, s->phi, s->plo);
}

static int lin_rec(struct lin_state *s, int nplaced)
{
	const struct bits_dim *d = &s->r->dim;
	int i, ret;

	if (nplaced == s->k)
		return s->fn(s->r, s->order, s->ctx);
	if (s->prefix && s->k - nplaced >= 2) {
		int choices = 0;

		/* check only where the order branches */
		for (i = 0; i < s->k && choices < 2; i++)
			if (!bit_get(s->placed, s->elts[i]) && set_subset(d, s->pred[i], s->placed))
				choices++;
		if (choices >= 2) {
			lin_prefix_bounds(s);
			if (!s->prefix(s->r, s->plo, s->phi, s->pctx))
				return 0;
		}
	}
	for (i = 0; i < s->k; i++) {
		int e = s->elts[i], p;

		if (bit_get(s->placed, e) || !set_subset(d, s->pred[i], s->placed))
			continue;
		for (p = set_next(d, s->placed, 0); p >= 0; p = set_next(d, s->placed, p + 1))
			rel_add(d, s->order, p, e);
		bit_set(s->placed, e);
		ret = lin_rec(s, nplaced + 1);
		bit_clear(s->placed, e);
		for (p = set_next(d, s->placed, 0); p >= 0; p = set_next(d, s->placed, p + 1))
			bit_clear(rel_row(d, s->order, p), e);
		if (ret)
			return ret;
	}
	return 0;
}

typedef int (*prefix_fn)(struct cat_run *, const bword *lo, const bword *hi, void *);

/* Calls fn on each linearisation (written into order, which starts empty). */
static int for_each_lin(struct cat_run *r, const struct lin *l, bword *order,
			int (*fn)(struct cat_run *, bword *, void *), void *ctx,
			prefix_fn prefix, void *pctx)
{
	struct lin_state *s = arena_alloc(cur_arena(r), sizeof(*s));
	const struct bits_dim *d = &r->dim;
	int i;

	s->r = r;
	s->fn = fn;
	s->ctx = ctx;
	s->prefix = prefix;
	s->pctx = pctx;
	if (prefix) {
		s->closure = cat_new_rel(r);
		rel_restrict(d, s->closure, l->pco, l->set, l->set);
		rel_closure(d, s->closure);
		s->plo = cat_new_rel(r);
		s->phi = cat_new_rel(r);
	}
	s->order = order;
	s->placed = cat_new_set(r);
	set_zero(d, s->placed);
	for (i = set_next(d, l->set, 0); i >= 0; i = set_next(d, l->set, i + 1)) {
		int j = s->k++;

		s->elts[j] = i;
		s->pred[j] = cat_new_set(r);
		set_zero(d, s->pred[j]);
	}
	for (i = 0; i < s->k; i++) {
		int a, j;

		for (j = 0; j < s->k; j++) {
			a = s->elts[j];
			if (a != s->elts[i] && rel_get(d, l->pco, a, s->elts[i]))
				bit_set(s->pred[i], a);
		}
	}
	return lin_rec(s, 0);
}

/* Enumeration of cross products: acc[k] = union of the choices for members < k. */
struct cross_state {
	cat_member_fn fn;
	void *ctx;
	const struct valset *members;
	bword **acc;
	bword **tmp;		/* per member: the order being built */
	int depth;
	/* optional pruning of partial choices */
	prefix_fn prefix;
	void *pctx;
	bword **suf_lo, **suf_hi;	/* bounds of the members from k on */
	bword *lo, *hi;
};

/* Pruning callback for a linearisation inside a cross: add the other members. */
static int cross_prefix(struct cat_run *r, const bword *plo, const bword *phi, void *ctx)
{
	struct cross_state *s = ctx;
	const struct bits_dim *d = &r->dim;
	int k = s->depth;

	rel_union(d, s->lo, s->acc[k], plo);
	rel_union(d, s->lo, s->lo, s->suf_lo[k + 1]);
	rel_union(d, s->hi, s->acc[k], phi);
	rel_union(d, s->hi, s->hi, s->suf_hi[k + 1]);
	return s->prefix(r, s->lo, s->hi, s->pctx);
}

static int cross_rec(struct cat_run *r, struct cross_state *s, int k);

static int cross_lin_cb(struct cat_run *r, bword *order, void *ctx)
{
	struct cross_state *s = ctx;
	int k = s->depth;

	rel_union(&r->dim, s->acc[k + 1], s->acc[k], order);
	return cross_rec(r, s, k + 1);
}

static int cross_rec(struct cat_run *r, struct cross_state *s, int k)
{
	const struct bits_dim *d = &r->dim;
	struct value m;
	int i, ret;

	if (k == s->members->n) {
		struct value v = { 0 };

		v.k = V_REL;
		v.u.bits = s->acc[k];
		return s->fn(r, v, s->ctx);
	}
	m = s->members->v[k];
	switch (m.k) {
	case V_EMPTY:
		return 0;
	case V_LIN: {
		int saved = s->depth;

		s->depth = k;
		rel_zero(d, s->tmp[k]);
		ret = for_each_lin(r, m.u.lin, s->tmp[k], cross_lin_cb, s,
				   s->prefix ? cross_prefix : NULL, s);
		s->depth = saved;
		return ret;
	}
	case V_VALSET:
		for (i = 0; i < m.u.vs->n; i++) {
			struct value x = m.u.vs->v[i];

			if (x.k == V_EMPTY)
				rel_copy(d, s->acc[k + 1], s->acc[k]);
			else if (x.k == V_REL || x.k == V_PAIR)
				rel_union(d, s->acc[k + 1], s->acc[k], cat_as_rel(r, NULL, x));
			else
				cat_fail(r, NULL, "cross: a member is not a set of relations");
			ret = cross_rec(r, s, k + 1);
			if (ret)
				return ret;
		}
		return 0;
	default:
		cat_fail(r, NULL, "cross: a member is not a set of relations");
	}
}

struct lin_member_ctx {
	cat_member_fn fn;
	void *ctx;
};

static int lin_member_cb(struct cat_run *r, bword *order, void *ctx)
{
	struct lin_member_ctx *c = ctx;
	struct value v = { 0 };

	v.k = V_REL;
	v.u.bits = order;
	return c->fn(r, v, c->ctx);
}

int cat_for_each_member(struct cat_run *r, const struct cat_exp *at, struct value set,
			cat_member_fn fn, void *ctx)
{
	return cat_for_each_member_pruned(r, at, set, fn, ctx, NULL, NULL);
}

int cat_for_each_member_pruned(struct cat_run *r, const struct cat_exp *at, struct value set,
			       cat_member_fn fn, void *ctx, prefix_fn prefix, void *pctx)
{
	int i, ret;

	switch (set.k) {
	case V_EMPTY:
		return 0;
	case V_VALSET:
		for (i = 0; i < set.u.vs->n; i++) {
			ret = fn(r, set.u.vs->v[i], ctx);
			if (ret)
				return ret;
		}
		return 0;
	case V_LIN: {
		struct lin_member_ctx c = { fn, ctx };
		bword *order = cat_new_rel(r);

		rel_zero(&r->dim, order);
		return for_each_lin(r, set.u.lin, order, lin_member_cb, &c, prefix, pctx);
	}
	case V_CROSS: {
		struct cross_state s;
		int n = set.u.vs->n;

		s.fn = fn;
		s.ctx = ctx;
		s.members = set.u.vs;
		s.depth = 0;
		s.prefix = prefix;
		s.pctx = pctx;
		if (prefix) {
			s.suf_lo = arena_alloc(cur_arena(r), sizeof(*s.suf_lo) * (size_t)(n + 2));
			s.suf_hi = arena_alloc(cur_arena(r), sizeof(*s.suf_hi) * (size_t)(n + 2));
			for (i = n + 1; i >= 0; i--) {
				s.suf_lo[i] = cat_new_rel(r);
				s.suf_hi[i] = cat_new_rel(r);
				rel_zero(&r->dim, s.suf_lo[i]);
				rel_zero(&r->dim, s.suf_hi[i]);
				if (i < n) {
					if (!cat_set_hull(r, at, set.u.vs->v[i], s.suf_lo[i],
							  s.suf_hi[i]))
						return 0;	/* a member has no element */
					rel_union(&r->dim, s.suf_lo[i], s.suf_lo[i], s.suf_lo[i + 1]);
					rel_union(&r->dim, s.suf_hi[i], s.suf_hi[i], s.suf_hi[i + 1]);
				}
			}
			s.lo = cat_new_rel(r);
			s.hi = cat_new_rel(r);
		}
		s.acc = arena_alloc(cur_arena(r), sizeof(*s.acc) * (size_t)(n + 1));
		s.tmp = arena_alloc(cur_arena(r), sizeof(*s.tmp) * (size_t)(n + 1));
		for (i = 0; i <= n; i++) {
			s.acc[i] = cat_new_rel(r);
			s.tmp[i] = cat_new_rel(r);
		}
		rel_zero(&r->dim, s.acc[0]);
		return cross_rec(r, &s, 0);
	}
	default:
		cat_fail(r, at, "\"with\" needs a set of values");
	}
}

struct force_ctx {
	struct value *v;
	int n, alloc;
};

static int force_cb(struct cat_run *r, struct value v, void *ctx)
{
	struct force_ctx *c = ctx;

	if (c->n == c->alloc) {
		int na = c->alloc ? 2 * c->alloc : 16;
		struct value *nv = arena_alloc(cur_arena(r), sizeof(*nv) * (size_t)na);

		if (c->n)
			mem_copy(nv, c->v, sizeof(*nv) * (size_t)c->n);
		c->v = nv;
		c->alloc = na;
	}
	if (v.k == V_REL) {
		bword *copy = cat_new_rel(r);

		rel_copy(&r->dim, copy, v.u.bits);
		v.u.bits = copy;
	}
	c->v[c->n++] = v;
	return 0;
}

struct value cat_force(struct cat_run *r, const struct cat_exp *at, struct value v)
{
	struct force_ctx c = { NULL, 0, 0 };

	if (v.k != V_LIN && v.k != V_CROSS)
		return v;
	cat_for_each_member(r, at, v, force_cb, &c);
	if (!c.n)
		return mk(V_EMPTY);
	return cat_valset_make(r, c.v, c.n);
}

int cat_set_hull(struct cat_run *r, const struct cat_exp *at, struct value s, bword *lo,
		 bword *hi)
{
	const struct bits_dim *d = &r->dim;
	int i, j;

	switch (s.k) {
	case V_EMPTY:
		return 0;
	case V_VALSET:
		if (!s.u.vs->n)
			return 0;
		for (i = 0; i < s.u.vs->n; i++) {
			struct value x = s.u.vs->v[i];

			if (x.k != V_REL && x.k != V_PAIR && x.k != V_EMPTY)
				cat_unknown(r);
			if (!i) {
				rel_copy(d, lo, cat_as_rel(r, at, x));
				rel_copy(d, hi, cat_as_rel_hi(r, at, x));
			} else {
				rel_inter(d, lo, lo, cat_as_rel(r, at, x));
				rel_union(d, hi, hi, cat_as_rel_hi(r, at, x));
			}
		}
		return 1;
	case V_LIN: {
		const struct lin *l = s.u.lin;

		/* every order extends pco (at least its lower bound) */
		rel_restrict(d, lo, l->pco, l->set, l->set);
		rel_closure(d, lo);
		if (!rel_is_irreflexive(d, lo))
			return 0;
		rel_zero(d, hi);
		for (i = set_next(d, l->set, 0); i >= 0; i = set_next(d, l->set, i + 1))
			for (j = set_next(d, l->set, 0); j >= 0; j = set_next(d, l->set, j + 1))
				if (i != j && !rel_get(d, lo, j, i))
					rel_add(d, hi, i, j);
		return 1;
	}
	case V_CROSS: {
		bword *mlo = cat_new_rel(r), *mhi = cat_new_rel(r);

		rel_zero(d, lo);
		rel_zero(d, hi);
		for (i = 0; i < s.u.vs->n; i++) {
			if (!cat_set_hull(r, at, s.u.vs->v[i], mlo, mhi))
				return 0;
			rel_union(d, lo, lo, mlo);
			rel_union(d, hi, hi, mhi);
		}
		return 1;
	}
	default:
		cat_unknown(r);
	}
}
