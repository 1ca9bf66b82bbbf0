/*
 * exec.c: the enumeration of candidate executions, as herd7 does it:
 *   - one path per process (exec_combo), the events numbered initial
 *     writes first;
 *   - a write (or the initial value) for every read, depth first, values
 *     solved from the choices made so far and a choice dropped as soon as a
 *     branch condition or a location disagrees (rf_dfs);
 *   - a final write for every location the condition observes, among the
 *     last writes of each process (fw_enum);
 *   - then the model, level by level (cat-eval.h), which enumerates its own
 *     "with" choices (the coherence order) and accepts or rejects.
 */
#include "exec.h"
#include "cat-eval.h"
#include "sem.h"
#include "../lib/util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* a global event of the current combination of paths */
struct gev {
	int thread;		/* -1: an initial write */
	int local;		/* index in its path; for an initial write, the location */
	const struct tev *tev;	/* NULL for an initial write */
};

/* M_BAD: an access whose address is an integer, not a location: the
 * candidate is dropped */
enum { M_NONE, M_BUSY, M_KNOWN, M_UNKNOWN, M_BAD };

struct memo {
	unsigned char st;
	struct lit_gval v;
};

/* a location whose final value is observed (registers and globals) */
struct oloc {
	int thread;		/* -1: a global */
	const char *name;
	int loc;		/* a global: its location id */
};

struct state_set {
	struct lit_gval *rows;
	int n, alloc, width;
	int *hash;		/* open addressing: row index + 1, 0 empty */
	int hsize;
};

struct engine {
	const struct litmus *t;
	const struct litmus_model *m;
	const struct lit_limits *lim;
	struct sem_test st;
	bool loc_dynamic;
	struct oloc *obs;
	int nobs, nshown;
	/* the combination */
	int *sel;
	const struct tpath **path;
	int *base;
	struct gev ev[LITMUS_MAX_EVENTS];
	int n;
	struct bits_dim dim;
	struct cat_run **runs;		/* by number of events */
	struct cat_run *run;
	/* read-from */
	int reads[LITMUS_MAX_EVENTS];
	int nreads;
	int src[LITMUS_MAX_EVENTS];	/* for reads: -2 none yet, -1 initial value, else a write */
	int loc[LITMUS_MAX_EVENTS];	/* location of each event (-1: none or unknown) */
	int freecls[LITMUS_MAX_EVENTS];	/* reads with a free value: its cycle, else -1 */
	struct memo **memo;		/* per thread, per symbolic value */
	bword *scratch;			/* relations and sets handed to the model */
	bword *has_value;
	int64_t value_key[LITMUS_MAX_EVENTS];
	/* final writes */
	int *fwbuf;			/* final-write candidates: (nobs + 1) * (n + 1) */
	struct lit_gval final[LITMUS_MAX_EVENTS];	/* per observed location */
	bool final_known[LITMUS_MAX_EVENTS];
	bool cur_ok;
	int cur_state;
	/* results */
	struct state_set states;
	long pos, neg;
	uint64_t flags;
	long candidates;
	long nodes;
	/* mode: exhaustive, or a search for one execution of a kind */
	int mode;
	int target_flag;
	volatile bool halt;		/* stop everything (found, limit, external stop) */
	bool witness;			/* the outcome comes from searches */
	uint64_t flags_level0;		/* flags raised at level 0 of the current combination */
	double estimate;		/* read-from candidates of all combinations, at most */
	double budget;			/* exhaustive attempt: CPU seconds before searches instead */
	const char *debug;		/* $ACQREL_LITMUS_DEBUG: relations to print per execution */
	bool over_budget;
	uint64_t flags_checked;		/* witness: flags decided */
	long interval_checks, pruned;
	double subtree[LITMUS_MAX_EVENTS + 1];	/* read-from leaves below node k, at most */
	bword *scratch2, *scratch3;
	bool stopped;
	char *limit;
	struct timespec start;
	struct timespec cpu_start;	/* CLOCK_THREAD_CPUTIME_ID at the start */
	char *err;
	jmp_buf fail;
};

__attribute__((noreturn, format(printf, 4, 5)))
static void fail(struct engine *e, const struct source *src, size_t off, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!e->err)
		e->err = source_error(src ? src : &e->t->src, off, "%s", msg);
	longjmp(e->fail, 1);
}

static double elapsed(const struct engine *e)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - e->start.tv_sec) + (now.tv_nsec - e->start.tv_nsec) / 1e9;
}

/* CPU time of this thread since the start: what the budget counts, so that
 * the choice between counting and witness searches does not depend on load. */
static double cpu_used(const struct engine *e)
{
	struct timespec now;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
	return (double)(now.tv_sec - e->cpu_start.tv_sec) +
	       (now.tv_nsec - e->cpu_start.tv_nsec) / 1e9;
}

static struct timespec add_seconds(struct timespec t, double s)
{
	t.tv_sec += (time_t)s;
	t.tv_nsec += (long)((s - (double)(time_t)s) * 1e9);
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	return t;
}

/* ------------------------------------------------------------------ */
/* values */

static const struct sem_loc *loc_of(const struct engine *e, int l)
{
	return &e->st.locs[l];
}

static struct lit_gval init_value(const struct engine *e, int l)
{
	const struct sem_loc *sl = loc_of(e, l);
	struct lit_gval v;

	v.is_free = false;
	if (sl->init.is_sym && sl->init_sym >= 0) {
		v.is_sym = true;
		v.num = sl->init_sym;
	} else {
		v.is_sym = false;
		v.num = sl->init.is_sym ? 0 : sl->init.num;
	}
	return v;
}

static int eval_sv(struct engine *e, int th, int sv, struct lit_gval *out);

/* Location of global event g: M_KNOWN (in *loc), or M_UNKNOWN. */
static int event_loc(struct engine *e, int g, int *loc)
{
	const struct gev *x = &e->ev[g];
	struct lit_gval v;
	int st;

	if (x->thread < 0) {
		*loc = x->local;
		return M_KNOWN;
	}
	if (x->tev->loc < 0) {
		*loc = -1;
		return M_KNOWN;
	}
	st = eval_sv(e, x->thread, x->tev->loc, &v);
	if (st != M_KNOWN)
		return st;
	if (!v.is_sym)
		return M_BAD;
	*loc = (int)v.num;
	return M_KNOWN;
}

/* Value written by write g (or the initial value). */
static int write_value(struct engine *e, int g, struct lit_gval *out)
{
	const struct gev *x = &e->ev[g];

	if (x->thread < 0) {
		*out = init_value(e, x->local);
		return M_KNOWN;
	}
	return eval_sv(e, x->thread, x->tev->val, out);
}

static int64_t arith(struct engine *e, const struct sval *at, enum cbin b, int64_t x, int64_t y)
{
	uint64_t ux = (uint64_t)x, uy = (uint64_t)y;

	switch (b) {
	case CB_ADD: return (int64_t)(ux + uy);
	case CB_SUB: return (int64_t)(ux - uy);
	case CB_MUL: return (int64_t)(ux * uy);
	case CB_DIV:
		if (!y)
			fail(e, at ? at->src : NULL, at ? at->off : 0, "division by zero");
		if (x == INT64_MIN && y == -1)
			return x;
		return x / y;
	case CB_AND: return x & y;
	case CB_OR: return x | y;
	case CB_XOR: return x ^ y;
	case CB_EQ: return x == y;
	case CB_NE: return x != y;
	case CB_LT: return x < y;
	case CB_LE: return x <= y;
	case CB_GT: return x > y;
	case CB_GE: return x >= y;
	}
	return 0;
}

