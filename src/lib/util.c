/* util.c: fatal errors, diagnostics and allocation wrappers */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

int error(const char *fmt, ...)
{
	va_list ap;

	fputs("error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory allocating %zu x %zu bytes", nmemb, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format string");
	p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

/*
 * The subsystem of a file: its top folder, with the next one for the
 * folders that hold many unrelated ones (drivers/net, fs/ext4, arch/x86).
 */
char *path_subsystem(const char *file)
{
	static const char *const wide[] = { "drivers/", "fs/", "net/", "arch/", "sound/", "tools/" };
	const char *slash = strchr(file, '/'), *second;
	size_t i;

	if (!slash)
		return xstrdup(".");
	for (i = 0; i < ARRAY_SIZE(wide); i++) {
		if (strncmp(file, wide[i], strlen(wide[i])))
			continue;
		second = strchr(slash + 1, '/');
		if (second)
			return xstrndup(file, (size_t)(second - file));
	}
	return xstrndup(file, (size_t)(slash - file));
}

unsigned text_columns(const char *s, size_t n)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i < n; i++)
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}
