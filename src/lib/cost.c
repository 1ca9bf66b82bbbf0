/*
 * cost.c: each architecture's barriers, computed from the tree's headers.
 *
 * A small preprocessor (directives, object- and function-like macros with
 * # and ##, bounded in depth and size) reads arch/ARCH/include/asm/
 * barrier.h under a stated configuration; the expansion of each barrier
 * primitive is then read for what the CPU executes. Each header form it
 * understands is one named rule below: the leaf table (what READ_ONCE(),
 * barrier() and friends mean), the include rule, the lookup rule (a macro
 * the include chain leaves undefined), the asm rule, the size-switch rule,
 * the Kconfig-if rule, the volatile-access rule and the native-word rule.
 * A release and an acquire are read for each access size as well as for
 * the word.
 */
#include "cost.h"
#include "classify.h"
#include "hash.h"
#include "kbuild.h"
#include "strbuf.h"
#include "types.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Bounds: nothing here recurses or grows without one. */
#define MAX_INCLUDE_DEPTH	16
#define MAX_IF_DEPTH		64
#define MAX_EXPAND_DEPTH	32
#define MAX_EXPAND_STEPS	20000
#define MAX_TOKENS		20000
#define MAX_EXPR_DEPTH		64
#define MAX_HEADER_BYTES	(4 << 20)
#define LOOKUP_ROUNDS		3

/*
 * The configurations each architecture is read under. This is no table
 * of costs: it names the Kconfig choices that split an architecture's
 * barrier.h, and every variant also has CONFIG_SMP and __KERNEL__. An
 * architecture not named here is read once, with those two only.
 */
static const struct variant_rule {
	const char *arch, *name, *config;
} variant_rules[] = {
	{ "arm", NULL, "__LINUX_ARM_ARCH__=7" },
	{ "arm64", NULL, "CONFIG_64BIT __SIZEOF_LONG__=8" },
	{ "arc", NULL, "CONFIG_ISA_ARCV2" },
	{ "loongarch", NULL, "CONFIG_64BIT __SIZEOF_LONG__=8" },
	{ "mips", "mips64", "CONFIG_64BIT CONFIG_WEAK_ORDERING __SIZEOF_LONG__=8" },
	{ "mips", "octeon", "CONFIG_64BIT CONFIG_CPU_CAVIUM_OCTEON CONFIG_WEAK_ORDERING "
			    "CONFIG_WEAK_REORDERING_BEYOND_LLSC __SIZEOF_LONG__=8" },
	/* 64BIT is a prompt of arch/parisc/Kconfig: an 8-byte case is std,ma only there */
	{ "parisc", "parisc64", "CONFIG_64BIT __SIZEOF_LONG__=8" },
	{ "parisc", "parisc32", "__SIZEOF_LONG__=4" },
	{ "powerpc", "ppc64", "CONFIG_PPC64 CONFIG_64BIT __powerpc64__ __SIZEOF_LONG__=8" },
	{ "powerpc", "ppc32", "CONFIG_PPC32 __SIZEOF_LONG__=4" },
	/*
	 * 32-bit BookE writes mbar for smp_wmb(); e500mc's lwsync is a sync the
	 * kernel patches at boot (LWSYNC's fixup section), which a header
	 * cannot tell, so it is left out
	 */
	{ "powerpc", "ppc32-booke", "CONFIG_PPC32 CONFIG_BOOKE __SIZEOF_LONG__=4" },
	{ "riscv", "rv64", "CONFIG_64BIT __SIZEOF_LONG__=8" },
	{ "s390", NULL, "CONFIG_64BIT __SIZEOF_LONG__=8" },
	{ "sparc", "sparc64", "CONFIG_SPARC64 CONFIG_64BIT __sparc__ __arch64__ __SIZEOF_LONG__=8" },
	/* sparc32 reads asm/barrier_32.h, which is asm-generic's */
	{ "sparc", "sparc32", "CONFIG_SPARC32 __sparc__ __SIZEOF_LONG__=4" },
	{ "x86", "x86-64", "CONFIG_X86_64 CONFIG_64BIT __x86_64__ __SIZEOF_LONG__=8" },
	{ "x86", "x86-32", "CONFIG_X86_32 __SIZEOF_LONG__=4" },
};

/*
 * The leaf rule: names never expanded, for what they mean to the CPU.
 * READ_ONCE()/WRITE_ONCE() are one plain access (alpha's READ_ONCE() adds a
 * barrier that this does not see); the instrumentation calls compile to
 * nothing in a production build.
 */
enum leaf { LEAF_LOAD, LEAF_STORE, LEAF_COMPILER_BARRIER, LEAF_NOTHING };

static const struct leaf_rule {
	const char *name;
	enum leaf leaf;
	bool prefix;
} leaf_rules[] = {
	{ "READ_ONCE", LEAF_LOAD, false },
	{ "__READ_ONCE", LEAF_LOAD, false },
	{ "WRITE_ONCE", LEAF_STORE, false },
	{ "__WRITE_ONCE", LEAF_STORE, false },
	{ "barrier", LEAF_COMPILER_BARRIER, false },
	{ "kcsan_", LEAF_NOTHING, true },
	{ "kasan_check_", LEAF_NOTHING, true },
	{ "instrument_", LEAF_NOTHING, true },
	{ "compiletime_assert", LEAF_NOTHING, true },
	{ "__compiletime_assert", LEAF_NOTHING, true },
	{ "__unqual_scalar_typeof", LEAF_NOTHING, false },
	{ "typeof", LEAF_NOTHING, false },
	{ "__typeof__", LEAF_NOTHING, false },
	{ "sizeof", LEAF_NOTHING, false },
};

static const struct leaf_rule *leaf_of(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(leaf_rules); i++) {
		const struct leaf_rule *r = &leaf_rules[i];

		if (r->prefix ? !strncmp(name, r->name, strlen(r->name)) : !strcmp(name, r->name))
			return r;
	}
	return NULL;
}

/* C words that are no calls, where a name followed by '(' is not unresolved. */
static const char *const c_words[] = {
	"if", "while", "for", "return", "do", "switch", "case", "default", "break", "else",
	"union", "struct", "unsigned", "signed", "char", "short", "int", "long", "const",
	"volatile", "__volatile__", "void", "__force", "goto", "__builtin_expect",
};

static bool is_c_word(const char *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c_words); i++)
		if (!strcmp(s, c_words[i]))
			return true;
	return false;
}

/* ---------------------------------------------------------------- tokens */

enum tok_kind { T_IDENT, T_NUM, T_STR, T_CHAR, T_PUNCT };

struct macro;

struct hide {
	const struct macro *m;
	const struct hide *next;
};

struct tok {
	enum tok_kind kind;
	bool space;		/* whitespace before it */
	unsigned line;
	const char *text;	/* pool-owned */
	const char *file;	/* pool-owned, relative to the root */
	const struct hide *hide;
};

struct toks {
	struct tok *v;
	size_t nr, alloc;
};

struct macro {
	const char *name;
	bool func, variadic;
	const char **params;	/* variadic: the last is its name, or __VA_ARGS__ */
	size_t nr_params;
	struct toks body;
	const char *file;
	unsigned line;
};

/* Everything one variant's reading allocates, freed at once. */
struct pool {
	void **v;
	size_t nr, alloc;
};

struct pp {
	const char *root;
	const char *arch;
	struct pool pool;
	struct hashmap names;		/* macro name -> index into macros */
	struct macro **macros;		/* NULL where #undef'd */
	size_t nr_macros, alloc_macros;
	struct hashmap seen;		/* headers read once */
	struct hashmap funcs;		/* inline function name -> index into macros */
	char **named;			/* headers included but not followed, relative */
	size_t nr_named, alloc_named;
	unsigned steps;
	char *error;			/* first bound hit or unreadable header, owned */
};

static void *pool_alloc(struct pool *p, size_t n)
{
	void *m = xcalloc(1, n ? n : 1);

	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr++] = m;
	return m;
}

static char *pool_strndup(struct pool *p, const char *s, size_t n)
{
	char *m = pool_alloc(p, n + 1);

	memcpy(m, s, n);
	return m;
}

static void pool_release(struct pool *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++)
		free(p->v[i]);
	free(p->v);
	memset(p, 0, sizeof(*p));
}

static void toks_push(struct toks *t, const struct tok *k)
{
	ALLOC_GROW(t->v, t->nr + 1, t->alloc);
	t->v[t->nr++] = *k;
}

