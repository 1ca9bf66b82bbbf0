/*
 * rewrite.h: the edits that turn a protocol's barriers into release and
 * acquire: the publish store becomes smp_store_release(&X, v), the
 * subscribe load smp_load_acquire(&X), the barriers go, and each converted
 * access gets a comment naming the other side. Only forms whose statement
 * sits on one line are rewritten so far; the rest are left for the author,
 * with the reason.
 */
#ifndef ACQREL_REWRITE_H
#define ACQREL_REWRITE_H

#include "asmref.h"
#include "diff.h"
#include "pair.h"

struct lex_result;

struct rewrite_file {
	const char *path;	/* borrowed: as the user opens it */
	const char *rel;	/* borrowed: relative to the root */
	const char *text;	/* borrowed from the sites run: the bytes analysed */
	size_t len;
	struct line_edits edits;
	struct lex_result *lex;	/* owned or NULL: its comments and functions */
};

/* One patch: protocols that share barriers are converted together. */
struct rewrite_patch {
	const struct protocol **v;	/* owned array; the protocols are borrowed */
	size_t nr;
	char *stale;		/* owned: comments that may still describe the old
				   barriers, one per line ("file: in foo(): text"),
				   or "" */
	char counter;		/* a store X++ or X op= v became a release of X op v:
				   op ('+', '-', '|', '&', '^'), or 0 */
	/*
	 * A patch that is no protocol's conversion (nr is 0: a bug fix) carries
	 * its own message: subject after "prefix: " (lowercase, the prefix's
	 * table or history may ask for a capital), and body, paragraphs
	 * separated by "\n\n", wrapped when written. file and line are where
	 * git blame looks for the commit it fixes (Fixes:).
	 */
	char *subject;		/* owned or NULL */
	char *body;		/* owned or NULL */
	const char *file;	/* borrowed or NULL: relative to the root */
	unsigned line;		/* 1-based, or 0 */
};

struct rewrite {
	struct rewrite_file *v;
	size_t nr, alloc;
	struct rewrite_patch *patches;	/* edits carry their patch's index as tag */
	size_t nr_patches, alloc_patches;
	size_t nr_rewritten;	/* protocols in all patches */
	struct skip_list left;	/* protocols left for the author, and why */
	struct asm_files asm_files;	/* the tree's .S files, read once patches exist */
};

/*
 * Plans the edits for every protocol with verdict convert (and review ones
 * too with include_review). rw must be zeroed; it borrows from run and r.
 */
void rewrite_plan(struct rewrite *rw, const struct sites_run *run, const struct pair_result *r,
		  bool include_review);
void rewrite_release(struct rewrite *rw);

/* A publish store by a bit operation (set_bit(), ...), which has no release form. */
bool rewrite_bitop_store(const struct access *a);
/* A publish store by clear_bit(), which becomes clear_bit_unlock(). */
bool rewrite_clear_bit_store(const struct access *a);
/* A subscribe load by test_bit(), which becomes test_bit_acquire(). */
bool rewrite_test_bit_load(const struct access *a);

/* Longest line the kernel's style allows, in columns (tabs are 8). */
#define REWRITE_MAX_COLUMNS 100

#endif
