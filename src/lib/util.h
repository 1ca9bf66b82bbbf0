/* util.h: fatal errors, diagnostics and allocation wrappers that die on OOM */
#ifndef ACQREL_UTIL_H
#define ACQREL_UTIL_H

#include <stddef.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A byte of a C identifier. */
static inline int is_c_ident_char(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * Whether the parenthesised text [open, close] (its '(' and ')') is a
 * cast's type: it ends in '*' ("(void *)", "(struct x **)") or starts with
 * a type keyword or a scalar typedef ("(unsigned long)", "(u64)",
 * "(size_t)").
 */
static inline int cast_parens(const char *open, const char *close)
{
	static const char *const words[] = {
		"void", "char", "short", "int", "long", "unsigned", "signed", "struct", "union",
		"enum", "const", "volatile", "bool", "_Bool", "float", "double", "typeof",
		"__typeof__", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "__u8",
		"__u16", "__u32", "__u64", "__s8", "__s16", "__s32", "__s64", "__le16", "__le32",
		"__le64", "__be16", "__be32", "__be64", "uintptr_t", "size_t", "ssize_t",
	};
	const char *b = open + 1, *e = close, *w;
	size_t i, n;

	while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (e > b && e[-1] == '*')
		return 1;
	while (b < e && (*b == ' ' || *b == '\t'))
		b++;
	for (w = b; w < e && is_c_ident_char(*w); w++)
		;
	n = (size_t)(w - b);
	if (n > 2 && b[n - 2] == '_' && b[n - 1] == 't' && w == e)
		return 1;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !memcmp(b, words[i], n))
			return 1;
	return 0;
}

/*
 * Whether the '&' at amp (in a text that starts at start) takes an
 * address: a unary '&' ("&x->f", "(&x", "= &x", "return &x", "(void *)&x"),
 * not half of "&&" nor a bitwise and after an operand ("a & x->f",
 * "(a) & b", "f(a) & b").
 */
static inline int unary_amp(const char *start, const char *amp)
{
	const char *b = amp, *w, *open;
	int depth = 0;

	if (*amp != '&' || (amp > start && amp[-1] == '&') || amp[1] == '&')
		return 0;
	while (b > start && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\n' || b[-1] == '\r'))
		b--;
	if (b == start)
		return 1;
	if (b[-1] == ']')
		return 0;
	if (b[-1] == ')') {
		/* a cast before it makes it unary: "(void *)&x" */
		for (open = b - 1;; open--) {
			if (*open == ')')
				depth++;
			else if (*open == '(' && --depth == 0)
				break;
			if (open == start)
				return 1;	/* unbalanced: take it as an address, the cautious side */
		}
		for (w = open; w > start && (w[-1] == ' ' || w[-1] == '\t'); w--)
			;
		/* "f(a) & b", "x[i](a) & b": the parentheses end an operand */
		if (w > start && (w[-1] == ')' || w[-1] == ']'))
			return 0;
		if (w > start && is_c_ident_char(w[-1])) {
			const char *k = w;

			while (k > start && is_c_ident_char(k[-1]))
				k--;
			if (!((w - k == 6 && !memcmp(k, "return", 6)) || (w - k == 4 && !memcmp(k, "case", 4))))
				return 0;
		}
		return cast_parens(open, b - 1);
	}
	if (!is_c_ident_char(b[-1]))
		return 1;
	for (w = b; w > start && is_c_ident_char(w[-1]); w--)
		;
	/* an operand before it makes it a binary and; a keyword does not */
	return (b - w == 6 && !memcmp(w, "return", 6)) || (b - w == 6 && !memcmp(w, "sizeof", 6)) ||
	       (b - w == 4 && !memcmp(w, "case", 4));
}

/*
 * Whether the line break at nl (a '\n' in a text that starts at start) is
 * escaped by a backslash before it, also in a CRLF file ("\\\r\n"): the line
 * goes on.
 */
static inline int line_continues(const char *start, const char *nl)
{
	if (nl > start && nl[-1] == '\r')
		nl--;
	return nl > start && nl[-1] == '\\';
}

/* Prints "fatal: ..." to stderr and exits with status 2. */
__attribute__((noreturn, format(printf, 1, 2)))
void die(const char *fmt, ...);

/* Prints "error: ..." to stderr; returns -1 so callers can return error(...). */
__attribute__((format(printf, 1, 2)))
int error(const char *fmt, ...);

/* Allocation wrappers: never return NULL. Caller frees with free(). */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a malloc'd string built like printf. Caller frees. */
__attribute__((format(printf, 1, 2)))
char *xasprintf(const char *fmt, ...);
/*
 * The subsystem of a file (owned): its top folder, with the next one for
 * the folders that hold many unrelated ones (drivers/net, fs/ext4, arch/x86).
 */
char *path_subsystem(const char *file);
/* The columns s[0..n) takes, with tabs of 8. */
unsigned text_columns(const char *s, size_t n);

/*
 * Grows *ptr (an array of elements of size sizeof(**ptr)) so that it holds
 * at least nr elements; alloc tracks the capacity.
 */
#define ALLOC_GROW(ptr, nr, alloc) do { \
		if ((size_t)(nr) > (size_t)(alloc)) { \
			size_t grow_ = (alloc) < 8 ? 16 : (size_t)(alloc) * 2; \
			if (grow_ < (size_t)(nr)) \
				grow_ = (nr); \
			(ptr) = xrealloc((ptr), grow_ * sizeof(*(ptr))); \
			(alloc) = grow_; \
		} \
	} while (0)

#endif
