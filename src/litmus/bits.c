/* bits.c: sets of events and relations as bit vectors and bit matrices */
#include "bits.h"

#include <string.h>

void bits_dim_init(struct bits_dim *d, int n)
{
	d->n = n;
	d->nw = n > 0 ? (n + 63) / 64 : 1;
}

/* The mask of valid bits in the last word of a set. */
static bword last_mask(const struct bits_dim *d)
{
	int r = d->n & 63;

	return r ? (((bword)1 << r) - 1) : ~(bword)0;
}

int set_next(const struct bits_dim *d, const bword *s, int from)
{
	int w = from >> 6;

	if (from >= d->n)
		return -1;
	bword cur = s[w] & (~(bword)0 << (from & 63));

	for (;;) {
		if (cur) {
			int i = (w << 6) + __builtin_ctzll(cur);

			return i < d->n ? i : -1;
		}
		if (++w >= d->nw)
			return -1;
		cur = s[w];
	}
}

void set_zero(const struct bits_dim *d, bword *dst)
{
	memset(dst, 0, sizeof(bword) * (size_t)d->nw);
}

void set_all(const struct bits_dim *d, bword *dst)
{
	int k;

	for (k = 0; k < d->nw; k++)
		dst[k] = ~(bword)0;
	dst[d->nw - 1] &= last_mask(d);
}

void set_copy(const struct bits_dim *d, bword *dst, const bword *a)
{
	if (dst != a)
		memcpy(dst, a, sizeof(bword) * (size_t)d->nw);
}

void set_union(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	int k;

	for (k = 0; k < d->nw; k++)
		dst[k] = a[k] | b[k];
}

void set_inter(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	int k;

	for (k = 0; k < d->nw; k++)
		dst[k] = a[k] & b[k];
}

void set_diff(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	int k;

	for (k = 0; k < d->nw; k++)
		dst[k] = a[k] & ~b[k];
}

void set_comp(const struct bits_dim *d, bword *dst, const bword *a)
{
	int k;

	for (k = 0; k < d->nw; k++)
		dst[k] = ~a[k];
	dst[d->nw - 1] &= last_mask(d);
}

bool set_is_empty(const struct bits_dim *d, const bword *a)
{
	int k;

	for (k = 0; k < d->nw; k++)
		if (a[k])
			return false;
	return true;
}

bool set_equal(const struct bits_dim *d, const bword *a, const bword *b)
{
	return !memcmp(a, b, sizeof(bword) * (size_t)d->nw);
}

bool set_subset(const struct bits_dim *d, const bword *a, const bword *b)
{
	int k;

	for (k = 0; k < d->nw; k++)
		if (a[k] & ~b[k])
			return false;
	return true;
}

int set_count(const struct bits_dim *d, const bword *a)
{
	int k, c = 0;

	for (k = 0; k < d->nw; k++)
		c += __builtin_popcountll(a[k]);
	return c;
}

void rel_zero(const struct bits_dim *d, bword *dst)
{
	memset(dst, 0, sizeof(bword) * bits_rel_words(d));
}

void rel_copy(const struct bits_dim *d, bword *dst, const bword *a)
{
	if (dst != a)
		memcpy(dst, a, sizeof(bword) * bits_rel_words(d));
}

void rel_union(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	size_t k, n = bits_rel_words(d);

	for (k = 0; k < n; k++)
		dst[k] = a[k] | b[k];
}

void rel_inter(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	size_t k, n = bits_rel_words(d);

	for (k = 0; k < n; k++)
		dst[k] = a[k] & b[k];
}

void rel_diff(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	size_t k, n = bits_rel_words(d);

	for (k = 0; k < n; k++)
		dst[k] = a[k] & ~b[k];
}

void rel_comp(const struct bits_dim *d, bword *dst, const bword *a)
{
	int i;

	for (i = 0; i < d->n; i++)
		set_comp(d, rel_row(d, dst, i), rel_crow(d, a, i));
}

void rel_seq(const struct bits_dim *d, bword *dst, const bword *a, const bword *b)
{
	int i, j, k, nw = d->nw;

	if (nw == 1) {
		for (i = 0; i < d->n; i++) {
			bword w = a[i], acc = 0;

			while (w) {
				acc |= b[__builtin_ctzll(w)];
				w &= w - 1;
			}
			dst[i] = acc;
		}
		return;
	}
	if (nw == 2) {
		for (i = 0; i < d->n; i++) {
			bword w0 = a[2 * i], w1 = a[2 * i + 1], acc0 = 0, acc1 = 0;

			while (w0) {
				j = __builtin_ctzll(w0);
				w0 &= w0 - 1;
				acc0 |= b[2 * j];
				acc1 |= b[2 * j + 1];
			}
			while (w1) {
				j = 64 + __builtin_ctzll(w1);
				w1 &= w1 - 1;
				acc0 |= b[2 * j];
				acc1 |= b[2 * j + 1];
			}
			dst[2 * i] = acc0;
			dst[2 * i + 1] = acc1;
		}
		return;
	}
	for (i = 0; i < d->n; i++) {
		const bword *ra = rel_crow(d, a, i);
		bword *rd = rel_row(d, dst, i);

		for (k = 0; k < nw; k++)
			rd[k] = 0;
		for (k = 0; k < nw; k++) {
			bword w = ra[k];

			while (w) {
				const bword *rb;
				int m;

				j = (k << 6) + __builtin_ctzll(w);
				w &= w - 1;
				rb = rel_crow(d, b, j);
				for (m = 0; m < nw; m++)
					rd[m] |= rb[m];
			}
		}
	}
}

