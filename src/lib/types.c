/* types.c: struct field declarations, found by text in the file and its headers */
#include "types.h"
#include "strbuf.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void types_release(struct types *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		free(t->texts[i]);
	free(t->texts);
	hashmap_release(&t->files);
	for (i = 0; i < t->nr_bodies; i++)
		free(t->body_v[i]);
	free(t->body_v);
	hashmap_release(&t->bodies);
	memset(t, 0, sizeof(*t));
}

/* The contents of root/rel, read once; NULL when it cannot be read. */
static const char *load(struct types *t, const char *rel)
{
	size_t i = hashmap_get(&t->files, rel);
	struct strbuf sb = STRBUF_INIT;
	char *path, chunk[65536];
	FILE *f;
	size_t n;

	if (i != (size_t)-1)
		return t->texts[i];
	path = strcmp(t->root, ".") ? xasprintf("%s/%s", t->root, rel) : xstrdup(rel);
	f = fopen(path, "rb");
	free(path);
	ALLOC_GROW(t->texts, t->nr + 1, t->alloc);
	t->texts[t->nr] = NULL;
	if (f) {
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0 && sb.len < (16u << 20))
			strbuf_add(&sb, chunk, n);
		fclose(f);
		/* NUL bytes would end the text early; such a file has no struct for us */
		t->texts[t->nr] = strbuf_detach(&sb);
	}
	hashmap_put(&t->files, rel, t->nr);
	return t->texts[t->nr++];
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

