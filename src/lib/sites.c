/* sites.c: read, prefilter, scan and parse files into barrier sites */
#include "sites.h"
#include "hash.h"
#include "lex.h"
#include "parse.h"
#include "prims.h"
#include "quote.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool ident_char(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Whether the identifier around buf[at] (a hit of an anchor) is a primitive. */
static bool ident_at_is_prim(const char *buf, size_t len, size_t at)
{
	size_t a = at, b = at;

	while (a > 0 && ident_char((unsigned char)buf[a - 1]))
		a--;
	while (b < len && ident_char((unsigned char)buf[b]))
		b++;
	return prim_classify(buf + a, b - a) != PRIM_NONE;
}

/*
 * The prefilter: true when some primitive's name occurs in buf, in code or
 * not. Each anchor below is part of every name of its kind; a hit costs one
 * identifier lookup.
 */
static bool mentions_primitive(const char *buf, size_t len)
{
	static const char *const anchors[] = {
		"_acquire", "_release", "rcu_", "bit_unlock", "bit_lock",
	};
	const char *p = buf, *end = buf + len;
	size_t i;

	/* *mb and *mb__*: reject "member", "number" without a lookup */
	while (p < end && (p = memmem(p, (size_t)(end - p), "mb", 2))) {
		size_t at = (size_t)(p - buf);
		unsigned char next = at + 2 < len ? (unsigned char)buf[at + 2] : 0;

		if ((!ident_char(next) || (next == '_' && at + 3 < len && buf[at + 3] == '_')) &&
		    ident_at_is_prim(buf, len, at))
			return true;
		p += 2;
	}
	for (i = 0; i < ARRAY_SIZE(anchors); i++) {
		size_t alen = strlen(anchors[i]);

		for (p = buf; p < end && (p = memmem(p, (size_t)(end - p), anchors[i], alen));
		     p += alen)
			if (ident_at_is_prim(buf, len, (size_t)(p - buf)))
				return true;
	}
	return false;
}

/* Offset of the first invalid UTF-8 sequence, or len when there is none. */
static size_t utf8_invalid_at(const char *buf, size_t len)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t i = 0;

	while (i < len) {
		size_t n, k;

		if (s[i] < 0x80) {
			i++;
			continue;
		}
		n = s[i] >= 0xc2 && s[i] <= 0xdf ? 2 : s[i] >= 0xe0 && s[i] <= 0xef ? 3 :
		    s[i] >= 0xf0 && s[i] <= 0xf4 ? 4 : 0;
		if (!n || i + n > len)
			return i;
		for (k = 1; k < n; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
		i += n;
	}
	return len;
}

struct lines {
	size_t *start;
	size_t nr, alloc;
};

static void lines_build(struct lines *l, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	l->nr = 0;
	ALLOC_GROW(l->start, 1, l->alloc);
	l->start[l->nr++] = 0;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p)))) {
		p++;
		ALLOC_GROW(l->start, l->nr + 1, l->alloc);
		l->start[l->nr++] = (size_t)(p - buf);
	}
}

/* 1-based line of off; *col gets the 1-based byte column. */
static unsigned lines_find(const struct lines *l, size_t off, unsigned *col)
{
	size_t lo = 0, hi = l->nr;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	if (col)
		*col = (unsigned)(off - l->start[lo] + 1);
	return (unsigned)lo + 1;
}

static void set_lines(struct access_list *al, const struct lines *l)
{
	size_t i;

	for (i = 0; i < al->nr; i++)
		al->v[i].line = lines_find(l, al->v[i].off, NULL);
}

static void add_ref(struct site *s, const char *name, size_t len)
{
	size_t i;

	if (len < 2 || len > 80 || prim_classify(name, len) != PRIM_NONE)
		return;
	for (i = 0; i < s->nr_refs; i++)
		if (strlen(s->refs[i]) == len && !memcmp(s->refs[i], name, len))
			return;
	ALLOC_GROW(s->refs, s->nr_refs + 1, s->alloc_refs);
	s->refs[s->nr_refs++] = xstrndup(name, len);
}

