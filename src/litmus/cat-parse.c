/* cat-parse.c: lexer and parser for herd's cat language */
#include "cat.h"
#include "../lib/util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper nesting than this is refused, so that recursion stays bounded. */
#define CAT_MAX_DEPTH 400

enum tok {
	T_EOF, T_VAR, T_TAG, T_STRING, T_ZERO,
	T_LPAR, T_RPAR, T_LBRAC, T_RBRAC, T_LACC, T_RACC, T_COMMA, T_EQUAL,
	T_UNION, T_ALT, T_ADD, T_SEMI, T_DIFF, T_INTER, T_STAR, T_PLUS, T_OPT,
	T_INV, T_COMP, T_UNDERSCORE, T_ARROW,
	/* keywords */
	T_LET, T_REC, T_AND, T_IN, T_AS, T_ACYCLIC, T_IRREFLEXIVE, T_EMPTY, T_FLAG,
	T_REQUIRES, T_INCLUDE, T_SHOW, T_UNSHOW, T_WITH, T_FROM, T_FUN, T_TRY, T_IF,
	T_THEN, T_ELSE, T_MATCH, T_END, T_ENUM, T_EVENTS, T_PROCEDURE, T_CALL,
	T_FORALL, T_DO, T_DEBUG, T_BEGIN, T_WHEN, T_YIELD,
	T_WITHCO, T_WITHOUTCO, T_WITHINIT, T_WITHOUTINIT, T_WITHSC, T_WITHOUTSC,
};

static const struct {
	const char *word;
	enum tok tok;
} keywords[] = {
	{ "let", T_LET }, { "rec", T_REC }, { "and", T_AND }, { "in", T_IN },
	{ "as", T_AS }, { "acyclic", T_ACYCLIC }, { "irreflexive", T_IRREFLEXIVE },
	{ "empty", T_EMPTY }, { "flag", T_FLAG }, { "requires", T_REQUIRES },
	{ "undefined_unless", T_REQUIRES },
	{ "include", T_INCLUDE }, { "show", T_SHOW }, { "unshow", T_UNSHOW },
	{ "with", T_WITH }, { "from", T_FROM }, { "fun", T_FUN }, { "try", T_TRY },
	{ "if", T_IF }, { "then", T_THEN }, { "else", T_ELSE }, { "match", T_MATCH },
	{ "end", T_END }, { "enum", T_ENUM }, { "instructions", T_EVENTS },
	{ "procedure", T_PROCEDURE }, { "call", T_CALL }, { "forall", T_FORALL },
	{ "do", T_DO }, { "debug", T_DEBUG }, { "begin", T_BEGIN }, { "when", T_WHEN },
	{ "yield", T_YIELD },
	{ "withco", T_WITHCO }, { "withoutco", T_WITHOUTCO }, { "withinit", T_WITHINIT },
	{ "withoutinit", T_WITHOUTINIT }, { "withsc", T_WITHSC }, { "withoutsc", T_WITHOUTSC },
};

struct parser {
	const struct source *src;
	int file;
	struct arena *a;
	size_t pos;		/* lexer position */
	enum tok tok;		/* current token */
	size_t tok_off;
	const char *tok_text;	/* VAR, TAG, STRING: arena copy */
	int depth;
	char *err;
	jmp_buf fail;
};

__attribute__((noreturn, format(printf, 3, 4)))
static void fail_at(struct parser *p, size_t off, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!p->err)
		p->err = source_error(p->src, off, "%s", msg);
	longjmp(p->fail, 1);
}

static bool is_name_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_name_char(int c)
{
	return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static void skip_space(struct parser *p)
{
	const char *s = p->src->text;

	for (;;) {
		char c = s[p->pos];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			p->pos++;
		} else if (c == '/' && s[p->pos + 1] == '/') {
			while (s[p->pos] && s[p->pos] != '\n')
				p->pos++;
		} else if (c == '(' && s[p->pos + 1] == '*') {
			size_t start = p->pos;
			int level = 0;

			do {
				if (!s[p->pos])
					fail_at(p, start, "unterminated comment");
				if (s[p->pos] == '(' && s[p->pos + 1] == '*') {
					level++;
					p->pos += 2;
				} else if (s[p->pos] == '*' && s[p->pos + 1] == ')') {
					level--;
					p->pos += 2;
				} else {
					p->pos++;
				}
			} while (level > 0);
		} else {
			return;
		}
	}
}

