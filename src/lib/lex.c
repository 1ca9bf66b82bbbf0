/* lex.c: single-pass C scanner for barrier sites and their context */
#include "lex.h"
#include "hash.h"
#include "prims.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum tok { T_NONE, T_IDENT, T_PUNCT, T_OTHER, T_DIRECTIVE };

struct token {
	enum tok kind;
	char punct;
	size_t off, len;
};

/* A candidate function name: an identifier followed by '(' in a head. */
struct cand {
	bool set;
	size_t off, len;
	int depth;
	size_t arg_off, arg_len;	/* first identifier argument, for XXX_DEFINE(name, ...) */
	bool leads;			/* it starts the declaration: no type before it */
};

#define COND_STACK 64

struct cond_save {
	int depth;
	int func;
};

struct lexer {
	const char *buf;
	size_t len, i;
	struct lex_result *out;

	int depth;		/* brace depth in code outside directives */
	int paren;		/* parenthesis depth within a file-level head */
	int func;		/* context index of the function being scanned, or -1 */
	size_t head_start;	/* first byte of the current file-level head, or SIZE_MAX */
	struct token prev, prev2;
	bool close_then_idents;	/* ')' followed only by identifiers since */
	struct cand best;
	bool want_arg;
	struct cand pending;	/* candidate whose first argument we wait for */

	struct cond_save conds[COND_STACK];
	int nr_conds;		/* may exceed COND_STACK; only the first are saved */

	/* with targets, uses of these names are the sites instead of primitives */
	const struct hashmap *targets;

	/* a primitive identifier waiting to see whether '(' follows */
	bool site_pending;
	size_t site_off, site_len;
	int site_ctx;
};

static bool is_ident_start(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$';
}

static bool is_ident_char(unsigned char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static const char *const keywords[] = {
	"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__",
	"__typeof", "void", "int", "char", "short", "long", "unsigned", "signed",
	"float", "double", "_Bool", "bool", "struct", "union", "enum", "const",
	"volatile", "static", "inline", "extern", "__attribute__", "__attribute",
	"asm", "__asm__", "__asm", "_Static_assert", "static_assert", "do", "else",
	"case", "default", "goto", "__declspec", "_Alignas", "alignof", "__alignof__",
};

static bool is_keyword(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keywords); i++)
		if (strlen(keywords[i]) == len && !memcmp(keywords[i], s, len))
			return true;
	return false;
}

/* A site: a primitive, or with targets one of the target names. */
static bool wanted(const struct lexer *lx, const char *s, size_t len)
{
	char name[128];

	if (!lx->targets)
		return prim_classify(s, len) != PRIM_NONE;
	if (len >= sizeof(name))
		return false;
	memcpy(name, s, len);
	name[len] = '\0';
	return hashmap_get(lx->targets, name) != (size_t)-1;
}

static void head_reset(struct lexer *lx)
{
	lx->head_start = SIZE_MAX;
	lx->paren = 0;
	lx->close_then_idents = false;
	lx->best.set = false;
	lx->want_arg = false;
	lx->prev.kind = T_NONE;
	lx->prev2.kind = T_NONE;
}

static bool all_caps(const char *s, size_t len)
{
	bool upper = false;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] >= 'a' && s[i] <= 'z')
			return false;
		if (s[i] >= 'A' && s[i] <= 'Z')
			upper = true;
	}
	return upper;
}

static char *function_name(const struct lexer *lx)
{
	const struct cand *c = &lx->best;
	const char *name = lx->buf + c->off;
	const char *arg = lx->buf + c->arg_off;

	/*
	 * SYSCALL_DEFINE3(setpriority, ...) defines sys_setpriority(); a caps
	 * name after a type (static inline bool IS_ERR(...)) is the function's
	 */
	if (c->arg_len && c->leads && all_caps(name, c->len)) {
		if (c->len > 14 && !memcmp(name, "SYSCALL_DEFINE", 14))
			return xasprintf("sys_%.*s", (int)c->arg_len, arg);
		if (c->len > 21 && !memcmp(name, "COMPAT_SYSCALL_DEFINE", 21))
			return xasprintf("compat_sys_%.*s", (int)c->arg_len, arg);
		return xstrndup(arg, c->arg_len);
	}
	return xstrndup(name, c->len);
}

