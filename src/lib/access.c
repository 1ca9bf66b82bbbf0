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

void access_list_copy(struct access_list *dst, const struct access_list *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++) {
		struct access a = src->v[i];

		a.path = xstrdup(a.path);
		a.object = a.object ? xstrdup(a.object) : NULL;
		a.type_path = a.type_path ? xstrdup(a.type_path) : NULL;
		a.via = a.via ? xstrdup(a.via) : NULL;
		a.assigned_to = a.assigned_to ? xstrdup(a.assigned_to) : NULL;
		access_list_push(dst, &a);
	}
}

void access_list_release(struct access_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].path);
		free(l->v[i].object);
		free(l->v[i].type_path);
		free(l->v[i].via);
		free(l->v[i].assigned_to);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
