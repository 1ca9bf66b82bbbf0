/* maint.c: MAINTAINERS sections, and who a patch goes to */
#include "maint.h"
#include "strbuf.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Perl's \s */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static void bad_pattern(struct maintainers *m, unsigned line, const char *why)
{
	if (!m->nr_bad++) {
		m->bad_line = line;
		m->bad_why = why;
	}
}

/*
 * Patterns from a tree's MAINTAINERS are input: one that is too long or has
 * too many repetitions (regexec() backtracks over them) is ignored.
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
 * A Perl bracket expression at p (just after '['): its bytes into set, the
 * position after its ']' returned, or NULL when acqrel does not read it.
 */
static const char *perl_class(const char *p, bool set[256], bool *negated)
{
	int prev = -1;

	memset(set, 0, 256 * sizeof(*set));
	*negated = *p == '^';
	p += *negated;
	if (*p == ']') {
		set[']'] = true;
		prev = ']';
		p++;
	}
	for (; *p && *p != ']'; p++) {
		int c = (unsigned char)*p, k;

		if (c == '[' && p[1] == ':')
			return NULL;
		if (c == '\\') {
			int d = (unsigned char)*++p;

			if (!d)
				return NULL;
			if (d == 'd' || d == 'w' || d == 's') {
				for (k = 1; k < 256; k++)
					set[k] |= d == 'd' ? (k >= '0' && k <= '9')
						: d == 's' ? is_space((char)k) : is_c_ident_char(k);
				prev = -1;
				continue;
			}
			if (d == 'n' || d == 't')
				d = d == 'n' ? '\n' : '\t';
			else if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') ||
				 (d >= '0' && d <= '9'))
				return NULL;
			c = d;
		} else if (c == '-' && prev >= 0 && p[1] && p[1] != ']') {
			int to = (unsigned char)*++p;

			if (to == '\\') {
				to = (unsigned char)*++p;
				if (!to)
					return NULL;
			}
			for (k = prev; k <= to; k++)
				set[k] = true;
			prev = -1;
			continue;
		}
		set[c] = true;
		prev = c;
	}
	return *p == ']' ? p + 1 : NULL;
}

