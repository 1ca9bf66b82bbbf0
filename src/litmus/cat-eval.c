/*
 * cat-eval.c: the value of a cat expression, following herd7's
 * interpreter: the polymorphic empty set and universe, sets of events and
 * relations as bit vectors, sets of other values, functions and let rec
 * fixpoints (iterated from the empty set until no value grows).
 */
#include "cat-int.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALL_DEPTH 2000
#define MAX_FIX_STEPS 100000

void cat_fail(struct cat_run *r, const struct cat_exp *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	free(r->err);
	if (at)
		r->err = source_error(&r->m->srcs[at->file], at->off, "%s", msg);
	else
		r->err = xasprintf("error: %s", msg);
	longjmp(*r->fail, 1);
}

static struct arena *cur_arena(struct cat_run *r)
{
	return &r->arena[r->cur_level];
}

bword *cat_new_set(struct cat_run *r)
{
	return arena_alloc_raw(cur_arena(r), sizeof(bword) * bits_set_words(&r->dim));
}

bword *cat_new_rel(struct cat_run *r)
{
	return arena_alloc_raw(cur_arena(r), sizeof(bword) * bits_rel_words(&r->dim));
}

static struct value mk_set(bword *b)
{
	struct value v = { 0 };

	v.k = V_SET;
	v.hi = NULL;
	v.u.bits = b;
	return v;
}

static struct value mk_rel(bword *b)
{
	struct value v = { 0 };

	v.k = V_REL;
	v.hi = NULL;
	v.u.bits = b;
	return v;
}

static struct value mk_kind(enum vkind k)
{
	struct value v = { 0 };

	memset(&v, 0, sizeof(v));
	v.k = k;
	return v;
}

static const char *kind_name(enum vkind k)
{
	switch (k) {
	case V_EMPTY: return "the empty set";
	case V_UNIV: return "the universe";
	case V_SET: return "an event set";
	case V_REL: return "a relation";
	case V_TAG: return "a tag";
	case V_VALSET: return "a set of values";
	case V_CLO: case V_PRIM: case V_MAPF: return "a function";
	case V_TUPLE: return "a tuple";
	case V_EVENT: return "an event";
	case V_PAIR: return "a pair of events";
	case V_LIN: case V_CROSS: return "a set of relations";
	}
	return "a value";
}

const bword *cat_as_set(struct cat_run *r, const struct cat_exp *at, struct value v)
{
	bword *b;

	switch (v.k) {
	case V_SET:
		return v.u.bits;
	case V_EMPTY:
		b = cat_new_set(r);
		set_zero(&r->dim, b);
		return b;
	case V_UNIV:
		return r->univ;
	case V_EVENT:
		b = cat_new_set(r);
		set_zero(&r->dim, b);
		bit_set(b, v.u.ev);
		return b;
	default:
		cat_fail(r, at, "an event set is expected, found %s", kind_name(v.k));
	}
}

const bword *cat_as_rel(struct cat_run *r, const struct cat_exp *at, struct value v)
{
	bword *b;

	switch (v.k) {
	case V_REL:
		return v.u.bits;
	case V_EMPTY:
		b = cat_new_rel(r);
		rel_zero(&r->dim, b);
		return b;
	case V_UNIV:
		b = cat_new_rel(r);
		rel_cart(&r->dim, b, r->univ, r->univ);
		return b;
	case V_PAIR:
		b = cat_new_rel(r);
		rel_zero(&r->dim, b);
		rel_add(&r->dim, b, v.u.pair.a, v.u.pair.b);
		return b;
	default:
		cat_fail(r, at, "a relation is expected, found %s", kind_name(v.k));
	}
}

const bword *cat_as_set_hi(struct cat_run *r, const struct cat_exp *at, struct value v)
{
	if (v.k == V_SET && v.hi)
		return v.hi;
	return cat_as_set(r, at, v);
}

const bword *cat_as_rel_hi(struct cat_run *r, const struct cat_exp *at, struct value v)
{
	if (v.k == V_REL && v.hi)
		return v.hi;
	return cat_as_rel(r, at, v);
}

void cat_unknown(struct cat_run *r)
{
	longjmp(*r->unknown, 1);
}

struct value cat_interval(struct cat_run *r, enum vkind k, bword *lo, bword *hi)
{
	struct value v = { 0 };

	memset(&v, 0, sizeof(v));
	v.k = k;
	v.u.bits = lo;
	if (hi && hi != lo && !(k == V_SET ? set_equal(&r->dim, lo, hi) : rel_equal(&r->dim, lo, hi)))
		v.hi = hi;
	return v;
}

static bool inexact(struct value v)
{
	return (v.k == V_SET || v.k == V_REL) && v.hi;
}

