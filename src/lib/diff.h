/*
 * diff.h: unified diffs of a file and its rewrite. Rewrites replace whole
 * lines, so a diff is built from the list of line replacements directly.
 */
#ifndef ACQREL_DIFF_H
#define ACQREL_DIFF_H

#include "strbuf.h"

/* Lines [first, first + nr_old) of the old text become new_text (whole lines). */
struct line_edit {
	unsigned first;		/* 0-based line */
	unsigned nr_old;
	char *new_text;		/* owned: the replacement, each line ending in '\n' */
	size_t tag;		/* the caller's: which change the edit belongs to */
};

struct line_edits {
	struct line_edit *v;
	size_t nr, alloc;
};

/* Takes ownership of new_text. */
void line_edits_add(struct line_edits *e, unsigned first, unsigned nr_old, char *new_text,
		    size_t tag);
void line_edits_release(struct line_edits *e);

/*
 * Appends to out the unified diff (3 lines of context, "--- a/path",
 * "+++ b/path") of text[0..len) and text with edits applied. Edits must not
 * overlap; they are sorted here. Also writes the rewritten text to
 * rewritten when it is not NULL.
 */
void diff_unified(struct strbuf *out, const char *path, const char *text, size_t len,
		  struct line_edits *edits, struct strbuf *rewritten);

#endif
