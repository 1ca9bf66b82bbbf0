/* threads.c: run one function on several threads, the calling one included */
#include "threads.h"
#include "util.h"

#include <pthread.h>
#include <stdlib.h>

void threads_run(int n, void *(*fn)(void *), void *args, size_t size)
{
	pthread_t *tids;
	int t;

	if (n < 1)
		n = 1;
	tids = xcalloc((size_t)n, sizeof(*tids));
	for (t = 1; t < n; t++)
		if (pthread_create(&tids[t], NULL, fn, (char *)args + (size_t)t * size))
			die("cannot start a worker thread");
	fn(args);
	for (t = 1; t < n; t++)
		pthread_join(tids[t], NULL);
	free(tids);
}