static int eval_sv(struct engine *e, int th, int sv, struct lit_gval *out)
{
	struct memo *mm = &e->memo[th][sv];
	const struct sval *s = &e->path[th]->sv[sv];
	struct lit_gval a, b;
	int st, g;

	if (mm->st == M_KNOWN) {
		*out = mm->v;
		return M_KNOWN;
	}
	if (mm->st == M_UNKNOWN || mm->st == M_BUSY)
		return M_UNKNOWN;
	mm->st = M_BUSY;
	st = M_KNOWN;
	mm->v.is_free = false;
	switch (s->op) {
	case SV_NUM:
		mm->v.is_sym = false;
		mm->v.num = s->num;
		break;
	case SV_SYM:
		mm->v.is_sym = true;
		mm->v.num = s->sym;
		break;
	case SV_READ:
		g = e->base[th] + s->ev;
		if (e->freecls[g] >= 0) {
			mm->v.is_sym = false;
			mm->v.is_free = true;
			mm->v.num = e->freecls[g];
		} else if (e->src[g] == -2) {
			st = M_UNKNOWN;
		} else if (e->src[g] == -1) {
			int l;

			st = event_loc(e, g, &l);
			if (st == M_KNOWN)
				mm->v = init_value(e, l);
			else
				st = M_UNKNOWN;
		} else {
			st = write_value(e, e->src[g], &mm->v);
		}
		break;
	case SV_BIN: {
		int sa = eval_sv(e, th, s->a, &a);
		int sb = eval_sv(e, th, s->b, &b);

		if (sa != M_KNOWN || sb != M_KNOWN || a.is_free || b.is_free) {
			/* a free value in an operation: an equation herd cannot solve */
			st = M_UNKNOWN;
			break;
		}
		mm->v.is_sym = false;
		if ((a.is_sym && !b.is_sym && !b.num && (s->bin == CB_ADD || s->bin == CB_SUB)) ||
		    (b.is_sym && !a.is_sym && !a.num && s->bin == CB_ADD)) {
			/* an address plus or minus 0 (herd's offset 0) */
			mm->v = a.is_sym ? a : b;
		} else if (a.is_sym || b.is_sym) {
			if (s->bin == CB_EQ || s->bin == CB_NE) {
				bool same = a.is_sym == b.is_sym && a.num == b.num;

				mm->v.num = s->bin == CB_EQ ? same : !same;
			} else {
				/* arithmetic on an address: as herd, an error of the test */
				fail(e, s->src, s->off, "arithmetic on the address of a location "
				     "(other than adding 0) is not supported");
			}
		} else {
			mm->v.num = arith(e, s, s->bin, a.num, b.num);
		}
		break;
	}
	}
	mm->st = (unsigned char)st;
	if (st == M_KNOWN)
		*out = mm->v;
	return st;
}

static void clear_memo(struct engine *e)
{
	int i;

	for (i = 0; i < e->t->nthreads; i++)
		memset(e->memo[i], 0, sizeof(struct memo) * (size_t)e->path[i]->nsv);
}

/* ------------------------------------------------------------------ */
/* the static part of a combination */

static bool sv_depends_on_read(const struct tpath *p, int sv)
{
	const struct sval *s = &p->sv[sv];

	switch (s->op) {
	case SV_READ:
		return true;
	case SV_BIN:
		return sv_depends_on_read(p, s->a) || sv_depends_on_read(p, s->b);
	default:
		return false;
	}
}

static bool has_annot(const struct tev *x, const char *a)
{
	int i;

	for (i = 0; i < x->nannots; i++)
		if (!strcmp(x->annots[i], a))
			return true;
	return false;
}

/* po between thread events a and b (same thread) */
static bool po_before(const struct engine *e, int a, int b)
{
	const struct gev *x = &e->ev[a], *y = &e->ev[b];

	if (x->thread < 0 || x->thread != y->thread || a == b)
		return false;
	if (x->tev->poi != y->tev->poi)
		return x->tev->poi < y->tev->poi;
	return lset_has(&y->tev->iico, x->local);
}

typedef bool (*ev_pred)(const struct gev *x);

static bool is_r(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_R; }
static bool is_w(const struct gev *x) { return x->thread < 0 || x->tev->kind == EV_W; }
static bool is_m(const struct gev *x) { return is_r(x) || is_w(x); }
static bool is_f(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_F; }
static bool is_iw(const struct gev *x) { return x->thread < 0; }
static bool is_rmwset(const struct gev *x) { return x->thread >= 0 && x->tev->atomic; }
static bool is_lkr(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_LKR; }
static bool is_lkw(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_LKW; }
static bool is_lk(const struct gev *x) { return is_lkr(x) || is_lkw(x); }
static bool is_lf(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_LF; }
static bool is_ul(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_UL; }
static bool is_rl(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_RL; }
static bool is_ru(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_RU; }
static bool is_srcu(const struct gev *x) { return x->thread >= 0 && x->tev->kind == EV_SRCU; }
static bool is_none(const struct gev *x) { (void)x; return false; }
static bool is_all(const struct gev *x) { (void)x; return true; }
static bool is_annotated(const struct gev *x)
{
	return x->thread >= 0 && x->tev->nannots > 0 &&
	       (x->tev->kind == EV_R || x->tev->kind == EV_W || x->tev->kind == EV_F);
}

static void set_input_pred(struct engine *e, enum cat_input in, ev_pred p)
{
	bword *s = e->scratch;
	int i;

	set_zero(&e->dim, s);
	for (i = 0; i < e->n; i++)
		if (p(&e->ev[i]))
			bit_set(s, i);
	cat_run_set_input(e->run, in, s);
}

static void set_loc_input(struct engine *e)
{
	const struct bits_dim *d = &e->dim;
	bword *r = e->scratch;
	int i, j;

	rel_zero(d, r);
	for (i = 0; i < e->n; i++) {
		if (e->loc[i] < 0)
			continue;
		for (j = 0; j < e->n; j++)
			if (e->loc[j] == e->loc[i])
				rel_add(d, r, i, j);
	}
	cat_run_set_input(e->run, CIN_LOC, r);
}