/* A byte as ERE reads it literally; a letter both ways when icase. */
static void ere_literal(struct strbuf *out, int c, bool icase)
{
	if (icase && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
		strbuf_addf(out, "[%c%c]", c | 0x20, c & ~0x20);
	else if (strchr(".[]()*+?{}|^$\\", c))
		strbuf_addf(out, "\\%c", c);
	else
		strbuf_addch(out, c);
}

/*
 * Translates a Perl regular expression as get_maintainer.pl applies it
 * (m/.../x: white space and '#' comments dropped) to a POSIX extended one
 * as glibc reads it (with its \b \w \s); (?:...), (?i) and (?i:...) are
 * read, back-references and other Perl syntax are not (returns false).
 */
static bool perl_to_ere(const char *p, struct strbuf *out)
{
	bool saved[32], icase = false;
	unsigned depth = 0;

	while (*p) {
		int c = (unsigned char)*p;

		if (is_space((char)c)) {
			p++;
		} else if (c == '#') {
			break;
		} else if (c == '\\') {
			int d = (unsigned char)p[1];

			if (!d || (d >= '1' && d <= '9'))
				return false;
			p += 2;
			if (d == 'd' || d == 'D')
				strbuf_adds(out, d == 'd' ? "[0-9]" : "[^0-9]");
			else if (strchr("wWsSbB", d))
				strbuf_addf(out, "\\%c", d);
			else if (d == 't' || d == 'n')
				strbuf_addch(out, d == 't' ? '\t' : '\n');
			else if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || (d >= '0' && d <= '9'))
				return false;
			else
				ere_literal(out, d, false);
		} else if (c == '(') {
			if (depth == ARRAY_SIZE(saved))
				return false;
			if (p[1] == '?' && p[2] == 'i' && p[3] == ')') {
				icase = true;
				p += 4;
				continue;
			}
			saved[depth++] = icase;
			if (p[1] == '?' && p[2] == ':') {
				p += 3;
			} else if (p[1] == '?' && p[2] == 'i' && p[3] == ':') {
				icase = true;
				p += 4;
			} else if (p[1] == '?') {
				return false;
			} else {
				p++;
			}
			strbuf_addch(out, '(');
		} else if (c == ')') {
			if (!depth)
				return false;
			icase = saved[--depth];
			strbuf_addch(out, ')');
			p++;
		} else if (c == '[') {
			bool set[256], negated;
			int k;

			p = perl_class(p + 1, set, &negated);
			if (!p)
				return false;
			for (k = 'a'; icase && k <= 'z'; k++)
				set[k] = set[k - 0x20] = set[k] || set[k - 0x20];
			strbuf_adds(out, negated ? "[^" : "[");
			if (set[']'])
				strbuf_addch(out, ']');
			for (k = 1; k < 256; k++)
				if (set[k] && k != ']' && k != '^' && k != '-')
					strbuf_addch(out, k);
			if (set['^'])
				strbuf_addch(out, '^');
			if (set['-'])
				strbuf_addch(out, '-');
			if (out->buf[out->len - 1] == '[' || !strcmp(out->buf + out->len - 2, "[^"))
				return false;	/* nothing in it, or '^' alone */
			strbuf_addch(out, ']');
		} else if (c == '{') {
			size_t n = strspn(p + 1, "0123456789,"), commas = 0, k;

			for (k = 1; k <= n; k++)
				commas += p[k] == ',';
			/* {n}, {n,} or {n,m}; else a '{' is itself, as in Perl */
			if (n && p[1] != ',' && p[1 + n] == '}' && commas <= 1) {
				strbuf_add(out, p, n + 2);
				p += n + 2;
			} else {
				strbuf_adds(out, "\\{");
				p++;
			}
		} else if (c == '*' || c == '+' || c == '?') {
			strbuf_addch(out, c);
			p++;
			if (*p == '+')
				return false;	/* possessive */
			p += *p == '?';		/* lazy: the same lines match */
		} else if (strchr(".|^$", c)) {
			strbuf_addch(out, c);
			p++;
		} else {
			ere_literal(out, c, icase);
			p++;
		}
	}
	return depth == 0;
}

static regex_t *compile_perl(const char *perl)
{
	struct strbuf ere = STRBUF_INIT;
	regex_t *re = NULL;

	if (perl_to_ere(perl, &ere)) {
		re = xmalloc(sizeof(*re));
		if (regcomp(re, ere.buf, REG_EXTENDED | REG_NOSUB)) {
			free(re);
			re = NULL;
		}
	}
	strbuf_release(&ere);
	return re;
}

/* get_maintainer.pl's F:/X: pattern as a Perl regular expression (for -d only). */
static char *glob_to_regex(const char *v)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *v; v++)
		strbuf_adds(&sb, *v == '.' ? "\\." : *v == '*' ? ".*" : *v == '?' ? "." :
			    (char[]){ *v, 0 });
	return strbuf_detach(&sb);
}

/* The folder flag and depth of an F: or X: tag, as get_maintainer.pl sets them. */
static void prepare_file_pattern(struct maint_tag *t, const char *root)
{
	size_t n = strlen(t->value);
	char *re = glob_to_regex(t->value);
	const char *p;
	int slashes = 0;

	t->dir = n && t->value[n - 1] == '/';
	if (!t->dir && root && *re) {
		char *path = xasprintf("%s/%s", root, re);
		struct stat st;

		t->dir = !stat(path, &st) && S_ISDIR(st.st_mode);
		free(path);
		slashes += t->dir;	/* the '/' it adds */
	}
	for (p = re; *p; p++)
		slashes += *p == '/';
	t->depth = slashes + !t->dir;
	if (t->value[0] == '*')
		t->depth = -1;
	free(re);
}