bool cat_value_equal(struct cat_run *r, struct value a, struct value b)
{
	int i, j;

	if (inexact(a) || inexact(b))
		cat_unknown(r);
	/* lazy sets: compared by what defines them, never enumerated */
	if (a.k == V_LIN && b.k == V_LIN) {
		if (!set_equal(&r->dim, a.u.lin->set, b.u.lin->set))
			return false;	/* orders of different sets of events */
		if (a.u.lin->pco_hi || b.u.lin->pco_hi)
			cat_unknown(r);
		return rel_equal(&r->dim, a.u.lin->pco, b.u.lin->pco);
	}
	if (a.k == V_CROSS && b.k == V_CROSS) {
		if (a.u.vs->n != b.u.vs->n)
			return false;
		for (i = 0; i < a.u.vs->n; i++)
			if (!cat_value_equal(r, a.u.vs->v[i], b.u.vs->v[i]))
				return false;
		return true;
	}
	if (a.k == V_LIN || a.k == V_CROSS)
		a = cat_force(r, NULL, a);
	if (b.k == V_LIN || b.k == V_CROSS)
		b = cat_force(r, NULL, b);
	if (a.k == V_EMPTY && b.k == V_EMPTY)
		return true;
	if (a.k == V_EMPTY || b.k == V_EMPTY) {
		struct value x = a.k == V_EMPTY ? b : a;

		switch (x.k) {
		case V_SET: return set_is_empty(&r->dim, x.u.bits);
		case V_REL: return rel_is_empty(&r->dim, x.u.bits);
		case V_VALSET: return x.u.vs->n == 0;
		default: return false;
		}
	}
	if (a.k != b.k)
		return false;
	switch (a.k) {
	case V_UNIV: return true;
	case V_SET: return set_equal(&r->dim, a.u.bits, b.u.bits);
	case V_REL: return rel_equal(&r->dim, a.u.bits, b.u.bits);
	case V_TAG: return a.u.tag == b.u.tag;
	case V_EVENT: return a.u.ev == b.u.ev;
	case V_PAIR: return a.u.pair.a == b.u.pair.a && a.u.pair.b == b.u.pair.b;
	case V_TUPLE:
		if (a.u.vs->n != b.u.vs->n)
			return false;
		for (i = 0; i < a.u.vs->n; i++)
			if (!cat_value_equal(r, a.u.vs->v[i], b.u.vs->v[i]))
				return false;
		return true;
	case V_VALSET:
		if (a.u.vs->n != b.u.vs->n)
			return false;
		for (i = 0; i < a.u.vs->n; i++) {
			for (j = 0; j < b.u.vs->n; j++)
				if (cat_value_equal(r, a.u.vs->v[i], b.u.vs->v[j]))
					break;
			if (j == b.u.vs->n)
				return false;
		}
		return true;
	case V_CLO: return a.u.clo == b.u.clo;
	case V_PRIM: return a.u.prim == b.u.prim;
	default: return false;
	}
}

struct value cat_valset_make(struct cat_run *r, struct value *v, int n)
{
	struct valset *vs = arena_alloc(cur_arena(r), sizeof(*vs));
	struct value res = { 0 };
	int i, j;

	vs->v = arena_alloc(cur_arena(r), sizeof(*vs->v) * (size_t)(n ? n : 1));
	for (i = 0; i < n; i++) {
		for (j = 0; j < vs->n; j++)
			if (cat_value_equal(r, vs->v[j], v[i]))
				break;
		if (j == vs->n)
			vs->v[vs->n++] = v[i];
	}
	if (!vs->n)
		return mk_kind(V_EMPTY);
	res.k = V_VALSET;
	res.u.vs = vs;
	return res;
}

static struct value tag_to_valset(struct cat_run *r, struct value v)
{
	if (v.k == V_TAG)
		return cat_valset_make(r, &v, 1);
	return v;
}

static struct frame *new_frame(struct cat_run *r, struct frame *up, int n)
{
	struct frame *f = arena_alloc(cur_arena(r), sizeof(*f) + sizeof(struct value) * (size_t)n);

	f->up = up;
	f->n = n;
	return f;
}

/* All the members of a value set, lazy sets made explicit. */
static const struct valset *as_valset(struct cat_run *r, const struct cat_exp *at,
				      struct value v)
{
	static const struct valset none = { 0, NULL };

	v = cat_force(r, at, tag_to_valset(r, v));
	if (v.k == V_EMPTY)
		return &none;
	if (v.k != V_VALSET)
		cat_fail(r, at, "a set of values is expected, found %s", kind_name(v.k));
	return v.u.vs;
}

