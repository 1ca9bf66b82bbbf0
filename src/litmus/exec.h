/*
 * exec.h: checking a litmus test under a model: every candidate execution
 * (a path of each process, a read-from for each read, a final write for each
 * observed location, and the model's own choices such as the coherence
 * order) is built and judged by the model; the outcome is what herd7
 * reports: the final states, how many executions satisfy the condition and
 * how many do not, and the flags raised.
 */
#ifndef ACQREL_LITMUS_EXEC_H
#define ACQREL_LITMUS_EXEC_H

#include "litmus.h"
#include "model.h"

#include <stdbool.h>
#include <stdint.h>

struct lit_limits {
	long max_execs;		/* candidates: read-froms and "with" choices (0: no limit) */
	double max_seconds;	/* per test (0: no limit) */
	int max_paths;		/* paths of one process */
	bool exhaustive;	/* always count every execution (no witness searches) */
	const volatile bool *stop;	/* set by another thread to stop early */
};

/*
 * A value of a final state: an integer, the address of a location, or a
 * value left free by herd's solver (reads that copy each other's values in
 * a cycle: out of thin air), numbered by its cycle.
 */
struct lit_gval {
	bool is_sym;
	bool is_free;
	int64_t num;		/* the integer, the location's index in names, the cycle */
};

struct lit_outcome {
	int nshown;		/* locations shown in the states (herd's order) */
	struct lit_loc *shown;	/* owned */
	char **names;		/* owned: location names, for addresses */
	int nnames;
	int nstates;
	struct lit_gval *states;	/* owned: nstates rows of nshown, sorted */
	long pos, neg;		/* executions satisfying the condition, and not */
	uint64_t flags;		/* bit i: flag i of the model raised by some execution */
	bool complete;		/* false when a limit stopped the enumeration */
	bool witness;		/* verdict and flags from witness searches: counts not exhaustive */
	char *limit;		/* owned: what stopped it */
	long candidates;	/* read-from candidates tried */
	double seconds;
};

/*
 * Checks test t under model m. Returns 0 with the outcome filled (which
 * may be incomplete if a limit was hit), or -1 with *err set (malloc'd,
 * "file:line:col: error: ...") for a test the checker does not support.
 */
int litmus_check(const struct litmus *t, const struct litmus_model *m,
		 const struct lit_limits *lim, struct lit_outcome *out, char **err);
void lit_outcome_release(struct lit_outcome *o);

#endif
