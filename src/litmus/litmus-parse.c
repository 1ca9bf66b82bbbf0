/*
 * litmus-parse.c: the parser of C litmus tests and of the .def file of a
 * model. One lexer serves both; OCaml comments (* ... *) are known outside
 * the code of the processes (where "(*p)" is C), C comments everywhere.
 */
#include "litmus.h"
#include "../lib/util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 200		/* nesting of expressions and statements */
#define MAX_TEST_BYTES (4u << 20)

enum ltok { L_EOF, L_IDENT, L_NUM, L_PUNCT };

struct lexer {
	const struct source *src;
	struct arena *a;
	size_t pos;
	bool ocaml;		/* (* ... *) comments */
	enum ltok tok;
	size_t off;
	const char *text;	/* L_IDENT: arena copy */
	int64_t num;
	char punct[3];
	int depth;
	char *err;
	jmp_buf fail;
};

__attribute__((noreturn, format(printf, 3, 4)))
static void fail_at(struct lexer *l, size_t off, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!l->err)
		l->err = source_error(l->src, off, "%s", msg);
	longjmp(l->fail, 1);
}

static void skip_space(struct lexer *l)
{
	const char *s = l->src->text;

	for (;;) {
		char c = s[l->pos];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			l->pos++;
		} else if (c == '/' && s[l->pos + 1] == '/') {
			while (s[l->pos] && s[l->pos] != '\n')
				l->pos++;
		} else if (c == '/' && s[l->pos + 1] == '*') {
			size_t start = l->pos;

			l->pos += 2;
			while (s[l->pos] && !(s[l->pos] == '*' && s[l->pos + 1] == '/'))
				l->pos++;
			if (!s[l->pos])
				fail_at(l, start, "unterminated comment");
			l->pos += 2;
		} else if (l->ocaml && c == '(' && s[l->pos + 1] == '*') {
			size_t start = l->pos;
			int level = 0;

			do {
				if (!s[l->pos])
					fail_at(l, start, "unterminated comment");
				if (s[l->pos] == '(' && s[l->pos + 1] == '*') {
					level++;
					l->pos += 2;
				} else if (s[l->pos] == '*' && s[l->pos + 1] == ')') {
					level--;
					l->pos += 2;
				} else {
					l->pos++;
				}
			} while (level > 0);
		} else {
			return;
		}
	}
}

static bool is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static void next(struct lexer *l)
{
	static const char *const two[] = { "==", "!=", "<=", ">=", "/\\", "\\/", "=>", "->", "&&",
					   "||", "++", "--", "+=", "-=", "<<", ">>" };
	const char *s = l->src->text;
	size_t i;

	skip_space(l);
	l->off = l->pos;
	l->text = NULL;
	if (!s[l->pos]) {
		l->tok = L_EOF;
		return;
	}
	if (is_alpha(s[l->pos])) {
		size_t start = l->pos;

		while (is_alpha(s[l->pos]) || is_digit(s[l->pos]))
			l->pos++;
		l->tok = L_IDENT;
		l->text = arena_strndup(l->a, s + start, l->pos - start);
		return;
	}
	if (is_digit(s[l->pos])) {
		uint64_t v = 0;
		int base = 10;

		if (s[l->pos] == '0' && (s[l->pos + 1] == 'x' || s[l->pos + 1] == 'X')) {
			base = 16;
			l->pos += 2;
		}
		while (is_digit(s[l->pos]) || (base == 16 && strchr("abcdefABCDEF", s[l->pos]) &&
					      s[l->pos])) {
			int d = is_digit(s[l->pos]) ? s[l->pos] - '0' :
				(s[l->pos] | 0x20) - 'a' + 10;

			if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
				fail_at(l, l->off, "number too large");
			v = v * (uint64_t)base + (uint64_t)d;
			l->pos++;
		}
		while (s[l->pos] == 'u' || s[l->pos] == 'U' || s[l->pos] == 'l' || s[l->pos] == 'L')
			l->pos++;
		if (is_alpha(s[l->pos]))
			fail_at(l, l->off, "malformed number");
		if (v > INT64_MAX)
			fail_at(l, l->off, "number too large");
		l->tok = L_NUM;
		l->num = (int64_t)v;
		return;
	}
	l->tok = L_PUNCT;
	for (i = 0; i < ARRAY_SIZE(two); i++) {
		if (s[l->pos] == two[i][0] && s[l->pos + 1] == two[i][1]) {
			l->punct[0] = two[i][0];
			l->punct[1] = two[i][1];
			l->punct[2] = '\0';
			l->pos += 2;
			return;
		}
	}
	if (!strchr("{}()[];,*&|^+-/=<>!~:.?%'\"#@$\\", s[l->pos])) {
		unsigned char c = (unsigned char)s[l->pos];

		if (c >= 0x20 && c < 0x7f)
			fail_at(l, l->off, "unexpected character '%c'", c);
		fail_at(l, l->off, "unexpected byte 0x%02x", c);
	}
	l->punct[0] = s[l->pos++];
	l->punct[1] = '\0';
}

static bool is_punct(const struct lexer *l, const char *p)
{
	return l->tok == L_PUNCT && !strcmp(l->punct, p);
}

static bool is_ident(const struct lexer *l, const char *name)
{
	return l->tok == L_IDENT && !strcmp(l->text, name);
}

