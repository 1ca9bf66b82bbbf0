/*
 * cat-run.c: running a compiled model on one test: the inputs, the levels
 * the instructions fall into, each level's block of instructions, and the
 * enumeration of the "with" choices above level 2.
 */
#include "cat-int.h"
#include "../lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool input_is_rel(int in)
{
	return in >= CIN_ID;
}

static int input_level(const struct cat_run *r, int in)
{
	if (in == CIN_RF)
		return 1;
	if (in == CIN_FW)
		return 2;
	if (in == CIN_LOC)
		return r->loc_dynamic ? 1 : 0;
	return 0;
}

static int slot_base_level(const struct cat_run *r, const struct gslot *s)
{
	if (s->input >= 0)
		return input_level(r, s->input);
	if (s->prim == PRIM_DIFFERENT_VALUES)
		return 1;
	if (s->prim == PRIM_CLASSES_LOC)
		return r->loc_dynamic ? 1 : 0;
	if (s->with_level >= 0)
		return s->with_level;
	return 0;
}

static void plan_levels(struct cat_run *r)
{
	const struct cat_model *m = r->m;
	int *count = xcalloc((size_t)r->nlevels, sizeof(int));
	int *ins_level = xcalloc((size_t)(m->nins ? m->nins : 1), sizeof(int));
	int i, j, lvl;

	for (i = 0; i < m->nslots; i++)
		r->slot_level[i] = slot_base_level(r, &m->slots[i]);
	for (i = 0; i < m->nins; i++) {
		const struct gins *g = &m->ins[i];

		lvl = 0;
		for (j = 0; j < g->nrefs; j++)
			if (r->slot_level[g->refs[j]] > lvl)
				lvl = r->slot_level[g->refs[j]];
		ins_level[i] = lvl;
		for (j = 0; j < g->nslots; j++)
			r->slot_level[g->slots[j]] = lvl;
		if (g->set_slot >= 0)
			r->slot_level[g->set_slot] = lvl;
		count[lvl]++;
	}
	for (i = 0; i < r->nlevels; i++) {
		r->block[i] = xcalloc((size_t)count[i] + 1, sizeof(int));
		count[i] = 0;
	}
	for (i = 0; i < m->nins; i++) {
		lvl = ins_level[i];
		r->block[lvl][count[lvl]++] = i;
	}
	for (i = 0; i < r->nlevels; i++)
		r->block[i][count[i]] = -1;
	free(count);
	free(ins_level);
}

struct cat_run *cat_run_new(const struct cat_model *m, const struct bits_dim *dim,
			    bool loc_dynamic)
{
	struct cat_run *r = xcalloc(1, sizeof(*r));
	int i;

	r->m = m;
	r->dim = *dim;
	r->loc_dynamic = loc_dynamic;
	r->nlevels = 3 + m->nwith;
	r->slot_level = xcalloc((size_t)m->nslots, sizeof(int));
	r->block = xcalloc((size_t)r->nlevels, sizeof(*r->block));
	r->g = xcalloc((size_t)m->nslots, sizeof(*r->g));
	r->input = xcalloc(CIN_NR, sizeof(*r->input));
	r->annot = xcalloc((size_t)(m->nannots ? m->nannots : 1), sizeof(*r->annot));
	r->arena = xcalloc((size_t)r->nlevels, sizeof(*r->arena));
	r->fwords = (m->nflags + 63) / 64;
	if (!r->fwords)
		r->fwords = 1;
	r->flags = xcalloc((size_t)(r->nlevels * r->fwords), sizeof(uint64_t));
	r->univ = xcalloc(bits_set_words(dim), sizeof(bword));
	set_all(dim, r->univ);
	r->input_hi = xcalloc(CIN_NR, sizeof(*r->input_hi));
	r->value_known = xcalloc(bits_set_words(dim), sizeof(bword));
	r->sure_flags = xcalloc((size_t)r->fwords, sizeof(uint64_t));
	r->maybe_flags = xcalloc((size_t)r->fwords, sizeof(uint64_t));
	for (i = 0; i < CIN_NR; i++) {
		size_t words = input_is_rel(i) ? bits_rel_words(dim) : bits_set_words(dim);

		r->input[i] = xcalloc(words, sizeof(bword));
	}
	for (i = 0; i < m->nannots; i++)
		r->annot[i] = xcalloc(bits_set_words(dim), sizeof(bword));
	for (i = 0; i < m->nslots; i++) {
		const struct gslot *s = &m->slots[i];

		if (s->input >= 0) {
			r->g[i].k = input_is_rel(s->input) ? V_REL : V_SET;
			r->g[i].u.bits = r->input[s->input];
		} else if (s->annot >= 0) {
			r->g[i].k = V_SET;
			r->g[i].u.bits = r->annot[s->annot];
		} else if (s->prim >= 0) {
			r->g[i].k = V_PRIM;
			r->g[i].u.prim = s->prim;
		}
	}
	plan_levels(r);
	return r;
}

