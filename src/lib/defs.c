/* defs.c: the definitions of called functions, found and parsed once */
#include "defs.h"
#include "hash.h"
#include "inputs.h"
#include "key.h"
#include "lex.h"
#include "parse.h"
#include "prims.h"
#include "sites.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A file whose definitions were looked for, lexed. Not changed once in a store. */
struct lexed {
	char *rel;		/* owned */
	struct lex_result lr;	/* its functions */
	struct hashmap funcs;	/* function name -> its first context in lr */
	struct hashmap macros;	/* function-like macro name -> index into macro_v */
	struct lex_context *macro_v;	/* names borrowed from the text at lookup */
	size_t nr_macros, alloc_macros;
};

/*
 * The files lexed, shared by the defs of threads that look up at once, so
 * that a header is lexed once for all of them. Each defs keeps its own map
 * of the files it has asked for: the lock is taken once per thread and
 * file, not per lookup.
 */
struct lexed_store {
	pthread_mutex_t lock;
	unsigned refs;		/* the defs using it */
	struct hashmap files;	/* rel -> index into v */
	struct lexed **v;	/* owned */
	size_t nr, alloc;
};

struct defs {
	struct types *t;	/* borrowed */
	struct parser *parser;
	struct lexed_store *store;	/* shared */
	struct hashmap files;	/* rel -> index into lexed, or -2: unreadable */
	struct lexed **lexed;	/* borrowed from store */
	size_t nr_lexed, alloc_lexed;
	struct hashmap found;	/* "file\001name" -> index into sums, or -1 stored as nr */
	struct func_summary **sums;	/* owned; NULL where not found */
	size_t nr_sums, alloc_sums;
	struct hashmap stores;	/* "struct file\001struct\001field" -> index into store_v */
	struct field_stores *store_v;
	size_t nr_stores, alloc_stores;
	struct types_scratch peek;	/* files scanned for a field but not kept */
	const struct sites_run *run;	/* borrowed or NULL: for a folder's functions */
	size_t *by_rel;		/* owned: run's walk indexes sorted by path, or NULL */
	/*
	 * Borrowed or NULL: a defs nobody changes while this one is used,
	 * whose functions, files and stores are answers of this one's, the
	 * very summaries (compared by address), and are asked first.
	 */
	const struct defs *base;
};

struct defs *defs_new(struct types *t)
{
	struct defs *d = xcalloc(1, sizeof(*d));

	d->t = t;
	d->parser = parser_new();
	d->store = xcalloc(1, sizeof(*d->store));
	pthread_mutex_init(&d->store->lock, NULL);
	d->store->refs = 1;
	return d;
}

struct defs *defs_new_sharing(struct types *t, const struct defs *other)
{
	struct defs *d = xcalloc(1, sizeof(*d));

	d->t = t;
	d->parser = parser_new();
	d->store = other->store;
	pthread_mutex_lock(&d->store->lock);
	d->store->refs++;
	pthread_mutex_unlock(&d->store->lock);
	return d;
}

static void lexed_free(struct lexed *lx)
{
	free(lx->rel);
	lex_result_release(&lx->lr);
	hashmap_release(&lx->funcs);
	hashmap_release(&lx->macros);
	free(lx->macro_v);
	free(lx);
}

static void store_put(struct lexed_store *st)
{
	size_t i;
	unsigned refs;

	pthread_mutex_lock(&st->lock);
	refs = --st->refs;
	pthread_mutex_unlock(&st->lock);
	if (refs)
		return;
	for (i = 0; i < st->nr; i++)
		lexed_free(st->v[i]);
	free(st->v);
	hashmap_release(&st->files);
	pthread_mutex_destroy(&st->lock);
	free(st);
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
	free(d->lexed);
	store_put(d->store);
	hashmap_release(&d->files);
	for (i = 0; i < d->nr_sums; i++)
		summary_free(d->sums[i]);
	free(d->sums);
	hashmap_release(&d->found);
	for (i = 0; i < d->nr_stores; i++)
		free(d->store_v[i].v);
	free(d->store_v);
	hashmap_release(&d->stores);
	free(d->peek.buf);
	free(d->by_rel);
	free(d);
}

/* k of key in the map of d's base, (size_t)-1 when d has no base or it no key */
#define BASE_GET(d, map, key) ((d)->base ? hashmap_get(&(d)->base->map, (key)) : (size_t)-1)

struct defs *defs_new_over(struct types *t, const struct defs *base)
{
	struct defs *d = defs_new_sharing(t, base);

	d->base = base;
	return d;
}

void defs_merge(struct defs *d, struct defs *from)
{
	size_t i;

	/* d goes on borrowing from's files from their store */
	if (from->store != d->store)
		die("defs_merge(): the two defs do not share their files");
	/* the files from has asked for, which its summaries borrow names from */
	for (i = 0; i < from->files.size; i++) {
		const char *rel = from->files.keys[i];
		size_t k = from->files.vals[i];

		if (!rel || hashmap_get(&d->files, rel) != (size_t)-1)
			continue;
		if (k < from->nr_lexed) {
			ALLOC_GROW(d->lexed, d->nr_lexed + 1, d->alloc_lexed);
			d->lexed[d->nr_lexed] = from->lexed[k];
			k = d->nr_lexed++;
		}
		hashmap_put(&d->files, rel, k);
	}
	for (i = 0; i < from->found.size; i++)
		if (from->found.keys[i] && hashmap_get(&d->found, from->found.keys[i]) == (size_t)-1)
			hashmap_put(&d->found, from->found.keys[i], d->nr_sums + from->found.vals[i]);
	ALLOC_GROW(d->sums, d->nr_sums + from->nr_sums, d->alloc_sums);
	if (from->nr_sums)
		memcpy(d->sums + d->nr_sums, from->sums, from->nr_sums * sizeof(*d->sums));
	d->nr_sums += from->nr_sums;

	/* store lists borrow their scope from from's types: they go, and are found again */
	from->nr_sums = 0;
	defs_free(from);
}

/*
 * The function-like macros "#define name(args) body" of text, each with its
 * body as a macro context (start after the parameters, end at the end of
 * the directive); the first definition of a name counts.
 */
static void index_macros(struct lexed *lx, const char *text)
{
	const char *p;

	for (p = strstr(text, "define"); p; p = strstr(p + 6, "define")) {
		const char *h = p, *q = p + 6, *name, *e;
		int depth = 0;
		char *key;

		/* "#" and spaces before "define" at the start of a line */
		while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		if (h == text || h[-1] != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		for (name = q; is_c_ident_char(*q); q++)
			;
		if (q == name || *q != '(')
			continue;
		key = xstrndup(name, (size_t)(q - name));
		for (; *q; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && --depth == 0)
				break;
			else if (*q == '\n' && !line_continues(text, q))
				break;
		}
		if (*q == ')' && hashmap_get(&lx->macros, key) == (size_t)-1) {
			for (e = q + 1; *e && (*e != '\n' || line_continues(text, e)); e++)
				;
			ALLOC_GROW(lx->macro_v, lx->nr_macros + 1, lx->alloc_macros);
			lx->macro_v[lx->nr_macros].kind = LEX_MACRO;
			lx->macro_v[lx->nr_macros].name = NULL;
			lx->macro_v[lx->nr_macros].start = (size_t)(q + 1 - text);
			lx->macro_v[lx->nr_macros].end = (size_t)(e - text);
			hashmap_put(&lx->macros, key, lx->nr_macros++);
		}
		free(key);
	}
}

