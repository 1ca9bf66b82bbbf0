/* t-sha1.c: SHA-1 against the FIPS 180-4 examples, and git's blob ids */
#include "tap.h"
#include "lib/sha1.h"

#include <stdlib.h>

static void hex_of(const void *data, size_t n, char hex[41])
{
	struct sha1 s;
	unsigned char d[20];
	size_t i;

	sha1_init(&s);
	sha1_update(&s, data, n);
	sha1_final(&s, d);
	for (i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

int main(void)
{
	static const struct {
		const char *in, *want;
	} v[] = {
		{ "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
		{ "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
		/* 56 bytes: the padding takes a second block */
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	};
	char hex[41], *million = malloc(1000000);
	size_t i;
	struct sha1 s;
	unsigned char d[20];

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		hex_of(v[i].in, strlen(v[i].in), hex);
		ok(!strcmp(hex, v[i].want), "SHA-1 of \"%.10s\" (%zu bytes): %s", v[i].in,
		   strlen(v[i].in), hex);
	}
	memset(million, 'a', 1000000);
	hex_of(million, 1000000, hex);
	ok(!strcmp(hex, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"), "a million 'a': %s", hex);
	/* the same bytes fed in pieces that straddle the blocks */
	sha1_init(&s);
	for (i = 0; i < 1000000; i += 777)
		sha1_update(&s, million + i, 1000000 - i < 777 ? 1000000 - i : 777);
	sha1_final(&s, d);
	for (i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	ok(!strcmp(hex, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"), "the same in pieces of 777");
	free(million);
	git_blob_id("", 0, hex);
	ok(!strcmp(hex, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"), "git's id of the empty blob");
	git_blob_id("hello\n", 6, hex);
	ok(!strcmp(hex, "ce013625030ba8dba906f756967f9e9ca394464a"), "git's id of \"hello\\n\"");
	return tap_done();
}