static struct value eval_union(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value acc = mk_kind(V_EMPTY);
	bword *hi = NULL;
	int i;

	for (i = 0; i < e->nkids; i++) {
		struct value v = cat_eval(r, e->kids[i], f);

		if (v.k == V_UNIV)
			return v;	/* herd: a union with the universe is the universe */
		if (v.k == V_EMPTY)
			continue;
		if (v.k == V_TAG || v.k == V_LIN || v.k == V_CROSS)
			v = cat_force(r, e->kids[i], tag_to_valset(r, v));
		if (acc.k == V_EMPTY) {
			if (v.k == V_SET || v.k == V_EVENT) {
				bword *b = cat_new_set(r);

				set_copy(&r->dim, b, cat_as_set(r, e->kids[i], v));
				acc = mk_set(b);
				if (inexact(v)) {
					hi = cat_new_set(r);
					set_copy(&r->dim, hi, v.hi);
				}
			} else if (v.k == V_REL || v.k == V_PAIR) {
				bword *b = cat_new_rel(r);

				rel_copy(&r->dim, b, cat_as_rel(r, e->kids[i], v));
				acc = mk_rel(b);
				if (inexact(v)) {
					hi = cat_new_rel(r);
					rel_copy(&r->dim, hi, v.hi);
				}
			} else if (v.k == V_VALSET) {
				acc = v;
			} else {
				cat_fail(r, e->kids[i], "cannot take the union of %s",
					 kind_name(v.k));
			}
			continue;
		}
		if (acc.k == V_SET && (v.k == V_SET || v.k == V_EVENT)) {
			if (inexact(v) && !hi) {
				hi = cat_new_set(r);
				set_copy(&r->dim, hi, acc.u.bits);
			}
			if (hi)
				set_union(&r->dim, hi, hi, cat_as_set_hi(r, e->kids[i], v));
			set_union(&r->dim, acc.u.bits, acc.u.bits, cat_as_set(r, e->kids[i], v));
		} else if (acc.k == V_REL && (v.k == V_REL || v.k == V_PAIR)) {
			if (inexact(v) && !hi) {
				hi = cat_new_rel(r);
				rel_copy(&r->dim, hi, acc.u.bits);
			}
			if (hi)
				rel_union(&r->dim, hi, hi, cat_as_rel_hi(r, e->kids[i], v));
			rel_union(&r->dim, acc.u.bits, acc.u.bits, cat_as_rel(r, e->kids[i], v));
		} else if (acc.k == V_VALSET && v.k == V_VALSET) {
			int n = acc.u.vs->n + v.u.vs->n;
			struct value *all = arena_alloc(cur_arena(r), sizeof(*all) * (size_t)n);

			mem_copy(all, acc.u.vs->v, sizeof(*all) * (size_t)acc.u.vs->n);
			mem_copy(all + acc.u.vs->n, v.u.vs->v, sizeof(*all) * (size_t)v.u.vs->n);
			acc = cat_valset_make(r, all, n);
		} else {
			cat_fail(r, e->kids[i], "union of %s and %s", kind_name(acc.k),
				 kind_name(v.k));
		}
	}
	if (hi)
		return cat_interval(r, acc.k, acc.u.bits, hi);
	return acc;
}

static bword *seq_chain(struct cat_run *r, const bword **rels, int n)
{
	bword *acc = cat_new_rel(r), *tmp;
	int i;

	rel_copy(&r->dim, acc, rels[0]);
	if (n == 1)
		return acc;
	tmp = cat_new_rel(r);
	for (i = 1; i < n; i++) {
		bword *swap;

		rel_seq(&r->dim, tmp, acc, rels[i]);
		swap = acc;
		acc = tmp;
		tmp = swap;
	}
	return acc;
}

static struct value eval_seq(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	const bword **rels = arena_alloc(cur_arena(r), sizeof(*rels) * (size_t)e->nkids);
	const bword **his = NULL;
	bword *acc;
	int i;

	for (i = 0; i < e->nkids; i++) {
		struct value v = cat_eval(r, e->kids[i], f);

		if (v.k == V_EMPTY) {
			/* herd: an empty operand makes the sequence empty, the rest unevaluated */
			acc = cat_new_rel(r);
			rel_zero(&r->dim, acc);
			return mk_rel(acc);
		}
		rels[i] = cat_as_rel(r, e->kids[i], v);
		if (inexact(v) && !his) {
			int j;

			his = arena_alloc(cur_arena(r), sizeof(*his) * (size_t)e->nkids);
			for (j = 0; j < i; j++)
				his[j] = rels[j];
		}
		if (his)
			his[i] = cat_as_rel_hi(r, e->kids[i], v);
	}
	acc = seq_chain(r, rels, e->nkids);
	if (his)
		return cat_interval(r, V_REL, acc, seq_chain(r, his, e->nkids));
	return mk_rel(acc);
}