/* The function-like macro name of lx as a macro context (name borrowed). */
static bool find_macro(const struct lexed *lx, const char *name, struct lex_context *c)
{
	size_t k = hashmap_get(&lx->macros, name);

	if (k == (size_t)-1)
		return false;
	*c = lx->macro_v[k];
	c->name = (char *)name;
	return true;
}

/* The first function named name in lx, or NULL. */
static const struct lex_context *find_function(const struct lexed *lx, const char *name)
{
	size_t k = hashmap_get(&lx->funcs, name);

	return k == (size_t)-1 ? NULL : &lx->lr.ctxs[k];
}

/* File rel (text) lexed, from the store or lexed now. */
static struct lexed *store_get(struct lexed_store *st, const char *rel, const char *text)
{
	struct lexed *lx, *other = NULL;
	size_t k, c;

	pthread_mutex_lock(&st->lock);
	k = hashmap_get(&st->files, rel);
	lx = k == (size_t)-1 ? NULL : st->v[k];
	pthread_mutex_unlock(&st->lock);
	if (lx)
		return lx;
	/* lexed without the lock; a thread that lexed it meanwhile wins */
	lx = xcalloc(1, sizeof(*lx));
	lx->rel = xstrdup(rel);
	lex_scan(text, strlen(text), &lx->lr);
	for (c = 0; c < lx->lr.nr_ctxs; c++)
		if (lx->lr.ctxs[c].kind == LEX_FUNCTION &&
		    hashmap_get(&lx->funcs, lx->lr.ctxs[c].name) == (size_t)-1)
			hashmap_put(&lx->funcs, lx->lr.ctxs[c].name, c);
	index_macros(lx, text);
	pthread_mutex_lock(&st->lock);
	k = hashmap_get(&st->files, rel);
	if (k != (size_t)-1) {
		other = st->v[k];
	} else {
		ALLOC_GROW(st->v, st->nr + 1, st->alloc);
		st->v[st->nr] = lx;
		hashmap_put(&st->files, rel, st->nr++);
	}
	pthread_mutex_unlock(&st->lock);
	if (other) {
		lexed_free(lx);
		lx = other;
	}
	return lx;
}

/*
 * The functions of file rel, lexed once; NULL when it cannot be read.
 * Stays valid as long as d.
 */
static const struct lexed *lexed_of(struct defs *d, const char *rel)
{
	size_t k = BASE_GET(d, files, rel);
	const char *text;

	if (k != (size_t)-1)
		return k < d->base->nr_lexed ? d->base->lexed[k] : NULL;
	k = hashmap_get(&d->files, rel);
	if (k != (size_t)-1)
		return k < d->nr_lexed ? d->lexed[k] : NULL;
	text = types_text(d->t, rel);
	if (!text) {
		hashmap_put(&d->files, rel, (size_t)-2);
		return NULL;
	}
	ALLOC_GROW(d->lexed, d->nr_lexed + 1, d->alloc_lexed);
	d->lexed[d->nr_lexed] = store_get(d->store, rel, text);
	hashmap_put(&d->files, rel, d->nr_lexed);
	return d->lexed[d->nr_lexed++];
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
/*
 * The 1-based line of offset off of text, counted on from the last one
 * asked (*at, *line; 0 and 1 at first): a function's accesses come
 * mostly in order, and counting each from the file's start took a sixth
 * of the bugs phase on 6.12.
 */
static unsigned line_of(const char *text, size_t off, size_t *at, unsigned *line)
{
	const char *p, *end = text + off;

	if (off < *at) {
		*at = 0;
		*line = 1;
	}
	for (p = text + *at; (p = memchr(p, '\n', (size_t)(end - p))); p++)
		++*line;
	*at = off;
	return *line;
}

static struct func_summary *summarise(struct defs *d, const struct lexed *lx,
				      const struct lex_context *c)
{
	struct func_summary *s = xcalloc(1, sizeof(*s));
	const char *text = types_text(d->t, lx->rel);
	size_t i, at = 0;
	unsigned line = 1;

	s->file = lx->rel;
	s->is_static = head_has(text, c, "static");
	s->is_init = head_has(text, c, "__init");
	s->parsed = parser_function(d->parser, text, strlen(text), c, &s->accesses, &s->locks,
				    &s->calls, &s->fences) == 0;
	for (i = 0; i < s->accesses.nr; i++) {
		s->accesses.v[i].line = line_of(text, s->accesses.v[i].off, &at, &line);
		types_resolve_access(d->t, lx->rel, &s->accesses.v[i]);
	}
	for (i = 0; i < s->calls.nr; i++)
		s->calls.v[i].line = line_of(text, s->calls.v[i].off, &at, &line);
	for (i = 0; i < s->locks.nr; i++)
		types_resolve_access(d->t, lx->rel, &s->locks.v[i].lock);
	return s;
}

static struct func_summary *summarise_macro(struct defs *d, const char *rel,
					    const struct lex_context *c)
{
	struct func_summary *s = xcalloc(1, sizeof(*s));
	const char *text = types_text(d->t, rel);
	size_t i, at = 0;
	unsigned line = 1;

	s->file = xstrdup(rel);
	s->owns_file = true;
	s->is_static = true;
	s->parsed = parser_function(d->parser, text, strlen(text), c, &s->accesses, &s->locks,
				    &s->calls, &s->fences) == 0;
	for (i = 0; i < s->accesses.nr; i++) {
		s->accesses.v[i].line = line_of(text, s->accesses.v[i].off, &at, &line);
		types_resolve_access(d->t, rel, &s->accesses.v[i]);
	}
	for (i = 0; i < s->calls.nr; i++)
		s->calls.v[i].line = line_of(text, s->calls.v[i].off, &at, &line);
	return s;
}

/* Whether one of files[0..n) defines function or macro name (without parsing it). */
static bool find_in(struct defs *d, char **files, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct lexed *lx = lexed_of(d, files[i]);
		struct lex_context mc;

		if (lx && (find_function(lx, name) || find_macro(lx, name, &mc)))
			return true;
	}
	return false;
}

void defs_set_run(struct defs *d, const struct sites_run *run)
{
	d->run = run;
}

static int by_rel_cmp(const void *a, const void *b, void *arg)
{
	const struct sites_run *run = arg;

	return strcmp(run->walk.files[*(const size_t *)a].rel, run->walk.files[*(const size_t *)b].rel);
}

/*
 * The one non-static function name of the C files of file's folder (file
 * itself aside: its own were looked up already), found through the index
 * of called names, which a definition is in too; NULL when none or more
 * than one file defines it, or the one is __weak (another may override it).
 */
static struct func_summary *folder_function(struct defs *d, const char *file, const char *name)
{
	const struct sites_run *run = d->run;
	const char *slash = strrchr(file, '/');
	size_t dlen = slash ? (size_t)(slash - file) + 1 : 0, n = run->walk.nr, lo = 0, hi, i;
	struct func_summary *found = NULL;
	unsigned defs = 0;

