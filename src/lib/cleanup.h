/*
 * cleanup.h: temporary files and folders that SIGINT, SIGTERM and SIGHUP
 * remove. A path is registered right after it is created and forgotten once
 * it has been renamed into place or removed; the handler removes what is
 * still registered, newest first (a folder's files before the folder), then
 * dies of the same signal. Registration runs in the main thread with those
 * signals blocked, so the handler never sees a half-updated list.
 */
#ifndef ACQREL_CLEANUP_H
#define ACQREL_CLEANUP_H

#include <stdbool.h>
#include <stddef.h>

/* Registers path (copied); returns a handle for cleanup_forget(). */
size_t cleanup_add(const char *path, bool is_dir);
/* Forgets a path: it was renamed into place or removed by the caller. */
void cleanup_forget(size_t handle);

#endif
