/* addr.c: mail addresses the way get_maintainer.pl writes them, and .mailmap */
#include "addr.h"
#include "strbuf.h"
#include "util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Perl's \s */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* s[0..n) without the white space around it. */
static char *trimmed(const char *s, size_t n)
{
	while (n && is_space(*s)) {
		s++;
		n--;
	}
	while (n && is_space(s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/* s/^\"|\"$//g: one quote off each end. */
static void strip_quotes(char *s)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '"')
		s[--n] = '\0';
	if (s[0] == '"')
		memmove(s, s + 1, n);
}

/* get_maintainer.pl's escape_name(): quoted unless [A-Za-z0-9_ -] only. Takes ownership. */
static char *escape_name(char *name)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = name; *p && (is_c_ident_char((unsigned char)*p) || *p == ' ' || *p == '-'); p++)
		;
	if (!*p)
		return name;
	strbuf_addch(&sb, '"');
	for (p = name; *p; p++) {
		if (*p == '"' && (p == name || p[-1] != '\\'))
			strbuf_addch(&sb, '\\');
		strbuf_addch(&sb, *p);
	}
	strbuf_addch(&sb, '"');
	free(name);
	return strbuf_detach(&sb);
}

void addr_parse(const char *s, char **name, char **address)
{
	const char *lt = strchr(s, '<'), *gt = strrchr(s, '>'), *p, *a;
	size_t n = strlen(s);

	*name = NULL;
	*address = NULL;
	/* ^([^<]+)<(.+\@.*)>.*$ */
	if (lt && lt > s && gt && gt > lt + 2) {
		for (a = lt + 2; a < gt && *a != '@'; a++)
			;
		if (a < gt) {
			*name = trimmed(s, (size_t)(lt - s));
			*address = trimmed(lt + 1, (size_t)(gt - lt - 1));
		}
	}
	/* ^\s*<(.+\@\S*)>.*$ */
	for (p = s; !*address && is_space(*p); p++)
		;
	if (!*address && *p == '<') {
		const char *q;

		for (q = s + n; !*address && q > p + 2; q--) {
			if (q[-1] != '>')
				continue;
			for (a = q - 2; a >= p + 2 && *a != '@'; a--)
				;
			if (a >= p + 2) {
				const char *t;

				for (t = a + 1; t < q - 1 && !is_space(*t); t++)
					;
				if (t == q - 1)
					*address = trimmed(p + 1, (size_t)(q - 1 - p - 1));
			}
		}
	}
	/* ^(.+\@\S*).*$ */
	if (!*address) {
		a = strrchr(s, '@');
		if (a && a > s) {
			for (p = a + 1; *p && !is_space(*p); p++)
				;
			*address = trimmed(s, (size_t)(p - s));
		}
	}
	if (!*name)
		*name = xstrdup("");
	if (!*address)
		*address = xstrdup("");
	strip_quotes(*name);
	*name = escape_name(*name);
}

char *addr_format(const char *name, const char *address)
{
	char *n = trimmed(name, strlen(name)), *a = trimmed(address, strlen(address)), *out;

	strip_quotes(n);
	n = escape_name(n);
	out = *n ? xasprintf("%s <%s>", n, a) : xstrdup(a);
	free(n);
	free(a);
	return out;
}

static void put(struct hashmap *h, char ***v, size_t *nr, size_t *alloc, const char *key,
		const char *val)
{
	size_t i = hashmap_get(h, key);

	if (i == (size_t)-1) {
		ALLOC_GROW(*v, *nr + 1, *alloc);
		i = (*nr)++;
		(*v)[i] = NULL;
		hashmap_put(h, key, i);
	}
	free((*v)[i]);
	(*v)[i] = xstrdup(val);
}

static void put_name(struct mailmap *mm, const char *key, const char *val)
{
	put(&mm->names, &mm->name, &mm->nr_names, &mm->alloc_names, key, val);
}

static void put_address(struct mailmap *mm, const char *key, const char *val)
{
	put(&mm->addresses, &mm->address, &mm->nr_addresses, &mm->alloc_addresses, key, val);
}

/* "name <address>" parsed: the name as parse_email() leaves it, and the address. */
static void parse_pair(const char *name, size_t nlen, const char *addr, size_t alen, char **n,
		       char **a)
{
	char *text;

	while (nlen && is_space(name[nlen - 1]))
		nlen--;
	text = xasprintf("%.*s <%.*s>", (int)nlen, name, (int)alen, addr);
	addr_parse(text, n, a);
	free(text);
}