	if (!d->by_rel) {
		d->by_rel = xmalloc((n ? n : 1) * sizeof(*d->by_rel));
		for (i = 0; i < n; i++)
			d->by_rel[i] = i;
		qsort_r(d->by_rel, n, sizeof(*d->by_rel), by_rel_cmp, (void *)run);
	}
	/* the first path of the folder */
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(run->walk.files[d->by_rel[mid]].rel, file, dlen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < n && defs < 2; i++) {
		size_t w = d->by_rel[i];
		const char *rel = run->walk.files[w].rel;
		size_t len = strlen(rel);
		const struct lexed *lx;
		const struct lex_context *ctx;
		struct func_summary *s;

		if (strncmp(rel, file, dlen))
			break;
		if (strchr(rel + dlen, '/') || len < 2 || strcmp(rel + len - 2, ".c") ||
		    !strcmp(rel, file) || !sites_file_names_call(&run->files[w], name) ||
		    !(lx = lexed_of(d, rel)) || !(ctx = find_function(lx, name)))
			continue;
		s = summarise(d, lx, ctx);
		if (s->is_static) {
			summary_free(s);
			continue;
		}
		/* a __weak default may be overridden elsewhere: which runs is not known */
		if (head_has(types_text(d->t, rel), ctx, "__weak"))
			defs++;
		defs++;
		if (found)
			summary_free(found);
		found = defs == 1 ? s : (summary_free(s), NULL);
	}
	if (defs != 1) {
		summary_free(found);
		return NULL;
	}
	return found;
}

const struct func_summary *defs_function(struct defs *d, const char *file, const char *name)
{
	char *key = xasprintf("%s\001%s", file, name), **files;
	size_t k = BASE_GET(d, found, key), n, i;
	struct func_summary *s = NULL;

	if (k != (size_t)-1) {
		free(key);
		return d->base->sums[k];
	}
	k = hashmap_get(&d->found, key);
	if (k != (size_t)-1) {
		free(key);
		return d->sums[k];
	}
	n = types_search_list(d->t, file, false, &files);
	if (!find_in(d, files, n, name))
		n = types_search_list(d->t, file, true, &files);
	for (i = 0; i < n && !s; i++) {
		const struct lexed *lx = lexed_of(d, files[i]);
		const struct lex_context *ctx = lx ? find_function(lx, name) : NULL;

		if (ctx)
			s = summarise(d, lx, ctx);
	}
	/* a function-like macro, when no function has the name */
	for (i = 0; i < n && !s; i++) {
		const struct lexed *lx = lexed_of(d, files[i]);
		struct lex_context mc;

		if (lx && find_macro(lx, name, &mc))
			s = summarise_macro(d, files[i], &mc);
	}
	ALLOC_GROW(d->sums, d->nr_sums + 1, d->alloc_sums);
	d->sums[d->nr_sums] = s;
	hashmap_put(&d->found, key, d->nr_sums++);
	free(key);
	return s;
}

const struct func_summary *defs_function_far(struct defs *d, const char *file, const char *name)
{
	const struct func_summary *near = defs_function(d, file, name);
	struct func_summary *s = NULL;
	char *key;
	size_t k, len = strlen(file);

	if (near || !d->run || !key_is_ident(name) || len < 2 || strcmp(file + len - 2, ".c"))
		return near;
	key = xasprintf("%s\002%s", file, name);
	k = BASE_GET(d, found, key);
	if (k != (size_t)-1) {
		free(key);
		return d->base->sums[k];
	}
	k = hashmap_get(&d->found, key);
	if (k != (size_t)-1) {
		free(key);
		return d->sums[k];
	}
	s = folder_function(d, file, name);
	ALLOC_GROW(d->sums, d->nr_sums + 1, d->alloc_sums);
	d->sums[d->nr_sums] = s;
	hashmap_put(&d->found, key, d->nr_sums++);
	free(key);
	return s;
}

void field_stores_release(struct field_stores *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

size_t field_stores_at_run_time(const struct field_stores *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->nr; i++)
		n += !s->v[i].declaration;
	return n;
}

/* The function of lx around off, or NULL. */
static const struct lex_context *function_at(const struct lexed *lx, size_t off)
{
	size_t i;

	for (i = 0; i < lx->lr.nr_ctxs; i++) {
		const struct lex_context *c = &lx->lr.ctxs[i];

		if (c->kind == LEX_FUNCTION && c->start <= off && off < c->end)
			return c;
	}
	return NULL;
}

/* Whether off lies in a comment of the lexed file. */
static bool in_comment(const struct lexed *lx, size_t off)
{
	size_t lo = 0, hi = lx->lr.nr_comments;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lx->lr.comments[mid].end <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < lx->lr.nr_comments && lx->lr.comments[lo].start <= off;
}

/*
 * Whether the function c assigns base (an identifier) from an allocation
 * before at: "base = kzalloc(", "base = kmem_cache_alloc(", "foo_alloc(".
 */
static bool allocated_before(const char *text, const struct lex_context *c, const char *base,
			     size_t blen, size_t at)
{
	const char *p = text + c->start, *end = text + at;

	while (p < end && (p = memmem(p, (size_t)(end - p), base, blen))) {
		const char *q = p + blen, *call;

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*q)) {
			p += blen;
			continue;
		}
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '=' && q[1] != '=') {
			for (call = q + 1; *call == ' ' || *call == '\t'; call++)
				;
			while (is_c_ident_char(*call))
				call++;
			if (*call == '(' && memmem(q, (size_t)(call - q), "alloc", 5))
				return true;
		}
		p += blen;
	}
	return false;
}

/*
 * Past the blanks, subscripts and member names after a field's name (f in
 * x->f[i] = v, x->f.g = v, x->f[i].g++): a store to an element or a
 * member of the field stores into the field too. Not past "->": x->f->g
 * stores what f points to, not f.
 */
static const char *skip_element_path(const char *q)
{
	for (;;) {
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '[') {
			int depth = 0;

			for (; *q; q++) {
				if (*q == '[')
					depth++;
				else if (*q == ']' && --depth == 0)
					break;
				else if (*q == ';' || *q == '{' || *q == '}')
					return q;
			}
			if (!*q)
				return q;
			q++;
		} else if (q[0] == '.' && is_c_ident_char(q[1]) && !(q[1] >= '0' && q[1] <= '9')) {
			for (q++; is_c_ident_char(*q); q++)
				;
		} else {
			return q;
		}
	}
}

/* Whether off in text is on a preprocessor directive's line (or its continuations). */
static bool in_directive(const char *text, size_t off)
{
	size_t ls = off;

	for (;;) {
		const char *p;

		while (ls && text[ls - 1] != '\n')
			ls--;
		for (p = text + ls; *p == ' ' || *p == '\t'; p++)
			;
		if (*p == '#')
			return true;
		/* the line before ends in a backslash: this one continues it */
		if (ls < 2 || !line_continues(text, text + ls - 1))
			return false;
		ls--;
	}
}

/*
 * Whether p (in text) is a member occurrence of the field named p[0..n)
 * ("x->f", "x.f"); then *b and *base_end bound the base's last name, and
 * *element, *store and *address say whether it is x->f[i] or x->f.g, a
 * store (x->f = v, x->f op= v, x->f++, ++x->f, WRITE_ONCE(x->f, v)) and
 * whether its address is taken.
 */