static void next(struct parser *p)
{
	const char *s = p->src->text;
	size_t i;
	char c;

	skip_space(p);
	p->tok_off = p->pos;
	p->tok_text = NULL;
	c = s[p->pos];
	if (!c) {
		p->tok = T_EOF;
		return;
	}
	if (is_name_start(c) && !(c == '_' && !is_name_char(s[p->pos + 1]))) {
		size_t start = p->pos;

		while (is_name_char(s[p->pos]))
			p->pos++;
		for (i = 0; i < ARRAY_SIZE(keywords); i++) {
			if (strlen(keywords[i].word) == p->pos - start &&
			    !memcmp(keywords[i].word, s + start, p->pos - start)) {
				p->tok = keywords[i].tok;
				return;
			}
		}
		p->tok = T_VAR;
		p->tok_text = arena_strndup(p->a, s + start, p->pos - start);
		return;
	}
	if (c == '\'') {
		size_t start = ++p->pos;

		while (is_name_char(s[p->pos]))
			p->pos++;
		if (p->pos == start)
			fail_at(p, p->tok_off, "a tag name is expected after '");
		p->tok = T_TAG;
		p->tok_text = arena_strndup(p->a, s + start, p->pos - start);
		return;
	}
	if (c == '"') {
		size_t start = ++p->pos;

		while (s[p->pos] && s[p->pos] != '"' && s[p->pos] != '\n')
			p->pos++;
		if (s[p->pos] != '"')
			fail_at(p, p->tok_off, "unterminated string");
		p->tok = T_STRING;
		p->tok_text = arena_strndup(p->a, s + start, p->pos - start);
		p->pos++;
		return;
	}
	p->pos++;
	switch (c) {
	case '0':
		if (s[p->pos] >= '0' && s[p->pos] <= '9')
			fail_at(p, p->tok_off, "unexpected number");
		p->tok = T_ZERO;
		return;
	case '(': p->tok = T_LPAR; return;
	case ')': p->tok = T_RPAR; return;
	case '[': p->tok = T_LBRAC; return;
	case ']': p->tok = T_RBRAC; return;
	case '{': p->tok = T_LACC; return;
	case '}': p->tok = T_RACC; return;
	case ',': p->tok = T_COMMA; return;
	case '=': p->tok = T_EQUAL; return;
	case ';': p->tok = T_SEMI; return;
	case '\\': p->tok = T_DIFF; return;
	case '&': p->tok = T_INTER; return;
	case '*': p->tok = T_STAR; return;
	case '?': p->tok = T_OPT; return;
	case '~': p->tok = T_COMP; return;
	case '_': p->tok = T_UNDERSCORE; return;
	case '|':
		if (s[p->pos] == '|') {
			p->pos++;
			p->tok = T_ALT;
		} else {
			p->tok = T_UNION;
		}
		return;
	case '+':
		if (s[p->pos] == '+') {
			p->pos++;
			p->tok = T_ADD;
		} else {
			p->tok = T_PLUS;
		}
		return;
	case '-':
		if (s[p->pos] == '>') {
			p->pos++;
			p->tok = T_ARROW;
			return;
		}
		break;
	case '^':
		if (s[p->pos] == '-' && s[p->pos + 1] == '1') {
			p->pos += 2;
			p->tok = T_INV;
			return;
		}
		if (s[p->pos] == '+') {
			p->pos++;
			p->tok = T_PLUS;
			return;
		}
		if (s[p->pos] == '*') {
			p->pos++;
			p->tok = T_STAR;
			return;
		}
		break;
	default:
		break;
	}
	if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
		fail_at(p, p->tok_off, "unexpected character '%c'", c);
	fail_at(p, p->tok_off, "unexpected byte 0x%02x", (unsigned char)c);
}