static void compile_tag(struct maintainers *m, struct maint_tag *t, const char *root)
{
	if (t->type == 'F' || t->type == 'X') {
		prepare_file_pattern(t, root);
		if (!pattern_ok(t->value, "*?["))
			bad_pattern(m, t->line, "a file pattern too long or with too many wildcards");
	} else if (t->type == 'N' || t->type == 'K') {
		const char *why = NULL;

		if (m->nr_regexes >= MAINT_MAX_REGEXES)
			why = "more N: and K: regular expressions than acqrel compiles";
		else if (!pattern_ok(t->value, "*+?{"))
			why = "a regular expression too long or with too many repetitions";
		else if (!(t->re = compile_perl(t->value)))
			why = "a regular expression acqrel does not read";
		if (!why && t->type == 'K') {
			char *prefixed = xasprintf("^[+-].*%s", t->value);

			t->re_diff = compile_perl(prefixed);
			free(prefixed);
			if (!t->re_diff)
				why = "a regular expression acqrel does not read";
		}
		m->nr_regexes += t->re != NULL;
		if (why)
			bad_pattern(m, t->line, why);
	}
}

void maint_parse(struct maintainers *m, const char *text, size_t len, const char *root)
{
	struct maint_section *cur = NULL;
	const char *p = text, *end = text + len;
	unsigned line_nr = 0, tv = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line;
		const char *q;

		line_nr++;
		if (n && p[n - 1] == '\r')
			n--;
		/* a NUL byte ends the line, as it would for any C string */
		line = xstrndup(p, n);
		p = nl ? nl + 1 : end;
		for (q = line; is_space(*q); q++)
			;
		if (line[0] >= 'A' && line[0] <= 'Z' && line[1] == ':') {
			struct maint_tag *t;

			tv++;
			if (!cur) {
				bad_pattern(m, line_nr, "a tag outside any section");
				free(line);
				continue;
			}
			ALLOC_GROW(cur->tags, cur->nr_tags + 1, cur->alloc_tags);
			t = &cur->tags[cur->nr_tags++];
			memset(t, 0, sizeof(*t));
			t->type = line[0];
			for (q = line + 2; is_space(*q); q++)
				;
			t->value = xstrdup(q);
			t->line = line_nr;
			t->tv = tv - 1;
			compile_tag(m, t, root);
			free(line);
		} else if (!*q || *q == '#') {
			free(line);
		} else {
			tv++;
			ALLOC_GROW(m->v, m->nr + 1, m->alloc);
			cur = &m->v[m->nr++];
			memset(cur, 0, sizeof(*cur));
			cur->title = line;
		}
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
	maint_parse(m, sb.buf, sb.len, root);
	strbuf_release(&sb);
	mailmap_load(&m->mailmap, root);
	return 0;
}

void maint_release(struct maintainers *m)
{
	size_t i, j;

	for (i = 0; i < m->nr; i++) {
		for (j = 0; j < m->v[i].nr_tags; j++) {
			struct maint_tag *t = &m->v[i].tags[j];

			free(t->value);
			if (t->re)
				regfree(t->re);
			if (t->re_diff)
				regfree(t->re_diff);
			free(t->re);
			free(t->re_diff);
		}
		free(m->v[i].tags);
		free(m->v[i].title);
	}
	free(m->v);
	mailmap_release(&m->mailmap);
	memset(m, 0, sizeof(*m));
}

/*
 * One element of a file pattern at p: '*' (any bytes), '?' (any byte), a
 * bracket expression, '\' and a byte, or a byte. Sets what it matches (not
 * for '*') and returns the position after it.
 */
static const char *glob_element(const char *p, bool set[256], bool *star)
{
	bool negated;
	const char *after;
	int k;

	*star = *p == '*';
	if (*star)
		return p + 1;
	memset(set, 0, 256 * sizeof(*set));
	if (*p == '?') {
		for (k = 1; k < 256; k++)
			set[k] = k != '\n';
		return p + 1;
	}
	if (*p == '[' && (after = perl_class(p + 1, set, &negated))) {
		for (k = 1; negated && k < 256; k++)
			set[k] = !set[k] && k != '\n';
		return after;
	}
	if (*p == '\\' && p[1])
		p++;
	set[(unsigned char)*p] = true;
	return p + 1;
}

/*
 * Whether path starts with what the pattern matches (get_maintainer.pl's
 * m@^$pattern@), by following every element position at once, so that no
 * pattern can make it backtrack.
 */
