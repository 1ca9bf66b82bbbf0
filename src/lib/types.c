/* types.c: struct field declarations, found by text in the file and its headers */
#include "types.h"
#include "access.h"
#include "inputs.h"
#include "key.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const kind_names[] = {
	"unknown", "scalar", "pointer", "rcu", "wide", "bitfield", "atomic", "aggregate", "other",
};

const char *field_kind_name(enum field_kind k)
{
	return kind_names[k];
}

void types_init(struct types *t, const char *root)
{
	memset(t, 0, sizeof(*t));
	t->root = root;
}

void types_skip_unity_scan(struct types *t, const struct hashmap *no_c_include)
{
	t->no_c_include = no_c_include;
}

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void types_release(struct types *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		free(t->texts[i]);
		free(t->rels[i]);
	}
	free(t->texts);
	free(t->rels);
	free(t->def_v);
	hashmap_release(&t->defs);
	hashmap_release(&t->files);
	for (i = 0; i < t->nr_bodies; i++) {
		free(t->body_v[i]);
		free(t->body_file[i]);
	}
	free(t->body_v);
	free(t->body_file);
	hashmap_release(&t->bodies);
	for (i = 0; i < t->nr_lists; i++) {
		free(t->list_v[i].v);
		ptrmap_release(&t->list_v[i].at);
	}
	for (i = 0; i < t->nr_incs; i++)
		free(t->inc_v[i].v);
	free(t->inc_v);
	for (i = 0; i < t->nr_archs; i++) {
		free(t->archs[i].name);
		ptrmap_release(&t->archs[i].incs);
	}
	free(t->archs);
	for (i = 0; i < t->nr_unity; i++)
		free_list(t->unity_v[i].v, t->unity_v[i].nr);
	free(t->unity_v);
	hashmap_release(&t->unity);
	hashmap_release(&t->unity_dirs);
	free(t->list_v);
	hashmap_release(&t->lists);
	memset(t, 0, sizeof(*t));
}

static bool word_char(char c);
static const char *skip_attributes(const char *p);
static const char *skip_directives(const char *q);

/* An attribute written without arguments: __packed, ____cacheline_aligned, ... */
static bool bare_attribute(const char *w, size_t n)
{
	static const char *const words[] = {
		"__packed", "__randomize_layout", "__no_randomize_layout", "__designated_init",
		"__read_mostly", "__cacheline_aligned", "__cacheline_aligned_in_smp",
		"____cacheline_aligned", "____cacheline_aligned_in_smp", "__aligned_largest",
		"__ro_after_init", "__may_alias",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !memcmp(words[i], w, n))
			return true;
	return false;
}

/*
 * The end of a declaration p..end without its trailing attributes:
 * "typedef struct x x_t __aligned(sizeof(struct x))" ends after "x_t".
 */
static const char *trailing_attributes(const char *p, const char *end)
{
	for (;;) {
		const char *b = end, *w;
		bool args = false;

		while (b > p && strchr(" \t\n\r", b[-1]))
			b--;
		if (b > p && b[-1] == ')') {
			args = true;
			int depth = 0;

			for (b--; b > p; b--) {
				if (*b == ')')
					depth++;
				else if (*b == '(' && --depth == 0)
					break;
			}
			while (b > p && strchr(" \t\n\r", b[-1]))
				b--;
		}
		for (w = b; w > p && word_char(w[-1]); w--)
			;
		if (w == b || w[0] != '_' || w[1] != '_' || (!args && !bare_attribute(w, (size_t)(b - w))))
			return end;
		/* an attribute only when a name stands before it */
		for (b = w; b > p && strchr(" \t\n\r", b[-1]); b--)
			;
		if (b == p || !word_char(b[-1]))
			return end;
		end = b;
	}
}

/* Records that file idx defines name (kind 's' for struct/union, 't' for typedef). */
static void add_definition(struct types *t, char kind, const char *name, size_t len, size_t idx)
{
	char key[136];
	size_t head;

	if (len == 0 || len > 128)
		return;
	key[0] = kind;
	key[1] = ':';
	memcpy(key + 2, name, len);
	key[len + 2] = '\0';
	head = hashmap_get(&t->defs, key);
	if (head != (size_t)-1 && t->def_v[head].file == idx)
		return;
	ALLOC_GROW(t->def_v, t->nr_defs + 1, t->alloc_defs);
	t->def_v[t->nr_defs].file = idx;
	t->def_v[t->nr_defs].next = head;
	hashmap_put(&t->defs, key, t->nr_defs++);
}

/*
 * One pass over a file's text: the structs and unions it defines ("struct
 * NAME {", "} NAME;" closing a typedef) and the names its typedefs declare
 * (the word before the ';' of a line starting with "typedef"), so that a
 * lookup reads only the files that can hold the answer.
 */
static void index_definitions(struct types *t, size_t idx)
{
	/* strstr(), not memmem(): glibc's is the vectorised one, and the text ends at its NUL */
	const char *s = t->texts[idx], *p, *end = s + strlen(s);
	static const char *const words[] = { "struct", "union", "typedef" };
	size_t w;

	/* struct NAME {, union NAME { */
	for (w = 0; w < 2; w++) {
		size_t n = strlen(words[w]);

		for (p = s; (p = strstr(p, words[w])); p += n) {
			const char *q = p + n, *name, *r;

			if ((p > s && word_char(p[-1])) || word_char(*q))
				continue;
			q = skip_attributes(q);
			for (name = q; word_char(*q); q++)
				;
			if (q == name)
				continue;
			for (r = q; *r == ' ' || *r == '\t' || *r == '\n' || *r == '\r'; r++)
				;
			if (*r == '{')
				add_definition(t, 's', name, (size_t)(q - name), idx);
		}
	}
	/* } NAME; closing a typedef of a struct, union or enum */
	for (p = s; (p = memchr(p, '}', (size_t)(end - p))); p++) {
		const char *q = p + 1, *name;

		while (*q == ' ' || *q == '\t')
			q++;
		for (name = q; word_char(*q); q++)
			;
		if (q == name)
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != ';')
			continue;
		add_definition(t, 's', name, strcspn(name, " \t;"), idx);
		add_definition(t, 't', name, strcspn(name, " \t;"), idx);
	}
	/* #define NAME X: an alias a struct tag may go by */
	for (p = s; (p = strstr(p, "#define")); p += 7) {
		const char *q = p + 7, *name, *x, *e;

		if (q[0] != ' ' && q[0] != '\t')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;

		for (name = q; word_char(*q); q++)
			;
		if (q == name || (*q != ' ' && *q != '\t'))
			continue;
		for (e = q; *e == ' ' || *e == '\t'; e++)
			;
		/* only "#define NAME X", X one identifier alone on the line */
		for (x = e; word_char(*e); e++)
			;
		if (e > x && !(*x >= '0' && *x <= '9') && (*e == '\n' || *e == '\r' || !*e))
			add_definition(t, 'd', name, (size_t)(q - name), idx);
		/* "#define NAME F()": a name for what a function returns (define_call()) */
		else if (e > x && e[0] == '(' && e[1] == ')' &&
			 (e[2] == '\n' || e[2] == '\r' || !e[2]))
			add_definition(t, 'c', name, (size_t)(q - name), idx);
	}
	/* typedef T NAME; typedef T (*NAME)(...); */
	for (p = s; (p = strstr(p, words[2])); p += 7) {
		const char *semi, *e, *q, *name;

		if ((p > s && word_char(p[-1])) || word_char(p[7]))
			continue;
		semi = strchr(p, ';');
		if (!semi || memchr(p, '{', (size_t)(semi - p)))
			continue;
		q = strstr(p, "(*");
		if (q && q < semi) {
			for (name = q + 2; *name == ' '; name++)
				;
			for (e = name; word_char(*e); e++)
				;
		} else {
			const char *last = trailing_attributes(p, semi);

			for (e = last; e > p && !word_char(e[-1]); e--)
				if (e[-1] == ']')
					while (e > p && e[-1] != '[')
						e--;
			for (name = e; name > p && word_char(name[-1]); name--)
				;
		}
		add_definition(t, 't', name, (size_t)(e - name), idx);
	}
}

/* A file's text is read up to this many bytes; what is past it is not looked at. */
#define MAX_TEXT_BYTES (16u << 20)

/*
 * Reads root/rel (at most MAX_TEXT_BYTES) into *bufp, of *capp bytes and
 * one for the NUL, grown as needed: straight into a buffer of the file's
 * size, with no stdio buffer to copy through (tens of thousands of headers
 * come through here; the copies were 4% of a pairs run). Returns the
 * length, or -1 when the file cannot be opened.
 */