static const char *tok_name(enum tok t)
{
	switch (t) {
	case T_EOF: return "end of file";
	case T_VAR: return "a name";
	case T_TAG: return "a tag";
	case T_STRING: return "a string";
	case T_LPAR: return "'('";
	case T_RPAR: return "')'";
	case T_LBRAC: return "'['";
	case T_RBRAC: return "']'";
	case T_LACC: return "'{'";
	case T_RACC: return "'}'";
	case T_EQUAL: return "'='";
	case T_ARROW: return "'->'";
	case T_COMMA: return "','";
	case T_ZERO: return "'0'";
	case T_UNION: return "'|'";
	case T_ALT: return "'||'";
	case T_ADD: return "'++'";
	case T_SEMI: return "';'";
	case T_DIFF: return "'\\'";
	case T_INTER: return "'&'";
	case T_STAR: return "'*'";
	case T_PLUS: return "'+'";
	case T_OPT: return "'?'";
	case T_INV: return "'^-1'";
	case T_COMP: return "'~'";
	case T_UNDERSCORE: return "'_'";
	default: {
		static __thread char buf[32];
		size_t i;

		for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
			if (keywords[i].tok == t) {
				snprintf(buf, sizeof(buf), "keyword '%s'", keywords[i].word);
				return buf;
			}
		return "this token";
	}
	}
}

static void expect(struct parser *p, enum tok t, const char *what)
{
	if (p->tok != t)
		fail_at(p, p->tok_off, "%s expected, found %s", what ? what : tok_name(t),
			p->tok == T_VAR ? p->tok_text : tok_name(p->tok));
	next(p);
}

static const char *expect_var(struct parser *p, const char *what)
{
	const char *name = p->tok_text;

	if (p->tok != T_VAR)
		fail_at(p, p->tok_off, "%s expected", what);
	next(p);
	return name;
}

static struct cat_exp *mk(struct parser *p, enum cat_op op, size_t off, int nkids)
{
	struct cat_exp *e = arena_alloc(p->a, sizeof(*e));

	e->op = op;
	e->file = p->file;
	e->off = off;
	e->slot = -1;
	e->depth = -1;
	e->nkids = nkids;
	if (nkids)
		e->kids = arena_alloc(p->a, sizeof(*e->kids) * (size_t)nkids);
	return e;
}

static struct cat_exp *mk2(struct parser *p, enum cat_op op, size_t off, struct cat_exp *a,
			   struct cat_exp *b)
{
	struct cat_exp *e = mk(p, op, off, 2);

	e->kids[0] = a;
	e->kids[1] = b;
	return e;
}

static struct cat_exp *mk1(struct parser *p, enum cat_op op, size_t off, struct cat_exp *a)
{
	struct cat_exp *e = mk(p, op, off, 1);

	e->kids[0] = a;
	return e;
}

/* A growable list of expressions in the arena. */
struct exp_list {
	struct cat_exp **v;
	int nr, alloc;
};

/* Grows an array allocated in the arena (nothing to free if parsing fails). */
static void *grow(struct parser *p, void *v, int nr, int *alloc, size_t elt)
{
	void *nv;

	if (nr < *alloc)
		return v;
	*alloc = *alloc ? 2 * *alloc : 4;
	nv = arena_alloc(p->a, elt * (size_t)*alloc);
	if (nr)
		mem_copy(nv, v, elt * (size_t)nr);
	return nv;
}

static void list_add(struct parser *p, struct exp_list *l, struct cat_exp *e)
{
	l->v = grow(p, l->v, l->nr, &l->alloc, sizeof(*l->v));
	l->v[l->nr++] = e;
}

static struct cat_exp *mk_list(struct parser *p, enum cat_op op, size_t off, struct exp_list *l)
{
	struct cat_exp *e = mk(p, op, off, 0);

	e->kids = l->v;
	e->nkids = l->nr;
	return e;
}

