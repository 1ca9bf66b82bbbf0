/* strbuf.h: growable byte strings (git's strbuf, reduced) */
#ifndef ACQREL_STRBUF_H
#define ACQREL_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *buf;	/* always NUL-terminated once initialised; owned */
	size_t len;
	size_t alloc;
};

/* An empty string every new strbuf points at until it grows (git's slopbuf). */
extern char strbuf_slopbuf[1];

#define STRBUF_INIT { strbuf_slopbuf, 0, 0 }

void strbuf_init(struct strbuf *sb);
/* Frees the buffer; sb can be reused after strbuf_init(). */
void strbuf_release(struct strbuf *sb);
/* Returns the buffer (caller frees) and leaves sb empty. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
__attribute__((format(printf, 2, 3)))
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
/*
 * Appends s[0..len) as a JSON string literal, quotes included, byte-exact:
 * control characters are escaped, and each byte that is not part of valid
 * UTF-8 is written as the escape of a lone surrogate, \udc80 to \udcff for
 * the bytes 0x80 to 0xff (Python's "surrogateescape"). No valid UTF-8 text
 * holds a surrogate, so two different byte strings never give one string.
 */
void strbuf_add_json_string(struct strbuf *sb, const char *s, size_t len);
/*
 * Appends the file at path, stopping once sb holds max bytes or more (one
 * read of up to 8 KiB may pass it). Returns 0, or -1 when the file cannot
 * be opened (sb unchanged).
 */
int strbuf_read_file(struct strbuf *sb, const char *path, size_t max);

#endif