static bool member_occurrence(const char *text, const char *p, size_t n, const char **b,
			      const char **base_end, bool *element, bool *store, bool *address)
{
	const char *q = p + n, *s;
	bool arrow;

	if (is_c_ident_char(*q) || p == text || is_c_ident_char(p[-1]))
		return false;
	arrow = p - text >= 2 && p[-1] == '>' && p[-2] == '-';
	if (!arrow && p[-1] != '.')
		return false;
	*b = p - (arrow ? 2 : 1);
	*base_end = *b;
	while (*b > text && is_c_ident_char((*b)[-1]))
		(*b)--;
	while (*q == ' ' || *q == '\t')
		q++;
	*element = *q == '[' || *q == '.';
	q = skip_element_path(q);
	*store = (*q == '=' && q[1] != '=') ||
		 (strchr("+-*/|&^%", *q) && q[1] == '=') ||
		 ((q[0] == '<' || q[0] == '>') && q[1] == q[0] && q[2] == '=') ||
		 (q[0] == '+' && q[1] == '+') || (q[0] == '-' && q[1] == '-');
	s = *b;
	while (s > text && (s[-1] == ' ' || s[-1] == '\t' || s[-1] == '('))
		s--;
	if (s - text >= 2 && ((s[-1] == '+' && s[-2] == '+') || (s[-1] == '-' && s[-2] == '-')))
		*store = true;
	*address = s > text && unary_amp(text, s - 1);
	if (s - text >= 10 && !memcmp(s - 10, "WRITE_ONCE", 10))
		*store = true;
	return true;
}

/* The 1-based line of p in text. */
static unsigned line_at(const char *text, const char *p)
{
	const char *line;
	unsigned ln = 1;

	for (line = text; (line = memchr(line, '\n', (size_t)(p - line))); line++)
		ln++;
	return ln;
}

/* Searches one file's text for stores of field, appending them. */
/*
 * The file a field scan goes on with once it needs the file's functions:
 * the text kept by types (read again when *text was only peeked at), with
 * the scan's pointers moved into it. False when it cannot be read as it
 * was (changed meanwhile).
 */
static bool keep_scanned(struct defs *d, const char *rel, const char **text, const char **p,
			 const char **b, const char **base_end)
{
	const char *kept = types_text(d->t, rel);
	size_t po = (size_t)(*p - *text), bo = b ? (size_t)(*b - *text) : 0,
	       eo = base_end ? (size_t)(*base_end - *text) : 0;

	if (kept == *text)
		return true;
	if (!kept || strcmp(kept, *text))
		return false;
	*text = kept;
	*p = kept + po;
	if (b)
		*b = kept + bo;
	if (base_end)
		*base_end = kept + eo;
	return true;
}

/* keep_scanned(), then the file's functions, once per scan (*lx). */
static bool lexed_scan(struct defs *d, const char *rel, const char **text, const char **p,
		       const char **b, const char **base_end, const struct lexed **lx)
{
	if (*lx)
		return true;
	if (!keep_scanned(d, rel, text, p, b, base_end))
		return false;
	*lx = lexed_of(d, rel);
	return true;
}

static void scan_field_stores(struct defs *d, const char *rel, const char *field,
			      struct field_stores *out)
{
	/* a folder's every file is scanned: most are looked at once, not kept */
	const char *text = types_peek(d->t, rel, &d->peek), *p;
	size_t n = strlen(field);
	const struct lexed *lx = NULL;

	if (!text)
		return;
	for (p = strstr(text, field); p; p = strstr(p + n, field)) {
		const char *b, *base_end;
		bool element, store, address;

		if (!member_occurrence(text, p, n, &b, &base_end, &element, &store, &address))
			continue;
		/* f(x->arr), memset(x->arr, ...): an array named bare is its address */
		if (out->array && !element && !store && !address) {
			if (!lexed_scan(d, rel, &text, &p, &b, &base_end, &lx)) {
				out->complete = false;
				return;
			}
			address = !lx || !in_comment(lx, (size_t)(p - text));
		}
		if (address)
			out->complete = false;	/* an address taken: stored who knows where */
		if (!store)
			continue;
		/* lexed only for a file with a store */
		if (!lexed_scan(d, rel, &text, &p, &b, &base_end, &lx)) {
			out->complete = false;
			return;
		}
		{
			const struct lex_context *fn = function_at(lx, (size_t)(p - text));
			struct field_store *fs;

			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			fs = &out->v[out->nr++];
			fs->file = lx->rel;
			fs->function = fn ? fn->name : NULL;
			fs->line = line_at(text, p);
			fs->off = (size_t)(p - text);
			fs->init = fn && head_has(text, fn, "__init");
			fs->fresh = fn && base_end > b &&
				    allocated_before(text, fn, b, (size_t)(base_end - b), (size_t)(b - text));
			fs->element = element;
			fs->declaration = !fn && p[-1] == '.' && base_end == b &&
					  !in_directive(text, (size_t)(p - text));
		}
	}
}

typedef void scan_field_fn(struct defs *d, const char *rel, const char *field, void *out);

static void search_field(struct defs *d, const char *file, const char *sname, const char *field,
			 scan_field_fn *scan, void *out, bool *complete, const char **scope);

static void scan_stores_of(struct defs *d, const char *rel, const char *field, void *out)
{
	scan_field_stores(d, rel, field, out);
}

/*
 * x->f[i] = v stores into what a pointer field f points to, not into f:
 * for a field declared a pointer, such stores are no stores of it.
 */
static void drop_pointee_stores(struct defs *d, const char *file, const char *sname,
				const char *field, struct field_stores *s)
{
	char *decl = NULL;
	size_t i, n = 0;

	if (types_field(d->t, file, sname, field, &decl) == FIELD_POINTER) {
		for (i = 0; i < s->nr; i++)
			if (!s->v[i].element)
				s->v[n++] = s->v[i];
		s->nr = n;
	}
	free(decl);
}

/* Whether decl declares name as an array ("struct virtqueue *vqs[VSOCK_VQ_MAX]"). */
static bool declares_array(const char *decl, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = strstr(decl, name); p; p = strstr(p + n, name)) {
		const char *q = p + n;

		if ((p > decl && is_c_ident_char(p[-1])) || is_c_ident_char(*q))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		return *q == '[';
	}
	return false;
}

void defs_field_stores(struct defs *d, const char *file, const char *sname, const char *field,
		       struct field_stores *out)
{
	const char *where = types_struct_file(d->t, file, sname);
	char *key = xasprintf("%s\001%s\001%s", where ? where : file, sname, field);
	size_t k = BASE_GET(d, stores, key);
	const struct field_stores *found;

	if (k != (size_t)-1) {
		found = &d->base->store_v[k];
		goto copy;
	}
	k = hashmap_get(&d->stores, key);
	if (k == (size_t)-1) {
		struct field_stores fresh;
		char *decl = NULL;

		memset(&fresh, 0, sizeof(fresh));
		if (types_field(d->t, file, sname, field, &decl) != FIELD_UNKNOWN && decl)
			fresh.array = declares_array(decl, field);
		free(decl);
		search_field(d, file, sname, field, scan_stores_of, &fresh, &fresh.complete,
			     &fresh.scope);
		drop_pointee_stores(d, file, sname, field, &fresh);
		ALLOC_GROW(d->store_v, d->nr_stores + 1, d->alloc_stores);
		d->store_v[d->nr_stores] = fresh;
		hashmap_put(&d->stores, key, d->nr_stores);
		k = d->nr_stores++;
	}
	found = &d->store_v[k];
copy:
	free(key);
	/* a copy the caller releases */
	*out = *found;
	out->v = NULL;
	out->alloc = 0;
	if (out->nr) {
		out->v = xmalloc(out->nr * sizeof(*out->v));
		memcpy(out->v, found->v, out->nr * sizeof(*out->v));
		out->alloc = out->nr;
	}
}