/*
 * Collects the functions a comment names, as "foo()", with the kernel's
 * shorthand "foo_(bar|baz)()" expanded to foo_bar and foo_baz.
 */
static void comment_refs(struct site *s, const char *buf, size_t a, size_t b)
{
	size_t i;

	for (i = a + 1; i + 1 < b; i++) {
		size_t j = i, k, n;

		if (buf[i] != '(' || buf[i + 1] != ')')
			continue;
		if (buf[j - 1] != ')') {
			for (k = j; k > a && ident_char((unsigned char)buf[k - 1]); k--)
				;
			add_ref(s, buf + k, j - k);
			continue;
		}
		/* prefix_(alt|alt)() */
		for (k = j - 1; k > a && buf[k - 1] != '(' && j - k < 200; k--)
			if (!ident_char((unsigned char)buf[k - 1]) && buf[k - 1] != '|')
				break;
		if (k <= a || buf[k - 1] != '(')
			continue;
		{
			size_t open = k - 1, p0, alt;
			char name[200];

			for (p0 = open; p0 > a && ident_char((unsigned char)buf[p0 - 1]); p0--)
				;
			for (alt = k; alt < j - 1; alt = n + 1) {
				for (n = alt; n < j - 1 && buf[n] != '|'; n++)
					;
				if ((open - p0) + (n - alt) < sizeof(name)) {
					memcpy(name, buf + p0, open - p0);
					memcpy(name + (open - p0), buf + alt, n - alt);
					add_ref(s, name, (open - p0) + (n - alt));
				}
			}
		}
	}
}

/* The comments on the barrier's line and the few lines above it, and the
 * comment block right before its function. */
static void site_refs(struct site *s, const struct lex_result *lr, const struct lines *lines,
		      const char *buf, size_t ctx_start, bool in_function)
{
	size_t first = s->line > 6 ? lines->start[s->line - 7] : 0;
	size_t last = s->line < lines->nr ? lines->start[s->line] : SIZE_MAX;
	size_t i;

	for (i = 0; i < lr->nr_comments; i++) {
		const struct lex_comment *c = &lr->comments[i];

		if (c->end > first && c->start < last)
			comment_refs(s, buf, c->start, c->end);
		if (in_function && c->end <= ctx_start &&
		    (i + 1 == lr->nr_comments || lr->comments[i + 1].start >= ctx_start)) {
			size_t k;

			for (k = c->end; k < ctx_start && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\n'); k++)
				;
			if (k == ctx_start)
				comment_refs(s, buf, c->start, c->end);
		}
	}
}

/* Whether the function head starting at start says static (before its '('). */
static bool head_says_static(const char *buf, size_t start, size_t end)
{
	const char *paren = memchr(buf + start, '(', end - start);
	const char *p;
	size_t n = paren ? (size_t)(paren - buf) - start : end - start;

	for (p = memmem(buf + start, n, "static", 6); p;
	     p = memmem(p + 6, n - (size_t)(p + 6 - buf - start), "static", 6)) {
		if ((p == buf + start || !ident_char((unsigned char)p[-1])) &&
		    !ident_char((unsigned char)p[6]))
			return true;
		if ((size_t)(p + 6 - buf) >= start + n)
			break;
	}
	return false;
}

static bool has_kind(const struct access_list *l, bool writes)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes)
			return true;
	return false;
}

/* A barrier whose publish store or subscribe load may be in the callers. */
static bool wants_callers(const struct site *s)
{
	if (!s->function)
		return false;
	if (!strcmp(s->primitive, "smp_wmb"))
		return !has_kind(&s->window_after, true);
	if (!strcmp(s->primitive, "smp_rmb"))
		return !has_kind(&s->window_before, false) || !has_kind(&s->window_after, false);
	return false;
}

/*
 * One call level within a file: the accesses right after (or before) each
 * call of a function whose barrier has no store after it (or no load
 * before it) in the function itself.
 */