static long read_into(const struct types *t, const char *rel, char **bufp, size_t *capp)
{
	char *path;
	struct stat st;
	size_t cap, len = 0;
	bool failed = false, more = false;
	int fd;

	path = strcmp(t->root, ".") ? xasprintf("%s/%s", t->root, rel) : xstrdup(rel);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		inputs_missing(path, INPUT_FILE, errno);
		free(path);
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		memset(&st, 0, sizeof(st));
		inputs_uncacheable();
	}
	/* one byte more than its size: a file that grew shows */
	cap = st.st_size > 0 && (unsigned long long)st.st_size < MAX_TEXT_BYTES ?
		      (size_t)st.st_size + 1 : 65536;
	if (*capp < cap || !*bufp) {
		*bufp = xrealloc(*bufp, cap + 1);
		*capp = cap;
	}
	cap = *capp;
	for (;;) {
		ssize_t n;

		if (len == cap) {
			if (cap >= MAX_TEXT_BYTES)
				break;
			cap = cap * 2 < MAX_TEXT_BYTES ? cap * 2 : MAX_TEXT_BYTES;
			*bufp = xrealloc(*bufp, cap + 1);
			*capp = cap;
		}
		n = read(fd, *bufp + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			failed = true;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (!failed && len == cap && cap >= MAX_TEXT_BYTES) {
		char c;

		more = read(fd, &c, 1) > 0;
	}
	(*bufp)[len] = '\0';
	if (failed)
		inputs_uncacheable();
	else if (inputs_enabled() && more)
		inputs_file_stat(path, &st);	/* read in part: its stat only */
	else if (inputs_enabled())
		inputs_file(path, &st, *bufp, len);
	close(fd);
	free(path);
	return (long)len;
}

/*
 * The contents of root/rel, owned; NULL when it cannot be opened. NUL
 * bytes end the text early; such a file has no struct for us.
 */
static char *read_text(const struct types *t, const char *rel)
{
	char *buf = NULL;
	size_t cap = 0;

	if (read_into(t, rel, &buf, &cap) < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

const char *types_peek(struct types *t, const char *rel, struct types_scratch *s)
{
	size_t i = hashmap_get(&t->files, rel);

	if (i != (size_t)-1)
		return t->texts[i];
	return read_into(t, rel, &s->buf, &s->cap) < 0 ? NULL : s->buf;
}

/* The index of root/rel in texts and rels, read once (its text NULL when it cannot be read). */
static size_t load_id(struct types *t, const char *rel)
{
	size_t i = hashmap_get(&t->files, rel);

	if (i != (size_t)-1)
		return i;
	ALLOC_GROW(t->texts, t->nr + 1, t->alloc);
	t->texts[t->nr] = read_text(t, rel);
	hashmap_put(&t->files, rel, t->nr);
	ALLOC_GROW(t->rels, t->nr + 1, t->alloc_rels);
	t->rels[t->nr] = xstrdup(rel);
	if (t->texts[t->nr])
		index_definitions(t, t->nr);
	return t->nr++;
}

/* The contents of root/rel, read once; NULL when it cannot be read. */
static const char *load(struct types *t, const char *rel)
{
	size_t id = load_id(t, rel);	/* first: it may move texts */

	return t->texts[id];
}

/* The one string of t that names file rel (read once): the key of lists and maps. */
static char *canonical(struct types *t, const char *rel)
{
	size_t id = load_id(t, rel);	/* first: it may move rels */

	return t->rels[id];
}

static bool word_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The next occurrence of word w in s, as a whole word. */
static const char *find_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = strstr(s, w); p; p = strstr(p + 1, w))
		if ((p == s || !word_char(p[-1])) && !word_char(p[n]))
			return p;
	return NULL;
}

/*
 * Skips blanks and attributes from p: the words of bare_attribute()
 * (__packed, ____cacheline_aligned, ...) and any "__word(...)" with its
 * arguments (__aligned(8), __attribute__((...))). Another word starting
 * with "__" is a name (struct __call_single_data).
 */
static const char *skip_attributes(const char *p)
{
	for (;;) {
		const char *q = p, *w;

		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
		if (q[0] != '_' || q[1] != '_')
			return q;
		for (w = q; word_char(*w); w++)
			;
		if (bare_attribute(q, (size_t)(w - q))) {
			p = w;
			continue;
		}
		while (*w == ' ' || *w == '\t' || *w == '\n' || *w == '\r')
			w++;
		if (*w != '(')
			return q;
		{
			int depth = 0;

			for (; *w; w++) {
				if (*w == '(')
					depth++;
				else if (*w == ')' && --depth == 0)
					break;
			}
			if (!*w)
				return q;
		}
		p = w + 1;
	}
}

/* Copies s[0..len) with comments blanked out. */
static char *strip_comments(const char *s, size_t len)
{
	char *out = xstrndup(s, len);
	size_t i;

	for (i = 0; i + 1 < len; i++) {
		if (out[i] == '/' && out[i + 1] == '*') {
			for (; i + 1 < len && !(out[i] == '*' && out[i + 1] == '/'); i++)
				out[i] = ' ';
			if (i + 1 < len)
				out[i] = out[i + 1] = ' ';
		} else if (out[i] == '/' && out[i + 1] == '/') {
			for (; i < len && out[i] != '\n'; i++)
				out[i] = ' ';
		}
	}
	return out;
}

/* The body of "typedef struct [tag] { ... } sname;" in text; caller frees. */
static char *typedef_body(const char *text, const char *sname)
{
	const char *p;
	size_t n = strlen(sname);

	for (p = find_word(text, sname); p; p = find_word(p + n, sname)) {
		const char *q = p, *close;
		int depth = 0;

		/* "} sname;" */
		while (q > text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n'))
			q--;
		if (q == text || q[-1] != '}')
			continue;
		{
			const char *r = p + n;

			while (*r == ' ' || *r == '\t')
				r++;
			if (*r != ';')
				continue;
		}
		close = q - 1;
		for (q = close; q >= text; q--) {
			if (*q == '}') {
				depth++;
			} else if (*q == '{' && --depth == 0) {
				char *raw = xstrndup(q + 1, (size_t)(close - q - 1));
				char *body = strip_comments(raw, strlen(raw));

				free(raw);
				return body;
			}
			if (q == text)
				break;
		}
	}
	return NULL;
}

/* The body of "struct sname {" or "union sname {" in text, without the braces; caller frees. */
static char *struct_body(const char *text, const char *sname)
{
	static const char *const kw[] = { "struct", "union" };
	size_t n = strlen(sname), k;

	for (k = 0; k < 2; k++) {
		size_t kn = strlen(kw[k]);
		const char *p;

		for (p = find_word(text, kw[k]); p; p = find_word(p + kn, kw[k])) {
			const char *q = skip_attributes(p + kn), *open;
			int depth = 0;

			if (strncmp(q, sname, n) || word_char(q[n]))
				continue;
			q = skip_attributes(q + n);
			if (*q != '{')
				continue;
			open = q;
			for (; *q; q++) {
				if (*q == '{') {
					depth++;
				} else if (*q == '}' && --depth == 0) {
					char *raw = xstrndup(open + 1, (size_t)(q - open - 1));
					char *body = strip_comments(raw, strlen(raw));

					free(raw);
					return body;
				}
			}
			return NULL;
		}
	}
	return typedef_body(text, sname);
}

static bool has_word(const char *s, const char *w)
{
	return find_word(s, w) != NULL;
}

static enum field_kind base_kind(const char *type)
{
	static const char *const wide[] = {
		"u64", "s64", "__u64", "__s64", "uint64_t", "int64_t", "u_int64_t", "loff_t",
		"ktime_t", "time64_t", "sector_t", "blkcnt_t", "phys_addr_t", "dma_addr_t",
		"resource_size_t", "__le64", "__be64",
	};
	static const char *const atomics[] = {
		"atomic_t", "atomic64_t", "atomic_long_t", "refcount_t", "local_t", "local64_t",
	};
	static const char *const scalars[] = {
		"int", "unsigned", "signed", "char", "short", "long", "bool", "_Bool", "u8", "u16",
		"u32", "s8", "s16", "s32", "__u8", "__u16", "__u32", "__s8", "__s16", "__s32",
		"uint8_t", "uint16_t", "uint32_t", "int8_t", "int16_t", "int32_t", "size_t",
		"ssize_t", "uintptr_t", "__le16", "__le32", "__be16", "__be32", "pid_t", "uid_t",
		"gid_t", "gfp_t", "enum", "unsigned int", "pgoff_t", "kuid_t",
	};
	size_t i;

	if (strstr(type, "long long"))
		return FIELD_WIDE;
	for (i = 0; i < ARRAY_SIZE(wide); i++)
		if (has_word(type, wide[i]))
			return FIELD_WIDE;
	for (i = 0; i < ARRAY_SIZE(atomics); i++)
		if (has_word(type, atomics[i]))
			return FIELD_ATOMIC;
	if (has_word(type, "struct") || has_word(type, "union"))
		return FIELD_AGGREGATE;
	for (i = 0; i < ARRAY_SIZE(scalars); i++)
		if (has_word(type, scalars[i]))
			return FIELD_SCALAR;
	return FIELD_OTHER;
}

/*
 * The sizes of the scalar types base_kind() knows, narrowest first: a
 * declaration is sized by the first that it names ("unsigned char" is 1,
 * "short int" 2, "unsigned long" the word), so the order matters.
 */
static const struct { const char *name; unsigned size; } scalar_sizes[] = {
	{ "bool", 1 }, { "_Bool", 1 }, { "char", 1 }, { "u8", 1 }, { "s8", 1 }, { "__u8", 1 },
	{ "__s8", 1 }, { "uint8_t", 1 }, { "int8_t", 1 },
	{ "short", 2 }, { "u16", 2 }, { "s16", 2 }, { "__u16", 2 }, { "__s16", 2 },
	{ "uint16_t", 2 }, { "int16_t", 2 }, { "__le16", 2 }, { "__be16", 2 },
	{ "long", TYPES_SIZE_WORD }, { "size_t", TYPES_SIZE_WORD }, { "ssize_t", TYPES_SIZE_WORD },
	{ "uintptr_t", TYPES_SIZE_WORD }, { "pgoff_t", TYPES_SIZE_WORD },
	{ "int", 4 }, { "unsigned", 4 }, { "signed", 4 }, { "u32", 4 }, { "s32", 4 },
	{ "__u32", 4 }, { "__s32", 4 }, { "uint32_t", 4 }, { "int32_t", 4 }, { "__le32", 4 },
	{ "__be32", 4 }, { "pid_t", 4 }, { "uid_t", 4 }, { "gid_t", 4 }, { "gfp_t", 4 },
	{ "kuid_t", 4 }, { "enum", 4 },
};

unsigned types_scalar_size(const char *decl)
{
	size_t i;

	if (base_kind(decl) != FIELD_SCALAR)
		return 0;
	for (i = 0; i < ARRAY_SIZE(scalar_sizes); i++)
		if (has_word(decl, scalar_sizes[i].name))
			return scalar_sizes[i].size;
	return 0;
}

/* A copy of s[0..len) with each run of white space made one space, trimmed. */
static char *squeeze(const char *s, size_t len)
{
	char *out = xmalloc(len + 1);
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		bool space = s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r';

		if (space && (n == 0 || out[n - 1] == ' '))
			continue;
		out[n++] = space ? ' ' : s[i];
	}
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return out;
}

/* How deep typedefs are followed (typedef a b; typedef b c; ...). */
#define MAX_TYPEDEF_DEPTH 6

static enum field_kind typedef_kind(struct types *t, const char *file, const char *name,
				    unsigned depth, char **under);
#define NEAR_LEVELS 2	/* tried first: most types are declared this near */
#define FAR_LEVELS 3	/* asm/ headers that linux/ headers include, and the like */
static size_t search_list(struct types *t, const char *file, int levels, char ***out);
static size_t list_position(struct types *t, const char *file, int levels, const char *rel);

/* Words of a declaration that are no part of its type's name. */
static const char *const qualifiers[] = {
	"const", "volatile", "static", "extern", "register", "__rcu", "__percpu",
	"__iomem", "__user", "__force", "__read_mostly", "__ro_after_init", "__aligned",
	"__packed", "__private",
};

static bool is_qualifier(const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(qualifiers); i++)
		if (strlen(qualifiers[i]) == n && !memcmp(w, qualifiers[i], n))
			return true;
	return false;
}