static int push_context(struct lexer *lx, enum lex_context_kind kind, char *name,
			size_t start, size_t end)
{
	struct lex_result *out = lx->out;
	struct lex_context *c;

	ALLOC_GROW(out->ctxs, out->nr_ctxs + 1, out->alloc_ctxs);
	c = &out->ctxs[out->nr_ctxs];
	c->kind = kind;
	c->name = name;
	c->start = start;
	c->end = end;
	return (int)out->nr_ctxs++;
}

static void add_site(struct lexer *lx, size_t off, size_t len, int ctx, bool call)
{
	struct lex_result *out = lx->out;

	ALLOC_GROW(out->sites, out->nr_sites + 1, out->alloc_sites);
	out->sites[out->nr_sites].off = off;
	out->sites[out->nr_sites].len = len;
	out->sites[out->nr_sites].ctx = ctx;
	out->sites[out->nr_sites].call = call;
	out->nr_sites++;
}

/* The token after a primitive decides whether it was a call. */
static void settle_site(struct lexer *lx, const struct token *t)
{
	if (!lx->site_pending)
		return;
	lx->site_pending = false;
	if (t->kind == T_PUNCT && t->punct == '(')
		add_site(lx, lx->site_off, lx->site_len, lx->site_ctx, true);
	else if (lx->targets)
		add_site(lx, lx->site_off, lx->site_len, lx->site_ctx, false);
}

/* A token in code outside directives. */
static void code_token(struct lexer *lx, const struct token *t)
{
	settle_site(lx, t);

	if (lx->depth > 0) {
		if (t->kind == T_PUNCT && t->punct == '{') {
			lx->depth++;
		} else if (t->kind == T_PUNCT && t->punct == '}') {
			if (--lx->depth == 0) {
				if (lx->func >= 0)
					lx->out->ctxs[lx->func].end = t->off + 1;
				lx->func = -1;
				head_reset(lx);
			}
		} else if (t->kind == T_IDENT && wanted(lx, lx->buf + t->off, t->len)) {
			lx->site_pending = true;
			lx->site_off = t->off;
			lx->site_len = t->len;
			lx->site_ctx = lx->func;
		}
		return;
	}

	/* file level: follow the head of the next declaration or definition */
	if (lx->head_start == SIZE_MAX && !(t->kind == T_PUNCT && (t->punct == ';' || t->punct == '}')))
		lx->head_start = t->off;
	if (lx->want_arg) {
		lx->want_arg = false;
		if (t->kind == T_IDENT && lx->best.set && lx->best.off == lx->pending.off) {
			lx->best.arg_off = t->off;
			lx->best.arg_len = t->len;
		}
	}
	if (t->kind == T_PUNCT) {
		switch (t->punct) {
		case '(':
			if (lx->prev.kind == T_IDENT && !is_keyword(lx->buf + lx->prev.off, lx->prev.len)) {
				/*
				 * The name follows the type or a '*'; after a ')' only
				 * when it is no annotation like __must_hold(), which
				 * follows the parameters; "void __acquires(x) f(void)"
				 * puts one before the name.
				 */
				bool ok = lx->prev2.kind == T_NONE || lx->prev2.kind == T_IDENT ||
					  (lx->prev2.kind == T_PUNCT && lx->prev2.punct == '*') ||
					  (lx->prev2.kind == T_PUNCT && lx->prev2.punct == ')' &&
					   lx->paren == 0 &&
					   !(lx->prev.len > 2 && !memcmp(lx->buf + lx->prev.off, "__", 2)));
				if (ok && (!lx->best.set || lx->paren <= lx->best.depth)) {
					lx->best.set = true;
					lx->best.off = lx->prev.off;
					lx->best.len = lx->prev.len;
					lx->best.depth = lx->paren;
					lx->best.arg_len = 0;
					lx->best.leads = lx->prev2.kind == T_NONE;
					lx->pending = lx->best;
					lx->want_arg = true;
				}
			}
			lx->paren++;
			lx->close_then_idents = false;
			break;
		case ')':
			if (lx->paren > 0)
				lx->paren--;
			lx->close_then_idents = true;
			break;
		case ';':
			if (lx->paren == 0)
				head_reset(lx);
			return;
		case '{':
			if (lx->close_then_idents && lx->best.set && lx->paren == 0) {
				size_t start = lx->head_start == SIZE_MAX ? t->off : lx->head_start;

				lx->func = push_context(lx, LEX_FUNCTION, function_name(lx), start,
							lx->len);
			} else {
				lx->func = -1;
			}
			lx->depth = 1;
			return;
		case '}':
			head_reset(lx);
			return;
		default:
			lx->close_then_idents = false;
			break;
		}
	} else if (t->kind != T_IDENT) {
		lx->close_then_idents = false;
	}
	lx->prev2 = lx->prev;
	lx->prev = *t;
}