static void toks_release(struct toks *t)
{
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static void pp_fail(struct pp *pp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void pp_fail(struct pp *pp, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	if (pp->error)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	pp->error = s;
}

/*
 * Lexes one logical line of buf from *pos (comments already blanked):
 * backslash-newline is whitespace, the line ends at the next newline.
 */
static void lex_line(struct pp *pp, const char *buf, size_t len, size_t *pos, unsigned *line,
		     const char *file, struct toks *out)
{
	static const char *const puncts[] = {
		"...", "<<=", ">>=", "##", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "->",
		"++", "--", "+=", "-=", "*=", "/=", "|=", "&=", "^=",
	};
	size_t i = *pos;
	bool space = false;

	while (i < len) {
		struct tok t = { 0 };
		size_t s = i, k;
		char c = buf[i];

		if (c == '\\' && i + 1 < len && buf[i + 1] == '\n') {
			i += 2;
			(*line)++;
			space = true;
			continue;
		}
		if (c == '\n')
			break;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			space = true;
			continue;
		}
		t.line = *line;
		t.file = file;
		t.space = space;
		space = false;
		if (isalpha((unsigned char)c) || c == '_') {
			while (i < len && is_c_ident_char(buf[i]))
				i++;
			t.kind = T_IDENT;
		} else if (isdigit((unsigned char)c) || (c == '.' && i + 1 < len &&
							  isdigit((unsigned char)buf[i + 1]))) {
			while (i < len && (is_c_ident_char(buf[i]) || buf[i] == '.'))
				i++;
			t.kind = T_NUM;
		} else if (c == '"' || c == '\'') {
			/* a literal ends on its line: a stray quote in assembly text stops there */
			i++;
			while (i < len && buf[i] != c && buf[i] != '\n') {
				if (buf[i] == '\\' && i + 1 < len && buf[i + 1] != '\n')
					i++;
				i++;
			}
			if (i < len && buf[i] == c)
				i++;
			t.kind = c == '"' ? T_STR : T_CHAR;
		} else {
			t.kind = T_PUNCT;
			i++;
			for (k = 0; k < ARRAY_SIZE(puncts); k++) {
				size_t n = strlen(puncts[k]);

				if (s + n <= len && !memcmp(buf + s, puncts[k], n)) {
					i = s + n;
					break;
				}
			}
		}
		t.text = pool_strndup(&pp->pool, buf + s, i - s);
		toks_push(out, &t);
	}
	*pos = i < len ? i + 1 : i;
}

/* Blanks comments (keeping newlines), so that a directive inside one is none. */
static void blank_comments(char *buf, size_t len)
{
	size_t i = 0;

	while (i < len) {
		char c = buf[i];

		if (c == '"' || c == '\'') {
			i++;
			while (i < len && buf[i] != c && buf[i] != '\n') {
				if (buf[i] == '\\' && i + 1 < len)
					i++;
				i++;
			}
			i++;
		} else if (c == '/' && i + 1 < len && buf[i + 1] == '*') {
			buf[i] = buf[i + 1] = ' ';
			i += 2;
			while (i < len && !(buf[i] == '*' && i + 1 < len && buf[i + 1] == '/')) {
				if (buf[i] != '\n')
					buf[i] = ' ';
				i++;
			}
			if (i < len)
				buf[i] = buf[i + 1] = ' ';
			i += 2;
		} else if (c == '/' && i + 1 < len && buf[i + 1] == '/') {
			while (i < len && buf[i] != '\n') {
				/* a backslash-newline continues a // comment too */
				if (buf[i] == '\\' && i + 1 < len && buf[i + 1] == '\n') {
					buf[i] = ' ';
					i += 2;
					continue;
				}
				buf[i++] = ' ';
			}
		} else {
			i++;
		}
	}
}

/* ---------------------------------------------------------------- macros */

static struct macro *macro_get(const struct pp *pp, const char *name)
{
	size_t i = hashmap_get(&pp->names, name);

	return i == (size_t)-1 ? NULL : pp->macros[i];
}

static struct macro *func_get(const struct pp *pp, const char *name)
{
	size_t i = hashmap_get(&pp->funcs, name);

	return i == (size_t)-1 ? NULL : pp->macros[i];
}

static void macro_set(struct pp *pp, const char *name, struct macro *m)
{
	size_t i = hashmap_get(&pp->names, name);

	if (i != (size_t)-1) {
		if (pp->macros[i])
			toks_release(&pp->macros[i]->body);
		pp->macros[i] = m;
		return;
	}
	ALLOC_GROW(pp->macros, pp->nr_macros + 1, pp->alloc_macros);
	pp->macros[pp->nr_macros] = m;
	hashmap_put(&pp->names, name, pp->nr_macros++);
}

/* #define, from the tokens after the directive's name. */
static void define(struct pp *pp, const struct toks *line, size_t i, const char *file)
{
	struct macro *m;
	size_t k;

	if (i >= line->nr || line->v[i].kind != T_IDENT)
		return;
	m = pool_alloc(&pp->pool, sizeof(*m));
	m->name = line->v[i].text;
	m->file = file;
	m->line = line->v[i].line;
	i++;
	if (i < line->nr && !line->v[i].space && !strcmp(line->v[i].text, "(")) {
		size_t alloc = 0;

		m->func = true;
		for (i++; i < line->nr && strcmp(line->v[i].text, ")"); i++) {
			const char *p = line->v[i].text;

			if (!strcmp(p, ","))
				continue;
			if (!strcmp(p, "...")) {
				p = "__VA_ARGS__";
				m->variadic = true;
			} else if (i + 1 < line->nr && !strcmp(line->v[i + 1].text, "...")) {
				m->variadic = true;
				i++;
			}
			ALLOC_GROW(m->params, m->nr_params + 1, alloc);
			m->params[m->nr_params++] = p;
		}
		/* the parameter names live in the pool; the array is copied there */
		if (m->nr_params) {
			const char **v = pool_alloc(&pp->pool, m->nr_params * sizeof(*v));

			memcpy(v, m->params, m->nr_params * sizeof(*v));
			free(m->params);
			m->params = v;
		}
		i++;
	}
	for (k = i; k < line->nr; k++)
		toks_push(&m->body, &line->v[k]);
	if (k > i)
		m->body.v[0].space = false;
	macro_set(pp, m->name, m);
}

static const struct hide *hide_add(struct pp *pp, const struct hide *h, const struct macro *m)
{
	struct hide *n = pool_alloc(&pp->pool, sizeof(*n));

	n->m = m;
	n->next = h;
	return n;
}

static bool hidden(const struct hide *h, const struct macro *m)
{
	for (; h; h = h->next)
		if (h->m == m)
			return true;
	return false;
}

static int param_index(const struct macro *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nr_params; i++)
		if (!strcmp(m->params[i], name))
			return (int)i;
	return -1;
}

static void expand(struct pp *pp, struct toks *work, unsigned depth);

static struct tok stringify(struct pp *pp, const struct toks *arg, const struct tok *at)
{
	struct strbuf sb = STRBUF_INIT;
	struct tok t = *at;
	size_t i;
	const char *c;

	strbuf_addch(&sb, '"');
	for (i = 0; i < arg->nr; i++) {
		if (i && arg->v[i].space)
			strbuf_addch(&sb, ' ');
		for (c = arg->v[i].text; *c; c++) {
			if ((arg->v[i].kind == T_STR || arg->v[i].kind == T_CHAR) &&
			    (*c == '"' || *c == '\\'))
				strbuf_addch(&sb, '\\');
			strbuf_addch(&sb, *c);
		}
	}
	strbuf_addch(&sb, '"');
	t.kind = T_STR;
	t.text = pool_strndup(&pp->pool, sb.buf, sb.len);
	strbuf_release(&sb);
	return t;
}

/* ## of the last token of out and t. */
static void paste(struct pp *pp, struct toks *out, const struct tok *t)
{
	struct tok *l;
	char *s;

	if (!out->nr) {
		toks_push(out, t);
		return;
	}
	l = &out->v[out->nr - 1];
	s = pool_alloc(&pp->pool, strlen(l->text) + strlen(t->text) + 1);
	strcpy(s, l->text);
	strcat(s, t->text);
	l->text = s;
	if (l->kind == T_PUNCT && t->kind == T_IDENT)
		l->kind = T_IDENT;
}

/* m's body with args substituted; every token gets hide plus m. */
static void substitute(struct pp *pp, const struct macro *m, struct toks *args,
		       const struct hide *hide, struct toks *out, unsigned depth)
{
	const struct hide *h = hide_add(pp, hide, m);
	size_t i, k, start = out->nr;

	for (i = 0; i < m->body.nr; i++) {
		const struct tok *t = &m->body.v[i];
		int pi = m->func && t->kind == T_IDENT ? param_index(m, t->text) : -1;
		bool paste_before = i > 0 && !strcmp(m->body.v[i - 1].text, "##");
		bool paste_after = i + 1 < m->body.nr && !strcmp(m->body.v[i + 1].text, "##");

		if (m->func && !strcmp(t->text, "#") && i + 1 < m->body.nr &&
		    (pi = param_index(m, m->body.v[i + 1].text)) >= 0) {
			struct tok s = stringify(pp, &args[pi], t);

			s.hide = h;
			toks_push(out, &s);
			i++;
			continue;
		}
		if (!strcmp(t->text, "##") && t->kind == T_PUNCT)
			continue;
		if (pi >= 0) {
			struct toks a = { 0 };

			for (k = 0; k < args[pi].nr; k++)
				toks_push(&a, &args[pi].v[k]);
			if (!paste_before && !paste_after)
				expand(pp, &a, depth + 1);
			/* GNU: ", ## __VA_ARGS__" drops the comma when there are none */
			if (paste_before && !a.nr && m->variadic && pi == (int)m->nr_params - 1 &&
			    out->nr > start && !strcmp(out->v[out->nr - 1].text, ","))
				out->nr--;
			for (k = 0; k < a.nr; k++) {
				struct tok c = a.v[k];
				const struct hide *x;

				if (!k)
					c.space = t->space;
				/* union of the argument's hide set and the invocation's */
				for (x = h; x; x = x->next)
					if (!hidden(c.hide, x->m))
						c.hide = hide_add(pp, c.hide, x->m);
				if (!k && paste_before)
					paste(pp, out, &c);
				else
					toks_push(out, &c);
			}
			toks_release(&a);
			continue;
		}
		{
			struct tok c = *t;

			c.hide = h;
			if (paste_before && out->nr > start)
				paste(pp, out, &c);
			else
				toks_push(out, &c);
		}
	}
}

/*
 * The arguments of a call whose '(' is at work->v[open]: args[0..nr) and
 * the index of its ')', or 0 when it has none.
 */
static size_t collect_args(const struct toks *work, size_t open, const struct macro *m,
			   struct toks **args_out, size_t *nr_out)
{
	size_t i, depth = 0, nr = 1, alloc = 0;
	struct toks *args = NULL;