static struct value eval_inter(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value a = cat_eval(r, e->kids[0], f);
	struct value b = cat_eval(r, e->kids[1], f);
	bword *res;

	a = tag_to_valset(r, a);
	b = tag_to_valset(r, b);
	if (a.k == V_UNIV)
		return b;
	if (b.k == V_UNIV)
		return a;
	if (a.k == V_EMPTY || b.k == V_EMPTY)
		return mk_kind(V_EMPTY);
	if ((a.k == V_REL || a.k == V_PAIR) && (b.k == V_REL || b.k == V_PAIR)) {
		res = cat_new_rel(r);
		rel_inter(&r->dim, res, cat_as_rel(r, e->kids[0], a), cat_as_rel(r, e->kids[1], b));
		if (inexact(a) || inexact(b)) {
			bword *hi = cat_new_rel(r);

			rel_inter(&r->dim, hi, cat_as_rel_hi(r, e->kids[0], a),
				  cat_as_rel_hi(r, e->kids[1], b));
			return cat_interval(r, V_REL, res, hi);
		}
		return mk_rel(res);
	}
	if ((a.k == V_SET || a.k == V_EVENT) && (b.k == V_SET || b.k == V_EVENT)) {
		res = cat_new_set(r);
		set_inter(&r->dim, res, cat_as_set(r, e->kids[0], a), cat_as_set(r, e->kids[1], b));
		if (inexact(a) || inexact(b)) {
			bword *hi = cat_new_set(r);

			set_inter(&r->dim, hi, cat_as_set_hi(r, e->kids[0], a),
				  cat_as_set_hi(r, e->kids[1], b));
			return cat_interval(r, V_SET, res, hi);
		}
		return mk_set(res);
	}
	if (a.k == V_VALSET || b.k == V_VALSET || a.k == V_LIN || b.k == V_LIN ||
	    a.k == V_CROSS || b.k == V_CROSS) {
		const struct valset *x = as_valset(r, e->kids[0], a);
		const struct valset *y = as_valset(r, e->kids[1], b);
		struct value *keep = arena_alloc(cur_arena(r), sizeof(*keep) * (size_t)(x->n + 1));
		int i, j, n = 0;

		for (i = 0; i < x->n; i++)
			for (j = 0; j < y->n; j++)
				if (cat_value_equal(r, x->v[i], y->v[j])) {
					keep[n++] = x->v[i];
					break;
				}
		return cat_valset_make(r, keep, n);
	}
	cat_fail(r, e, "intersection of %s and %s", kind_name(a.k), kind_name(b.k));
}

static struct value eval_diff(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value a = cat_eval(r, e->kids[0], f);
	struct value b = cat_eval(r, e->kids[1], f);
	bword *res;

	a = tag_to_valset(r, a);
	b = tag_to_valset(r, b);
	if (b.k == V_UNIV || a.k == V_EMPTY)
		return mk_kind(V_EMPTY);
	if (b.k == V_EMPTY)
		return a;
	if (a.k == V_UNIV) {
		if (b.k == V_SET || b.k == V_EVENT) {
			res = cat_new_set(r);
			set_comp(&r->dim, res, cat_as_set_hi(r, e->kids[1], b));
			if (inexact(b)) {
				bword *hi = cat_new_set(r);

				set_comp(&r->dim, hi, cat_as_set(r, e->kids[1], b));
				return cat_interval(r, V_SET, res, hi);
			}
			return mk_set(res);
		}
		if (b.k == V_REL || b.k == V_PAIR) {
			res = cat_new_rel(r);
			rel_comp(&r->dim, res, cat_as_rel_hi(r, e->kids[1], b));
			if (inexact(b)) {
				bword *hi = cat_new_rel(r);

				rel_comp(&r->dim, hi, cat_as_rel(r, e->kids[1], b));
				return cat_interval(r, V_REL, res, hi);
			}
			return mk_rel(res);
		}
		cat_fail(r, e, "the universe minus %s", kind_name(b.k));
	}
	if ((a.k == V_REL || a.k == V_PAIR) && (b.k == V_REL || b.k == V_PAIR)) {
		res = cat_new_rel(r);
		rel_diff(&r->dim, res, cat_as_rel(r, e->kids[0], a), cat_as_rel_hi(r, e->kids[1], b));
		if (inexact(a) || inexact(b)) {
			bword *hi = cat_new_rel(r);

			rel_diff(&r->dim, hi, cat_as_rel_hi(r, e->kids[0], a),
				 cat_as_rel(r, e->kids[1], b));
			return cat_interval(r, V_REL, res, hi);
		}
		return mk_rel(res);
	}
	if ((a.k == V_SET || a.k == V_EVENT) && (b.k == V_SET || b.k == V_EVENT)) {
		res = cat_new_set(r);
		set_diff(&r->dim, res, cat_as_set(r, e->kids[0], a), cat_as_set_hi(r, e->kids[1], b));
		if (inexact(a) || inexact(b)) {
			bword *hi = cat_new_set(r);

			set_diff(&r->dim, hi, cat_as_set_hi(r, e->kids[0], a),
				 cat_as_set(r, e->kids[1], b));
			return cat_interval(r, V_SET, res, hi);
		}
		return mk_set(res);
	}
	if (a.k == V_VALSET || a.k == V_LIN || a.k == V_CROSS) {
		const struct valset *x = as_valset(r, e->kids[0], a);
		const struct valset *y = as_valset(r, e->kids[1], b);
		struct value *keep = arena_alloc(cur_arena(r), sizeof(*keep) * (size_t)(x->n + 1));
		int i, j, n = 0;

		for (i = 0; i < x->n; i++) {
			for (j = 0; j < y->n; j++)
				if (cat_value_equal(r, x->v[i], y->v[j]))
					break;
			if (j == y->n)
				keep[n++] = x->v[i];
		}
		return cat_valset_make(r, keep, n);
	}
	cat_fail(r, e, "difference of %s and %s", kind_name(a.k), kind_name(b.k));
}

