/*
 * kbuild.c: which architectures can build a file, from the tree's
 * Makefiles and Kconfig files (see kbuild.h).
 *
 * Four rules, each conservative (what it cannot read allows every
 * variant):
 * - the Makefile rule: the lines of a folder's Makefile (and Kbuild) that
 *   name an object, obj-y/obj-m/obj-$(CONFIG_X) or a composite object's
 *   NAME-y/NAME-objs/NAME-$(CONFIG_X); a folder is built by its parent's
 *   line that names "folder/"; an object no line of its folder names may
 *   be named "folder/obj" by the parent's;
 * - the Kconfig rule: a symbol can only be set where some Kconfig file
 *   defines it (a file under arch/NAME/ is NAME's alone, one under
 *   arch/NAME/um/ UML's, which sources it for its host), under the
 *   "depends on" lines of that entry and the "if" and "choice" blocks
 *   around it;
 * - the select rule: a symbol without prompt or default only where an
 *   entry that selects it can be set;
 * - the variant rule: where the configuration a variant is read under
 *   names CONFIG_X (x86-64 names CONFIG_X86_64), the architecture's other
 *   variants are the ones without X.
 * Every walk is bounded in depth; a symbol met again while it is being
 * read allows every variant.
 */
#include "kbuild.h"
#include "cost.h"
#include "hash.h"
#include "strbuf.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FILE_BYTES		(4 << 20)
#define MAX_DEPTH		16
#define MAX_IF_DEPTH		32
#define MAX_KCONFIG_FILES	20000

struct kdef {
	char *arch;		/* owned: the arch/ folder of the Kconfig, or NULL */
	char **deps;		/* owned: "depends on" and enclosing "if" and
				   "choice" expressions */
	size_t nr_deps, alloc_deps;
	bool prompt;		/* a user can set it ("bool "text"", "prompt") */
	bool dflt;		/* it has a default (default, def_bool, def_tristate) */
	bool dflt_always;	/* one that always sets it ("def_bool y", a number) */
	char **conds;		/* owned: the conditions of its other defaults
				   ("def_bool ARM64 || X86", "default y if X") */
	size_t nr_conds, alloc_conds;
};

struct ksym {
	char *name;		/* owned */
	struct kdef *defs;
	size_t nr, alloc;
	struct ksel { size_t sym, def; } *selectors;	/* owned: the entries (symbol
				   and its definition) whose "select" names it */
	size_t nr_sel, alloc_sel;
};

struct kbuild {
	char *root;
	const struct cost_variant *v;
	size_t nr_v;
	uint64_t all;
	bool indexed;
	struct hashmap sym_index;	/* symbol -> syms[] */
	struct ksym *syms;
	size_t nr_syms, alloc_syms;
	struct hashmap memo;		/* "S:SYM" or "O:dir\nobj" -> masks[] */
	uint64_t *masks;
	bool *forgotten;		/* masks[i] was cut short: read it again */
	size_t nr_masks, alloc_masks, alloc_forgotten;
	unsigned long cut;		/* answers the depth bound cut short, so far */
};

struct kbuild *kbuild_new(const char *root, const struct cost_variant *v, size_t nr)
{
	struct kbuild *kb = xcalloc(1, sizeof(*kb));

	kb->root = xstrdup(root);
	kb->v = v;
	kb->nr_v = nr;
	kb->all = nr >= 64 ? UINT64_MAX : ((uint64_t)1 << nr) - 1;
	return kb;
}

void kbuild_free(struct kbuild *kb)
{
	size_t i, d, k;

	if (!kb)
		return;
	for (i = 0; i < kb->nr_syms; i++) {
		for (d = 0; d < kb->syms[i].nr; d++) {
			struct kdef *def = &kb->syms[i].defs[d];

			for (k = 0; k < def->nr_deps; k++)
				free(def->deps[k]);
			free(def->deps);
			for (k = 0; k < def->nr_conds; k++)
				free(def->conds[k]);
			free(def->conds);
			free(def->arch);
		}
		free(kb->syms[i].defs);
		free(kb->syms[i].selectors);
		free(kb->syms[i].name);
	}
	free(kb->syms);
	hashmap_release(&kb->sym_index);
	hashmap_release(&kb->memo);
	free(kb->masks);
	free(kb->forgotten);
	free(kb->root);
	free(kb);
}

static char *read_file(const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, path, MAX_FILE_BYTES))
		return NULL;
	return strbuf_detach(&sb);
}

/*
 * The end of the logical line at p (the '\n' or the NUL): a backslash
 * before a newline joins the next line, both turned into blanks.
 */
