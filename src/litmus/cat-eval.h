/*
 * cat-eval.h: a compiled cat model and its evaluation on candidate
 * executions.
 *
 * A model (prelude, .bell, .cat and what they include) is compiled once:
 * names are resolved to global slots and locals. A run evaluates it for one
 * test. The instructions are grouped by level, the least level of the
 * inputs that decide them:
 *   level 0  the event structure (events, po, dependencies, tags)
 *   level 1  the read-from relation of the memory reads (and, when a
 *            location depends on a value, loc and the values)
 *   level 2  the final writes (FW)
 *   level 3+ one for each "with x from S" of the model, in program order
 * A level is evaluated once per choice made at that level, so a check of
 * level 1 that fails drops a read-from choice before any coherence order
 * is tried, and what does not depend on co is computed once per rf.
 */
#ifndef ACQREL_LITMUS_CAT_EVAL_H
#define ACQREL_LITMUS_CAT_EVAL_H

#include "bits.h"
#include "source.h"

#include <stdbool.h>
#include <stdint.h>

/* The inputs a model reads; the evaluator names them as herd7 does. */
enum cat_input {
	/* event sets */
	CIN_R, CIN_W, CIN_M, CIN_F, CIN_IW, CIN_FW,
	CIN_RMWSET,		/* "RMW": events of atomic read-modify-writes */
	CIN_LK, CIN_LKR, CIN_LKW, CIN_LS, CIN_LF, CIN_UL, CIN_RL, CIN_RU,
	CIN_SRCU_EV,		/* herd's SRCU events (no set of that name; internal) */
	CIN_A, CIN_NA, CIN_ANNOT,
	CIN_EMPTYSET,		/* the C11 sets herd defines, always empty for LKMM tests */
	/* relations */
	CIN_ID, CIN_LOC, CIN_INT, CIN_EXT, CIN_PO, CIN_ADDR, CIN_DATA, CIN_CTRL,
	CIN_RMW, CIN_AMO, CIN_RF,
	CIN_NR
};

struct cat_model;
struct cat_run;

/* How a model finds the files it includes (the model's folder first). */
struct cat_loader {
	/*
	 * Fills out with the file called name. Returns 0, 1 when there is no
	 * such file, or -1 with *err set (malloc'd) when it cannot be read.
	 */
	int (*load)(void *ctx, const char *name, struct source *out, char **err);
	void *ctx;
};

/*
 * Compiles the model: our prelude (herd's standard library), then bell
 * (may be NULL), then cat, with what they include. The model takes
 * ownership of bell and cat (and of the files it loads). Returns NULL with
 * *err set (malloc'd, "file:line:col: error: ...") on failure.
 */
struct cat_model *cat_model_compile(struct source *bell, struct source *cat,
				    const struct cat_loader *loader, char **err);
void cat_model_free(struct cat_model *m);

/* The annotations the bell declares (each names a set: 'once -> Once). */
int cat_model_nannots(const struct cat_model *m);
const char *cat_model_annot(const struct cat_model *m, int i);
/* The names of the flags the model can raise, in herd's order (sorted). */

/* What the evaluator needs of the events beyond the input sets. */
struct cat_events {
	int n;
	const int *loc;		/* location id of each event, -1 when none */
	const bword *has_value;	/* events that carry a value */
	const int64_t *value;	/* value key of each event (compared for equality) */
};

/*
 * A run of model m over tests of at most n events. loc_dynamic says that
 * locations (and so loc) depend on read values: they are then inputs of
 * level 1 instead of 0. Owned by the caller; free with cat_run_free().
 */
struct cat_run *cat_run_new(const struct cat_model *m, const struct bits_dim *dim,
			    bool loc_dynamic);
void cat_run_free(struct cat_run *r);

/* Sets an input (a set of nw words or a relation of n*nw words); copied. */
void cat_run_set_input(struct cat_run *r, enum cat_input in, const bword *bits);
/* Sets annotation set i (see cat_model_annot). */
void cat_run_set_annot(struct cat_run *r, int i, const bword *bits);
/* Sets the per-event data; the arrays must stay valid while levels run. */
void cat_run_set_events(struct cat_run *r, const struct cat_events *ev);

/*
 * Evaluates the instructions of level 0, 1 or 2 (after setting that level's
 * inputs). Returns 1 when they pass, 0 when a check fails, -1 on an error of
 * the model (message in cat_run_error()).
 */
int cat_run_level(struct cat_run *r, int level);

/* Called for each execution that passes every check, with its flags. */
typedef void (*cat_accept_fn)(void *ctx, const uint64_t *flags);

/*
 * Evaluates the levels above 2, enumerating every "with" choice, and calls
 * accept for each execution that passes. Returns the number of accepted
 * executions, or -1 on an error of the model. Stops early (returns what it
 * has) when *stop becomes true.
 */
long cat_run_withs(struct cat_run *r, cat_accept_fn accept, void *ctx, const volatile bool *stop);

/*
 * Interval evaluation, for pruning: inputs given by bounds (hi NULL: exact),
 * value_known the events whose value is known. cat_run_interval evaluates
 * the levels from `from` on, each "with" variable bounded by its set (by
 * lo and hi for level `from` when given). Returns 0 when some check fails
 * for every execution within the bounds, 1 when it cannot tell, -1 on an
 * error of the model. cat_run_interval_flags gives the flags raised for sure
 * and those that may be raised, at the levels evaluated.
 */
void cat_run_set_input_bounds(struct cat_run *r, enum cat_input in, const bword *lo,
			      const bword *hi);
void cat_run_set_value_known(struct cat_run *r, const bword *known);
int cat_run_interval(struct cat_run *r, int from, const bword *lo, const bword *hi);
void cat_run_interval_flags(const struct cat_run *r, uint64_t *sure, uint64_t *maybe);

/* The flags raised by the last evaluation of level (exact). */
void cat_run_level_flags(const struct cat_run *r, int level, uint64_t *out);

/* The value of the latest global binding of name, if a set or relation (debugging). */
const bword *cat_run_lookup(struct cat_run *r, const char *name);

/*
 * Stops the "with" enumeration once CLOCK_MONOTONIC passes wall, or the
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID) passes cpu (zero: none);
 * cat_run_timed_out() then says so.
 */
struct timespec;
void cat_run_set_deadline(struct cat_run *r, const struct timespec *wall,
			  const struct timespec *cpu);
bool cat_run_timed_out(const struct cat_run *r);

/*
 * Counts every "with" member tried in *counter (shared with the caller, who
 * counts its own candidates there too) and stops the enumeration once it
 * passes max (0: no limit); cat_run_count_hit() then says so.
 */
void cat_run_set_counter(struct cat_run *r, long *counter, long max);
bool cat_run_count_hit(const struct cat_run *r);

/* The message of the last error (owned by the run). */
const char *cat_run_error(const struct cat_run *r);

/* Flags: a bitmask over the model's flag names. */
int cat_model_nflags(const struct cat_model *m);
const char *cat_model_flag(const struct cat_model *m, int i);

#endif