static const char *describe(const struct lexer *l)
{
	static __thread char buf[64];

	switch (l->tok) {
	case L_EOF:
		return "end of file";
	case L_IDENT:
		snprintf(buf, sizeof(buf), "'%.40s'", l->text);
		return buf;
	case L_NUM:
		snprintf(buf, sizeof(buf), "%lld", (long long)l->num);
		return buf;
	default:
		snprintf(buf, sizeof(buf), "'%s'", l->punct);
		return buf;
	}
}

static void expect_punct(struct lexer *l, const char *p)
{
	if (!is_punct(l, p))
		fail_at(l, l->off, "'%s' expected, found %s", p, describe(l));
	next(l);
}

static const char *expect_ident(struct lexer *l, const char *what)
{
	const char *s = l->text;

	if (l->tok != L_IDENT)
		fail_at(l, l->off, "%s expected, found %s", what, describe(l));
	next(l);
	return s;
}

static void enter(struct lexer *l)
{
	if (++l->depth > MAX_DEPTH)
		fail_at(l, l->off, "nested deeper than %d", MAX_DEPTH);
}

/* Words that start a type (herd's list, and a few more kernel types). */
static bool is_type_word(const char *s)
{
	static const char *const words[] = {
		"int", "char", "long", "short", "void", "unsigned", "signed", "bool", "_Bool",
		"volatile", "const", "_Atomic", "struct", "atomic_t", "spinlock_t",
		"intptr_t", "uintptr_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t",
		"uint32_t", "int64_t", "uint64_t", "__int128_t", "__uint128_t", "atomic_int",
		"mtx_t", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "size_t",
		"atomic_long_t", "atomic64_t",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (!strcmp(s, words[i]))
			return true;
	return false;
}

/* Skips a type (words and stars); returns its text. */
static const char *parse_type(struct lexer *l)
{
	size_t start = l->off, end = l->off;

	if (l->tok != L_IDENT || !is_type_word(l->text))
		fail_at(l, l->off, "a type expected, found %s", describe(l));
	while (l->tok == L_IDENT && is_type_word(l->text)) {
		bool st = !strcmp(l->text, "struct");

		next(l);
		if (st)
			expect_ident(l, "a struct name");
		end = l->off;
	}
	while (is_punct(l, "*")) {
		next(l);
		end = l->off;
	}
	while (end > start && (l->src->text[end - 1] == ' ' || l->src->text[end - 1] == '\t' ||
			       l->src->text[end - 1] == '\n'))
		end--;
	return arena_strndup(l->a, l->src->text + start, end - start);
}

/* ------------------------------------------------------------------ */
/* expressions and statements of the code */

static struct cexp *new_exp(struct lexer *l, enum cx_op op, size_t off)
{
	struct cexp *e = arena_alloc(l->a, sizeof(*e));

	e->op = op;
	e->src = l->src;
	e->off = off;
	return e;
}

static struct cstmt *new_stmt(struct lexer *l, enum cs_op op, size_t off)
{
	struct cstmt *s = arena_alloc(l->a, sizeof(*s));

	s->op = op;
	s->src = l->src;
	s->off = off;
	return s;
}

static void *grow(struct lexer *l, void *v, int nr, int *alloc, size_t elt)
{
	void *nv;

	if (nr < *alloc)
		return v;
	*alloc = *alloc ? 2 * *alloc : 4;
	nv = arena_alloc(l->a, elt * (size_t)*alloc);
	if (nr)
		mem_copy(nv, v, elt * (size_t)nr);
	return nv;
}

/* {a, b-c}: annotations of an internal form */
static void parse_annots(struct lexer *l, const char ***out, int *n)
{
	const char **v = NULL;
	int alloc = 0;

	*n = 0;
	expect_punct(l, "{");
	for (;;) {
		size_t start = l->off, end;

		expect_ident(l, "an annotation");
		end = l->off;
		while (is_punct(l, "-")) {
			next(l);
			expect_ident(l, "an annotation");
			end = l->off;
		}
		while (end > start && (l->src->text[end - 1] == ' ' || l->src->text[end - 1] == '\t'))
			end--;
		v = grow(l, v, *n, &alloc, sizeof(*v));
		v[(*n)++] = arena_strndup(l->a, l->src->text + start, end - start);
		if (!is_punct(l, ","))
			break;
		next(l);
	}
	expect_punct(l, "}");
	*out = v;
}

static struct cexp *parse_expr(struct lexer *l);

static enum cbin parse_atomic_op(struct lexer *l)
{
	if (is_punct(l, "+")) {
		next(l);
		return CB_ADD;
	}
	if (is_punct(l, "-")) {
		next(l);
		return CB_SUB;
	}
	fail_at(l, l->off, "'+' or '-' expected, found %s", describe(l));
}

/* the operands of an internal form: (e, e, ...) */
static void parse_form_args(struct lexer *l, struct cexp **kids, int n)
{
	int i;

	expect_punct(l, "(");
	for (i = 0; i < n; i++) {
		if (i)
			expect_punct(l, ",");
		kids[i] = parse_expr(l);
	}
	expect_punct(l, ")");
}

static struct cexp *parse_special_exp(struct lexer *l, const char *name, size_t off)
{
	struct cexp *e;

	if (!strcmp(name, "__load")) {
		e = new_exp(l, CX_LOAD, off);
		parse_annots(l, &e->annots, &e->nannots);
		parse_form_args(l, e->kids, 1);
		return e;
	}
	if (!strcmp(name, "__xchg")) {
		e = new_exp(l, CX_XCHG, off);
		parse_annots(l, &e->annots, &e->nannots);
		parse_form_args(l, e->kids, 2);
		return e;
	}
	if (!strcmp(name, "__cmpxchg")) {
		e = new_exp(l, CX_CMPXCHG, off);
		parse_annots(l, &e->annots, &e->nannots);
		parse_form_args(l, e->kids, 3);
		return e;
	}
	if (!strcmp(name, "__atomic_op_return") || !strcmp(name, "__atomic_fetch_op")) {
		e = new_exp(l, name[9] == 'o' ? CX_OP_RETURN : CX_FETCH_OP, off);
		parse_annots(l, &e->annots, &e->nannots);
		expect_punct(l, "(");
		e->kids[0] = parse_expr(l);
		expect_punct(l, ",");
		e->bin = parse_atomic_op(l);
		expect_punct(l, ",");
		e->kids[1] = parse_expr(l);
		expect_punct(l, ")");
		return e;
	}
	if (!strcmp(name, "__atomic_add_unless") || !strcmp(name, "atomic_add_unless")) {
		e = new_exp(l, CX_ADD_UNLESS, off);
		e->retbool = name[0] == 'a';
		parse_form_args(l, e->kids, 3);
		return e;
	}
	if (!strcmp(name, "__trylock") || !strcmp(name, "__islocked")) {
		e = new_exp(l, name[2] == 't' ? CX_TRYLOCK : CX_ISLOCKED, off);
		parse_form_args(l, e->kids, 1);
		return e;
	}
	if (!strcmp(name, "__srcu")) {
		e = new_exp(l, CX_SRCU, off);
		parse_annots(l, &e->annots, &e->nannots);
		parse_form_args(l, e->kids, 1);
		return e;
	}
	return NULL;
}

static bool is_internal_statement(const char *name)
{
	return !strcmp(name, "__store") || !strcmp(name, "__fence") || !strcmp(name, "__lock") ||
	       !strcmp(name, "__unlock") || !strcmp(name, "__atomic_op");
}

static struct cexp *parse_unary(struct lexer *l);

static struct cexp *parse_primary(struct lexer *l)
{
	size_t off = l->off;
	struct cexp *e;

	if (l->tok == L_NUM) {
		e = new_exp(l, CX_NUM, off);
		e->num = l->num;
		next(l);
		return e;
	}
	if (l->tok == L_IDENT) {
		const char *name = l->text;

		if (is_type_word(name))
			fail_at(l, off, "a type where an expression is expected");
		if (!strcmp(name, "if") || !strcmp(name, "else") || !strcmp(name, "while") ||
		    !strcmp(name, "for") || !strcmp(name, "return") || !strcmp(name, "do"))
			fail_at(l, off, "'%s' where an expression is expected", name);
		next(l);
		e = parse_special_exp(l, name, off);
		if (e)
			return e;
		if (is_internal_statement(name))
			fail_at(l, off, "%s is a statement, not an expression", name);
		if (is_punct(l, "(")) {
			struct cexp **args = NULL;
			int n = 0, alloc = 0;

			next(l);
			if (!is_punct(l, ")")) {
				for (;;) {
					args = grow(l, args, n, &alloc, sizeof(*args));
					args[n++] = parse_expr(l);
					if (!is_punct(l, ","))
						break;
					next(l);
				}
			}
			expect_punct(l, ")");
			e = new_exp(l, CX_CALL, off);
			e->name = name;
			e->args = args;
			e->nargs = n;
			return e;
		}
		e = new_exp(l, CX_REG, off);
		e->name = name;
		return e;
	}
	if (is_punct(l, "(")) {
		next(l);
		e = parse_expr(l);
		expect_punct(l, ")");
		return e;
	}
	if (is_punct(l, "&"))
		fail_at(l, off, "'&' (address of) is not supported in code: use a pointer parameter");
	if (is_punct(l, "!"))
		fail_at(l, off, "'!' is not supported (herd7's C has no negation): write == 0");
	if (is_punct(l, "~"))
		fail_at(l, off, "'~' is not supported in code");
	fail_at(l, off, "an expression expected, found %s", describe(l));
}

static struct cexp *parse_unary(struct lexer *l)
{
	size_t off = l->off;
	struct cexp *e;

	enter(l);
	if (is_punct(l, "*")) {
		next(l);
		e = new_exp(l, CX_DEREF, off);
		e->kids[0] = parse_unary(l);
	} else if (is_punct(l, "-")) {
		next(l);
		if (l->tok != L_NUM)
			fail_at(l, off, "unary minus is supported on numbers only");
		e = new_exp(l, CX_NUM, off);
		e->num = -l->num;
		next(l);
	} else if (is_punct(l, "(") ) {
		/* a cast, or a parenthesised expression */
		size_t save = l->pos;
		enum ltok save_tok = l->tok;
		size_t save_off = l->off;

		next(l);
		if (l->tok == L_IDENT && is_type_word(l->text)) {
			parse_type(l);
			expect_punct(l, ")");
			e = parse_unary(l);
		} else {
			l->pos = save;
			l->tok = save_tok;
			l->off = save_off;
			l->punct[0] = '(';
			l->punct[1] = '\0';
			e = parse_primary(l);
		}
	} else {
		e = parse_primary(l);
	}
	l->depth--;
	return e;
}

static struct cexp *mk_bin(struct lexer *l, enum cbin b, size_t off, struct cexp *x,
			   struct cexp *y)
{
	struct cexp *e = new_exp(l, CX_BIN, off);

	e->bin = b;
	e->kids[0] = x;
	e->kids[1] = y;
	return e;
}

static struct cexp *parse_mul(struct lexer *l)
{
	struct cexp *e = parse_unary(l);

	while (is_punct(l, "*") || is_punct(l, "/")) {
		size_t off = l->off;
		enum cbin b = l->punct[0] == '*' ? CB_MUL : CB_DIV;

		next(l);
		e = mk_bin(l, b, off, e, parse_unary(l));
	}
	return e;
}

static struct cexp *parse_add(struct lexer *l)
{
	struct cexp *e = parse_mul(l);

	while (is_punct(l, "+") || is_punct(l, "-")) {
		size_t off = l->off;
		enum cbin b = l->punct[0] == '+' ? CB_ADD : CB_SUB;

		next(l);
		e = mk_bin(l, b, off, e, parse_mul(l));
	}
	return e;
}

static struct cexp *parse_cmp(struct lexer *l)
{
	static const struct {
		const char *p;
		enum cbin b;
	} ops[] = { { "==", CB_EQ }, { "!=", CB_NE }, { "<=", CB_LE }, { ">=", CB_GE },
		    { "<", CB_LT }, { ">", CB_GT } };
	struct cexp *e = parse_add(l);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		if (is_punct(l, ops[i].p)) {
			size_t off = l->off;

			next(l);
			return mk_bin(l, ops[i].b, off, e, parse_add(l));
		}
	}
	return e;
}