static char *line_end(char *p)
{
	char *end = strchr(p, '\n');

	if (!end)
		return p + strlen(p);
	while (end > p && end[-1] == '\\') {
		end[-1] = ' ';
		*end = ' ';
		end = strchr(end, '\n');
		if (!end)
			return p + strlen(p);
	}
	return end;
}

/* The architecture folder of a path relative to the root, or NULL. */
static char *arch_of(const char *rel)
{
	const char *s;

	if (strncmp(rel, "arch/", 5) || !(s = strchr(rel + 5, '/')))
		return NULL;
	return xstrndup(rel + 5, (size_t)(s - rel - 5));
}

static uint64_t arch_mask(const struct kbuild *kb, const char *arch)
{
	uint64_t m = 0;
	size_t i;

	if (!arch)
		return kb->all;
	for (i = 0; i < kb->nr_v && i < 64; i++)
		if (!strcmp(kb->v[i].arch, arch))
			m |= (uint64_t)1 << i;
	return kb->nr_v > 64 ? kb->all : m;
}

/* Whether the configuration of v names CONFIG_sym as one of its words. */
static bool variant_names(const struct cost_variant *v, const char *sym)
{
	const char *c = v->config;
	size_t n = strlen(sym);

	while (c && (c = strstr(c, "CONFIG_"))) {
		c += 7;
		if (!strncmp(c, sym, n) && (!c[n] || c[n] == ' ' || c[n] == '='))
			return true;
	}
	return false;
}

/* The variant rule: of an architecture whose variants differ in CONFIG_sym, those with it. */
static uint64_t variant_rule(const struct kbuild *kb, const char *sym, uint64_t m)
{
	size_t i, k;

	if (kb->nr_v > 64)
		return m;
	for (i = 0; i < kb->nr_v; i++) {
		bool named = false;

		for (k = 0; k < kb->nr_v; k++)
			named |= !strcmp(kb->v[k].arch, kb->v[i].arch) && variant_names(&kb->v[k], sym);
		if (named && !variant_names(&kb->v[i], sym))
			m &= ~((uint64_t)1 << i);
	}
	return m;
}

/* ---------------------------------------------------------------- Kconfig */

/* The index of sym in kb->syms, added without a definition when it is new. */
static size_t sym_at(struct kbuild *kb, const char *sym)
{
	size_t i = hashmap_get(&kb->sym_index, sym);

	if (i == (size_t)-1) {
		ALLOC_GROW(kb->syms, kb->nr_syms + 1, kb->alloc_syms);
		i = kb->nr_syms++;
		memset(&kb->syms[i], 0, sizeof(kb->syms[i]));
		kb->syms[i].name = xstrdup(sym);
		hashmap_put(&kb->sym_index, sym, i);
	}
	return i;
}

static struct kdef *add_def(struct kbuild *kb, const char *sym, const char *rel)
{
	size_t i = sym_at(kb, sym);	/* first: it may move kb->syms */
	struct ksym *s = &kb->syms[i];
	struct kdef *d;

	ALLOC_GROW(s->defs, s->nr + 1, s->alloc);
	d = &s->defs[s->nr++];
	memset(d, 0, sizeof(*d));
	d->arch = arch_of(rel);
	/* UML reads its host's arch/HOST/um/Kconfig (arch/um/Kconfig sources it): um's */
	if (d->arch && !strncmp(rel + 5 + strlen(d->arch), "/um/", 4)) {
		free(d->arch);
		d->arch = xstrdup("um");
	}
	return d;
}

static void add_dep(struct kdef *d, const char *expr, size_t n)
{
	ALLOC_GROW(d->deps, d->nr_deps + 1, d->alloc_deps);
	d->deps[d->nr_deps++] = xstrndup(expr, n);
}