/* The last word of type that is no qualifier: the typedef a declaration uses. */
static char *type_word(const char *type)
{
	const char *q = type + strlen(type), *e;

	while (q > type) {
		while (q > type && !word_char(q[-1]))
			q--;
		e = q;
		while (q > type && word_char(q[-1]))
			q--;
		if (e == q)
			break;
		if (!is_qualifier(q, (size_t)(e - q)) && !(q[0] == '_' && q[1] == '_'))
			return xstrndup(q, (size_t)(e - q));
	}
	return NULL;
}

/*
 * The first word of decl that is no qualifier or attribute: the type it
 * declares with ("foo_t" of "const foo_t x[4]"), or NULL.
 */
static char *lead_type_word(const char *decl)
{
	const char *q = decl, *e;

	for (;;) {
		q = skip_attributes(q);
		for (e = q; word_char(*e); e++)
			;
		if (e == q)
			return NULL;
		if (!is_qualifier(q, (size_t)(e - q)))
			return xstrndup(q, (size_t)(e - q));
		q = e;
	}
}

/*
 * The kind of the name at f in declaration chunk, accessed with subscripts
 * subscripts: an array element is its element type; a typedef that is no
 * type acqrel knows is followed from file's search list.
 */
static enum field_kind decl_kind(struct types *t, const char *file, const char *chunk,
				 const char *f, size_t flen, unsigned subscripts, unsigned depth)
{
	const char *a, *b;
	unsigned dims = 0;
	bool pointer;
	enum field_kind k;
	char *type, *word;

	if (has_word(chunk, "__rcu"))
		return FIELD_RCU;
	for (b = f + flen; *b == ' ' || *b == '\t'; b++)
		;
	if (*b == ':')
		return FIELD_BITFIELD;
	for (; *b == '['; b++) {
		dims++;
		while (*b && *b != ']')
			b++;
		if (!*b)
			break;
		while (b[1] == ' ')
			b++;
	}
	if (dims > subscripts)
		return FIELD_AGGREGATE;
	for (a = f; a > chunk && (a[-1] == ' ' || a[-1] == '\t' || a[-1] == '\n'); a--)
		;
	pointer = a > chunk && (a[-1] == '*' || a[-1] == '(');
	if (pointer)
		return FIELD_POINTER;
	type = xstrndup(chunk, (size_t)(f - chunk));
	k = base_kind(type);
	if (k == FIELD_OTHER && depth < MAX_TYPEDEF_DEPTH && (word = type_word(type))) {
		enum field_kind under = typedef_kind(t, file, word, depth + 1, NULL);

		if (under != FIELD_UNKNOWN)
			k = under;
		free(word);
	}
	free(type);
	return k;
}

/*
 * A member declared with the body of its type ("enum { A, B } state;",
 * "struct { int x; } *p;"), whose declarators start after the '}' at
 * a[-1]: the declaration with that body emptied ("enum {} state",
 * "struct {} *p"), so that its kind comes from the head (an enum is a
 * scalar, a struct or union an aggregate, a pointer to one a pointer) and
 * an anonymous one has no tag. NULL when the body's '{' is not in body.
 */
static char *braced_member(const char *body, const char *a, const char *end)
{
	const char *open, *head;
	int depth = 0;
	char *h, *d, *out;

	for (open = a - 1;; open--) {
		if (*open == '}')
			depth++;
		else if (*open == '{' && --depth == 0)
			break;
		if (open == body)
			return NULL;
	}
	for (head = open; head > body && head[-1] != ';' && head[-1] != '{' && head[-1] != '}';
	     head--)
		;
	h = squeeze(head, (size_t)(open - head));
	d = squeeze(a, (size_t)(end - a));
	out = xasprintf("%s {} %s", h, d);
	free(h);
	free(d);
	return out;
}

/* The kind of field in a struct body, or FIELD_UNKNOWN when it is not declared there. */
static enum field_kind field_in(struct types *t, const char *file, const char *body,
				const char *field, unsigned subscripts, char **decl)
{
	const char *start = body, *p;

	for (p = body; *p; p++) {
		const char *chunk_end, *f, *a;
		char *chunk;

		if (*p != ';')
			continue;
		chunk_end = p;
		/* the declaration starts after the last brace or semicolon */
		for (a = chunk_end; a > start && a[-1] != '{' && a[-1] != '}' && a[-1] != ';'; a--)
			;
		chunk = a > body && a[-1] == '}' ? braced_member(body, a, chunk_end) : NULL;
		if (!chunk)
			chunk = squeeze(a, (size_t)(chunk_end - a));
		start = p + 1;
		f = find_word(chunk, field);
		if (!f) {
			free(chunk);
			continue;
		}
		*decl = chunk;
		return decl_kind(t, file, chunk, f, strlen(field), subscripts, 0);
	}
	return FIELD_UNKNOWN;
}

/* Past white space, comments and preprocessor lines: where the next declaration starts. */
static const char *skip_directives(const char *q)
{
	for (;;) {
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
		if (*q == '#') {
			const char *h = q;

			while (*q && (*q != '\n' || line_continues(h, q)))
				q++;
		} else if (q[0] == '/' && q[1] == '*') {
			const char *e = strstr(q + 2, "*/");

			q = e ? e + 2 : q + strlen(q);
		} else if (q[0] == '/' && q[1] == '/') {
			while (*q && *q != '\n')
				q++;
		} else {
			return q;
		}
	}
}

/*
 * The start of the statement p is in, walking back to a ';', '{' or '}'
 * (which it stops after, or at for '}'), over comments: a ';' in a licence
 * comment above is no statement's end.
 */
static const char *statement_start(const char *text, const char *p)
{
	const char *q = p;

	while (q > text) {
		char c = q[-1];

		if (c == '/' && q - text >= 2 && q[-2] == '*') {
			/* a block comment's end: go to its start */
			const char *o = q - 2;

			while (o - text >= 2 && !(o[-2] == '/' && o[-1] == '*'))
				o--;
			if (o - text < 2)
				return text;
			q = o - 2;
			continue;
		}
		if (c == ';') {
			/* in a line comment? */
			const char *l = q - 1, *x;

			while (l > text && l[-1] != '\n')
				l--;
			for (x = l; x + 1 < q - 1 && !(x[0] == '/' && x[1] == '/'); x++)
				;
			if (x + 1 < q - 1) {
				q = l;
				continue;
			}
			return q;
		}
		if (c == '{' || c == '}')
			return q;
		q--;
	}
	return q;
}

/*
 * The kind a typedef name stands for, from "typedef T name;", "typedef T
 * (*name)(...);" or "typedef struct/union/enum { ... } name;" in file's
 * search list. under, when not NULL, gets the declaration the typedef
 * stands for ("u16 name", "enum" for an enum of its own; NULL for other
 * forms), which the caller frees.
 */