/*
 * Runs scan on each file that can see struct sname (seen from file): its
 * own C file, or the files of the folder of a header that is no public
 * one. *complete says whether such a scope exists; *scope names it.
 */
static void search_field(struct defs *d, const char *file, const char *sname, const char *field,
			 scan_field_fn *scan, void *out, bool *complete, const char **scope)
{
	const char *where = types_struct_file(d->t, file, sname), *slash;
	char *dir, *full;
	DIR *dh;
	struct dirent *de;

	*complete = false;
	if (!where)
		return;
	if (strlen(where) > 2 && !strcmp(where + strlen(where) - 2, ".c")) {
		*complete = true;
		*scope = where;
		scan(d, where, field, out);
		return;
	}
	if (!strncmp(where, "include/", 8) || strstr(where, "/include/") || !(slash = strrchr(where, '/')))
		return;
	/* a header of its subsystem's folder: the files of that folder use it */
	dir = xstrndup(where, (size_t)(slash - where));
	full = strcmp(types_root(d->t), ".") ? xasprintf("%s/%s", types_root(d->t), dir) : xstrdup(dir);
	if ((dh = opendir(full))) {
		struct input_listing listing = { { 0, 0 } };
		struct stat st;

		memset(&st, 0, sizeof(st));
		if (inputs_enabled() && fstat(dirfd(dh), &st) < 0)
			inputs_uncacheable();
		*complete = true;
		*scope = where;
		while ((de = readdir(dh))) {
			size_t n = strlen(de->d_name);
			char *rel;

			inputs_listing_add(&listing, de->d_name, de->d_type);

			if (n < 3 || de->d_name[n - 2] != '.' || (de->d_name[n - 1] != 'c' && de->d_name[n - 1] != 'h'))
				continue;
			rel = xasprintf("%s/%s", dir, de->d_name);
			scan(d, rel, field, out);
			free(rel);
		}
		closedir(dh);
		inputs_dir(full, &st, &listing);
	} else {
		inputs_missing(full, INPUT_DIR, errno);
	}
	free(full);
	free(dir);
}

/* The start of the statement that holds off: past the last ';' (not a for header's), '{' or '}'. */
static size_t statement_start(const char *text, size_t off)
{
	size_t i = off, start;
	int depth = 0;

	while (i && text[i - 1] != '{' && text[i - 1] != '}')
		i--;
	for (start = i; i < off; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && depth)
			depth--;
		else if (text[i] == ';' && !depth)
			start = i + 1;
	}
	return start;
}

/*
 * Whether the call whose '(' is at open takes a string literal among its
 * own arguments: a printk(), seq_printf() or dev_err(), which prints the
 * values it is passed and reaches nothing through them.
 */
static bool formats(const char *text, size_t open)
{
	const char *p;
	int depth = 0;

	for (p = text + open; *p && *p != ';'; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return false;
		else if (*p == '"' && depth == 1)
			return true;
		else if (*p == '\'' && p[1] && p[2] == '\'')
			p += 2;
	}
	return false;
}

/* How many calls deep rule H follows a load passed as an argument (arg_taken_as_value()). */
#define ARG_DEPTH 2

static bool arg_taken_as_value(const char *text, const struct lexed *lx, const char *name,
			       size_t open, size_t off, unsigned depth);

/*
 * Whether off lies inside a subscript, or inside the arguments of a call
 * that may use them as one (any call but a marked access, likely() and
 * other calls that touch no memory, a call that formats a string, and
 * if, switch, return, sizeof, for and while: a loop's condition only
 * bounds what the loop reads), or in a wait's condition (wait_event()):
 * an unclosed '[' or such '(' since its statement began. With lx (the
 * file of text, lexed; calls: how many calls deep already), not the
 * arguments of a function the file defines that uses the parameter only
 * as a value (arg_taken_as_value()), up to ARG_DEPTH calls deep.
 */
static bool in_subscript_in(const char *text, size_t off, const struct lexed *lx, unsigned calls)
{
	/*
	 * A loop condition only bounds what the loop reads: a control
	 * dependency, which orders no later load, so "for"/"while" are no uses
	 * (a reader that relied on one without a barrier of its own would be
	 * wrong with smp_wmb() already).
	 */
	static const char *const keywords[] = { "if", "switch", "return", "sizeof", "for", "while" };
	size_t i = statement_start(text, off), opens[32], nr = 0, k;
	int depth = 0;

	for (; i < off; i++) {
		if (text[i] == '[')
			depth++;
		else if (text[i] == ']' && depth)
			depth--;
		else if (text[i] == '(' && nr < ARRAY_SIZE(opens))
			opens[nr++] = i;
		else if (text[i] == ')' && nr)
			nr--;
	}
	if (depth > 0)
		return true;
	for (k = 0; k < nr; k++) {
		size_t e = opens[k], b;
		char *name;
		bool arg;

		while (e && (text[e - 1] == ' ' || text[e - 1] == '\t'))
			e--;
		for (b = e; b && is_c_ident_char(text[b - 1]); b--)
			;
		if (b == e)
			continue;
		name = xstrndup(text + b, e - b);
		/* a wait's condition is a loop's: it ends the wait, as a flag test does */
		/* a page mapping's arguments locate the data, quiet as the call is */
		arg = (!prim_quiet_call(name) || prim_wait_call(name) || prim_local_mapping(name)) &&
		      !formats(text, opens[k]);
		for (i = 0; arg && i < ARRAY_SIZE(keywords); i++)
			arg = strcmp(name, keywords[i]) != 0;
		/* a for_each_*() macro's arguments are a loop's head, as for's are */
		if (arg && !strncmp(name, "for_each", 8))
			arg = false;
		/* rule H, calls: a function of the file that takes the argument as a value */
		if (arg && lx && calls < ARG_DEPTH && arg_taken_as_value(text, lx, name, opens[k], off,
									 calls))
			arg = false;
		free(name);
		if (arg)
			return true;
	}
	return false;
}

static bool in_subscript(const char *text, size_t off)
{
	return in_subscript_in(text, off, NULL, 0);
}

/*
 * Whether name[0..n) appears as a whole word inside a subscript or call in
 * text[from..to) (lx, depth: as in_subscript_in()).
 */
static bool word_in_subscript_in(const char *text, size_t from, size_t to, const char *name,
				 size_t n, const struct lexed *lx, unsigned depth)
{
	const char *p;

	for (p = text + from; (p = memmem(p, (size_t)(text + to - p), name, n)); p += n) {
		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(p[n]))
			continue;
		if (in_subscript_in(text, (size_t)(p - text), lx, depth))
			return true;
	}
	return false;
}

static bool word_in_subscript(const char *text, size_t from, size_t to, const char *name,
			      size_t n)
{
	return word_in_subscript_in(text, from, to, name, n, NULL, 0);
}

/*
 * Whether the load of a field at off may feed a subscript: it is inside
 * one (a[x->f]) or is passed to a function (which may subscript with it),
 * or its statement assigns a local ("i = x->f + 1;", "int i = x->f;")
 * that the rest of the function uses so (lx, depth: as
 * in_subscript_in()).
 */
