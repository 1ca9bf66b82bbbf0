/*
 * cat-int.h: what the parts of the cat evaluator share (cat-compile.c,
 * cat-eval.c, cat-prim.c): values, the compiled model, the run.
 * Not for use outside src/litmus/cat-*.c.
 */
#ifndef ACQREL_LITMUS_CAT_INT_H
#define ACQREL_LITMUS_CAT_INT_H

#include "arena.h"
#include "bits.h"
#include "cat.h"
#include "cat-eval.h"

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* Runtime values. Sets and relations are bit vectors in an arena. */
enum vkind {
	V_EMPTY,	/* the polymorphic empty set: 0, {} */
	V_UNIV,		/* the polymorphic universe: _ */
	V_SET,		/* a set of events */
	V_REL,		/* a relation between events */
	V_TAG,		/* 'name */
	V_VALSET,	/* a set of values (tags, sets, relations, ...) */
	V_CLO,		/* a function */
	V_PRIM,		/* a builtin function */
	V_TUPLE,
	V_EVENT,	/* an element of a set of events */
	V_PAIR,		/* an element of a relation */
	V_LIN,		/* the linearisations of a set under a relation (lazy) */
	V_CROSS,	/* unions of one element of each member of a set (lazy) */
	V_MAPF,		/* map applied to its function, waiting for the set */
};

struct frame;
struct value;

struct valset {
	int n;
	struct value *v;	/* distinct elements */
};

struct closure {
	const struct cat_exp *fun;	/* CAT_FUN */
	struct frame *env;
};

struct lin {
	bword *set;		/* the events to order */
	bword *pco;		/* the partial order to extend (its lower bound) */
	bword *pco_hi;		/* its upper bound, NULL when exact */
};

struct value {
	enum vkind k;
	/*
	 * V_SET, V_REL under interval evaluation: the upper bound, the lower
	 * bound being u.bits; NULL when the value is exact.
	 */
	bword *hi;
	union {
		bword *bits;		/* V_SET, V_REL */
		int tag;		/* V_TAG: index in the model's tag table */
		struct valset *vs;	/* V_VALSET, V_TUPLE, V_CROSS (members) */
		struct closure *clo;	/* V_CLO */
		int prim;		/* V_PRIM */
		int ev;			/* V_EVENT */
		struct {
			int a, b;
		} pair;			/* V_PAIR */
		struct lin *lin;	/* V_LIN */
		const struct value *held;	/* V_MAPF: the function */
	} u;
};

struct frame {
	struct frame *up;
	int n;
	struct value v[];
};

enum cat_prim {
	PRIM_DOMAIN, PRIM_RANGE, PRIM_CLASSES_LOC, PRIM_LINEARISATIONS, PRIM_CROSS,
	PRIM_MAP, PRIM_DIFFERENT_VALUES,
	PRIM_NR
};

/* A global slot: a predefined input, a builtin, or a top-level binding. */
struct gslot {
	const char *name;
	int input;		/* enum cat_input, or -1 */
	int annot;		/* annotation set index, or -1 */
	int prim;		/* enum cat_prim, or -1 */
	int ins;		/* defining instruction (index in model->ins), or -1 */
	int with_level;		/* for a "with" variable: its level (>= 3) */
};

/* A top-level instruction after includes are inlined. */
struct gins {
	const struct cat_ins *ins;
	int *slots;		/* LET/LETREC: the slots bound (per binding or pattern name) */
	int nslots;
	int *refs;		/* global slots the instruction reads */
	int nrefs;
	int flag;		/* TEST of a flag: its index; else -1 */
	int with_slot;		/* WITH: slot of the variable; set slot below */
	int set_slot;		/* WITH: hidden slot holding the set */
};

struct cat_model {
	struct arena ast;		/* parse trees */
	struct source *srcs;		/* owned: every file read, indexed by file number */
	int nsrcs, asrcs;
	struct gslot *slots;
	int nslots, aslots;
	struct gins *ins;
	int nins, ains;
	const char **tags;		/* tag table: name of each tag */
	int ntags, atags;
	const char **annots;		/* annotations with a set (bell enums) */
	int nannots, aannots;
	const char **flags;		/* flag names, sorted */
	int nflags, aflags;
	int nwith;			/* "with" instructions (levels 3, 4, ...) */
};

