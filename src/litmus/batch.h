/*
 * batch.h: checking many litmus tests on several threads. Each test gets
 * its model (the folder given, else the tools/memory-model of the kernel
 * tree that holds it, else $ACQREL_MODEL); models are loaded once. Reports
 * are printed in the order of the files, as soon as each is ready.
 */
#ifndef ACQREL_LITMUS_BATCH_H
#define ACQREL_LITMUS_BATCH_H

#include "exec.h"

#include <stdio.h>

struct litmus_batch_opts {
	const char *model_dir;		/* NULL: found per test */
	struct lit_limits lim;
	int jobs;
};

/*
 * Checks files[0..n), printing reports to out and one line per error or
 * limit to errs. Returns 0 when every test was checked completely, 1 when
 * some test could not be (an error, a limit).
 */
int litmus_batch(const char *const *files, int n, const struct litmus_batch_opts *o, FILE *out,
		 FILE *errs);

/*
 * The model folder for a test: the tools/memory-model of the kernel tree
 * holding it, else $ACQREL_MODEL. NULL with *err set when there is none.
 * Caller frees.
 */
char *litmus_model_dir_for(const char *test, char **err);

#endif