static bool load_indexes_in(const char *text, size_t off, const struct lex_context *fn,
			    const struct lexed *lx, unsigned depth)
{
	size_t st = statement_start(text, off), i, e;

	if (in_subscript_in(text, off, lx, depth))
		return true;
	if (!fn)
		return false;
	for (i = st; i < off; i++) {
		if (text[i] != '=' || text[i + 1] == '=' || (i > st && strchr("=!<>", text[i - 1])))
			continue;
		/* "for (i = 0; i < x->f; i++)": i is not set from the load, only bounded by it */
		if (memchr(text + i, ';', off - i))
			continue;
		for (e = i; e > st && (text[e - 1] == ' ' || text[e - 1] == '\t'); e--)
			;
		for (i = e; i > st && is_c_ident_char(text[i - 1]); i--)
			;
		return e > i && word_in_subscript_in(text, off, fn->end, text + i, e - i, lx, depth);
	}
	return false;
}

/* What the address of a member is taken for (address_use()). */
enum address_use {
	ADDR_OTHER,		/* anything else: passed on, stored, returned: its use is unknown */
	ADDR_ATOMIC_VALUE,	/* an atomic operation that gives a value back: a load */
	ADDR_ATOMIC_STORE,	/* an atomic operation that gives nothing back: no load */
};

/*
 * What the member occurrence at p, whose address is taken, is for: when
 * "&x->f" is a whole argument of an atomic_t or atomic64_t operation, a
 * load of the atomic whose value the call's is (atomic_read(&x->f),
 * atomic_fetch_dec(&x->f), atomic_add_return(i, &x->f)), *call then where
 * the call's name starts, *cmpxchg_old the local that
 * atomic_try_cmpxchg(&x->f, &old, n) loads the value into (length
 * *old_len), or a store that gives nothing back (atomic_inc(&x->f)).
 * Anything else is ADDR_OTHER: atomic_long_t too, whose value may be a
 * pointer that a cast brings back.
 */
static enum address_use address_use(const char *text, const char *p, const char **call,
				    const char **cmpxchg_old, size_t *old_len)
{
	const char *q = p, *e, *arg2 = NULL;
	int depth = 0, amps = 0;
	size_t len;

	*cmpxchg_old = NULL;
	*old_len = 0;
	/* back over the member path and its '&' to the ',' or '(' before the argument */
	for (; q > text; q--) {
		char c = q[-1];

		if (c == ']')
			depth++;
		else if (c == '[' && depth)
			depth--;
		else if (depth)
			continue;
		else if (c == '(' || c == ',')
			break;
		else if (c == '&')
			amps++;
		else if (!is_c_ident_char(c) && !strchr(".->[ \t\n", c))
			return ADDR_OTHER;
	}
	if (q == text || amps != 1)
		return ADDR_OTHER;
	/* from a ',' on back to the '(' of the call, over the arguments before */
	for (depth = 0; q > text && (q[-1] != '(' || depth); q--) {
		char c = q[-1];

		if (c == ')' || c == ']')
			depth++;
		else if ((c == '(' || c == '[') && depth)
			depth--;
		else if (!depth && (c == ';' || c == '{' || c == '}'))
			return ADDR_OTHER;
	}
	if (q == text)
		return ADDR_OTHER;
	for (e = q - 1; e > text && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	for (q = e; q > text && is_c_ident_char(q[-1]); q--)
		;
	len = (size_t)(e - q);
	if (!len || (len >= 12 && !memcmp(q, "atomic_long_", 12)) ||
	    !prim_atomic_op_n(q, len))
		return ADDR_OTHER;
	*call = q;
	if (!prim_atomic_value_load(q, len))
		return ADDR_ATOMIC_STORE;
	/* atomic_try_cmpxchg(&x->f, &old, n): the second argument gets the value */
	if (memmem(q, len, "try_cmpxchg", 11) && (arg2 = strchr(p, ','))) {
		for (arg2++; *arg2 == ' ' || *arg2 == '\t'; arg2++)
			;
		if (*arg2 == '&') {
			for (e = ++arg2; is_c_ident_char(*e); e++)
				;
			if (e > arg2) {
				*cmpxchg_old = arg2;
				*old_len = (size_t)(e - arg2);
			}
		}
	}
	return ADDR_ATOMIC_VALUE;
}

/*
 * Whether the expression that ends at end (in text) is what its statement
 * returns, whole ("return x->f;", "return READ_ONCE(x->f);", "return
 * atomic_read(&x->f);"): its callers get the value, and what they do with
 * it is not seen here.
 */
static bool returned_whole(const char *text, size_t start, size_t end)
{
	size_t st = statement_start(text, start), i;

	while (text[st] == ' ' || text[st] == '\t' || text[st] == '\n' || text[st] == '\r')
		st++;
	if (strncmp(text + st, "return", 6) || is_c_ident_char(text[st + 6]))
		return false;
	/* between "return" and the expression: blanks, '(' and '&', and names of calls */
	for (i = st + 6; i < start;) {
		if (strchr(" \t\n\r(&", text[i])) {
			i++;
		} else if (is_c_ident_char(text[i])) {
			while (i < start && is_c_ident_char(text[i]))
				i++;
			while (i < start && (text[i] == ' ' || text[i] == '\t'))
				i++;
			if (i >= start || text[i] != '(')
				return false;
		} else {
			return false;
		}
	}
	for (i = end; text[i] == ' ' || text[i] == '\t' || text[i] == ')' || text[i] == '\n'; i++)
		;
	return text[i] == ';';
}

/*
 * Rule H, calls: the argument at off of the call whose '(' is at open, a
 * call of name, goes to a function of the same file (lx) that uses that
 * parameter only as a value: no use of it inside a subscript or a call
 * that may take it as one (ARG_DEPTH calls deep), none assigned to a local
 * used so, none returned whole or with its address taken. A counter
 * passed to a helper that compares or prints it reaches no data.
 */
static bool arg_taken_as_value(const char *text, const struct lexed *lx, const char *name,
			       size_t open, size_t off, unsigned depth)
{
	const struct lex_context *callee = find_function(lx, name);
	size_t i, arg = 0, ps, pe, pn, body;
	const char *h, *q;
	int level = 0;
	unsigned k;

	if (!callee || callee->kind != LEX_FUNCTION)
		return false;
	/* which argument: the top-level commas before off */
	for (i = open + 1; i < off; i++) {
		if (text[i] == '(' || text[i] == '[' || text[i] == '{')
			level++;
		else if ((text[i] == ')' || text[i] == ']' || text[i] == '}') && level)
			level--;
		else if (text[i] == ',' && !level)
			arg++;
	}
	/* the callee's parameter list: the '(' after its name in its head */
	h = text + callee->start;
	for (q = h; q < text + callee->end; q++)
		if (!strncmp(q, name, strlen(name)) && !is_c_ident_char(q[strlen(name)]) &&
		    (q == text || !is_c_ident_char(q[-1])))
			break;
	for (q += strlen(name); q < text + callee->end && (*q == ' ' || *q == '\t'); q++)
		;
	if (q >= text + callee->end || *q != '(')
		return false;
	/* parameter number arg: [ps, pe), its name the last identifier */
	ps = (size_t)(q - text) + 1;
	for (i = ps, k = 0, level = 0; i < callee->end; i++) {
		if (text[i] == '(')
			level++;
		else if (text[i] == ')' && level)
			level--;
		else if ((text[i] == ',' || text[i] == ')') && !level) {
			if (k++ == arg)
				break;
			ps = i + 1;
			if (text[i] == ')')
				return false;
		}
	}
	if (i >= callee->end || k != arg + 1)
		return false;
	for (pe = i; pe > ps && !is_c_ident_char(text[pe - 1]); pe--)
		if (text[pe - 1] != ' ' && text[pe - 1] != '\t' && text[pe - 1] != '\n')
			return false;	/* an array or a function pointer parameter */
	for (pn = pe; pn > ps && is_c_ident_char(text[pn - 1]); pn--)
		;
	if (pn == pe || pn == ps || memchr(text + ps, '*', pe - ps))
		return false;	/* no name, or no type before it, or a pointer */
	for (body = i; body < callee->end && text[body] != '{'; body++)
		;
	if (body >= callee->end)
		return false;
	/* every use of the parameter in the body */
	for (q = text + body; (q = memmem(q, (size_t)(text + callee->end - q), text + pn, pe - pn));
	     q += pe - pn) {
		size_t at = (size_t)(q - text);

		if (is_c_ident_char(q[-1]) || is_c_ident_char(q[pe - pn]) || q[-1] == '.' ||
		    (q[-1] == '>' && q[-2] == '-'))
			continue;
		if (q[-1] == '&' || load_indexes_in(text, at, callee, lx, depth + 1) ||
		    returned_whole(text, at, at + (pe - pn)))
			return false;
	}
	return true;
}

/* Where the member path that ends with the field at off begins ("x->y.f": at "x"). */
static size_t path_start(const char *text, size_t off)
{
	size_t i = off;
	int depth = 0;

	while (i) {
		char c = text[i - 1];

		if (c == ']')
			depth++;
		else if (c == '[' && depth)
			depth--;
		else if (!depth && !is_c_ident_char(c) && c != '.' && c != '>' &&
			 !(c == '-' && text[i] == '>'))
			break;
		i--;
	}
	return i;
}

/* The offset after the ')' that closes the call whose name starts at off, or off. */
static size_t call_end(const char *text, size_t off)
{
	size_t i = off;
	int depth = 0;

	while (is_c_ident_char(text[i]))
		i++;
	while (text[i] == ' ' || text[i] == '\t')
		i++;
	if (text[i] != '(')
		return off;
	for (; text[i] && text[i] != ';'; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && !--depth)
			return i + 1;
	}
	return off;
}