void cat_run_free(struct cat_run *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; i < CIN_NR; i++) {
		free(r->input[i]);
		free(r->input_hi[i]);
	}
	free(r->input_hi);
	free(r->value_known);
	free(r->sure_flags);
	free(r->maybe_flags);
	for (i = 0; i < r->m->nannots; i++)
		free(r->annot[i]);
	for (i = 0; i < r->nlevels; i++) {
		free(r->block[i]);
		arena_release(&r->arena[i]);
	}
	free(r->input);
	free(r->annot);
	free(r->block);
	free(r->arena);
	free(r->slot_level);
	free(r->g);
	free(r->flags);
	free(r->univ);
	free(r->err);
	free(r);
}

static void set_input_slots_hi(struct cat_run *r, enum cat_input in, bword *hi)
{
	const struct cat_model *m = r->m;
	int i;

	for (i = 0; i < m->nslots; i++)
		if (m->slots[i].input == (int)in)
			r->g[i].hi = hi;
}

void cat_run_set_input(struct cat_run *r, enum cat_input in, const bword *bits)
{
	size_t words = input_is_rel(in) ? bits_rel_words(&r->dim) : bits_set_words(&r->dim);

	memcpy(r->input[in], bits, words * sizeof(bword));
	set_input_slots_hi(r, in, NULL);
}

void cat_run_set_input_bounds(struct cat_run *r, enum cat_input in, const bword *lo,
			      const bword *hi)
{
	size_t words = input_is_rel(in) ? bits_rel_words(&r->dim) : bits_set_words(&r->dim);

	memcpy(r->input[in], lo, words * sizeof(bword));
	if (!hi || !memcmp(lo, hi, words * sizeof(bword))) {
		set_input_slots_hi(r, in, NULL);
		return;
	}
	if (!r->input_hi[in])
		r->input_hi[in] = xcalloc(words, sizeof(bword));
	memcpy(r->input_hi[in], hi, words * sizeof(bword));
	set_input_slots_hi(r, in, r->input_hi[in]);
}

void cat_run_set_value_known(struct cat_run *r, const bword *known)
{
	memcpy(r->value_known, known, bits_set_words(&r->dim) * sizeof(bword));
}

void cat_run_set_annot(struct cat_run *r, int i, const bword *bits)
{
	memcpy(r->annot[i], bits, bits_set_words(&r->dim) * sizeof(bword));
}

void cat_run_set_events(struct cat_run *r, const struct cat_events *ev)
{
	r->ev = *ev;
}

const char *cat_run_error(const struct cat_run *r)
{
	return r->err ? r->err : "error: unknown";
}

int cat_model_nflags(const struct cat_model *m)
{
	return m->nflags;
}

const char *cat_model_flag(const struct cat_model *m, int i)
{
	return m->flags[i];
}

int cat_model_nannots(const struct cat_model *m)
{
	return m->nannots;
}

const char *cat_model_annot(const struct cat_model *m, int i)
{
	return m->annots[i];
}