static struct cat_exp *parse_exp(struct parser *p);

static void enter(struct parser *p)
{
	if (++p->depth > CAT_MAX_DEPTH)
		fail_at(p, p->tok_off, "expression nested deeper than %d", CAT_MAX_DEPTH);
}

static bool starts_operand(enum tok t)
{
	switch (t) {
	case T_VAR: case T_TAG: case T_ZERO: case T_LPAR: case T_LBRAC: case T_LACC:
	case T_UNDERSCORE: case T_COMP: case T_MATCH: case T_BEGIN:
		return true;
	default:
		return false;
	}
}

/* Comma-separated expressions up to the closing token. */
static void parse_exps(struct parser *p, struct exp_list *l, enum tok close)
{
	if (p->tok == close)
		return;
	for (;;) {
		list_add(p, l, parse_exp(p));
		if (p->tok != T_COMMA)
			break;
		next(p);
	}
}

static struct cat_exp *parse_matchset(struct parser *p, size_t off)
{
	struct cat_exp *e = mk(p, CAT_MATCHSET, off, 3);
	bool have_empty = false, have_elt = false;

	e->kids[0] = parse_exp(p);
	expect(p, T_WITH, "'with'");
	if (p->tok == T_ALT)
		next(p);
	while (!have_empty || !have_elt) {
		if (p->tok == T_LACC && !have_empty) {
			next(p);
			expect(p, T_RACC, NULL);
			expect(p, T_ARROW, NULL);
			e->kids[1] = parse_exp(p);
			have_empty = true;
		} else if (p->tok == T_VAR && !have_elt) {
			e->name = expect_var(p, "a name");
			expect(p, T_ADD, "'++'");
			e->name2 = expect_var(p, "a name");
			expect(p, T_ARROW, NULL);
			e->kids[2] = parse_exp(p);
			have_elt = true;
		} else {
			fail_at(p, p->tok_off, "only set matches ({} -> e || x ++ s -> e) are supported");
		}
		if (!have_empty || !have_elt)
			expect(p, T_ALT, "'||'");
	}
	expect(p, T_END, "'end'");
	return e;
}

static struct cat_exp *parse_simple(struct parser *p)
{
	size_t off = p->tok_off;
	struct cat_exp *e;

	switch (p->tok) {
	case T_VAR:
		e = mk(p, CAT_VAR, off, 0);
		e->name = p->tok_text;
		next(p);
		return e;
	case T_TAG:
		e = mk(p, CAT_TAG, off, 0);
		e->name = p->tok_text;
		next(p);
		return e;
	case T_ZERO:
		next(p);
		return mk(p, CAT_EMPTY, off, 0);
	case T_UNDERSCORE:
		next(p);
		return mk(p, CAT_UNIV, off, 0);
	case T_LACC: {
		struct exp_list l = { NULL, 0, 0 };

		next(p);
		parse_exps(p, &l, T_RACC);
		expect(p, T_RACC, NULL);
		return mk_list(p, CAT_SET, off, &l);
	}
	case T_LBRAC:
		next(p);
		e = mk1(p, CAT_TOID, off, parse_exp(p));
		expect(p, T_RBRAC, NULL);
		return e;
	case T_BEGIN:
		next(p);
		e = parse_exp(p);
		expect(p, T_END, "'end'");
		return e;
	case T_LPAR: {
		struct exp_list l = { NULL, 0, 0 };

		next(p);
		if (p->tok == T_RPAR) {
			next(p);
			return mk_list(p, CAT_TUPLE, off, &l);
		}
		e = parse_exp(p);
		if (p->tok != T_COMMA) {
			expect(p, T_RPAR, NULL);
			return e;
		}
		list_add(p, &l, e);
		while (p->tok == T_COMMA) {
			next(p);
			list_add(p, &l, parse_exp(p));
		}
		expect(p, T_RPAR, NULL);
		return mk_list(p, CAT_TUPLE, off, &l);
	}
	case T_MATCH:
		next(p);
		return parse_matchset(p, off);
	default:
		fail_at(p, off, "an expression is expected, found %s", tok_name(p->tok));
	}
}