struct target {
	const char *name;	/* borrowed: a function holding barriers */
	size_t *sites;		/* indexes into fs->v of its barriers wanting callers */
	size_t nr, alloc;
};

/* Parses each function holding some of the calls in cl, for their accesses. */
static void parse_calls(struct parser *p, const char *buf, size_t len,
			const struct lex_result *cl, struct parse_site *ps)
{
	size_t i, j;

	for (i = 0; i < cl->nr_sites; i = j) {
		int ctx = cl->sites[i].ctx;

		for (j = i + 1; j < cl->nr_sites && cl->sites[j].ctx == ctx; j++)
			;
		if (ctx >= 0 && cl->ctxs[ctx].kind == LEX_FUNCTION && j - i <= PARSE_MAX_SITES)
			parser_accesses(p, buf, len, &cl->ctxs[ctx], ps + i, j - i);
	}
}

static void parse_sites_release(struct parse_site *ps, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(ps[i].call_before_name);
		free(ps[i].call_after_name);
		access_list_release(&ps[i].before);
		access_list_release(&ps[i].after);
		access_list_release(&ps[i].operand);
		access_list_release(&ps[i].window_before);
		access_list_release(&ps[i].window_after);
	}
}

/* ".field = name" ending right before off: the field of a table entry, or NULL. */
static char *table_field(const char *buf, size_t off)
{
	size_t i = off, end;

	while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t' || buf[i - 1] == '\n'))
		i--;
	if (i == 0 || buf[i - 1] != '=')
		return NULL;
	i--;
	while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t'))
		i--;
	end = i;
	while (i > 0 && ident_char((unsigned char)buf[i - 1]))
		i--;
	if (i == end || i == 0 || buf[i - 1] != '.')
		return NULL;
	return xstrndup(buf + i, end - i);
}

static void add_caller(struct site *s, const char *function, unsigned line,
		       const struct parse_site *ps, const struct lines *lines, const char *via)
{
	struct caller *c;

	ALLOC_GROW(s->callers, s->nr_callers + 1, s->alloc_callers);
	c = &s->callers[s->nr_callers++];
	memset(c, 0, sizeof(*c));
	c->function = xstrdup(function);
	c->line = line;
	c->via = via ? xstrdup(via) : NULL;
	access_list_copy(&c->before, &ps->window_before);
	access_list_copy(&c->after, &ps->window_after);
	set_lines(&c->before, lines);
	set_lines(&c->after, lines);
}

struct target;
static void table_callers(struct parser *p, const char *buf, size_t len, const struct lines *lines,
			  struct file_sites *fs, const struct target *t,
			  const struct hashmap *index, const struct lex_result *uses);