static bool test_holds(struct cat_run *r, const struct cat_ins *ins, struct value v)
{
	const struct bits_dim *d = &r->dim;

	switch (ins->test) {
	case CAT_ACYCLIC:
		if (v.k == V_EMPTY)
			return true;
		return rel_is_acyclic(d, cat_as_rel(r, ins->exp, v));
	case CAT_IRREFLEXIVE:
		if (v.k == V_EMPTY)
			return true;
		return rel_is_irreflexive(d, cat_as_rel(r, ins->exp, v));
	case CAT_EMPTY_TEST:
		switch (v.k) {
		case V_EMPTY:
			return true;
		case V_UNIV:
			return d->n == 0;
		case V_SET:
			return set_is_empty(d, v.u.bits);
		case V_REL:
			return rel_is_empty(d, v.u.bits);
		case V_VALSET:
			return v.u.vs->n == 0;
		default:
			v = cat_force(r, ins->exp, v);
			return v.k == V_EMPTY || (v.k == V_VALSET && v.u.vs->n == 0);
		}
	}
	return true;
}

static void exec_letrec(struct cat_run *r, const struct gins *g)
{
	const struct cat_ins *ins = g->ins;
	struct value **cells = xcalloc((size_t)ins->nbinds, sizeof(*cells));
	int i, k = 0;

	for (i = 0; i < ins->nbinds; i++) {
		const struct cat_bind *b = &ins->binds[i];

		cells[i] = &r->g[g->slots[k]];
		if (b->exp->op == CAT_FUN) {
			struct closure *c = arena_alloc(&r->arena[r->cur_level], sizeof(*c));

			c->fun = b->exp;
			c->env = NULL;
			cells[i]->k = V_CLO;
			cells[i]->u.clo = c;
		}
		k += b->name ? 1 : b->npat;
	}
	/* the cells are freed only if the fixpoint returns: keep them in the arena */
	{
		struct value **keep = arena_alloc(&r->arena[r->cur_level],
						  sizeof(*keep) * (size_t)ins->nbinds);

		mem_copy(keep, cells, sizeof(*keep) * (size_t)ins->nbinds);
		free(cells);
		cat_fixpoint(r, ins->exp, ins->binds, ins->nbinds, keep);
	}
}

static void exec_let(struct cat_run *r, const struct gins *g)
{
	const struct cat_ins *ins = g->ins;
	int i, j, k = 0;

	for (i = 0; i < ins->nbinds; i++) {
		const struct cat_bind *b = &ins->binds[i];
		struct value v = cat_eval(r, b->exp, NULL);

		if (b->name) {
			r->g[g->slots[k++]] = v;
			continue;
		}
		if (v.k != V_TUPLE || v.u.vs->n != b->npat) {
			struct cat_exp at;

			memset(&at, 0, sizeof(at));
			at.file = b->file;
			at.off = b->off;
			cat_fail(r, &at, "a tuple of %d values is expected", b->npat);
		}
		for (j = 0; j < b->npat; j++)
			r->g[g->slots[k++]] = v.u.vs->v[j];
	}
}

static void exec_enum(struct cat_run *r, const struct gins *g)
{
	const struct cat_ins *ins = g->ins;
	const struct cat_model *m = r->m;
	struct value *v = arena_alloc(&r->arena[r->cur_level],
				      sizeof(*v) * (size_t)(ins->ntags + 1));
	int i, t;

	for (i = 0; i < ins->ntags; i++) {
		for (t = 0; t < m->ntags; t++)
			if (!strcmp(m->tags[t], ins->tags[i]))
				break;
		v[i].k = V_TAG;
		v[i].u.tag = t;
	}
	r->g[g->slots[0]] = cat_valset_make(r, v, ins->ntags);
}

