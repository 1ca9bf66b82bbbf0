/* sites.c: read, prefilter, scan and parse files into barrier sites */
#include "sites.h"
#include "hash.h"
#include "inputs.h"
#include "lex.h"
#include "parse.h"
#include "prims.h"
#include "quote.h"
#include "strbuf.h"
#include "threads.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
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

/*
 * FNV-1a over an identifier, last byte first (the prefilter meets a called
 * name's bytes backwards from its '('): the key of the index of called names.
 */
static uint32_t name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	while (len--) {
		h ^= (unsigned char)s[len];
		h *= 16777619u;
	}
	return h;
}

/* Whether s[0..len) holds "mb__" (smp_mb__before_atomic() and kin). */
static bool has_mb_underscores(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 4 <= len; i++)
		if (s[i] == 'm' && s[i + 1] == 'b' && s[i + 2] == '_' && s[i + 3] == '_')
			return true;
	return false;
}

/* A cheap test before prim_classify(): every primitive's name has one of these shapes. */
static bool may_be_primitive(const char *s, size_t len)
{
	if (len < 2)
		return false;
	if (s[len - 1] == 'b' && s[len - 2] == 'm')
		return true;			/* smp_wmb, dma_rmb, mb, ... */
	if (len > 4 && (!memcmp(s, "rcu_", 4) || !memcmp(s, "smp_", 4) || has_mb_underscores(s, len)))
		return true;
	return (len > 8 && (!memcmp(s + len - 8, "_acquire", 8) || !memcmp(s + len - 8, "_release", 8))) ||
	       (len > 5 && !memcmp(s + len - 5, "_lock", 5)) ||
	       (len > 7 && !memcmp(s + len - 7, "_unlock", 7));
}

/* Sorts v[0..n) in place, tmp[0..n) its scratch (LSD radix, a byte a pass). */
static void sort_u32(uint32_t *v, uint32_t *tmp, size_t n)
{
	unsigned shift;

	for (shift = 0; shift < 32; shift += 8) {
		size_t count[257] = { 0 }, i;
		uint32_t *t;

		for (i = 0; i < n; i++)
			count[((v[i] >> shift) & 0xff) + 1]++;
		for (i = 1; i < 257; i++)
			count[i] += count[i - 1];
		for (i = 0; i < n; i++)
			tmp[count[(v[i] >> shift) & 0xff]++] = v[i];
		t = v;
		v = tmp;
		tmp = t;
	}
	/* four passes: the sorted values are back in the caller's v */
}

/*
 * The prefilter, in one pass over the bytes: every identifier right before
 * a '(' (in code or not) is hashed into fs->calls, the index of the names
 * the file calls, which the search for callers in other files reads; and
 * the result is true when one of them is a primitive, whose file is then
 * scanned and parsed. *scratch (grown in *alloc) is the caller's, kept
 * from file to file.
 */
static bool scan_called_names(const char *buf, size_t len, struct file_sites *fs,
			      uint32_t **scratch, size_t *alloc)
{
	const char *p = buf, *end = buf + len;
	size_t n = 0, i, k;
	bool primitive = false;

	while (p < end && (p = memchr(p, '(', (size_t)(end - p)))) {
		const char *q = p, *e;
		uint32_t h = 2166136261u;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n' || q[-1] == '\r'))
			q--;
		e = q;
		/* name_hash() on the way back */
		while (q > buf && ident_char((unsigned char)q[-1]) && e - q <= 64) {
			q--;
			h ^= (unsigned char)*q;
			h *= 16777619u;
		}
		p++;
		if (e == q || (*q >= '0' && *q <= '9') || e - q > 64 ||
		    (q > buf && ident_char((unsigned char)q[-1])))
			continue;
		ALLOC_GROW(*scratch, n + 1, *alloc);
		(*scratch)[n++] = h;
		if (!primitive && may_be_primitive(q, (size_t)(e - q)) &&
		    prim_classify(q, (size_t)(e - q)) != PRIM_NONE)
			primitive = true;
	}
	if (n) {
		/* each name once (an open-addressing set of the hashes after them), then sorted */
		size_t size = 64, mask, slot_i;
		uint32_t *set;
		bool zero = false;

		while (size < 2 * n)
			size *= 2;
		mask = size - 1;
		ALLOC_GROW(*scratch, n + size, *alloc);
		set = *scratch + n;
		memset(set, 0, size * sizeof(*set));
		/* 0 marks a free slot: the hash 0 is noted apart */
		for (i = 0, k = 0; i < n; i++) {
			uint32_t h = (*scratch)[i];

			if (!h) {
				if (!zero)
					(*scratch)[k++] = h;
				zero = true;
				continue;
			}
			for (slot_i = (h * 2654435761u) & mask; set[slot_i] && set[slot_i] != h;
			     slot_i = (slot_i + 1) & mask)
				;
			if (!set[slot_i]) {
				set[slot_i] = h;
				(*scratch)[k++] = h;
			}
		}
		sort_u32(*scratch, set, k);
		fs->calls = xmalloc(k * sizeof(*fs->calls));
		memcpy(fs->calls, *scratch, k * sizeof(*fs->calls));
		fs->nr_calls = k;
	}
	return primitive;
}