static void find_callers(struct parser *p, const char *buf, size_t len,
			 const struct lines *lines, struct file_sites *fs, size_t analysed)
{
	struct target *t = NULL;
	const char **names = NULL;
	size_t nr = 0, alloc = 0, alloc_names = 0, i, j, k;
	struct hashmap index;
	struct lex_result cl;
	struct parse_site *ps;

	memset(&index, 0, sizeof(index));
	for (i = 0; i < analysed && i < fs->nr; i++) {
		if (!wants_callers(&fs->v[i]))
			continue;
		k = hashmap_get(&index, fs->v[i].function);
		if (k == (size_t)-1) {
			ALLOC_GROW(t, nr + 1, alloc);
			ALLOC_GROW(names, nr + 1, alloc_names);
			memset(&t[nr], 0, sizeof(t[nr]));
			t[nr].name = names[nr] = fs->v[i].function;
			hashmap_put(&index, fs->v[i].function, nr);
			k = nr++;
		}
		ALLOC_GROW(t[k].sites, t[k].nr + 1, t[k].alloc);
		t[k].sites[t[k].nr++] = i;
	}
	if (!nr) {
		hashmap_release(&index);
		return;
	}
	memset(&cl, 0, sizeof(cl));
	lex_scan_calls(buf, len, names, nr, &cl);
	ps = xcalloc(cl.nr_sites + 1, sizeof(*ps));
	for (i = 0; i < cl.nr_sites; i++) {
		ps[i].off = cl.sites[i].off;
		ps[i].len = cl.sites[i].len;
	}
	parse_calls(p, buf, len, &cl, ps);
	for (i = 0; i < cl.nr_sites; i++) {
		int ctx = cl.sites[i].ctx;
		bool direct = cl.sites[i].call && ctx >= 0 && cl.ctxs[ctx].kind == LEX_FUNCTION;
		char name[128];

		if (cl.sites[i].len >= sizeof(name))
			continue;
		memcpy(name, buf + cl.sites[i].off, cl.sites[i].len);
		name[cl.sites[i].len] = '\0';
		k = hashmap_get(&index, name);
		if (k == (size_t)-1 || (direct && !strcmp(cl.ctxs[ctx].name, name)))
			continue;
		for (j = 0; j < t[k].nr; j++) {
			struct site *s = &fs->v[t[k].sites[j]];

			/* an address taken, a call from a macro: callers we cannot see */
			if (!direct) {
				s->unknown_callers = true;
				continue;
			}
			add_caller(s, cl.ctxs[ctx].name, lines_find(lines, cl.sites[i].off, NULL),
				   &ps[i], lines, NULL);
		}
	}
	table_callers(p, buf, len, lines, fs, t, &index, &cl);
	parse_sites_release(ps, cl.nr_sites);
	for (k = 0; k < nr; k++)
		free(t[k].sites);
	free(t);
	free(ps);
	free(names);
	hashmap_release(&index);
	lex_result_release(&cl);
}

/*
 * One call level through a table of function pointers in the file: for
 * ".field = name" in an initializer, the calls "x->field(...)" and
 * "x.field(...)" in the file's functions are calls of name.
 */
static void table_callers(struct parser *p, const char *buf, size_t len, const struct lines *lines,
			  struct file_sites *fs, const struct target *t,
			  const struct hashmap *index, const struct lex_result *uses)
{
	const char **fields = NULL;
	size_t *owner = NULL, nr = 0, alloc = 0, alloc_owner = 0, i, j, k;
	struct lex_result cl;
	struct parse_site *ps;

	for (i = 0; i < uses->nr_sites; i++) {
		char name[128], *field;

		if (uses->sites[i].call || uses->sites[i].ctx >= 0 || uses->sites[i].len >= sizeof(name))
			continue;
		memcpy(name, buf + uses->sites[i].off, uses->sites[i].len);
		name[uses->sites[i].len] = '\0';
		if (!(field = table_field(buf, uses->sites[i].off)))
			continue;
		ALLOC_GROW(fields, nr + 1, alloc);
		ALLOC_GROW(owner, nr + 1, alloc_owner);
		fields[nr] = field;
		owner[nr++] = hashmap_get(index, name);
	}
	if (!nr) {
		free(fields);
		free(owner);
		return;
	}
	memset(&cl, 0, sizeof(cl));
	lex_scan_calls(buf, len, fields, nr, &cl);
	ps = xcalloc(cl.nr_sites + 1, sizeof(*ps));
	for (i = 0; i < cl.nr_sites; i++) {
		size_t at = cl.sites[i].off;

		ps[i].off = at;
		ps[i].len = cl.sites[i].len;
		/* only calls through a pointer: x->field( or x.field( */
		if (!cl.sites[i].call || at < 2 ||
		    !(buf[at - 1] == '.' || (buf[at - 1] == '>' && buf[at - 2] == '-')))
			cl.sites[i].ctx = -1;
	}
	parse_calls(p, buf, len, &cl, ps);
	for (i = 0; i < cl.nr_sites; i++) {
		int ctx = cl.sites[i].ctx;

		if (ctx < 0 || cl.ctxs[ctx].kind != LEX_FUNCTION)
			continue;
		for (k = 0; k < nr; k++) {
			if (owner[k] == (size_t)-1 || strlen(fields[k]) != cl.sites[i].len ||
			    memcmp(fields[k], buf + cl.sites[i].off, cl.sites[i].len))
				continue;
			for (j = 0; j < t[owner[k]].nr; j++)
				add_caller(&fs->v[t[owner[k]].sites[j]], cl.ctxs[ctx].name,
					   lines_find(lines, cl.sites[i].off, NULL), &ps[i], lines,
					   fields[k]);
		}
	}
	parse_sites_release(ps, cl.nr_sites);
	free(ps);
	for (k = 0; k < nr; k++)
		free((char *)fields[k]);
	free(fields);
	free(owner);
	lex_result_release(&cl);
}