static enum field_kind typedef_in(struct types *t, const char *file, const char *text,
				  const char *name, unsigned depth, char **under)
{
	const char *p;
	size_t n = strlen(name);

	for (p = find_word(text, name); p; p = find_word(p + n, name)) {
		const char *r = p + n, *s, *q;
		char *chunk;
		enum field_kind k;

		r = skip_attributes(r);
		if (*r == ')' && p > text && p[-1] == '*')
			r = "function pointer";
		else if (*r != ';' && *r != '[')
			continue;
		/* back to the statement's start */
		q = statement_start(text, p);
		/* after the closing brace of a function, a typedef of its own */
		if (q > text && q[-1] == '}' && !strncmp(skip_directives(q), "typedef", 7) &&
		    !word_char(skip_directives(q)[7]))
			q = skip_directives(q);
		if (q > text && q[-1] == '}') {
			/* typedef struct { ... } name; */
			int level = 0;

			for (s = q - 1; s > text; s--) {
				if (*s == '}')
					level++;
				else if (*s == '{' && --level == 0)
					break;
			}
			for (q = s; q > text && q[-1] != ';' && q[-1] != '}' && q[-1] != '{'; q--)
				;
			q = skip_directives(q);
			if (strncmp(q, "typedef", 7))
				continue;
			if (has_word(q, "enum") && (size_t)(find_word(q, "enum") - q) < (size_t)(s - q)) {
				if (under)
					*under = xstrdup("enum");
				return FIELD_SCALAR;
			}
			return FIELD_AGGREGATE;
		}
		q = skip_directives(q);
		if (strncmp(q, "typedef", 7) || word_char(q[7]))
			continue;
		if (!strcmp(r, "function pointer"))
			return FIELD_POINTER;
		chunk = squeeze(q + 7, (size_t)(p + n - q - 7) + strspn(p + n, " \t[]0123456789"));
		k = decl_kind(t, file, chunk, find_word(chunk, name), n, 0, depth);
		if (under)
			*under = chunk;
		else
			free(chunk);
		return k;
	}
	return FIELD_UNKNOWN;
}

static enum field_kind typedef_kind(struct types *t, const char *file, const char *name,
				    unsigned depth, char **under)
{
	char *key = xasprintf("t:%s", name), **files;
	size_t d, best = SIZE_MAX, best_file = 0;
	int levels;

	for (levels = NEAR_LEVELS; levels <= FAR_LEVELS && best == SIZE_MAX; levels++) {
		/*
		 * the list first: it reads and indexes its files, so that the
		 * chain holds every definition the list can see, whatever this
		 * types read before (a thread's starts empty)
		 */
		search_list(t, file, levels, &files);
		for (d = hashmap_get(&t->defs, key); d != (size_t)-1; d = t->def_v[d].next) {
			size_t at = list_position(t, file, levels, t->rels[t->def_v[d].file]);

			if (at < best) {
				best = at;
				best_file = t->def_v[d].file;
			}
		}
	}
	free(key);
	if (best == SIZE_MAX)
		return FIELD_UNKNOWN;
	return typedef_in(t, file, t->texts[best_file], name, depth, under);
}

unsigned types_decl_size(struct types *t, const char *file, const char *decl)
{
	char *own = NULL;
	unsigned size = 0, depth;

	for (depth = 0; depth < MAX_TYPEDEF_DEPTH; depth++) {
		const char *d = own ? own : decl;
		char *word, *under = NULL;
		enum field_kind k;

		size = types_scalar_size(d);
		if (size || base_kind(d) != FIELD_OTHER || !(word = lead_type_word(d)))
			break;
		/* one name a round: this loop, not decl_kind(), follows the chain */
		k = typedef_kind(t, file, word, MAX_TYPEDEF_DEPTH, &under);
		free(word);
		free(own);
		own = under;
		if (k == FIELD_POINTER || k == FIELD_RCU || k == FIELD_WIDE) {
			size = k == FIELD_WIDE ? 8 : TYPES_SIZE_WORD;
			break;
		}
		/* an array, a struct, an atomic_t: no scalar to size */
		if (!own || (k != FIELD_SCALAR && k != FIELD_OTHER))
			break;
	}
	free(own);
	return size;
}

/* Headers text includes, as paths relative to the root. */
/* The architecture a file belongs to: arch/<name>/..., else x86. */
static char *arch_of(const char *file)
{
	const char *slash;

	if (strncmp(file, "arch/", 5) || !(slash = strchr(file + 5, '/')))
		return xstrdup("x86");
	return xstrndup(file + 5, (size_t)(slash - file - 5));
}

static void includes(const char *text, const char *file, const char *arch, char ***out, size_t *nr,
		     size_t *alloc)
{
	const char *p;

	for (p = strstr(text, "include"); p; p = strstr(p + 7, "include")) {
		const char *h = p, *q = p + 7, *e;
		char close;

		/* "#include" or "# include" at the start of a line */
		while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		if (h == text || h[-1] != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '"' && *q != '<')
			continue;
		close = *q == '"' ? '"' : '>';
		e = strchr(q + 1, close);
		if (!e || memchr(q, '\n', (size_t)(e - q)))
			continue;
		if (close == '>') {
			int n = (int)(e - q - 1);

			/* where Kbuild's -I flags would find it: the compiled file's arch, or x86 */
			ALLOC_GROW(*out, *nr + 5, *alloc);
			(*out)[(*nr)++] = xasprintf("include/%.*s", n, q + 1);
			(*out)[(*nr)++] = xasprintf("arch/%s/include/%.*s", arch, n, q + 1);
			(*out)[(*nr)++] = xasprintf("arch/%s/include/generated/%.*s", arch, n, q + 1);
			(*out)[(*nr)++] = xasprintf("include/uapi/%.*s", n, q + 1);
			if (!strncmp(q + 1, "asm/", 4))
				(*out)[(*nr)++] = xasprintf("include/asm-generic/%.*s", n - 4, q + 5);
		} else {
			ALLOC_GROW(*out, *nr + 1, *alloc);
			const char *slash = strrchr(file, '/');

			(*out)[(*nr)++] = slash ? xasprintf("%.*s/%.*s", (int)(slash - file), file,
							    (int)(e - q - 1), q + 1)
						: xasprintf("%.*s", (int)(e - q - 1), q + 1);
		}
	}
}

/*
 * The files a lookup from file searches: the file, the headers it
 * includes, and theirs, SEARCH_LEVELS deep, at most MAX_SEARCH; for a C
 * file that another C file of its folder includes (a unity build such as
 * kernel/sched/build_policy.c), that file's list too.
 */
#define MAX_SEARCH 768

/*
 * Records, once per folder, which C files of folder dir #include another C
 * file of it by name ("#include \"idle.c\""): a unity build. The
 * including files are read but not kept or indexed: most never matter.
 */
static void scan_unity_dir(struct types *t, const char *dir)
{
	char *full = strcmp(t->root, ".") ? xasprintf("%s/%s", t->root, dir) : xstrdup(dir);
	DIR *d = opendir(full);
	struct dirent *de;
	struct input_listing listing = { { 0, 0 } };
	struct stat st;

	hashmap_put(&t->unity_dirs, dir, 1);
	if (!d) {
		inputs_missing(full, INPUT_DIR, errno);
		free(full);
		return;
	}
	memset(&st, 0, sizeof(st));
	if (inputs_enabled() && fstat(dirfd(d), &st) < 0)
		inputs_uncacheable();
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char *rel, *text;
		const char *p;

		inputs_listing_add(&listing, de->d_name, de->d_type);

		if (n < 3 || strcmp(de->d_name + n - 2, ".c"))
			continue;
		rel = strcmp(dir, ".") ? xasprintf("%s/%s", dir, de->d_name) : xstrdup(de->d_name);
		if (t->no_c_include && hashmap_get(t->no_c_include, rel) != (size_t)-1) {
			free(rel);
			continue;
		}
		text = read_text(t, rel);
		for (p = text ? strstr(text, "include") : NULL; p; p = strstr(p + 7, "include")) {
			const char *h = p, *q = p + 7, *e;
			char *inc;
			size_t k;

			/* "#", "# " or "#  " before it */
			while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
				h--;
			if (h == text || h[-1] != '#')
				continue;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q != '"' || !(e = strchr(q + 1, '"')) || e - q < 4 ||
			    memcmp(e - 2, ".c", 2) || memchr(q, '\n', (size_t)(e - q)) ||
			    memchr(q + 1, '/', (size_t)(e - q - 1)) ||
			    ((size_t)(e - q - 1) == n && !memcmp(q + 1, de->d_name, n)))
				continue;
			inc = strcmp(dir, ".") ? xasprintf("%s/%.*s", dir, (int)(e - q - 1), q + 1)
					       : xstrndup(q + 1, (size_t)(e - q - 1));
			k = hashmap_get(&t->unity, inc);
			if (k == (size_t)-1) {
				ALLOC_GROW(t->unity_v, t->nr_unity + 1, t->alloc_unity);
				memset(&t->unity_v[t->nr_unity], 0, sizeof(t->unity_v[t->nr_unity]));
				hashmap_put(&t->unity, inc, t->nr_unity);
				k = t->nr_unity++;
			}
			free(inc);
			ALLOC_GROW(t->unity_v[k].v, t->unity_v[k].nr + 1, t->unity_v[k].alloc);
			t->unity_v[k].v[t->unity_v[k].nr++] = xstrdup(rel);
		}
		free(text);
		free(rel);
	}
	closedir(d);
	inputs_dir(full, &st, &listing);
	free(full);
}