static struct value eval_add(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value a = cat_eval(r, e->kids[0], f);
	struct value b = cat_eval(r, e->kids[1], f);
	bword *res;

	if (inexact(a) || inexact(b))
		cat_unknown(r);
	if (a.k == V_UNIV)
		cat_fail(r, e, "the universe in ++");
	if (b.k == V_UNIV)
		return b;
	if (a.k == V_PAIR && (b.k == V_REL || b.k == V_EMPTY)) {
		res = cat_new_rel(r);
		rel_copy(&r->dim, res, cat_as_rel(r, e->kids[1], b));
		rel_add(&r->dim, res, a.u.pair.a, a.u.pair.b);
		return mk_rel(res);
	}
	if (a.k == V_EVENT && (b.k == V_SET || b.k == V_EMPTY)) {
		res = cat_new_set(r);
		set_copy(&r->dim, res, cat_as_set(r, e->kids[1], b));
		bit_set(res, a.u.ev);
		return mk_set(res);
	}
	if (b.k == V_EMPTY)
		return cat_valset_make(r, &a, 1);
	if (b.k == V_VALSET || b.k == V_LIN || b.k == V_CROSS) {
		const struct valset *y = as_valset(r, e->kids[1], b);
		struct value *all = arena_alloc(cur_arena(r), sizeof(*all) * (size_t)(y->n + 1));

		all[0] = a;
		mem_copy(all + 1, y->v, sizeof(*all) * (size_t)y->n);
		return cat_valset_make(r, all, y->n + 1);
	}
	cat_fail(r, e->kids[1], "a set is expected after ++, found %s", kind_name(b.k));
}

static struct value eval_set(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value *v = arena_alloc(cur_arena(r), sizeof(*v) * (size_t)(e->nkids + 1));
	bool events = e->nkids > 0;
	int i;

	for (i = 0; i < e->nkids; i++) {
		v[i] = cat_eval(r, e->kids[i], f);
		if (v[i].k == V_UNIV)
			cat_fail(r, e->kids[i], "the universe in an explicit set");
		if (v[i].k != V_EVENT)
			events = false;
	}
	if (!e->nkids)
		return mk_kind(V_EMPTY);
	if (events) {
		bword *b = cat_new_set(r);

		set_zero(&r->dim, b);
		for (i = 0; i < e->nkids; i++)
			bit_set(b, v[i].u.ev);
		return mk_set(b);
	}
	return cat_valset_make(r, v, e->nkids);
}

/* A monotone unary operator on one bound (src) into a new buffer. */
static bword *unary_bound(struct cat_run *r, enum cat_op op, const bword *src, bool is_set)
{
	bword *res;

	if (op == CAT_TOID) {
		res = cat_new_rel(r);
		rel_id(&r->dim, res, src);
		return res;
	}
	(void)is_set;
	res = cat_new_rel(r);
	switch (op) {
	case CAT_PLUS:
		rel_copy(&r->dim, res, src);
		rel_closure(&r->dim, res);
		break;
	case CAT_STAR:
		rel_copy(&r->dim, res, src);
		rel_closure(&r->dim, res);
		rel_add_id(&r->dim, res, r->univ);
		break;
	case CAT_OPT:
		rel_copy(&r->dim, res, src);
		rel_add_id(&r->dim, res, r->univ);
		break;
	case CAT_INV:
		rel_inv(&r->dim, res, src);
		break;
	default:
		break;
	}
	return res;
}