	ALLOC_GROW(args, 1, alloc);
	memset(args, 0, sizeof(*args));
	for (i = open + 1; i < work->nr; i++) {
		const char *s = work->v[i].text;

		if (work->v[i].kind == T_PUNCT && (!strcmp(s, "(") || !strcmp(s, "[") ||
						   !strcmp(s, "{")))
			depth++;
		else if (work->v[i].kind == T_PUNCT && depth && (!strcmp(s, ")") || !strcmp(s, "]") ||
								 !strcmp(s, "}")))
			depth--;
		else if (!strcmp(s, ")") && !depth)
			break;
		if (!depth && !strcmp(s, ",") &&
		    !(m->variadic && nr == m->nr_params)) {
			ALLOC_GROW(args, nr + 1, alloc);
			memset(&args[nr++], 0, sizeof(*args));
			continue;
		}
		toks_push(&args[nr - 1], &work->v[i]);
	}
	if (i >= work->nr) {
		for (depth = 0; depth < nr; depth++)
			toks_release(&args[depth]);
		free(args);
		return 0;
	}
	/* "f()" of a one-parameter macro has one empty argument; pad the rest */
	while (nr < m->nr_params) {
		ALLOC_GROW(args, nr + 1, alloc);
		memset(&args[nr++], 0, sizeof(*args));
	}
	*args_out = args;
	*nr_out = nr;
	return i;
}

/* Expands work in place (rescanning what each expansion gives). */
static void expand(struct pp *pp, struct toks *work, unsigned depth)
{
	size_t i = 0;

	if (depth > MAX_EXPAND_DEPTH) {
		pp_fail(pp, "macro arguments nested deeper than %d", MAX_EXPAND_DEPTH);
		return;
	}
	while (i < work->nr && !pp->error) {
		struct tok *t = &work->v[i];
		struct macro *m = t->kind == T_IDENT ? macro_get(pp, t->text) : NULL;
		struct toks repl = { 0 }, *args = NULL, rest = { 0 };
		size_t end, nr_args = 0, k;

		/* a name no macro (or only the one being expanded) stands for */
		if ((!m || hidden(t->hide, m)) && t->kind == T_IDENT)
			m = func_get(pp, t->text);
		if (!m || hidden(t->hide, m) || leaf_of(t->text)) {
			i++;
			continue;
		}
		if (++pp->steps > MAX_EXPAND_STEPS || work->nr > MAX_TOKENS) {
			pp_fail(pp, "expansion of %s at %s:%u is too large", t->text, t->file, t->line);
			return;
		}
		if (m->func) {
			if (i + 1 >= work->nr || strcmp(work->v[i + 1].text, "(")) {
				i++;
				continue;
			}
			end = collect_args(work, i + 1, m, &args, &nr_args);
			if (!end) {
				i++;
				continue;
			}
			end++;
		} else {
			end = i + 1;
		}
		substitute(pp, m, args, t->hide, &repl, depth);
		if (repl.nr)
			repl.v[0].space = t->space;
		for (k = 0; k < nr_args; k++)
			toks_release(&args[k]);
		free(args);
		/* splice: work = work[0..i) + repl + work[end..) */
		for (k = end; k < work->nr; k++)
			toks_push(&rest, &work->v[k]);
		work->nr = i;
		for (k = 0; k < repl.nr; k++)
			toks_push(work, &repl.v[k]);
		for (k = 0; k < rest.nr; k++)
			toks_push(work, &rest.v[k]);
		toks_release(&repl);
		toks_release(&rest);
	}
}

/* ---------------------------------------------------------------- #if */

struct expr {
	const struct toks *t;
	size_t i;
	unsigned depth;
	bool bad;
};

static long long num_value(const char *s)
{
	if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		return strtoll(s + 2, NULL, 2);
	return strtoll(s, NULL, 0);
}

static const char *peek(struct expr *e)
{
	return e->i < e->t->nr ? e->t->v[e->i].text : "";
}

static long long expr_cond(struct expr *e);

static long long expr_unary(struct expr *e)
{
	const struct tok *t;
	long long v;

	if (++e->depth > MAX_EXPR_DEPTH || e->i >= e->t->nr) {
		e->bad = true;
		return 0;
	}
	t = &e->t->v[e->i++];
	if (!strcmp(t->text, "!"))
		v = !expr_unary(e);
	else if (!strcmp(t->text, "~"))
		v = ~expr_unary(e);
	else if (!strcmp(t->text, "-"))
		v = -expr_unary(e);
	else if (!strcmp(t->text, "+"))
		v = expr_unary(e);
	else if (!strcmp(t->text, "(")) {
		v = expr_cond(e);
		if (strcmp(peek(e), ")"))
			e->bad = true;
		e->i++;
	} else if (t->kind == T_NUM)
		v = num_value(t->text);
	else if (t->kind == T_CHAR)
		v = (unsigned char)t->text[1];
	else if (t->kind == T_IDENT)
		v = 0;		/* a name left after expansion is 0, as in cpp */
	else {
		e->bad = true;
		v = 0;
	}
	e->depth--;
	return v;
}

static int binop_prec(const char *op)
{
	static const struct { const char *op; int prec; } ops[] = {
		{ "*", 10 }, { "/", 10 }, { "%", 10 }, { "+", 9 }, { "-", 9 },
		{ "<<", 8 }, { ">>", 8 }, { "<", 7 }, { ">", 7 }, { "<=", 7 }, { ">=", 7 },
		{ "==", 6 }, { "!=", 6 }, { "&", 5 }, { "^", 4 }, { "|", 3 }, { "&&", 2 },
		{ "||", 1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(op, ops[i].op))
			return ops[i].prec;
	return 0;
}

static long long expr_binary(struct expr *e, int min)
{
	long long l = expr_unary(e);

	for (;;) {
		const char *op = peek(e);
		int p = binop_prec(op);
		long long r;

		if (!p || p < min || e->bad)
			return l;
		e->i++;
		r = expr_binary(e, p + 1);
		if (!strcmp(op, "*")) l = (long long)((unsigned long long)l * (unsigned long long)r);
		else if (!strcmp(op, "/")) l = r ? l / r : 0;
		else if (!strcmp(op, "%")) l = r ? l % r : 0;
		else if (!strcmp(op, "+")) l = (long long)((unsigned long long)l + (unsigned long long)r);
		else if (!strcmp(op, "-")) l = (long long)((unsigned long long)l - (unsigned long long)r);
		else if (!strcmp(op, "<<")) l = r >= 0 && r < 63 ? (long long)((unsigned long long)l << r) : 0;
		else if (!strcmp(op, ">>")) l = r >= 0 && r < 63 ? l >> r : 0;
		else if (!strcmp(op, "<")) l = l < r;
		else if (!strcmp(op, ">")) l = l > r;
		else if (!strcmp(op, "<=")) l = l <= r;
		else if (!strcmp(op, ">=")) l = l >= r;
		else if (!strcmp(op, "==")) l = l == r;
		else if (!strcmp(op, "!=")) l = l != r;
		else if (!strcmp(op, "&")) l &= r;
		else if (!strcmp(op, "^")) l ^= r;
		else if (!strcmp(op, "|")) l |= r;
		else if (!strcmp(op, "&&")) l = l && r;
		else l = l || r;
	}
}

static long long expr_cond(struct expr *e)
{
	long long c, a, b;

	if (++e->depth > MAX_EXPR_DEPTH) {
		e->bad = true;
		return 0;
	}
	c = expr_binary(e, 1);
	if (!strcmp(peek(e), "?")) {
		e->i++;
		a = expr_cond(e);
		if (strcmp(peek(e), ":"))
			e->bad = true;
		e->i++;
		b = expr_cond(e);
		c = c ? a : b;
	}
	e->depth--;
	return c;
}

/*
 * The value of an #if: defined X and IS_ENABLED(X) (the Kconfig helpers
 * ask whether X is defined; IS_ENABLED(1) is set), then the macros
 * expanded, names left 0.
 */
static bool if_value(struct pp *pp, const struct toks *line, size_t i)
{
	struct toks t = { 0 };
	struct expr e = { 0 };
	long long v;

	for (; i < line->nr; i++) {
		const struct tok *k = &line->v[i];
		bool def = !strcmp(k->text, "defined");
		bool kc = !strcmp(k->text, "IS_ENABLED") || !strcmp(k->text, "IS_BUILTIN") ||
			  !strcmp(k->text, "IS_REACHABLE");

		if (def || kc) {
			struct tok n = *k;
			size_t j = i + 1;
			bool paren = j < line->nr && !strcmp(line->v[j].text, "(");

			if (paren)
				j++;
			n.kind = T_NUM;
			n.text = j < line->nr && macro_get(pp, line->v[j].text) ? "1" : "0";
			/* in code already expanded, IS_ENABLED(CONFIG_X) reads IS_ENABLED(1) */
			if (kc && j < line->nr && line->v[j].kind == T_NUM)
				n.text = strcmp(line->v[j].text, "0") ? "1" : "0";
			if (kc && j < line->nr && macro_get(pp, line->v[j].text)) {
				const struct macro *m = macro_get(pp, line->v[j].text);

				/* CONFIG_X=m is no built-in */
				if (m->body.nr == 1 && !strcmp(m->body.v[0].text, "m"))
					n.text = "0";
			}
			toks_push(&t, &n);
			i = paren ? j + 1 : j;
			continue;
		}
		toks_push(&t, k);
	}
	expand(pp, &t, 0);
	e.t = &t;
	v = expr_cond(&e);
	toks_release(&t);
	return !e.bad && v;
}

/* ---------------------------------------------------------------- files */

static char *read_text(const char *path, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, path, MAX_HEADER_BYTES))
		return NULL;
	*len = sb.len;
	return strbuf_detach(&sb);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static void read_header(struct pp *pp, const char *rel, unsigned depth);

/*
 * The include rule: <asm/X.h> is the architecture's own header, else
 * asm-generic's (Kbuild's generic-y and mandatory-y); <asm-generic/X.h>
 * is asm-generic's. Other headers (linux/, uapi) are not followed: the
 * leaf rule stands for what they define that matters here.
 */