/* Searches one file's text for loads of field, counting them. */
static void scan_field_loads(struct defs *d, const char *rel, const char *field, void *arg)
{
	struct field_loads *out = arg;
	const char *text = types_peek(d->t, rel, &d->peek), *p;
	size_t n = strlen(field);
	const struct lexed *lx = NULL;

	if (!text)
		return;
	for (p = strstr(text, field); p; p = strstr(p + n, field)) {
		const struct lex_context *fn;
		const char *b, *base_end, *at = p, *old = NULL;
		bool element, store, address, by_call;
		size_t at_off, old_len = 0, old_off = 0;
		enum address_use use = ADDR_ATOMIC_VALUE;

		if (!member_occurrence(text, p, n, &b, &base_end, &element, &store, &address))
			continue;
		if (in_directive(text, (size_t)(p - text))) {
			out->in_macro = true;
			continue;
		}
		if (store)
			continue;
		/*
		 * &x->f: an atomic operation that gives the value back stands for
		 * the load (atomic_read(&x->f)), one that gives nothing is a store;
		 * any other use (passed on, returned, stored) may reach the data
		 */
		if (address && (use = address_use(text, p, &at, &old, &old_len)) == ADDR_ATOMIC_STORE)
			continue;
		if (use == ADDR_OTHER) {
			out->indexes = true;
			continue;
		}
		/* offsets: keep_scanned() may move the scan into another copy of the text */
		by_call = at != p;
		at_off = (size_t)(at - text);
		old_off = old ? (size_t)(old - text) : 0;
		if (!lx) {
			if (!keep_scanned(d, rel, &text, &p, NULL, NULL))
				return;
			lx = lexed_of(d, rel);
		}
		fn = function_at(lx, (size_t)(p - text));
		if (!fn)
			continue;
		if (out->skip_function && !strcmp(fn->name, out->skip_function) &&
		    !strcmp(rel, out->skip_file)) {
			out->skipped++;
			continue;
		}
		if (!out->nr++) {
			out->file = lx->rel;
			out->line = line_at(text, p);
		}
		if (!out->indexes && load_indexes_in(text, at_off, fn, lx, 0))
			out->indexes = true;
		/* an accessor that returns the value: its callers' use is not seen */
		if (!out->indexes &&
		    returned_whole(text, by_call ? at_off : path_start(text, at_off),
				   by_call ? call_end(text, at_off) : at_off + n))
			out->indexes = true;
		/* the local atomic_try_cmpxchg() loads the value into, used as an index later */
		if (!out->indexes && old && word_in_subscript(text, at_off, fn->end, text + old_off,
							      old_len))
			out->indexes = true;
	}
}

/* Whether p (in text) is a whole argument of a call that is no quiet one: "f(a, p, b)". */
static bool passed_on(const char *text, const char *p, size_t n)
{
	const char *b = p, *a = p + n;

	while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r'))
		b--;
	while (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r')
		a++;
	if (b == text || (b[-1] != '(' && b[-1] != ',') || (*a != ',' && *a != ')'))
		return false;
	return in_subscript(text, (size_t)(p - text));
}

static const char *const deref_wrappers[] = {
	"READ_ONCE", "rcu_dereference", "rcu_dereference_check", "rcu_dereference_protected",
	"rcu_dereference_raw", "rcu_dereference_bh", "rcu_dereference_sched", "srcu_dereference",
};

/*
 * Whether q starts a wrapper of deref_wrappers and its '(': then *after
 * points past the '(' and the blanks after it.
 */
static bool starts_wrapper(const char *q, const char **after, const char **via)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(deref_wrappers); k++) {
		size_t wn = strlen(deref_wrappers[k]);
		const char *r = q + wn;

		if (strncmp(q, deref_wrappers[k], wn) || is_c_ident_char(*r))
			continue;
		while (*r == ' ')
			r++;
		if (*r != '(')
			continue;
		for (r++; *r == ' '; r++)
			;
		*after = r;
		*via = deref_wrappers[k];
		return true;
	}
	return false;
}

/*
 * Whether the load of a field at off (whose base's last name starts at b)
 * is followed: the whole right-hand side of "L = ...;" (bare, or in
 * READ_ONCE() or rcu_dereference*()) whose local the rest of function fn
 * follows ("L->", "L[") or passes to a call; or READ_ONCE(x->f) passed to
 * a call itself. *marked says whether it was READ_ONCE() or
 * rcu_dereference*().
 */