/* application: a name applied to arguments by juxtaposition */
static struct cat_exp *parse_app(struct parser *p)
{
	struct cat_exp *e;

	enter(p);
	e = parse_simple(p);
	if (e->op == CAT_VAR) {
		while (p->tok == T_VAR || p->tok == T_TAG || p->tok == T_ZERO || p->tok == T_LPAR ||
		       p->tok == T_LBRAC || p->tok == T_LACC || p->tok == T_UNDERSCORE) {
			size_t off = p->tok_off;

			e = mk2(p, CAT_APP, off, e, parse_simple(p));
		}
	}
	p->depth--;
	return e;
}

static struct cat_exp *parse_postfix(struct parser *p)
{
	struct cat_exp *e;

	enter(p);
	if (p->tok == T_COMP) {
		size_t off = p->tok_off;

		next(p);
		e = mk1(p, CAT_COMP, off, parse_postfix(p));
		p->depth--;
		return e;
	}
	e = parse_app(p);
	for (;;) {
		size_t off = p->tok_off;

		if (p->tok == T_PLUS) {
			next(p);
			e = mk1(p, CAT_PLUS, off, e);
		} else if (p->tok == T_OPT) {
			next(p);
			e = mk1(p, CAT_OPT, off, e);
		} else if (p->tok == T_INV) {
			next(p);
			e = mk1(p, CAT_INV, off, e);
		} else if (p->tok == T_STAR) {
			/* postfix star unless an operand follows (then: cartesian) */
			size_t save_pos = p->pos;
			enum tok save_tok = p->tok;
			const char *save_text = p->tok_text;

			next(p);
			if (starts_operand(p->tok)) {
				p->pos = save_pos;
				p->tok = save_tok;
				p->tok_off = off;
				p->tok_text = save_text;
				break;
			}
			e = mk1(p, CAT_STAR, off, e);
		} else {
			break;
		}
	}
	p->depth--;
	return e;
}

static struct cat_exp *parse_cart(struct parser *p)
{
	struct cat_exp *e = parse_postfix(p);

	if (p->tok == T_STAR) {
		size_t off = p->tok_off;

		next(p);
		e = mk2(p, CAT_CART, off, e, parse_postfix(p));
	}
	return e;
}

static struct cat_exp *parse_inter(struct parser *p)
{
	struct cat_exp *e;

	enter(p);
	e = parse_cart(p);
	if (p->tok == T_INTER) {
		size_t off = p->tok_off;

		next(p);
		e = mk2(p, CAT_INTER, off, e, parse_inter(p));
	}
	p->depth--;
	return e;
}

static struct cat_exp *parse_diff(struct parser *p)
{
	struct cat_exp *e = parse_inter(p);

	while (p->tok == T_DIFF) {
		size_t off = p->tok_off;

		next(p);
		e = mk2(p, CAT_DIFF, off, e, parse_inter(p));
	}
	return e;
}

static struct cat_exp *parse_seq(struct parser *p)
{
	struct cat_exp *e = parse_diff(p);
	struct exp_list l = { NULL, 0, 0 };
	size_t off = p->tok_off;

	if (p->tok != T_SEMI)
		return e;
	list_add(p, &l, e);
	while (p->tok == T_SEMI) {
		next(p);
		list_add(p, &l, parse_diff(p));
	}
	return mk_list(p, CAT_SEQ, off, &l);
}

static struct cat_exp *parse_addset(struct parser *p)
{
	struct cat_exp *e;

	enter(p);
	e = parse_seq(p);
	if (p->tok == T_ADD) {
		size_t off = p->tok_off;

		next(p);
		e = mk2(p, CAT_ADD, off, e, parse_addset(p));
	}
	p->depth--;
	return e;
}

static struct cat_exp *parse_union(struct parser *p)
{
	struct cat_exp *e = parse_addset(p);
	struct exp_list l = { NULL, 0, 0 };
	size_t off = p->tok_off;