static void set_static_inputs(struct engine *e)
{
	const struct bits_dim *d = &e->dim;
	const struct cat_model *cm = e->m->cat;
	bword *r = e->scratch;
	int i, j, k;

	set_input_pred(e, CIN_R, is_r);
	set_input_pred(e, CIN_W, is_w);
	set_input_pred(e, CIN_M, is_m);
	set_input_pred(e, CIN_F, is_f);
	set_input_pred(e, CIN_IW, is_iw);
	set_input_pred(e, CIN_RMWSET, is_rmwset);
	set_input_pred(e, CIN_LK, is_lk);
	set_input_pred(e, CIN_LKR, is_lkr);
	set_input_pred(e, CIN_LKW, is_lkw);
	set_input_pred(e, CIN_LS, is_none);
	set_input_pred(e, CIN_LF, is_lf);
	set_input_pred(e, CIN_UL, is_ul);
	set_input_pred(e, CIN_RL, is_rl);
	set_input_pred(e, CIN_RU, is_ru);
	set_input_pred(e, CIN_SRCU_EV, is_srcu);
	set_input_pred(e, CIN_A, is_none);
	set_input_pred(e, CIN_NA, is_all);
	set_input_pred(e, CIN_ANNOT, is_annotated);
	set_input_pred(e, CIN_EMPTYSET, is_none);
	for (k = 0; k < cat_model_nannots(cm); k++) {
		const char *a = cat_model_annot(cm, k);

		set_zero(d, r);
		for (i = 0; i < e->n; i++)
			if (e->ev[i].thread >= 0 && has_annot(e->ev[i].tev, a))
				bit_set(r, i);
		cat_run_set_annot(e->run, k, r);
	}
	/* relations */
	rel_zero(d, r);
	for (i = 0; i < e->n; i++)
		rel_add(d, r, i, i);
	cat_run_set_input(e->run, CIN_ID, r);
	rel_zero(d, r);
	for (i = 0; i < e->n; i++)
		for (j = 0; j < e->n; j++)
			if (e->ev[i].thread >= 0 && e->ev[i].thread == e->ev[j].thread)
				rel_add(d, r, i, j);
	cat_run_set_input(e->run, CIN_INT, r);
	rel_zero(d, r);
	for (i = 0; i < e->n; i++)
		for (j = 0; j < e->n; j++)
			if (e->ev[i].thread != e->ev[j].thread)
				rel_add(d, r, i, j);
	cat_run_set_input(e->run, CIN_EXT, r);
	rel_zero(d, r);
	for (i = 0; i < e->n; i++)
		for (j = 0; j < e->n; j++)
			if (po_before(e, i, j))
				rel_add(d, r, i, j);
	cat_run_set_input(e->run, CIN_PO, r);
	/* dependencies: from the reads a thread event depends on */
	{
		static const enum cat_input deps[] = { CIN_ADDR, CIN_DATA, CIN_CTRL };
		int w;

		for (w = 0; w < 3; w++) {
			rel_zero(d, r);
			for (i = 0; i < e->n; i++) {
				const struct gev *x = &e->ev[i];
				const struct lset *s;
				int b;

				if (x->thread < 0)
					continue;
				s = deps[w] == CIN_ADDR ? &x->tev->addr :
				    deps[w] == CIN_DATA ? &x->tev->data : &x->tev->ctrl;
				if (deps[w] == CIN_DATA && x->tev->kind != EV_W)
					continue;
				for (b = 0; b < e->path[x->thread]->nev; b++)
					if (lset_has(s, b))
						rel_add(d, r, e->base[x->thread] + b, i);
			}
			if (deps[w] == CIN_DATA) {
				for (i = 0; i < e->n; i++) {
					const struct gev *x = &e->ev[i];

					if (x->thread >= 0 && x->tev->rmw >= 0 && x->tev->rmw_data)
						rel_add(d, r, i, e->base[x->thread] + x->tev->rmw);
				}
			}
			cat_run_set_input(e->run, deps[w], r);
		}
	}
	rel_zero(d, r);
	for (i = 0; i < e->n; i++) {
		const struct gev *x = &e->ev[i];

		if (x->thread >= 0 && x->tev->rmw >= 0)
			rel_add(d, r, i, e->base[x->thread] + x->tev->rmw);
	}
	cat_run_set_input(e->run, CIN_RMW, r);
	cat_run_set_input(e->run, CIN_AMO, r);
}

/* ------------------------------------------------------------------ */
/* final states */

static int cmp_gval(const struct engine *e, struct lit_gval a, struct lit_gval b)
{
	if (a.is_free != b.is_free)
		return a.is_free ? 1 : -1;
	if (a.is_sym != b.is_sym)
		return a.is_sym ? 1 : -1;
	if (a.is_free)
		return a.num < b.num ? -1 : a.num > b.num;
	if (a.is_sym)
		return strcmp(e->st.locs[a.num].name, e->st.locs[b.num].name);
	return a.num < b.num ? -1 : a.num > b.num;
}

static uint64_t row_hash(const struct lit_gval *row, int width)
{
	uint64_t h = 1469598103934665603ull;
	int k;

	for (k = 0; k < width; k++) {
		h = (h ^ (uint64_t)row[k].num) * 1099511628211ull;
		h = (h ^ (uint64_t)(row[k].is_sym + 2 * row[k].is_free)) * 1099511628211ull;
	}
	return h;
}

static bool row_equal(const struct lit_gval *x, const struct lit_gval *y, int width)
{
	int k;

	for (k = 0; k < width; k++)
		if (x[k].is_sym != y[k].is_sym || x[k].is_free != y[k].is_free || x[k].num != y[k].num)
			return false;
	return true;
}

static void state_rehash(struct state_set *s)
{
	int i;

	s->hsize = s->hsize ? 2 * s->hsize : 64;
	free(s->hash);
	s->hash = xcalloc((size_t)s->hsize, sizeof(int));
	for (i = 0; i < s->n; i++) {
		size_t h = (size_t)row_hash(s->rows + (size_t)i * (size_t)s->width, s->width);

		while (s->hash[h & (size_t)(s->hsize - 1)])
			h++;
		s->hash[h & (size_t)(s->hsize - 1)] = i + 1;
	}
}

static int state_find_or_add(struct engine *e, const struct lit_gval *row)
{
	struct state_set *s = &e->states;
	size_t h;
	int i;

	if (2 * (s->n + 1) > s->hsize)
		state_rehash(s);
	h = (size_t)row_hash(row, s->width);
	for (;; h++) {
		i = s->hash[h & (size_t)(s->hsize - 1)];
		if (!i)
			break;
		if (row_equal(s->rows + (size_t)(i - 1) * (size_t)s->width, row, s->width))
			return i - 1;
	}
	s->hash[h & (size_t)(s->hsize - 1)] = s->n + 1;
	if ((s->n + 1) * s->width > s->alloc) {
		s->alloc = s->alloc ? 2 * s->alloc : 16 * (s->width ? s->width : 1);
		s->rows = xrealloc(s->rows, sizeof(*s->rows) * (size_t)s->alloc);
	}
	if (s->width)
		memcpy(s->rows + (size_t)s->n * (size_t)s->width, row,
		       sizeof(*row) * (size_t)s->width);
	return s->n++;
}

/* The observed location index of a (thread, name), or -1. */
static int obs_find(const struct engine *e, int thread, const char *name)
{
	int i;

	for (i = 0; i < e->nobs; i++)
		if (e->obs[i].thread == thread && !strcmp(e->obs[i].name, name))
			return i;
	return -1;
}

static int obs_add(struct engine *e, int *alloc, int thread, const char *name)
{
	int i = obs_find(e, thread, name);

	if (i >= 0)
		return i;
	ALLOC_GROW(e->obs, e->nobs + 1, *alloc);
	e->obs[e->nobs].thread = thread;
	e->obs[e->nobs].name = name;
	e->obs[e->nobs].loc = thread < 0 ? sem_find_loc(&e->st, name) : -1;
	return e->nobs++;
}

static void obs_cond(struct engine *e, int *alloc, const struct lit_cond *c)
{
	if (!c)
		return;
	switch (c->op) {
	case COND_EQ:
		obs_add(e, alloc, c->loc.thread, c->loc.name);
		break;
	case COND_EQ_LOC:
		obs_add(e, alloc, c->loc.thread, c->loc.name);
		obs_add(e, alloc, c->loc2.thread, c->loc2.name);
		break;
	default:
		obs_cond(e, alloc, c->l);
		obs_cond(e, alloc, c->r);
		break;
	}
}

/* herd's order of locations in a state: registers by process then name, then globals */
static int cmp_oloc(const void *a, const void *b)
{
	const struct oloc *x = a, *y = b;

	if ((x->thread < 0) != (y->thread < 0))
		return x->thread < 0 ? 1 : -1;
	if (x->thread != y->thread)
		return x->thread - y->thread;
	return strcmp(x->name, y->name);
}

