/* hash.c: string-keyed and pointer-keyed maps */
#include "hash.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h;
}

static size_t slot(const struct hashmap *m, const char *key)
{
	size_t i = (size_t)fnv1a(key) & (m->size - 1);

	while (m->keys[i] && strcmp(m->keys[i], key))
		i = (i + 1) & (m->size - 1);
	return i;
}

size_t hashmap_get(const struct hashmap *m, const char *key)
{
	size_t i;

	if (!m->size)
		return (size_t)-1;
	i = slot(m, key);
	return m->keys[i] ? m->vals[i] : (size_t)-1;
}

static void grow(struct hashmap *m)
{
	struct hashmap n = { NULL, NULL, 0, m->size ? m->size * 2 : 64 };
	size_t i;

	n.keys = xcalloc(n.size, sizeof(*n.keys));
	n.vals = xcalloc(n.size, sizeof(*n.vals));
	for (i = 0; i < m->size; i++) {
		if (m->keys[i]) {
			size_t j = slot(&n, m->keys[i]);

			n.keys[j] = m->keys[i];
			n.vals[j] = m->vals[i];
			n.nr++;
		}
	}
	free(m->keys);
	free(m->vals);
	*m = n;
}

void hashmap_put(struct hashmap *m, const char *key, size_t val)
{
	size_t i;

	if (2 * (m->nr + 1) > m->size)
		grow(m);
	i = slot(m, key);
	if (!m->keys[i]) {
		m->keys[i] = xstrdup(key);
		m->nr++;
	}
	m->vals[i] = val;
}

void hashmap_release(struct hashmap *m)
{
	size_t i;

	for (i = 0; i < m->size; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static size_t ptr_slot(const struct ptrmap *m, const void *key)
{
	/* Fibonacci hashing of the address: its low bits are alignment */
	size_t i = (size_t)(((uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ull) >> 32) & (m->size - 1);

	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->size - 1);
	return i;
}

size_t ptrmap_get(const struct ptrmap *m, const void *key)
{
	size_t i;

	if (!m->size)
		return (size_t)-1;
	i = ptr_slot(m, key);
	return m->keys[i] ? m->vals[i] : (size_t)-1;
}

static void ptr_grow(struct ptrmap *m)
{
	struct ptrmap n = { NULL, NULL, 0, m->size ? m->size * 2 : 16 };
	size_t i;

	n.keys = xcalloc(n.size, sizeof(*n.keys));
	n.vals = xcalloc(n.size, sizeof(*n.vals));
	for (i = 0; i < m->size; i++) {
		if (m->keys[i]) {
			size_t j = ptr_slot(&n, m->keys[i]);

			n.keys[j] = m->keys[i];
			n.vals[j] = m->vals[i];
			n.nr++;
		}
	}
	free(m->keys);
	free(m->vals);
	*m = n;
}

void ptrmap_put(struct ptrmap *m, const void *key, size_t val)
{
	size_t i;

	if (2 * (m->nr + 1) > m->size)
		ptr_grow(m);
	i = ptr_slot(m, key);
	if (!m->keys[i]) {
		m->keys[i] = key;
		m->nr++;
	}
	m->vals[i] = val;
}

void ptrmap_release(struct ptrmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}
