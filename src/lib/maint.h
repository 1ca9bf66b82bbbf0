/*
 * maint.h: the MAINTAINERS file of a kernel tree, and who a patch goes to
 * the way scripts/get_maintainer.pl --no-git --no-git-fallback decides:
 * every section whose F: patterns (a folder below, globs '*' and '?', a
 * prefix with as many '/' as the path otherwise) or N: regular expressions
 * match a touched file and whose X: patterns do not, and every section whose
 * K: regular expression matches a line the diff adds or removes; their M:
 * and R: people and L: lists (subscribers-only lists left out), each person
 * once, the tree's .mailmap applied, Linus Torvalds (THE REST) left out.
 */
#ifndef ACQREL_MAINT_H
#define ACQREL_MAINT_H

#include "addr.h"
#include "strbuf.h"

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

struct maint_tag {
	char type;		/* 'M', 'R', 'L', 'F', 'X', 'N', 'K', 'T', 'S', ... */
	char *value;		/* owned: the text after "X:" and white space */
	unsigned line;		/* line in MAINTAINERS */
	unsigned tv;		/* index among the non-blank lines, as get_maintainer counts */
	/* F: and X: */
	bool dir;		/* a folder: matches everything below */
	int depth;		/* get_maintainer's pattern depth; -1 for "*..." */
	/* N: and K: */
	regex_t *re;		/* owned, NULL when the pattern was ignored */
	regex_t *re_diff;	/* owned, K: only: with get_maintainer's "^[+-].*" before it */
};

struct maint_section {
	char *title;		/* owned */
	struct maint_tag *tags;	/* owned */
	size_t nr_tags, alloc_tags;
};

struct maintainers {
	struct maint_section *v;
	size_t nr, alloc;
	struct mailmap mailmap;
	/* the first pattern ignored (line, why; borrowed string), and how many */
	unsigned bad_line, nr_bad;
	const char *bad_why;
	unsigned nr_regexes;	/* N: and K: patterns compiled */
};

/*
 * Reads root/MAINTAINERS (up to MAINT_MAX_FILE bytes) and root/.mailmap;
 * F: and X: patterns naming a folder of root match below it, as in
 * get_maintainer.pl. Returns 0, or -1 when there is no MAINTAINERS.
 * Patterns ignored are counted in nr_bad (see maint_problem()).
 */
int maint_load(struct maintainers *m, const char *root);
/* Adds the sections of text[0..len) to m (zeroed first); root as above or NULL. */
void maint_parse(struct maintainers *m, const char *text, size_t len, const char *root);

/*
 * Limits on what a tree's MAINTAINERS can make acqrel do: bytes read, and F:,
 * X:, N: and K: patterns longer than MAINT_MAX_PATTERN bytes or with more than
 * MAINT_MAX_REPEATS wildcards or repetitions are ignored (as are N: and K:
 * patterns with back-references or Perl syntax acqrel does not read).
 */
#define MAINT_MAX_FILE (16u << 20)
#define MAINT_MAX_PATTERN 256u
#define MAINT_MAX_REPEATS 8u
/* N: and K: patterns compiled at most (each holds memory); the rest are ignored */
#define MAINT_MAX_REGEXES 4096u
void maint_release(struct maintainers *m);

/*
 * The section a path (relative to the root) belongs to most specifically
 * (the deepest matching F: pattern; an N: match counts least; THE REST's
 * catch-all patterns never), or NULL. Borrowed.
 */
const struct maint_section *maint_section_of(const struct maintainers *m, const char *path);

/*
 * The most specific section that matches path (as maint_section_of()) and
 * has a T: line: the tree that merges changes to path, or NULL. Borrowed.
 */
const struct maint_section *maint_tree_section(const struct maintainers *m, const char *path);
/* Appends the T: lines of s (NULL: none), one a line, to out. */
void maint_section_trees(const struct maint_section *s, struct strbuf *out);

enum maint_role { MAINT_LIST, MAINT_REVIEWER, MAINT_MAINTAINER };

struct maint_recipient {
	char *addr;		/* owned: "Name <mail>" or "mail", as get_maintainer.pl writes it */
	enum maint_role role;	/* MAINTAINER when an M: line of any matching section names them */
};

struct maint_recipients {
	struct maint_recipient *v;
	size_t nr, alloc;
};

/*
 * Appends to out (empty or zeroed) who a patch touching paths[0..n)
 * (relative to the root) with diff text diff (NULL: none; its K: keywords
 * are matched on its lines as get_maintainer.pl matches a patch's) goes to,
 * in get_maintainer.pl's order: people, then lists.
 */
void maint_recipients(const struct maintainers *m, const char *const *paths, size_t n,
		      const char *diff, struct maint_recipients *out);
void maint_recipients_release(struct maint_recipients *r);

#endif