static struct value eval_unary(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value v = cat_eval(r, e->kids[0], f);
	bword *res, *hi;

	switch (e->op) {
	case CAT_PLUS:
	case CAT_INV:
		if (v.k == V_EMPTY || v.k == V_UNIV)
			return v;
		/* fall through */
	case CAT_STAR:
	case CAT_OPT:
		if (v.k == V_UNIV)
			return v;
		res = unary_bound(r, e->op, cat_as_rel(r, e->kids[0], v), false);
		if (!inexact(v))
			return mk_rel(res);
		hi = unary_bound(r, e->op, cat_as_rel_hi(r, e->kids[0], v), false);
		return cat_interval(r, V_REL, res, hi);
	case CAT_COMP:
		if (v.k == V_EMPTY)
			return mk_kind(V_UNIV);
		if (v.k == V_UNIV)
			return mk_kind(V_EMPTY);
		if (v.k == V_SET || v.k == V_EVENT) {
			res = cat_new_set(r);
			set_comp(&r->dim, res, cat_as_set_hi(r, e->kids[0], v));
			if (!inexact(v))
				return mk_set(res);
			hi = cat_new_set(r);
			set_comp(&r->dim, hi, cat_as_set(r, e->kids[0], v));
			return cat_interval(r, V_SET, res, hi);
		}
		if (v.k == V_REL || v.k == V_PAIR) {
			res = cat_new_rel(r);
			rel_comp(&r->dim, res, cat_as_rel_hi(r, e->kids[0], v));
			if (!inexact(v))
				return mk_rel(res);
			hi = cat_new_rel(r);
			rel_comp(&r->dim, hi, cat_as_rel(r, e->kids[0], v));
			return cat_interval(r, V_REL, res, hi);
		}
		cat_fail(r, e, "complement of %s", kind_name(v.k));
	case CAT_TOID:
		if (v.k == V_EMPTY)
			return v;
		res = unary_bound(r, CAT_TOID, cat_as_set(r, e->kids[0], v), true);
		if (!inexact(v))
			return mk_rel(res);
		hi = unary_bound(r, CAT_TOID, cat_as_set_hi(r, e->kids[0], v), true);
		return cat_interval(r, V_REL, res, hi);
	default:
		break;
	}
	cat_fail(r, e, "internal: unknown operator");
}

/* Binds the value of binding b into frame slots starting at pos. */
static int bind_value(struct cat_run *r, const struct cat_bind *b, struct value v,
		      struct value *dst)
{
	int i;

	if (b->name) {
		dst[0] = v;
		return 1;
	}
	if (v.k != V_TUPLE || v.u.vs->n != b->npat) {
		struct cat_exp at;

		memset(&at, 0, sizeof(at));
		at.file = b->file;
		at.off = b->off;
		cat_fail(r, &at, "a tuple of %d values is expected", b->npat);
	}
	for (i = 0; i < b->npat; i++)
		dst[i] = v.u.vs->v[i];
	return b->npat;
}

static bool is_fun(const struct cat_exp *e)
{
	return e->op == CAT_FUN;
}

/* a included in b, as herd's fixpoint test */
static bool value_subset(struct cat_run *r, struct value a, struct value b)
{
	int i, j;

	if (a.k == V_EMPTY || b.k == V_UNIV)
		return true;
	if (a.k == V_UNIV)
		return false;
	if (b.k == V_EMPTY) {
		if (a.k == V_SET)
			return set_is_empty(&r->dim, cat_as_set_hi(r, NULL, a));
		if (a.k == V_REL)
			return rel_is_empty(&r->dim, cat_as_rel_hi(r, NULL, a));
		return cat_value_equal(r, a, b);
	}
	if (a.k == V_SET && b.k == V_SET)
		return set_subset(&r->dim, a.u.bits, b.u.bits) &&
		       set_subset(&r->dim, cat_as_set_hi(r, NULL, a), cat_as_set_hi(r, NULL, b));
	if (a.k == V_REL && b.k == V_REL)
		return rel_subset(&r->dim, a.u.bits, b.u.bits) &&
		       rel_subset(&r->dim, cat_as_rel_hi(r, NULL, a), cat_as_rel_hi(r, NULL, b));
	if (a.k == V_VALSET && b.k == V_VALSET) {
		for (i = 0; i < a.u.vs->n; i++) {
			for (j = 0; j < b.u.vs->n; j++)
				if (cat_value_equal(r, a.u.vs->v[i], b.u.vs->v[j]))
					break;
			if (j == b.u.vs->n)
				return false;
		}
		return true;
	}
	return cat_value_equal(r, a, b);
}

/*
 * herd's fixpoint: every variable starts empty; each step evaluates the
 * bindings in order, each seeing the values just computed; it stops when no
 * value grew (each new value included in the previous one).
 */
void cat_fixpoint(struct cat_run *r, const struct cat_exp *at, const struct cat_bind *b,
		  int nb, struct value **cells)
{
	struct value *old = arena_alloc(cur_arena(r), sizeof(*old) * (size_t)(nb + 1));
	int i, step;

	for (i = 0; i < nb; i++)
		if (!is_fun(b[i].exp))
			*cells[i] = mk_kind(V_EMPTY);
	for (step = 0; step < MAX_FIX_STEPS; step++) {
		bool stable = true;

		for (i = 0; i < nb; i++)
			old[i] = *cells[i];
		for (i = 0; i < nb; i++) {
			if (is_fun(b[i].exp))
				continue;
			*cells[i] = cat_eval(r, b[i].exp, NULL);
		}
		for (i = 0; i < nb; i++)
			if (!is_fun(b[i].exp) && !value_subset(r, *cells[i], old[i]))
				stable = false;
		if (stable)
			return;
	}
	cat_fail(r, at, "let rec did not reach a fixpoint in %d steps", MAX_FIX_STEPS);
}

