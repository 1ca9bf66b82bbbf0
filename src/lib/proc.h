/*
 * proc.h: running another program without a shell. Arguments go to it as
 * given, so no name or path is ever parsed as shell syntax.
 */
#ifndef ACQREL_PROC_H
#define ACQREL_PROC_H

#include "strbuf.h"

/*
 * Runs argv[0], looked up in the absolute folders of PATH only (a relative
 * entry such as "." would run a program of the tree being read), with
 * argv, in folder cwd (NULL: the current one). Its environment is ours
 * without any GIT_* variable, plus env[] ("NAME=value", NULL-terminated; may
 * be NULL). Standard input and error are /dev/null; standard output is
 * appended to out, up to max bytes (the rest is read and dropped). Returns
 * the exit status, or -1 when the program could not be run or was killed.
 */
int proc_capture(const char *const *argv, const char *cwd, const char *const *env,
		 struct strbuf *out, size_t max);

#endif