/* The C files of file's folder that #include it by its name. */
static void includers(struct types *t, const char *file, char ***out, size_t *nr, size_t *alloc)
{
	const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file;
	char *dir = slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup(".");
	size_t k, i;

	if (strlen(base) > 2 && !strcmp(base + strlen(base) - 2, ".c")) {
		if (hashmap_get(&t->unity_dirs, dir) == (size_t)-1)
			scan_unity_dir(t, dir);
		k = hashmap_get(&t->unity, file);
		for (i = 0; k != (size_t)-1 && i < t->unity_v[k].nr; i++) {
			ALLOC_GROW(*out, *nr + 1, *alloc);
			(*out)[(*nr)++] = canonical(t, t->unity_v[k].v[i]);
		}
	}
	free(dir);
}

/* The architecture called name, added when new. */
static struct types_arch *arch_named(struct types *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->nr_archs; i++)
		if (!strcmp(t->archs[i].name, name))
			return &t->archs[i];
	ALLOC_GROW(t->archs, t->nr_archs + 1, t->alloc_archs);
	memset(&t->archs[t->nr_archs], 0, sizeof(t->archs[0]));
	t->archs[t->nr_archs].name = xstrdup(name);
	return &t->archs[t->nr_archs++];
}

/*
 * The files rel (canonical) includes that exist, as seen from a file of
 * arch, found once per (arch, file) and kept.
 */
static const struct types_list *direct_includes(struct types *t, const char *rel, size_t arch)
{
	size_t k = ptrmap_get(&t->archs[arch].incs, rel);
	const char *text;

	if (k == (size_t)-1) {
		struct types_list l;
		char **inc = NULL;
		size_t n = 0, a = 0, alloc_l = 0, i;

		memset(&l, 0, sizeof(l));
		if ((text = load(t, rel)))
			includes(text, rel, t->archs[arch].name, &inc, &n, &a);
		for (i = 0; i < n; i++) {
			size_t id = load_id(t, inc[i]);

			if (t->texts[id]) {
				ALLOC_GROW(l.v, l.nr + 1, alloc_l);
				l.v[l.nr++] = t->rels[id];
			}
			free(inc[i]);
		}
		free(inc);
		ALLOC_GROW(t->inc_v, t->nr_incs + 1, t->alloc_incs);
		t->inc_v[t->nr_incs] = l;
		k = t->nr_incs++;
		ptrmap_put(&t->archs[arch].incs, rel, k);
	}
	return &t->inc_v[k];
}

static size_t build_search_list(struct types *t, const char *file, int levels, char ***out,
				struct ptrmap *at)
{
	size_t nr = 0, alloc = 0, i, level_end, arch;
	char *arch_name = arch_of(file);
	int level;

	arch = (size_t)(arch_named(t, arch_name) - t->archs);
	free(arch_name);
	ALLOC_GROW(*out, 1, alloc);
	(*out)[nr++] = canonical(t, file);
	includers(t, file, out, &nr, &alloc);
	for (i = 0; i < nr; i++)
		ptrmap_put(at, (*out)[i], i);
	for (level = 0, i = 0; level < levels; level++) {
		for (level_end = nr; i < level_end && nr < MAX_SEARCH; i++) {
			const struct types_list *inc = direct_includes(t, (*out)[i], arch);
			size_t k;

			for (k = 0; inc && k < inc->nr; k++) {
				if (ptrmap_get(at, inc->v[k]) == (size_t)-1 && nr < MAX_SEARCH) {
					ALLOC_GROW(*out, nr + 1, alloc);
					ptrmap_put(at, inc->v[k], nr);
					(*out)[nr++] = inc->v[k];
				}
			}
		}
	}
	return nr;
}

/* The index of file's search list of so many levels, computed once. */
static size_t list_of(struct types *t, const char *file, int levels)
{
	char *key = xasprintf("%d:%s", levels, file);
	size_t k = hashmap_get(&t->lists, key);

	if (k == (size_t)-1) {
		char **v = NULL;
		struct ptrmap at;
		size_t nr;

		memset(&at, 0, sizeof(at));
		nr = build_search_list(t, file, levels, &v, &at);
		ALLOC_GROW(t->list_v, t->nr_lists + 1, t->alloc_lists);
		t->list_v[t->nr_lists].v = v;
		t->list_v[t->nr_lists].nr = nr;
		t->list_v[t->nr_lists].at = at;
		hashmap_put(&t->lists, key, t->nr_lists);
		k = t->nr_lists++;
	}
	free(key);
	return k;
}

/* The search list of file; borrowed. */
static size_t search_list(struct types *t, const char *file, int levels, char ***out)
{
	size_t k = list_of(t, file, levels);

	*out = t->list_v[k].v;
	return t->list_v[k].nr;
}

/* Where rel (canonical: a rels[] string) stands in file's search list (nearest is 0), or SIZE_MAX. */
static size_t list_position(struct types *t, const char *file, int levels, const char *rel)
{
	size_t k = list_of(t, file, levels), at = ptrmap_get(&t->list_v[k].at, rel);

	return at == (size_t)-1 ? SIZE_MAX : at;
}

/* The body of struct sname as seen from file, or NULL; cached, borrowed. */
/*
 * X of "typedef struct X sname;" (or union; attributes anywhere, as in
 * "typedef struct __call_single_data call_single_data_t __aligned(...);"):
 * a second name of a struct defined elsewhere. Owned; NULL when text has
 * no such typedef.
 */
static char *typedef_alias(const char *text, const char *sname)
{
	size_t n = strlen(sname);
	const char *p;

	for (p = find_word(text, sname); p; p = find_word(p + n, sname)) {
		const char *q, *tag, *tag_end, *r;

		/* the statement's start, then "typedef struct|union X" */
		for (q = p; q > text && !strchr(";{}", q[-1]); q--)
			;
		q = skip_attributes(skip_directives(q));
		if (strncmp(q, "typedef", 7) || word_char(q[7]))
			continue;
		q = skip_attributes(q + 7);
		if (!strncmp(q, "struct", 6) && !word_char(q[6]))
			q += 6;
		else if (!strncmp(q, "union", 5) && !word_char(q[5]))
			q += 5;
		else
			continue;
		q = skip_attributes(q);
		for (tag = q; word_char(*q); q++)
			;
		tag_end = q;
		/* nothing but blanks between X and sname: no pointer, no brace */
		if (tag == tag_end || skip_attributes(tag_end) != p)
			continue;
		r = skip_attributes(p + n);
		if (*r != ';' || ((size_t)(tag_end - tag) == n && !strncmp(tag, sname, n)))
			continue;
		return xstrndup(tag, (size_t)(tag_end - tag));
	}
	return NULL;
}

static const char *find_struct_at(struct types *t, const char *file, const char *sname,
				  const char **found_in, int depth);

/* X of a line "#define sname X" (X one identifier, alone on the line), or NULL. */
static char *define_alias(const char *text, const char *sname)
{
	size_t n = strlen(sname);
	const char *p;

	for (p = find_word(text, sname); p; p = find_word(p + n, sname)) {
		const char *line = p, *q, *x;

		while (line > text && line[-1] != '\n')
			line--;
		q = line;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q++ != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "define", 6) || (q[6] != ' ' && q[6] != '\t'))
			continue;
		for (q += 6; *q == ' ' || *q == '\t'; q++)
			;
		if (q != p)
			continue;
		for (q = p + n; *q == ' ' || *q == '\t'; q++)
			;
		for (x = q; word_char(*q); q++)
			;
		if (q == x || (*q != '\n' && *q != '\r' && *q != '\0') || (size_t)(q - x) == n)
			continue;
		return xstrndup(x, (size_t)(q - x));
	}
	return NULL;
}

static const char *find_struct(struct types *t, const char *file, const char *sname,
			       const char **found_in)
{
	return find_struct_at(t, file, sname, found_in, 0);
}

/* A typedef chain is followed this many names deep at most. */
#define MAX_ALIAS_DEPTH 4

/*
 * The body of the struct that sname names through an alias of kind 't'
 * (typedef struct X sname;) or 'd' (#define sname X), the nearest alias
 * in file's search list first; *where gets the file of the body. Caller
 * frees.
 */
static char *alias_body(struct types *t, const char *file, const char *sname, char kind,
			int depth, const char **where)
{
	char *body = NULL, **files = NULL;
	int levels;

	for (levels = NEAR_LEVELS; levels <= FAR_LEVELS && !body; levels++) {
		size_t best = (size_t)-1, d;
		char *dkey = xasprintf("%c:%s", kind, sname), *alias = NULL;

		search_list(t, file, levels, &files);
		for (d = hashmap_get(&t->defs, dkey); d != (size_t)-1; d = t->def_v[d].next) {
			size_t at = list_position(t, file, levels, t->rels[t->def_v[d].file]);
			const char *text = t->texts[t->def_v[d].file];
			char *a;

			if (at >= best || !(a = kind == 't' ? typedef_alias(text, sname)
							    : define_alias(text, sname)))
				continue;
			free(alias);
			alias = a;
			best = at;
		}
		if (alias) {
			const char *b = find_struct_at(t, file, alias, where, depth + 1);

			body = b ? xstrdup(b) : NULL;
		}
		free(alias);
		free(dkey);
	}
	return body;
}

