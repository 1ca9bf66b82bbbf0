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

/* A deep copy of a. */
static struct access copy_of(const struct access *a)
{
	struct access c = *a;

	c.path = xstrdup(a->path);
	c.object = dup_or_null(a->object);
	c.type_path = dup_or_null(a->type_path);
	c.via = dup_or_null(a->via);
	c.assigned_to = dup_or_null(a->assigned_to);
	c.value = dup_or_null(a->value);
	return c;
}

void access_list_push_copy(struct access_list *l, const struct access *src)
{
	struct access a = copy_of(src);

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

size_t access_list_count(const struct access_list *l, bool writes)
{
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++)
		n += l->v[i].is_write == writes;
	return n;
}

void lock_list_copy(struct lock_list *dst, const struct lock_list *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++) {
		ALLOC_GROW(dst->v, dst->nr + 1, dst->alloc);
		dst->v[dst->nr] = src->v[i];
		dst->v[dst->nr++].lock = copy_of(&src->v[i].lock);
	}
}

void lock_list_release(struct lock_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		access_free(&l->v[i].lock);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

const struct lock_event *lock_held(const struct lock_list *l, size_t off, size_t *from_index)
{
	size_t i, j;

	for (i = *from_index; i < l->nr; i++) {
		const struct lock_event *e = &l->v[i];
		bool released = false;

		if (e->op == LOCK_RELEASE || e->scope_start > off)
			continue;
		if (e->op == LOCK_ACQUIRE && off >= e->scope_end)
			continue;
		for (j = 0; j < l->nr && !released && e->op == LOCK_ACQUIRE; j++)
			released = l->v[j].op == LOCK_RELEASE && l->v[j].scope_start > e->scope_start &&
				   l->v[j].scope_start < off && !strcmp(l->v[j].lock.path, e->lock.path);
		if (released)
			continue;
		*from_index = i + 1;
		return e;
	}
	*from_index = l->nr;
	return NULL;
}

void call_list_push(struct call_list *l, const char *name, size_t len, size_t off)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr].name = xstrndup(name, len);
	l->v[l->nr].off = off;
	l->v[l->nr].line = 0;
	l->v[l->nr].direct = false;
	l->nr++;
}

void call_list_copy(struct call_list *dst, const struct call_list *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++) {
		call_list_push(dst, src->v[i].name, strlen(src->v[i].name), src->v[i].off);
		dst->v[dst->nr - 1].line = src->v[i].line;
		dst->v[dst->nr - 1].direct = src->v[i].direct;
	}
}

void call_list_release(struct call_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i].name);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
