/* asmref.c: the assembly files of a tree that name a C function */
#include "asmref.h"
#include "quote.h"
#include "util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Folders deeper than this under arch/ are not read (no tree nests so deep). */
#define ASM_MAX_DEPTH 12

static void add_file(struct asm_files *a, const char *path, const char *rel)
{
	FILE *fp = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[8192];
	size_t n;

	if (!fp)
		return;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(fp);
	ALLOC_GROW(a->v, a->nr + 1, a->alloc);
	a->v[a->nr].rel = xstrdup(rel);
	a->v[a->nr].len = sb.len;
	a->v[a->nr].text = strbuf_detach(&sb);
	a->nr++;
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static void walk(struct asm_files *a, const char *root, const char *rel, int depth)
{
	char *dir = xasprintf("%s/%s", root, rel), **names = NULL;
	size_t nr = 0, alloc = 0, i;
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d) {
		free(dir);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = xstrdup(de->d_name);
	}
	closedir(d);
	/* sorted: the same notes in the same order on every run */
	if (nr)
		qsort(names, nr, sizeof(*names), cmp_name);
	for (i = 0; i < nr; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *sub = xasprintf("%s/%s", rel, names[i]);
		size_t len = strlen(names[i]);
		struct stat st;

		if (lstat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode) && depth < ASM_MAX_DEPTH)
				walk(a, root, sub, depth + 1);
			else if (S_ISREG(st.st_mode) && len > 2 && !strcmp(names[i] + len - 2, ".S"))
				add_file(a, path, sub);
		}
		free(path);
		free(sub);
		free(names[i]);
	}
	free(names);
	free(dir);
}

void asm_files_load(struct asm_files *a, const char *root)
{
	if (a->loaded)
		return;
	a->loaded = 1;
	if (root)
		walk(a, root, "arch", 0);
}

void asm_files_mentions(const struct asm_files *a, const char *fn, size_t max, struct strbuf *out)
{
	size_t fl = strlen(fn), i, found = 0;

	for (i = 0; fl && i < a->nr && found < max; i++) {
		const char *t = a->v[i].text, *end = t + a->v[i].len, *p = t;

		while (found < max && (p = memmem(p, (size_t)(end - p), fn, fl))) {
			const char *ls = p, *le = p + fl;
			unsigned line = 1;
			const char *q;

			if ((p > t && is_c_ident_char(p[-1])) || (le < end && is_c_ident_char(*le))) {
				p += fl;
				continue;
			}
			while (ls > t && ls[-1] != '\n')
				ls--;
			le = memchr(p, '\n', (size_t)(end - p));
			if (!le)
				le = end;
			for (q = t; q < ls; q++)
				line += *q == '\n';
			while (ls < le && (*ls == ' ' || *ls == '\t'))
				ls++;
			quote_path(out, a->v[i].rel);
			strbuf_addf(out, ":%u: names %s(): \"", line, fn);
			for (q = ls; q < le && q - ls < 60; q++)
				strbuf_addch(out, (unsigned char)*q < 0x20 || *q == 0x7f ? ' ' : *q);
			strbuf_adds(out, q < le ? "...\"\n" : "\"\n");
			found++;
			p = le;
		}
	}
}

void asm_files_release(struct asm_files *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++) {
		free(a->v[i].rel);
		free(a->v[i].text);
	}
	free(a->v);
	memset(a, 0, sizeof(*a));
}
