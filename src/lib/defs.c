/* defs.c: the definitions of called functions, found and parsed once */
#include "defs.h"
#include "hash.h"
#include "lex.h"
#include "parse.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct lexed {
	char *rel;		/* owned */
	struct lex_result lr;	/* its functions */
};

struct defs {
	struct types *t;	/* borrowed */
	struct parser *parser;
	struct hashmap files;	/* rel -> index into lexed */
	struct lexed *lexed;
	size_t nr_lexed, alloc_lexed;
	struct hashmap found;	/* "file\001name" -> index into sums, or -1 stored as nr */
	struct func_summary **sums;	/* owned; NULL where not found */
	size_t nr_sums, alloc_sums;
};

struct defs *defs_new(struct types *t)
{
	struct defs *d = xcalloc(1, sizeof(*d));

	d->t = t;
	d->parser = parser_new();
	return d;
}

static void summary_free(struct func_summary *s)
{
	if (!s)
		return;
	if (s->owns_file)
		free((char *)s->file);
	access_list_release(&s->accesses);
	lock_list_release(&s->locks);
	call_list_release(&s->calls);
	free(s);
}

void defs_free(struct defs *d)
{
	size_t i;

	if (!d)
		return;
	parser_free(d->parser);
	for (i = 0; i < d->nr_lexed; i++) {
		free(d->lexed[i].rel);
		lex_result_release(&d->lexed[i].lr);
	}
	free(d->lexed);
	hashmap_release(&d->files);
	for (i = 0; i < d->nr_sums; i++)
		summary_free(d->sums[i]);
	free(d->sums);
	hashmap_release(&d->found);
	free(d);
}

/* The functions of file rel, lexed once; NULL when it cannot be read. */
static const struct lexed *lexed_of(struct defs *d, const char *rel)
{
	size_t k = hashmap_get(&d->files, rel);
	const char *text;

	if (k != (size_t)-1)
		return k < d->nr_lexed ? &d->lexed[k] : NULL;
	text = types_text(d->t, rel);
	if (!text) {
		hashmap_put(&d->files, rel, (size_t)-2);
		return NULL;
	}
	ALLOC_GROW(d->lexed, d->nr_lexed + 1, d->alloc_lexed);
	memset(&d->lexed[d->nr_lexed], 0, sizeof(d->lexed[d->nr_lexed]));
	d->lexed[d->nr_lexed].rel = xstrdup(rel);
	lex_scan(text, strlen(text), &d->lexed[d->nr_lexed].lr);
	hashmap_put(&d->files, rel, d->nr_lexed);
	return &d->lexed[d->nr_lexed++];
}

static bool head_has(const char *text, const struct lex_context *c, const char *word)
{
	const char *open = memchr(text + c->start, '{', c->end - c->start), *p;
	size_t n = strlen(word), span = open ? (size_t)(open - text) - c->start : 0;

	for (p = memmem(text + c->start, span, word, n); p;
	     p = memmem(p + n, span - (size_t)(p + n - text - c->start), word, n)) {
		if ((p == text + c->start || !is_c_ident_char(p[-1])) && !is_c_ident_char(p[n]))
			return true;
		if ((size_t)(p + n - text) >= c->start + span)
			break;
	}
	return false;
}

/* 1-based line of off in text. */
static unsigned line_of(const char *text, size_t off)
{
	unsigned line = 1;
	const char *p = text, *end = text + off;

	while ((p = memchr(p, '\n', (size_t)(end - p))))
		line++, p++;
	return line;
}

static struct func_summary *summarise(struct defs *d, const struct lexed *lx,
				      const struct lex_context *c)
{
	struct func_summary *s = xcalloc(1, sizeof(*s));
	const char *text = types_text(d->t, lx->rel);
	size_t i;

	s->file = lx->rel;
	s->is_static = head_has(text, c, "static");
	s->is_init = head_has(text, c, "__init");
	s->parsed = parser_function(d->parser, text, strlen(text), c, &s->accesses, &s->locks,
				    &s->calls) == 0;
	for (i = 0; i < s->accesses.nr; i++) {
		s->accesses.v[i].line = line_of(text, s->accesses.v[i].off);
		types_resolve_access(d->t, lx->rel, &s->accesses.v[i]);
	}
	for (i = 0; i < s->calls.nr; i++)
		s->calls.v[i].line = line_of(text, s->calls.v[i].off);
	return s;
}

/*
 * A function-like macro "#define name(args) body" in text: its body as a
 * macro context (start after the parameters, end at the end of the
 * directive). Returns false when there is none.
 */
static bool find_macro(const char *text, const char *name, struct lex_context *c)
{
	size_t n = strlen(name);
	const char *p;

	for (p = strstr(text, "define"); p; p = strstr(p + 6, "define")) {
		const char *h = p, *q = p + 6, *e;
		int depth = 0;

		/* "#" and spaces before "define" at the start of a line */
		while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		if (h == text || h[-1] != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, name, n) || q[n] != '(')
			continue;
		for (q += n; *q; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && --depth == 0)
				break;
			else if (*q == '\n' && q[-1] != '\\')
				break;
		}
		if (*q != ')')
			continue;
		for (e = q + 1; *e && (*e != '\n' || e[-1] == '\\'); e++)
			;
		c->kind = LEX_MACRO;
		c->name = (char *)name;
		c->start = (size_t)(q + 1 - text);
		c->end = (size_t)(e - text);
		return true;
	}
	return false;
}

static struct func_summary *summarise_macro(struct defs *d, const char *rel,
					    const struct lex_context *c)
{
	struct func_summary *s = xcalloc(1, sizeof(*s));
	const char *text = types_text(d->t, rel);
	size_t i;

	s->file = xstrdup(rel);
	s->owns_file = true;
	s->is_static = true;
	s->parsed = parser_function(d->parser, text, strlen(text), c, &s->accesses, &s->locks,
				    &s->calls) == 0;
	for (i = 0; i < s->accesses.nr; i++) {
		s->accesses.v[i].line = line_of(text, s->accesses.v[i].off);
		types_resolve_access(d->t, rel, &s->accesses.v[i]);
	}
	for (i = 0; i < s->calls.nr; i++)
		s->calls.v[i].line = line_of(text, s->calls.v[i].off);
	return s;
}

const struct func_summary *defs_function(struct defs *d, const char *file, const char *name)
{
	char *key = xasprintf("%s\001%s", file, name), **files;
	size_t k = hashmap_get(&d->found, key), n, i, c;
	struct func_summary *s = NULL;

	if (k != (size_t)-1) {
		free(key);
		return d->sums[k];
	}
	n = types_search_list(d->t, file, &files);
	for (i = 0; i < n && !s; i++) {
		const struct lexed *lx = lexed_of(d, files[i]);

		for (c = 0; lx && c < lx->lr.nr_ctxs && !s; c++) {
			const struct lex_context *ctx = &lx->lr.ctxs[c];

			if (ctx->kind == LEX_FUNCTION && !strcmp(ctx->name, name))
				s = summarise(d, lx, ctx);
		}
	}
	/* a function-like macro, when no function has the name */
	for (i = 0; i < n && !s; i++) {
		const char *text = types_text(d->t, files[i]);
		struct lex_context mc;

		if (text && strstr(text, name) && find_macro(text, name, &mc))
			s = summarise_macro(d, files[i], &mc);
	}
	ALLOC_GROW(d->sums, d->nr_sums + 1, d->alloc_sums);
	d->sums[d->nr_sums] = s;
	hashmap_put(&d->found, key, d->nr_sums++);
	free(key);
	return s;
}