/* Skips a comment starting at i ("/" followed by '*' or '/'); returns the offset after it. */
static size_t skip_comment(const char *buf, size_t len, size_t i)
{
	if (buf[i + 1] == '/') {
		/* a line comment continues over backslash-newline */
		for (i += 2; i < len; i++) {
			if (buf[i] == '\n' && !line_continues(buf, buf + i))
				return i;
		}
		return len;
	}
	if (i + 2 >= len)
		return len;
	{
		const char *end = memmem(buf + i + 2, len - i - 2, "*/", 2);

		return end ? (size_t)(end - buf) + 2 : len;
	}
}

/* Skips a string or char literal at i; literals end at an unescaped newline too. */
static size_t skip_literal(const char *buf, size_t len, size_t i)
{
	char q = buf[i];

	for (i++; i < len; i++) {
		if (buf[i] == '\\') {
			i++;
			continue;
		}
		if (buf[i] == q)
			return i + 1;
		if (buf[i] == '\n')
			return i;
	}
	return len;
}

/*
 * Reads the next token at lx->i. In a directive (in_directive), an unescaped
 * newline ends the token stream: returns false there without consuming it.
 * Returns false at end of input.
 */
static bool next_token(struct lexer *lx, struct token *t, bool in_directive, bool *bol)
{
	const char *buf = lx->buf;
	size_t len = lx->len;

	while (lx->i < len) {
		size_t i = lx->i;
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n') {
			if (in_directive)
				return false;
			*bol = true;
			lx->i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx->i++;
			continue;
		}
		if (c == '\\' && i + 1 < len && (buf[i + 1] == '\n' ||
		    (buf[i + 1] == '\r' && i + 2 < len && buf[i + 2] == '\n'))) {
			lx->i += buf[i + 1] == '\n' ? 2 : 3;
			continue;
		}
		if (c == '/' && i + 1 < len && (buf[i + 1] == '*' || buf[i + 1] == '/')) {
			lx->i = skip_comment(buf, len, i);
			ALLOC_GROW(lx->out->comments, lx->out->nr_comments + 1,
				   lx->out->alloc_comments);
			lx->out->comments[lx->out->nr_comments].start = i;
			lx->out->comments[lx->out->nr_comments++].end = lx->i;
			continue;
		}
		if (c == '#' && *bol && !in_directive) {
			t->kind = T_DIRECTIVE;
			t->punct = '#';
			t->off = i;
			t->len = 1;
			lx->i++;
			*bol = false;
			return true;
		}
		*bol = false;
		t->off = i;
		if (is_ident_start(c)) {
			while (i < len && is_ident_char((unsigned char)buf[i]))
				i++;
			t->kind = T_IDENT;
		} else if (c >= '0' && c <= '9') {
			while (i < len && (is_ident_char((unsigned char)buf[i]) || buf[i] == '.' ||
			       ((buf[i] == '+' || buf[i] == '-') &&
				(buf[i - 1] == 'e' || buf[i - 1] == 'E' || buf[i - 1] == 'p' ||
				 buf[i - 1] == 'P'))))
				i++;
			t->kind = T_OTHER;
		} else if (c == '"' || c == '\'') {
			i = skip_literal(buf, len, i);
			t->kind = T_OTHER;
		} else {
			i++;
			t->kind = T_PUNCT;
			t->punct = (char)c;
		}
		t->len = i - t->off;
		lx->i = i;
		return true;
	}
	return false;
}

/* Consumes the rest of the current directive line (with continuations). */
static void skip_directive(struct lexer *lx)
{
	struct token t;
	bool bol = false;

	while (next_token(lx, &t, true, &bol))
		;
}

static void cond_push(struct lexer *lx)
{
	if (lx->nr_conds < COND_STACK) {
		lx->conds[lx->nr_conds].depth = lx->depth;
		lx->conds[lx->nr_conds].func = lx->func;
	}
	lx->nr_conds++;
}

