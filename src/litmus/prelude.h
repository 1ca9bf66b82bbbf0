/*
 * prelude.h: acqrel's own versions of the cat files of herd7's library
 * that models use (stdlib.cat, cross.cat, cos-opt.cat).
 */
#ifndef ACQREL_LITMUS_PRELUDE_H
#define ACQREL_LITMUS_PRELUDE_H

/* The text of library file name (static), or NULL when there is none. */
const char *prelude_file(const char *name);

#endif