/* Whether fs's file calls a name of hash h (or something of the same hash). */
static bool file_calls(const struct file_sites *fs, uint32_t h)
{
	size_t lo = 0, hi = fs->nr_calls;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fs->calls[mid] == h)
			return true;
		if (fs->calls[mid] < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool sites_file_names_call(const struct file_sites *fs, const char *name)
{
	return file_calls(fs, name_hash(name, strlen(name)));
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

static void set_call_lines(struct call_list *cl, const struct lines *l)
{
	size_t i;

	for (i = 0; i < cl->nr; i++)
		cl->v[i].line = lines_find(l, cl->v[i].off, NULL);
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
/* Whether every call in l is quiet (a barrier, a lock, a print, ...). */
static bool only_quiet_calls(const struct call_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!prim_quiet_call(l->v[i].name))
			return false;
	return true;
}

/*
 * A barrier whose publish store or subscribe load may be in its callers:
 * an smp_wmb() that only a return follows (no access, no call, no device
 * write: "x = v; smp_wmb(); netif_wake_queue();" orders x before what
 * follows in its own function, and is not shape 6); an smp_rmb() with no
 * load before or after it in its function.
 */
static bool wants_callers(const struct site *s)
{
	if (!s->function)
		return false;
	if (!strcmp(s->primitive, "smp_wmb"))
		return !s->window_after.nr && !s->mmio_after && only_quiet_calls(&s->calls_after);
	if (!strcmp(s->primitive, "smp_rmb"))
		return !has_kind(&s->window_before, false) || !has_kind(&s->window_after, false);
	return false;
}

/*
 * An smp_wmb() whose stores after it end its function: the stores its
 * callers make after the call are ordered after the data too ("CS" in
 * classify.c weighs them). A barrier wanting callers has them already.
 */
static bool wants_tail_callers(const struct site *s)
{
	return s->function && !strcmp(s->primitive, "smp_wmb") && s->window_to_end &&
	       !wants_callers(s);
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

	for (i = 0; i < n; i++)
		parse_site_clear(&ps[i]);
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

	if (wants_tail_callers(s)) {
		ALLOC_GROW(s->tail_callers, s->nr_tail_callers + 1, s->alloc_tail_callers);
		c = &s->tail_callers[s->nr_tail_callers++];
	} else {
		ALLOC_GROW(s->callers, s->nr_callers + 1, s->alloc_callers);
		c = &s->callers[s->nr_callers++];
	}
	memset(c, 0, sizeof(*c));
	c->function = xstrdup(function);
	c->line = line;
	c->off = ps->off;
	c->via = via ? xstrdup(via) : NULL;
	access_list_copy(&c->before, &ps->window_before);
	access_list_copy(&c->after, &ps->window_after);
	lock_list_copy(&c->locks, &ps->locks);
	set_lines(&c->before, lines);
	set_lines(&c->after, lines);
}

/* Records that s's function is registered under table field f in its file. */
static void add_via_field(struct site *s, const char *f)
{
	size_t i;

	for (i = 0; i < s->nr_via_fields; i++)
		if (!strcmp(s->via_fields[i], f))
			return;
	ALLOC_GROW(s->via_fields, s->nr_via_fields + 1, s->alloc_via_fields);
	s->via_fields[s->nr_via_fields++] = xstrdup(f);
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
		if (!wants_callers(&fs->v[i]) && !wants_tail_callers(&fs->v[i]))
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
				if (wants_callers(s))
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
		if ((k = hashmap_get(index, name)) != (size_t)-1)
			for (j = 0; j < t[k].nr; j++)
				if (wants_callers(&fs->v[t[k].sites[j]]))
					add_via_field(&fs->v[t[k].sites[j]], field);
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
				/* through a table: only the callers shape 6 wants */
				if (wants_callers(&fs->v[t[owner[k]].sites[j]]))
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

/* The branches of the file's preprocessor conditionals, from its directive lines. */
static void scan_conds(const char *buf, size_t len, struct file_sites *fs)
{
	int stack[256], depth = 0;
	size_t at = 0;

	while (at < len) {
		const char *line = buf + at, *eol = memchr(line, '\n', len - at), *q = line;
		size_t next = eol ? (size_t)(eol - buf) + 1 : len;

		while (q < buf + next && (*q == ' ' || *q == '\t'))
			q++;
		if (q < buf + next && *q == '#') {
			size_t n;

			for (q++; q < buf + next && (*q == ' ' || *q == '\t'); q++)
				;
			for (n = 0; q + n < buf + next && is_c_ident_char((unsigned char)q[n]); n++)
				;
			if ((n == 2 && !memcmp(q, "if", 2)) || (n == 5 && !memcmp(q, "ifdef", 5)) ||
			    (n == 6 && !memcmp(q, "ifndef", 6)) ||
			    (depth > 0 && ((n == 4 && (!memcmp(q, "elif", 4) || !memcmp(q, "else", 4))) ||
					   (n == 7 && !memcmp(q, "elifdef", 7)) ||
					   (n == 8 && !memcmp(q, "elifndef", 8))))) {
				bool sibling = q[0] == 'e';
				int parent;

				if (sibling) {
					if (depth <= (int)ARRAY_SIZE(stack) && stack[depth - 1] >= 0)
						fs->conds[stack[depth - 1]].end = at;
					depth--;
				}
				parent = depth > 0 && depth <= (int)ARRAY_SIZE(stack) ? stack[depth - 1] : -1;
				ALLOC_GROW(fs->conds, fs->nr_conds + 1, fs->alloc_conds);
				fs->conds[fs->nr_conds].start = at;
				fs->conds[fs->nr_conds].end = len;
				fs->conds[fs->nr_conds].parent = parent;
				if (depth < (int)ARRAY_SIZE(stack))
					stack[depth] = (int)fs->nr_conds;
				fs->nr_conds++;
				depth++;
			} else if (n == 5 && !memcmp(q, "endif", 5) && depth > 0) {
				if (depth <= (int)ARRAY_SIZE(stack) && stack[depth - 1] >= 0)
					fs->conds[stack[depth - 1]].end = at;
				depth--;
			}
		}
		at = next;
	}
}

/* The innermost conditional branch around off, or -1. */
static int cond_at(const struct file_sites *fs, size_t off)
{
	int best = -1;
	size_t i;

	for (i = 0; i < fs->nr_conds && fs->conds[i].start <= off; i++)
		if (off < fs->conds[i].end)
			best = (int)i;
	return best;
}

bool sites_compiled_with(const struct file_sites *fs, size_t inner, size_t outer)
{
	int a = cond_at(fs, inner), b = cond_at(fs, outer);

	/* a must be b or one of b's ancestors */
	while (b >= 0 && b != a)
		b = fs->conds[b].parent;
	return a == b;
}

bool sites_text_compiled_with(const char *text, size_t inner, size_t outer)
{
	struct file_sites fs;
	bool out;

	memset(&fs, 0, sizeof(fs));
	scan_conds(text, strlen(text), &fs);
	out = sites_compiled_with(&fs, inner, outer);
	free(fs.conds);
	return out;
}

static void scan_buffer(struct parser *p, const char *path, const char *buf, size_t len,
			struct file_sites *fs, uint32_t **scratch, size_t *alloc, unsigned flags);

void sites_scan_buffer(struct parser *p, const char *path, const char *buf, size_t len,
		       struct file_sites *fs)
{
	uint32_t *scratch = NULL;
	size_t alloc = 0;

	scan_buffer(p, path, buf, len, fs, &scratch, &alloc, 0);
	free(scratch);
}

/*
 * Rule ORD (SITES_ORDERING_ONLY): whether the run of sites[0..n) of one
 * function or macro needs its accesses analysed. A run that holds a
 * barrier, a release or an acquire does. A run of role-less primitives
 * (rcu_assign_pointer(), rcu_dereference(), ...) gives the pairing only the
 * fully ordered read-modify-writes of its windows (classify_ordered()):
 * it needs its parse only when the body names one (prim_fully_ordered()'s
 * suffixes, matched loosely).
 */
static bool ordering_needs_parse(const char *buf, const struct lex_context *c,
				 const struct lex_site *sites, size_t n)
{
	static const char *const rmw[] = {
		"xchg", "_return", "test_and_", "_and_test", "add_negative", "fetch_",
	};
	size_t i;

	for (i = 0; i < n; i++) {
		char name[64];
		size_t k = sites[i].len < sizeof(name) - 1 ? sites[i].len : sizeof(name) - 1;

		memcpy(name, buf + sites[i].off, k);
		name[k] = '\0';
		if (prim_role(name) != PRIM_ROLE_NONE)
			return true;
	}
	for (i = 0; i < ARRAY_SIZE(rmw); i++)
		if (memmem(buf + c->start, c->end - c->start, rmw[i], strlen(rmw[i])))
			return true;
	return false;
}

static void scan_buffer(struct parser *p, const char *path, const char *buf, size_t len,
			struct file_sites *fs, uint32_t **scratch, size_t *alloc, unsigned flags)
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
	if (!scan_called_names(buf, len, fs, scratch, alloc))
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
	scan_conds(buf, len, fs);
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

			int err = 0;

			if (!(flags & SITES_ORDERING_ONLY) ||
			    ordering_needs_parse(buf, c, lr.sites + i, n))
				err = parser_accesses(p, buf, len, c, ps + i, n);

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
		s->off = ps[i].off;
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
		s->locks = ps[i].locks;
		s->calls_before = ps[i].calls_before;
		s->calls_after = ps[i].calls_after;
		set_call_lines(&s->calls_before, &lines);
		set_call_lines(&s->calls_after, &lines);
		s->guard = ps[i].guard;
		s->guard_sense = ps[i].guard_sense;
		s->branch_start = ps[i].branch_start;
		s->branch_end = ps[i].branch_end;
		s->mmio_before = ps[i].mmio_before;
		s->mmio_after = ps[i].mmio_after;
		s->window_to_end = ps[i].window_to_end;
		s->window_from_start = ps[i].window_from_start;
		set_lines(&s->before, &lines);
		set_lines(&s->after, &lines);
		set_lines(&s->operand, &lines);
	}
	free(ps);
	find_callers(p, buf, len, &lines, fs, analysed);
	free(lines.start);
	lex_result_release(&lr);
}

const char *site_where(const struct site *s)
{
	return s->function ? s->function : s->macro ? s->macro : "file scope";
}

static void callers_release(struct caller *v, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++) {
		free(v[j].function);
		free(v[j].via);
		access_list_release(&v[j].before);
		access_list_release(&v[j].after);
		lock_list_release(&v[j].locks);
	}
	free(v);
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
		lock_list_release(&s->locks);
		call_list_release(&s->calls_before);
		call_list_release(&s->calls_after);
		free(s->guard);
		free(s->call_before_name);
		free(s->call_after_name);
		for (j = 0; j < s->nr_refs; j++)
			free(s->refs[j]);
		free(s->refs);
		for (j = 0; j < s->nr_via_fields; j++)
			free(s->via_fields[j]);
		free(s->via_fields);
		callers_release(s->callers, s->nr_callers);
		callers_release(s->tail_callers, s->nr_tail_callers);
	}
	free(fs->v);
	free(fs->conds);
	free(fs->calls);
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
	uint32_t *names;	/* scratch for the names a file calls */
	size_t alloc_names;
};