/* Frame-local fixpoint for "let rec ... in" (bindings evaluated in frame nf). */
static void local_fixpoint(struct cat_run *r, const struct cat_exp *e, struct frame *nf)
{
	struct value *old = arena_alloc(cur_arena(r), sizeof(*old) * (size_t)(nf->n + 1));
	int i, k, step;

	/* functions first: closures over the new frame */
	for (i = 0, k = 0; i < e->nbinds; i++) {
		const struct cat_bind *b = &e->binds[i];

		if (is_fun(b->exp)) {
			struct closure *c = arena_alloc(cur_arena(r), sizeof(*c));

			c->fun = b->exp;
			c->env = nf;
			nf->v[k].k = V_CLO;
			nf->v[k].u.clo = c;
		} else {
			nf->v[k] = mk_kind(V_EMPTY);
		}
		k += b->name ? 1 : b->npat;
	}
	for (step = 0; step < MAX_FIX_STEPS; step++) {
		bool stable = true;

		mem_copy(old, nf->v, sizeof(*old) * (size_t)nf->n);
		for (i = 0, k = 0; i < e->nbinds; i++) {
			const struct cat_bind *b = &e->binds[i];

			if (!is_fun(b->exp))
				bind_value(r, b, cat_eval(r, b->exp, nf), &nf->v[k]);
			k += b->name ? 1 : b->npat;
		}
		for (i = 0; i < nf->n; i++)
			if (!value_subset(r, nf->v[i], old[i]))
				stable = false;
		if (stable)
			return;
	}
	cat_fail(r, e, "let rec did not reach a fixpoint in %d steps", MAX_FIX_STEPS);
}

struct value cat_apply(struct cat_run *r, const struct cat_exp *at, struct value fn,
		       struct value arg)
{
	struct value res = { 0 };

	if (fn.k == V_PRIM)
		return cat_prim_call(r, at, fn.u.prim, arg);
	if (fn.k == V_MAPF)
		return cat_map_apply(r, at, fn, arg);
	if (fn.k != V_CLO)
		cat_fail(r, at, "a function is expected, found %s", kind_name(fn.k));
	if (++r->depth > MAX_CALL_DEPTH)
		cat_fail(r, at, "calls nested deeper than %d", MAX_CALL_DEPTH);
	{
		const struct cat_exp *fun = fn.u.clo->fun;
		struct frame *nf = new_frame(r, fn.u.clo->env, fun->nparams);
		int i;

		if (fun->tuple && fun->nparams != 1) {
			if (arg.k != V_TUPLE || arg.u.vs->n != fun->nparams)
				cat_fail(r, at, "%d arguments are expected", fun->nparams);
			for (i = 0; i < fun->nparams; i++)
				nf->v[i] = arg.u.vs->v[i];
		} else {
			nf->v[0] = arg;
		}
		res = cat_eval(r, fun->kids[0], nf);
	}
	r->depth--;
	return res;
}

static struct value eval_var(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	int d;

	if (e->depth >= 0) {
		for (d = e->depth; d > 0 && f; d--)
			f = f->up;
		if (!f || e->index >= f->n)
			cat_fail(r, e, "internal: bad local '%s'", e->name);
		return f->v[e->index];
	}
	if (e->slot == -2)
		cat_fail(r, e, "unbound name '%s'", e->name);
	return r->g[e->slot];
}

struct value cat_eval(struct cat_run *r, const struct cat_exp *e, struct frame *f)
{
	struct value v = { 0 };