static const char *find_struct_at(struct types *t, const char *file, const char *sname,
				  const char **found_in, int depth)
{
	char *key = xasprintf("%s\001%s", file, sname), **files = NULL, *body = NULL;
	const char *where = NULL;
	size_t k = hashmap_get(&t->bodies, key);
	int levels;

	if (k != (size_t)-1) {
		free(key);
		if (found_in)
			*found_in = t->body_file[k];
		return t->body_v[k];
	}
	for (levels = NEAR_LEVELS; levels <= FAR_LEVELS && !body; levels++) {
		/* the definitions of sname, the nearest in the search list first */
		size_t best = (size_t)-1, d;
		char *dkey = xasprintf("s:%s", sname);

		search_list(t, file, levels, &files);
		for (d = hashmap_get(&t->defs, dkey); d != (size_t)-1; d = t->def_v[d].next) {
			size_t at = list_position(t, file, levels, t->rels[t->def_v[d].file]);

			if (at < best) {
				const char *src = t->texts[t->def_v[d].file];
				char *b = struct_body(src, sname);

				if (b) {
					free(body);
					body = b;
					best = at;
					where = files[at];
				}
			}
		}
		free(dkey);
	}
	/* typedef struct X sname;: the body of struct X, the nearest such typedef first */
	if (!body && depth < MAX_ALIAS_DEPTH)
		body = alias_body(t, file, sname, 't', depth, &where);
	/* #define sname X: "struct sname" is "struct X" */
	if (!body && depth < MAX_ALIAS_DEPTH)
		body = alias_body(t, file, sname, 'd', depth, &where);
	ALLOC_GROW(t->body_v, t->nr_bodies + 1, t->alloc_bodies);
	ALLOC_GROW(t->body_file, t->nr_bodies + 1, t->alloc_body_file);
	t->body_v[t->nr_bodies] = body;
	t->body_file[t->nr_bodies] = where ? xstrdup(where) : NULL;
	if (found_in)
		*found_in = t->body_file[t->nr_bodies];
	hashmap_put(&t->bodies, key, t->nr_bodies++);
	free(key);
	return body;
}

const char *types_struct_file(struct types *t, const char *file, const char *sname)
{
	const char *where = NULL;

	find_struct(t, file, sname, &where);
	return where;
}

enum field_kind types_field(struct types *t, const char *file, const char *sname,
			    const char *field, char **decl)
{
	return types_field_element(t, file, sname, field, 0, decl);
}

enum field_kind types_field_element(struct types *t, const char *file, const char *sname,
				    const char *field, unsigned subscripts, char **decl)
{
	const char *body = find_struct(t, file, sname, NULL);

	*decl = NULL;
	return body ? field_in(t, file, body, field, subscripts, decl) : FIELD_UNKNOWN;
}

/* The tag of a declaration's type: "foo" for "struct foo *p", "foo_t" for "foo_t p". */
static char *type_tag(const char *decl, const char *name)
{
	const char *f = find_word(decl, name), *p, *q;

	if (!f)
		return NULL;
	p = find_word(decl, "struct");
	if (!p || p > f)
		p = find_word(decl, "union");
	if (p && p < f) {
		p = skip_attributes(p + 5 + (p[0] == 's'));	/* struct __packed tag */
		for (q = p; word_char(*q); q++)
			;
		return q > p ? xstrndup(p, (size_t)(q - p)) : NULL;
	}
	/* else the last word before the name that is no qualifier */
	for (q = f; q > decl;) {
		const char *e;

		while (q > decl && !word_char(q[-1]))
			q--;
		e = q;
		while (q > decl && word_char(q[-1]))
			q--;
		if (e > q && strncmp(q, "const", 5) && strncmp(q, "volatile", 8) &&
		    strncmp(q, "__rcu", 5))
			return xstrndup(q, (size_t)(e - q));
	}
	return NULL;
}

char *types_field_struct(struct types *t, const char *file, const char *sname, const char *field)
{
	char *decl = NULL, *tag;

	types_field(t, file, sname, field, &decl);
	if (!decl)
		return NULL;
	tag = type_tag(decl, field);
	free(decl);
	return tag;
}

/* The declaration of file-level variable name in text (a line at column 0), or NULL. */
static const char *global_in(const char *text, const char *name, const char **line_out)
{
	const char *p;
	size_t n = strlen(name);

	for (p = find_word(text, name); p; p = find_word(p + n, name)) {
		const char *line = p, *r = p + n;

		while (line > text && line[-1] != '\n')
			line--;
		if (line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '}' ||
		    line[0] == '/' || line[0] == '*' || memchr(line, '(', (size_t)(p - line)))
			continue;
		while (*r == ' ' || *r == '\t')
			r++;
		/* or an asm label: "register struct paca_struct *local_paca asm("r13");" */
		if (*r != ';' && *r != '=' && *r != '[' && *r != ',' && !(r[0] == '_' && r[1] == '_') &&
		    !(!strncmp(r, "asm", 3) && !word_char(r[3])))
			continue;
		*line_out = line;
		return p;
	}
	return NULL;
}

/*
 * For the name at p (n bytes) in text, declared as "} name;" or "} name =",
 * the "}" in the first column (closing a top-level declaration): the "{"
 * that opens that body, with *close just past the "}"; else NULL.
 */
static const char *body_of_global(const char *text, const char *p, size_t n, const char **close)
{
	const char *c = p, *q, *r = skip_attributes(p + n);
	int depth = 0;

	if (*r != ';' && *r != '=')
		return NULL;
	while (c > text && strchr(" \t\n\r", c[-1]))
		c--;
	if (c == text || c[-1] != '}' || (c - 1 > text && c[-2] != '\n'))
		return NULL;
	for (q = c - 1; q > text; q--) {
		if (*q == '}')
			depth++;
		else if (*q == '{' && --depth == 0)
			break;
	}
	if (*q != '{')
		return NULL;
	*close = c;
	return q;
}

/*
 * "extern enum tag { ... } name;", "struct tag { ... } name;": a file-level
 * variable declared with its type's body, the "}" in the first column.
 * Returns the declaration without the body ("extern enum tag name"; caller
 * frees), or NULL. An anonymous struct or union is left out (its members
 * are types_anonymous_member()'s).
 */
static char *braced_global(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = find_word(text, name); p; p = find_word(p + n, name)) {
		const char *close, *q = body_of_global(text, p, n, &close), *line;
		char *head, *out;
		bool tagged;

		if (!q)
			continue;
		for (line = q; line > text && line[-1] != '\n'; line--)
			;
		if (!word_char(line[0]) || memchr(line, '(', (size_t)(q - line)) ||
		    memchr(line, '=', (size_t)(q - line)))
			continue;
		head = squeeze(line, (size_t)(q - line));
		if (has_word(head, "struct") || has_word(head, "union")) {
			size_t hl = strlen(head);

			/* a tag after the keyword */
			tagged = !(hl >= 6 && !strcmp(head + hl - 6, "struct")) &&
				 !(hl >= 5 && !strcmp(head + hl - 5, "union"));
		} else {
			tagged = has_word(head, "enum");
		}
		out = tagged ? xasprintf("%s %s", head, name) : NULL;
		free(head);
		if (out)
			return out;
	}
	return NULL;
}

enum field_kind types_global(struct types *t, const char *file, const char *name, char **decl)
{
	return types_global_element(t, file, name, 0, decl);
}

enum field_kind types_global_element(struct types *t, const char *file, const char *name,
				     unsigned subscripts, char **decl)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i;

	*decl = NULL;
	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]), *line = NULL, *p, *e;
		char *chunk;
		enum field_kind k;

		if (text && !global_in(text, name, &line) && (*decl = braced_global(text, name))) {
			chunk = xstrdup(*decl);
			k = decl_kind(t, file, chunk, chunk + strlen(chunk) - strlen(name),
				      strlen(name), subscripts, 0);
			free(chunk);
			return k;
		}
		if (!text || !(p = global_in(text, name, &line)))
			continue;
		for (e = p; *e && *e != ';' && *e != '\n' && *e != '='; e++)
			;
		*decl = squeeze(line, (size_t)(e - line));
		chunk = xstrdup(*decl);
		k = decl_kind(t, file, chunk, chunk + (p - line), strlen(name), subscripts, 0);
		free(chunk);
		return k;
	}
	return FIELD_UNKNOWN;
}

/* The body of "struct { ... } name;" at the top level of text, or NULL; caller frees. */
static char *anonymous_body(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = find_word(text, name); p; p = find_word(p + n, name)) {
		const char *close, *q = body_of_global(text, p, n, &close), *r;

		if (!q)
			continue;
		/* no tag: the word before '{' (attributes aside) is struct or union */
		for (r = q; r > text && strchr(" \t\n\r", r[-1]); r--)
			;
		if (!((r - text >= 6 && !strncmp(r - 6, "struct", 6) && (r - 6 == text || !word_char(r[-7]))) ||
		      (r - text >= 5 && !strncmp(r - 5, "union", 5) && (r - 5 == text || !word_char(r[-6])))))
			continue;
		{
			char *raw = xstrndup(q + 1, (size_t)(close - 1 - q - 1));
			char *body = strip_comments(raw, strlen(raw));

			free(raw);
			return body;
		}
	}
	return NULL;
}