static void include(struct pp *pp, const struct toks *line, size_t i, unsigned depth)
{
	struct strbuf name = STRBUF_INIT;
	char *rel = NULL;

	if (i < line->nr && !strcmp(line->v[i].text, "<")) {
		for (i++; i < line->nr && strcmp(line->v[i].text, ">"); i++)
			strbuf_adds(&name, line->v[i].text);
	}
	if (!strncmp(name.buf ? name.buf : "", "asm/", 4)) {
		char *own = xasprintf("arch/%s/include/%s", pp->arch, name.buf);
		char *path = xasprintf("%s/%s", pp->root, own);

		if (is_file(path))
			rel = own;
		else {
			free(own);
			rel = xasprintf("include/asm-generic/%s", name.buf + 4);
		}
		free(path);
	} else if (!strncmp(name.buf ? name.buf : "", "asm-generic/", 12)) {
		rel = xasprintf("include/%s", name.buf);
	} else if (name.len) {
		/* not followed, but where the lookup rule looks first */
		ALLOC_GROW(pp->named, pp->nr_named + 1, pp->alloc_named);
		pp->named[pp->nr_named++] = xasprintf("include/%s", name.buf);
	}
	if (rel)
		read_header(pp, rel, depth + 1);
	free(rel);
	strbuf_release(&name);
}

/*
 * The inline-function rule: "static inline void name(void) { ... }" in a
 * header is read as a macro name() with its body (MIPS's rmb(), s390's
 * bcr_serialize()). Only functions without parameters: a call with
 * arguments would need them bound to values. Returns whether the text from
 * *pos was such a function (and moves past it); a directive inside the
 * body stops it.
 */
static bool inline_function(struct pp *pp, const char *buf, size_t len, size_t *pos,
			    unsigned *line, const char *file)
{
	static const char *const quals[] = {
		"inline", "__inline__", "__always_inline", "notrace", "__inline",
	};
	struct toks t = { 0 };
	size_t p = *pos, i, k, depth = 0, lines = 0, body = 0;
	unsigned ln = *line;
	bool opened = false, ok = false;
	struct macro *m;

	while (p < len && lines++ < 400) {
		size_t q = p;

		while (q < len && (buf[q] == ' ' || buf[q] == '\t'))
			q++;
		if (q < len && buf[q] == '#')
			break;
		k = t.nr;
		lex_line(pp, buf, len, &p, &ln, file, &t);
		ln++;
		for (; k < t.nr; k++) {
			if (!strcmp(t.v[k].text, "{")) {
				depth++;
				opened = true;
			} else if (!strcmp(t.v[k].text, "}") && depth) {
				depth--;
			} else if (!strcmp(t.v[k].text, ";") && !opened) {
				break;
			}
		}
		if (k < t.nr || (opened && !depth))
			break;
	}
	if (!(opened && !depth) || t.nr < 8)
		goto out;
	i = 1;
	while (i < t.nr && t.v[i].kind == T_IDENT) {
		for (k = 0; k < ARRAY_SIZE(quals) && strcmp(t.v[i].text, quals[k]); k++)
			;
		if (k == ARRAY_SIZE(quals))
			break;
		i++;
	}
	if (i == 1 || i + 6 > t.nr || strcmp(t.v[i].text, "void") || t.v[i + 1].kind != T_IDENT ||
	    strcmp(t.v[i + 2].text, "(") || strcmp(t.v[i + 3].text, "void") ||
	    strcmp(t.v[i + 4].text, ")") || strcmp(t.v[i + 5].text, "{") ||
	    strcmp(t.v[t.nr - 1].text, "}"))
		goto out;
	body = i + 6;
	m = pool_alloc(&pp->pool, sizeof(*m));
	m->name = t.v[i + 1].text;
	m->func = true;
	m->file = file;
	m->line = t.v[i + 1].line;
	for (k = body; k + 1 < t.nr; k++)
		toks_push(&m->body, &t.v[k]);
	i = hashmap_get(&pp->funcs, m->name);
	if (i != (size_t)-1) {
		toks_release(&pp->macros[i]->body);
		pp->macros[i] = m;
	} else {
		ALLOC_GROW(pp->macros, pp->nr_macros + 1, pp->alloc_macros);
		pp->macros[pp->nr_macros] = m;
		hashmap_put(&pp->funcs, m->name, pp->nr_macros++);
	}
	ok = true;
out:
	if (opened && !depth) {
		/* the whole function is text: go on after it */
		*pos = p;
		*line = ln;
		ok = true;
	}
	toks_release(&t);
	return ok;
}

enum if_state { IF_TAKING, IF_TAKEN, IF_WAITING };

/* Reads one header: its directives, under the configuration in pp. */
static void read_header(struct pp *pp, const char *rel, unsigned depth)
{
	char *path, *buf;
	const char *file;
	size_t len, pos = 0;
	unsigned line = 1, level = 0, skipping_from = 0;
	enum if_state state[MAX_IF_DEPTH];
	bool skipping = false;
	struct toks t = { 0 };

	if (depth > MAX_INCLUDE_DEPTH || hashmap_get(&pp->seen, rel) != (size_t)-1)
		return;
	hashmap_put(&pp->seen, rel, 0);
	path = xasprintf("%s/%s", pp->root, rel);
	buf = read_text(path, &len);
	if (!buf && errno != ENOENT)
		error("%s: cannot read: %s", path, strerror(errno));
	free(path);
	if (!buf)
		return;		/* a missing asm-generic header: nothing to read */
	file = pool_strndup(&pp->pool, rel, strlen(rel));
	blank_comments(buf, len);
	while (pos < len && !pp->error) {
		size_t i = pos, d;
		const char *dir;

		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i >= len || buf[i] != '#') {
			if (!skipping && i + 7 < len && !memcmp(buf + i, "static", 6) &&
			    !is_c_ident_char(buf[i + 6]) &&
			    inline_function(pp, buf, len, &pos, &line, file))
				continue;
			/* a text line: skip it, continuations included */
			while (pos < len && buf[pos] != '\n') {
				if (buf[pos] == '\\' && pos + 1 < len && buf[pos + 1] == '\n') {
					pos++;
					line++;
				}
				pos++;
			}
			pos++;
			line++;
			continue;
		}
		t.nr = 0;
		pos = i + 1;
		lex_line(pp, buf, len, &pos, &line, file, &t);
		line++;
		if (!t.nr)
			continue;
		dir = t.v[0].text;
		d = 1;
		if (!strcmp(dir, "if") || !strcmp(dir, "ifdef") || !strcmp(dir, "ifndef")) {
			bool v;

			if (level >= MAX_IF_DEPTH) {
				pp_fail(pp, "%s:%u: #if nested deeper than %d", file, t.v[0].line,
					MAX_IF_DEPTH);
				break;
			}
			if (skipping) {
				state[level++] = IF_TAKEN;
				continue;
			}
			if (!strcmp(dir, "if"))
				v = if_value(pp, &t, d);
			else
				v = (d < t.nr && macro_get(pp, t.v[d].text)) == !strcmp(dir, "ifdef");
			state[level++] = v ? IF_TAKING : IF_WAITING;
			if (!v) {
				skipping = true;
				skipping_from = level;
			}
		} else if (!strcmp(dir, "elif") || !strcmp(dir, "else")) {
			if (!level)
				continue;
			if (skipping && skipping_from < level)
				continue;	/* inside a block already skipped */
			if (state[level - 1] == IF_WAITING &&
			    (!strcmp(dir, "else") || if_value(pp, &t, d))) {
				state[level - 1] = IF_TAKING;
				skipping = false;
			} else {
				if (state[level - 1] == IF_TAKING)
					state[level - 1] = IF_TAKEN;
				if (!skipping) {
					skipping = true;
					skipping_from = level;
				}
			}
		} else if (!strcmp(dir, "endif")) {
			if (!level)
				continue;
			if (skipping && skipping_from == level)
				skipping = false;
			level--;
		} else if (skipping) {
			continue;
		} else if (!strcmp(dir, "define")) {
			define(pp, &t, d, file);
		} else if (!strcmp(dir, "undef")) {
			if (d < t.nr && macro_get(pp, t.v[d].text))
				macro_set(pp, t.v[d].text, NULL);
		} else if (!strcmp(dir, "include")) {
			include(pp, &t, d, depth);
		}
	}
	toks_release(&t);
	free(buf);
}

/* ---------------------------------------------------------------- lookup */

static bool macro_like(const char *s)
{
	bool letter = false;

	for (; *s; s++) {
		if (isupper((unsigned char)*s))
			letter = true;
		else if (!isdigit((unsigned char)*s) && *s != '_')
			return false;
	}
	return letter;
}

/* Names the macros reachable from name use but nothing defines. */
static void undefined_names(struct pp *pp, const char *name, struct hashmap *visited,
			    struct hashmap *out)
{
	const char **stack = NULL;
	size_t nr = 0, alloc = 0, i;