void rel_inv(const struct bits_dim *d, bword *dst, const bword *a)
{
	int i, k, nw = d->nw;

	rel_zero(d, dst);
	for (i = 0; i < d->n; i++) {
		const bword *ra = rel_crow(d, a, i);

		for (k = 0; k < nw; k++) {
			bword w = ra[k];

			while (w) {
				int j = (k << 6) + __builtin_ctzll(w);

				w &= w - 1;
				rel_add(d, dst, j, i);
			}
		}
	}
}

void rel_closure(const struct bits_dim *d, bword *r)
{
	int i, k, m, nw = d->nw;

	if (nw == 1) {
		for (k = 0; k < d->n; k++) {
			bword bk = (bword)1 << k, rk = r[k];

			if (!rk)
				continue;
			for (i = 0; i < d->n; i++)
				if (r[i] & bk)
					r[i] |= rk;
		}
		return;
	}
	for (k = 0; k < d->n; k++) {
		const bword *rk = rel_crow(d, r, k);
		int wk = k >> 6;
		bword bk = (bword)1 << (k & 63);

		for (i = 0; i < d->n; i++) {
			bword *ri = rel_row(d, r, i);

			if (ri[wk] & bk)
				for (m = 0; m < nw; m++)
					ri[m] |= rk[m];
		}
	}
}

void rel_add_id(const struct bits_dim *d, bword *r, const bword *s)
{
	int k, nw = d->nw;

	for (k = 0; k < nw; k++) {
		bword w = s[k];

		while (w) {
			int i = (k << 6) + __builtin_ctzll(w);

			w &= w - 1;
			r[(size_t)i * (size_t)nw + (size_t)k] |= (bword)1 << (i & 63);
		}
	}
}

void rel_id(const struct bits_dim *d, bword *dst, const bword *s)
{
	rel_zero(d, dst);
	rel_add_id(d, dst, s);
}

void rel_cart(const struct bits_dim *d, bword *dst, const bword *s, const bword *t)
{
	int i;

	for (i = 0; i < d->n; i++) {
		if (bit_get(s, i))
			set_copy(d, rel_row(d, dst, i), t);
		else
			set_zero(d, rel_row(d, dst, i));
	}
}

void rel_domain(const struct bits_dim *d, bword *dst, const bword *r)
{
	int i;

	set_zero(d, dst);
	for (i = 0; i < d->n; i++)
		if (!set_is_empty(d, rel_crow(d, r, i)))
			bit_set(dst, i);
}

void rel_range(const struct bits_dim *d, bword *dst, const bword *r)
{
	int i, k;

	set_zero(d, dst);
	for (i = 0; i < d->n; i++) {
		const bword *ri = rel_crow(d, r, i);

		for (k = 0; k < d->nw; k++)
			dst[k] |= ri[k];
	}
}

void rel_restrict(const struct bits_dim *d, bword *dst, const bword *r, const bword *s,
		  const bword *t)
{
	int i;

	for (i = 0; i < d->n; i++) {
		if (s && !bit_get(s, i))
			set_zero(d, rel_row(d, dst, i));
		else if (t)
			set_inter(d, rel_row(d, dst, i), rel_crow(d, r, i), t);
		else
			set_copy(d, rel_row(d, dst, i), rel_crow(d, r, i));
	}
}

bool rel_is_empty(const struct bits_dim *d, const bword *r)
{
	size_t k, n = bits_rel_words(d);

	for (k = 0; k < n; k++)
		if (r[k])
			return false;
	return true;
}

bool rel_is_irreflexive(const struct bits_dim *d, const bword *r)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (rel_get(d, r, i, i))
			return false;
	return true;
}

bool rel_is_acyclic(const struct bits_dim *d, const bword *r)
{
	unsigned char state[LITMUS_MAX_EVENTS];
	int stack[LITMUS_MAX_EVENTS], pos[LITMUS_MAX_EVENTS];
	int root, sp;

	memset(state, 0, (size_t)d->n);
	for (root = 0; root < d->n; root++) {
		if (state[root])
			continue;
		if (set_is_empty(d, rel_crow(d, r, root))) {
			state[root] = 2;
			continue;
		}
		sp = 0;
		stack[sp] = root;
		pos[sp] = 0;
		state[root] = 1;
		while (sp >= 0) {
			int u = stack[sp];
			int v = set_next(d, rel_crow(d, r, u), pos[sp]);

			if (v < 0) {
				state[u] = 2;
				sp--;
				continue;
			}
			pos[sp] = v + 1;
			if (state[v] == 1)
				return false;
			if (state[v] == 0) {
				state[v] = 1;
				sp++;
				stack[sp] = v;
				pos[sp] = 0;
			}
		}
	}
	return true;
}

bool rel_equal(const struct bits_dim *d, const bword *a, const bword *b)
{
	return !memcmp(a, b, sizeof(bword) * bits_rel_words(d));
}

bool rel_subset(const struct bits_dim *d, const bword *a, const bword *b)
{
	size_t k, n = bits_rel_words(d);

	for (k = 0; k < n; k++)
		if (a[k] & ~b[k])
			return false;
	return true;
}

int rel_count(const struct bits_dim *d, const bword *r)
{
	size_t k, n = bits_rel_words(d);
	int c = 0;

	for (k = 0; k < n; k++)
		c += __builtin_popcountll(r[k]);
	return c;
}
