/*
 * bits.h: sets of events and relations between them, as bit vectors and
 * bit matrices. A test has n events (at most LITMUS_MAX_EVENTS); a set is
 * nw = ceil(n / 64) words and a relation n rows of nw words, row i holding
 * the events that i is related to. The size travels in a struct bits_dim
 * that all the operations take first; buffers are the caller's.
 */
#ifndef ACQREL_LITMUS_BITS_H
#define ACQREL_LITMUS_BITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LITMUS_MAX_EVENTS 256

typedef uint64_t bword;

struct bits_dim {
	int n;		/* events */
	int nw;		/* words per set, or per row of a relation */
};

void bits_dim_init(struct bits_dim *d, int n);

static inline size_t bits_set_words(const struct bits_dim *d)
{
	return (size_t)d->nw;
}

static inline size_t bits_rel_words(const struct bits_dim *d)
{
	return (size_t)d->n * (size_t)d->nw;
}

static inline bool bit_get(const bword *s, int i)
{
	return (s[i >> 6] >> (i & 63)) & 1;
}

static inline void bit_set(bword *s, int i)
{
	s[i >> 6] |= (bword)1 << (i & 63);
}

static inline void bit_clear(bword *s, int i)
{
	s[i >> 6] &= ~((bword)1 << (i & 63));
}

static inline bword *rel_row(const struct bits_dim *d, bword *r, int i)
{
	return r + (size_t)i * (size_t)d->nw;
}

static inline const bword *rel_crow(const struct bits_dim *d, const bword *r, int i)
{
	return r + (size_t)i * (size_t)d->nw;
}

static inline bool rel_get(const struct bits_dim *d, const bword *r, int i, int j)
{
	return bit_get(rel_crow(d, r, i), j);
}

static inline void rel_add(const struct bits_dim *d, bword *r, int i, int j)
{
	bit_set(rel_row(d, r, i), j);
}

/* Iterates over the members of a set: for (i = set_next(d, s, 0); i >= 0; i = set_next(d, s, i + 1)). */
int set_next(const struct bits_dim *d, const bword *s, int from);

/* Sets: dst may be an argument. */
void set_zero(const struct bits_dim *d, bword *dst);
void set_all(const struct bits_dim *d, bword *dst);
void set_copy(const struct bits_dim *d, bword *dst, const bword *a);
void set_union(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
void set_inter(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
void set_diff(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
void set_comp(const struct bits_dim *d, bword *dst, const bword *a);
bool set_is_empty(const struct bits_dim *d, const bword *a);
bool set_equal(const struct bits_dim *d, const bword *a, const bword *b);
bool set_subset(const struct bits_dim *d, const bword *a, const bword *b);
int set_count(const struct bits_dim *d, const bword *a);

/* Relations: dst may be an argument unless said otherwise. */
void rel_zero(const struct bits_dim *d, bword *dst);
void rel_copy(const struct bits_dim *d, bword *dst, const bword *a);
void rel_union(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
void rel_inter(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
void rel_diff(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
/* The complement within all pairs of events. */
void rel_comp(const struct bits_dim *d, bword *dst, const bword *a);
/* dst = a ; b. dst must not be a or b. */
void rel_seq(const struct bits_dim *d, bword *dst, const bword *a, const bword *b);
/* dst = a^-1. dst must not be a. */
void rel_inv(const struct bits_dim *d, bword *dst, const bword *a);
/* In place: r = r+ (transitive closure). */
void rel_closure(const struct bits_dim *d, bword *r);
/* r = r | [s] */
void rel_add_id(const struct bits_dim *d, bword *r, const bword *s);
/* dst = [s] */
void rel_id(const struct bits_dim *d, bword *dst, const bword *s);
/* dst = s * t */
void rel_cart(const struct bits_dim *d, bword *dst, const bword *s, const bword *t);
/* dst = domain / range of r (sets) */
void rel_domain(const struct bits_dim *d, bword *dst, const bword *r);
void rel_range(const struct bits_dim *d, bword *dst, const bword *r);
/* dst = [s] ; r ; [t], in place allowed */
void rel_restrict(const struct bits_dim *d, bword *dst, const bword *r, const bword *s,
		  const bword *t);
bool rel_is_empty(const struct bits_dim *d, const bword *r);
bool rel_is_irreflexive(const struct bits_dim *d, const bword *r);
/* True when r has no cycle. Uses a scratch area of 2 sets plus n ints. */
bool rel_is_acyclic(const struct bits_dim *d, const bword *r);
bool rel_equal(const struct bits_dim *d, const bword *a, const bword *b);
bool rel_subset(const struct bits_dim *d, const bword *a, const bword *b);
int rel_count(const struct bits_dim *d, const bword *r);

#endif