static struct cexp *parse_band(struct lexer *l)
{
	struct cexp *e = parse_cmp(l);

	while (is_punct(l, "&")) {
		size_t off = l->off;

		next(l);
		e = mk_bin(l, CB_AND, off, e, parse_cmp(l));
	}
	return e;
}

static struct cexp *parse_bxor(struct lexer *l)
{
	struct cexp *e = parse_band(l);

	while (is_punct(l, "^")) {
		size_t off = l->off;

		next(l);
		e = mk_bin(l, CB_XOR, off, e, parse_band(l));
	}
	return e;
}

static struct cexp *parse_expr(struct lexer *l)
{
	struct cexp *e;

	enter(l);
	e = parse_bxor(l);
	while (is_punct(l, "|")) {
		size_t off = l->off;

		next(l);
		e = mk_bin(l, CB_OR, off, e, parse_bxor(l));
	}
	if (is_punct(l, "&&") || is_punct(l, "||"))
		fail_at(l, l->off, "'%s' is not supported (herd7's C has no logical operators)",
			l->punct);
	if (is_punct(l, "?"))
		fail_at(l, l->off, "'?:' is not supported");
	if (is_punct(l, "%") || is_punct(l, "<<") || is_punct(l, ">>"))
		fail_at(l, l->off, "'%s' is not supported (herd7's C has no such operator)", l->punct);
	l->depth--;
	return e;
}