static bool load_derefs(const char *text, size_t off, size_t n, const char *b,
			const struct lex_context *fn, bool *marked, const char **via)
{
	size_t st = statement_start(text, off), i, e, ls, le;
	const char *q, *end = text + fn->end, *p, *w;
	int opens = 0;

	*marked = false;
	*via = NULL;
	/* READ_ONCE(x->f) as a call's argument */
	for (w = b; w > text + st && (is_c_ident_char(w[-1]) || strchr("->.[] ", w[-1])); w--)
		;
	if (w > text + st && w[-1] == '(') {
		const char *name = w - 1, *after;

		while (name > text + st && name[-1] == ' ')
			name--;
		while (name > text + st && is_c_ident_char(name[-1]))
			name--;
		if (starts_wrapper(name, &after, via) && after == w) {
			q = skip_element_path(text + off + n);
			while (*q == ' ')
				q++;
			if (*q == ')' && passed_on(text, name, (size_t)(q + 1 - name))) {
				*marked = true;
				return true;
			}
		}
	}
	for (i = st; i < off; i++)
		if (text[i] == '=' && text[i + 1] != '=' && !(i > st && strchr("=!<>+-*/|&^%", text[i - 1])))
			break;
	if (i == off)
		return false;
	for (e = i; e > st && (text[e - 1] == ' ' || text[e - 1] == '\t'); e--)
		;
	for (ls = e; ls > st && is_c_ident_char(text[ls - 1]); ls--)
		;
	le = e;
	if (le == ls || isdigit((unsigned char)text[ls]))
		return false;
	/* after '=': blanks, an optional wrapper and '(', then the base's path */
	for (q = text + i + 1; *q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'; q++)
		;
	if (starts_wrapper(q, &q, via)) {
		*marked = true;
		opens = 1;
	}
	/* a path of names, members, subscripts and calls (EXT4_I(inode)->f) */
	for (p = q; p < b; p++)
		if (!is_c_ident_char(*p) && !strchr("->.[]() ", *p))
			return false;
	/* past the field and its subscripts, the closing ')' of the wrapper, then ';' */
	q = skip_element_path(text + off + n);
	while (opens && (*q == ' ' || *q == ')')) {
		opens -= *q == ')';
		q++;
	}
	while (*q == ' ' || *q == '\t')
		q++;
	if (opens || *q != ';')
		return false;
	/* the local followed later: "L->", "L[", or passed to a call */
	for (p = q; (p = memmem(p, (size_t)(end - p), text + ls, le - ls)); p += le - ls) {
		const char *r = p + (le - ls);

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*r))
			continue;
		while (*r == ' ')
			r++;
		if ((r[0] == '-' && r[1] == '>') || r[0] == '[' || passed_on(text, p, le - ls))
			return true;
	}
	return false;
}

/* Searches one file's text for loads of field that their function follows. */
static void scan_field_derefs(struct defs *d, const char *rel, const char *field, void *arg)
{
	struct field_derefs *out = arg;
	const char *text = types_peek(d->t, rel, &d->peek), *p;
	size_t n = strlen(field);
	const struct lexed *lx = NULL;

	if (!text)
		return;
	for (p = strstr(text, field); p; p = strstr(p + n, field)) {
		const struct lex_context *fn;
		const char *b, *base_end;
		bool element, store, address, marked;
		const char *via;

		if (!member_occurrence(text, p, n, &b, &base_end, &element, &store, &address) ||
		    store || address || in_directive(text, (size_t)(p - text)))
			continue;
		if (!lx) {
			if (!keep_scanned(d, rel, &text, &p, &b, &base_end))
				return;
			lx = lexed_of(d, rel);
		}
		if (in_comment(lx, (size_t)(p - text)) || !(fn = function_at(lx, (size_t)(p - text))))
			continue;
		out->loads++;
		if (!load_derefs(text, (size_t)(p - text), n, b, fn, &marked, &via))
			continue;
		if (out->nr < ARRAY_SIZE(out->v)) {
			out->v[out->nr].file = lx->rel;
			out->v[out->nr].function = fn->name;
			out->v[out->nr].line = line_at(text, p);
			out->v[out->nr].marked = marked;
			out->v[out->nr].via = via;
		}
		out->nr++;
	}
}

void defs_field_derefs(struct defs *d, const char *file, const char *sname, const char *field,
		       struct field_derefs *out)
{
	search_field(d, file, sname, field, scan_field_derefs, out, &out->complete, &out->scope);
}

/* Functions at most, beyond which a field's uses are not followed. */
#define FIELD_FUNCTIONS_MAX 48

/* Searches one file's text for uses of field, adding each function once. */
static void scan_field_functions(struct defs *d, const char *rel, const char *field, void *arg)
{
	struct field_functions *out = arg;
	const char *text = types_peek(d->t, rel, &d->peek), *p;
	size_t n = strlen(field), i;
	const struct lexed *lx = NULL;

	if (!text || (!out->complete && !out->all))
		return;
	for (p = strstr(text, field); p; p = strstr(p + n, field)) {
		const struct lex_context *fn;
		const char *b, *base_end;
		bool element, store, address;

		if (!member_occurrence(text, p, n, &b, &base_end, &element, &store, &address))
			continue;
		if (!lexed_scan(d, rel, &text, &p, &b, &base_end, &lx)) {
			out->complete = false;
			return;
		}
		if (in_comment(lx, (size_t)(p - text)))
			continue;
		fn = function_at(lx, (size_t)(p - text));
		if (!fn) {
			/* .f = v initialises an object in its declaration */
			if (p[-1] == '.' && base_end == b && !in_directive(text, (size_t)(p - text)))
				continue;
			out->complete = false;
			if (out->all)
				continue;
			return;
		}
		if (address) {
			out->complete = false;
			if (!out->all)
				return;
		}
		for (i = 0; i < out->nr; i++)
			if (out->v[i].function == fn->name && out->v[i].file == lx->rel)
				break;
		if (i < out->nr)
			continue;
		if (out->nr == FIELD_FUNCTIONS_MAX) {
			out->complete = false;
			return;
		}
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr].file = lx->rel;
		out->v[out->nr++].function = fn->name;
	}
}

void defs_field_functions(struct defs *d, const char *file, const char *sname,
			  const char *field, struct field_functions *out)
{
	bool complete;

	out->complete = true;
	search_field(d, file, sname, field, scan_field_functions, out, &complete, &out->scope);
	out->complete &= complete;
}

void field_functions_release(struct field_functions *f)
{
	free(f->v);
	memset(f, 0, sizeof(*f));
}

bool defs_static_calls(struct defs *d, const char *file, const char *name,
		       struct call_site *out, size_t max, size_t *nr)
{
	const struct lexed *lx = lexed_of(d, file);
	const char *text = lx ? types_text(d->t, file) : NULL, *p;
	size_t n = strlen(name);

	*nr = 0;
	if (!text)
		return false;
	for (p = strstr(text, name); p; p = strstr(p + n, name)) {
		const struct lex_context *fn;
		const char *q = p + n;
		size_t off = (size_t)(p - text);

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*q) || in_comment(lx, off))
			continue;
		fn = function_at(lx, off);
		/* its own definition's head */
		if (fn && !strcmp(fn->name, name) && !memchr(text + fn->start, '{', off - fn->start))
			continue;
		if (!fn) {
			/* a declaration "static void name(...);" is no use */
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '(' && !in_directive(text, off) &&
			    (p - text < 2 || p[-1] == ' ' || p[-1] == '*'))
				continue;
			return false;
		}
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(' || *nr == max)
			return false;
		out[*nr].function = fn->name;
		out[(*nr)++].off = off;
	}
	return true;
}

void defs_field_loads(struct defs *d, const char *file, const char *sname, const char *field,
		      struct field_loads *out)
{
	search_field(d, file, sname, field, scan_field_loads, out, &out->complete, &out->scope);
}