	ALLOC_GROW(stack, 1, alloc);
	stack[nr++] = name;
	while (nr) {
		const struct macro *m;
		const char *n = stack[--nr];

		if (hashmap_get(visited, n) != (size_t)-1)
			continue;
		hashmap_put(visited, n, 0);
		m = macro_get(pp, n);
		if (!m)
			m = func_get(pp, n);
		if (!m) {
			if (!leaf_of(n) && strcmp(n, "__VA_ARGS__"))
				hashmap_put(out, n, 0);
			continue;
		}
		for (i = 0; i < m->body.nr; i++) {
			const char *b = m->body.v[i].text;
			bool call = i + 1 < m->body.nr && !strcmp(m->body.v[i + 1].text, "(");

			if (m->body.v[i].kind != T_IDENT || param_index(m, b) >= 0 ||
			    is_c_word(b) || (!call && !macro_like(b)))
				continue;
			ALLOC_GROW(stack, nr + 1, alloc);
			stack[nr++] = m->body.v[i].text;
		}
	}
	free(stack);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether the header rel (relative to the root) defines a name in missing. */
static bool header_defines(const struct pp *pp, const char *rel, const struct hashmap *missing)
{
	char *path = xasprintf("%s/%s", pp->root, rel);
	size_t len, n;
	char *buf = read_text(path, &len);
	char *p = buf, *name;
	bool found = false;

	while (p && !found && (p = strstr(p, "define"))) {
		char *q = p;

		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		p += 6;
		if (q == buf || q[-1] != '#' || (*p != ' ' && *p != '\t'))
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		for (n = 0; is_c_ident_char(p[n]); n++)
			;
		name = xstrndup(p, n);
		found = hashmap_get(missing, name) != (size_t)-1 && !macro_get(pp, name);
		free(name);
	}
	free(buf);
	free(path);
	return found;
}

/*
 * The lookup rule: a macro that the include chain uses but leaves
 * undefined is looked for first in the headers the chain includes but
 * does not follow (x86's asm/asm.h takes __stringify() from
 * linux/stringify.h), then in the architecture's other asm headers in
 * name order (powerpc's LWSYNC is in asm/synch.h, which barrier.h does
 * not include). The first header that defines it is read under the same
 * configuration.
 */
static bool lookup_round(struct pp *pp, const char *const *roots, size_t nr_roots)
{
	struct hashmap visited = { 0 }, missing = { 0 };
	char *dir = xasprintf("%s/arch/%s/include/asm", pp->root, pp->arch);
	char **cands = NULL;
	size_t nr = 0, alloc = 0, i, first_asm;
	bool read = false;
	DIR *d;
	struct dirent *de;

	for (i = 0; i < nr_roots; i++)
		undefined_names(pp, roots[i], &visited, &missing);
	if (!missing.nr)
		goto out;
	for (i = 0; i < pp->nr_named; i++) {
		ALLOC_GROW(cands, nr + 1, alloc);
		cands[nr++] = xstrdup(pp->named[i]);
	}
	first_asm = nr;
	d = opendir(dir);
	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 2 && !strcmp(de->d_name + n - 2, ".h")) {
			ALLOC_GROW(cands, nr + 1, alloc);
			cands[nr++] = xasprintf("arch/%s/include/asm/%s", pp->arch, de->d_name);
		}
	}
	if (d)
		closedir(d);
	if (nr > first_asm)
		qsort(cands + first_asm, nr - first_asm, sizeof(*cands), cmp_str);
	for (i = 0; i < nr; i++) {
		if (hashmap_get(&pp->seen, cands[i]) != (size_t)-1 ||
		    !header_defines(pp, cands[i], &missing))
			continue;
		read_header(pp, cands[i], 1);
		read = true;
	}
	for (i = 0; i < nr; i++)
		free(cands[i]);
	free(cands);
out:
	free(dir);
	hashmap_release(&visited);
	hashmap_release(&missing);
	return read;
}

/* ---------------------------------------------------------------- reading */

struct reading {
	struct pp *pp;
	unsigned word;		/* the variant's native word, in bytes */
	unsigned size;		/* the access size a size switch is read for */
	bool switched;		/* a size switch was read */
	bool too_wide;		/* the native-word rule failed the build */
	const struct tok *compiled_out;	/* an if whose code the Kconfig-if rule left out */
	bool in_read_once;
	bool asm_unclobbered;	/* an asm of instructions without a "memory" clobber was read */
	bool barrier_before;	/* a compiler barrier was read before the first such asm */
	bool barrier_after;	/* one was read after it */
	char **items;
	size_t nr_items, alloc_items;
	char *unresolved;
};

/* A compiler barrier read (barrier(), an asm with a "memory" clobber): before or after an unclobbered asm. */
static void note_barrier(struct reading *r)
{
	if (r->asm_unclobbered)
		r->barrier_after = true;
	else
		r->barrier_before = true;
}

static void add_item(struct reading *r, const char *s)
{
	ALLOC_GROW(r->items, r->nr_items + 1, r->alloc_items);
	r->items[r->nr_items++] = xstrdup(s);
}

static void unresolved(struct reading *r, const struct tok *t, const char *what)
{
	if (!r->unresolved)
		r->unresolved = xasprintf("%s at %s:%u", what, t->file, t->line);
}

/* The index of the bracket that closes the one at t->v[i], or t->nr. */
static size_t closing(const struct toks *t, size_t i)
{
	size_t depth = 0;

	for (; i < t->nr; i++) {
		const char *s = t->v[i].text;

		if (t->v[i].kind != T_PUNCT)
			continue;
		if (!strcmp(s, "(") || !strcmp(s, "{") || !strcmp(s, "["))
			depth++;
		else if ((!strcmp(s, ")") || !strcmp(s, "}") || !strcmp(s, "]")) && !--depth)
			return i;
	}
	return t->nr;
}

static void unescape(struct strbuf *sb, const char *lit)
{
	size_t n = strlen(lit), i;

	for (i = 1; i + 1 < n; i++) {
		char c = lit[i];

		if (c == '\\' && i + 2 < n) {
			c = lit[++i];
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
		}
		strbuf_addch(sb, c);
	}
}

struct operand {
	const char *name;	/* [name], or NULL */
	const char *constraint;
	size_t from, to;	/* its expression */
};

/* A constant operand's value, when its expression is one. */
static bool operand_value(struct reading *r, const struct toks *t, const struct operand *o,
			  long long *v)
{
	struct toks x = { 0 };
	struct expr e = { 0 };
	size_t i;

	if (!strpbrk(o->constraint, "InKLMJi"))
		return false;
	for (i = o->from; i < o->to; i++)
		toks_push(&x, &t->v[i]);
	expand(r->pp, &x, 0);
	for (i = 0; i < x.nr; i++)
		if (x.v[i].kind == T_IDENT)
			e.bad = true;
	e.t = &x;
	if (!e.bad)
		*v = expr_cond(&e);
	if (e.i != x.nr)
		e.bad = true;
	toks_release(&x);
	return !e.bad;
}

/*
 * An assembler directive emits no instruction, but for the data ones that
 * spell an instruction's encoding (csky's ".long 0x842ac000").
 */
static bool data_directive(const char *ins)
{
	static const char *const data[] = { ".long ", ".word ", ".inst ", ".inst.w ", ".4byte " };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(data); i++)
		if (!strncmp(ins, data[i], strlen(data[i])))
			return true;
	return false;
}

/* Splits an asm template into instructions: see the asm rule. */
static bool template_items(struct reading *r, const char *tpl)
{
	const char *p = tpl;
	bool any = false, section = false;

	while (*p) {
		size_t n = strcspn(p, "\n;!");
		struct strbuf ins = STRBUF_INIT;
		const char *q, *end = p + n;
		bool placeholder = false;
		size_t mn;

		for (q = p; q < end; q++) {
			if (*q == ' ' || *q == '\t') {
				if (ins.len && ins.buf[ins.len - 1] != ' ')
					strbuf_addch(&ins, ' ');
			} else {
				placeholder |= *q == '\001';
				strbuf_addch(&ins, *q);
			}
		}
		while (ins.len && ins.buf[ins.len - 1] == ' ')
			ins.buf[--ins.len] = '\0';
		/* a label before the instruction, or alone */
		mn = 0;
		while (mn < ins.len && (is_c_ident_char(ins.buf[mn]) || ins.buf[mn] == '.'))
			mn++;
		if (mn && mn < ins.len && ins.buf[mn] == ':') {
			mn++;
			while (mn < ins.len && ins.buf[mn] == ' ')
				mn++;
			memmove(ins.buf, ins.buf + mn, ins.len - mn + 1);
			ins.len -= mn;
		}
		/* another section's contents (alternatives, fixups) run elsewhere */
		if (!strncmp(ins.buf, ".section", 8) || !strncmp(ins.buf, ".pushsection", 12))
			section = true;
		else if (!strncmp(ins.buf, ".previous", 9) || !strncmp(ins.buf, ".popsection", 11))
			section = false, ins.len = 0;
		if (section)
			ins.len = 0;
		if (ins.len && (ins.buf[0] != '.' || data_directive(ins.buf))) {
			mn = strcspn(ins.buf, " ");
			/* operands that are registers or memory name no instruction */
			if (placeholder)
				ins.buf[ins.len = mn] = '\0';
			if (macro_like(ins.buf) && mn == ins.len) {
				char *what = xasprintf("%s (no definition found)", ins.buf);

				if (!r->unresolved)
					r->unresolved = what;
				else
					free(what);
			}
			/* an instruction prefix written apart ("lock; addl") joins the next */
			if (any && r->nr_items && (!strcmp(r->items[r->nr_items - 1], "lock") ||
						   !strcmp(r->items[r->nr_items - 1], "rep"))) {
				char *j = xasprintf("%s %s", r->items[r->nr_items - 1], ins.buf);

				free(r->items[r->nr_items - 1]);
				r->items[r->nr_items - 1] = j;
			} else {
				add_item(r, ins.buf);
			}
			any = true;
		}
		strbuf_release(&ins);
		p = *end ? end + 1 : end;
	}
	return any;
}

/*
 * The asm rule: asm [volatile] ("template" : outputs : inputs : clobbers).
 * The adjacent string literals are one template; %N and %[name] of a
 * constant operand ("I", "i", "n", ...) become its value, other operands
 * are dropped with the operand list; assembler directives (".set push")
 * are no instructions; an empty template with a "memory" clobber is a
 * compiler barrier.
 */