static struct cstmt *parse_stmt(struct lexer *l);

/* The statements up to '}'; after it, OCaml comments are known if ocaml_after. */
static struct cstmt *parse_block_until(struct lexer *l, size_t off, bool ocaml_after)
{
	struct cstmt *s = new_stmt(l, CS_SEQ, off);
	int alloc = 0;

	while (!is_punct(l, "}")) {
		if (l->tok == L_EOF)
			fail_at(l, off, "unterminated block");
		s->kids = grow(l, s->kids, s->nkids, &alloc, sizeof(*s->kids));
		s->kids[s->nkids++] = parse_stmt(l);
	}
	if (ocaml_after)
		l->ocaml = true;
	next(l);
	return s;
}

static struct cstmt *parse_block_body(struct lexer *l, size_t off)
{
	return parse_block_until(l, off, l->ocaml);
}

/* type name [= e] {, name [= e]} ; */
static struct cstmt *parse_decl(struct lexer *l, size_t off)
{
	struct cstmt *seq = new_stmt(l, CS_SEQ, off);
	int alloc = 0;

	parse_type(l);
	for (;;) {
		struct cstmt *s;
		size_t noff;
		const char *name;

		while (is_punct(l, "*"))
			next(l);
		noff = l->off;
		name = expect_ident(l, "a variable name");
		if (is_punct(l, "["))
			fail_at(l, l->off, "arrays are not supported");
		if (is_punct(l, "=")) {
			next(l);
			s = new_stmt(l, CS_ASSIGN, noff);
			s->name = name;
			s->a = parse_expr(l);
		} else {
			s = new_stmt(l, CS_NOP, noff);
			s->name = name;
		}
		seq->kids = grow(l, seq->kids, seq->nkids, &alloc, sizeof(*seq->kids));
		seq->kids[seq->nkids++] = s;
		if (!is_punct(l, ","))
			break;
		next(l);
	}
	expect_punct(l, ";");
	return seq;
}

static struct cstmt *parse_special_stmt(struct lexer *l, const char *name, size_t off)
{
	struct cstmt *s;
	struct cexp *kids[2];

