/* source.c: input files and their diagnostics */
#include "source.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int source_read(struct source *src, const char *path, size_t max_bytes, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t n;
	FILE *f;

	memset(src, 0, sizeof(*src));
	f = fopen(path, "rb");
	if (!f) {
		*err = xasprintf("%s: error: cannot open: %s", path, strerror(errno));
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (sb.len + n > max_bytes) {
			fclose(f);
			strbuf_release(&sb);
			*err = xasprintf("%s: error: file over %zu bytes", path, max_bytes);
			return -1;
		}
		strbuf_add(&sb, buf, n);
	}
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		strbuf_release(&sb);
		*err = xasprintf("%s: error: cannot read: %s", path, strerror(e));
		return -1;
	}
	fclose(f);
	if (memchr(sb.buf, '\0', sb.len)) {
		strbuf_release(&sb);
		*err = xasprintf("%s: error: binary file (a NUL byte)", path);
		return -1;
	}
	src->len = sb.len;
	src->text = strbuf_detach(&sb);
	src->path = xstrdup(path);
	return 0;
}

void source_from_string(struct source *src, const char *path, const char *text)
{
	src->path = xstrdup(path);
	src->text = xstrdup(text);
	src->len = strlen(text);
}

void source_release(struct source *src)
{
	free(src->path);
	free(src->text);
	memset(src, 0, sizeof(*src));
}

void source_position(const struct source *src, size_t off, int *line, int *col)
{
	size_t i, start = 0;
	int l = 1;

	if (off > src->len)
		off = src->len;
	for (i = 0; i < off; i++) {
		if (src->text[i] == '\n') {
			l++;
			start = i + 1;
		}
	}
	*line = l;
	*col = (int)(off - start) + 1;
}

char *source_error(const struct source *src, size_t off, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	char *msg;
	int line, col;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
	source_position(src, off, &line, &col);
	strbuf_addf(&sb, "%s:%d:%d: error: %s", src->path, line, col, msg);
	free(msg);
	return strbuf_detach(&sb);
}