	switch (e->op) {
	case CAT_VAR:
		return eval_var(r, e, f);
	case CAT_TAG:
		if (e->slot < 0)
			cat_fail(r, e, "tag '%s is not declared", e->name);
		v.k = V_TAG;
		v.u.tag = e->slot;
		return v;
	case CAT_EMPTY:
		return mk_kind(V_EMPTY);
	case CAT_UNIV:
		return mk_kind(V_UNIV);
	case CAT_SET:
		return eval_set(r, e, f);
	case CAT_TUPLE: {
		struct valset *vs = arena_alloc(cur_arena(r), sizeof(*vs));
		int i;

		vs->n = e->nkids;
		vs->v = arena_alloc(cur_arena(r), sizeof(*vs->v) * (size_t)(e->nkids + 1));
		for (i = 0; i < e->nkids; i++)
			vs->v[i] = cat_eval(r, e->kids[i], f);
		v.k = V_TUPLE;
		v.u.vs = vs;
		return v;
	}
	case CAT_UNION:
		return eval_union(r, e, f);
	case CAT_SEQ:
		return eval_seq(r, e, f);
	case CAT_INTER:
		return eval_inter(r, e, f);
	case CAT_DIFF:
		return eval_diff(r, e, f);
	case CAT_ADD:
		return eval_add(r, e, f);
	case CAT_CART: {
		struct value va = cat_eval(r, e->kids[0], f);
		struct value vb = cat_eval(r, e->kids[1], f);
		bword *res = cat_new_rel(r);

		rel_cart(&r->dim, res, cat_as_set(r, e->kids[0], va), cat_as_set(r, e->kids[1], vb));
		if (inexact(va) || inexact(vb)) {
			bword *hi = cat_new_rel(r);

			rel_cart(&r->dim, hi, cat_as_set_hi(r, e->kids[0], va),
				 cat_as_set_hi(r, e->kids[1], vb));
			return cat_interval(r, V_REL, res, hi);
		}
		return mk_rel(res);
	}
	case CAT_PLUS:
	case CAT_STAR:
	case CAT_OPT:
	case CAT_INV:
	case CAT_COMP:
	case CAT_TOID:
		return eval_unary(r, e, f);
	case CAT_APP: {
		struct value fn = cat_eval(r, e->kids[0], f);

		return cat_apply(r, e, fn, cat_eval(r, e->kids[1], f));
	}
	case CAT_FUN: {
		struct closure *c = arena_alloc(cur_arena(r), sizeof(*c));

		c->fun = e;
		c->env = f;
		v.k = V_CLO;
		v.u.clo = c;
		return v;
	}
	case CAT_LET: {
		struct frame *nf = new_frame(r, f, e->frame_size);
		int i, k = 0;

		for (i = 0; i < e->nbinds; i++)
			k += bind_value(r, &e->binds[i], cat_eval(r, e->binds[i].exp, f), &nf->v[k]);
		return cat_eval(r, e->kids[0], nf);
	}
	case CAT_LETREC: {
		struct frame *nf = new_frame(r, f, e->frame_size);

		local_fixpoint(r, e, nf);
		return cat_eval(r, e->kids[0], nf);
	}
	case CAT_TRY: {
		jmp_buf here, *saved = r->fail;
		int saved_depth = r->depth;

		if (!setjmp(here)) {
			r->fail = &here;
			v = cat_eval(r, e->kids[0], f);
			r->fail = saved;
			return v;
		}
		r->fail = saved;
		r->depth = saved_depth;
		return cat_eval(r, e->kids[1], f);
	}
	case CAT_IF_EQ: {
		struct value a = cat_eval(r, e->kids[0], f);
		struct value b = cat_eval(r, e->kids[1], f);

		return cat_eval(r, e->kids[cat_value_equal(r, a, b) ? 2 : 3], f);
	}
	case CAT_MATCHSET: {
		struct value s = cat_force(r, e->kids[0], cat_eval(r, e->kids[0], f));
		struct frame *nf;

		if (inexact(s))
			cat_unknown(r);
		if (s.k == V_EMPTY)
			return cat_eval(r, e->kids[1], f);
		nf = new_frame(r, f, 2);
		if (s.k == V_SET || s.k == V_REL) {
			bool is_set = s.k == V_SET;
			bword *rest = is_set ? cat_new_set(r) : cat_new_rel(r);
			int i = -1, j = -1;

			if (is_set) {
				set_copy(&r->dim, rest, s.u.bits);
				i = set_next(&r->dim, rest, 0);
			} else {
				rel_copy(&r->dim, rest, s.u.bits);
				for (i = 0; i < r->dim.n; i++) {
					j = set_next(&r->dim, rel_crow(&r->dim, rest, i), 0);
					if (j >= 0)
						break;
				}
				if (i == r->dim.n)
					i = -1;
			}
			if (i < 0)
				return cat_eval(r, e->kids[1], f);
			if (is_set) {
				bit_clear(rest, i);
				nf->v[0].k = V_EVENT;
				nf->v[0].u.ev = i;
				nf->v[1] = mk_set(rest);
			} else {
				bit_clear(rel_row(&r->dim, rest, i), j);
				nf->v[0].k = V_PAIR;
				nf->v[0].u.pair.a = i;
				nf->v[0].u.pair.b = j;
				nf->v[1] = mk_rel(rest);
			}
			return cat_eval(r, e->kids[2], nf);
		}
		if (s.k != V_VALSET)
			cat_fail(r, e->kids[0], "matching on %s", kind_name(s.k));
		nf->v[0] = s.u.vs->v[0];
		nf->v[1] = cat_valset_make(r, s.u.vs->v + 1, s.u.vs->n - 1);
		return cat_eval(r, e->kids[2], nf);
	}
	}
	cat_fail(r, e, "internal: unknown expression");
}