/* Reads path into *buf (grown in *alloc); returns the length, or -1 after recording why not. */
static long read_file(char **buf, size_t *alloc, const char *path, struct file_sites *fs)
{
	struct stat sb;
	size_t len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		int err = errno;

		inputs_missing(path, INPUT_FILE, err);
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("cannot open: %s", strerror(err)));
		return -1;
	}
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		inputs_uncacheable();
		skip_list_add(&fs->skipped, xstrdup(path), xstrdup("not a regular file"));
		close(fd);
		return -1;
	}
	if ((unsigned long long)sb.st_size > SITES_MAX_FILE) {
		inputs_file_stat(path, &sb);
		skip_list_add(&fs->skipped, xstrdup(path),
			      xasprintf("file too large (%lld bytes, limit %u)",
					(long long)sb.st_size, SITES_MAX_FILE));
		close(fd);
		return -1;
	}
	for (;;) {
		ssize_t n;

		if (len + 65536 > *alloc) {
			*alloc = (len + 65536) * 2;
			*buf = xrealloc(*buf, *alloc);
		}
		n = read(fd, *buf + len, *alloc - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = errno;

			inputs_uncacheable();
			skip_list_add(&fs->skipped, xstrdup(path),
				      xasprintf("cannot read: %s", strerror(err)));
			close(fd);
			return -1;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > SITES_MAX_FILE) {
			inputs_uncacheable();
			skip_list_add(&fs->skipped, xstrdup(path),
				      xasprintf("file too large (limit %u bytes)", SITES_MAX_FILE));
			close(fd);
			return -1;
		}
	}
	close(fd);
	(*buf)[len] = '\0';
	inputs_file(path, &sb, *buf, len);
	return (long)len;
}

