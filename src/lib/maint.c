/* maint.c: MAINTAINERS sections */
#include "maint.h"
#include "strbuf.h"
#include "util.h"

#include <fnmatch.h>
#include <regex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_tag(const char *line)
{
	return line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':' && (line[2] == '\t' || line[2] == ' ');
}

void maint_parse(struct maintainers *m, const char *text, size_t len)
{
	struct maint_section *cur = NULL;
	const char *p = text, *end = text + len;
	bool blank = true;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line;

		if (n && p[n - 1] == '\r')
			n--;
		line = xstrndup(p, n);
		p = nl ? nl + 1 : end;
		/* a NUL byte ends the line, as it would for any C string */
		if (!line[0]) {
			blank = true;
			free(line);
			continue;
		}
		if (is_tag(line) && cur) {
			ALLOC_GROW(cur->tags, cur->nr_tags + 1, cur->alloc_tags);
			cur->tags[cur->nr_tags++] = line;
		} else if (blank && !is_tag(line)) {
			ALLOC_GROW(m->v, m->nr + 1, m->alloc);
			cur = &m->v[m->nr++];
			memset(cur, 0, sizeof(*cur));
			cur->title = line;
		} else {
			free(line);
		}
		blank = false;
	}
}

int maint_load(struct maintainers *m, const char *root)
{
	char *path = xasprintf("%s/MAINTAINERS", root), chunk[65536];
	struct strbuf sb = STRBUF_INIT;
	FILE *fp = fopen(path, "rb");
	size_t n;

	free(path);
	if (!fp)
		return -1;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0 && sb.len < MAINT_MAX_FILE)
		strbuf_add(&sb, chunk, n);
	fclose(fp);
	maint_parse(m, sb.buf, sb.len);
	strbuf_release(&sb);
	return 0;
}

void maint_release(struct maintainers *m)
{
	size_t i, j;

	for (i = 0; i < m->nr; i++) {
		for (j = 0; j < m->v[i].nr_tags; j++)
			free(m->v[i].tags[j]);
		free(m->v[i].tags);
		free(m->v[i].title);
	}
	free(m->v);
	memset(m, 0, sizeof(*m));
}

static const char *value_of(const char *tag)
{
	const char *v = tag + 2;

	while (*v == ' ' || *v == '\t')
		v++;
	return v;
}

/*
 * Patterns from a tree's MAINTAINERS are input: one that is too long or has
 * too many repetitions (fnmatch() and regexec() backtrack over them) is
 * ignored.
 */
static bool pattern_ok(const char *pattern, const char *repeats)
{
	unsigned n = 0;
	const char *p;

	if (strlen(pattern) > MAINT_MAX_PATTERN)
		return false;
	for (p = pattern; *p; p++)
		n += strchr(repeats, *p) != NULL;
	return n <= MAINT_MAX_REPEATS;
}

/*
 * How specific a matching F: pattern is, or 0: twice its depth (number of
 * '/', plus one), plus one for an exact file, which beats its folder.
 */
static int f_match(const char *pattern, const char *path)
{
	size_t n = strlen(pattern);
	int depth = 1;
	const char *p;

	if (!n || !pattern_ok(pattern, "*?["))
		return 0;
	for (p = pattern; *p; p++)
		depth += *p == '/';
	depth *= 2;
	if (strpbrk(pattern, "*?[")) {
		/* a folder glob matches what lies below it too */
		if (!fnmatch(pattern, path, FNM_PATHNAME))
			return depth;
		if (pattern[n - 1] == '/') {
			char *dir = xstrndup(path, strlen(path));
			char *slash;
			int hit = 0;

			while (!hit && (slash = strrchr(dir, '/'))) {
				slash[1] = '\0';
				hit = !fnmatch(pattern, dir, FNM_PATHNAME);
				slash[0] = '\0';
			}
			free(dir);
			return hit ? depth : 0;
		}
		return 0;
	}
	if (pattern[n - 1] == '/')
		return strncmp(path, pattern, n) ? 0 : depth;
	if (!strcmp(path, pattern))
		return depth + 1;
	return !strncmp(path, pattern, n) && path[n] == '/' ? depth : 0;
}

static bool n_match(const char *re, const char *path)
{
	regex_t r;
	bool hit;
	const char *p;

	/* a back-reference can make matching exponential */
	for (p = re; (p = strchr(p, '\\')); p += p[1] ? 2 : 1)
		if (p[1] >= '1' && p[1] <= '9')
			return false;
	if (!pattern_ok(re, "*+?{"))
		return false;
	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB))
		return false;
	hit = !regexec(&r, path, 0, NULL, 0);
	regfree(&r);
	return hit;
}

const struct maint_section *maint_section_of(const struct maintainers *m, const char *path)
{
	const struct maint_section *best = NULL;
	int best_depth = 0;
	size_t i, j;

	for (i = 0; i < m->nr; i++) {
		const struct maint_section *s = &m->v[i];
		int depth = 0;
		bool excluded = false;

		for (j = 0; j < s->nr_tags; j++) {
			const char *t = s->tags[j], *v = value_of(t);
			int d;

			if (t[0] == 'X' && f_match(v, path))
				excluded = true;
			else if (t[0] == 'F' && (d = f_match(v, path)) > depth)
				depth = d;
			else if (t[0] == 'N' && n_match(v, path) && depth < 1)
				depth = 1;
		}
		/* the catch-all section (F: *) is the rest, not a tree */
		if (!excluded && depth > best_depth &&
		    !(s->nr_tags && strstr(s->title, "THE REST"))) {
			best = s;
			best_depth = depth;
		}
	}
	return best;
}

char *maint_join(const struct maint_section *s, const char *kinds)
{
	struct strbuf sb = STRBUF_INIT;
	size_t j;

	for (j = 0; s && j < s->nr_tags; j++) {
		if (!strchr(kinds, s->tags[j][0]))
			continue;
		strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", value_of(s->tags[j]));
	}
	return strbuf_detach(&sb);
}