	if (p->tok != T_UNION)
		return e;
	list_add(p, &l, e);
	while (p->tok == T_UNION) {
		next(p);
		list_add(p, &l, parse_addset(p));
	}
	return mk_list(p, CAT_UNION, off, &l);
}

/* Formal parameters: names separated by commas, up to ')'. */
static void parse_formals(struct parser *p, const char ***names, int *n)
{
	int alloc = 0;

	*names = NULL;
	*n = 0;
	if (p->tok == T_RPAR)
		return;
	for (;;) {
		const char *name = expect_var(p, "a parameter name");
		const char **v;

		if (*n + 1 > alloc) {
			alloc = alloc ? 2 * alloc : 4;
			v = arena_alloc(p->a, sizeof(*v) * (size_t)alloc);
			if (*n)
				mem_copy(v, *names, sizeof(*v) * (size_t)*n);
			*names = v;
		}
		(*names)[(*n)++] = name;
		if (p->tok != T_COMMA)
			break;
		next(p);
	}
}

static struct cat_exp *mk_fun(struct parser *p, size_t off, const char **params, int n,
			      bool tuple, struct cat_exp *body)
{
	struct cat_exp *e = mk1(p, CAT_FUN, off, body);

	e->params = params;
	e->nparams = n;
	e->tuple = tuple;
	return e;
}

static void parse_binds(struct parser *p, struct cat_bind **out, int *nout)
{
	struct cat_bind *v = NULL;
	int n = 0, alloc = 0;

	for (;;) {
		struct cat_bind b;
		size_t off = p->tok_off;

		memset(&b, 0, sizeof(b));
		b.file = p->file;
		b.off = off;
		if (p->tok == T_LPAR) {
			next(p);
			parse_formals(p, &b.pat, &b.npat);
			expect(p, T_RPAR, NULL);
			expect(p, T_EQUAL, NULL);
			b.exp = parse_exp(p);
		} else {
			b.name = expect_var(p, "a name to bind");
			if (p->tok == T_EQUAL) {
				next(p);
				b.exp = parse_exp(p);
			} else if (p->tok == T_VAR) {
				const char **param = arena_alloc(p->a, sizeof(*param));
				size_t foff = p->tok_off;

				param[0] = expect_var(p, "a parameter");
				expect(p, T_EQUAL, NULL);
				b.exp = mk_fun(p, foff, param, 1, false, parse_exp(p));
			} else if (p->tok == T_LPAR) {
				const char **params;
				int np;
				size_t foff = p->tok_off;

				next(p);
				parse_formals(p, &params, &np);
				expect(p, T_RPAR, NULL);
				expect(p, T_EQUAL, NULL);
				b.exp = mk_fun(p, foff, params, np, true, parse_exp(p));
			} else {
				fail_at(p, p->tok_off, "'=' expected after the name '%s'", b.name);
			}
		}
		v = grow(p, v, n, &alloc, sizeof(*v));
		v[n++] = b;
		if (p->tok != T_AND)
			break;
		next(p);
	}
	*out = v;
	*nout = n;
}

static struct cat_exp *parse_exp(struct parser *p)
{
	size_t off = p->tok_off;
	struct cat_exp *e;