static void collect_observed(struct engine *e)
{
	const struct litmus *t = e->t;
	int alloc = 0, i;

	for (i = 0; i < t->nlocations; i++)
		obs_add(e, &alloc, t->locations[i].thread, t->locations[i].name);
	obs_cond(e, &alloc, t->cond);
	if (e->nobs > 1)
		qsort(e->obs, (size_t)e->nobs, sizeof(*e->obs), cmp_oloc);
	e->nshown = e->nobs;
	obs_cond(e, &alloc, t->filter);
	/* filter-only locations after the shown ones */
	if (e->nobs > e->nshown)
		qsort(e->obs + e->nshown, (size_t)(e->nobs - e->nshown), sizeof(*e->obs), cmp_oloc);
	for (i = 0; i < e->nobs; i++)
		if (e->obs[i].thread >= t->nthreads)
			fail(e, NULL, t->cond_off, "the condition names process %d, which does not exist",
			     e->obs[i].thread);
}

static struct lit_gval final_reg(struct engine *e, int th, const char *name)
{
	const struct tpath *p = e->path[th];
	struct lit_gval v;
	int i;

	for (i = p->nregs - 1; i >= 0; i--) {
		if (!strcmp(p->regs[i].name, name)) {
			if (eval_sv(e, th, p->regs[i].sv, &v) != M_KNOWN)
				fail(e, NULL, e->t->cond_off, "internal: register %d:%s undetermined",
				     th, name);
			return v;
		}
	}
	v.is_sym = false;
	v.is_free = false;
	v.num = 0;
	return v;
}

enum { C_FALSE, C_TRUE, C_UNKNOWN };

enum { MODE_ALL, MODE_POS, MODE_NEG, MODE_FLAG };

/* The condition c on the final values, three-valued (final_known says which are known). */
static int cond3(struct engine *e, const struct lit_cond *c)
{
	int a, b;

	switch (c->op) {
	case COND_TRUE:
		return C_TRUE;
	case COND_FALSE:
		return C_FALSE;
	case COND_EQ: {
		int i = obs_find(e, c->loc.thread, c->loc.name);
		struct lit_gval v = e->final[i];

		if (!e->final_known[i])
			return C_UNKNOWN;
		if (c->val.is_sym) {
			int l = sem_find_loc(&e->st, c->val.sym);

			return v.is_sym && v.num == l;
		}
		return !v.is_sym && !v.is_free && v.num == c->val.num;
	}
	case COND_EQ_LOC: {
		int i = obs_find(e, c->loc.thread, c->loc.name);
		int j = obs_find(e, c->loc2.thread, c->loc2.name);
		struct lit_gval x = e->final[i], y = e->final[j];

		if (!e->final_known[i] || !e->final_known[j])
			return C_UNKNOWN;
		return x.is_sym == y.is_sym && x.is_free == y.is_free && x.num == y.num;
	}
	case COND_NOT:
		a = cond3(e, c->l);
		return a == C_UNKNOWN ? a : !a;
	case COND_AND:
		a = cond3(e, c->l);
		if (a == C_FALSE)
			return a;
		b = cond3(e, c->r);
		if (b == C_FALSE)
			return b;
		return a == C_TRUE && b == C_TRUE ? C_TRUE : C_UNKNOWN;
	case COND_OR:
		a = cond3(e, c->l);
		if (a == C_TRUE)
			return a;
		b = cond3(e, c->r);
		if (b == C_TRUE)
			return b;
		return a == C_FALSE && b == C_FALSE ? C_FALSE : C_UNKNOWN;
	case COND_IMPLIES:
		a = cond3(e, c->l);
		if (a == C_FALSE)
			return C_TRUE;
		b = cond3(e, c->r);
		if (b == C_TRUE)
			return b;
		return a == C_TRUE && b == C_FALSE ? C_FALSE : C_UNKNOWN;
	}
	return C_UNKNOWN;
}

static bool cond_eval(struct engine *e, const struct lit_cond *c)
{
	return cond3(e, c) == C_TRUE;
}

/*
 * The final values known before the final writes are chosen (the memo holds
 * the values of the read-from so far): registers whose value is determined,
 * and locations no process writes.
 */
static void partial_finals(struct engine *e)
{
	int i, g;

	for (i = 0; i < e->nobs; i++) {
		const struct oloc *o = &e->obs[i];
		const struct tpath *p;
		int k;

		e->final_known[i] = false;
		if (o->thread >= 0) {
			p = e->path[o->thread];
			e->final[i].is_sym = e->final[i].is_free = false;
			e->final[i].num = 0;
			e->final_known[i] = true;
			for (k = p->nregs - 1; k >= 0; k--) {
				if (!strcmp(p->regs[k].name, o->name)) {
					e->final_known[i] = eval_sv(e, o->thread, p->regs[k].sv,
								    &e->final[i]) == M_KNOWN;
					break;
				}
			}
			continue;
		}
		if (e->loc_dynamic)
			continue;
		for (g = e->st.nlocs; g < e->n; g++)
			if (is_w(&e->ev[g]) && e->loc[g] == o->loc)
				break;
		if (g == e->n) {
			e->final[i] = init_value(e, o->loc);
			e->final_known[i] = true;
		}
	}
}

/* ------------------------------------------------------------------ */
/* model levels */

static void note_time_limit(struct engine *e)
{
	e->stopped = true;
	e->halt = true;
	free(e->limit);
	e->limit = xasprintf("time limit of %g s (--timeout) reached after %ld candidate "
			     "executions", e->lim->max_seconds, e->candidates);
}

static void note_execs_limit(struct engine *e)
{
	e->stopped = true;
	e->halt = true;
	free(e->limit);
	e->limit = xasprintf("limit of %ld candidate executions (--max-execs) reached",
			     e->lim->max_execs);
}

static void accept_cb(void *ctx, const uint64_t *flags)
{
	struct engine *e = ctx;

	if (e->mode == MODE_FLAG && !(flags[0] & ((uint64_t)1 << e->target_flag)))
		return;
	if (e->mode != MODE_ALL)
		e->halt = true;	/* one execution of the kind searched is enough */
	if (e->cur_ok)
		e->pos++;
	else
		e->neg++;
	e->flags |= flags[0];
	if (e->cur_state < 0)
		e->cur_state = state_find_or_add(e, e->final);
	if (e->debug) {
		char *names = xstrdup(e->debug), *save = NULL, *nm;
		int i, j;

		fprintf(stderr, "execution %ld (%s):\n", e->pos + e->neg, e->cur_ok ? "pos" : "neg");
		for (nm = strtok_r(names, ",", &save); nm; nm = strtok_r(NULL, ",", &save)) {
			const bword *r = cat_run_lookup(e->run, nm);

			fprintf(stderr, "  %s:", nm);
			if (r)
				for (i = 0; i < e->n; i++)
					for (j = 0; j < e->n; j++)
						if (rel_get(&e->dim, r, i, j))
							fprintf(stderr, " %d->%d", i, j);
			fprintf(stderr, "\n");
		}
		free(names);
	}
}

static void model_error(struct engine *e)
{
	if (!e->err)
		e->err = xstrdup(cat_run_error(e->run));
	longjmp(e->fail, 1);
}