	if (!strcmp(name, "__store")) {
		s = new_stmt(l, CS_STORE, off);
		parse_annots(l, &s->annots, &s->nannots);
		parse_form_args(l, kids, 2);
		s->a = kids[0];	/* *address, checked once macros are expanded */
		s->b = kids[1];
	} else if (!strcmp(name, "__fence")) {
		s = new_stmt(l, CS_FENCE, off);
		parse_annots(l, &s->annots, &s->nannots);
	} else if (!strcmp(name, "__lock") || !strcmp(name, "__unlock")) {
		s = new_stmt(l, name[2] == 'l' ? CS_LOCK : CS_UNLOCK, off);
		parse_form_args(l, kids, 1);
		s->a = kids[0];
	} else if (!strcmp(name, "__atomic_op")) {
		s = new_stmt(l, CS_ATOMIC_OP, off);
		expect_punct(l, "(");
		s->a = parse_expr(l);
		expect_punct(l, ",");
		s->bin = parse_atomic_op(l);
		expect_punct(l, ",");
		s->b = parse_expr(l);
		expect_punct(l, ")");
	} else if (!strcmp(name, "__srcu")) {
		s = new_stmt(l, CS_SRCU, off);
		parse_annots(l, &s->annots, &s->nannots);
		expect_punct(l, "(");
		s->a = parse_expr(l);
		if (is_punct(l, ",")) {
			next(l);
			s->b = parse_expr(l);
		}
		expect_punct(l, ")");
	} else {
		return NULL;
	}
	expect_punct(l, ";");
	return s;
}

static struct cstmt *parse_stmt(struct lexer *l)
{
	size_t off = l->off;
	struct cstmt *s;

	enter(l);
	if (is_punct(l, "{")) {
		next(l);
		s = parse_block_body(l, off);
	} else if (is_punct(l, ";")) {
		next(l);
		s = new_stmt(l, CS_NOP, off);
	} else if (is_ident(l, "if")) {
		next(l);
		s = new_stmt(l, CS_IF, off);
		expect_punct(l, "(");
		s->a = parse_expr(l);
		expect_punct(l, ")");
		s->kids = arena_alloc(l->a, 2 * sizeof(*s->kids));
		s->kids[0] = parse_stmt(l);
		s->nkids = 1;
		if (is_ident(l, "else")) {
			next(l);
			s->kids[1] = parse_stmt(l);
			s->nkids = 2;
		}
	} else if (is_ident(l, "while") || is_ident(l, "for") || is_ident(l, "do") ||
		   is_ident(l, "switch") || is_ident(l, "goto") || is_ident(l, "return") ||
		   is_ident(l, "break") || is_ident(l, "continue")) {
		fail_at(l, off, "'%s' is not supported (herd7's C has no loops or jumps)", l->text);
	} else if (l->tok == L_IDENT && is_type_word(l->text)) {
		s = parse_decl(l, off);
	} else if (l->tok == L_IDENT) {
		const char *name = l->text;
		size_t save = l->pos;

		next(l);
		if (is_punct(l, "=")) {
			next(l);
			s = new_stmt(l, CS_ASSIGN, off);
			s->name = name;
			s->a = parse_expr(l);
			expect_punct(l, ";");
		} else if ((is_internal_statement(name) || !strcmp(name, "__srcu")) &&
			   (s = parse_special_stmt(l, name, off))) {
			/* done */
		} else {
			/* an expression statement: a call of a primitive, or anything */
			l->pos = save;
			l->tok = L_IDENT;
			l->off = off;
			l->text = name;
			s = new_stmt(l, CS_EXPR, off);
			s->a = parse_expr(l);
			if (is_punct(l, "++") || is_punct(l, "--") || is_punct(l, "+=") ||
			    is_punct(l, "-="))
				fail_at(l, l->off, "'%s' is not supported: write r = r + 1", l->punct);
			expect_punct(l, ";");
			if (s->a->op == CX_CALL) {
				s->op = CS_CALL;
				s->name = s->a->name;
				s->args = s->a->args;
				s->nargs = s->a->nargs;
				s->a = NULL;
			}
		}
	} else if (is_punct(l, "*")) {
		struct cexp *lhs = parse_unary(l);

		if (is_punct(l, "=")) {
			next(l);
			s = new_stmt(l, CS_STORE, off);
			s->a = lhs->kids[0];
			s->b = parse_expr(l);
		} else {
			s = new_stmt(l, CS_EXPR, off);
			s->a = lhs;
		}
		expect_punct(l, ";");
	} else {
		s = new_stmt(l, CS_EXPR, off);
		s->a = parse_expr(l);
		expect_punct(l, ";");
	}
	l->depth--;
	return s;
}

/* ------------------------------------------------------------------ */
/* the test: header, init block, processes, final clause */

static int64_t parse_signed_num(struct lexer *l)
{
	bool neg = false;
	int64_t v;

	if (is_punct(l, "-")) {
		neg = true;
		next(l);
	}
	if (l->tok != L_NUM)
		fail_at(l, l->off, "a number expected, found %s", describe(l));
	v = l->num;
	next(l);
	return neg ? -v : v;
}

/* NUM ':' NAME or PNUM ':' NAME (a register), else -1 and nothing read */
static int parse_reg_prefix(struct lexer *l)
{
	int thread;

	if (l->tok == L_NUM) {
		thread = (int)l->num;
		if (l->num > 1000000)
			fail_at(l, l->off, "thread number too large");
		next(l);
		expect_punct(l, ":");
		return thread;
	}
	if (l->tok == L_IDENT && l->text[0] == 'P' && l->text[1] && is_digit(l->text[1])) {
		const char *p = l->text + 1;
		size_t save = l->pos, save_off = l->off;
		const char *save_text = l->text;

		while (is_digit(*p))
			p++;
		if (!*p) {
			next(l);
			if (is_punct(l, ":")) {
				next(l);
				return atoi(save_text + 1);
			}
			l->pos = save;
			l->off = save_off;
			l->tok = L_IDENT;
			l->text = save_text;
		}
	}
	return -1;
}

