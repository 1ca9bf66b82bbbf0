/*
 * cat-run.c: running a compiled model on one test: the inputs, the levels
 * the instructions fall into, each level's block of instructions, and the
 * enumeration of the "with" choices above level 2.
 */
#include "cat-int.h"
#include "../lib/util.h"

#include <stdlib.h>
#include <string.h>

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
	for (i = 0; i < CIN_NR; i++)
		free(r->input[i]);
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

void cat_run_set_input(struct cat_run *r, enum cat_input in, const bword *bits)
{
	size_t words = input_is_rel(in) ? bits_rel_words(&r->dim) : bits_set_words(&r->dim);

	memcpy(r->input[in], bits, words * sizeof(bword));
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

		memcpy(keep, cells, sizeof(*keep) * (size_t)ins->nbinds);
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
			bool ok = test_holds(r, ins, cat_eval(r, ins->exp, NULL));

			if (ins->negated)
				ok = !ok;
			if (ins->type == CAT_CHECK) {
				if (!ok)
					return 0;
			} else if (ins->type == CAT_FLAG) {
				if (ok)
					flags[g->flag >> 6] |= (uint64_t)1 << (g->flag & 63);
			} else if (!ok) {
				flags[g->flag >> 6] |= (uint64_t)1 << (g->flag & 63);
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

static int descend(struct cat_run *r, int level);

static int member_cb(struct cat_run *r, struct value v, void *ctx)
{
	struct descend_ctx *c = ctx;
	jmp_buf *outer = r->fail;
	int ret;

	if (r->stop && *r->stop)
		return 1;
	if (r->deadline.tv_sec && (++r->members & 255) == 0) {
		struct timespec now;

		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec > r->deadline.tv_sec ||
		    (now.tv_sec == r->deadline.tv_sec && now.tv_nsec >= r->deadline.tv_nsec)) {
			r->timed_out = true;
			return 1;
		}
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
		return (r->stop && *r->stop) || r->timed_out;
	}
	for (i = 0; i < m->nins; i++)
		if (m->ins[i].with_slot >= 0 && m->slots[m->ins[i].with_slot].with_level == level)
			break;
	c.level = level;
	c.with_slot = m->ins[i].with_slot;
	r->cur_level = level - 1;
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

void cat_run_set_deadline(struct cat_run *r, const struct timespec *deadline)
{
	r->deadline = *deadline;
	r->timed_out = false;
}

bool cat_run_timed_out(const struct cat_run *r)
{
	return r->timed_out;
}
