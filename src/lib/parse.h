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
	struct access_list window_before;	/* out: the accesses of up to 8 statements */
	struct access_list window_after;	/*      each way, up to the next barrier */
	bool call_before;		/* out: a function call lies between the nearest */
	bool call_after;		/*      accesses and the barrier */
	bool window_call_before;	/* out: a call lies within the windows */
	bool window_call_after;
	char *call_before_name;		/* out, owned: the first such call before */
	char *call_after_name;		/* and after the barrier, or NULL */
	struct lock_list locks;		/* out: the lock operations of its function */
	struct call_list calls_before;	/* out: the calls in the window before, nearest first */
	struct call_list calls_after;	/* out: and in the window after */
	char *guard;			/* out, owned or NULL: the bare test the barrier runs
					   under ("s->ready", "foo(s)") */
	int guard_sense;		/* out: 1 when it runs if the test is non-zero, -1 if zero */
	size_t branch_start;		/* out: the then-branch of the nearest if around it, */
	size_t branch_end;		/*      as file offsets [start, end); both 0 when none */
	bool mmio_before;		/* out: readl() and kin in the window before */
	bool mmio_after;		/* out: writel() and kin in the window after */
	bool window_to_end;		/* out: the window after runs to the function's end
					   (or a return) with no barrier and under 8 statements */
	bool window_from_start;		/* out: the window before runs back to the
					   function's start (no label, jump or barrier stops it) */
};

struct parser;

/* Caller frees with parser_free(). One parser per thread. */
struct parser *parser_new(void);
void parser_free(struct parser *p);

/*
 * Parses context c of buf[0..len) and fills the out fields of sites[0..n),
 * which must all lie inside c. Returns 0, or one of the reasons below when
 * the body was not parsed; the lists are then left empty.
 */
/* Frees and empties the out fields of s (its in fields stay). */
void parse_site_clear(struct parse_site *s);

enum { PARSE_TOO_LARGE = -1, PARSE_TOO_DEEP = -2, PARSE_TIMED_OUT = -3, PARSE_TOO_MUCH_WORK = -4 };
int parser_accesses(struct parser *p, const char *buf, size_t len,
		    const struct lex_context *c, struct parse_site *sites, size_t n);

/*
 * The fences a function runs on every path: statements of its body (and of
 * a do { } while (0) or a bare block in it) before any return, goto, break
 * or continue, outside any branch or loop. Offsets in the file; 0: none.
 */
struct parse_fences {
	size_t load_last;	/* the last that orders loads (prim_fence_orders(); not dma_ ones) */
	size_t store_first;	/* the first that orders stores */
};

/*
 * Every access, lock operation and call of the function of context c (a
 * function definition), in source order, and its fences when fences is not
 * NULL. Returns 0 or a PARSE_* reason.
 */
int parser_function(struct parser *p, const char *buf, size_t len, const struct lex_context *c,
		    struct access_list *accesses, struct lock_list *locks, struct call_list *calls,
		    struct parse_fences *fences);

/* Largest function or macro body parsed, in bytes. */
#define PARSE_MAX_BODY (4u << 20)
/* Deepest bracket nesting parsed. */
#define PARSE_MAX_NESTING 4096u
/* Most sites of one function or macro whose accesses are analysed. */
#define PARSE_MAX_SITES 1000u
/*
 * CPU time (of the parsing thread, not wall time: a loaded machine analyses
 * what an idle one does) tree-sitter may take for one body, in seconds.
 */
#define PARSE_CPU_LIMIT_SEC 10ul
/*
 * Steps (cursor moves, children listed) the analysis of one body may take,
 * per byte of the body plus a floor: the analysis stays linear in the size
 * of the function whatever its shape. No function of the kernels comes near.
 */
#define PARSE_WORK_PER_BYTE 16u
#define PARSE_WORK_MIN (1u << 20)

/* For the tests: the CPU time limit of p, in microseconds. */
void parser_set_cpu_limit(struct parser *p, unsigned long usec);

#endif