static size_t read_asm(struct reading *r, const struct toks *t, size_t i)
{
	struct strbuf tpl = STRBUF_INIT, out = STRBUF_INIT;
	struct operand ops[32];
	size_t nr_ops = 0, close, k, section = 0;
	bool memory = false;

	while (i < t->nr && t->v[i].kind == T_IDENT)
		i++;	/* volatile, __volatile__, inline, goto */
	if (i >= t->nr || strcmp(t->v[i].text, "(")) {
		unresolved(r, &t->v[i - 1], "asm without operands");
		return i;
	}
	close = closing(t, i);
	for (k = i + 1; k < close && t->v[k].kind == T_STR; k++)
		unescape(&tpl, t->v[k].text);
	if (k < close && strcmp(t->v[k].text, ":")) {
		char *what = t->v[k].kind == T_IDENT
			     ? xasprintf("asm template %s() (no definition expands it)", t->v[k].text)
			     : xstrdup("asm template that is no string");

		unresolved(r, &t->v[k], what);
		free(what);
		strbuf_release(&tpl);
		return close + 1;
	}
	/* operands: [name] "constraint" (expr), in sections split by ':' */
	while (k < close) {
		const char *s = t->v[k].text;

		if (!strcmp(s, ":")) {
			section++;
			k++;
			continue;
		}
		if (section == 3) {
			if (t->v[k].kind == T_STR && !strcmp(s, "\"memory\""))
				memory = true;
			k++;
			continue;
		}
		if (!strcmp(s, ",")) {
			k++;
			continue;
		}
		if (nr_ops < ARRAY_SIZE(ops) && (section == 1 || section == 2)) {
			struct operand *o = &ops[nr_ops];

			o->name = NULL;
			if (!strcmp(s, "[") && k + 2 < close) {
				o->name = t->v[k + 1].text;
				k += 3;
			}
			o->constraint = k < close ? t->v[k].text : "";
			k++;
			if (k < close && !strcmp(t->v[k].text, "(")) {
				size_t c = closing(t, k);

				o->from = k + 1;
				o->to = c;
				k = c + 1;
				nr_ops++;
				continue;
			}
		}
		k++;
	}
	/* %N, %wN, %[name]: a constant's value, else a placeholder */
	for (k = 0; k < tpl.len; k++) {
		const char *c = tpl.buf + k;
		const struct operand *o = NULL;
		long long v = 0;

		if (*c != '%') {
			strbuf_addch(&out, *c);
			continue;
		}
		if (c[1] == '%') {
			strbuf_addch(&out, '%');
			k++;
			continue;
		}
		k++;
		while (k < tpl.len && isalpha((unsigned char)tpl.buf[k]))
			k++;
		if (k < tpl.len && tpl.buf[k] == '[') {
			size_t e = k + 1, j;

			while (e < tpl.len && tpl.buf[e] != ']')
				e++;
			for (j = 0; j < nr_ops; j++)
				if (ops[j].name && strlen(ops[j].name) == e - k - 1 &&
				    !memcmp(ops[j].name, tpl.buf + k + 1, e - k - 1))
					o = &ops[j];
			k = e;
		} else if (k < tpl.len && isdigit((unsigned char)tpl.buf[k])) {
			size_t n = 0;

			while (k < tpl.len && isdigit((unsigned char)tpl.buf[k]))
				n = n * 10 + (size_t)(tpl.buf[k++] - '0');
			k--;
			if (n < nr_ops)
				o = &ops[n];
		}
		if (o && operand_value(r, t, o, &v))
			strbuf_addf(&out, v > 9 ? "0x%llx" : "%lld", v);
		else
			strbuf_addch(&out, '\001');
	}
	if (!template_items(r, out.buf ? out.buf : "")) {
		if (memory)
			add_item(r, "compiler barrier");
	} else if (!memory) {
		r->asm_unclobbered = true;
	}
	if (memory)
		note_barrier(r);
	strbuf_release(&tpl);
	strbuf_release(&out);
	return close + 1;
}

static void read_range(struct reading *r, const struct toks *t, size_t from, size_t to,
		       unsigned depth);
static void arch_read_once(struct reading *r, unsigned depth);

/*
 * The size-switch rule: switch (sizeof(*p)) { case 1: ... case 8: ... }
 * is read for the case of the access size (PA-RISC's stb,ma for a bool,
 * stw,ma for an int), which is the native word size (a long or a
 * pointer) when the variable's type is not known.
 */
static size_t read_switch(struct reading *r, const struct toks *t, size_t i, unsigned depth)
{
	size_t cond_end = closing(t, i + 1), body, end, k, from = 0;
	bool sized = false;
	char want[8];

	for (k = i + 1; k < cond_end && k < t->nr; k++)
		sized |= !strcmp(t->v[k].text, "sizeof");
	body = cond_end + 1;
	if (!sized || body >= t->nr || strcmp(t->v[body].text, "{")) {
		unresolved(r, &t->v[i], "switch on something other than the access size");
		return cond_end + 1;
	}
	end = closing(t, body);
	r->switched = true;
	snprintf(want, sizeof(want), "%u", r->size);
	for (k = body + 1; k < end; k++) {
		if (strcmp(t->v[k].text, "case"))
			continue;
		/* "case 4: case 8:" share the code after the last label */
		if (from && k == from) {
			from = k + 3;
			continue;
		}
		if (from) {
			read_range(r, t, from, k, depth + 1);
			return end + 1;
		}
		if (k + 1 < end && !strcmp(t->v[k + 1].text, want))
			from = k + 3;
	}
	if (from) {
		read_range(r, t, from, end, depth + 1);
	} else {
		char *what = xasprintf("size switch without a case for %u byte%s", r->size,
				       r->size == 1 ? "" : "s");

		unresolved(r, &t->v[i], what);
		free(what);
	}
	return end + 1;
}

/*
 * The READ_ONCE rule: READ_ONCE() is a plain load, and what an
 * architecture's own __READ_ONCE() (alpha's asm/rwonce.h) adds after it:
 * that definition is expanded and read for its barriers.
 */
static void arch_read_once(struct reading *r, unsigned depth)
{
	const struct macro *m = macro_get(r->pp, "__READ_ONCE");
	struct toks arg = { 0 }, out = { 0 };
	struct tok x = { .kind = T_IDENT, .text = "__acqrel_x", .file = "<call>" };
	size_t i, k, before;

	if (!m || !m->func || m->nr_params != 1 || strncmp(m->file, "arch/", 5) ||
	    r->in_read_once)
		return;
	toks_push(&arg, &x);
	substitute(r->pp, m, &arg, NULL, &out, 0);
	expand(r->pp, &out, 0);
	if (r->pp->error) {
		if (!r->unresolved)
			r->unresolved = xstrdup(r->pp->error);
	} else {
		r->in_read_once = true;
		before = r->nr_items;
		read_range(r, &out, 0, out.nr, depth + 1);
		r->in_read_once = false;
		/* the access itself is the load already counted */
		for (i = k = before; i < r->nr_items; i++) {
			if (strcmp(r->items[i], "load"))
				r->items[k++] = r->items[i];
			else
				free(r->items[i]);
		}
		r->nr_items = k;
	}
	toks_release(&arg);
	toks_release(&out);
}

/* The index after the statement that starts at t->v[i] ("{ ... }" or up to its ';'). */
static size_t statement_end(const struct toks *t, size_t i, size_t to)
{
	if (i < to && !strcmp(t->v[i].text, "{"))
		return closing(t, i) + 1;
	while (i < to && strcmp(t->v[i].text, ";")) {
		const char *s = t->v[i].text;

		if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
			i = closing(t, i);
		i++;
	}
	return i < to ? i + 1 : to;
}

/*
 * The Kconfig-if rule: "if (IS_ENABLED(CONFIG_64BIT)) stmt; else stmt;"
 * (PA-RISC's 8-byte release) is decided as the preprocessor decides an
 * #if, and the branch that is compiled out emits nothing. Only a
 * condition of IS_ENABLED()/IS_BUILTIN()/IS_REACHABLE()/defined, CONFIG_
 * names and numbers is decided: anything else is a run-time test, read
 * as before. Returns the index after the statement, or 0 when the
 * condition is no such test.
 */
static size_t read_if(struct reading *r, const struct toks *t, size_t i, size_t to,
		      unsigned depth)
{
	size_t cond_end = closing(t, i + 1), k, then_end, else_from = 0, else_end = 0;
	struct toks cond = { 0 };
	bool value;

	if (cond_end >= to)
		return 0;
	for (k = i + 2; k < cond_end; k++) {
		const char *s = t->v[k].text;

		if (t->v[k].kind == T_IDENT && strcmp(s, "IS_ENABLED") && strcmp(s, "IS_BUILTIN") &&
		    strcmp(s, "IS_REACHABLE") && strcmp(s, "defined") && strncmp(s, "CONFIG_", 7))
			return 0;
		if (t->v[k].kind == T_STR || t->v[k].kind == T_CHAR)
			return 0;
	}
	for (k = i + 2; k < cond_end; k++)
		toks_push(&cond, &t->v[k]);
	value = if_value(r->pp, &cond, 0);
	toks_release(&cond);
	then_end = statement_end(t, cond_end + 1, to);
	if (then_end < to && !strcmp(t->v[then_end].text, "else")) {
		else_from = then_end + 1;
		else_end = statement_end(t, else_from, to);
	}
	if (value)
		read_range(r, t, cond_end + 1, then_end, depth + 1);
	else if (else_from)
		read_range(r, t, else_from, else_end, depth + 1);
	else if (!r->compiled_out)
		r->compiled_out = &t->v[i];
	return else_from ? else_end : then_end;
}

/*
 * The volatile-access rule: "*(volatile __u8 *)p = v" is a store and
 * "x = *(volatile __u8 *)p" a load (LoongArch's 1- and 2-byte release and
 * acquire in 6.1). t->v[i] is the "volatile" after "*(". Returns the index
 * after the cast.
 */
static size_t read_volatile(struct reading *r, const struct toks *t, size_t i, size_t to)
{
	size_t cast_end = closing(t, i - 1), op_end;

	if (cast_end + 1 >= to)
		return i + 1;
	op_end = !strcmp(t->v[cast_end + 1].text, "(") ? closing(t, cast_end + 1) : cast_end + 1;
	add_item(r, op_end + 1 < to && !strcmp(t->v[op_end + 1].text, "=") ? "store" : "load");
	return cast_end + 1;
}

