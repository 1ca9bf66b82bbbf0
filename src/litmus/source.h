/*
 * source.h: the text of an input file (a litmus test, a model file) and the
 * diagnostics about it, in the form "file:line:col: error: message".
 */
#ifndef ACQREL_LITMUS_SOURCE_H
#define ACQREL_LITMUS_SOURCE_H

#include <stddef.h>

struct source {
	char *path;		/* owned: as given (names diagnostics) */
	char *text;		/* owned: NUL-terminated contents */
	size_t len;
};

/*
 * Reads path into src (zeroed first). Returns 0, or -1 with *err set to a
 * malloc'd one-line diagnostic (caller frees). Refuses files over max_bytes
 * and files with a NUL byte.
 */
int source_read(struct source *src, const char *path, size_t max_bytes, char **err);
/* Makes src from a copy of text, named path. */
void source_from_string(struct source *src, const char *path, const char *text);
void source_release(struct source *src);

/* Line and column (both from 1, columns count bytes) of a byte offset. */
void source_position(const struct source *src, size_t off, int *line, int *col);

/*
 * Returns a malloc'd "path:line:col: error: message" for offset off of src
 * (caller frees).
 */
__attribute__((format(printf, 3, 4)))
char *source_error(const struct source *src, size_t off, const char *fmt, ...);

#endif