/* One choice of final writes: its state, the filter, then the model. */
static void fw_try(struct engine *e, int *fwset, int nfw)
{
	const struct bits_dim *d = &e->dim;
	bword *s = e->scratch;
	int i, r;

	set_zero(d, s);
	for (i = 0; i < nfw; i++)
		bit_set(s, fwset[i]);
	/* final values */
	for (i = 0; i < e->nobs; i++) {
		const struct oloc *o = &e->obs[i];

		e->final_known[i] = true;
		if (o->thread >= 0) {
			e->final[i] = final_reg(e, o->thread, o->name);
		} else {
			int k, w = -1;

			for (k = 0; k < nfw; k++)
				if (e->loc[fwset[k]] == o->loc)
					w = fwset[k];
			if (w < 0 || write_value(e, w, &e->final[i]) != M_KNOWN)
				fail(e, NULL, 0, "internal: final value undetermined");
		}
	}
	if (e->t->filter && !cond_eval(e, e->t->filter))
		return;
	e->cur_ok = cond_eval(e, e->t->cond);
	if ((e->mode == MODE_POS && !e->cur_ok) || (e->mode == MODE_NEG && e->cur_ok))
		return;
	e->cur_state = -1;
	cat_run_set_input(e->run, CIN_FW, s);
	r = cat_run_level(e->run, 2);
	if (r < 0)
		model_error(e);
	if (r == 0)
		return;
	if (cat_run_withs(e->run, accept_cb, e, &e->halt) < 0)
		model_error(e);
	if (cat_run_count_hit(e->run))
		note_execs_limit(e);
	if (cat_run_timed_out(e->run)) {
		if (e->budget > 0 && (e->lim->max_seconds <= 0 || elapsed(e) < e->lim->max_seconds) &&
		    cpu_used(e) >= e->budget) {
			e->over_budget = true;
			e->halt = true;
		} else {
			note_time_limit(e);
		}
	}
}

/* The final-write candidates of location l: its initial write, and the last
 * write to l of each process. */
static int fw_candidates(struct engine *e, int l, int *out)
{
	int n = 0, i, j;

	out[n++] = l;	/* the initial write of l is event l */
	for (i = e->st.nlocs; i < e->n; i++) {
		bool last = true;

		if (!is_w(&e->ev[i]) || e->loc[i] != l)
			continue;
		for (j = i + 1; j < e->n; j++) {
			if (is_w(&e->ev[j]) && e->loc[j] == l && po_before(e, i, j)) {
				last = false;
				break;
			}
		}
		if (last)
			out[n++] = i;
	}
	return n;
}

static void fw_enum(struct engine *e)
{
	int locs[LITMUS_MAX_EVENTS], nl = 0;
	int *cand[LITMUS_MAX_EVENTS], ncand[LITMUS_MAX_EVENTS], pick[LITMUS_MAX_EVENTS];
	int *buf = e->fwbuf, used = 0;
	int fwset[LITMUS_MAX_EVENTS];
	int i, k;

	for (i = 0; i < e->nobs; i++) {
		int l = e->obs[i].loc;

		if (e->obs[i].thread >= 0 || l < 0)
			continue;
		for (k = 0; k < nl; k++)
			if (locs[k] == l)
				break;
		if (k < nl)
			continue;
		locs[nl] = l;
		cand[nl] = buf + used;
		ncand[nl] = fw_candidates(e, l, cand[nl]);
		used += ncand[nl];
		pick[nl] = 0;
		nl++;
	}
	for (;;) {
		for (k = 0; k < nl; k++)
			fwset[k] = cand[k][pick[k]];
		fw_try(e, fwset, nl);
		if (e->halt)
			return;
		for (k = nl - 1; k >= 0; k--) {
			if (++pick[k] < ncand[k])
				break;
			pick[k] = 0;
		}
		if (k < 0)
			break;
	}
}

/*
 * herd's check of a read-from (before the model): a read does not read the
 * initial value, nor a write of its own process, when a later write of its
 * process to the same location comes before it.
 */
static bool rfmap_ok(struct engine *e, int g, int lg)
{
	int s = e->src[g], th = e->ev[g].thread, w, lw;

	if (s >= 0 && e->ev[s].thread != th)
		return true;
	for (w = e->base[th]; w < e->base[th] + e->path[th]->nev; w++) {
		if (w == s || !is_w(&e->ev[w]) || !po_before(e, w, g))
			continue;
		if (s >= 0 && !po_before(e, s, w))
			continue;
		if (event_loc(e, w, &lw) == M_KNOWN && lw == lg)
			return false;
	}
	return true;
}