/* What the expansion t[from..to) executes, in order. */
static void read_range(struct reading *r, const struct toks *t, size_t from, size_t to,
		       unsigned depth)
{
	size_t i = from, next;

	if (depth > MAX_EXPAND_DEPTH)
		return;
	while (i < to) {
		const struct tok *k = &t->v[i];
		bool call = i + 1 < to && !strcmp(t->v[i + 1].text, "(");
		const struct leaf_rule *leaf;

		if (k->kind != T_IDENT) {
			i++;
			continue;
		}
		if (!strcmp(k->text, "asm") || !strcmp(k->text, "__asm__") ||
		    !strcmp(k->text, "__asm")) {
			i = read_asm(r, t, i + 1);
			continue;
		}
		if (!strcmp(k->text, "switch") && call) {
			i = read_switch(r, t, i, depth);
			continue;
		}
		if (!strcmp(k->text, "if") && call && (next = read_if(r, t, i, to, depth))) {
			i = next;
			continue;
		}
		if (!strcmp(k->text, "volatile") && i >= from + 2 && !strcmp(t->v[i - 1].text, "(") &&
		    !strcmp(t->v[i - 2].text, "*")) {
			i = read_volatile(r, t, i, to);
			continue;
		}
		/*
		 * The native-word rule: compiletime_assert_atomic_type() (in
		 * linux/compiler_types.h) fails the build for an access wider
		 * than a long
		 */
		if (!strcmp(k->text, "compiletime_assert_atomic_type") && call && r->size > r->word) {
			char *what = xasprintf("%u bytes are wider than the native word here (%u): compiletime_assert_atomic_type() fails the build",
					       r->size, r->word);

			r->too_wide = true;
			unresolved(r, k, what);
			free(what);
			return;
		}
		if (!strcmp(k->text, "break")) {
			i++;
			continue;
		}
		leaf = leaf_of(k->text);
		if (leaf && call) {
			if (leaf->leaf == LEAF_LOAD) {
				add_item(r, "load");
				arch_read_once(r, depth);
			}
			else if (leaf->leaf == LEAF_STORE)
				add_item(r, "store");
			else if (leaf->leaf == LEAF_COMPILER_BARRIER) {
				add_item(r, "compiler barrier");
				note_barrier(r);
			}
			i = closing(t, i + 1) + 1;
			continue;
		}
		if (call && !is_c_word(k->text)) {
			char *what = xasprintf("%s() (no definition expands it)", k->text);

			unresolved(r, k, what);
			free(what);
		}
		i++;
	}
}

/* ---------------------------------------------------------------- model */

static const char *const prim_calls[COST_NR_PRIMS] = {
	"smp_wmb ( )", "smp_rmb ( )", "smp_store_release ( __acqrel_p , __acqrel_v )",
	"smp_load_acquire ( __acqrel_p )", "smp_mb ( )",
};

static const char *const prim_names[COST_NR_PRIMS] = {
	"smp_wmb", "smp_rmb", "smp_store_release", "smp_load_acquire", "smp_mb",
};

const char *cost_prim_name(enum cost_prim p)
{
	return prim_names[p];
}

static void seq_text(struct cost_seq *s)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, shown = 0;

	if (s->generic)
		strbuf_adds(&sb, "full smp_mb(): ");
	for (i = 0; i < s->nr_items; i++) {
		if (!strcmp(s->items[i], "compiler barrier"))
			continue;
		strbuf_addf(&sb, "%s%s", shown++ ? " + " : "", s->items[i]);
	}
	if (!shown)
		strbuf_adds(&sb, s->nr_items ? "compiler barrier only" : "nothing");
	s->text = strbuf_detach(&sb);
}

/*
 * Reads primitive p of v for an access of size bytes into s; returns
 * whether a size switch decided what it executes.
 */
static bool read_seq(struct pp *pp, const struct cost_variant *v, enum cost_prim p,
		     unsigned size, struct cost_seq *s)
{
	struct toks t = { 0 };
	struct reading r = { .pp = pp, .word = v->word, .size = size };
	const struct macro *m;
	size_t pos = 0, len = strlen(prim_calls[p]);
	unsigned line = 0;
	char *copy = xstrdup(prim_calls[p]);
	static const char *const inner[COST_NR_PRIMS] = {
		"__smp_wmb", "__smp_rmb", "__smp_store_release", "__smp_load_acquire", "__smp_mb",
	};

	lex_line(pp, copy, len, &pos, &line, "<call>", &t);
	free(copy);
	pp->steps = 0;
	m = macro_get(pp, inner[p]);
	if (!m || !macro_get(pp, prim_names[p]))
		m = macro_get(pp, prim_names[p]);
	if (!m) {
		s->unresolved = xasprintf("%s is defined nowhere in the headers read", prim_names[p]);
		toks_release(&t);
		return false;
	}
	expand(pp, &t, 0);
	if (pp->error) {
		s->unresolved = pp->error;
		pp->error = NULL;
	} else {
		read_range(&r, &t, 0, t.nr, 0);
		/* a size whose code is compiled out claims no instruction */
		if (!r.nr_items && r.compiled_out)
			unresolved(&r, r.compiled_out, "the code for this size is compiled out");
		s->items = r.items;
		s->nr_items = r.nr_items;
		s->unresolved = r.unresolved;
		s->too_wide = r.too_wide;
		/*
		 * nothing else keeps the compiler from moving accesses across
		 * it: a release needs a compiler barrier before its asm (the
		 * stores before it), an acquire one after (the loads after it)
		 */
		s->no_compiler_barrier = r.asm_unclobbered &&
					 ((p == COST_RELEASE && !r.barrier_before) ||
					  (p == COST_ACQUIRE && !r.barrier_after));
		r.items = NULL;
	}
	s->defined_at = xasprintf("%s:%u", m->file, m->line);
	s->generic = (p == COST_RELEASE || p == COST_ACQUIRE) &&
		     !strncmp(m->file, "include/asm-generic/", 20);
	if (!s->unresolved)
		seq_text(s);
	toks_release(&t);
	free(r.items);
	return r.switched;
}

/*
 * Reads primitive p of v for the word size, and a release or acquire also
 * for each access size.
 */
static void read_prim(struct pp *pp, struct cost_variant *v, enum cost_prim p)
{
	bool release = p == COST_RELEASE;
	size_t k;

	read_seq(pp, v, p, v->word, &v->seq[p]);
	if (p != COST_RELEASE && p != COST_ACQUIRE)
		return;
	for (k = 0; k < COST_NR_SIZES; k++)
		v->sized[!release] |= read_seq(pp, v, p, 1u << k, &v->by_size[!release][k]);
}