/*
 * One line of .mailmap, comment and white space gone, as get_maintainer.pl
 * reads it: "name <mail>", "<mail> <wrong>", "name <mail> <wrong>", or
 * "name <mail> wrong name <wrong>".
 */
static void mailmap_line(struct mailmap *mm, const char *l)
{
	const char *lt[3], *gt[3], *p = l;
	size_t nr = 0;
	char *n, *a;

	while (nr < 3 && (p = strchr(p, '<'))) {
		lt[nr] = p;
		gt[nr] = strchr(p, '>');
		if (!gt[nr] || gt[nr] == p + 1 || memchr(p + 1, '<', (size_t)(gt[nr] - p - 1)))
			return;
		p = gt[nr++] + 1;
	}
	if (!nr || nr > 2 || l[strlen(l) - 1] != '>')
		return;
	if (nr == 1) {
		if (lt[0] == l)
			return;
		parse_pair(l, (size_t)(lt[0] - l), lt[0] + 1, (size_t)(gt[0] - lt[0] - 1), &n, &a);
		put_name(mm, a, n);
	} else {
		const char *m = gt[0] + 1;
		char *wrong = xstrndup(lt[1] + 1, (size_t)(gt[1] - lt[1] - 1));

		while (m < lt[1] && is_space(*m))
			m++;
		if (lt[0] == l && m == lt[1]) {
			char *real = xstrndup(lt[0] + 1, (size_t)(gt[0] - lt[0] - 1));

			put_address(mm, wrong, real);
			free(real);
			free(wrong);
			return;
		}
		if (lt[0] == l) {
			free(wrong);
			return;
		}
		parse_pair(l, (size_t)(lt[0] - l), lt[0] + 1, (size_t)(gt[0] - lt[0] - 1), &n, &a);
		if (m == lt[1]) {
			put_name(mm, wrong, n);
			put_address(mm, wrong, a);
		} else {
			char *wn, *wa, *key;

			parse_pair(m, (size_t)(lt[1] - m), lt[1] + 1, (size_t)(gt[1] - lt[1] - 1), &wn,
				   &wa);
			key = addr_format(wn, wa);
			put_name(mm, key, n);
			put_address(mm, key, a);
			free(key);
			free(wn);
			free(wa);
		}
		free(wrong);
	}
	free(n);
	free(a);
}

void mailmap_parse(struct mailmap *mm, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, "\n");
		const char *hash = memchr(p, '#', n);
		char *line = trimmed(p, hash ? (size_t)(hash - p) : n);

		if (*line)
			mailmap_line(mm, line);
		free(line);
		p += n + (p[n] == '\n');
	}
}

void mailmap_load(struct mailmap *mm, const char *root)
{
	char *path = xasprintf("%s/.mailmap", root), chunk[65536];
	struct strbuf sb = STRBUF_INIT;
	FILE *fp = fopen(path, "rb");
	size_t n;

	memset(mm, 0, sizeof(*mm));
	free(path);
	if (!fp)
		return;
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0 && sb.len < (16u << 20))
		strbuf_add(&sb, chunk, n);
	fclose(fp);
	/* a NUL byte ends the text, as it ends a line for MAINTAINERS */
	mailmap_parse(mm, sb.buf);
	strbuf_release(&sb);
}

void mailmap_release(struct mailmap *mm)
{
	size_t i;

	for (i = 0; i < mm->nr_names; i++)
		free(mm->name[i]);
	for (i = 0; i < mm->nr_addresses; i++)
		free(mm->address[i]);
	free(mm->name);
	free(mm->address);
	hashmap_release(&mm->names);
	hashmap_release(&mm->addresses);
	memset(mm, 0, sizeof(*mm));
}

char *mailmap_map(const struct mailmap *mm, const char *email)
{
	char *name, *address, *key, *out;
	const char *real_name, *real_address;
	size_t in, ia;

	addr_parse(email, &name, &address);
	key = addr_format(name, address);
	real_name = name;
	real_address = address;
	in = hashmap_get(&mm->names, key);
	ia = hashmap_get(&mm->addresses, key);
	if (in == (size_t)-1 && ia == (size_t)-1) {
		in = hashmap_get(&mm->names, address);
		ia = hashmap_get(&mm->addresses, address);
	}
	if (in != (size_t)-1)
		real_name = mm->name[in];
	if (ia != (size_t)-1)
		real_address = mm->address[ia];
	out = addr_format(real_name, real_address);
	free(key);
	free(name);
	free(address);
	return out;
}
