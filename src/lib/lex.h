/*
 * lex.h: a single-pass C scanner that finds barrier sites and the function
 * or macro around each, without parsing.
 *
 * It skips comments, string and character literals, tracks brace depth at
 * file level (restoring it across #else/#elif like ctags does), names each
 * top-level function definition from its declarator, and lexes #define
 * bodies as code so that sites inside macros are found too. It never
 * recurses and uses memory linear in the number of sites.
 */
#ifndef ACQREL_LEX_H
#define ACQREL_LEX_H

#include <stdbool.h>
#include <stddef.h>

enum lex_context_kind { LEX_FUNCTION, LEX_MACRO };

struct lex_context {
	enum lex_context_kind kind;
	char *name;		/* owned: function or macro name */
	size_t start;		/* function: first byte of its head; macro: body start */
	size_t end;		/* one past the closing brace or the end of the body */
};

struct lex_site {
	size_t off;		/* byte offset of the primitive's identifier */
	size_t len;		/* length of that identifier */
	int ctx;		/* index into contexts, or -1 at file scope */
	bool call;		/* followed by '(' (always so outside lex_scan_calls()) */
};

struct lex_comment {
	size_t start, end;	/* the comment, delimiters included */
};

struct lex_result {
	struct lex_site *sites;
	size_t nr_sites, alloc_sites;
	struct lex_context *ctxs;
	size_t nr_ctxs, alloc_ctxs;
	struct lex_comment *comments;	/* in file order */
	size_t nr_comments, alloc_comments;
};

/* Scans buf[0..len) and appends to out (which must be zeroed first). */
void lex_scan(const char *buf, size_t len, struct lex_result *out);
/*
 * The same scan, but the sites are the uses of names[0..n) in function and
 * macro bodies and initializers instead: calls, and other uses (call ==
 * false, an address taken). File-level heads (definitions, prototypes) are
 * not uses.
 */
void lex_scan_calls(const char *buf, size_t len, const char *const *names, size_t n,
		    struct lex_result *out);
/* Frees everything out owns; out can be reused after memset to 0. */
void lex_result_release(struct lex_result *out);

#endif