/* 0 false, 1 true, 2 unknown: the test on the bounds of v */
static int test3(struct cat_run *r, const struct cat_ins *ins, struct value v)
{
	const struct bits_dim *d = &r->dim;
	const bword *lo, *hi;
	bool on_sets;

	if (!((v.k == V_SET || v.k == V_REL) && v.hi))
		return test_holds(r, ins, v) ? 1 : 0;
	on_sets = v.k == V_SET;
	lo = v.u.bits;
	hi = v.hi;
	switch (ins->test) {
	case CAT_ACYCLIC:
		if (on_sets)
			cat_fail(r, ins->exp, "acyclic needs a relation");
		if (!rel_is_acyclic(d, lo))
			return 0;
		return rel_is_acyclic(d, hi) ? 1 : 2;
	case CAT_IRREFLEXIVE:
		if (on_sets)
			cat_fail(r, ins->exp, "irreflexive needs a relation");
		if (!rel_is_irreflexive(d, lo))
			return 0;
		return rel_is_irreflexive(d, hi) ? 1 : 2;
	case CAT_EMPTY_TEST:
		if (on_sets ? !set_is_empty(d, lo) : !rel_is_empty(d, lo))
			return 0;
		return (on_sets ? set_is_empty(d, hi) : rel_is_empty(d, hi)) ? 1 : 2;
	}
	return 2;
}

/* Returns 1 when every check of the block passes, 0 if one fails. */
static int exec_block(struct cat_run *r, int level)
{
	const struct cat_model *m = r->m;
	const int *b = r->block[level];
	uint64_t *flags = r->flags + level * r->fwords;

	for (; *b >= 0; b++) {
		const struct gins *g = &m->ins[*b];
		const struct cat_ins *ins = g->ins;

		switch (ins->op) {
		case CAT_INS_LET:
			exec_let(r, g);
			break;
		case CAT_INS_LETREC:
			exec_letrec(r, g);
			break;
		case CAT_INS_ENUM:
			exec_enum(r, g);
			break;
		case CAT_INS_WITH:
			r->g[g->set_slot] = cat_eval(r, ins->exp, NULL);
			break;
		case CAT_INS_TEST: {
			int res = test3(r, ins, cat_eval(r, ins->exp, NULL));
			uint64_t bit = (uint64_t)1 << (g->flag & 63);

			if (ins->negated && res != 2)
				res = !res;
			if (ins->type == CAT_CHECK) {
				if (res == 0)
					return 0;
			} else {
				/* a flag is raised when it holds; requires, when it fails */
				int raised = ins->type == CAT_FLAG ? res == 1 :
					     res == 0;
				int maybe = res == 2 || raised;

				if (!r->interval) {
					if (raised)
						flags[g->flag >> 6] |= bit;
				} else {
					if (raised)
						r->sure_flags[g->flag >> 6] |= bit;
					if (maybe)
						r->maybe_flags[g->flag >> 6] |= bit;
				}
			}
			break;
		}
		default:
			break;
		}
	}
	return 1;
}

int cat_run_level(struct cat_run *r, int level)
{
	jmp_buf here;
	int ret;

	r->cur_level = level;
	arena_reset(&r->arena[level]);
	memset(r->flags + level * r->fwords, 0, sizeof(uint64_t) * (size_t)r->fwords);
	r->fail = &here;
	r->depth = 0;
	if (setjmp(here))
		return -1;
	ret = exec_block(r, level);
	r->fail = NULL;
	return ret;
}

struct descend_ctx {
	int level;
	int with_slot;
};

/* A partial choice of the "with" of a level: prune it when a check fails
 * whatever the rest. */
static int with_prefix(struct cat_run *r, const bword *lo, const bword *hi, void *ctx)
{
	struct descend_ctx *c = ctx;
	int res = cat_run_interval(r, c->level, lo, hi);

	if (res < 0)
		longjmp(*r->fail, 1);
	return res != 0;
}

