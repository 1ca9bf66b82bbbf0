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

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void access_free(struct access *a)
{
	free(a->path);
	free(a->object);
	free(a->type_path);
	free(a->via);
	free(a->assigned_to);
	free(a->value);
}

void access_list_push_copy(struct access_list *l, const struct access *src)
{
	struct access a = *src;

	a.path = xstrdup(a.path);
	a.object = dup_or_null(a.object);
	a.type_path = dup_or_null(a.type_path);
	a.via = dup_or_null(a.via);
	a.assigned_to = dup_or_null(a.assigned_to);
	a.value = dup_or_null(a.value);
	access_list_push(l, &a);
}

void access_list_copy(struct access_list *dst, const struct access_list *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++)
		access_list_push_copy(dst, &src->v[i]);
}

void access_list_release(struct access_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		access_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
