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

/* A call of the function that holds a barrier, from another function of the file. */
struct caller {
	char *function;			/* owned: the calling function */
	char *via;			/* owned or NULL: the table field called through */
	unsigned line;			/* of the call */
	struct access_list before;	/* the windows before and after the call */
	struct access_list after;
};

struct site {
	unsigned line, column;		/* 1-based; column counts bytes */
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
	char **refs;			/* owned: functions named in nearby comments */
	size_t nr_refs, alloc_refs;
	/* for an smp_wmb() with no store after it, or an smp_rmb() with no load
	 * before or after it, in its function: the calls of that function in
	 * the file */
	struct caller *callers;
	size_t nr_callers, alloc_callers;
	bool unknown_callers;		/* its function's address is taken, or a macro
					   calls it: callers acqrel cannot see */
};

struct file_sites {
	struct site *v;
	size_t nr, alloc;
	struct skip_list skipped;	/* this file, or parts of it, not analysed */
	struct skip_list notes;		/* read, but worth a word (invalid UTF-8) */
	bool parsed;			/* the prefilter let it through */
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
 * Walks paths and inventories every site, using nr_threads workers. With
 * SITES_KEEP_TEXT in flags, each file that holds an smp_wmb() or smp_rmb()
 * site (the files a rewrite can touch) keeps the bytes its sites were found
 * in, so that what is rewritten is exactly what was analysed.
 */
enum { SITES_KEEP_TEXT = 1 };
void sites_run(struct sites_run *run, const char *const *paths, size_t n, int nr_threads,
	       unsigned flags);
void sites_run_release(struct sites_run *run);
/* Prints one line per skipped input (and note) to stderr; returns the number skipped. */
size_t sites_report_skips(const struct sites_run *run);

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
