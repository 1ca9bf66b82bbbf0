/* walk.c: find the C files under the paths given */
#include "walk.h"
#include "inputs.h"
#include "util.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void skip_list_add(struct skip_list *l, char *path, char *reason)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr].path = path;
	l->v[l->nr].reason = reason;
	l->nr++;
}

void skip_list_release(struct skip_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].path);
		free(l->v[i].reason);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static char *join(const char *dir, const char *name)
{
	if (!strcmp(dir, "."))
		return xstrdup(name);
	return xasprintf("%s/%s", dir, name);
}

/* The path relative to root, when it lies below root; else a copy of path. */
static char *relative(const char *root, const char *path)
{
	size_t n = strlen(root);

	if (!strcmp(root, "."))
		return xstrdup(path);
	if (!strncmp(path, root, n) && path[n] == '/')
		return xstrdup(path + n + 1);
	if (!strcmp(path, root)) {
		const char *slash = strrchr(path, '/');

		return xstrdup(slash ? slash + 1 : path);
	}
	return xstrdup(path);
}

static void add_file(struct walk_result *out, char *path)
{
	ALLOC_GROW(out->files, out->nr + 1, out->alloc);
	out->files[out->nr].path = path;
	out->files[out->nr].rel = relative(out->root, path);
	out->nr++;
}

struct dirstack {
	char **v;
	size_t nr, alloc;
};

/* Whether stat() of a link fails (errno then says why); recorded for the cache. */
static bool link_broken(const char *path)
{
	struct stat sb;
	int rc = stat(path, &sb), err = errno;

	inputs_stat(path, rc, err, &sb);
	errno = err;
	return rc < 0;
}

/* Reads one directory; pushes subdirectories, adds C files. Returns files added. */
static size_t walk_dir(struct walk_result *out, struct dirstack *st, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	unsigned char *types = NULL;
	size_t nr = 0, alloc = 0, alloc_t = 0, i, added = 0;
	struct input_listing listing = { { 0, 0 } };
	struct stat dir_st;

	if (!d) {
		int err = errno;

		inputs_missing(dir, INPUT_DIR, err);
		skip_list_add(&out->skipped, xstrdup(dir),
			      xasprintf("cannot open directory: %s", strerror(err)));
		return 0;
	}
	memset(&dir_st, 0, sizeof(dir_st));
	if (inputs_enabled() && fstat(dirfd(d), &dir_st) < 0)
		inputs_uncacheable();
	while ((e = readdir(d))) {
		inputs_listing_add(&listing, e->d_name, e->d_type);
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, ".git"))
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		ALLOC_GROW(types, nr + 1, alloc_t);
		names[nr] = xstrdup(e->d_name);
		types[nr] = e->d_type;
		nr++;
	}
	closedir(d);
	inputs_dir(dir, &dir_st, &listing);

	for (i = 0; i < nr; i++) {
		char *path = join(dir, names[i]);
		unsigned char type = types[i];
		struct stat sb;

		if (type == DT_UNKNOWN) {
			/* the listing does not show what a name became: not recorded */
			inputs_uncacheable();
			if (lstat(path, &sb) < 0) {
				skip_list_add(&out->skipped, path,
					      xasprintf("cannot stat: %s", strerror(errno)));
				continue;
			}
			type = S_ISDIR(sb.st_mode) ? DT_DIR : S_ISREG(sb.st_mode) ? DT_REG :
			       S_ISLNK(sb.st_mode) ? DT_LNK : DT_UNKNOWN;
		}
		if (type == DT_DIR) {
			ALLOC_GROW(st->v, st->nr + 1, st->alloc);
			st->v[st->nr++] = path;
		} else if (type == DT_REG && is_c_file(names[i])) {
			add_file(out, path);
			added++;
		} else if (type == DT_LNK && link_broken(path)) {
			/* not followed; but a loop or a dangling link is worth a word */
			skip_list_add(&out->skipped, path,
				      xasprintf("broken symbolic link: %s", strerror(errno)));
		} else {
			free(path);
		}
	}
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	free(types);
	return added;
}

