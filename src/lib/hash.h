/* hash.h: a map from strings to indexes (open addressing, FNV-1a) */
#ifndef ACQREL_HASH_H
#define ACQREL_HASH_H

#include <stddef.h>

struct hashmap {
	char **keys;		/* owned copies; NULL where empty */
	size_t *vals;
	size_t nr, size;
};

/* Returns the value stored for key, or (size_t)-1. */
size_t hashmap_get(const struct hashmap *m, const char *key);
/* Stores val for key (a copy of key is kept). */
void hashmap_put(struct hashmap *m, const char *key, size_t val);
void hashmap_release(struct hashmap *m);

#endif