void sites_scan_buffer(struct parser *p, const char *path, const char *buf, size_t len,
		       struct file_sites *fs)
{
	struct lex_result lr;
	struct parse_site *ps;
	struct lines lines = { NULL, 0, 0 };
	const char *nul = memchr(buf, '\0', len);
	size_t i, bad, analysed;

	if (nul) {
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("binary file (NUL byte at offset %zu)", (size_t)(nul - buf)));
		return;
	}
	if (!mentions_primitive(buf, len))
		return;
	fs->parsed = true;
	bad = utf8_invalid_at(buf, len);
	memset(&lr, 0, sizeof(lr));
	lex_scan(buf, len, &lr);
	if (!lr.nr_sites) {
		lex_result_release(&lr);
		return;
	}
	lines_build(&lines, buf, len);
	if (bad < len)
		skip_list_add(&fs->notes, xstrdup(path),
			      xasprintf("invalid UTF-8 at line %u, read as bytes",
					lines_find(&lines, bad, NULL)));

	ps = xcalloc(lr.nr_sites, sizeof(*ps));
	for (i = 0; i < lr.nr_sites; i++) {
		ps[i].off = lr.sites[i].off;
		ps[i].len = lr.sites[i].len;
	}
	/* memory grows with the accesses kept per site: bound them per file */
	analysed = lr.nr_sites > SITES_MAX_ANALYSED ? SITES_MAX_ANALYSED : lr.nr_sites;
	if (analysed < lr.nr_sites)
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("%zu sites; accesses analysed for the first %u", lr.nr_sites,
					SITES_MAX_ANALYSED));
	/* sites come in file order, so each context's sites are contiguous
	 * except for macros defined inside functions; parse per run */
	for (i = 0; i < analysed;) {
		int ctx = lr.sites[i].ctx;
		size_t j = i + 1;

		while (j < analysed && lr.sites[j].ctx == ctx)
			j++;
		if (ctx >= 0) {
			const struct lex_context *c = &lr.ctxs[ctx];
			const char *kind = c->kind == LEX_MACRO ? "macro" : "function";
			size_t n = j - i > PARSE_MAX_SITES ? PARSE_MAX_SITES : j - i;

			int err = parser_accesses(p, buf, len, c, ps + i, n);

			if (err < 0) {
				char *why = err == PARSE_TOO_LARGE ?
					    xasprintf("larger than %u MiB", PARSE_MAX_BODY >> 20) :
					    err == PARSE_TOO_DEEP ?
					    xasprintf("brackets nested deeper than %u", PARSE_MAX_NESTING) :
					    err == PARSE_TIMED_OUT ?
					    xasprintf("the parser took more than %lu s of CPU time",
						      PARSE_CPU_LIMIT_SEC) :
					    xasprintf("its analysis would take more than %u steps per byte",
						      PARSE_WORK_PER_BYTE);

				skip_list_add(&fs->skipped,
					      xasprintf("%s:%u", path, lines_find(&lines, c->start, NULL)),
					      xasprintf("%s %s not parsed (%s); accesses not analysed",
							kind, c->name, why));
				free(why);
			}
			else if (n < j - i) {
				/* all its sites, also those past the file's bound */
				size_t all = j;

				while (all < lr.nr_sites && lr.sites[all].ctx == ctx)
					all++;
				skip_list_add(&fs->skipped,
					      xasprintf("%s:%u", path, lines_find(&lines, c->start, NULL)),
					      xasprintf("%s %s has %zu sites; accesses analysed for the first %u",
							kind, c->name, all - i, PARSE_MAX_SITES));
			}
		}
		i = j;
	}

	ALLOC_GROW(fs->v, lr.nr_sites, fs->alloc);
	for (i = 0; i < lr.nr_sites; i++) {
		struct site *s = &fs->v[fs->nr++];
		int ctx = lr.sites[i].ctx;

		memset(s, 0, sizeof(*s));
		s->line = lines_find(&lines, ps[i].off, &s->column);
		s->primitive = xstrndup(buf + ps[i].off, ps[i].len);
		if (ctx >= 0 && lr.ctxs[ctx].kind == LEX_FUNCTION) {
			s->function = xstrdup(lr.ctxs[ctx].name);
			s->static_function = head_says_static(buf, lr.ctxs[ctx].start, ps[i].off);
		}
		if (ctx >= 0 && lr.ctxs[ctx].kind == LEX_MACRO)
			s->macro = xstrdup(lr.ctxs[ctx].name);
		s->call_before = ps[i].call_before;
		s->call_after = ps[i].call_after;
		s->window_call_before = ps[i].window_call_before;
		s->window_call_after = ps[i].window_call_after;
		s->call_before_name = ps[i].call_before_name;
		s->call_after_name = ps[i].call_after_name;
		site_refs(s, &lr, &lines, buf, ctx >= 0 ? lr.ctxs[ctx].start : 0,
			  ctx >= 0 && lr.ctxs[ctx].kind == LEX_FUNCTION);
		s->window_before = ps[i].window_before;
		s->window_after = ps[i].window_after;
		set_lines(&s->window_before, &lines);
		set_lines(&s->window_after, &lines);
		s->before = ps[i].before;
		s->after = ps[i].after;
		s->operand = ps[i].operand;
		set_lines(&s->before, &lines);
		set_lines(&s->after, &lines);
		set_lines(&s->operand, &lines);
	}
	free(ps);
	find_callers(p, buf, len, &lines, fs, analysed);
	free(lines.start);
	lex_result_release(&lr);
}

