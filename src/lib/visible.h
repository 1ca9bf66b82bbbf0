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
	VIS_NOT_PUBLISHED,	/* no writer orders a store to it after other stores */
};

/* "shared", "private", "locked", "before publication", "address", "not published" */
const char *visibility_name(enum visibility v);

/*
 * The class of access a, in the function of end e of protocol p, whose
 * ordering the conversion of e changes (a store after smp_wmb() when e is
 * a writer, a load before smp_rmb() when e is a reader). *evidence gets a
 * short phrase saying why (caller frees), or NULL for shared.
 */
struct classify_ctx;
enum visibility visible_class(const struct classify_ctx *c, const struct protocol *p,
			      const struct pair_end *e, const struct access *a, char **evidence);

#endif