static unsigned indent_of(const char *s, size_t n)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		col = s[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

/* Whether line (past its indentation) starts with keyword kw as a word. */
static bool keyword(const char *line, size_t n, const char *kw)
{
	size_t k = strlen(kw);

	return n >= k && !strncmp(line, kw, k) && (n == k || isspace((unsigned char)line[k]));
}

/* "select X" in definition def of the symbol at index from: X's selectors get it. */
static void add_selector(struct kbuild *kb, size_t from, size_t def, const char *arg)
{
	size_t n = strcspn(arg, " \t"), to;
	char *sym = xstrndup(arg, n);
	struct ksym *s;

	to = sym_at(kb, sym);
	s = &kb->syms[to];
	ALLOC_GROW(s->selectors, s->nr_sel + 1, s->alloc_sel);
	s->selectors[s->nr_sel].sym = from;
	s->selectors[s->nr_sel++].def = def;
	free(sym);
}

/*
 * The Kconfig rule: reads one Kconfig file's entries, their depends, if
 * and choice blocks (a choice's "depends on" holds for every entry in it:
 * PPC_BOOK3S_64 sits in a choice that depends on PPC64), their prompts,
 * defaults and selects.
 */
/*
 * Records the default "VALUE [if EXPR]" of d: y or m sets the symbol when
 * EXPR holds (always without one), n never; a symbol expression as VALUE
 * when it and EXPR hold; a number or a string always.
 */
static void add_default(struct kdef *d, const char *arg)
{
	const char *cond = NULL, *q;
	char *value, *c;
	size_t n;

	for (q = arg; (q = strstr(q, " if")); q++)
		if (isspace((unsigned char)q[3])) {
			cond = q + 4 + strspn(q + 4, " \t");
			break;
		}
	n = q ? (size_t)(q - arg) : strlen(arg);
	while (n && isspace((unsigned char)arg[n - 1]))
		n--;
	value = xstrndup(arg, n);
	if (!strcmp(value, "n")) {
		free(value);
		return;
	}
	if (!strcmp(value, "y") || !strcmp(value, "m")) {
		c = cond ? xstrdup(cond) : NULL;
	} else if (!*value || *value == '"' || isdigit((unsigned char)*value) || *value == '-') {
		c = NULL;
	} else {
		c = cond ? xasprintf("(%s) && (%s)", value, cond) : xstrdup(value);
	}
	free(value);
	if (!c) {
		d->dflt_always = true;
		return;
	}
	ALLOC_GROW(d->conds, d->nr_conds + 1, d->alloc_conds);
	d->conds[d->nr_conds++] = c;
}

static void read_kconfig(struct kbuild *kb, const char *rel, char *text)
{
	char *ifs[MAX_IF_DEPTH];
	size_t nr_ifs = 0, depth = 0, k, cur_sym = 0;
	struct kdef *cur = NULL;
	bool in_help = false, choice_head = false;
	unsigned help_indent = 0;
	char *p = text;

	while (*p) {
		char *end = line_end(p), *s, *line, *arg;
		size_t len, n;

		len = (size_t)(end - p);
		s = p + strspn(p, " \t");
		n = (size_t)(end - s);
		while (n && isspace((unsigned char)s[n - 1]))
			n--;
		if (in_help) {
			if (!n || indent_of(p, len) > help_indent)
				goto next;
			in_help = false;
		}
		/* the line, trimmed and ended, so that nothing reads past it */
		line = xstrndup(s, n);
		arg = line + strcspn(line, " \t");
		arg += strspn(arg, " \t");
		if (keyword(line, n, "config") || keyword(line, n, "menuconfig")) {
			cur = add_def(kb, arg, rel);
			cur_sym = sym_at(kb, arg);
			choice_head = false;
			for (k = 0; k < nr_ifs; k++)
				add_dep(cur, ifs[k], strlen(ifs[k]));
		} else if (keyword(line, n, "depends")) {
			if ((cur || (choice_head && nr_ifs)) && !strncmp(arg, "on", 2) &&
			    isspace((unsigned char)arg[2])) {
				arg += 3;
				arg += strspn(arg, " \t");
				if (cur) {
					add_dep(cur, arg, strlen(arg));
				} else {
					/* the choice's own: every entry in it depends on it */
					char *all = *ifs[nr_ifs - 1] ?
						    xasprintf("(%s) && (%s)", ifs[nr_ifs - 1], arg) :
						    xstrdup(arg);

					free(ifs[nr_ifs - 1]);
					ifs[nr_ifs - 1] = all;
				}
			}
		} else if (keyword(line, n, "if") || keyword(line, n, "choice") ||
			   keyword(line, n, "menu")) {
			/*
			 * a choice or a menu is an if block whose condition its
			 * depends on lines give ("menu \"Xen driver support\"
			 * depends on XEN": every entry in it depends on XEN)
			 */
			choice_head = !keyword(line, n, "if") && depth < MAX_IF_DEPTH;
			if (depth++ < MAX_IF_DEPTH)
				ifs[nr_ifs++] = xstrdup(choice_head ? "" : arg);
			cur = NULL;
		} else if (keyword(line, n, "endif") || keyword(line, n, "endchoice") ||
			   keyword(line, n, "endmenu")) {
			if (depth && depth-- <= MAX_IF_DEPTH)
				free(ifs[--nr_ifs]);
			cur = NULL;
			choice_head = false;
		} else if (keyword(line, n, "help") || keyword(line, n, "---help---")) {
			in_help = true;
			help_indent = indent_of(p, len);
		} else if (cur && (keyword(line, n, "bool") || keyword(line, n, "tristate") ||
				   keyword(line, n, "prompt"))) {
			cur->prompt |= *arg == '"' || keyword(line, n, "prompt");
		} else if (cur && (keyword(line, n, "default") || keyword(line, n, "def_bool") ||
				   keyword(line, n, "def_tristate"))) {
			cur->dflt = true;
			add_default(cur, arg);
		} else if (cur && keyword(line, n, "select") && *arg) {
			/* kb->syms may move; cur points into its own defs array, which does not */
			add_selector(kb, cur_sym, kb->syms[cur_sym].nr - 1, arg);
		} else if (keyword(line, n, "comment") || keyword(line, n, "source") ||
			   keyword(line, n, "mainmenu")) {
			cur = NULL;
			choice_head = false;
		}
		free(line);
next:
		p = *end ? end + 1 : end;
	}
	for (k = 0; k < nr_ifs; k++)
		free(ifs[k]);
}

/* Every Kconfig* file of the tree, read once (folders walked with a list, not recursion). */
static void index_kconfig(struct kbuild *kb)
{
	char **todo = NULL;
	size_t nr = 0, alloc = 0, files = 0;

	kb->indexed = true;
	ALLOC_GROW(todo, nr + 1, alloc);
	todo[nr++] = xstrdup("");
	while (nr) {
		char *rel = todo[--nr];
		char *dir = *rel ? xasprintf("%s/%s", kb->root, rel) : xstrdup(kb->root);
		DIR *d = opendir(dir);
		struct dirent *de;

		while (d && (de = readdir(d))) {
			char *path, *sub;
			struct stat st;

			if (de->d_name[0] == '.')
				continue;
			path = xasprintf("%s/%s", dir, de->d_name);
			sub = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
			if (lstat(path, &st)) {
				/* gone since readdir(): nothing to read */
			} else if (S_ISDIR(st.st_mode)) {
				ALLOC_GROW(todo, nr + 1, alloc);
				todo[nr++] = sub;
				sub = NULL;
			} else if (S_ISREG(st.st_mode) && !strncmp(de->d_name, "Kconfig", 7) &&
				   files++ < MAX_KCONFIG_FILES) {
				char *text = read_file(path);

				if (text)
					read_kconfig(kb, sub, text);
				free(text);
			}
			free(sub);
			free(path);
		}
		if (d)
			closedir(d);
		free(dir);
		free(rel);
	}
	free(todo);
}

static uint64_t memo_get(const struct kbuild *kb, const char *key, bool *found)
{
	size_t i = hashmap_get(&kb->memo, key);

	*found = i != (size_t)-1 && !kb->forgotten[i];
	return *found ? kb->masks[i] : 0;
}

static void memo_put(struct kbuild *kb, const char *key, uint64_t m)
{
	size_t i = hashmap_get(&kb->memo, key);

	if (i == (size_t)-1) {
		ALLOC_GROW(kb->masks, kb->nr_masks + 1, kb->alloc_masks);
		ALLOC_GROW(kb->forgotten, kb->nr_masks + 1, kb->alloc_forgotten);
		i = kb->nr_masks++;
		hashmap_put(&kb->memo, key, i);
	}
	kb->masks[i] = m;
	kb->forgotten[i] = false;
}

/*
 * Keeps m as key's answer unless the depth bound cut part of it short
 * since cut_before: such an answer holds for this question only, and
 * another one, asked nearer the top, reads the symbol again (else a
 * symbol first met deep in a chain would keep every variant for good).
 */
static void memo_done(struct kbuild *kb, const char *key, uint64_t m, unsigned long cut_before)
{
	memo_put(kb, key, m);
	if (kb->cut != cut_before)
		kb->forgotten[hashmap_get(&kb->memo, key)] = true;
}

/* The depth bound's answer: every variant, and the answers that use it are not kept. */
static uint64_t cut_short(struct kbuild *kb)
{
	kb->cut++;
	return kb->all;
}

static uint64_t sym_mask(struct kbuild *kb, const char *sym, unsigned depth);

/* Trims s[0..*n) of blanks and of parentheses around all of it. */
static const char *trim_expr(const char *s, size_t *n)
{
	for (;;) {
		size_t i, level = 0;
		bool whole = true;

		while (*n && isspace((unsigned char)*s))
			s++, (*n)--;
		while (*n && isspace((unsigned char)s[*n - 1]))
			(*n)--;
		if (*n < 2 || s[0] != '(' || s[*n - 1] != ')')
			return s;
		for (i = 0; i < *n; i++) {
			level += s[i] == '(';
			level -= s[i] == ')' && level;
			if (!level && i + 1 < *n)
				whole = false;
		}
		if (!whole)
			return s;
		s++;
		*n -= 2;
	}
}

/* The top-level position of op ("&&", "||") in s[from..n), or n. */
static size_t find_op(const char *s, size_t n, size_t from, const char *op)
{
	size_t i, level = 0;

	for (i = from; i + 1 < n; i++) {
		if (s[i] == '(')
			level++;
		else if (s[i] == ')' && level)
			level--;
		else if (!level && s[i] == op[0] && s[i + 1] == op[1])
			return i;
	}
	return n;
}

/* The variants where a "depends on" expression can hold: || and &&, symbols. */
/*
 * The architecture whose own symbol s[0..n) is, or NULL: defined once, in
 * arch/ARCH/Kconfig, with no prompt and no dependency, always set
 * ("config ARM64 def_bool y"), so that !ARM64 holds on every other
 * architecture and on none of ARCH's variants.
 */
static const char *arch_symbol(struct kbuild *kb, const char *s, size_t n)
{
	const struct kdef *d;
	char *sym;
	size_t i;

	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return NULL;
	if (!kb->indexed)
		index_kconfig(kb);
	sym = xstrndup(s, n);
	i = hashmap_get(&kb->sym_index, sym);
	free(sym);
	if (i == (size_t)-1 || kb->syms[i].nr != 1)
		return NULL;
	d = &kb->syms[i].defs[0];
	if (!d->arch || d->prompt || !d->dflt_always || d->nr_deps || d->nr_conds)
		return NULL;
	return d->arch;
}

static uint64_t expr_mask(struct kbuild *kb, const char *s, size_t n, unsigned depth)
{
	static const char *const ops[] = { "||", "&&" };
	size_t o, i;

	s = trim_expr(s, &n);
	if (depth > MAX_DEPTH)
		return cut_short(kb);
	if (!n)
		return kb->all;
	for (o = 0; o < 2; o++) {
		size_t start = 0, at = find_op(s, n, 0, ops[o]);
		uint64_t m = o ? kb->all : 0;

		if (at == n)
			continue;
		for (;;) {
			size_t len = at - start;
			const char *term = trim_expr(s + start, &len);
			/*
			 * "ARM || COMPILE_TEST": elsewhere the driver is only
			 * build-tested, never run, so its cost is ARM's
			 */
			uint64_t t = !o && len == 12 && !memcmp(term, "COMPILE_TEST", 12) ? 0
				     : expr_mask(kb, s + start, at - start, depth + 1);

			m = o ? m & t : m | t;
			if (at == n)
				return m;
			start = at + 2;
			at = find_op(s, n, start, ops[o]);
		}
	}
	/* "!ARM64": every variant but the architecture's whose own symbol it is */
	if (n > 1 && s[0] == '!') {
		const char *arch = arch_symbol(kb, s + 1, n - 1);

		if (arch)
			return kb->all & ~arch_mask(kb, arch);
	}
	/* one term: a symbol, else (!X, X=y, a string) nothing known */
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return kb->all;
	if (n == 1 && strchr("ymn", s[0]))
		return kb->all;
	{
		char *sym = xstrndup(s, n);
		uint64_t m = sym_mask(kb, sym, depth + 1);

		free(sym);
		return m;
	}
}

/* The variants where definition d of the symbol at index i can hold: its arch/ and depends. */
static uint64_t def_mask(struct kbuild *kb, size_t i, size_t d, unsigned depth)
{
	uint64_t m = arch_mask(kb, kb->syms[i].defs[d].arch);
	size_t k;

	/* kb->syms may move while a dependency is read: index, never pointer */
	for (k = 0; k < kb->syms[i].defs[d].nr_deps; k++) {
		const char *e = kb->syms[i].defs[d].deps[k];

		m &= expr_mask(kb, e, strlen(e), depth + 1);
	}
	return m;
}

/*
 * The select rule: a symbol no user can set (no prompt) and without a
 * default is set only by the "select" of another entry
 * (KVM_BOOK3S_64_HANDLER by KVM_BOOK3S_64), so only where one of those
 * entries can hold (arm64's EFI selects ARCH_SUPPORTS_ACPI; arm's EFI
 * does not). Anything else: every variant.
 */
static uint64_t select_mask(struct kbuild *kb, size_t i, unsigned depth)
{
	uint64_t m = 0;
	size_t d, k;
	bool dflt = false;

	if (depth > MAX_DEPTH)
		return cut_short(kb);
	for (d = 0; d < kb->syms[i].nr; d++) {
		if (kb->syms[i].defs[d].prompt || kb->syms[i].defs[d].dflt_always)
			return kb->all;
		dflt |= kb->syms[i].defs[d].dflt;
	}
	if (!kb->syms[i].nr_sel && !dflt)
		return kb->all;
	/* the default rule: where one of its defaults' conditions can hold */
	for (d = 0; d < kb->syms[i].nr && m != kb->all; d++)
		for (k = 0; k < kb->syms[i].defs[d].nr_conds && m != kb->all; k++) {
			const char *e = kb->syms[i].defs[d].conds[k];

			m |= expr_mask(kb, e, strlen(e), depth + 1);
		}
	for (k = 0; k < kb->syms[i].nr_sel && m != kb->all; k++) {
		struct ksel sel = kb->syms[i].selectors[k];
		/* the selecting symbol's own rules too (FORCE_PCI is selected in turn) */
		uint64_t whole = sym_mask(kb, kb->syms[sel.sym].name, depth + 1);

		m |= whole & def_mask(kb, sel.sym, sel.def, depth + 1);
	}
	return m;
}

static uint64_t sym_mask(struct kbuild *kb, const char *sym, unsigned depth)
{
	char *key = xasprintf("S:%s", sym);
	uint64_t m = 0;
	unsigned long cut_before = kb->cut;
	size_t i, d;
	bool found;

	m = memo_get(kb, key, &found);
	if (found) {
		free(key);
		return m;
	}
	if (!kb->indexed)
		index_kconfig(kb);
	i = hashmap_get(&kb->sym_index, sym);
	if (depth > MAX_DEPTH) {
		free(key);
		return cut_short(kb);
	}
	/* only selected or named in a select, never defined: nothing known */
	if (i == (size_t)-1 || !kb->syms[i].nr) {
		free(key);
		return kb->all;
	}
	/* read again while being read (a cycle): every variant */
	memo_put(kb, key, kb->all);
	m = 0;
	for (d = 0; d < kb->syms[i].nr; d++)
		m |= def_mask(kb, i, d, depth);
	m &= select_mask(kb, i, depth);
	m = variant_rule(kb, sym, m);
	memo_done(kb, key, m, cut_before);
	free(key);
	return m;
}

/* ---------------------------------------------------------------- Makefiles */

static uint64_t obj_mask(struct kbuild *kb, const char *dir, const char *obj, unsigned depth);

/* The variants that build folder dir: its line in the parent's Makefile. */
static uint64_t dir_mask(struct kbuild *kb, const char *dir, unsigned depth)
{
	const char *slash = strrchr(dir, '/');
	char *parent, *obj;
	uint64_t m;

	if (!slash)
		return kb->all;
	parent = xstrndup(dir, (size_t)(slash - dir));
	obj = xasprintf("%s/", slash + 1);
	m = obj_mask(kb, parent, obj, depth + 1);
	free(parent);
	free(obj);
	return m;
}

/*
 * What one Makefile line that names obj allows: lhs is obj-y, obj-m,
 * obj-$(CONFIG_X), lib-..., or a composite object's NAME-y, NAME-objs,
 * NAME-$(CONFIG_X). Anything else: every variant.
 */
static uint64_t line_mask(struct kbuild *kb, const char *dir, const char *obj, const char *lhs,
			  size_t n, unsigned depth)
{
	const char *dash = NULL, *cfg = "-$(CONFIG_";
	char *name, *sym = NULL;
	uint64_t m = kb->all;
	size_t i;

	for (i = 0; i + strlen(cfg) <= n; i++)
		if (!strncmp(lhs + i, cfg, strlen(cfg)))
			break;
	if (i + strlen(cfg) <= n && lhs[n - 1] == ')') {
		const char *s = lhs + i + strlen(cfg);
		size_t len = (size_t)(lhs + n - 1 - s), k;

		dash = lhs + i;
		for (k = 0; k < len; k++)
			if (!isalnum((unsigned char)s[k]) && s[k] != '_')
				return kb->all;
		sym = xstrndup(s, len);
	} else if (n > 2 && (!strncmp(lhs + n - 2, "-y", 2) || !strncmp(lhs + n - 2, "-m", 2))) {
		dash = lhs + n - 2;
	} else if (n > 5 && !strncmp(lhs + n - 5, "-objs", 5)) {
		dash = lhs + n - 5;
	} else {
		return kb->all;
	}
	name = xstrndup(lhs, (size_t)(dash - lhs));
	if (sym)
		m &= sym_mask(kb, sym, depth + 1);
	if (!strcmp(name, "obj") || !strcmp(name, "lib")) {
		m &= dir_mask(kb, dir, depth);
	} else {
		char *composite = xasprintf("%s.o", name);

		if (strcmp(composite, obj))
			m &= obj_mask(kb, dir, composite, depth + 1);
		free(composite);
	}
	free(name);
	free(sym);
	return m;
}

/*
 * Whether the words of s[0..n) hold word, or (path) a word that ends in
 * "/word" ("$(KVM)/kvm_main.o").
 */
static bool word_in(const char *s, size_t n, const char *word, bool path)
{
	size_t w = strlen(word), i = 0;

	while (i < n) {
		size_t len;

		while (i < n && isspace((unsigned char)s[i]))
			i++;
		len = 0;
		while (i + len < n && !isspace((unsigned char)s[i + len]))
			len++;
		if (len == w && !strncmp(s + i, word, w))
			return true;
		if (path && len > w && s[i + len - w - 1] == '/' && !strncmp(s + i + len - w, word, w))
			return true;
		i += len;
	}
	return false;
}

static bool has_word(const char *s, size_t n, const char *word)
{
	return word_in(s, n, word, false);
}

/* Whether the Makefile or Kbuild of folder rel includes $(srctree)/frag. */
static bool includes_fragment(const struct kbuild *kb, const char *rel, const char *frag)
{
	static const char *const names[] = { "Makefile", "Kbuild" };
	char *needle = xasprintf("$(srctree)/%s", frag);
	bool yes = false;
	size_t f;

	for (f = 0; f < 2 && !yes; f++) {
		char *path = xasprintf("%s/%s/%s", kb->root, rel, names[f]);
		char *text = read_file(path);

		yes = text && strstr(text, needle);
		free(text);
		free(path);
	}
	free(needle);
	return yes;
}

/*
 * The folders arch/NAME and arch/NAME/SUB whose Makefile or Kbuild
 * includes $(srctree)/frag (virt/kvm/Makefile.kvm, which each
 * architecture's kvm/Makefile includes), as *nr paths into *out (the
 * caller frees each and the array).
 */
static void fragment_includers(const struct kbuild *kb, const char *frag, char ***out, size_t *nr)
{
	char *top = xasprintf("%s/arch", kb->root);
	DIR *d = opendir(top), *sd;
	struct dirent *a, *b;
	size_t alloc = 0;

	*out = NULL;
	*nr = 0;
	while (d && (a = readdir(d))) {
		char *rel, *sub;

		if (a->d_name[0] == '.')
			continue;
		rel = xasprintf("arch/%s", a->d_name);
		if (includes_fragment(kb, rel, frag)) {
			ALLOC_GROW(*out, *nr + 1, alloc);
			(*out)[(*nr)++] = xstrdup(rel);
		}
		sub = xasprintf("%s/%s", top, a->d_name);
		sd = opendir(sub);
		while (sd && (b = readdir(sd))) {
			char *r2;

			if (b->d_name[0] == '.' || !strcmp(b->d_name, "include") ||
			    !strcmp(b->d_name, "boot"))
				continue;
			r2 = xasprintf("%s/%s", rel, b->d_name);
			if (includes_fragment(kb, r2, frag)) {
				ALLOC_GROW(*out, *nr + 1, alloc);
				(*out)[(*nr)++] = r2;
			} else {
				free(r2);
			}
		}
		if (sd)
			closedir(sd);
		free(sub);
		free(rel);
	}
	if (d)
		closedir(d);
	free(top);
}

/*
 * A folder whose own Makefile does not name obj may list it in a Makefile
 * fragment (dir/Makefile.NAME) that architecture folders include: each
 * such line counts as if written in each includer's Makefile, for that
 * includer's architecture. *found tells whether one did.
 */
static uint64_t fragment_mask(struct kbuild *kb, const char *dir, const char *obj, unsigned depth,
			      bool *found)
{
	char *path = xasprintf("%s/%s", kb->root, dir);
	DIR *d = opendir(path);
	struct dirent *de;
	uint64_t m = 0;

	*found = false;
	while (d && (de = readdir(d))) {
		char *fp, *text, *p, *frag, **inc = NULL;
		size_t ni = 0, k;
		bool listed = false;

		if (strncmp(de->d_name, "Makefile.", 9))
			continue;
		fp = xasprintf("%s/%s", path, de->d_name);
		text = read_file(fp);
		free(fp);
		frag = xasprintf("%s/%s", dir, de->d_name);
		for (p = text; p && *p;) {
			char *end = line_end(p), *hash = memchr(p, '#', (size_t)(end - p)), *eq;

			if (hash)
				end = hash;
			eq = memchr(p, '=', (size_t)(end - p));
			if (eq && word_in(eq + 1, (size_t)(end - eq - 1), obj, true)) {
				const char *lhs = p + strspn(p, " \t"), *lend = eq;

				if (lend > lhs && strchr("+:?", lend[-1]))
					lend--;
				while (lend > lhs && isspace((unsigned char)lend[-1]))
					lend--;
				if (!listed) {
					fragment_includers(kb, frag, &inc, &ni);
					listed = true;
				}
				for (k = 0; k < ni; k++) {
					char *arch = arch_of(inc[k]), *slashed = NULL;

					if (!arch) {
						slashed = xasprintf("%s/", inc[k]);
						arch = arch_of(slashed);
					}
					*found = true;
					m |= arch_mask(kb, arch) &
					     line_mask(kb, inc[k], obj, lhs, (size_t)(lend - lhs), depth);
					free(arch);
					free(slashed);
				}
			}
			p = strchr(end, '\n');
			p = p ? p + 1 : NULL;
		}
		for (k = 0; k < ni; k++)
			free(inc[k]);
		free(inc);
		free(frag);
		free(text);
	}
	if (d)
		closedir(d);
	free(path);
	return m;
}

/* The Makefile rule: the union over the lines of dir's Makefile and Kbuild that name obj. */
static uint64_t obj_mask(struct kbuild *kb, const char *dir, const char *obj, unsigned depth)
{
	static const char *const names[] = { "Makefile", "Kbuild" };
	char *key = xasprintf("O:%s\n%s", dir, obj);
	uint64_t m = 0;
	unsigned long cut_before = kb->cut;
	bool found = false, seen;
	size_t f;

	m = memo_get(kb, key, &seen);
	if (seen || depth > MAX_DEPTH) {
		free(key);
		return seen ? m : cut_short(kb);
	}
	memo_put(kb, key, kb->all);
	m = 0;
	for (f = 0; f < 2; f++) {
		char *path = xasprintf("%s/%s/%s", kb->root, dir, names[f]);
		char *text = read_file(path), *p = text;

		free(path);
		while (p && *p) {
			char *end = line_end(p), *hash, *eq;

			hash = memchr(p, '#', (size_t)(end - p));
			if (hash)
				end = hash;
			eq = memchr(p, '=', (size_t)(end - p));
			if (eq && has_word(eq + 1, (size_t)(end - eq - 1), obj)) {
				const char *lhs = p + strspn(p, " \t");
				const char *lend = eq;

				if (lend > lhs && strchr("+:?", lend[-1]))
					lend--;
				while (lend > lhs && isspace((unsigned char)lend[-1]))
					lend--;
				found = true;
				m |= line_mask(kb, dir, obj, lhs, (size_t)(lend - lhs), depth);
			}
			p = strchr(end, '\n');
			p = p ? p + 1 : NULL;
		}
		free(text);
	}
	if (!found)
		m = fragment_mask(kb, dir, obj, depth, &found);
	if (!found) {
		/* a folder without its own line: the parent's Makefile may name folder/obj */
		const char *slash = strrchr(dir, '/');

		m = kb->all;
		if (slash) {
			char *parent = xstrndup(dir, (size_t)(slash - dir));
			char *sub = xasprintf("%s/%s", slash + 1, obj);

			m = obj_mask(kb, parent, sub, depth + 1);
			free(parent);
			free(sub);
		}
	}
	memo_done(kb, key, m, cut_before);
	free(key);
	return m;
}

uint64_t kbuild_file_variants(struct kbuild *kb, const char *rel)
{
	char *arch = arch_of(rel);
	uint64_t m = arch_mask(kb, arch);
	const char *slash = strrchr(rel, '/'), *dot = strrchr(rel, '.');

	free(arch);
	if (kb->nr_v > 64)
		return kb->all;
	if (slash && dot && dot > slash && (!strcmp(dot, ".c") || !strcmp(dot, ".S"))) {
		char *dir = xstrndup(rel, (size_t)(slash - rel));
		char *obj = xasprintf("%.*s.o", (int)(dot - slash - 1), slash + 1);

		m &= obj_mask(kb, dir, obj, 0);
		free(dir);
		free(obj);
	}
	return m;
}
