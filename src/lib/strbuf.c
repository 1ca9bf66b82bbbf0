/* strbuf.c: growable byte strings */
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_slopbuf;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

static void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;

	if (want <= sb->alloc)
		return;
	if (!sb->alloc)
		sb->buf = NULL;
	if (want < 2 * sb->alloc)
		want = 2 * sb->alloc;
	if (want < 64)
		want = 64;
	sb->buf = xrealloc(sb->buf, want);
	sb->alloc = want;
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p;

	strbuf_grow(sb, 0);
	p = sb->buf;
	p[sb->len] = '\0';
	strbuf_init(sb);
	return p;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->alloc)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format string");
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

/* Length of the valid UTF-8 sequence at s (at most len bytes), or 0. */
static size_t utf8_seq_len(const unsigned char *s, size_t len)
{
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n > len)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void strbuf_add_json_string(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	strbuf_addch(sb, '"');
	while (i < len) {
		unsigned char c = p[i];
		size_t n;

		if (c == '"' || c == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, c);
			i++;
		} else if (c < 0x20) {
			if (c == '\n')
				strbuf_adds(sb, "\\n");
			else if (c == '\t')
				strbuf_adds(sb, "\\t");
			else
				strbuf_addf(sb, "\\u%04x", c);
			i++;
		} else if ((n = utf8_seq_len(p + i, len - i)) == 0) {
			/* byte-exact: U+DC80..U+DCFF stand for the bytes 0x80..0xff */
			strbuf_addf(sb, "\\u%04x", 0xdc00 | c);
			i++;
		} else {
			strbuf_add(sb, p + i, n);
			i += n;
		}
	}
	strbuf_addch(sb, '"');
}

int strbuf_read_file(struct strbuf *sb, const char *path, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	bool whole = false;

	if (fd < 0)
		return -1;
	/* room for the whole file at once: no copy through a stdio buffer */
	if (!fstat(fd, &st) && st.st_size > 0 && (unsigned long long)st.st_size < max) {
		strbuf_grow(sb, (size_t)st.st_size + 1);
		whole = true;
	}
	/* past max, chunks of 8 KiB until max is reached, as it always read */
	while (sb->len < max) {
		ssize_t n;

		if (!whole || sb->alloc - sb->len < 2)
			strbuf_grow(sb, 8192);
		n = read(fd, sb->buf + sb->len, whole ? sb->alloc - sb->len - 1 : 8192);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sb->len += (size_t)n;
	}
	if (sb->alloc)
		sb->buf[sb->len] = '\0';
	close(fd);
	return 0;
}