static void parse_init(struct lexer *l, struct litmus *t)
{
	int alloc = 0;

	expect_punct(l, "{");
	while (!is_punct(l, "}")) {
		struct lit_init it;
		size_t type_start = l->off, type_end = l->off;
		bool have_type = false;

		memset(&it, 0, sizeof(it));
		if (is_punct(l, ";")) {
			next(l);
			continue;
		}
		if (l->tok == L_EOF)
			fail_at(l, l->off, "unterminated initial state");
		/* type words, then the name (the last word), or N:reg */
		it.thread = -1;
		for (;;) {
			int th;

			it.off = l->off;
			th = parse_reg_prefix(l);
			if (th >= 0) {
				it.thread = th;
				it.name = expect_ident(l, "a register name");
				break;
			}
			if (is_punct(l, "*")) {
				next(l);
				have_type = true;
				type_end = l->off;
				continue;
			}
			if (is_punct(l, "["))
				fail_at(l, l->off, "arrays are not supported");
			it.name = expect_ident(l, "a location name");
			if (l->tok == L_IDENT || is_punct(l, "*") || l->tok == L_NUM) {
				have_type = true;
				type_end = l->off;
				continue;
			}
			break;
		}
		if (have_type)
			it.type = arena_strndup(&t->a, l->src->text + type_start, type_end - type_start);
		if (is_punct(l, "[") || is_punct(l, "("))
			fail_at(l, l->off, "arrays and functions are not supported in the initial state");
		if (is_punct(l, "=")) {
			next(l);
			if (is_punct(l, "&")) {
				next(l);
				it.val.is_sym = true;
				it.val.sym = expect_ident(l, "a location name");
			} else if (is_ident(l, "ATOMIC_INIT")) {
				next(l);
				expect_punct(l, "(");
				it.val.num = parse_signed_num(l);
				expect_punct(l, ")");
			} else if (l->tok == L_IDENT) {
				it.val.is_sym = true;
				it.val.sym = expect_ident(l, "a value");
			} else {
				it.val.num = parse_signed_num(l);
			}
		}
		t->init = grow(l, t->init, t->ninit, &alloc, sizeof(*t->init));
		t->init[t->ninit++] = it;
		if (is_punct(l, "}"))
			break;
		expect_punct(l, ";");
	}
	next(l);
}

static void parse_params(struct lexer *l, struct lit_thread *th)
{
	int alloc = 0;

	expect_punct(l, "(");
	if (is_punct(l, ")")) {
		next(l);
		return;
	}
	for (;;) {
		struct lit_param p;
		size_t start = l->off, end;
		int stars = 0;

		if (l->tok != L_IDENT || !is_type_word(l->text))
			fail_at(l, l->off, "a parameter type expected, found %s", describe(l));
		while (l->tok == L_IDENT && is_type_word(l->text)) {
			bool st = !strcmp(l->text, "struct");

			next(l);
			if (st)
				expect_ident(l, "a struct name");
		}
		end = l->off;
		while (is_punct(l, "*")) {
			stars++;
			next(l);
		}
		if (!stars)
			fail_at(l, l->off, "a parameter must be a pointer (herd7: P0(int *x))");
		while (end > start && l->src->text[end - 1] == ' ')
			end--;
		p.type = arena_strndup(l->a, l->src->text + start, end - start);
		p.name = expect_ident(l, "a parameter name");
		th->params = grow(l, th->params, th->nparams, &alloc, sizeof(*th->params));
		th->params[th->nparams++] = p;
		if (is_punct(l, ")"))
			break;
		expect_punct(l, ",");
	}
	next(l);
}

static struct lit_cond *new_cond(struct lexer *l, enum cond_op op)
{
	struct lit_cond *c = arena_alloc(l->a, sizeof(*c));

	c->op = op;
	return c;
}

static void parse_cond_loc(struct lexer *l, struct lit_loc *loc)
{
	loc->off = l->off;
	loc->thread = parse_reg_prefix(l);
	if (loc->thread >= 0) {
		loc->name = expect_ident(l, "a register name");
		return;
	}
	if (is_punct(l, "[")) {
		next(l);
		loc->name = expect_ident(l, "a location name");
		expect_punct(l, "]");
		return;
	}
	loc->name = expect_ident(l, "a location");
	if (is_punct(l, "["))
		fail_at(l, l->off, "arrays are not supported");
}

static struct lit_cond *parse_prop(struct lexer *l);

static struct lit_cond *parse_atom_prop(struct lexer *l)
{
	struct lit_cond *c;
	bool neq = false;