/* #else/#elif: scan the next branch from the depth the #if started at. */
static void cond_restore(struct lexer *lx, size_t at)
{
	const struct cond_save *s;

	if (lx->nr_conds <= 0 || lx->nr_conds > COND_STACK)
		return;
	s = &lx->conds[lx->nr_conds - 1];
	if (lx->func >= 0 && lx->func != s->func && lx->out->ctxs[lx->func].end == lx->len)
		lx->out->ctxs[lx->func].end = at;	/* a head repeated in the next branch */
	if (lx->depth != s->depth || lx->func != s->func) {
		lx->depth = s->depth;
		lx->func = s->func;
		if (lx->depth == 0)
			head_reset(lx);
	}
}

static void define_body(struct lexer *lx)
{
	struct token t;
	bool bol = false;
	size_t name_off, name_len, body_start;
	int ctx = -1;

	if (!next_token(lx, &t, true, &bol) || t.kind != T_IDENT)
		goto out;
	name_off = t.off;
	name_len = t.len;
	body_start = lx->i;
	/* a function-like macro: '(' right after the name */
	if (lx->i < lx->len && lx->buf[lx->i] == '(') {
		while (next_token(lx, &t, true, &bol))
			if (t.kind == T_PUNCT && t.punct == ')')
				break;
		body_start = lx->i;
	}
	while (next_token(lx, &t, true, &bol)) {
		if (lx->site_pending) {
			bool call = t.kind == T_PUNCT && t.punct == '(';

			lx->site_pending = false;
			if (call || lx->targets) {
				if (ctx < 0)
					ctx = push_context(lx, LEX_MACRO,
							   xstrndup(lx->buf + name_off, name_len),
							   body_start, lx->len);
				add_site(lx, lx->site_off, lx->site_len, ctx, call);
			}
		}
		if (t.kind == T_IDENT && wanted(lx, lx->buf + t.off, t.len)) {
			lx->site_pending = true;
			lx->site_off = t.off;
			lx->site_len = t.len;
		}
	}
	if (lx->site_pending && lx->targets) {
		if (ctx < 0)
			ctx = push_context(lx, LEX_MACRO, xstrndup(lx->buf + name_off, name_len),
					   body_start, lx->len);
		add_site(lx, lx->site_off, lx->site_len, ctx, false);
	}
	if (ctx >= 0)
		lx->out->ctxs[ctx].end = lx->i;
out:
	lx->site_pending = false;
	skip_directive(lx);
}

static void directive(struct lexer *lx, size_t hash_off)
{
	struct token t;
	bool bol = false;
	const char *d;

	/* a primitive at the end of the line before a directive is not a call */
	lx->site_pending = false;
	if (!next_token(lx, &t, true, &bol) || t.kind != T_IDENT) {
		skip_directive(lx);
		return;
	}
	d = lx->buf + t.off;
#define IS(lit) (t.len == sizeof(lit) - 1 && !memcmp(d, lit, t.len))
	if (IS("define")) {
		define_body(lx);
		return;
	}
	if (IS("if") || IS("ifdef") || IS("ifndef"))
		cond_push(lx);
	else if (IS("else") || IS("elif") || IS("elifdef") || IS("elifndef"))
		cond_restore(lx, hash_off);
	else if (IS("endif") && lx->nr_conds > 0)
		lx->nr_conds--;
#undef IS
	skip_directive(lx);
}

static void scan(const char *buf, size_t len, struct lex_result *out,
		 const struct hashmap *targets)
{
	struct lexer lx;
	struct token t;
	bool bol = true;

	memset(&lx, 0, sizeof(lx));
	lx.buf = buf;
	lx.len = len;
	lx.out = out;
	lx.func = -1;
	lx.targets = targets;
	head_reset(&lx);

	while (next_token(&lx, &t, false, &bol)) {
		if (t.kind == T_DIRECTIVE) {
			directive(&lx, t.off);
			bol = true;
			continue;
		}
		code_token(&lx, &t);
	}
}

void lex_scan(const char *buf, size_t len, struct lex_result *out)
{
	scan(buf, len, out, NULL);
}

void lex_scan_calls(const char *buf, size_t len, const char *const *names, size_t n,
		    struct lex_result *out)
{
	struct hashmap targets;
	size_t i;

	if (!n)
		return;
	memset(&targets, 0, sizeof(targets));
	for (i = 0; i < n; i++)
		hashmap_put(&targets, names[i], i);
	scan(buf, len, out, &targets);
	hashmap_release(&targets);
}

void lex_result_release(struct lex_result *out)
{
	size_t i;

	for (i = 0; i < out->nr_ctxs; i++)
		free(out->ctxs[i].name);
	free(out->ctxs);
	free(out->sites);
	free(out->comments);
	memset(out, 0, sizeof(*out));
}