	enter(p);
	switch (p->tok) {
	case T_LET: {
		bool rec = false;

		next(p);
		if (p->tok == T_REC) {
			rec = true;
			next(p);
		}
		e = mk(p, rec ? CAT_LETREC : CAT_LET, off, 1);
		parse_binds(p, &e->binds, &e->nbinds);
		expect(p, T_IN, "'in'");
		e->kids[0] = parse_exp(p);
		break;
	}
	case T_FUN: {
		const char **params;
		int np;

		next(p);
		if (p->tok == T_LPAR) {
			next(p);
			parse_formals(p, &params, &np);
			expect(p, T_RPAR, NULL);
			expect(p, T_ARROW, NULL);
			e = mk_fun(p, off, params, np, true, parse_exp(p));
		} else {
			params = arena_alloc(p->a, sizeof(*params));
			params[0] = expect_var(p, "a parameter");
			expect(p, T_ARROW, NULL);
			e = mk_fun(p, off, params, 1, false, parse_exp(p));
		}
		break;
	}
	case T_TRY:
		next(p);
		e = mk(p, CAT_TRY, off, 2);
		e->kids[0] = parse_exp(p);
		expect(p, T_WITH, "'with'");
		e->kids[1] = parse_exp(p);
		break;
	case T_IF:
		next(p);
		e = mk(p, CAT_IF_EQ, off, 4);
		e->kids[0] = parse_exp(p);
		expect(p, T_EQUAL, NULL);
		e->kids[1] = parse_exp(p);
		expect(p, T_THEN, "'then'");
		e->kids[2] = parse_exp(p);
		expect(p, T_ELSE, "'else'");
		e->kids[3] = parse_exp(p);
		break;
	default:
		e = parse_union(p);
		break;
	}
	p->depth--;
	return e;
}

struct ins_list {
	struct cat_ins *v;
	int nr, alloc;
};

static struct cat_ins *new_ins(struct parser *p, struct ins_list *l, enum cat_ins_op op,
			       int file, size_t off)
{
	struct cat_ins *i;

	l->v = grow(p, l->v, l->nr, &l->alloc, sizeof(*l->v));
	i = &l->v[l->nr++];
	memset(i, 0, sizeof(*i));
	i->op = op;
	i->file = file;
	i->off = off;
	return i;
}

static bool starts_test(enum tok t)
{
	return t == T_ACYCLIC || t == T_IRREFLEXIVE || t == T_EMPTY || t == T_COMP ||
	       t == T_FLAG || t == T_REQUIRES;
}

static void parse_ins_list(struct parser *p, struct ins_list *l, enum tok stop);