/* At most how many members a set of relations has (saturating at 1e9). */
static double set_size(const struct cat_run *r, struct value v)
{
	double n = 1;
	int i, k;

	switch (v.k) {
	case V_LIN: {
		/* elements ordered with every other one by pco are fixed */
		const struct bits_dim *d = &r->dim;
		bword *c = xcalloc(bits_rel_words(d), sizeof(bword));
		int a, b;

		rel_restrict(d, c, v.u.lin->pco, v.u.lin->set, v.u.lin->set);
		rel_closure(d, c);
		k = 0;
		for (a = set_next(d, v.u.lin->set, 0); a >= 0; a = set_next(d, v.u.lin->set, a + 1))
			for (b = set_next(d, v.u.lin->set, 0); b >= 0;
			     b = set_next(d, v.u.lin->set, b + 1))
				if (a != b && !rel_get(d, c, a, b) && !rel_get(d, c, b, a)) {
					k++;
					break;
				}
		free(c);
		for (i = 2; i <= k && n < 1e9; i++)
			n *= i;
		return n;
	}
	case V_CROSS:
		for (i = 0; i < v.u.vs->n && n < 1e9; i++)
			n *= set_size(r, v.u.vs->v[i]);
		return n;
	case V_VALSET:
		return v.u.vs->n;
	default:
		return 1;
	}
}

/* Sets with more members than this are enumerated with pruning of partial choices. */
#define PRUNE_WITH_SIZE 24

static int descend(struct cat_run *r, int level);

