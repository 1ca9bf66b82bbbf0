/*
 * sites.h: the barrier-site inventory of a set of files: read each file,
 * skip it cheaply when no primitive is named in it, otherwise scan it and
 * parse the functions and macros that hold sites. Files are shared among
 * worker threads.
 */
#ifndef ACQREL_SITES_H
#define ACQREL_SITES_H

#include "access.h"
#include "walk.h"

#include <stdint.h>

/* A call of the function that holds a barrier, from another function. */
struct caller {
	char *function;			/* owned: the calling function */
	const char *file;		/* borrowed from the walk: where it is, relative to the
					   root; NULL for the barrier's own file */
	char *via;			/* owned or NULL: the table field called through */
	unsigned line;			/* of the call */
	size_t off;			/* byte offset of the call in the file */
	struct access_list before;	/* the windows before and after the call */
	struct access_list after;
	struct lock_list locks;		/* the lock operations of the calling function */
};

struct site {
	unsigned line, column;		/* 1-based; column counts bytes */
	size_t off;			/* byte offset of the primitive in the file */
	char *function;			/* owned or NULL */
	bool static_function;		/* its function is declared static */
	char *macro;			/* owned or NULL: the #define the site is in */
	char *primitive;		/* owned: the identifier as written */
	struct access_list before, after, operand;
	struct access_list window_before, window_after;	/* nearest first, up to a barrier */
	bool call_before, call_after;	/* a call lies between barrier and access */
	bool window_call_before, window_call_after;	/* a call lies within the windows */
	char *call_before_name;		/* owned or NULL: the first of those calls */
	char *call_after_name;
	struct lock_list locks;		/* the lock operations of its function */
	struct call_list calls_before;	/* the calls in the windows, nearest first */
	struct call_list calls_after;
	bool mmio_before, mmio_after;	/* device reads before, device writes after it */
	bool window_to_end;		/* the window after runs to the function's end */
	bool window_from_start;		/* the window before runs back to its start */
	char *guard;			/* owned or NULL: the bare test it runs under */
	int guard_sense;		/* 1: when the test is non-zero; -1: when it is zero */
	size_t branch_start, branch_end;	/* the then-branch of the nearest if around it,
						   [start, end) in the file; 0, 0 when none */
	char **refs;			/* owned: functions named in nearby comments */
	size_t nr_refs, alloc_refs;
	/* for an smp_wmb() with no store after it, or an smp_rmb() with no load
	 * before or after it, in its function: the calls of that function in
	 * the file */
	struct caller *callers;
	size_t nr_callers, alloc_callers;
	char **via_fields;		/* owned: the table fields its function is
					   registered under in its file (.field = fn) */
	size_t nr_via_fields, alloc_via_fields;
	bool unknown_callers;		/* its function's address is taken, or a macro
					   calls it: callers acqrel cannot see */
	/* for an smp_wmb() that has its publish store after it and whose window
	 * runs to its function's end: the direct calls of that function in the
	 * file, whose stores after the call the barrier orders too */
	struct caller *tail_callers;
	size_t nr_tail_callers, alloc_tail_callers;
	bool deferred;			/* a fence whose accesses' types pair.c looks
					   up only when the pairing asks for them */
};

/* A branch of a preprocessor conditional: #if..#else, #else..#endif, ... */
struct cond_region {
	size_t start, end;		/* byte offsets of its directive lines */
	int parent;			/* the region around it, or -1 */
};

struct file_sites {
	struct site *v;
	size_t nr, alloc;
	struct cond_region *conds;	/* in file order of their start */
	size_t nr_conds, alloc_conds;
	uint32_t *calls;		/* owned: hashes of the names the file calls ("name("),
					   sorted, each once */
	size_t nr_calls;
	struct skip_list skipped;	/* this file, or parts of it, not analysed */
	struct skip_list notes;		/* read, but worth a word (invalid UTF-8) */
	bool parsed;			/* the prefilter let it through */
	bool includes_no_c;		/* a C file read whole whose text holds no
					   '.c"', so no #include of a C file */
	char *text;			/* owned or NULL: the bytes analysed, kept
					   with SITES_KEEP_TEXT (see sites_run()) */
	size_t len;
};

struct sites_run {
	struct walk_result walk;
	struct file_sites *files;	/* one per walk.files entry */
	size_t nr_parsed;		/* files that went past the prefilter */
};

/*
* Whether the code at inner is compiled in every configuration that
 * compiles the code at outer: each conditional branch around inner also
 * holds outer.
 */
bool sites_compiled_with(const struct file_sites *fs, size_t inner, size_t outer);
/* The same for a file's text, whose conditionals it scans. */
bool sites_text_compiled_with(const char *text, size_t inner, size_t outer);

/* Where a site is: its function, else its macro, else "file scope". Borrowed. */
const char *site_where(const struct site *s);

/* The file of caller c of a site in site_file. Borrowed. */
static inline const char *caller_file(const struct caller *c, const char *site_file)
{
	return c->file ? c->file : site_file;
}

/*
 * Callers in other files, for the barriers whose publish store or subscribe
 * load may be in their callers (sites with callers wanted): direct calls of
 * their function when it is not static or lives in a header, and calls
 * through the table fields it is registered under (ops->field(...)).
 * A second pass over every file of the walk, nr_threads at once; a file is
 * lexed and parsed only when one of the names is called in it.
 */
void sites_far_callers(struct sites_run *run, int nr_threads);

/*
 * Whether name stands right before a '(' in fs's file (a call or a
 * definition), as far as the index of called names tells (a hash: it may
 * say yes for another name).
 */
bool sites_file_names_call(const struct file_sites *fs, const char *name);

/*
 * Walks paths and inventories every site, using nr_threads workers. With
 * SITES_KEEP_TEXT in flags, each file that holds an smp_wmb() or smp_rmb()
 * site (the files a rewrite can touch) keeps the bytes its sites were found
 * in, so that what is rewritten is exactly what was analysed.
 */
/*
 * With SITES_ORDERING_ONLY, what the pairing needs and no more: the
 * accesses of a function or macro whose sites are all role-less
 * primitives (RCU's) are analysed only when they can matter to it
 * (sites.c, rule ORD). bugs and sites want them all.
 */
enum { SITES_KEEP_TEXT = 1, SITES_ORDERING_ONLY = 2 };
void sites_run(struct sites_run *run, const char *const *paths, size_t n, int nr_threads,
	       unsigned flags);
void sites_run_release(struct sites_run *run);
/*
 * Prints one line per skipped input (and note) to stderr, and appends the
 * same lines to copy unless it is NULL; returns the number skipped.
 */
struct strbuf;
size_t sites_report_skips(const struct sites_run *run, struct strbuf *copy);

/*
 * Scans one file's contents (exposed for tests): fills fs, which must be
 * zeroed. path names the file in messages.
 */
struct parser;
void sites_scan_buffer(struct parser *p, const char *path, const char *buf, size_t len,
		       struct file_sites *fs);
void file_sites_release(struct file_sites *fs);

/*
 * Most sites of one file whose accesses are analysed (the kernel's busiest
 * file has 116); the rest are listed without them.
 */
#define SITES_MAX_ANALYSED 2000u

/* Largest file read, in bytes. */
#define SITES_MAX_FILE (64u << 20)

#endif
