/* access.c: lists of accesses */
#include "access.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void access_list_push(struct access_list *l, const struct access *a)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = *a;
}

void access_list_release(struct access_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].path);
		free(l->v[i].object);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