static bool ends_with_c(const char *rel)
{
	size_t n = strlen(rel);

	return n > 2 && rel[n - 2] == '.' && rel[n - 1] == 'c';
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
		len = read_file(&w->buf, &w->alloc, run->walk.files[i].path, &run->files[i]);
		if (len < 0)
			continue;
		scan_buffer(p, run->walk.files[i].path, w->buf, (size_t)len, &run->files[i],
			    &w->names, &w->alloc_names, w->flags);
		/* for types.c's search for unity builds, which need not read it again */
		run->files[i].includes_no_c = ends_with_c(run->walk.files[i].rel) &&
					      !strstr(w->buf, ".c\"");
		if ((w->flags & SITES_KEEP_TEXT) && has_rewritable_site(&run->files[i]))
			keep_text(&run->files[i], w->buf, (size_t)len);
	}
	parser_free(p);
	free(w->buf);
	free(w->names);
	w->buf = NULL;
	w->names = NULL;
	return NULL;
}

void sites_run(struct sites_run *run, const char *const *paths, size_t n, int nr_threads,
	       unsigned flags)
{
	struct worker *w;
	size_t next = 0, i;
	int t;

	memset(run, 0, sizeof(*run));
	walk_paths(paths, n, &run->walk);
	run->files = xcalloc(run->walk.nr ? run->walk.nr : 1, sizeof(*run->files));
	if (nr_threads < 1)
		nr_threads = 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		w[t].run = run;
		w[t].flags = flags;
		w[t].next = &next;
	}
	threads_run(nr_threads, worker_main, w, sizeof(*w));
	free(w);
	for (i = 0; i < run->walk.nr; i++)
		run->nr_parsed += run->files[i].parsed;
}

