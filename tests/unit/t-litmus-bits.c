/* t-litmus-bits.c: the bit-matrix relations of acqrel litmus against plain
 * boolean matrices, on random relations of every width class (one, two, and
 * more words a row, with partial last words) */
#include "tap.h"
#include "litmus/bits.h"

#include <stdbool.h>
#include <stdlib.h>

#define N LITMUS_MAX_EVENTS

static bool A[N][N], B[N][N], C[N][N];

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng >> 32);
}

/* a random relation with about one pair in `sparse` set */
static void random_rel(const struct bits_dim *d, bool m[N][N], bword *r, unsigned sparse)
{
	int i, j;

	rel_zero(d, r);
	for (i = 0; i < d->n; i++)
		for (j = 0; j < d->n; j++) {
			m[i][j] = next_rand() % sparse == 0;
			if (m[i][j])
				rel_add(d, r, i, j);
		}
}

static bool same(const struct bits_dim *d, bool m[N][N], const bword *r)
{
	int i, j;

	for (i = 0; i < d->n; i++)
		for (j = 0; j < d->n; j++)
			if (m[i][j] != rel_get(d, r, i, j))
				return false;
	/* no bit set past the last event of a row */
	for (i = 0; i < d->n; i++)
		for (j = d->n; j < d->nw * 64; j++)
			if (bit_get(rel_crow(d, r, i), j))
				return false;
	return true;
}

static void naive_seq(int n, bool a[N][N], bool b[N][N], bool out[N][N])
{
	int i, j, k;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			out[i][j] = false;
			for (k = 0; k < n && !out[i][j]; k++)
				out[i][j] = a[i][k] && b[k][j];
		}
}

static void naive_closure(int n, bool m[N][N])
{
	int i, j, k;

	for (k = 0; k < n; k++)
		for (i = 0; i < n; i++)
			if (m[i][k])
				for (j = 0; j < n; j++)
					if (m[k][j])
						m[i][j] = true;
}

int main(void)
{
	static const int sizes[] = { 1, 2, 17, 63, 64, 65, 100, 127, 128, 129, 200, 256 };
	size_t s;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct bits_dim d;
		bword *a, *b, *c;
		int n = sizes[s], i, j, round;
		bool ok_seq = true, ok_clo = true, ok_inv = true, ok_acy = true, ok_irr = true;

		bits_dim_init(&d, n);
		a = calloc(bits_rel_words(&d), sizeof(bword));
		b = calloc(bits_rel_words(&d), sizeof(bword));
		c = calloc(bits_rel_words(&d), sizeof(bword));
		for (round = 0; round < 6; round++) {
			unsigned sparse = (unsigned)(2 + round * n / 3 + round);
			bool cyclic = false;

			random_rel(&d, A, a, sparse);
			random_rel(&d, B, b, sparse);
			rel_seq(&d, c, a, b);
			naive_seq(n, A, B, C);
			ok_seq &= same(&d, C, c);

			rel_inv(&d, c, a);
			for (i = 0; i < n; i++)
				for (j = 0; j < n; j++)
					C[i][j] = A[j][i];
			ok_inv &= same(&d, C, c);

			/* irreflexive before the closure, acyclic: no loop in the closure */
			for (i = 0, cyclic = false; i < n; i++)
				cyclic |= A[i][i];
			ok_irr &= rel_is_irreflexive(&d, a) == !cyclic;
			rel_copy(&d, c, a);
			rel_closure(&d, c);
			for (i = 0; i < n; i++)
				for (j = 0; j < n; j++)
					C[i][j] = A[i][j];
			naive_closure(n, C);
			ok_clo &= same(&d, C, c);
			for (i = 0, cyclic = false; i < n; i++)
				cyclic |= C[i][i];
			ok_acy &= rel_is_acyclic(&d, a) == !cyclic;

			/* an order (i < j only) is acyclic */
			rel_zero(&d, c);
			for (i = 0; i < n; i++)
				for (j = i + 1; j < n; j++)
					if (A[i][j])
						rel_add(&d, c, i, j);
			ok_acy &= rel_is_acyclic(&d, c);
		}
		ok(ok_seq, "%d events: a ; b", n);
		ok(ok_inv, "%d events: a^-1", n);
		ok(ok_clo, "%d events: a+", n);
		ok(ok_irr, "%d events: irreflexive", n);
		ok(ok_acy, "%d events: acyclic", n);
		free(a);
		free(b);
		free(c);
	}
	return tap_done();
}