void file_sites_release(struct file_sites *fs)
{
	size_t i, j;

	for (i = 0; i < fs->nr; i++) {
		struct site *s = &fs->v[i];

		free(s->function);
		free(s->macro);
		free(s->primitive);
		access_list_release(&s->before);
		access_list_release(&s->after);
		access_list_release(&s->operand);
		access_list_release(&s->window_before);
		access_list_release(&s->window_after);
		free(s->call_before_name);
		free(s->call_after_name);
		for (j = 0; j < s->nr_refs; j++)
			free(s->refs[j]);
		free(s->refs);
		for (j = 0; j < s->nr_callers; j++) {
			free(s->callers[j].function);
			free(s->callers[j].via);
			access_list_release(&s->callers[j].before);
			access_list_release(&s->callers[j].after);
		}
		free(s->callers);
	}
	free(fs->v);
	free(fs->text);
	skip_list_release(&fs->skipped);
	skip_list_release(&fs->notes);
	memset(fs, 0, sizeof(*fs));
}

/* ---- reading and threads ---- */

struct worker {
	struct sites_run *run;
	unsigned flags;
	size_t *next;		/* shared work index */
	char *buf;
	size_t alloc;
};

/* Reads path into w->buf; returns the length, or -1 after recording why not. */
static long read_file(struct worker *w, const char *path, struct file_sites *fs)
{
	struct stat sb;
	size_t len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("cannot open: %s", strerror(errno)));
		return -1;
	}
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		skip_list_add(&fs->skipped, xstrdup(path), xstrdup("not a regular file"));
		close(fd);
		return -1;
	}
	if ((unsigned long long)sb.st_size > SITES_MAX_FILE) {
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("file too large (%lld bytes, limit %u)",
					(long long)sb.st_size, SITES_MAX_FILE));
		close(fd);
		return -1;
	}
	for (;;) {
		ssize_t n;

		if (len + 65536 > w->alloc) {
			w->alloc = (len + 65536) * 2;
			w->buf = xrealloc(w->buf, w->alloc);
		}
		n = read(fd, w->buf + len, w->alloc - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			skip_list_add(&fs->skipped, xstrdup(path),
				      xasprintf("cannot read: %s", strerror(errno)));
			close(fd);
			return -1;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > SITES_MAX_FILE) {
			skip_list_add(&fs->skipped, xstrdup(path),
				      xasprintf("file too large (limit %u bytes)", SITES_MAX_FILE));
			close(fd);
			return -1;
		}
	}
	close(fd);
	w->buf[len] = '\0';
	return (long)len;
}

