/*
 * cleanup.h: temporary files and folders that SIGINT, SIGTERM and SIGHUP
 * remove. A path is registered right after it is created and forgotten once
 * it has been renamed into place or removed; the handler removes what is
 * still registered, newest first (a folder's files before the folder), then
 * dies of the same signal. Registration runs in the main thread with those
 * signals blocked, so the handler never sees a half-updated list; a path
 * must be created and registered inside one cleanup_block() (or by
 * cleanup_mkstemp()/cleanup_mkdtemp()), so that no signal falls between.
 */
#ifndef ACQREL_CLEANUP_H
#define ACQREL_CLEANUP_H

#include <stdbool.h>
#include <stddef.h>

/* Blocks SIGINT, SIGTERM and SIGHUP (nesting), installing the handler first. */
void cleanup_block(void);
void cleanup_unblock(void);
/* mkstemp() and mkdtemp() that register what they create (*handle). */
int cleanup_mkstemp(char *template, size_t *handle);
char *cleanup_mkdtemp(char *template, size_t *handle);
/* Registers path (copied); returns a handle for cleanup_forget(). */
size_t cleanup_add(const char *path, bool is_dir);
/* Forgets a path: it was renamed into place or removed by the caller. */
void cleanup_forget(size_t handle);

/* Paths registered together, removed together: a folder being filled. */
struct cleanup_set {
	size_t *handles;
	size_t nr, alloc;
};

/* Registers path (copied) as a member of s. */
void cleanup_set_add(struct cleanup_set *s, const char *path, bool is_dir);
/* Removes every path of s, newest first, and forgets them; s is empty after. */
void cleanup_set_remove(struct cleanup_set *s);
/* Forgets every path of s without removing it (it was renamed into place). */
void cleanup_set_forget(struct cleanup_set *s);

#endif
