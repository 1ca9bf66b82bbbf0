/* access.h: shared-memory accesses next to a barrier */
#ifndef ACQREL_ACCESS_H
#define ACQREL_ACCESS_H

#include <stdbool.h>
#include <stddef.h>

struct access {
	char *path;		/* owned: normalised source text, e.g. "ring->tail" */
	char *object;		/* owned or NULL: "aio_ring.tail" when the type is visible */
	char *type_path;	/* owned or NULL: "kioctx.ring.tail", "@gvar.field", ... */
	char *via;		/* owned or NULL: the marking call, "WRITE_ONCE", "set_bit", ... */
	char *assigned_to;	/* owned or NULL: the local a load's value goes to */
	char *value;		/* owned or NULL: what a store writes, as written, or
				   the bit number of a bit operation (set_bit(nr, ...)) */
	bool is_write;
	bool marked;		/* READ_ONCE/WRITE_ONCE, atomics, acquire/release, bitops */
	size_t off;		/* byte offset in the file */
	unsigned line;		/* 1-based; filled from off by the caller */
};

struct access_list {
	struct access *v;
	size_t nr, alloc;
};

/* Appends a copy of a; the list takes ownership of a->path and a->object. */
void access_list_push(struct access_list *l, const struct access *a);
/* Frees what a owns (not a itself). */
void access_free(struct access *a);
/* Appends deep copies of src's accesses to dst. */
void access_list_copy(struct access_list *dst, const struct access_list *src);
/* Appends a deep copy of a. */
void access_list_push_copy(struct access_list *l, const struct access *a);
/* Frees every access and the array; l is empty afterwards. */
void access_list_release(struct access_list *l);

#endif
