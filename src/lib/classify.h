/*
 * classify.h: the verdict of a protocol (convert, review, keep, converted)
 * and the reasons for it, each a code and one sentence a reviewer can check.
 */
#ifndef ACQREL_CLASSIFY_H
#define ACQREL_CLASSIFY_H

#include "pair.h"
#include "types.h"
#include "hash.h"

/*
 * Judges p, one of all[0..nr_all). far_side maps base keys of variables
 * stored right before an smp_wmb() or loaded right after an smp_rmb() to
 * an index into far_where (may be NULL). Borrows everything.
 */
void classify_protocol(struct types *t, struct protocol *p, const struct protocol *all,
		       size_t nr_all, const struct hashmap *far_side, char *const *far_where);
/*
 * One barrier can order several protocols' variables: it only goes when
 * every protocol it belongs to converts. Downgrades the others to review.
 */
void classify_shared_barriers(struct pair_result *out);

#endif