static void report_skips(const struct skip_list *l, const char *what, struct strbuf *copy)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_reset(&sb);
		quote_path(&sb, l->v[i].path);
		strbuf_addf(&sb, ": %s: %s\n", what, l->v[i].reason);
		fputs(sb.buf, stderr);
		if (copy)
			strbuf_add(copy, sb.buf, sb.len);
	}
	strbuf_release(&sb);
}

size_t sites_report_skips(const struct sites_run *run, struct strbuf *copy)
{
	size_t i, n = run->walk.skipped.nr;

	report_skips(&run->walk.skipped, "warning: skipped", copy);
	for (i = 0; i < run->walk.nr; i++) {
		report_skips(&run->files[i].skipped, "warning: skipped", copy);
		report_skips(&run->files[i].notes, "note", copy);
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

/* ---- callers in other files ---- */

/* A site whose callers are wanted: its file and index, by name. */
struct far_target {
	size_t file, site;
	bool by_field;		/* wanted through a table field, not its name */
};

#define FAR_FILTER_BITS (1u << 16)

struct far_names {
	struct hashmap index;	/* name or field -> first target in v */
	struct far_target *v;
	size_t *next;		/* next target of the same name, or -1 */
	size_t nr, alloc, alloc_next;
	const char **keys;	/* the names and fields, for lex_scan_calls() */
	uint32_t *hashes;	/* name_hash() of each key */
	size_t nr_keys, alloc_keys, alloc_hashes;
	/*
	 * The keys by hash, for calls_a_target(): a bit per hash value modulo
	 * FAR_FILTER_BITS, set for each key's, and the keys' indices sorted by
	 * their hashes
	 */
	uint64_t filter[FAR_FILTER_BITS / 64];
	struct far_key_hash {
		uint32_t hash;
		size_t key;
	} *by_hash;
};

static void far_add(struct far_names *n, const char *name, size_t file, size_t site, bool by_field)
{
	size_t head = hashmap_get(&n->index, name);

	ALLOC_GROW(n->v, n->nr + 1, n->alloc);
	ALLOC_GROW(n->next, n->nr + 1, n->alloc_next);
	n->v[n->nr].file = file;
	n->v[n->nr].site = site;
	n->v[n->nr].by_field = by_field;
	n->next[n->nr] = head;
	if (head == (size_t)-1) {
		ALLOC_GROW(n->keys, n->nr_keys + 1, n->alloc_keys);
		ALLOC_GROW(n->hashes, n->nr_keys + 1, n->alloc_hashes);
		n->hashes[n->nr_keys] = name_hash(name, strlen(name));
		n->keys[n->nr_keys++] = name;
	}
	hashmap_put(&n->index, name, n->nr++);
}

/* A caller found in another file, for one target. */
struct far_found {
	size_t target;		/* index into far_names.v */
	struct caller c;
};

struct far_worker {
	struct sites_run *run;
	const struct far_names *names;
	size_t *next_file;
	char *buf;
	size_t alloc;
	struct far_found *found;
	size_t nr, alloc_found;
};

static int cmp_key_hash(const void *a, const void *b)
{
	const struct far_key_hash *x = a, *y = b;

	return (x->hash > y->hash) - (x->hash < y->hash);
}

/* Fills n's filter and by_hash, once every key is in. */
static void far_index_hashes(struct far_names *n)
{
	size_t i;

	memset(n->filter, 0, sizeof(n->filter));
	n->by_hash = xcalloc(n->nr_keys + 1, sizeof(*n->by_hash));
	for (i = 0; i < n->nr_keys; i++) {
		uint32_t bit = n->hashes[i] % FAR_FILTER_BITS;

		n->filter[bit / 64] |= (uint64_t)1 << (bit % 64);
		n->by_hash[i].hash = n->hashes[i];
		n->by_hash[i].key = i;
	}
	qsort(n->by_hash, n->nr_keys, sizeof(*n->by_hash), cmp_key_hash);
}

/*
 * Whether fs's file calls a name of some target outside it (or something
 * of the same hash): each of its call hashes against the keys', through
 * the filter first, as a file calls far fewer names than there are keys.
 */
static bool calls_a_target(const struct far_names *n, const struct file_sites *fs, size_t fi)
{
	size_t c, lo, hi, k;

	for (c = 0; c < fs->nr_calls; c++) {
		uint32_t h = fs->calls[c], bit = h % FAR_FILTER_BITS;

		if (!(n->filter[bit / 64] & ((uint64_t)1 << (bit % 64))))
			continue;
		for (lo = 0, hi = n->nr_keys; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;

			if (n->by_hash[mid].hash < h)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < n->nr_keys && n->by_hash[lo].hash == h; lo++)
			for (k = hashmap_get(&n->index, n->keys[n->by_hash[lo].key]); k != (size_t)-1;
			     k = n->next[k])
				if (n->v[k].file != fi)
					return true;
	}
	return false;
}

/* The first target of name that a call at buf[at] in file fi can be a caller of, or -1. */
static size_t useful_target(const struct far_names *n, const char *buf, size_t at, size_t len,
			    size_t fi)
{
	bool through = at >= 2 && (buf[at - 1] == '.' || (buf[at - 1] == '>' && buf[at - 2] == '-'));
	char name[128];
	size_t k;

	if (len >= sizeof(name))
		return (size_t)-1;
	memcpy(name, buf + at, len);
	name[len] = '\0';
	/* same file: find_callers() saw it; a name is called directly, a field through a pointer */
	for (k = hashmap_get(&n->index, name); k != (size_t)-1; k = n->next[k])
		if (n->v[k].file != fi && n->v[k].by_field == through)
			return k;
	return (size_t)-1;
}

/* Where the identifier that ends at e starts (e itself when none does). */
static const char *ident_start(const char *buf, const char *e)
{
	while (e > buf && ident_char((unsigned char)e[-1]))
		e--;
	return e;
}

/*
 * Whether some name of n is called in buf (file fi): an identifier of it
 * right before '(', with only blanks between; and whether one of those
 * calls, or one split over lines, can be a caller of a target (see
 * useful_target()). A file lexed and parsed for nothing is the cost of
 * this pass.
 */
static bool calls_any(const struct far_names *n, const char *buf, size_t len, size_t fi)
{
	const char *p = buf, *end = buf + len;
	bool named = false, useful = false;

	while (p < end && (p = memchr(p, '(', (size_t)(end - p)))) {
		const char *q = p, *e;
		char name[128];

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		e = q;
		q = ident_start(buf, e);
		if (!named && e > q && (size_t)(e - q) < sizeof(name)) {
			memcpy(name, q, (size_t)(e - q));
			name[e - q] = '\0';
			named = hashmap_get(&n->index, name) != (size_t)-1;
		}
		/* what the lexer takes for a call: any white space before the '(' */
		while (e > buf && e[-1] && strchr(" \t\n\r\f\v\\", e[-1]))
			e--;
		q = ident_start(buf, e);
		if (!useful && e > q)
			useful = useful_target(n, buf, (size_t)(q - buf), (size_t)(e - q), fi) != (size_t)-1;
		if (named && useful)
			return true;
		p++;
	}
	return false;
}

static bool same_subsystem(const char *a, const char *b)
{
	char *x = path_subsystem(a), *y = path_subsystem(b);
	bool same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}

static void far_scan_file(struct far_worker *w, struct parser *p, size_t fi, const char *buf,
			  size_t len)
{
	const struct far_names *n = w->names;
	const char *rel = w->run->walk.files[fi].rel;
	struct lex_result cl;
	struct parse_site *ps;
	struct lines lines = { NULL, 0, 0 };
	size_t i, j, k, useful;

	memset(&cl, 0, sizeof(cl));
	lex_scan_calls(buf, len, n->keys, n->nr_keys, &cl);
	ps = xcalloc(cl.nr_sites + 1, sizeof(*ps));
	for (i = 0; i < cl.nr_sites; i++) {
		ps[i].off = cl.sites[i].off;
		ps[i].len = cl.sites[i].len;
		if (!cl.sites[i].call)
			cl.sites[i].ctx = -1;
	}
	/*
	 * Only the functions with a call that can be a target's are parsed (with
	 * all their calls, as parse_calls() groups them); the others' calls are
	 * left out below anyway.
	 */
	for (i = 0, useful = 0; i < cl.nr_sites; i = j) {
		int ctx = cl.sites[i].ctx;
		bool any = false;

		for (j = i; j < cl.nr_sites && cl.sites[j].ctx == ctx; j++)
			any = any || (ctx >= 0 && cl.ctxs[ctx].kind == LEX_FUNCTION &&
				      useful_target(n, buf, cl.sites[j].off, cl.sites[j].len, fi) !=
				      (size_t)-1);
		for (k = i; !any && k < j; k++)
			cl.sites[k].ctx = -1;
		useful += any;
	}
	if (!useful)
		goto out;
	parse_calls(p, buf, len, &cl, ps);
	lines_build(&lines, buf, len);
	for (i = 0; i < cl.nr_sites; i++) {
		int ctx = cl.sites[i].ctx;
		size_t at = cl.sites[i].off;
		bool through = at >= 2 && (buf[at - 1] == '.' || (buf[at - 1] == '>' && buf[at - 2] == '-'));
		char name[128];

		if (ctx < 0 || cl.ctxs[ctx].kind != LEX_FUNCTION || cl.sites[i].len >= sizeof(name))
			continue;
		memcpy(name, buf + at, cl.sites[i].len);
		name[cl.sites[i].len] = '\0';
		for (k = hashmap_get(&n->index, name); k != (size_t)-1; k = n->next[k]) {
			const struct far_target *t = &n->v[k];
			struct far_found *f;
			struct caller *c;

			/* same file: find_callers() saw it; a name is called directly, a field through a pointer */
			if (t->file == fi || t->by_field != through)
				continue;
			/*
			 * a call through an ops table's field reaches the
			 * function registered there only from its own
			 * subsystem: dev->netdev_ops->ndo_get_stats() in one
			 * driver is no caller of another driver's function
			 */
			if (t->by_field && !same_subsystem(rel, w->run->walk.files[t->file].rel))
				continue;
			ALLOC_GROW(w->found, w->nr + 1, w->alloc_found);
			f = &w->found[w->nr++];
			f->target = k;
			c = &f->c;
			memset(c, 0, sizeof(*c));
			c->function = xstrdup(cl.ctxs[ctx].name);
			c->file = rel;
			c->line = lines_find(&lines, at, NULL);
			c->off = at;
			c->via = t->by_field ? xstrdup(name) : NULL;
			access_list_copy(&c->before, &ps[i].window_before);
			access_list_copy(&c->after, &ps[i].window_after);
			lock_list_copy(&c->locks, &ps[i].locks);
			set_lines(&c->before, &lines);
			set_lines(&c->after, &lines);
		}
	}
	free(lines.start);
out:
	parse_sites_release(ps, cl.nr_sites);
	free(ps);
	lex_result_release(&cl);
}

static void *far_worker_main(void *arg)
{
	struct far_worker *w = arg;
	struct parser *p = parser_new();
	struct file_sites scratch;

	for (;;) {
		size_t i = __atomic_fetch_add(w->next_file, 1, __ATOMIC_RELAXED);
		long len;

		if (i >= w->run->walk.nr)
			break;
		if (!calls_a_target(w->names, &w->run->files[i], i))
			continue;
		memset(&scratch, 0, sizeof(scratch));
		len = read_file(&w->buf, &w->alloc, w->run->walk.files[i].path, &scratch);
		skip_list_release(&scratch.skipped);
		if (len > 0 && !memchr(w->buf, '\0', (size_t)len) &&
		    calls_any(w->names, w->buf, (size_t)len, i))
			far_scan_file(w, p, i, w->buf, (size_t)len);
	}
	parser_free(p);
	return NULL;
}

static int cmp_caller(const void *a, const void *b)
{
	const struct caller *x = a, *y = b;
	int c;

	if (!x->file != !y->file)
		return x->file ? 1 : -1;
	if (x->file && (c = strcmp(x->file, y->file)))
		return c;
	return (x->off > y->off) - (x->off < y->off);
}

/* Callers in the site's own file first (in the order found), then by file and place. */
static void sort_callers(struct caller *v, size_t n)
{
	size_t own = 0;

	while (own < n && !v[own].file)
		own++;
	if (n - own > 1)
		qsort(v + own, n - own, sizeof(*v), cmp_caller);
}

void sites_far_callers(struct sites_run *run, int nr_threads)
{
	struct far_names names;
	struct far_worker *w;
	size_t next = 0, i, j, k;
	int t;

	memset(&names, 0, sizeof(names));
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];
		const char *rel = run->walk.files[i].rel;
		bool header = strlen(rel) > 2 && !strcmp(rel + strlen(rel) - 2, ".h");

		for (j = 0; j < fs->nr && j < SITES_MAX_ANALYSED; j++) {
			const struct site *s = &fs->v[j];

			/*
			 * with callers in its file, the pairing has what it
			 * needs; rule CS (classify.c) wants every caller after
			 * whose call the barrier's window goes on
			 */
			if (!(wants_callers(s) && !s->nr_callers) && !wants_tail_callers(s))
				continue;
			if (!s->static_function || header)
				far_add(&names, s->function, i, j, false);
			for (k = 0; k < s->nr_via_fields; k++)
				far_add(&names, s->via_fields[k], i, j, true);
		}
	}
	if (!names.nr) {
		hashmap_release(&names.index);
		return;
	}
	far_index_hashes(&names);

	if (nr_threads < 1)
		nr_threads = 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		w[t].run = run;
		w[t].names = &names;
		w[t].next_file = &next;
	}
	threads_run(nr_threads, far_worker_main, w, sizeof(*w));
	/* in file order of the walk, so the output does not depend on the threads */
	for (t = 0; t < nr_threads; t++) {
		for (i = 0; i < w[t].nr; i++) {
			const struct far_target *ft = &names.v[w[t].found[i].target];
			struct site *s = &run->files[ft->file].v[ft->site];

			if (wants_tail_callers(s)) {
				ALLOC_GROW(s->tail_callers, s->nr_tail_callers + 1,
					   s->alloc_tail_callers);
				s->tail_callers[s->nr_tail_callers++] = w[t].found[i].c;
				continue;
			}
			ALLOC_GROW(s->callers, s->nr_callers + 1, s->alloc_callers);
			s->callers[s->nr_callers++] = w[t].found[i].c;
		}
		free(w[t].found);
		free(w[t].buf);
	}
	for (i = 0; i < names.nr; i++) {
		struct site *s = &run->files[names.v[i].file].v[names.v[i].site];

		sort_callers(s->callers, s->nr_callers);
		sort_callers(s->tail_callers, s->nr_tail_callers);
	}
	free(w);
	free(names.v);
	free(names.next);
	free(names.keys);
	free(names.hashes);
	free(names.by_hash);
	hashmap_release(&names.index);
}
