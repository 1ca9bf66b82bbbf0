/* threads.h: run one function on several threads, the calling one included */
#ifndef ACQREL_THREADS_H
#define ACQREL_THREADS_H

#include <stddef.h>

/*
 * Calls fn(args + t * size) for t in [0, n): t = 0 on the calling thread,
 * the others each on a thread of its own; returns when every call has.
 * n < 1 counts as 1. Dies when a thread cannot be started.
 */
void threads_run(int n, void *(*fn)(void *), void *args, size_t size);

#endif