/* The body of "struct sname {" in text, without the braces; caller frees. */
static char *struct_body(const char *text, const char *sname)
{
	const char *p;

	for (p = find_word(text, "struct"); p; p = find_word(p + 6, "struct")) {
		const char *q = p + 6, *open;
		size_t n = strlen(sname);
		int depth = 0;

		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		if (strncmp(q, sname, n) || word_char(q[n]))
			continue;
		q += n;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			q++;
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

/* The kind of field in a struct body, or FIELD_UNKNOWN when it is not declared there. */
static enum field_kind field_in(const char *body, const char *field, char **decl)
{
	const char *start = body, *p;

	for (p = body; *p; p++) {
		const char *chunk_end, *f, *a, *b;
		char *chunk, *type;
		enum field_kind k;

		if (*p != ';')
			continue;
		chunk_end = p;
		/* the declaration starts after the last brace or semicolon */
		for (a = chunk_end; a > start && a[-1] != '{' && a[-1] != '}' && a[-1] != ';'; a--)
			;
		chunk = squeeze(a, (size_t)(chunk_end - a));
		start = p + 1;
		f = find_word(chunk, field);
		if (!f) {
			free(chunk);
			continue;
		}
		*decl = chunk;
		for (b = f + strlen(field); *b == ' ' || *b == '\t'; b++)
			;
		if (has_word(chunk, "__rcu"))
			return FIELD_RCU;
		if (*b == ':')
			return FIELD_BITFIELD;
		if (*b == '[')
			return FIELD_AGGREGATE;
		for (a = f; a > chunk && (a[-1] == ' ' || a[-1] == '\t' || a[-1] == '\n'); a--)
			;
		if (a > chunk && (a[-1] == '*' || a[-1] == '('))
			return FIELD_POINTER;
		/* the type is what comes before the first declarator */
		type = xstrndup(chunk, (size_t)(f - chunk));
		k = base_kind(type);
		free(type);
		return k;
	}
	return FIELD_UNKNOWN;
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

static void includes(const char *text, const char *file, char ***out, size_t *nr, size_t *alloc)
{
	const char *p;

	for (p = strstr(text, "#include"); p; p = strstr(p + 8, "#include")) {
		const char *q = p + 8, *e;
		char close;

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
			char *arch = arch_of(file);

			/* where Kbuild's -I flags would find it, the file's arch or x86 */
			ALLOC_GROW(*out, *nr + 4, *alloc);
			(*out)[(*nr)++] = xasprintf("include/%.*s", n, q + 1);
			(*out)[(*nr)++] = xasprintf("arch/%s/include/%.*s", arch, n, q + 1);
			(*out)[(*nr)++] = xasprintf("include/uapi/%.*s", n, q + 1);
			if (!strncmp(q + 1, "asm/", 4))
				(*out)[(*nr)++] = xasprintf("include/asm-generic/%.*s", n - 4, q + 5);
			free(arch);
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
 * includes, and the headers those include; at most MAX_SEARCH.
 */
#define MAX_SEARCH 512

static size_t search_list(struct types *t, const char *file, char ***out)
{
	size_t nr = 0, alloc = 0, i, level_end;
	int level;

	ALLOC_GROW(*out, 1, alloc);
	(*out)[nr++] = xstrdup(file);
	for (level = 0, i = 0; level < 2; level++) {
		for (level_end = nr; i < level_end && nr < MAX_SEARCH; i++) {
			const char *text = load(t, (*out)[i]);
			char **inc = NULL;
			size_t n = 0, a = 0, k, m;

			if (!text)
				continue;
			includes(text, (*out)[i], &inc, &n, &a);
			for (k = 0; k < n; k++) {
				for (m = 0; m < nr && strcmp((*out)[m], inc[k]); m++)
					;
				if (m == nr && nr < MAX_SEARCH) {
					ALLOC_GROW(*out, nr + 1, alloc);
					(*out)[nr++] = inc[k];
				} else {
					free(inc[k]);
				}
			}
			free(inc);
		}
	}
	return nr;
}

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The body of struct sname as seen from file, or NULL; cached, borrowed. */
static const char *find_struct(struct types *t, const char *file, const char *sname)
{
	char *key = xasprintf("%s\001%s", file, sname), **files = NULL, *body = NULL;
	size_t k = hashmap_get(&t->bodies, key), n, i;

	if (k != (size_t)-1) {
		free(key);
		return t->body_v[k];
	}
	n = search_list(t, file, &files);
	for (i = 0; i < n && !body; i++) {
		const char *src = load(t, files[i]);

		if (src)
			body = struct_body(src, sname);
	}
	free_list(files, n);
	ALLOC_GROW(t->body_v, t->nr_bodies + 1, t->alloc_bodies);
	t->body_v[t->nr_bodies] = body;
	hashmap_put(&t->bodies, key, t->nr_bodies++);
	free(key);
	return body;
}

enum field_kind types_field(struct types *t, const char *file, const char *sname,
			    const char *field, char **decl)
{
	const char *body = find_struct(t, file, sname);

	*decl = NULL;
	return body ? field_in(body, field, decl) : FIELD_UNKNOWN;
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
		p += 5 + (p[0] == 's');
		while (*p == ' ' || *p == '\t')
			p++;
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

enum field_kind types_global(struct types *t, const char *file, const char *name, char **decl)
{
	const char *text = load(t, file), *p;
	size_t n = strlen(name);

	*decl = NULL;
	for (p = text ? find_word(text, name) : NULL; p; p = find_word(p + n, name)) {
		const char *line = p, *r = p + n, *e;

		while (line > text && line[-1] != '\n')
			line--;
		if (line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '}' ||
		    line[0] == '/' || line[0] == '*' || memchr(line, '(', (size_t)(p - line)))
			continue;
		while (*r == ' ' || *r == '\t')
			r++;
		if (*r != ';' && *r != '=' && *r != '[' && !(r[0] == '_' && r[1] == '_'))
			continue;
		for (e = r; *e && *e != ';' && *e != '\n'; e++)
			;
		*decl = squeeze(line, (size_t)(e - line));
		if (has_word(*decl, "__rcu"))
			return FIELD_RCU;
		if (*r == '[')
			return FIELD_AGGREGATE;
		{
			const char *a = p;

			while (a > line && (a[-1] == ' ' || a[-1] == '\t'))
				a--;
			if (a > line && a[-1] == '*')
				return FIELD_POINTER;
		}
		{
			char *type = xstrndup(line, (size_t)(p - line));
			enum field_kind k = base_kind(type);

			free(type);
			return k;
		}
	}
	return FIELD_UNKNOWN;
}

char *types_global_struct(struct types *t, const char *file, const char *name)
{
	const char *text = load(t, file), *p;
	size_t n = strlen(name);

	for (p = text ? find_word(text, name) : NULL; p; p = find_word(p + n, name)) {
		const char *line = p, *r = p + n;

		while (line > text && line[-1] != '\n')
			line--;
		/* a file-level declaration: starts in column 0, not a directive */
		if (line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '}' ||
		    line[0] == '/' || line[0] == '*')
			continue;
		while (*r == ' ' || *r == '\t')
			r++;
		if (*r == ';' || *r == '=' || *r == '[' || *r == ',' || (r[0] == '_' && r[1] == '_')) {
			char *decl = xstrndup(line, (size_t)(p - line + n));
			char *tag = memchr(line, '(', (size_t)(p - line)) ? NULL : type_tag(decl, name);

			free(decl);
			if (tag)
				return tag;
		}
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
