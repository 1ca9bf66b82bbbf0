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
	struct value v;

	memset(&v, 0, sizeof(v));
	v.k = k;
	return v;
}

static struct value prim_domain_range(struct cat_run *r, const struct cat_exp *at, int prim,
				      struct value arg)
{
	struct value v;

	if (arg.k == V_EMPTY || arg.k == V_UNIV)
		return arg;
	v.k = V_SET;
	v.u.bits = cat_new_set(r);
	if (prim == PRIM_DOMAIN)
		rel_domain(&r->dim, v.u.bits, cat_as_rel(r, at, arg));
	else
		rel_range(&r->dim, v.u.bits, cat_as_rel(r, at, arg));
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
	struct value v;

	if (arg.k != V_TUPLE || arg.u.vs->n != 2)
		cat_fail(r, at, "linearisations takes (a set, a relation)");
	l = arena_alloc(cur_arena(r), sizeof(*l));
	l->set = cat_new_set(r);
	set_copy(&r->dim, l->set, cat_as_set(r, at, arg.u.vs->v[0]));
	l->pco = cat_new_rel(r);
	rel_copy(&r->dim, l->pco, cat_as_rel(r, at, arg.u.vs->v[1]));
	v.k = V_LIN;
	v.u.lin = l;
	return v;
}

static struct value prim_cross(struct cat_run *r, const struct cat_exp *at, struct value arg)
{
	struct valset *vs;
	struct value v;

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
	switch (s.k) {
	case V_EMPTY:
		return s;
	case V_SET:
		res = arena_alloc(cur_arena(r), sizeof(*res) * (size_t)(r->dim.n + 1));
		for (i = set_next(&r->dim, s.u.bits, 0); i >= 0;
		     i = set_next(&r->dim, s.u.bits, i + 1)) {
			struct value e;

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
				struct value e;

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
	struct value v;
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
	struct value v;
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

			if (!same)
				rel_add(&r->dim, v.u.bits, i, j);
		}
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
};

static int lin_rec(struct lin_state *s, int nplaced)
{
	const struct bits_dim *d = &s->r->dim;
	int i, ret;

	if (nplaced == s->k)
		return s->fn(s->r, s->order, s->ctx);
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

/* Calls fn on each linearisation (written into order, which starts empty). */
static int for_each_lin(struct cat_run *r, const struct lin *l, bword *order,
			int (*fn)(struct cat_run *, bword *, void *), void *ctx)
{
	struct lin_state *s = arena_alloc(cur_arena(r), sizeof(*s));
	const struct bits_dim *d = &r->dim;
	int i;

	s->r = r;
	s->fn = fn;
	s->ctx = ctx;
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
};

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
		struct value v;

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
		ret = for_each_lin(r, m.u.lin, s->tmp[k], cross_lin_cb, s);
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
	struct value v;

	v.k = V_REL;
	v.u.bits = order;
	return c->fn(r, v, c->ctx);
}

int cat_for_each_member(struct cat_run *r, const struct cat_exp *at, struct value set,
			cat_member_fn fn, void *ctx)
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
		return for_each_lin(r, set.u.lin, order, lin_member_cb, &c);
	}
	case V_CROSS: {
		struct cross_state s;
		int n = set.u.vs->n;

		s.fn = fn;
		s.ctx = ctx;
		s.members = set.u.vs;
		s.depth = 0;
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
			memcpy(nv, c->v, sizeof(*nv) * (size_t)c->n);
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
