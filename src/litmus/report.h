/*
 * report.h: the outcome of a litmus test in herd7's output format, so that
 * people and scripts (the kernel's tools/memory-model/scripts) that read
 * herd7 read acqrel:
 *
 *   Test NAME Allowed
 *   States 2
 *   0:r0=0; 1:r0=1;
 *   ...
 *   No
 *   Witnesses
 *   Positive: 0 Negative: 3
 *   Flag data-race
 *   Condition exists (0:r0=1 /\ 1:r0=0)
 *   Observation NAME Never 0 3
 *   Time NAME 0.00
 *   Hash=...
 *
 * A test decided by witness searches (see exec.h) has one more line after
 * Observation, "Witness NAME searched: ...", as its counts are not those of
 * every execution.
 */
#ifndef ACQREL_LITMUS_REPORT_H
#define ACQREL_LITMUS_REPORT_H

#include "exec.h"
#include "../lib/strbuf.h"

/* Appends the report of test t with outcome o; flags are named by model m. */
void litmus_report(struct strbuf *sb, const struct litmus *t, const struct litmus_model *m,
		   const struct lit_outcome *o);

/* herd's verdict word: Never, Always or Sometimes. */
const char *litmus_verdict(const struct lit_outcome *o);

#endif