enum field_kind types_anonymous_member(struct types *t, const char *file, const char *name,
				       const char *field, unsigned subscripts, char **decl)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i;

	*decl = NULL;
	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]);
		char *body = text ? anonymous_body(text, name) : NULL;
		enum field_kind k;

		if (!body)
			continue;
		k = field_in(t, file, body, field, subscripts, decl);
		free(body);
		return k;
	}
	return FIELD_UNKNOWN;
}

static char *function_struct_in(const char *text, const char *name);

/*
 * F of a line "#define name F()" in text (F one identifier, called with no
 * arguments, alone on the line: "#define current get_current()"), or NULL.
 */
static char *define_call(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = find_word(text, name); p; p = find_word(p + n, name)) {
		const char *q = p, *f;

		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - text < 7 || memcmp(q - 7, "#define", 7) || q == p)
			continue;
		for (q = p + n; *q == ' ' || *q == '\t'; q++)
			;
		for (f = q; word_char(*q); q++)
			;
		if (q == f || q[0] != '(' || q[1] != ')')
			continue;
		for (q += 2; *q == ' ' || *q == '\t' || *q == '\r'; q++)
			;
		if (*q == '\n' || !*q)
			return xstrndup(f, (size_t)(strchr(f, '(') - f));
	}
	return NULL;
}

char *types_global_struct(struct types *t, const char *file, const char *name)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i;

	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]), *line = NULL, *p;
		char *decl, *tag;

		if (!text || !(p = global_in(text, name, &line)))
			continue;
		decl = xstrndup(line, (size_t)(p - line) + strlen(name));
		tag = type_tag(decl, name);
		free(decl);
		return tag;
	}
	/*
	 * No such variable: a macro that calls a function ("#define current
	 * get_current()", in an asm/ header a level further), the struct that
	 * function returns a pointer to, defined next to the macro or seen
	 * from file.
	 */
	n = search_list(t, file, FAR_LEVELS, &files);
	{
		/* the list's files are loaded, so indexed: no such #define in it is the common case */
		char *ckey = xasprintf("c:%s", name);
		bool none = hashmap_get(&t->defs, ckey) == (size_t)-1;

		free(ckey);
		if (none)
			return NULL;
	}
	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]);
		char *f = text ? define_call(text, name) : NULL, *tag;

		if (!f)
			continue;
		tag = function_struct_in(text, f);
		if (!tag)
			tag = types_function_struct(t, file, f);
		free(f);
		return tag;
	}
	return NULL;
}

bool types_arch_64bit_only(struct types *t, const char *arch)
{
	char *rel = xasprintf("arch/%s/Kconfig", arch);
	const char *text = load(t, rel), *p;
	bool only = false;

	free(rel);
	for (p = text ? strstr(text, "config 64BIT\n") : NULL; p && !only;
	     p = strstr(p + 1, "config 64BIT\n")) {
		const char *q = p + 13;

		if (p != text && p[-1] != '\n')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		only = !strncmp(q, "def_bool y\n", 11);
	}
	return only;
}

bool types_is_function(struct types *t, const char *file, const char *name)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i, len = strlen(name);

	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]), *p;

		for (p = text ? find_word(text, name) : NULL; p; p = find_word(p + len, name)) {
			const char *line = p, *r = p + len;

			while (line > text && line[-1] != '\n')
				line--;
			while (*r == ' ' || *r == '\t')
				r++;
			/* a prototype or definition at file level: "type name(" in column 0 */
			if (*r == '(' && p > line && line[0] != ' ' && line[0] != '\t' &&
			    line[0] != '#' && line[0] != '/' && line[0] != '*' &&
			    !memchr(line, '=', (size_t)(p - line)) && !memchr(line, '(', (size_t)(p - line)))
				return true;
		}
	}
	return false;
}

/* The identifier that ends right before end, spaces skipped: [*start, end'). */
static size_t word_before(const char *text, const char *end, const char **start)
{
	const char *p = end;

	while (p > text && isspace((unsigned char)p[-1]))
		p--;
	end = p;
	while (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
		p--;
	*start = p;
	return (size_t)(end - p);
}

/* Whether the '{' at open starts the body of an enum: "enum {" or "enum tag {". */
static bool opens_enum(const char *text, const char *open)
{
	const char *w;
	size_t n = word_before(text, open, &w);

	if (n == 4 && !strncmp(w, "enum", 4))
		return true;
	return n && word_before(text, w, &w) == 4 && !strncmp(w, "enum", 4);
}

bool types_is_enumerator(struct types *t, const char *file, const char *name)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i, len = strlen(name);

	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]), *p;

		for (p = text ? find_word(text, name) : NULL; p; p = find_word(p + len, name)) {
			const char *l = p, *r = p + len, *q;
			int depth = 0;

			for (;;) {
				while (l > text && isspace((unsigned char)l[-1]))
					l--;
				/* a comment after the previous enumerator */
				if (l - text < 4 || l[-1] != '/' || l[-2] != '*')
					break;
				for (l -= 2; l - text >= 2 && (l[-2] != '/' || l[-1] != '*'); l--)
					;
				l = l - text >= 2 ? l - 2 : text;
			}
			while (isspace((unsigned char)*r))
				r++;
			/* listed as "{ name," "name = v," "name }" */
			if (l == text || (l[-1] != '{' && l[-1] != ',') ||
			    (*r != ',' && *r != '=' && *r != '}'))
				continue;
			/* the enclosing brace, a bounded walk back */
			for (q = l - 1; q >= text && p - q < 65536; q--) {
				if (*q == '}')
					depth++;
				else if (*q == '{' && depth-- == 0)
					break;
			}
			if (q >= text && *q == '{' && opens_enum(text, q))
				return true;
		}
	}
	return false;
}

const char *types_text(struct types *t, const char *rel)
{
	return load(t, rel);
}

size_t types_search_list(struct types *t, const char *file, bool far, char ***out)
{
	return search_list(t, file, far ? FAR_LEVELS : NEAR_LEVELS, out);
}

/* ctx->ring->tail: the object of the last field, through the declared types. */
static char *resolve(struct types *t, const char *file, const char *type_path)
{
	char *cur, *seg, *copy = xstrdup(type_path), *save = NULL, *next, *out = NULL;

	seg = strtok_r(copy, ".", &save);
	if (!seg)
		goto done;
	cur = seg[0] == '@' ? types_global_struct(t, file, seg + 1) :
	      seg[0] == '(' && seg[1] == ')' ? types_function_struct(t, file, seg + 2) : xstrdup(seg);
	seg = strtok_r(NULL, ".", &save);
	while (cur && seg) {
		next = strtok_r(NULL, ".", &save);
		if (!next) {
			out = xasprintf("%s.%s", cur, seg);
			break;
		}
		{
			char *tag = types_field_struct(t, file, cur, seg);

			free(cur);
			cur = tag;
		}
		seg = next;
	}
	free(cur);
done:
	free(copy);
	return out;
}

/*
 * The object of a (struct.field) from its type path, when the parser could
 * not name it; and whether that struct is defined in a C file, where it is
 * that file's own type and no other file's struct of the name.
 */
/*
 * The struct that a macro parameter's member access "(t)->field" in a
 * header is of: the one struct defined in that header with a member
 * called field ("#define RPC_IS_QUEUED(t) test_bit(..., &(t)->tk_runstate)"
 * beside struct rpc_task). NULL when the header defines none or several.
 * Caller frees.
 */
static char *macro_param_struct(struct types *t, const char *file, const char *path)
{
	const char *text, *q, *field;
	size_t n, flen = strlen(file);
	char *found = NULL;
	bool several = false;

	/* "(x)->field": an identifier in parentheses, one member */
	if (path[0] != '(' || flen < 3 || strcmp(file + flen - 2, ".h"))
		return NULL;
	for (n = 1; isalnum((unsigned char)path[n]) || path[n] == '_'; n++)
		;
	if (n == 1 || strncmp(path + n, ")->", 3))
		return NULL;
	field = path + n + 3;
	for (n = 0; isalnum((unsigned char)field[n]) || field[n] == '_'; n++)
		;
	if (!n || field[n] || !(text = load(t, file)))
		return NULL;
	for (q = text; (q = strstr(q, "struct ")) && !several; q += 7) {
		const char *b = q + 7, *e = b;
		char *sname, *decl = NULL;
		const char *where;

		if (q > text && (isalnum((unsigned char)q[-1]) || q[-1] == '_'))
			continue;
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		if (e == b || e[strspn(e, " \t\n")] != '{')
			continue;
		sname = xstrndup(b, (size_t)(e - b));
		where = types_struct_file(t, file, sname);
		if (where && !strcmp(where, file) &&
		    types_field(t, file, sname, field, &decl) != FIELD_UNKNOWN) {
			if (found && strcmp(found, sname))
				several = true;
			else if (!found)
				found = xstrdup(sname);
		}
		free(decl);
		free(sname);
	}
	if (several || !found) {
		free(found);
		return NULL;
	}
	{
		char *object = xasprintf("%s.%s", found, field);

		free(found);
		return object;
	}
}