/* Whether the clock has passed t (never, for a zero t). */
static bool past(clockid_t clock, const struct timespec *t)
{
	struct timespec now;

	if (!t->tv_sec && !t->tv_nsec)
		return false;
	clock_gettime(clock, &now);
	return now.tv_sec > t->tv_sec || (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

static int member_cb(struct cat_run *r, struct value v, void *ctx)
{
	struct descend_ctx *c = ctx;
	jmp_buf *outer = r->fail;
	int ret;

	if (r->stop && *r->stop)
		return 1;
	if (r->counter && ++*r->counter > r->max_count && r->max_count > 0) {
		r->count_hit = true;
		return 1;
	}
	if ((++r->members & 255) == 0 &&
	    (past(CLOCK_MONOTONIC, &r->deadline) || past(CLOCK_THREAD_CPUTIME_ID, &r->cpu_deadline))) {
		r->timed_out = true;
		return 1;
	}
	r->g[c->with_slot] = v;
	ret = cat_run_level(r, c->level);
	r->fail = outer;
	r->cur_level = c->level - 1;
	if (ret < 0)
		longjmp(*outer, 1);
	if (ret == 0)
		return 0;
	return descend(r, c->level + 1);
}

/* Runs the levels from level up; returns nonzero to stop the enumeration. */
static int descend(struct cat_run *r, int level)
{
	const struct cat_model *m = r->m;
	struct descend_ctx c;
	int i;

	if (level >= r->nlevels) {
		uint64_t *all = arena_alloc(&r->arena[r->nlevels - 1],
					    sizeof(uint64_t) * (size_t)r->fwords);
		int l, w;

		for (l = 0; l < r->nlevels; l++)
			for (w = 0; w < r->fwords; w++)
				all[w] |= r->flags[l * r->fwords + w];
		r->accepted++;
		r->accept(r->accept_ctx, all);
		return (r->stop && *r->stop) || r->timed_out || r->count_hit;
	}
	for (i = 0; i < m->nins; i++)
		if (m->ins[i].with_slot >= 0 && m->slots[m->ins[i].with_slot].with_level == level)
			break;
	c.level = level;
	c.with_slot = m->ins[i].with_slot;
	r->cur_level = level - 1;
	if (set_size(r, r->g[m->ins[i].set_slot]) > PRUNE_WITH_SIZE)
		return cat_for_each_member_pruned(r, m->ins[i].ins->exp, r->g[m->ins[i].set_slot],
						  member_cb, &c, with_prefix, &c);
	return cat_for_each_member(r, m->ins[i].ins->exp, r->g[m->ins[i].set_slot], member_cb, &c);
}

long cat_run_withs(struct cat_run *r, cat_accept_fn accept, void *ctx, const volatile bool *stop)
{
	jmp_buf here;

	r->accept = accept;
	r->accept_ctx = ctx;
	r->stop = stop;
	r->accepted = 0;
	r->fail = &here;
	if (setjmp(here)) {
		r->fail = NULL;
		return -1;
	}
	descend(r, 3);
	r->fail = NULL;
	return r->accepted;
}

const bword *cat_run_lookup(struct cat_run *r, const char *name)
{
	const struct cat_model *m = r->m;
	int i;

	for (i = m->nslots - 1; i >= 0; i--) {
		if (m->slots[i].name && !strcmp(m->slots[i].name, name)) {
			if (r->g[i].k == V_REL || r->g[i].k == V_SET)
				return r->g[i].u.bits;
			return NULL;
		}
	}
	return NULL;
}

void cat_run_set_deadline(struct cat_run *r, const struct timespec *wall,
			  const struct timespec *cpu)
{
	r->deadline = *wall;
	r->cpu_deadline = *cpu;
	r->timed_out = false;
}

bool cat_run_timed_out(const struct cat_run *r)
{
	return r->timed_out;
}

void cat_run_set_counter(struct cat_run *r, long *counter, long max)
{
	r->counter = counter;
	r->max_count = max;
	r->count_hit = false;
}

bool cat_run_count_hit(const struct cat_run *r)
{
	return r->count_hit;
}

static int with_level_ins(const struct cat_run *r, int level)
{
	const struct cat_model *m = r->m;
	int i;

	for (i = 0; i < m->nins; i++)
		if (m->ins[i].with_slot >= 0 && m->slots[m->ins[i].with_slot].with_level == level)
			return i;
	return -1;
}

/*
 * Interval evaluation of the levels from `from` on: the "with" variables take
 * the bounds of their sets (or lo/hi for the first level, when given).
 * Returns 0 when a check fails whatever the choices, 1 otherwise, -1 on an
 * error of the model.
 */
int cat_run_interval(struct cat_run *r, int from, const bword *lo, const bword *hi)
{
	jmp_buf here, unk;
	jmp_buf *saved_fail = r->fail, *saved_unk = r->unknown;
	int saved_level = r->cur_level, saved_depth = r->depth;
	volatile int ret = 1;
	int level;

	memset(r->sure_flags, 0, sizeof(uint64_t) * (size_t)r->fwords);
	memset(r->maybe_flags, 0, sizeof(uint64_t) * (size_t)r->fwords);
	r->interval = true;
	r->fail = &here;
	r->unknown = &unk;
	r->depth = 0;
	if (setjmp(here)) {
		ret = -1;
		goto out;
	}
	if (setjmp(unk)) {
		ret = 1;
		/* no conclusion: every flag of the model may be raised */
		memset(r->maybe_flags, 0xff, sizeof(uint64_t) * (size_t)r->fwords);
		goto out;
	}
	for (level = from; level < r->nlevels; level++) {
		r->cur_level = level;
		arena_reset(&r->arena[level]);
		if (level >= 3) {
			int gi = with_level_ins(r, level);
			const struct gins *g = &r->m->ins[gi];
			bword *blo = cat_new_rel(r), *bhi = cat_new_rel(r);

			if (level == from && lo) {
				rel_copy(&r->dim, blo, lo);
				rel_copy(&r->dim, bhi, hi);
			} else if (!cat_set_hull(r, g->ins->exp, r->g[g->set_slot], blo, bhi)) {
				ret = 0;
				goto out;
			}
			r->g[g->with_slot] = cat_interval(r, V_REL, blo, bhi);
		}
		if (!exec_block(r, level)) {
			ret = 0;
			goto out;
		}
	}
out:
	r->interval = false;
	r->fail = saved_fail;
	r->unknown = saved_unk;
	r->cur_level = saved_level;
	r->depth = saved_depth;
	return ret;
}

void cat_run_interval_flags(const struct cat_run *r, uint64_t *sure, uint64_t *maybe)
{
	int w;

	for (w = 0; w < r->fwords; w++) {
		sure[w] = r->sure_flags[w];
		maybe[w] = r->maybe_flags[w];
	}
}

void cat_run_level_flags(const struct cat_run *r, int level, uint64_t *out)
{
	memcpy(out, r->flags + level * r->fwords, sizeof(uint64_t) * (size_t)r->fwords);
}
