/*
 * visible.h: who else can see an access. Converting smp_wmb() to a release
 * on the publish store leaves the other stores after the barrier unordered
 * after the data; converting smp_rmb() to an acquire on the subscribe load
 * leaves the other loads before the barrier unordered before the data. That
 * matters only when another thread can observe such an access out of
 * order, so each gets one class, decided from the code, with the evidence:
 * only a shared access is a caveat (../shared/DESIGN.md, "Who can see an
 * access").
 */
#ifndef ACQREL_VISIBLE_H
#define ACQREL_VISIBLE_H

#include "pair.h"

enum visibility {
	VIS_SHARED,		/* another thread can see it: a caveat */
	VIS_PRIVATE,		/* this CPU's copy, the caller's cursor, user memory, current */
	VIS_LOCKED,		/* every other side holds a lock this side holds here */
	VIS_BEFORE_PUBLICATION,	/* constant once the data is published */
	VIS_ADDRESS,		/* an address computation the data's address depends on */
	VIS_NOT_PUBLISHED,	/* a load of a variable no writer orders a store to */
	VIS_ORDERED,		/* a fully ordered read-modify-write orders it anyway */
	VIS_NOT_SUBSCRIBED,	/* a store whose known readers take it as a value only */
};

/* "shared", "private", ..., "unordered", "ordered", "unsubscribed" */
const char *visibility_name(enum visibility v);

/*
 * The class of access a, whose ordering the conversion of end e of
 * protocol p changes (a store after smp_wmb() when e is a writer, a load
 * before smp_rmb() when e is a reader). a is in file (e's, or a called
 * function's) and e's function makes it at offset at (a's own, or its
 * call's). *evidence gets a short phrase saying why (caller frees), or
 * NULL for shared.
 */
struct classify_ctx;
enum visibility visible_class(const struct classify_ctx *c, const struct protocol *p,
			      const struct pair_end *e, const struct access *a, const char *file,
			      size_t at, char **evidence);

/*
 * visible_class() for an end e that is not one of p's own (a copy of a
 * writer or reader with another caller): writer says which side it is.
 */
enum visibility visible_class_as(const struct classify_ctx *c, const struct protocol *p,
				 const struct pair_end *e, bool writer, const struct access *a,
				 const char *file, size_t at, char **evidence);

/*
 * visible_class() for an access a that a function called from e's
 * window makes (in, whose locks hold at a's offset, in a's file).
 */
struct func_summary;
enum visibility visible_class_in(const struct classify_ctx *c, const struct protocol *p,
				 const struct pair_end *e, const struct access *a, const char *file,
				 size_t at, const struct func_summary *in, char **evidence);

/*
 * Whether reader end e's call before its barrier gives, as its result, a
 * local that the subscribe load's address is computed from ("u =
 * find(key); if (test_bit(F, &u->flags)) { smp_rmb(); ..."): the loads
 * that find the object stay ordered before the data by the address
 * dependency of the acquire on them.
 */
struct call_ref;
bool visible_call_feeds_subscribe(struct types *t, const struct pair_end *e,
				  const struct call_ref *call);

/*
 * Whether reader end e's subscribe load (or the call of the helper that
 * makes it) is evaluated on every path to its smp_rmb(): then an acquire
 * there covers every earlier load of the same variable by coherence.
 */
struct types;
bool visible_subscribe_on_every_path(struct types *t, const struct pair_end *e);

/*
 * Whether the subscribe path of reader end e (its base, its subscripts)
 * names the same location from offset from in e's file to the subscribe
 * load: none of its variables is assigned in between.
 */
bool visible_same_location(struct types *t, const struct pair_end *e, size_t from);

#endif
