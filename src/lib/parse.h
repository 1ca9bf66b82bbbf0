/*
 * parse.h: tree-sitter on one function or macro body at a time, and the
 * shared-memory accesses right before and after each barrier site in it.
 */
#ifndef ACQREL_PARSE_H
#define ACQREL_PARSE_H

#include "access.h"
#include "lex.h"

struct parse_site {
	size_t off, len;		/* in: the primitive's identifier in the file */
	struct access_list before;	/* out: nearest preceding statement's accesses */
	struct access_list after;	/* out: nearest following statement's accesses */
	struct access_list operand;	/* out: the location an acquire/release/rcu call names */
};

struct parser;

/* Caller frees with parser_free(). One parser per thread. */
struct parser *parser_new(void);
void parser_free(struct parser *p);

/*
 * Parses context c of buf[0..len) and fills the out fields of sites[0..n),
 * which must all lie inside c. Returns 0, or -1 when the body could not be
 * parsed (too large or timed out); the lists are then left empty.
 */
int parser_accesses(struct parser *p, const char *buf, size_t len,
		    const struct lex_context *c, struct parse_site *sites, size_t n);

/* Largest function or macro body parsed, in bytes. */
#define PARSE_MAX_BODY (4u << 20)
/* Most sites of one function or macro whose accesses are analysed. */
#define PARSE_MAX_SITES 1000u

#endif