/* Defines the configuration's names ("NAME" or "NAME=VALUE"), and CONFIG_SMP, __KERNEL__. */
static void configure(struct pp *pp, const char *config)
{
	char *all = xasprintf("CONFIG_SMP __KERNEL__ %s", config ? config : "");
	char *save = NULL, *w;

	for (w = strtok_r(all, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		struct toks line = { 0 };
		char *eq = strchr(w, '=');
		char *def = xasprintf("%.*s %s", eq ? (int)(eq - w) : (int)strlen(w), w,
				      eq ? eq + 1 : "1");
		size_t pos = 0;
		unsigned ln = 0;

		lex_line(pp, def, strlen(def), &pos, &ln, "<config>", &line);
		define(pp, &line, 0, "<config>");
		toks_release(&line);
		free(def);
	}
	free(all);
}

static void pp_release(struct pp *pp)
{
	size_t i;

	for (i = 0; i < pp->nr_macros; i++)
		if (pp->macros[i])
			toks_release(&pp->macros[i]->body);
	free(pp->macros);
	hashmap_release(&pp->names);
	hashmap_release(&pp->seen);
	hashmap_release(&pp->funcs);
	for (i = 0; i < pp->nr_named; i++)
		free(pp->named[i]);
	free(pp->named);
	pool_release(&pp->pool);
	free(pp->error);
}

/*
 * word64: the architecture's Kconfig makes every kernel 64-bit (alpha),
 * so its word is 8 bytes without a configuration that says so.
 */
static void build_variant(struct cost_model *m, const char *arch, const char *name,
			  const char *config, bool word64)
{
	struct pp pp = { .root = m->root, .arch = arch };
	struct cost_variant *v;
	char *own = xasprintf("%s/arch/%s/include/asm/barrier.h", m->root, arch);
	const char *roots[COST_NR_PRIMS];
	size_t p, round;

	m->v = xrealloc(m->v, (m->nr + 1) * sizeof(*m->v));
	v = &m->v[m->nr++];
	memset(v, 0, sizeof(*v));
	v->arch = xstrdup(arch);
	v->name = name ? xstrdup(name) : NULL;
	v->config = xasprintf("CONFIG_SMP%s%s", config ? " " : "", config ? config : "");
	v->word = word64 || (config && strstr(config, "CONFIG_64BIT")) ? 8 : 4;
	v->own_header = is_file(own);
	free(own);
	configure(&pp, config);
	{
		struct toks inc = { 0 };
		char text[] = "< asm / barrier . h >";
		size_t pos = 0;
		unsigned ln = 0;

		lex_line(&pp, text, strlen(text), &pos, &ln, "<start>", &inc);
		include(&pp, &inc, 0, 0);
		toks_release(&inc);
	}
	for (p = 0; p < COST_NR_PRIMS; p++)
		roots[p] = prim_names[p];
	for (round = 0; round < LOOKUP_ROUNDS && !pp.error; round++)
		if (!lookup_round(&pp, roots, COST_NR_PRIMS))
			break;
	if (pp.error) {
		for (p = 0; p < COST_NR_PRIMS; p++)
			v->seq[p].unresolved = xstrdup(pp.error);
		for (p = 0; p < 2 * COST_NR_SIZES; p++)
			v->by_size[p / COST_NR_SIZES][p % COST_NR_SIZES].unresolved = xstrdup(pp.error);
	} else {
		for (p = 0; p < COST_NR_PRIMS; p++)
			read_prim(&pp, v, p);
	}
	pp_release(&pp);
}

static int cmp_arch(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int cost_model_build(struct cost_model *m, const char *root)
{
	char *dir = xasprintf("%s/arch", root);
	char **archs = NULL;
	size_t nr = 0, alloc = 0, i, k;
	struct types t;
	DIR *d = opendir(dir);
	struct dirent *de;

	memset(m, 0, sizeof(*m));
	if (!d) {
		error("%s: cannot read the architectures: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	m->root = xstrdup(root);
	while ((de = readdir(d))) {
		char *path;

		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (is_dir(path)) {
			ALLOC_GROW(archs, nr + 1, alloc);
			archs[nr++] = xstrdup(de->d_name);
		}
		free(path);
	}
	closedir(d);
	free(dir);
	if (nr)
		qsort(archs, nr, sizeof(*archs), cmp_arch);
	types_init(&t, m->root);
	for (i = 0; i < nr; i++) {
		bool any = false, word64 = types_arch_64bit_only(&t, archs[i]);

		for (k = 0; k < ARRAY_SIZE(variant_rules); k++) {
			if (strcmp(variant_rules[k].arch, archs[i]))
				continue;
			build_variant(m, archs[i], variant_rules[k].name, variant_rules[k].config,
				      word64);
			any = true;
		}
		if (!any)
			build_variant(m, archs[i], NULL, NULL, word64);
		free(archs[i]);
	}
	types_release(&t);
	free(archs);
	m->kbuild = kbuild_new(m->root, m->v, m->nr);
	return 0;
}

static void seq_release(struct cost_seq *s)
{
	size_t k;

	for (k = 0; k < s->nr_items; k++)
		free(s->items[k]);
	free(s->items);
	free(s->text);
	free(s->unresolved);
	free(s->defined_at);
}

void cost_model_release(struct cost_model *m)
{
	size_t i, p;

	for (i = 0; i < m->nr; i++) {
		struct cost_variant *v = &m->v[i];

		for (p = 0; p < COST_NR_PRIMS; p++)
			seq_release(&v->seq[p]);
		for (p = 0; p < 2 * COST_NR_SIZES; p++)
			seq_release(&v->by_size[p / COST_NR_SIZES][p % COST_NR_SIZES]);
		free(v->arch);
		free(v->name);
		free(v->config);
	}
	free(m->v);
	free(m->root);
	kbuild_free(m->kbuild);
	memset(m, 0, sizeof(*m));
}

char *cost_find_root(const char *path)
{
	char *dir = realpath(path, NULL);

	if (!dir)
		return NULL;
	for (;;) {
		char *a = xasprintf("%s/arch", dir);
		char *g = xasprintf("%s/include/asm-generic/barrier.h", dir);
		bool ok = is_dir(a) && is_file(g);
		char *slash;

		free(a);
		free(g);
		if (ok)
			return dir;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			free(dir);
			return NULL;
		}
		*slash = '\0';
	}
}

/* base/file relative to real_root, or NULL when it is not in it or cannot be resolved. */
static char *file_rel(const char *real_root, const char *base, const char *file)
{
	char *path = xasprintf("%s/%s", base, file);
	char *real = realpath(path, NULL);
	size_t n = strlen(real_root);
	char *rel = NULL;

	free(path);
	if (real && !strncmp(real, real_root, n) && real[n] == '/')
		rel = xstrdup(real + n + 1);
	free(real);
	return rel;
}

char *cost_file_arch(const char *real_root, const char *base, const char *file)
{
	char *rel = file_rel(real_root, base, file);
	const char *s;
	char *arch = NULL;

	if (rel && !strncmp(rel, "arch/", 5) && (s = strchr(rel + 5, '/')))
		arch = xstrndup(rel + 5, (size_t)(s - rel - 5));
	free(rel);
	return arch;
}

/* ---------------------------------------------------------------- compare */

static const char *const effect_names[] = {
	"gains", "unchanged", "different", "pays-more", "unknown", "does-not-build",
};

const char *cost_effect_name(enum cost_effect e)
{
	return effect_names[e];
}

/* The items that emit code (compiler barriers emit none). */
static size_t code_items(const struct cost_seq *s, const char **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < s->nr_items; i++)
		if (strcmp(s->items[i], "compiler barrier") && n < max)
			out[n++] = s->items[i];
	return n;
}

static bool same_items(const char **a, size_t na, const char **b, size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return true;
}

/* The items of s without its plain accesses: the barrier instructions. */
static size_t barrier_items(const char **in, size_t n, const char **out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (strcmp(in[i], "load") && strcmp(in[i], "store"))
			out[k++] = in[i];
	return k;
}

/*
 * Before is the barrier with the plain access (a store after smp_wmb(), a
 * load before smp_rmb()), after the release or acquire. The same code is
 * unchanged; after's barrier being smp_mb()'s where before's is not
 * pays more; fewer instructions gain, more pay more; as many but others
 * (a wider fence) are different.
 */
const struct cost_seq *cost_seq_for(const struct cost_variant *v, bool release, unsigned size)
{
	size_t k;

	for (k = 0; k < COST_NR_SIZES; k++)
		if (size == 1u << k)
			return &v->by_size[!release][k];
	return &v->seq[release ? COST_RELEASE : COST_ACQUIRE];
}

/* Most accesses of one barrier that cost_compare_n() counts. */
#define COST_MAX_ACCESSES 4

enum cost_effect cost_compare_n(const struct cost_variant *v, bool release, unsigned size,
				unsigned n, char **before, char **after)
{
	const struct cost_seq *b = &v->seq[release ? COST_WMB : COST_RMB];
	const struct cost_seq *a = cost_seq_for(v, release, size);
	const struct cost_seq *mb = &v->seq[COST_MB];
	const char *bi[40], *ai[136], *mi[34], *bb[40], *ab[136], *mbb[34];
	size_t nb, na, nm, nbb, nab, nmb, one, k;

	*before = *after = NULL;
	if (!n)
		n = 1;
	if (n > COST_MAX_ACCESSES)
		n = COST_MAX_ACCESSES;
	if (a->too_wide)
		return COST_NO_BUILD;
	if (b->unresolved || a->unresolved)
		return COST_UNKNOWN;
	nb = 0;
	for (k = 0; !release && k < n; k++)
		bi[nb++] = "load";
	nb += code_items(b, bi + nb, 32);
	for (k = 0; release && k < n; k++)
		bi[nb++] = "store";
	/* n accesses, each its own release or acquire */
	one = code_items(a, ai, 32);
	for (na = one, k = 1; k < n; k++, na += one)
		memcpy(ai + na, ai, one * sizeof(*ai));
	{
		static const char *const count[] = { "", "", "two", "three", "four" };
		struct strbuf sb = STRBUF_INIT;
		size_t i;

		/* "load + smp_rmb's" or "wmb's + store", the accesses said once: "two stores" */
		for (i = 0; i < nb; i++) {
			bool access = !strcmp(bi[i], "load") || !strcmp(bi[i], "store");

			if (access && n > 1 && i != (release ? nb - n : 0))
				continue;
			strbuf_addf(&sb, "%s", sb.len ? " + " : "");
			if (access && n > 1)
				strbuf_addf(&sb, "%s %ss", count[n], bi[i]);
			else
				strbuf_adds(&sb, bi[i]);
		}
		if (!strcmp(b->text, "compiler barrier only"))
			strbuf_addf(&sb, " (%s(): compiler barrier only)", prim_names[release ? COST_WMB : COST_RMB]);
		*before = strbuf_detach(&sb);
		/* one release or acquire's: the caller says it is each access's */
		*after = xstrdup(a->text);
	}
	if (same_items(bi, nb, ai, na))
		return COST_UNCHANGED;
	nbb = barrier_items(bi, nb, bb);
	nab = barrier_items(ai, na, ab);
	if (!mb->unresolved) {
		nm = code_items(mb, mi, 32);
		nmb = barrier_items(mi, nm, mbb);
		/* the release or acquire is smp_mb()'s barrier, the old one was not */
		if (a->generic || (nmb && same_items(ab, nab / n, mbb, nmb) &&
				   !same_items(bb, nbb, mbb, nmb)))
			return COST_PAYS_MORE;
	}
	if (na < nb)
		return COST_GAINS;
	if (na > nb)
		return COST_PAYS_MORE;
	return COST_DIFFERENT;
}

enum cost_effect cost_compare(const struct cost_variant *v, bool release, unsigned size,
			      char **before, char **after)
{
	return cost_compare_n(v, release, size, 1, before, after);
}

unsigned cost_size_on(const struct cost_variant *v, unsigned size)
{
	return size == TYPES_SIZE_WORD ? v->word : size;
}

int cost_protocol_builds(const struct cost_model *m, const struct protocol *p,
			 const struct cost_variant *v, const char *real_root, const char *base)
{
	size_t i, vi = (size_t)(v - m->v);
	int found = -1;

	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							     : &p->readers[i - p->nr_writers];
		char *rel;
		bool mine;

		if (!classify_convertible(p, e))
			continue;
		rel = file_rel(real_root, base, e->file);
		if (rel && vi < 64 && m->kbuild) {
			mine = kbuild_file_variants(m->kbuild, rel) >> vi & 1;
		} else {
			/* arch/NAME/ alone */
			char *arch = cost_file_arch(real_root, base, e->file);

			mine = !arch || !strcmp(arch, v->arch);
			free(arch);
		}
		free(rel);
		if (mine)
			return 1;
		found = 0;
	}
	return found;
}
