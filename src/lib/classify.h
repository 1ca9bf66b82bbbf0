/*
 * classify.h: the verdict of a protocol (convert, review, keep, converted)
 * and the reasons for it, each a code and one sentence a reviewer can check.
 */
#ifndef ACQREL_CLASSIFY_H
#define ACQREL_CLASSIFY_H

#include "pair.h"
#include "defs.h"
#include "hash.h"
#include "types.h"

/*
 * A set of base keys (classify_ordered()). The accesses of deferred sites
 * (pair.c) wait under their variable's name and are resolved and added
 * when a key of that name is first asked for.
 */
struct ordered_set {
	struct hashmap keys;		/* base key -> 1 */
	struct hashmap names;		/* variable name -> first waiting, or -1 */
	struct ordered_wait {
		struct access *a;	/* borrowed from its site */
		const char *file;
		size_t next;		/* the next waiting under its name, or -1 */
	} *v;
	size_t nr, alloc;
	struct types *t;		/* borrowed */
};

/* Whether base (base_key()) is in o. */
bool ordered_has(struct ordered_set *o, const char *base);
/*
 * Resolves and adds every access that waits in o, at once: afterwards
 * ordered_has() only reads o, and several threads may ask it together.
 */
void ordered_set_settle(struct ordered_set *o);
void ordered_set_release(struct ordered_set *o);

/* What a judgement looks at besides the protocol. Borrowed. */
struct classify_ctx {
	struct types *t;
	const struct protocol *all;	/* every protocol of the run */
	size_t nr_all;
	struct ordered_set *published;	/* base keys some writer orders a store to:
					   after a barrier, by a release or a
					   fully ordered read-modify-write */
	struct ordered_set *subscribed;	/* base keys some reader orders later loads after */
	const struct hashmap *flags;	/* base keys stored right before an smp_wmb()
					   that orders no store after it in its
					   function (store-then-barrier) */
	struct defs *defs;		/* the bodies of called functions */
};

/* Judges p, one of c->all. */
void classify_protocol(const struct classify_ctx *c, struct protocol *p);

/*
 * Fills published and subscribed (zeroed) from every site of run: the
 * base keys of variables some writer orders a store to (after a barrier
 * that orders stores, by a release or a fully ordered read-modify-write),
 * and of those some reader orders later loads after (before a barrier
 * that orders loads, by an acquire or such a read-modify-write). Both
 * resolve the types of deferred sites' accesses with t when asked.
 */
void classify_ordered(struct sites_run *run, struct types *t, struct ordered_set *published,
		      struct ordered_set *subscribed);
/*
 * Fills flags (zeroed) with the base keys of the variables stored right
 * before an smp_wmb() that is followed by no store in its function
 * ("x->state = RUNNING; smp_wmb(); schedule_work(...)"): flags that the
 * barrier orders before what the calls after it do.
 */
void classify_flags(const struct sites_run *run, struct hashmap *flags);
/*
 * Whether the conversion of p removes the barrier of end e: an smp_wmb()
 * whose publish store has a release form and that orders data, or an
 * smp_rmb() whose subscribe load has an acquire form. The other ends stay.
 */
bool classify_convertible(const struct protocol *p, const struct pair_end *e);
/* Whether the conversion removes the barrier of some writer (writers) or reader of p. */
bool classify_side_converts(const struct protocol *p, bool writers);

/*
 * Appends the functions of p's ends v[0..n): "a()", "a() and b()", "a(), b()
 * and c()"; for a barrier one call level away that moves into its callers,
 * those callers, where the release or acquire goes. Ends whose access is of
 * another variable (unanchored) are left out when some end is not.
 */
struct strbuf;
void classify_end_functions(struct strbuf *sb, const struct protocol *p,
			    const struct pair_end *v, size_t n);

/*
 * The same, and a function defined in none of the files paths[0..nr) is
 * followed by its file: "a() in include/linux/x.h", so that a line that
 * then names the patched files does not seem to place it there.
 */
void classify_end_functions_in(struct strbuf *sb, const struct protocol *p,
			       const struct pair_end *v, size_t n, const char *const *paths,
			       size_t nr);

/*
 * Whether end e of p accesses p's variable next to its barrier, and a
 * reader not only its own function's store: false for an unanchored end.
 */
bool classify_anchored(const struct protocol *p, const struct pair_end *e);

/* Whether some end of v[0..n) is anchored (classify_anchored()). */
bool classify_any_anchored(const struct protocol *p, const struct pair_end *v, size_t n);

/*
 * One barrier can order several protocols' variables: it only goes when
 * every protocol it belongs to converts. Downgrades the others to review.
 */
void classify_shared_barriers(struct pair_result *out);

#endif
