/*
 * series.h: a git format-patch style series, one patch per rewritten
 * protocol (writer and readers together), each applying on top of the
 * previous ones, with a cover letter.
 */
#ifndef ACQREL_SERIES_H
#define ACQREL_SERIES_H

#include "rewrite.h"

struct git_view;
struct cleanup_set;
struct maintainers;
struct cost_model;

struct series_options {
	const char *from;	/* "Name <email>" for From: */
	bool signoff;		/* add Signed-off-by: with from */
	struct git_view *git;	/* borrowed or NULL: the tree's history, whose
				   subjects name the prefixes */
	const char *date;	/* Date: value */
	struct cleanup_set *made;	/* borrowed or NULL: the files written go here */
	const struct maintainers *maint;	/* borrowed or NULL: the tree's MAINTAINERS */
	const char *const *to, *const *cc;	/* borrowed: more addresses for every mail */
	size_t nr_to, nr_cc;
	/* borrowed or NULL: the cover letter's subject after "[PATCH 0/N] " and
	   its text before the list of patches, for a series of bug fixes (whose
	   netdev subjects say net, not net-next) */
	const char *cover_title, *cover_text;
	const struct cost_model *cost;	/* borrowed or NULL: each architecture's barriers,
					   for what a patch costs where */
	const char *root;	/* what the patches' files are relative to */
};

/*
 * Writes the series of the protocols rw rewrote (those whose index is in
 * which[0..n)) into dir, which must exist, as 0000-cover-letter.patch and
 * NNNN-*.patch: new files only, never one that is there or through a link.
 * Each patch goes To: the maintainers and Cc: the reviewers and lists that
 * o->maint names for its diff (maint_recipients()), with a Cc: trailer for
 * each person; the cover letter to all of the series'; o->to and o->cc are
 * added to every mail. A patch with a message of its own (a bug fix) gets
 * "Fixes:" from git blame of its line and "Cc: stable@vger.kernel.org" when
 * o->git knows the commit. Returns the number of patches written, or -1
 * after an error message.
 */
int series_write(const char *dir, const struct rewrite *rw, const size_t *which, size_t n,
		 const struct series_options *o);

#endif