static void parse_ins(struct parser *p, struct ins_list *l)
{
	size_t off = p->tok_off;
	struct cat_ins *i;

	switch (p->tok) {
	case T_LET: {
		bool rec = false;
		struct cat_bind *b;
		int nb;

		next(p);
		if (p->tok == T_REC) {
			rec = true;
			next(p);
		}
		parse_binds(p, &b, &nb);
		if (p->tok == T_WHEN)
			fail_at(p, p->tok_off, "'let rec ... when' is not supported");
		i = new_ins(p, l, rec ? CAT_INS_LETREC : CAT_INS_LET, p->file, off);
		i->binds = b;
		i->nbinds = nb;
		return;
	}
	case T_INCLUDE:
		next(p);
		if (p->tok != T_STRING)
			fail_at(p, p->tok_off, "a file name in quotes is expected after include");
		i = new_ins(p, l, CAT_INS_INCLUDE, p->file, off);
		i->name = p->tok_text;
		next(p);
		return;
	case T_ENUM: {
		const char **tags = NULL;
		int n = 0, alloc = 0;

		next(p);
		i = new_ins(p, l, CAT_INS_ENUM, p->file, off);
		i->name = expect_var(p, "an enumeration name");
		expect(p, T_EQUAL, NULL);
		if (p->tok == T_ALT)
			next(p);
		for (;;) {
			if (p->tok != T_TAG)
				fail_at(p, p->tok_off, "a tag ('name) is expected in an enum");
			tags = grow(p, tags, n, &alloc, sizeof(*tags));
			tags[n++] = p->tok_text;
			next(p);
			if (p->tok != T_ALT)
				break;
			next(p);
		}
		i = &l->v[l->nr - 1];
		i->tags = tags;
		i->ntags = n;
		return;
	}
	case T_EVENTS: {
		struct exp_list el = { NULL, 0, 0 };

		next(p);
		i = new_ins(p, l, CAT_INS_EVENTS, p->file, off);
		i->name = expect_var(p, "an event kind");
		expect(p, T_LBRAC, NULL);
		parse_exps(p, &el, T_RBRAC);
		expect(p, T_RBRAC, NULL);
		i = &l->v[l->nr - 1];
		i->exp = mk_list(p, CAT_SET, off, &el);
		return;
	}
	case T_WITH:
		next(p);
		i = new_ins(p, l, CAT_INS_WITH, p->file, off);
		i->name = expect_var(p, "a name");
		expect(p, T_FROM, "'from'");
		i = &l->v[l->nr - 1];
		i->exp = parse_exp(p);
		return;
	case T_SHOW:
	case T_UNSHOW:
		next(p);
		new_ins(p, l, CAT_INS_SHOW, p->file, off);
		/* show e as name, or show a, b, c */
		{
			struct cat_exp *e = parse_exp(p);

			if (p->tok == T_AS) {
				next(p);
				expect_var(p, "a name");
				return;
			}
			(void)e;
			while (p->tok == T_COMMA) {
				next(p);
				expect_var(p, "a name");
			}
		}
		return;
	case T_PROCEDURE:
	case T_CALL:
	case T_FORALL:
	case T_DEBUG:
		fail_at(p, off, "this cat construct is not supported by acqrel");
	default:
		break;
	}
	if (starts_test(p->tok)) {
		enum cat_test_type type = CAT_CHECK;
		bool neg = false;
		enum cat_test t;

		if (p->tok == T_FLAG) {
			type = CAT_FLAG;
			next(p);
		} else if (p->tok == T_REQUIRES) {
			type = CAT_REQUIRES;
			next(p);
		}
		if (p->tok == T_COMP) {
			neg = true;
			next(p);
		}
		if (p->tok == T_ACYCLIC)
			t = CAT_ACYCLIC;
		else if (p->tok == T_IRREFLEXIVE)
			t = CAT_IRREFLEXIVE;
		else if (p->tok == T_EMPTY)
			t = CAT_EMPTY_TEST;
		else
			fail_at(p, p->tok_off, "acyclic, irreflexive or empty expected");
		next(p);
		i = new_ins(p, l, CAT_INS_TEST, p->file, off);
		i->test = t;
		i->type = type;
		i->negated = neg;
		{
			struct cat_exp *e = parse_exp(p);

			i = &l->v[l->nr - 1];
			i->exp = e;
		}
		if (p->tok == T_AS) {
			next(p);
			i->name = expect_var(p, "a check name");
		}
		return;
	}
	fail_at(p, off, "an instruction (let, include, acyclic, ...) is expected, found %s",
		p->tok == T_VAR ? p->tok_text : tok_name(p->tok));
	(void)parse_ins_list;
}

static void parse_ins_list(struct parser *p, struct ins_list *l, enum tok stop)
{
	while (p->tok != stop && p->tok != T_EOF)
		parse_ins(p, l);
}

static void parse_file(struct parser *p, struct cat_file *out)
{
	struct ins_list l = { NULL, 0, 0 };

	next(p);
	if (p->tok == T_STRING || p->tok == T_VAR) {
		/* a title (no instruction starts with a name or a string) */
		out->title = p->tok_text;
		next(p);
	}
	for (;;) {
		if (p->tok == T_WITHOUTCO || p->tok == T_WITHINIT || p->tok == T_WITHOUTINIT ||
		    p->tok == T_WITHOUTSC) {
			next(p);
		} else if (p->tok == T_WITHCO || p->tok == T_WITHSC) {
			fail_at(p, p->tok_off, "model option %s is not supported",
				p->tok == T_WITHCO ? "withco" : "withsc");
		} else {
			break;
		}
	}
	parse_ins_list(p, &l, T_EOF);
	out->ins = l.v;
	out->nins = l.nr;
}

int cat_parse(const struct source *src, int file, struct arena *a, struct cat_file *out,
	      char **err)
{
	/* on the heap: its fields change between setjmp and longjmp */
	struct parser *const p = xcalloc(1, sizeof(*p));
	int ret = 0;

	memset(out, 0, sizeof(*out));
	p->src = src;
	p->file = file;
	p->a = a;
	if (setjmp(p->fail)) {
		*err = p->err;
		ret = -1;
	} else {
		parse_file(p, out);
	}
	free(p);
	return ret;
}