void types_resolve_access(struct types *t, const char *file, struct access *a)
{
	const char *where;
	char *sname;

	if (!a->object && a->type_path)
		a->object = resolve(t, file, a->type_path);
	if (!a->object && a->path)
		a->object = macro_param_struct(t, file, a->path);
	if (!a->object || a->object[0] == '@')
		return;
	sname = xstrndup(a->object, strcspn(a->object, "."));
	where = types_struct_file(t, file, sname);
	if (where && strlen(where) > 2 && !strcmp(where + strlen(where) - 2, ".c"))
		a->flags |= ACCESS_LOCAL_TYPE;
	free(sname);
}

const char *types_root(const struct types *t)
{
	return t->root;
}

/* The struct that a function called name in text returns a pointer to ("static inline struct foo *name("), or NULL. */
static char *function_struct_in(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = find_word(text, name); p; p = find_word(p + len, name)) {
		const char *line = p, *r = p + len, *q;
		char *head, *tag;

		while (line > text && line[-1] != '\n')
			line--;
		while (*r == ' ' || *r == '\t')
			r++;
		/* "static inline struct foo *name(" in column 0: a function returning struct foo * */
		if (*r != '(' || line[0] == ' ' || line[0] == '\t' || line[0] == '#' ||
		    line[0] == '/' || line[0] == '*')
			continue;
		for (q = p; q > line && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		if (q == line || q[-1] != '*' || !find_word(line, "struct") ||
		    find_word(line, "struct") > p)
			continue;
		head = xstrndup(line, (size_t)(p - line) + len);
		tag = type_tag(head, name);
		free(head);
		if (tag)
			return tag;
	}
	return NULL;
}

/*
 * Rule B: the struct of a function-like macro whose body is a cast to a
 * pointer to it, "#define skb_shinfo(SKB) ((struct skb_shared_info
 * *)(skb_end_pointer(SKB)))" (also "&(...)" after the cast), in text, or
 * NULL: name(x)->field is then that struct's field.
 */
static char *macro_cast_struct_in(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = find_word(text, name); p; p = find_word(p + len, name)) {
		const char *q = p, *tag;
		int depth = 0;

		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - text < 7 || memcmp(q - 7, "#define", 7) || q == p || p[len] != '(')
			continue;
		/* past the parameter list, then the body's opening brackets */
		for (q = p + len; *q && *q != '\n'; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')' && --depth == 0)
				break;
		}
		if (*q != ')')
			continue;
		for (q++; *q == ' ' || *q == '\t' || *q == '('; q++)
			;
		if (strncmp(q, "struct", 6) || word_char(q[6]))
			continue;
		for (q += 6; *q == ' ' || *q == '\t'; q++)
			;
		for (tag = q; word_char(*q); q++)
			;
		if (q == tag)
			continue;
		{
			const char *e = q;

			while (*e == ' ' || *e == '\t')
				e++;
			if (*e != '*')
				continue;
			for (e++; *e == ' ' || *e == '\t'; e++)
				;
			if (*e == ')')
				return xstrndup(tag, (size_t)(q - tag));
		}
	}
	return NULL;
}

char *types_function_struct(struct types *t, const char *file, const char *name)
{
	char **files;
	size_t n = search_list(t, file, NEAR_LEVELS, &files), i;

	for (i = 0; i < n; i++) {
		const char *text = load(t, files[i]);
		char *tag = text ? function_struct_in(text, name) : NULL;

		if (!tag && text)
			tag = macro_cast_struct_in(text, name);
		if (tag)
			return tag;
	}
	return NULL;
}

enum field_kind types_access_kind(struct types *t, const char *file, const struct access *a,
				  char **decl)
{
	size_t base_len;
	unsigned subs = key_subscripts(a->path, &base_len);
	const char *dot = a->object ? strchr(a->object, '.') : NULL;
	enum field_kind k = FIELD_UNKNOWN;

	*decl = NULL;
	if (dot) {
		char *sname = xstrndup(a->object, (size_t)(dot - a->object));
		char *field = xstrdup(dot + 1), *bracket = strchr(field, '[');

		/* a constant subscript is part of the object (ready[1]) */
		if (bracket)
			*bracket = '\0';
		k = types_field_element(t, file, sname, field, subs, decl);
		free(sname);
		free(field);
	} else if (!a->object) {
		char *base = xstrndup(a->path, base_len);

		if (key_is_ident(base))
			k = types_global_element(t, file, base, subs, decl);
		free(base);
	}
	return k;
}

/* The folder of a path relative to the root ("a/b.c" -> "a", "b.c" -> "."). Caller frees. */
static char *dir_of(const char *rel)
{
	const char *slash = strrchr(rel, '/');

	return slash ? xstrndup(rel, (size_t)(slash - rel)) : xstrdup(".");
}

void types_merge(struct types *t, struct types *from)
{
	struct hashmap new_dirs;
	size_t i, j, k, a;

	for (i = 0; i < from->nr; i++) {
		if (hashmap_get(&t->files, from->rels[i]) != (size_t)-1)
			continue;
		ALLOC_GROW(t->texts, t->nr + 1, t->alloc);
		ALLOC_GROW(t->rels, t->nr + 1, t->alloc_rels);
		t->texts[t->nr] = from->texts[i];
		t->rels[t->nr] = from->rels[i];
		from->texts[i] = from->rels[i] = NULL;
		hashmap_put(&t->files, t->rels[t->nr], t->nr);
		if (t->texts[t->nr])
			index_definitions(t, t->nr);
		t->nr++;
	}
	for (i = 0; i < from->bodies.size; i++) {
		const char *key = from->bodies.keys[i];

		if (!key || hashmap_get(&t->bodies, key) != (size_t)-1)
			continue;
		k = from->bodies.vals[i];
		ALLOC_GROW(t->body_v, t->nr_bodies + 1, t->alloc_bodies);
		ALLOC_GROW(t->body_file, t->nr_bodies + 1, t->alloc_body_file);
		t->body_v[t->nr_bodies] = from->body_v[k];
		t->body_file[t->nr_bodies] = from->body_file[k];
		from->body_v[k] = from->body_file[k] = NULL;
		hashmap_put(&t->bodies, key, t->nr_bodies++);
	}
	for (i = 0; i < from->lists.size; i++) {
		const char *key = from->lists.keys[i];
		struct types_list *l;

		if (!key || hashmap_get(&t->lists, key) != (size_t)-1)
			continue;
		k = from->lists.vals[i];
		ALLOC_GROW(t->list_v, t->nr_lists + 1, t->alloc_lists);
		l = &t->list_v[t->nr_lists];
		*l = from->list_v[k];
		memset(&from->list_v[k], 0, sizeof(from->list_v[k]));
		/* its files by t's strings: from's go with from */
		ptrmap_release(&l->at);
		for (j = 0; j < l->nr; j++) {
			l->v[j] = canonical(t, l->v[j]);
			ptrmap_put(&l->at, l->v[j], j);
		}
		hashmap_put(&t->lists, key, t->nr_lists++);
	}
	for (a = 0; a < from->nr_archs; a++) {
		const struct ptrmap *m = &from->archs[a].incs;
		size_t to = (size_t)(arch_named(t, from->archs[a].name) - t->archs);

		for (i = 0; i < m->size; i++) {
			const char *key = m->keys[i];
			struct types_list *l;

			if (!key || ptrmap_get(&t->archs[to].incs, canonical(t, key)) != (size_t)-1)
				continue;
			k = m->vals[i];
			ALLOC_GROW(t->inc_v, t->nr_incs + 1, t->alloc_incs);
			l = &t->inc_v[t->nr_incs];
			*l = from->inc_v[k];
			memset(&from->inc_v[k], 0, sizeof(from->inc_v[k]));
			for (j = 0; j < l->nr; j++)
				l->v[j] = canonical(t, l->v[j]);
			ptrmap_put(&t->archs[to].incs, canonical(t, key), t->nr_incs++);
		}
	}
	/* the unity builds of the folders only from scanned */
	memset(&new_dirs, 0, sizeof(new_dirs));
	for (i = 0; i < from->unity_dirs.size; i++) {
		const char *dir = from->unity_dirs.keys[i];

		if (!dir || hashmap_get(&t->unity_dirs, dir) != (size_t)-1)
			continue;
		hashmap_put(&t->unity_dirs, dir, 1);
		hashmap_put(&new_dirs, dir, 1);
	}
	for (i = 0; i < from->unity.size; i++) {
		const char *key = from->unity.keys[i];
		char *dir;

		if (!key)
			continue;
		dir = dir_of(key);
		if (hashmap_get(&new_dirs, dir) != (size_t)-1 &&
		    hashmap_get(&t->unity, key) == (size_t)-1) {
			k = from->unity.vals[i];
			ALLOC_GROW(t->unity_v, t->nr_unity + 1, t->alloc_unity);
			t->unity_v[t->nr_unity] = from->unity_v[k];
			memset(&from->unity_v[k], 0, sizeof(from->unity_v[k]));
			hashmap_put(&t->unity, key, t->nr_unity++);
		}
		free(dir);
	}
	hashmap_release(&new_dirs);
	types_release(from);
}