static bool glob_prefix(const char *pattern, const char *path)
{
	size_t n = strlen(pattern), i;
	bool active[MAINT_MAX_PATTERN + 2], next[MAINT_MAX_PATTERN + 2], set[256], star, any;
	const char *s;

	if (n > MAINT_MAX_PATTERN)
		return false;
	memset(active, 0, sizeof(active));
	active[0] = true;
	for (s = path;; s++) {
		/* a '*' may match nothing */
		for (i = 0; i < n; i++)
			if (active[i] && pattern[i] == '*')
				active[i + 1] = true;
		if (active[n])
			return true;
		if (!*s)
			return false;
		memset(next, 0, sizeof(next));
		any = false;
		for (i = 0; i < n; i++) {
			const char *after;

			if (!active[i])
				continue;
			after = glob_element(pattern + i, set, &star);
			if (star && *s != '\n')
				next[i] = any = true;
			else if (!star && set[(unsigned char)*s])
				next[after - pattern] = any = true;
		}
		if (!any)
			return false;
		memcpy(active, next, sizeof(active));
	}
}

static unsigned slashes(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/* get_maintainer.pl's file_match_pattern() for an F: or X: tag. */
static bool file_match(const struct maint_tag *t, const char *path)
{
	if (!pattern_ok(t->value, "*?[") || !glob_prefix(t->value, path))
		return false;
	return t->dir || slashes(path) == slashes(t->value);
}

/*
 * Whether s matches path; get_maintainer.pl's depth of the last pattern that
 * matched (0 for N:) in *depth, and how specific its best match is in *best
 * (for maint_section_of(): F: patterns by depth, N: 1, "*" patterns not).
 */
static bool section_match(const struct maint_section *s, const char *path, int *depth, int *best)
{
	bool hit = false;
	size_t j;

	*best = -2;
	for (j = 0; j < s->nr_tags; j++)
		if (s->tags[j].type == 'X' && file_match(&s->tags[j], path))
			return false;
	for (j = 0; j < s->nr_tags; j++) {
		const struct maint_tag *t = &s->tags[j];

		if (t->type == 'F' && file_match(t, path)) {
			/* for *best, a name beats a glob as deep */
			int rank = 2 * t->depth + 2 + !strpbrk(t->value, "*?[");

			*depth = t->depth;
			if (t->depth >= 0 && rank > *best)
				*best = rank;
			hit = true;
		} else if (t->type == 'N' && t->re && !regexec(t->re, path, 0, NULL, 0)) {
			*depth = 0;
			if (*best < 1)
				*best = 1;
			hit = true;
		}
	}
	return hit;
}

const struct maint_section *maint_section_of(const struct maintainers *m, const char *path)
{
	const struct maint_section *found = NULL;
	int found_rank = 0, depth, rank;
	size_t i;

	for (i = 0; i < m->nr; i++) {
		if (section_match(&m->v[i], path, &depth, &rank) && rank > found_rank) {
			found = &m->v[i];
			found_rank = rank;
		}
	}
	return found;
}

const struct maint_section *maint_tree_section(const struct maintainers *m, const char *path)
{
	const struct maint_section *found = NULL;
	int found_rank = 0, depth, rank;
	size_t i, j;

	for (i = 0; i < m->nr; i++) {
		const struct maint_section *s = &m->v[i];
		bool tree = false;

		for (j = 0; j < s->nr_tags; j++)
			tree |= s->tags[j].type == 'T';
		if (tree && section_match(s, path, &depth, &rank) && rank > found_rank) {
			found = s;
			found_rank = rank;
		}
	}
	return found;
}

void maint_section_trees(const struct maint_section *s, struct strbuf *out)
{
	size_t j;

	for (j = 0; s && j < s->nr_tags; j++)
		if (s->tags[j].type == 'T')
			strbuf_addf(out, "%s\n", s->tags[j].value);
}

/*
 * People by name and by address, both without case, as get_maintainer.pl
 * finds one it has seen: by the name, when there is one, else by the address.
 */
struct person_index {
	struct hashmap names, addresses;
};

static char *lowercase(const char *s)
{
	char *l = xstrdup(s), *p;

	for (p = l; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p += 'a' - 'A';
	return l;
}

/* The index of the person seen with this name or address, or (size_t)-1. */
static size_t person_find(const struct person_index *pi, const char *name, const char *address)
{
	char *lname = lowercase(name), *laddress = lowercase(address);
	size_t i = *name ? hashmap_get(&pi->names, lname) : (size_t)-1;

	if (i == (size_t)-1)
		i = hashmap_get(&pi->addresses, laddress);
	free(lname);
	free(laddress);
	return i;
}

static void person_add(struct person_index *pi, const char *name, const char *address, size_t i)
{
	char *lname = lowercase(name), *laddress = lowercase(address);

	if (*name)
		hashmap_put(&pi->names, lname, i);
	hashmap_put(&pi->addresses, laddress, i);
	free(lname);
	free(laddress);
}

static void person_index_release(struct person_index *pi)
{
	hashmap_release(&pi->names);
	hashmap_release(&pi->addresses);
}

/* What maint_recipients() keeps while it goes, as get_maintainer.pl does. */
struct recipients_state {
	const struct maintainers *m;
	struct maint_recipients people, lists;
	struct person_index pushed;		/* people pushed -> index in people */
	struct person_index spelled;		/* -> index in dedup */
	struct hashmap list_addresses;		/* lowercase -> index in lists */
	char **dedup;						/* "Name <mail>" seen first */
	size_t nr_dedup, alloc_dedup;
};

static void add_recipient(struct maint_recipients *r, char *addr, enum maint_role role)
{
	ALLOC_GROW(r->v, r->nr + 1, r->alloc);
	r->v[r->nr].addr = addr;
	r->v[r->nr++].role = role;
}

/* push_email_address(): a person, unless their name or address is there already. */
static void push_person(struct recipients_state *st, const char *text, enum maint_role role)
{
	char *name, *address;
	size_t i;

	addr_parse(text, &name, &address);
	if (*address) {
		i = person_find(&st->pushed, name, address);
		if (i == (size_t)-1) {
			person_add(&st->pushed, name, address, st->people.nr);
			add_recipient(&st->people, addr_format(name, address), role);
		} else if (role > st->people.v[i].role) {
			st->people.v[i].role = role;
		}
	}
	free(name);
	free(address);
}

/*
 * push_email_addresses(): one address, or a list of them separated by
 * commas outside quotes, angle brackets and parentheses when each part is an
 * address; else the whole value as one.
 */
static void push_people(struct recipients_state *st, const char *value, enum maint_role role)
{
	const char *p, *start = value;
	char **parts = NULL;
	size_t nr = 0, alloc = 0, i;
	int nest = 0;
	bool quoted = false, all = true;

	for (p = value;; p++) {
		if (*p == '"' && (p == value || p[-1] != '\\'))
			quoted = !quoted;
		else if (!quoted && (*p == '<' || *p == '('))
			nest++;
		else if (!quoted && (*p == '>' || *p == ')') && nest)
			nest--;
		if (!*p || (*p == ',' && !quoted && !nest)) {
			char *part = xstrndup(start, (size_t)(p - start));

			all &= strchr(part, '@') != NULL;
			ALLOC_GROW(parts, nr + 1, alloc);
			parts[nr++] = part;
			start = p + 1;
		}
		if (!*p)
			break;
	}
	if (nr > 1 && all)
		for (i = 0; i < nr; i++)
			push_person(st, parts[i], role);
	else
		push_person(st, value, role);
	for (i = 0; i < nr; i++)
		free(parts[i]);
	free(parts);
}

/* add_categories(): the section's M:, R: and L: in their order. */
static void add_section(struct recipients_state *st, const struct maint_section *s)
{
	size_t j;

	for (j = 0; j < s->nr_tags; j++) {
		const struct maint_tag *t = &s->tags[j];

		if (t->type == 'M' || t->type == 'R') {
			push_people(st, t->value, t->type == 'M' ? MAINT_MAINTAINER : MAINT_REVIEWER);
		} else if (t->type == 'L') {
			const char *v = t->value, *sp = v;
			char *list, *lower;

			while (*sp && !is_space(*sp))
				sp++;
			/*
			 * "list (moderated ...)"; get_maintainer.pl takes the first word
			 * of "Team Name <list>" for the list: acqrel takes the address
			 */
			if (strchr(sp, '<') && strchr(sp, '@')) {
				char *name, *address;

				addr_parse(v, &name, &address);
				list = addr_format(name, address);
				lower = lowercase(address);
				free(name);
				free(address);
			} else {
				const char *more = sp;

				while (is_space(*more))
					more++;
				if (*sp && *more && strstr(more, "subscribers-only"))
					continue;
				list = xstrndup(v, (size_t)(sp - v));
				lower = lowercase(list);
			}
			if (*list && hashmap_get(&st->list_addresses, lower) == (size_t)-1) {
				hashmap_put(&st->list_addresses, lower, st->lists.nr);
				add_recipient(&st->lists, list, MAINT_LIST);
			} else {
				free(list);
			}
			free(lower);
		}
	}
}

/* deduplicate_email(): the .mailmap applied, and one spelling per name or address. Takes ownership. */
static char *dedup_email(struct recipients_state *st, char *email)
{
	char *name, *address, *mapped = mailmap_map(&st->m->mailmap, email);
	size_t i;

	free(email);
	addr_parse(mapped, &name, &address);
	free(mapped);
	i = person_find(&st->spelled, name, address);
	if (i == (size_t)-1) {
		i = st->nr_dedup;
		person_add(&st->spelled, name, address, i);
		ALLOC_GROW(st->dedup, st->nr_dedup + 1, st->alloc_dedup);
		st->dedup[st->nr_dedup++] = addr_format(name, address);
	}
	free(name);
	free(address);
	return mailmap_map(&st->m->mailmap, st->dedup[i]);
}

/* The path a "--- a/x" or "+++ b/x" line names, as get_maintainer.pl reads a patch. */
static bool file_header(const char *line)
{
	const char *p;

	if (strncmp(line, "+++", 3) && strncmp(line, "---", 3))
		return false;
	for (p = line + 3; is_space(*p); p++)
		;
	return p > line + 3 && *p && !is_space(*p);
}

/* ^\@\@ -(\d+),(\d+): a hunk header get_maintainer.pl reads for its ranges. */
static bool hunk_header(const char *line)
{
	size_t n;

	if (strncmp(line, "@@ -", 4))
		return false;
	n = strspn(line + 4, "0123456789");
	return n && line[4 + n] == ',' && line[5 + n] >= '0' && line[5 + n] <= '9';
}

/* The lines of a diff get_maintainer.pl matches K: keywords on, matched. */
static void keyword_tvs(const struct maintainers *m, const char *diff, bool *hit_by_tv, size_t nr_tv)
{
	bool in_diff = false;
	const char *p = diff;

	while (p && *p) {
		size_t n = strcspn(p, "\n"), i, j;
		char *line = xstrndup(p, n);

		p += n + (p[n] == '\n');
		if (!strncmp(line, "diff --git a/", 13) || !strncmp(line, "rename from ", 12) ||
		    !strncmp(line, "rename to ", 10) || !strncmp(line, " mode change ", 13) ||
		    !strncmp(line, "Fixes:", 6) || hunk_header(line)) {
			free(line);
			continue;
		}
		if (file_header(line)) {
			in_diff = true;
			free(line);
			continue;
		}
		for (i = 0; i < m->nr; i++) {
			for (j = 0; j < m->v[i].nr_tags; j++) {
				const struct maint_tag *t = &m->v[i].tags[j];
				const regex_t *re = in_diff ? t->re_diff : t->re;

				if (t->type == 'K' && re && t->tv < nr_tv && !hit_by_tv[t->tv] &&
				    !regexec(re, line, 0, NULL, 0))
					hit_by_tv[t->tv] = true;
			}
		}
		free(line);
	}
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct section_hit {
	size_t section;
	int depth;
};

/* Deepest first; in the file's order when as deep (get_maintainer.pl leaves that to chance). */
static int by_depth(const void *a, const void *b)
{
	const struct section_hit *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth < y->depth ? 1 : -1;
	return x->section < y->section ? -1 : x->section > y->section;
}

void maint_recipients(const struct maintainers *m, const char *const *paths, size_t n,
		      const char *diff, struct maint_recipients *out)
{
	struct recipients_state st;
	struct section_hit *hits = xcalloc(m->nr ? m->nr : 1, sizeof(*hits));
	char **files = xcalloc(n ? n : 1, sizeof(*files));
	size_t i, k, nr_hits, nr_tv = 0;
	bool *kw;
	const struct maint_section **of_tv;	/* the section of each K: line */
	char **tvs = NULL;
	size_t nr_tvs = 0, alloc_tvs = 0;
	int depth, rank;

	memset(&st, 0, sizeof(st));
	st.m = m;
	for (i = 0; i < n; i++)
		files[i] = xstrdup(paths[i]);
	qsort(files, n, sizeof(*files), by_string);
	for (i = 0; i < n; i++) {
		if (i && !strcmp(files[i], files[i - 1]))
			continue;
		nr_hits = 0;
		for (k = 0; k < m->nr; k++) {
			if (section_match(&m->v[k], files[i], &depth, &rank)) {
				hits[nr_hits].section = k;
				hits[nr_hits++].depth = depth;
			}
		}
		qsort(hits, nr_hits, sizeof(*hits), by_depth);
		for (k = 0; k < nr_hits; k++)
			add_section(&st, &m->v[hits[k].section]);
	}
	/* K: keywords, in get_maintainer.pl's order: their line indexes sorted as strings */
	for (i = 0; i < m->nr; i++)
		for (k = 0; k < m->v[i].nr_tags; k++)
			if (m->v[i].tags[k].tv + 1 > nr_tv)
				nr_tv = m->v[i].tags[k].tv + 1;
	kw = xcalloc(nr_tv + 1, sizeof(*kw));
	of_tv = xcalloc(nr_tv + 1, sizeof(*of_tv));
	for (i = 0; i < m->nr; i++)
		for (k = 0; k < m->v[i].nr_tags; k++)
			of_tv[m->v[i].tags[k].tv] = &m->v[i];
	if (diff)
		keyword_tvs(m, diff, kw, nr_tv);
	for (i = 0; i < nr_tv; i++) {
		if (!kw[i])
			continue;
		ALLOC_GROW(tvs, nr_tvs + 1, alloc_tvs);
		tvs[nr_tvs++] = xasprintf("%zu", i);
	}
	if (nr_tvs)
		qsort(tvs, nr_tvs, sizeof(*tvs), by_string);
	for (i = 0; i < nr_tvs; i++) {
		add_section(&st, of_tv[strtoul(tvs[i], NULL, 10)]);
		free(tvs[i]);
	}
	free(tvs);
	free(of_tv);
	free(kw);
	/* one spelling per person, Linus left out, each address once */
	for (i = 0; i < st.people.nr + st.lists.nr; i++) {
		struct maint_recipient *r = i < st.people.nr ? &st.people.v[i]
							    : &st.lists.v[i - st.people.nr];
		const struct maint_recipient *had = NULL;

		r->addr = dedup_email(&st, r->addr);
		if (i < st.people.nr && strstr(r->addr, "Linus Torvalds <torvalds@linux-foundation.org>"))
			continue;
		for (k = 0; k < out->nr && !had; k++)
			if (!strcmp(out->v[k].addr, r->addr))
				had = &out->v[k];
		if (had && r->role > had->role)
			out->v[had - out->v].role = r->role;
		else if (!had)
			add_recipient(out, xstrdup(r->addr), r->role);
	}
	maint_recipients_release(&st.people);
	maint_recipients_release(&st.lists);
	person_index_release(&st.pushed);
	person_index_release(&st.spelled);
	hashmap_release(&st.list_addresses);
	for (i = 0; i < st.nr_dedup; i++)
		free(st.dedup[i]);
	free(st.dedup);
	for (i = 0; i < n; i++)
		free(files[i]);
	free(files);
	free(hits);
}

void maint_recipients_release(struct maint_recipients *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		free(r->v[i].addr);
	free(r->v);
	memset(r, 0, sizeof(*r));
}