static int uf_find(int *parent, int i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

/*
 * The values of a complete read-from, as herd's solver finds them: reads in a
 * cycle that only copy values from one another get one free value (herd
 * unifies their variables); any other cycle, or an operation on a free value,
 * leaves an equation unsolved and the candidate is dropped.
 */
static bool solve_values(struct engine *e)
{
	int parent[LITMUS_MAX_EVENTS];
	bool free_any = false;
	int i, th, sv;

	for (i = 0; i < e->nreads; i++)
		e->freecls[e->reads[i]] = -1;
	clear_memo(e);
	for (i = 0; i < e->nreads; i++) {
		int g = e->reads[i];
		struct lit_gval v;

		parent[g] = g;
		if (eval_sv(e, e->ev[g].thread, e->ev[g].tev->val, &v) != M_KNOWN)
			free_any = true;
	}
	if (!free_any)
		return true;
	for (i = 0; i < e->nreads; i++) {
		int g = e->reads[i], s = e->src[g];
		const struct gev *w;
		const struct sval *node;
		struct lit_gval v;

		if (eval_sv(e, e->ev[g].thread, e->ev[g].tev->val, &v) == M_KNOWN)
			continue;
		if (s < 0)
			return false;	/* an initial value at an unknown location */
		w = &e->ev[s];
		if (w->thread < 0)
			return false;
		node = &e->path[w->thread]->sv[w->tev->val];
		if (node->op != SV_READ)
			return false;	/* a cycle through an operation */
		parent[uf_find(parent, g)] = uf_find(parent, e->base[w->thread] + node->ev);
	}
	for (i = 0; i < e->nreads; i++) {
		int g = e->reads[i];
		struct lit_gval v;

		if (eval_sv(e, e->ev[g].thread, e->ev[g].tev->val, &v) != M_KNOWN)
			e->freecls[g] = uf_find(parent, g);
	}
	clear_memo(e);
	/* every operation of every path must now be solved */
	for (th = 0; th < e->t->nthreads; th++) {
		const struct tpath *p = e->path[th];

		for (sv = 0; sv < p->nsv; sv++) {
			struct lit_gval v;

			if (p->sv[sv].op == SV_BIN && eval_sv(e, th, sv, &v) != M_KNOWN)
				return false;
		}
	}
	return true;
}

/* Subtrees of the read-from search with at least this many leaves are pruned
 * by interval evaluation of the model first. */
#define PRUNE_SUBTREE 32

/* A complete read-from: solve, then the model's levels 1 and 2. */
static void rf_leaf(struct engine *e)
{
	const struct bits_dim *d = &e->dim;
	bword *r = e->scratch;
	struct cat_events ce;
	int i, th, res;

	e->candidates++;
	if ((e->candidates & 255) == 0 && e->lim->max_seconds > 0 &&
	    elapsed(e) > e->lim->max_seconds)
		note_time_limit(e);
	if ((e->candidates & 63) == 0 && e->budget > 0 && cpu_used(e) > e->budget) {
		e->over_budget = true;
		e->halt = true;
	}
	if (e->lim->max_execs > 0 && e->candidates > e->lim->max_execs)
		note_execs_limit(e);
	if (e->stopped)
		return;
	if (!solve_values(e))
		return;
	/* every value and location determined, every condition of the paths true */
	for (th = 0; th < e->t->nthreads; th++) {
		const struct tpath *p = e->path[th];

		for (i = 0; i < p->ncons; i++) {
			struct lit_gval v;

			if (eval_sv(e, th, p->cons[i].sv, &v) != M_KNOWN)
				return;	/* values in a cycle: herd drops the candidate */
			if ((v.num != 0) != p->cons[i].nonzero || v.is_sym)
				return;
		}
	}
	for (i = 0; i < e->n; i++) {
		if (event_loc(e, i, &e->loc[i]) != M_KNOWN)
			return;
	}
	for (i = 0; i < e->nreads; i++) {
		int g = e->reads[i], s = e->src[g];
		struct lit_gval v;

		if (s >= 0 && e->loc[s] != e->loc[g])
			return;
		if (!rfmap_ok(e, g, e->loc[g]))
			return;
		if (eval_sv(e, e->ev[g].thread, e->ev[g].tev->val, &v) != M_KNOWN)
			return;
	}
	/* values of events, for different-values */
	set_zero(d, e->has_value);
	for (i = 0; i < e->n; i++) {
		struct lit_gval v;
		const struct gev *x = &e->ev[i];
		int st;

		if (x->thread >= 0 && x->tev->val < 0)
			continue;
		st = x->thread < 0 ? (v = init_value(e, x->local), M_KNOWN) :
		     eval_sv(e, x->thread, x->tev->val, &v);
		if (st != M_KNOWN)
			continue;
		bit_set(e->has_value, i);
		e->value_key[i] = v.is_sym ? INT64_MIN + v.num :
				  v.is_free ? INT64_MIN / 2 + v.num : v.num;
	}
	ce.n = e->n;
	ce.loc = e->loc;
	ce.has_value = e->has_value;
	ce.value = e->value_key;
	cat_run_set_events(e->run, &ce);
	if (e->loc_dynamic)
		set_loc_input(e);
	rel_zero(d, r);
	for (i = 0; i < e->nreads; i++) {
		int g = e->reads[i];

		rel_add(d, r, e->src[g] >= 0 ? e->src[g] : e->loc[g], g);
	}
	cat_run_set_input(e->run, CIN_RF, r);
	res = cat_run_level(e->run, 1);
	if (res < 0)
		model_error(e);
	if (res == 0)
		return;
	fw_enum(e);
}

static bool rf_consistent_values(struct engine *e, int k);

/*
 * After choosing the source of reads[0..k]: false if the choice is already
 * impossible, or if every execution it leads to fails the filter (herd
 * never counts those, nor their flags).
 */
static bool rf_consistent(struct engine *e, int k)
{
	if (!rf_consistent_values(e, k))
		return false;
	if (e->t->filter || e->mode == MODE_POS || e->mode == MODE_NEG)
		partial_finals(e);
	if (e->t->filter && cond3(e, e->t->filter) == C_FALSE)
		return false;
	if (e->mode == MODE_POS && cond3(e, e->t->cond) == C_FALSE)
		return false;
	if (e->mode == MODE_NEG && cond3(e, e->t->cond) == C_TRUE)
		return false;
	return true;
}

static bool rf_consistent_values(struct engine *e, int k)
{
	int i, th;

	clear_memo(e);
	for (i = 0; i <= k; i++) {
		int g = e->reads[i], s = e->src[g], lg, ls, st;

		st = event_loc(e, g, &lg);
		if (st == M_BAD)
			return false;
		if (st != M_KNOWN)
			continue;
		if (!rfmap_ok(e, g, lg))
			return false;
		if (s < 0)
			continue;
		st = event_loc(e, s, &ls);
		if (st == M_BAD || (st == M_KNOWN && lg != ls))
			return false;
	}
	for (th = 0; th < e->t->nthreads; th++) {
		const struct tpath *p = e->path[th];

		for (i = 0; i < p->ncons; i++) {
			struct lit_gval v;

			if (eval_sv(e, th, p->cons[i].sv, &v) == M_KNOWN &&
			    ((v.num != 0) != p->cons[i].nonzero || v.is_sym))
				return false;
		}
	}
	return true;
}

/* May write w be the source of read g (before values are known)? */
static bool may_source(struct engine *e, int g, int w, int lg)
{
	int lw;

	if (!is_w(&e->ev[w]))
		return false;
	if (w < e->st.nlocs)
		return lg < 0 || w == lg;
	if (po_before(e, g, w))
		return false;
	if (e->ev[w].thread == e->ev[g].thread && e->ev[g].tev->rmw == e->ev[w].local)
		return false;
	if (lg >= 0 && event_loc(e, w, &lw) == M_KNOWN && lw != lg)
		return false;
	return true;
}

/*
 * Pruning of the read-from choices below node k (reads[0..k) chosen): the
 * model is evaluated on bounds (rf between the choices made and every
 * choice left, the final writes among their candidates, unknown values and
 * locations as such); when a check fails whatever the rest, the node goes.
 */
static bool rf_prune(struct engine *e, int k)
{
	const struct bits_dim *d = &e->dim;
	bword *lo = e->scratch, *hi = e->scratch2;
	bword *known = e->scratch3;
	struct cat_events ce;
	int i, j, g, res;

	clear_memo(e);
	/* locations and values known so far */
	set_zero(d, known);
	for (i = 0; i < e->n; i++) {
		struct lit_gval v;
		const struct gev *x = &e->ev[i];

		if (event_loc(e, i, &e->loc[i]) != M_KNOWN)
			e->loc[i] = -2;
		if (x->thread < 0) {
			bit_set(known, i);
		} else if (x->tev->val >= 0 && eval_sv(e, x->thread, x->tev->val, &v) == M_KNOWN) {
			bit_set(known, i);
			e->value_key[i] = v.is_sym ? INT64_MIN + v.num :
					  v.is_free ? INT64_MIN / 2 + v.num : v.num;
		}
	}
	set_zero(d, e->has_value);
	for (i = 0; i < e->n; i++)
		if (e->ev[i].thread < 0 || e->ev[i].tev->val >= 0)
			bit_set(e->has_value, i);
	ce.n = e->n;
	ce.loc = e->loc;
	ce.has_value = e->has_value;
	ce.value = e->value_key;
	cat_run_set_events(e->run, &ce);
	cat_run_set_value_known(e->run, known);
	if (e->loc_dynamic) {
		rel_zero(d, lo);
		rel_zero(d, hi);
		for (i = 0; i < e->n; i++)
			for (j = 0; j < e->n; j++) {
				if (e->loc[i] == -1 || e->loc[j] == -1)
					continue;
				if (e->loc[i] >= 0 && e->loc[i] == e->loc[j])
					rel_add(d, lo, i, j);
				if (e->loc[i] == -2 || e->loc[j] == -2 || e->loc[i] == e->loc[j])
					rel_add(d, hi, i, j);
			}
		cat_run_set_input_bounds(e->run, CIN_LOC, lo, hi);
	}
	/* rf */
	rel_zero(d, lo);
	rel_zero(d, hi);
	for (i = 0; i < e->nreads; i++) {
		int lg;

		g = e->reads[i];
		lg = e->loc[g] >= 0 ? e->loc[g] : -1;
		if (i < k) {
			int s = e->src[g];

			if (s >= 0) {
				rel_add(d, lo, s, g);
				rel_add(d, hi, s, g);
			} else if (lg >= 0) {
				rel_add(d, lo, lg, g);
				rel_add(d, hi, lg, g);
			} else {
				for (j = 0; j < e->st.nlocs; j++)
					rel_add(d, hi, j, g);
			}
			continue;
		}
		for (j = 0; j < e->n; j++)
			if (may_source(e, g, j, lg))
				rel_add(d, hi, j, g);
	}
	cat_run_set_input_bounds(e->run, CIN_RF, lo, hi);
	/* final writes: any of the candidates */
	set_zero(d, lo);
	set_zero(d, hi);
	for (i = 0; i < e->nobs; i++) {
		int l = e->obs[i].loc;

		if (e->obs[i].thread >= 0 || l < 0)
			continue;
		bit_set(hi, l);
		for (g = e->st.nlocs; g < e->n; g++)
			if (is_w(&e->ev[g]) && (e->loc[g] == l || e->loc[g] == -2))
				bit_set(hi, g);
	}
	cat_run_set_input_bounds(e->run, CIN_FW, lo, hi);
	res = cat_run_interval(e->run, 1, NULL, NULL);
	if (res < 0)
		model_error(e);
	e->interval_checks++;
	if (res == 1 && e->mode == MODE_FLAG) {
		uint64_t sure, maybe;

		cat_run_interval_flags(e->run, &sure, &maybe);
		if (!((maybe | e->flags_level0) & ((uint64_t)1 << e->target_flag)))
			res = 0;	/* no execution below raises the flag searched */
	}
	if (res == 0)
		e->pruned++;
	return res == 0;
}

static void rf_dfs(struct engine *e, int k)
{
	int g, i, lg;

	if (e->lim->stop && *e->lim->stop)
		e->halt = true;
	if (e->halt)
		return;
	if ((++e->nodes & 4095) == 0 && e->lim->max_seconds > 0 &&
	    elapsed(e) > e->lim->max_seconds) {
		note_time_limit(e);
		return;
	}
	if (k == e->nreads) {
		rf_leaf(e);
		return;
	}
	if ((e->subtree[k] >= PRUNE_SUBTREE || (e->mode == MODE_FLAG && k == 0)) &&
	    rf_prune(e, k))
		return;
	g = e->reads[k];
	clear_memo(e);
	if (event_loc(e, g, &lg) != M_KNOWN)
		lg = -1;
	/* the initial value */
	e->src[g] = -1;
	if (rf_consistent(e, k))
		rf_dfs(e, k + 1);
	/* a write: not after the read in its own process */
	for (i = e->st.nlocs; i < e->n; i++) {
		int li;

		if (e->stopped)
			break;
		if (!is_w(&e->ev[i]) || po_before(e, g, i))
			continue;
		if (e->ev[i].thread == e->ev[g].thread && e->ev[g].tev->rmw == e->ev[i].local)
			continue;
		clear_memo(e);
		if (lg >= 0 && event_loc(e, i, &li) == M_KNOWN && li != lg)
			continue;
		e->src[g] = i;
		if (rf_consistent(e, k))
			rf_dfs(e, k + 1);
	}
	e->src[g] = -2;
}

/* The deadlines of the model's own enumeration: the limit, and the budget. */
static void set_deadline(struct engine *e, struct cat_run *r)
{
	struct timespec wall = { 0, 0 }, cpu = { 0, 0 };

	if (e->lim->max_seconds > 0)
		wall = add_seconds(e->start, e->lim->max_seconds);
	if (e->budget > 0)
		cpu = add_seconds(e->cpu_start, e->budget);
	cat_run_set_deadline(r, &wall, &cpu);
}

static struct cat_run *run_for(struct engine *e)
{
	if (!e->runs[e->n])
		e->runs[e->n] = cat_run_new(e->m->cat, &e->dim, e->loc_dynamic);
	set_deadline(e, e->runs[e->n]);
	cat_run_set_counter(e->runs[e->n], &e->candidates, e->lim->max_execs);
	return e->runs[e->n];
}


/* The events of the current combination of paths, their static locations,
 * and the size of the read-from search. */
static void setup_combo(struct engine *e)
{
	const struct sem_test *st = &e->st;
	int th, i, n = st->nlocs;

	for (th = 0; th < st->nthreads; th++)
		n += e->path[th]->nev;
	if (n > LITMUS_MAX_EVENTS)
		fail(e, NULL, e->t->threads[0].off, "%d events, more than the %d supported", n,
		     LITMUS_MAX_EVENTS);
	e->n = n;
	bits_dim_init(&e->dim, n);
	n = 0;
	for (i = 0; i < st->nlocs; i++) {
		e->ev[n].thread = -1;
		e->ev[n].local = i;
		e->ev[n].tev = NULL;
		n++;
	}
	e->nreads = 0;
	for (th = 0; th < st->nthreads; th++) {
		const struct tpath *p = e->path[th];

		e->base[th] = n;
		for (i = 0; i < p->nev; i++) {
			e->ev[n].thread = th;
			e->ev[n].local = i;
			e->ev[n].tev = &p->ev[i];
			if (p->ev[i].kind == EV_R)
				e->reads[e->nreads++] = n;
			e->src[n] = -2;
			e->freecls[n] = -1;
			n++;
		}
	}
	/* static locations */
	clear_memo(e);
	for (i = 0; i < e->n; i++)
		if (event_loc(e, i, &e->loc[i]) != M_KNOWN)
			e->loc[i] = -1;
	/* read-from leaves below each node of the search, at most */
	e->subtree[e->nreads] = 1;
	for (i = e->nreads - 1; i >= 0; i--) {
		int g = e->reads[i], c = 0, j, lg = e->loc[g];

		for (j = 0; j < e->n; j++)
			if (may_source(e, g, j, lg))
				c++;
		e->subtree[i] = e->subtree[i + 1] * (c ? c : 1);
	}
}

static void exec_combo(struct engine *e)
{
	int res;

	setup_combo(e);
	e->run = run_for(e);
	{
		struct cat_events ce;

		set_zero(&e->dim, e->has_value);
		ce.n = e->n;
		ce.loc = e->loc;
		ce.has_value = e->has_value;
		ce.value = e->value_key;
		cat_run_set_events(e->run, &ce);
	}
	set_static_inputs(e);
	if (!e->loc_dynamic)
		set_loc_input(e);
	res = cat_run_level(e->run, 0);
	if (res < 0)
		model_error(e);
	if (res == 0)
		return;
	if (cat_model_nflags(e->m->cat))
		cat_run_level_flags(e->run, 0, &e->flags_level0);
	rf_dfs(e, 0);
}

static void estimate_combo(struct engine *e)
{
	setup_combo(e);
	e->estimate += e->subtree[0];
}

static void for_each_combo(struct engine *e, void (*fn)(struct engine *))
{
	const struct sem_test *st = &e->st;
	int th;

	for (th = 0; th < st->nthreads; th++)
		e->sel[th] = 0;
	for (;;) {
		for (th = 0; th < st->nthreads; th++)
			e->path[th] = &st->paths[th][e->sel[th]];
		fn(e);
		if (e->halt)
			return;
		for (th = st->nthreads - 1; th >= 0; th--) {
			if (++e->sel[th] < st->npaths[th])
				break;
			e->sel[th] = 0;
		}
		if (th < 0)
			return;
	}
}

/*
 * Exhaustive enumeration when the read-from search looks small enough
 * (and within a budget of time), else witness searches: one execution that
 * satisfies the condition, one that does not, one for each flag not seen.
 * The verdict and the flags are then herd's; the counts are not exhaustive.
 */
#define EXHAUSTIVE_ESTIMATE 400000.0
#define EXHAUSTIVE_BUDGET 0.5	/* CPU seconds */

static void reset_results(struct engine *e)
{
	e->states.n = 0;
	if (e->states.hash)
		memset(e->states.hash, 0, sizeof(int) * (size_t)e->states.hsize);
	e->pos = e->neg = 0;
	e->flags = 0;
	e->over_budget = false;
	e->halt = false;
}

static void check_test(struct engine *e)
{
	int nflags = cat_model_nflags(e->m->cat), i;

	e->estimate = 0;
	for_each_combo(e, estimate_combo);
	if (e->lim->exhaustive ||
	    (e->estimate <= EXHAUSTIVE_ESTIMATE && !getenv("ACQREL_LITMUS_WITNESS"))) {
		e->mode = MODE_ALL;
		e->budget = e->lim->exhaustive ? 0 : EXHAUSTIVE_BUDGET;
		for_each_combo(e, exec_combo);
		if (!e->over_budget)
			return;
		reset_results(e);
	}
	e->witness = true;
	e->budget = 0;
	e->mode = MODE_POS;
	for_each_combo(e, exec_combo);
	if (getenv("ACQREL_LITMUS_STATS"))
		fprintf(stderr, "positive search: %ld candidates, %.3f s\n", e->candidates, elapsed(e));
	if (e->stopped)
		return;
	e->halt = false;
	e->mode = MODE_NEG;
	for_each_combo(e, exec_combo);
	for (i = 0; i < nflags && !e->stopped; i++) {
		if (e->flags & ((uint64_t)1 << i))
			continue;
		e->halt = false;
		e->mode = MODE_FLAG;
		e->target_flag = i;
		for_each_combo(e, exec_combo);
	}
}

/* ------------------------------------------------------------------ */

static int cmp_rows(const void *a, const void *b, void *ctx)
{
	const struct engine *e = ctx;
	const struct lit_gval *x = a, *y = b;
	int k, c;

	for (k = 0; k < e->nshown; k++) {
		c = cmp_gval(e, x[k], y[k]);
		if (c)
			return c;
	}
	return 0;
}

static void fill_outcome(struct engine *e, struct lit_outcome *out)
{
	int i;

	memset(out, 0, sizeof(*out));
	out->nshown = e->nshown;
	out->shown = xcalloc((size_t)(e->nshown ? e->nshown : 1), sizeof(*out->shown));
	for (i = 0; i < e->nshown; i++) {
		out->shown[i].thread = e->obs[i].thread;
		out->shown[i].name = e->obs[i].name;
	}
	out->nnames = e->st.nlocs;
	out->names = xcalloc((size_t)(e->st.nlocs ? e->st.nlocs : 1), sizeof(*out->names));
	for (i = 0; i < e->st.nlocs; i++)
		out->names[i] = xstrdup(e->st.locs[i].name);
	/* states: restricted to the shown locations, sorted, distinct */
	out->states = xcalloc((size_t)(e->states.n * e->nshown + 1), sizeof(*out->states));
	/* with nothing shown, rows is NULL: no row to copy (NULL + 0 is undefined) */
	for (i = 0; e->nshown && i < e->states.n; i++)
		mem_copy(out->states + (size_t)i * (size_t)e->nshown,
		       e->states.rows + (size_t)i * (size_t)e->states.width,
		       sizeof(*out->states) * (size_t)e->nshown);
	out->nstates = e->states.n;
	if (e->nshown && out->nstates > 1) {
		int w = e->nshown, k = 1;

		qsort_r(out->states, (size_t)out->nstates, sizeof(*out->states) * (size_t)w,
			cmp_rows, e);
		for (i = 1; i < out->nstates; i++) {
			if (cmp_rows(out->states + (size_t)(k - 1) * (size_t)w,
				     out->states + (size_t)i * (size_t)w, e))
				memmove(out->states + (size_t)k++ * (size_t)w,
					out->states + (size_t)i * (size_t)w,
					sizeof(*out->states) * (size_t)w);
		}
		out->nstates = k;
	} else if (!e->nshown && out->nstates > 1) {
		out->nstates = 1;
	}
	out->pos = e->pos;
	out->neg = e->neg;
	out->flags = e->flags;
	out->complete = !e->stopped && !(e->lim->stop && *e->lim->stop);
	out->witness = e->witness;
	out->limit = e->limit;
	e->limit = NULL;
	out->candidates = e->candidates;
	out->seconds = elapsed(e);
	if (getenv("ACQREL_LITMUS_STATS"))
		fprintf(stderr, "%s: %ld candidates, %ld nodes, %ld interval checks, %ld pruned, "
			"%ld executions, %.3f s\n", e->t->src.path, e->candidates, e->nodes,
			e->interval_checks, e->pruned, e->pos + e->neg, out->seconds);
}

int litmus_check(const struct litmus *t, const struct litmus_model *m,
		 const struct lit_limits *lim, struct lit_outcome *out, char **err)
{
	struct engine *const e = xcalloc(1, sizeof(*e));
	int ret = 0, th, i, p;

	memset(out, 0, sizeof(*out));
	e->t = t;
	e->m = m;
	e->lim = lim;
	e->debug = getenv("ACQREL_LITMUS_DEBUG");
	clock_gettime(CLOCK_MONOTONIC, &e->start);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &e->cpu_start);
	if (sem_build(&e->st, t, &m->defs, lim->max_paths, err)) {
		free(e);
		return -1;
	}
	if (cat_model_nflags(m->cat) > 64) {
		*err = xasprintf("%s: error: the model has more than 64 flags", m->cfg);
		sem_release(&e->st);
		free(e);
		return -1;
	}
	e->sel = xcalloc((size_t)t->nthreads, sizeof(int));
	e->path = xcalloc((size_t)t->nthreads, sizeof(*e->path));
	e->base = xcalloc((size_t)t->nthreads, sizeof(int));
	e->memo = xcalloc((size_t)t->nthreads, sizeof(*e->memo));
	e->runs = xcalloc(LITMUS_MAX_EVENTS + 1, sizeof(*e->runs));
	e->scratch = xcalloc((size_t)LITMUS_MAX_EVENTS * 4, sizeof(bword));
	e->scratch2 = xcalloc((size_t)LITMUS_MAX_EVENTS * 4, sizeof(bword));
	e->scratch3 = xcalloc((size_t)LITMUS_MAX_EVENTS * 4, sizeof(bword));
	e->has_value = xcalloc(4, sizeof(bword));
	for (th = 0; th < t->nthreads; th++) {
		int maxsv = 1;

		for (p = 0; p < e->st.npaths[th]; p++) {
			const struct tpath *tp = &e->st.paths[th][p];

			if (tp->nsv > maxsv)
				maxsv = tp->nsv;
			for (i = 0; i < tp->nev; i++)
				if (tp->ev[i].loc >= 0 && sv_depends_on_read(tp, tp->ev[i].loc))
					e->loc_dynamic = true;
		}
		e->memo[th] = xcalloc((size_t)maxsv, sizeof(struct memo));
	}
	if (setjmp(e->fail)) {
		*err = e->err;
		e->err = NULL;
		ret = -1;
		goto out;
	}
	collect_observed(e);
	e->states.width = e->nshown;
	e->fwbuf = xcalloc((size_t)(e->nobs + 1) * (LITMUS_MAX_EVENTS + 1), sizeof(int));
	check_test(e);
	fill_outcome(e, out);
out:
	for (i = 0; i <= LITMUS_MAX_EVENTS; i++)
		cat_run_free(e->runs[i]);
	for (th = 0; th < t->nthreads; th++)
		free(e->memo[th]);
	free(e->memo);
	free(e->runs);
	free(e->scratch);
	free(e->scratch2);
	free(e->scratch3);
	free(e->has_value);
	free(e->sel);
	free(e->path);
	free(e->base);
	free(e->obs);
	free(e->fwbuf);
	free(e->states.rows);
	free(e->states.hash);
	free(e->limit);
	free(e->err);
	sem_release(&e->st);
	free(e);
	return ret;
}

void lit_outcome_release(struct lit_outcome *o)
{
	int i;

	for (i = 0; i < o->nnames; i++)
		free(o->names[i]);
	free(o->names);
	free(o->shown);
	free(o->states);
	free(o->limit);
	memset(o, 0, sizeof(*o));
}
