/* sha1.c: SHA-1 as FIPS 180-4 defines it (section 6.1), and git's blob ids */
#include "sha1.h"

#include <stdio.h>
#include <string.h>

static uint32_t rol(uint32_t x, unsigned n)
{
	return (x << n) | (x >> (32 - n));
}

/* One 64-byte block into the state. */
static void block(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
	unsigned t;

	for (t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
		       (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
	for (t = 16; t < 80; t++)
		w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
	for (t = 0; t < 80; t++) {
		uint32_t f, k, tmp;

		if (t < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (t < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (t < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		tmp = rol(a, 5) + f + e + k + w[t];
		e = d;
		d = c;
		c = rol(b, 30);
		b = a;
		a = tmp;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += e;
}

void sha1_init(struct sha1 *s)
{
	static const uint32_t iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };

	memcpy(s->h, iv, sizeof(iv));
	s->len = 0;
	s->nbuf = 0;
}

void sha1_update(struct sha1 *s, const void *data, size_t n)
{
	const unsigned char *p = data;

	s->len += n;
	while (n) {
		size_t take = 64 - s->nbuf < n ? 64 - s->nbuf : n;

		memcpy(s->buf + s->nbuf, p, take);
		s->nbuf += take;
		p += take;
		n -= take;
		if (s->nbuf == 64) {
			block(s->h, s->buf);
			s->nbuf = 0;
		}
	}
}

void sha1_final(struct sha1 *s, unsigned char out[20])
{
	uint64_t bits = s->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t npad = (s->nbuf < 56 ? 56 : 120) - s->nbuf, i;

	for (i = 0; i < 8; i++)
		pad[npad + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha1_update(s, pad, npad + 8);
	for (i = 0; i < 20; i++)
		out[i] = (unsigned char)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

void git_blob_id(const char *text, size_t len, char hex[41])
{
	struct sha1 s;
	unsigned char d[20];
	char head[32];
	int n = snprintf(head, sizeof(head), "blob %zu", len);
	size_t i;

	sha1_init(&s);
	sha1_update(&s, head, (size_t)n + 1);	/* with its NUL */
	sha1_update(&s, text, len);
	sha1_final(&s, d);
	for (i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}
