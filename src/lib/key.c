/* key.c: which accesses are one variable */
#include "key.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* key_subscripts() of path[0..n). */
static unsigned subscripts(const char *path, size_t n, size_t *base_len)
{
	unsigned k = 0;

	while (n && path[n - 1] == ']') {
		int depth = 0;

		do {
			n--;
			if (path[n] == ']')
				depth++;
			else if (path[n] == '[')
				depth--;
		} while (n && depth);
		k++;
	}
	*base_len = n;
	return k;
}

unsigned key_subscripts(const char *path, size_t *base_len)
{
	return subscripts(path, strlen(path), base_len);
}

/* The last field of an access path (tail of ring->tail, slots of s->slots[i]). */
static bool last_field(const char *path, const char **f, size_t *flen)
{
	size_t n, end;

	key_subscripts(path, &n);
	end = n;
	while (n && is_c_ident_char(path[n - 1]))
		n--;
	if (n == end || n == 0)
		return false;
	if (path[n - 1] != '.' && !(n >= 2 && path[n - 1] == '>' && path[n - 2] == '-'))
		return false;
	*f = path + n;
	*flen = end - n;
	return true;
}

/*
 * The name of the variable an access path names: its last identifier, once
 * trailing subscripts and parentheses are gone (slots of s->slots[i], v of
 * g.v, enqueue of (ring->enqueue)). False when the path ends in no identifier.
 */
bool key_path_name(const char *path, size_t n, const char **name, size_t *len)
{
	size_t end = n, start;

	/* (ring->enqueue), (p->v)[2]: parentheses and subscripts around the name */
	do {
		n = end;
		subscripts(path, n, &end);
		while (end && path[end - 1] == ')')
			end--;
	} while (end != n);
	start = end;
	while (start && is_c_ident_char(path[start - 1]))
		start--;
	if (start == end)
		return false;
	*name = path + start;
	*len = end - start;
	return true;
}

/*
 * The same name taken from a key (key_of()): that of its variable, without
 * scope, bit or constant subscript. The two agree for an access and its key.
 */
bool key_var_name(const char *key, const char **name, size_t *len)
{
	return key_path_name(key, strcspn(key, "|#"), name, len);
}

bool key_is_ident(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return false;
	for (; *s; s++)
		if (!is_c_ident_char(*s))
			return false;
	return true;
}

/* gvar.field (.field...): a member of a global, whose base was no typed local. */
static bool global_member(const char *path)
{
	const char *p = path;

	if (!is_c_ident_char(*p) || (*p >= '0' && *p <= '9'))
		return false;
	for (; *p; p++)
		if (!is_c_ident_char(*p) && *p != '.')
			return false;
	return strchr(path, '.') != NULL;
}

/*
 * Where a struct.field key holds: the folder of the file, so that the same
 * field of a common struct (file->private_data) used by unrelated drivers
 * does not join them; headers under include/ reach every folder.
 */
static char *scope_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	/* user-space programs under tools/ never join kernel code, nor reach it */
	if (!strncmp(file, "tools/", 6))
		return xstrndup(file, slash ? (size_t)(slash - file) : strlen(file));
	if (!strncmp(file, "include/", 8) || (!strncmp(file, "arch/", 5) && strstr(file, "/include/")))
		return xstrdup("*");
	return slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup(".");
}

/* The variable of a key without its folder: "struct.field#bit" or "file:global". */
char *base_key(const char *key)
{
	const char *bar = strchr(key, '|'), *bit = strchr(key, '#');

	if (!bar)
		return xstrdup(key);
	return xasprintf("%.*s%s", (int)(bar - key), key, bit ? bit : "");
}

/* Two keys name the same variable (and bit), whatever their scopes. */
bool same_variable(const char *a, const char *b)
{
	size_t na = strcspn(a, "|"), nb = strcspn(b, "|");
	const char *ba = strchr(a, '#'), *bb = strchr(b, '#');

	if (na != nb || memcmp(a, b, na))
		return false;
	if (!ba || !bb)
		return !ba && !bb;
	return !strcmp(ba, bb);
}

/* "[1]" when a path ends in a constant subscript (ready[1] is not ready[0]). */
static const char *constant_subscript(const char *path)
{
	size_t n = strlen(path), i;

	if (n < 3 || path[n - 1] != ']')
		return NULL;
	for (i = n - 1; i > 0 && path[i - 1] >= '0' && path[i - 1] <= '9'; i--)
		;
	return i < n - 1 && i > 0 && path[i - 1] == '[' ? path + i - 1 : NULL;
}

/* What joins accesses: struct.field, a global of one file, or a field name in one file. */
char *key_of(const struct access *a, const char *file, unsigned *ev)
{
	const char *f;
	size_t flen;

	if (a->via && strstr(a->via, "_bit") && a->value) {
		/* a bit of a flags word is its own variable */
		struct access whole = *a;
		char *base, *key;

		whole.via = NULL;
		base = key_of(&whole, file, ev);
		key = base ? xasprintf("%s#%s", base, a->value) : NULL;
		free(base);
		return key;
	}
	if (a->object) {
		char *scope = a->flags & ACCESS_LOCAL_TYPE ? xstrdup(file) : scope_of(file), *key;
		const char *sub = constant_subscript(a->path);

		key = xasprintf("%s%s|%s", a->object, sub ? sub : "", scope);

		*ev = EV_OBJECT;
		free(scope);
		return key;
	}
	if (key_is_ident(a->path) || global_member(a->path)) {
		*ev = EV_GLOBAL;
		return xasprintf("%s:%s", file, a->path);
	}
	if (last_field(a->path, &f, &flen)) {
		*ev = EV_FIELD;
		return xasprintf("%s:.%.*s", file, (int)flen, f);
	}
	return NULL;
}

/*
 * Whether path is a base of key (lseg->pls_layout of lseg->pls_layout->x):
 * the key's load depends on it through its address, so it stays ordered.
 */
bool key_is_base_of(const char *path, const char *key)
{
	size_t n = strlen(path);

	return !strncmp(key, path, n) &&
	       (!strncmp(key + n, "->", 2) || key[n] == '.' || key[n] == '[');
}

/* Whether access a (of file) is to the variable of key. */
bool access_is(const struct access *a, const char *file, const char *key)
{
	unsigned ev;
	char *k = key_of(a, file, &ev);
	bool same = k && same_variable(k, key);

	free(k);
	return same;
}

/* Whether the access list reads (or writes) a variable of the given key. */
bool touches(const struct access_list *l, const char *file, const char *key, bool writes)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes && access_is(&l->v[i], file, key))
			return true;
	return false;
}

bool key_in_tools(const char *key)
{
	const char *bar = strchr(key, '|');

	return bar && !strncmp(bar + 1, "tools/", 6);
}

bool key_file_scoped(const char *key)
{
	const char *bar = strchr(key, '|');
	size_t n;

	if (!bar)
		return false;
	n = strcspn(bar + 1, "#");
	return n > 2 && !memcmp(bar + 1 + n - 2, ".c", 2);
}