/* Error raised during evaluation: message and whether try may catch it. */
struct cat_run {
	const struct cat_model *m;
	struct bits_dim dim;
	bool loc_dynamic;
	int nlevels;			/* 3 + m->nwith */
	int *slot_level;		/* level of each slot */
	int **block;			/* per level: instruction indexes, -1 terminated */
	struct value *g;		/* value of each global slot */
	bword **input;			/* owned: value of each input */
	bword **annot;			/* owned: value of each annotation set */
	struct cat_events ev;
	struct arena *arena;		/* one per level */
	int cur_level;			/* the level being evaluated (its arena) */
	uint64_t *flags;		/* per level: flags raised, (nflags+63)/64 words each */
	int fwords;
	char *err;			/* last error, owned */
	jmp_buf *fail;			/* where an error unwinds to */
	int try_depth;			/* inside "try": errors are caught */
	int depth;			/* call depth */
	bword *univ;			/* all events */
	/* with enumeration */
	cat_accept_fn accept;
	void *accept_ctx;
	const volatile bool *stop;
	long accepted;
	long members;			/* "with" members tried, for the deadline check */
	struct timespec deadline;	/* CLOCK_MONOTONIC; zero: none */
	struct timespec cpu_deadline;	/* CLOCK_THREAD_CPUTIME_ID; zero: none */
	bool timed_out;
	long *counter;			/* candidates tried (cat_run_set_counter) */
	long max_count;
	bool count_hit;
	/* interval evaluation (cat_run_interval) */
	bool interval;
	jmp_buf *unknown;		/* where "cannot decide" unwinds to */
	bword **input_hi;		/* upper bound of each input, NULL when exact */
	bword *value_known;		/* events whose value is known */
	uint64_t *sure_flags, *maybe_flags;
};

/* cat-compile.c */
int cat_compile_model(struct cat_model *m, int prelude_file, int bell_file, int cat_file,
		      const struct cat_loader *loader, char **err);
int cat_model_add_source(struct cat_model *m, struct source *src);

/* cat-eval.c */
__attribute__((noreturn, format(printf, 3, 4)))
void cat_fail(struct cat_run *r, const struct cat_exp *at, const char *fmt, ...);
bword *cat_new_set(struct cat_run *r);
bword *cat_new_rel(struct cat_run *r);
struct value cat_eval(struct cat_run *r, const struct cat_exp *e, struct frame *f);
struct value cat_apply(struct cat_run *r, const struct cat_exp *at, struct value fn,
		       struct value arg);
/* A value as a set / relation (empty and universe expanded); fails otherwise.
 * Under interval evaluation these give the lower bound, the _hi forms the upper. */
const bword *cat_as_set(struct cat_run *r, const struct cat_exp *at, struct value v);
const bword *cat_as_rel(struct cat_run *r, const struct cat_exp *at, struct value v);
const bword *cat_as_set_hi(struct cat_run *r, const struct cat_exp *at, struct value v);
const bword *cat_as_rel_hi(struct cat_run *r, const struct cat_exp *at, struct value v);
/* An interval value from bounds (exact when they are equal). */
struct value cat_interval(struct cat_run *r, enum vkind k, bword *lo, bword *hi);
/* Interval evaluation met something it cannot bound: no conclusion. */
__attribute__((noreturn))
void cat_unknown(struct cat_run *r);
bool cat_value_equal(struct cat_run *r, struct value a, struct value b);
struct value cat_valset_make(struct cat_run *r, struct value *v, int n);
/* herd's let rec fixpoint over the cells of bindings b (functions already set). */
void cat_fixpoint(struct cat_run *r, const struct cat_exp *at, const struct cat_bind *b,
		  int nb, struct value **cells);

/* cat-prim.c */
extern const char *const cat_prim_names[PRIM_NR];
struct value cat_prim_call(struct cat_run *r, const struct cat_exp *at, int prim,
			   struct value arg);
/* Members of a lazy or explicit set of relations, for "with": calls fn on each. */
typedef int (*cat_member_fn)(struct cat_run *r, struct value v, void *ctx);
int cat_for_each_member(struct cat_run *r, const struct cat_exp *at, struct value set,
			cat_member_fn fn, void *ctx);
/* Applies a partial "map f" to s. */
struct value cat_map_apply(struct cat_run *r, const struct cat_exp *at, struct value mapf,
			   struct value s);
/* The same, with a check of partial choices: prefix(r, lo, hi, pctx) gets the
 * bounds of the members a partial choice leads to and returns 0 to prune it. */
int cat_for_each_member_pruned(struct cat_run *r, const struct cat_exp *at, struct value set,
			       cat_member_fn fn, void *ctx,
			       int (*prefix)(struct cat_run *, const bword *, const bword *, void *),
			       void *pctx);
/* Bounds of the members of a set of relations: 0 when it has none. */
int cat_set_hull(struct cat_run *r, const struct cat_exp *at, struct value s, bword *lo,
		 bword *hi);
/* A lazy set made explicit (for the operations that need its members). */
struct value cat_force(struct cat_run *r, const struct cat_exp *at, struct value v);

#endif
