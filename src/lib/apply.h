/*
 * apply.h: writing a rewritten file in place, atomically: the new contents
 * go to a temporary file in the same folder, which takes the old file's
 * mode and is renamed over it. A file whose contents changed since acqrel
 * read it, or that nobody may write, is refused; on any failure the old
 * file stays as it was and no temporary file is left.
 */
#ifndef ACQREL_APPLY_H
#define ACQREL_APPLY_H

#include <stddef.h>

/*
 * Replaces path's contents with text[0..len) if they still equal
 * old[0..old_len). Returns 0, or -1 after printing one line naming path.
 */
int apply_file(const char *path, const char *old, size_t old_len, const char *text, size_t len);

#endif