static void walk_tree(struct walk_result *out, const char *top)
{
	struct dirstack st = { NULL, 0, 0 };
	size_t added = 0;

	ALLOC_GROW(st.v, 1, st.alloc);
	st.v[st.nr++] = xstrdup(top);
	while (st.nr) {
		char *dir = st.v[--st.nr];

		added += walk_dir(out, &st, dir);
		free(dir);
	}
	free(st.v);
	if (!added)
		skip_list_add(&out->skipped, xstrdup(top), xstrdup("no C files found"));
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct walk_file *)a)->path, ((const struct walk_file *)b)->path);
}

static char *strip_slashes(const char *p)
{
	size_t n = strlen(p);

	while (n > 1 && p[n - 1] == '/')
		n--;
	return xstrndup(p, n);
}

/* The parent folder of dir as a path ("a/b" -> "a", "a" -> ".", "/a" -> "/"). */
static char *parent_of(const char *dir)
{
	const char *slash = strrchr(dir, '/');

	if (!slash)
		return xstrdup(strcmp(dir, ".") ? "." : "..");
	if (slash == dir)
		return xstrdup("/");
	return xstrndup(dir, (size_t)(slash - dir));
}

/* Whether stat() of path succeeds; recorded for the cache. */
static bool exists(const char *path)
{
	struct stat sb;
	int rc = stat(path, &sb);

	inputs_stat(path, rc, errno, &sb);
	return rc == 0;
}

static bool is_tree_top(const char *dir)
{
	char *m = xasprintf("%s/MAINTAINERS", dir), *g = xasprintf("%s/.git", dir);
	bool top = exists(m) || exists(g);

	free(m);
	free(g);
	return top;
}

/*
 * The root paths are given relative to: the nearest folder at or above the
 * first path that holds MAINTAINERS or .git (the top of a kernel tree, where
 * includes resolve), else the path itself, or a file's folder.
 */
static char *tree_root(const char *path, bool is_dir)
{
	char *dir = is_dir ? xstrdup(path) : parent_of(path), *start = xstrdup(dir);
	int up;

	for (up = 0; up < 32; up++) {
		char *parent;

		if (is_tree_top(dir)) {
			free(start);
			return dir;
		}
		if (!strcmp(dir, "/") || !strncmp(dir, "..", 2) || !strcmp(dir, "."))
			break;
		parent = parent_of(dir);
		free(dir);
		dir = parent;
	}
	free(dir);
	return start;
}

void walk_paths(const char *const *paths, size_t n, struct walk_result *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *path = strip_slashes(paths[i]);
		struct stat sb;
		int rc = stat(path, &sb), err = errno;

		inputs_stat(path, rc, err, &sb);
		errno = err;
		if (rc < 0) {
			skip_list_add(&out->skipped, path,
				      xasprintf("cannot access: %s", strerror(errno)));
			continue;
		}
		if (!out->root)
			out->root = tree_root(path, S_ISDIR(sb.st_mode));
		if (S_ISDIR(sb.st_mode)) {
			walk_tree(out, path);
			free(path);
		} else if (S_ISREG(sb.st_mode)) {
			add_file(out, path);
		} else {
			skip_list_add(&out->skipped, path, xstrdup("not a regular file or directory"));
		}
	}
	if (!out->root)
		out->root = xstrdup(".");
	if (out->nr)
		qsort(out->files, out->nr, sizeof(*out->files), cmp_file);
}

void walk_result_release(struct walk_result *out)
{
	size_t i;

	for (i = 0; i < out->nr; i++) {
		free(out->files[i].path);
		free(out->files[i].rel);
	}
	free(out->files);
	free(out->root);
	skip_list_release(&out->skipped);
	memset(out, 0, sizeof(*out));
}
