/*
 * sha1.h: SHA-1 (FIPS 180-4), for git's object ids: the "index" lines of a
 * patch name the blobs before and after it, as git format-patch writes them.
 * Not for anything that needs a secure hash.
 */
#ifndef ACQREL_SHA1_H
#define ACQREL_SHA1_H

#include <stddef.h>
#include <stdint.h>

struct sha1 {
	uint32_t h[5];
	uint64_t len;		/* bytes hashed so far */
	unsigned char buf[64];	/* the block being filled */
	size_t nbuf;
};

void sha1_init(struct sha1 *s);
void sha1_update(struct sha1 *s, const void *data, size_t n);
/* Writes the 20-byte digest to out; s must be initialised again to reuse. */
void sha1_final(struct sha1 *s, unsigned char out[20]);

/* git's id of a blob of text[0..len): SHA-1 of "blob LEN\0" and the text, in hex. */
void git_blob_id(const char *text, size_t len, char hex[41]);

#endif
