/*
 * maint.h: the MAINTAINERS file of a kernel tree, and which section a file
 * belongs to, the way get_maintainer.pl decides: F: patterns (a folder
 * with '/', globs with '*' and '?'), N: regular expressions, X: exclusions,
 * the most specific (deepest) F: pattern winning.
 */
#ifndef ACQREL_MAINT_H
#define ACQREL_MAINT_H

#include <stddef.h>

struct maint_section {
	char *title;		/* owned */
	char **tags;		/* owned: "M:\tName <mail>", "F:\tpath", ... */
	size_t nr_tags, alloc_tags;
};

struct maintainers {
	struct maint_section *v;
	size_t nr, alloc;
};

/* Reads root/MAINTAINERS (up to MAINT_MAX_FILE bytes); returns 0, or -1 when there is none. */
int maint_load(struct maintainers *m, const char *root);
/* Adds the sections of text[0..len) to m (zeroed first). */
void maint_parse(struct maintainers *m, const char *text, size_t len);

/*
 * Limits on what a tree's MAINTAINERS can make acqrel do: bytes read, and F:,
 * X: and N: patterns longer than MAINT_MAX_PATTERN bytes or with more than
 * MAINT_MAX_REPEATS wildcards or repetitions are ignored (as are N:
 * patterns with back-references), since matching them backtracks.
 */
#define MAINT_MAX_FILE (16u << 20)
#define MAINT_MAX_PATTERN 256u
#define MAINT_MAX_REPEATS 8u
void maint_release(struct maintainers *m);

/* The section a path (relative to the root) belongs to, or NULL. Borrowed. */
const struct maint_section *maint_section_of(const struct maintainers *m, const char *path);

/* The values of one kind of tag, joined with ", " (caller frees); "" when none. */
char *maint_join(const struct maint_section *s, const char *kinds);

#endif
