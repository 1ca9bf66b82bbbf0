/*
 * walk.h: the files acqrel reads. Directories are walked without recursion;
 * *.c and *.h files are taken, .git is skipped, and symbolic links inside a
 * tree are not followed (like grep -r), so a link loop cannot trap the walk.
 */
#ifndef ACQREL_WALK_H
#define ACQREL_WALK_H

#include <stddef.h>

struct skip {
	char *path;		/* owned: as the user can open it */
	char *reason;		/* owned: lowercase, no full stop */
};

struct skip_list {
	struct skip *v;
	size_t nr, alloc;
};

/* Takes ownership of path and reason. */
void skip_list_add(struct skip_list *l, char *path, char *reason);
void skip_list_release(struct skip_list *l);

struct walk_file {
	char *path;		/* owned: as the user can open it */
	char *rel;		/* owned: relative to the root of the run */
};

struct walk_result {
	char *root;		/* owned: the tree root paths are relative to */
	struct walk_file *files;
	size_t nr, alloc;
	struct skip_list skipped;	/* paths that could not be walked */
};

/* Walks paths[0..n) into out (zeroed first); files come out sorted by path. */
void walk_paths(const char *const *paths, size_t n, struct walk_result *out);
void walk_result_release(struct walk_result *out);

#endif
