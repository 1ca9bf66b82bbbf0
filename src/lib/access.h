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
	unsigned flags;		/* enum access_flag bits: what the parser saw of it */
	size_t off;		/* byte offset in the file */
	unsigned line;		/* 1-based; filled from off by the caller */
};

/* What the parser can tell of an access from the function around it. */
enum access_flag {
	ACCESS_THIS_CPU = 1,	/* this_cpu_*(), __this_cpu_*(), raw_cpu_*(): this CPU's copy */
	ACCESS_CURRENT = 2,	/* a field of current, the running task */
	ACCESS_CURSOR = 4,	/* through a loff_t * parameter: the caller's file position */
	ACCESS_USER = 8,	/* through a __user pointer: user memory, not kernel data */
	ACCESS_PER_CPU = 16,	/* per_cpu(var, cpu): some CPU's copy of a per-CPU variable */
	ACCESS_LOCAL_TYPE = 32,	/* its struct is defined in its C file: that file's own type */
	ACCESS_CURRENT_CRED = 64,	/* through current_cred(): the running task's own
					   credentials, which only it replaces */
	ACCESS_THIS_CPU_PTR = 128,	/* through a local set only from this_cpu_ptr()
					   (or raw_cpu_ptr(), get_cpu_ptr()): this CPU's copy */
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
/* How many of l's accesses are stores (writes) or loads. */
size_t access_list_count(const struct access_list *l, bool writes);
/* Appends a deep copy of a. */
void access_list_push_copy(struct access_list *l, const struct access *a);
/* Frees every access and the array; l is empty afterwards. */
void access_list_release(struct access_list *l);

/* A call next to a barrier: the function it calls, by name as written. */
struct call_ref {
	char *name;		/* owned: "foo", or "ops->fn" for a call through a pointer */
	size_t off;		/* byte offset in the file */
	unsigned line;		/* 1-based; filled from off by the caller */
	bool direct;		/* a statement of its own in a barrier's window, on
				   every path between it and the barrier */
};

struct call_list {
	struct call_ref *v;
	size_t nr, alloc;
};

void call_list_push(struct call_list *l, const char *name, size_t len, size_t off);
void call_list_copy(struct call_list *dst, const struct call_list *src);
void call_list_release(struct call_list *l);

/*
 * A lock operation in a function: what a lock holds is decided from these,
 * by position (see lock_held()).
 */
enum lock_op {
	LOCK_ACQUIRE,		/* spin_lock(), mutex_lock(), guard(), ...: held in scope */
	LOCK_RELEASE,		/* spin_unlock(), mutex_unlock(), ... */
	LOCK_ASSERT,		/* lockdep_assert_held(), __must_hold(): held from here on */
};

struct lock_event {
	struct access lock;	/* the lock's location (path, type_path, object) */
	enum lock_op op;
	size_t scope_start;	/* file offsets where an acquire holds: from the call */
	size_t scope_end;	/* to the end of its block (or its guarded statement) */
};

struct lock_list {
	struct lock_event *v;
	size_t nr, alloc;
};

/* Appends deep copies of src's events to dst. */
void lock_list_copy(struct lock_list *dst, const struct lock_list *src);
void lock_list_release(struct lock_list *l);
/*
 * The lock events of l held at file offset off: an acquire before off
 * whose scope holds off, with no release of the same lock between; an
 * assertion before off. Returns the first one, or NULL; *from_index lets
 * a caller iterate (start at 0).
 */
const struct lock_event *lock_held(const struct lock_list *l, size_t off, size_t *from_index);

#endif
