/*
 * classify.h: the verdict of a protocol (convert, review, keep, converted)
 * and the reasons for it, each a code and one sentence a reviewer can check.
 */
#ifndef ACQREL_CLASSIFY_H
#define ACQREL_CLASSIFY_H

#include "pair.h"
#include "types.h"

/* Judges p, one of all[0..nr_all). Borrows everything. */
void classify_protocol(struct types *t, struct protocol *p, const struct protocol *all,
		       size_t nr_all);
/*
 * Whether the conversion of p removes the barrier of end e: an smp_wmb()
 * whose publish store has a release form and that orders data, or an
 * smp_rmb() whose subscribe load has an acquire form. The other ends stay.
 */
bool classify_convertible(const struct protocol *p, const struct pair_end *e);

/*
 * One barrier can order several protocols' variables: it only goes when
 * every protocol it belongs to converts. Downgrades the others to review.
 */
void classify_shared_barriers(struct pair_result *out);

#endif