	enter(l);
	if (is_punct(l, "(")) {
		next(l);
		c = parse_prop(l);
		expect_punct(l, ")");
		l->depth--;
		return c;
	}
	if (is_ident(l, "true") || is_ident(l, "false")) {
		c = new_cond(l, l->text[0] == 't' ? COND_TRUE : COND_FALSE);
		next(l);
		l->depth--;
		return c;
	}
	if (is_punct(l, "~") || is_ident(l, "not")) {
		next(l);
		c = new_cond(l, COND_NOT);
		c->l = parse_atom_prop(l);
		l->depth--;
		return c;
	}
	c = new_cond(l, COND_EQ);
	parse_cond_loc(l, &c->loc);
	if (is_punct(l, "!=")) {
		neq = true;
		next(l);
	} else if (is_punct(l, "=") || is_punct(l, "==")) {
		next(l);
	} else {
		fail_at(l, l->off, "'=' expected, found %s", describe(l));
	}
	if (l->tok == L_NUM || is_punct(l, "-")) {
		size_t save = l->pos, save_off = l->off;
		int64_t save_num = l->num;
		enum ltok save_tok = l->tok;

		if (l->tok == L_NUM) {
			next(l);
			if (is_punct(l, ":")) {
				l->pos = save;
				l->off = save_off;
				l->tok = save_tok;
				l->num = save_num;
				c->op = COND_EQ_LOC;
				parse_cond_loc(l, &c->loc2);
				goto done;
			}
			l->pos = save;
			l->off = save_off;
			l->tok = save_tok;
			l->num = save_num;
		}
		c->val.num = parse_signed_num(l);
	} else if (is_punct(l, "*")) {
		next(l);
		c->op = COND_EQ_LOC;
		parse_cond_loc(l, &c->loc2);
	} else if (l->tok == L_IDENT) {
		int th = parse_reg_prefix(l);

		if (th >= 0) {
			c->op = COND_EQ_LOC;
			c->loc2.thread = th;
			c->loc2.off = l->off;
			c->loc2.name = expect_ident(l, "a register name");
		} else {
			c->val.is_sym = true;
			c->val.sym = expect_ident(l, "a value");
		}
	} else {
		fail_at(l, l->off, "a value expected, found %s", describe(l));
	}
done:
	if (neq) {
		struct lit_cond *n = new_cond(l, COND_NOT);

		n->l = c;
		c = n;
	}
	l->depth--;
	return c;
}

static struct lit_cond *parse_implies(struct lexer *l)
{
	struct lit_cond *c = parse_atom_prop(l);

	if (is_punct(l, "=>")) {
		struct lit_cond *i = new_cond(l, COND_IMPLIES);

		next(l);
		i->l = c;
		enter(l);
		i->r = parse_implies(l);
		l->depth--;
		return i;
	}
	return c;
}

static struct lit_cond *parse_and(struct lexer *l)
{
	struct lit_cond *c = parse_implies(l);

	while (is_punct(l, "/\\")) {
		struct lit_cond *a = new_cond(l, COND_AND);

		next(l);
		a->l = c;
		a->r = parse_implies(l);
		c = a;
	}
	return c;
}

static struct lit_cond *parse_prop(struct lexer *l)
{
	struct lit_cond *c;

	enter(l);
	c = parse_and(l);
	while (is_punct(l, "\\/")) {
		struct lit_cond *o = new_cond(l, COND_OR);

		next(l);
		o->l = c;
		o->r = parse_and(l);
		c = o;
	}
	l->depth--;
	return c;
}

static void parse_final(struct lexer *l, struct litmus *t)
{
	int alloc = 0;

	if (is_ident(l, "locations")) {
		next(l);
		expect_punct(l, "[");
		while (!is_punct(l, "]")) {
			struct lit_loc loc;

			if (is_punct(l, ";")) {
				next(l);
				continue;
			}
			parse_cond_loc(l, &loc);
			t->locations = grow(l, t->locations, t->nlocations, &alloc,
					    sizeof(*t->locations));
			t->locations[t->nlocations++] = loc;
			if (!is_punct(l, "]"))
				expect_punct(l, ";");
		}
		next(l);
	}
	if (is_ident(l, "filter")) {
		next(l);
		t->filter = parse_prop(l);
	}
	t->cond_off = l->off;
	if (is_ident(l, "exists")) {
		next(l);
		t->quant = Q_EXISTS;
	} else if (is_punct(l, "~") || is_ident(l, "not")) {
		next(l);
		if (!is_ident(l, "exists"))
			fail_at(l, l->off, "'exists' expected after '~'");
		next(l);
		t->quant = Q_NOT_EXISTS;
	} else if (is_ident(l, "forall")) {
		next(l);
		t->quant = Q_FORALL;
	} else if (is_ident(l, "final")) {
		next(l);
		t->quant = Q_EXISTS;
	} else if (is_punct(l, "(")) {
		t->quant = Q_EXISTS;
	} else if (l->tok == L_EOF) {
		/* herd: no condition is "forall (true)" */
		t->quant = Q_FORALL;
		t->cond = new_cond(l, COND_TRUE);
		return;
	} else {
		fail_at(l, l->off, "exists, ~exists, forall, locations or filter expected, found %s",
			describe(l));
	}
	t->cond = parse_prop(l);
	if (is_punct(l, ";"))
		next(l);
	if (is_ident(l, "with"))
		fail_at(l, l->off, "'with' clauses are not supported");
	if (l->tok != L_EOF)
		fail_at(l, l->off, "unexpected %s after the final condition", describe(l));
}

static int cmp_thread(const void *a, const void *b)
{
	const struct lit_thread *x = a, *y = b;

	return x->id - y->id;
}