static bool has_rewritable_site(const struct file_sites *fs)
{
	size_t i;

	for (i = 0; i < fs->nr; i++)
		if (!strcmp(fs->v[i].primitive, "smp_wmb") || !strcmp(fs->v[i].primitive, "smp_rmb"))
			return true;
	return false;
}

static void keep_text(struct file_sites *fs, const char *buf, size_t len)
{
	fs->text = xmalloc(len + 1);
	memcpy(fs->text, buf, len);
	fs->text[len] = '\0';
	fs->len = len;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct sites_run *run = w->run;
	struct parser *p = parser_new();

	for (;;) {
		size_t i = __atomic_fetch_add(w->next, 1, __ATOMIC_RELAXED);
		long len;

		if (i >= run->walk.nr)
			break;
		len = read_file(w, run->walk.files[i].path, &run->files[i]);
		if (len < 0)
			continue;
		sites_scan_buffer(p, run->walk.files[i].path, w->buf, (size_t)len, &run->files[i]);
		if ((w->flags & SITES_KEEP_TEXT) && has_rewritable_site(&run->files[i]))
			keep_text(&run->files[i], w->buf, (size_t)len);
	}
	parser_free(p);
	free(w->buf);
	w->buf = NULL;
	return NULL;
}

void sites_run(struct sites_run *run, const char *const *paths, size_t n, int nr_threads,
	       unsigned flags)
{
	struct worker *w;
	pthread_t *tids;
	size_t next = 0, i;
	int t;

	memset(run, 0, sizeof(*run));
	walk_paths(paths, n, &run->walk);
	run->files = xcalloc(run->walk.nr ? run->walk.nr : 1, sizeof(*run->files));
	if (nr_threads < 1)
		nr_threads = 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	tids = xcalloc((size_t)nr_threads, sizeof(*tids));
	for (t = 0; t < nr_threads; t++) {
		w[t].run = run;
		w[t].flags = flags;
		w[t].next = &next;
		if (t > 0 && pthread_create(&tids[t], NULL, worker_main, &w[t]))
			die("cannot start a worker thread");
	}
	worker_main(&w[0]);
	for (t = 1; t < nr_threads; t++)
		pthread_join(tids[t], NULL);
	free(tids);
	free(w);
	for (i = 0; i < run->walk.nr; i++)
		run->nr_parsed += run->files[i].parsed;
}

static void report_skips(const struct skip_list *l, const char *what)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		char *name = quoted(l->v[i].path);

		fprintf(stderr, "%s: %s: %s\n", name, what, l->v[i].reason);
		free(name);
	}
}

size_t sites_report_skips(const struct sites_run *run)
{
	size_t i, n = run->walk.skipped.nr;

	report_skips(&run->walk.skipped, "warning: skipped");
	for (i = 0; i < run->walk.nr; i++) {
		report_skips(&run->files[i].skipped, "warning: skipped");
		report_skips(&run->files[i].notes, "note");
		n += run->files[i].skipped.nr;
	}
	return n;
}

void sites_run_release(struct sites_run *run)
{
	size_t i;

	for (i = 0; i < run->walk.nr; i++)
		file_sites_release(&run->files[i]);
	free(run->files);
	walk_result_release(&run->walk);
}
