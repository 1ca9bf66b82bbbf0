/*
 * apply.h: writing rewritten files in place, all the files of one patch (a
 * protocol, or protocols sharing a barrier) or none of them.
 *
 * A name given as a symbolic link is resolved: its target is rewritten and
 * the link stays. Each file is checked first: it must be a regular file,
 * writable by the user (as the kernel decides, not by its mode bits alone;
 * a file with no write bit at all counts as read-only even for root), and
 * hold exactly the bytes that were analysed. The new contents go to a
 * temporary file beside it that takes the file's owner, group, mode and
 * extended attributes; a file whose owner or attributes cannot be kept is
 * refused. A refused file takes every patch with an edit in it out of the
 * run, in every file, and the rest is planned again. Only when the files of
 * every remaining patch are written are they compared with the analysed
 * bytes once more and renamed into place. Temporary files never stay behind:
 * on an error they are removed, and on SIGINT, SIGTERM or SIGHUP too.
 */
#ifndef ACQREL_APPLY_H
#define ACQREL_APPLY_H

#include "rewrite.h"

/*
 * Applies the edits of rw to the files in place. dropped (rw->nr_patches
 * entries, zeroed by the caller) gets true for each patch that was not
 * applied because one of its files was refused. Prints one line per refused
 * file ("PATH: error: not changed: REASON"). Returns the number of files
 * refused or not replaced.
 */
size_t apply_rewrite(struct rewrite *rw, bool *dropped);

/*
 * For the unit tests only, never set by acqrel itself: when not NULL, called
 * with "checked" once a file passed the first checks, "written" once its
 * temporary file is written, and "renaming" right before the renames.
 */
extern void (*apply_test_hook)(const char *stage, const char *path);

#endif