static void parse_test(struct lexer *l, struct litmus *t)
{
	const char *s = t->src.text;
	size_t p = 0, e;
	int alloc = 0, i;

	/* first line: C NAME */
	while (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '\n')
		p++;
	if (s[p] != 'C' || (s[p + 1] != ' ' && s[p + 1] != '\t'))
		fail_at(l, p, "not a C litmus test: the first line must be 'C NAME'");
	p += 2;
	while (s[p] == ' ' || s[p] == '\t')
		p++;
	e = p;
	while (s[e] && s[e] != '\n' && s[e] != '\r')
		e++;
	while (e > p && (s[e - 1] == ' ' || s[e - 1] == '\t'))
		e--;
	if (e == p)
		fail_at(l, p, "the test has no name");
	t->name = arena_strndup(&t->a, s + p, e - p);
	/* metadata and comments up to the initial state */
	l->pos = e;
	l->ocaml = true;
	for (;;) {
		skip_space(l);
		if (s[l->pos] == '{')
			break;
		if (!s[l->pos])
			fail_at(l, l->pos, "the initial state { ... } is missing");
		while (s[l->pos] && s[l->pos] != '\n' && s[l->pos] != '{' &&
		       !(s[l->pos] == '(' && s[l->pos + 1] == '*'))
			l->pos++;
	}
	next(l);
	parse_init(l, t);
	/* processes */
	for (;;) {
		struct lit_thread th;
		size_t off = l->off;

		if (is_ident(l, "void"))
			next(l);
		if (l->tok != L_IDENT || l->text[0] != 'P' || !is_digit(l->text[1]))
			break;
		{
			const char *q = l->text + 1;

			while (is_digit(*q))
				q++;
			if (*q)
				break;
		}
		memset(&th, 0, sizeof(th));
		th.off = off;
		if (strlen(l->text) > 6)
			fail_at(l, off, "process number too large");
		th.id = atoi(l->text + 1);
		next(l);
		parse_params(l, &th);
		l->ocaml = false;
		if (!is_punct(l, "{"))
			fail_at(l, l->off, "'{' expected, found %s", describe(l));
		off = l->off;
		next(l);
		th.body = parse_block_until(l, off, true);
		for (i = 0; i < t->nthreads; i++)
			if (t->threads[i].id == th.id)
				fail_at(l, th.off, "process P%d is defined twice", th.id);
		t->threads = grow(l, t->threads, t->nthreads, &alloc, sizeof(*t->threads));
		t->threads[t->nthreads++] = th;
	}
	if (!t->nthreads)
		fail_at(l, l->off, "no process (P0(...) { ... }) found, found %s", describe(l));
	qsort(t->threads, (size_t)t->nthreads, sizeof(*t->threads), cmp_thread);
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].id != i)
			fail_at(l, t->threads[i].off, "processes must be P0, P1, ... without gaps (P%d missing)", i);
	parse_final(l, t);
}

int litmus_read(struct litmus *t, const char *path, char **err)
{
	struct lexer *const l = xcalloc(1, sizeof(*l));
	int ret = 0;

	memset(t, 0, sizeof(*t));
	if (source_read(&t->src, path, MAX_TEST_BYTES, err)) {
		free(l);
		return -1;
	}
	l->src = &t->src;
	l->a = &t->a;
	if (setjmp(l->fail)) {
		*err = l->err;
		litmus_release(t);
		ret = -1;
	} else {
		parse_test(l, t);
	}
	free(l);
	return ret;
}

void litmus_release(struct litmus *t)
{
	source_release(&t->src);
	arena_release(&t->a);
	memset(t, 0, sizeof(*t));
}

/* ------------------------------------------------------------------ */
/* the .def file: NAME(PARAMS) EXPR  or  NAME(PARAMS) { STATEMENTS } */

static void parse_defs(struct lexer *l, struct lit_defs *d)
{
	int alloc = 0;

	next(l);
	while (l->tok != L_EOF) {
		struct lit_macro m;
		int palloc = 0;

		memset(&m, 0, sizeof(m));
		m.off = l->off;
		m.name = expect_ident(l, "a primitive name");
		expect_punct(l, "(");
		while (!is_punct(l, ")")) {
			m.params = grow(l, m.params, m.nparams, &palloc, sizeof(*m.params));
			m.params[m.nparams++] = expect_ident(l, "a parameter name");
			if (!is_punct(l, ")"))
				expect_punct(l, ",");
		}
		next(l);
		if (is_punct(l, "{")) {
			size_t off = l->off;

			next(l);
			m.body = parse_block_body(l, off);
		} else {
			m.exp = parse_expr(l);
		}
		d->macros = grow(l, d->macros, d->nmacros, &alloc, sizeof(*d->macros));
		d->macros[d->nmacros++] = m;
	}
}

int litmus_read_defs(struct lit_defs *d, const char *path, char **err)
{
	struct lexer *const l = xcalloc(1, sizeof(*l));
	int ret = 0;

	memset(d, 0, sizeof(*d));
	if (source_read(&d->src, path, MAX_TEST_BYTES, err)) {
		free(l);
		return -1;
	}
	l->src = &d->src;
	l->a = &d->a;
	if (setjmp(l->fail)) {
		*err = l->err;
		litmus_defs_release(d);
		ret = -1;
	} else {
		parse_defs(l, d);
	}
	free(l);
	return ret;
}

void litmus_defs_release(struct lit_defs *d)
{
	source_release(&d->src);
	arena_release(&d->a);
	memset(d, 0, sizeof(*d));
}

const struct lit_macro *litmus_find_macro(const struct lit_defs *d, const char *name)
{
	int i;

	for (i = d->nmacros - 1; i >= 0; i--)
		if (!strcmp(d->macros[i].name, name))
			return &d->macros[i];
	return NULL;
}
