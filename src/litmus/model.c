/* model.c: loading a model folder (.cfg, .def, .bell, .cat) and caching it */
#include "model.h"
#include "../lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_MODEL_BYTES (1u << 20)

static char *join(const char *dir, const char *name)
{
	if (name[0] == '/')
		return xstrdup(name);
	return xasprintf("%s/%s", dir, name);
}

/* The .cfg of a folder: linux-kernel.cfg, else the only *.cfg. */
static char *find_cfg(const char *dir, char **err)
{
	struct stat st;
	char *path = join(dir, "linux-kernel.cfg");
	char *found = NULL;
	int count = 0;
	DIR *d;
	struct dirent *de;

	if (stat(dir, &st)) {
		int e = errno;

		*err = xasprintf("%s: error: model folder not found: %s", dir, strerror(e));
		free(path);
		return NULL;
	}
	if (!S_ISDIR(st.st_mode)) {
		*err = xasprintf("%s: error: not a folder (--model names the folder of the model)",
				 dir);
		free(path);
		return NULL;
	}
	if (!stat(path, &st))
		return path;
	free(path);
	d = opendir(dir);
	if (!d) {
		*err = xasprintf("%s: error: cannot read model folder: %s", dir, strerror(errno));
		return NULL;
	}
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 4 && !strcmp(de->d_name + n - 4, ".cfg")) {
			count++;
			free(found);
			found = join(dir, de->d_name);
		}
	}
	closedir(d);
	if (count == 1)
		return found;
	free(found);
	*err = xasprintf("%s: error: not a model folder (no linux-kernel.cfg%s)", dir,
			 count > 1 ? ", and several other .cfg files" : "");
	return NULL;
}

struct cfg {
	char *macros, *bell, *model;
};

static int read_cfg(const char *path, struct cfg *c, char **err)
{
	struct source src;
	char *line, *save = NULL;

	memset(c, 0, sizeof(*c));
	if (source_read(&src, path, MAX_MODEL_BYTES, err))
		return -1;
	for (line = strtok_r(src.text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char key[64], val[PATH_MAX];

		if (sscanf(line, " %63s %4095s", key, val) != 2)
			continue;
		if (key[0] == '#')
			continue;
		if (!strcmp(key, "macros")) {
			free(c->macros);
			c->macros = xstrdup(val);
		} else if (!strcmp(key, "bell")) {
			free(c->bell);
			c->bell = xstrdup(val);
		} else if (!strcmp(key, "model")) {
			free(c->model);
			c->model = xstrdup(val);
		}
	}
	source_release(&src);
	if (!c->model) {
		*err = xasprintf("%s: error: no 'model FILE.cat' line", path);
		free(c->macros);
		free(c->bell);
		return -1;
	}
	return 0;
}

struct dir_loader {
	const char *dir;
};

static int load_from_dir(void *ctx, const char *name, struct source *out, char **err)
{
	struct dir_loader *dl = ctx;
	char *path = join(dl->dir, name);
	struct stat st;
	int r;

	if (stat(path, &st)) {
		free(path);
		return 1;
	}
	r = source_read(out, path, MAX_MODEL_BYTES, err) ? -1 : 0;
	free(path);
	return r;
}

struct litmus_model *litmus_model_load(const char *dir, char **err)
{
	struct litmus_model *m;
	struct cfg c;
	struct source bell, cat;
	struct dir_loader dl = { dir };
	struct cat_loader loader = { load_from_dir, &dl };
	char *cfg = find_cfg(dir, err), *path;
	int have_bell = 0;

	if (!cfg)
		return NULL;
	if (read_cfg(cfg, &c, err)) {
		free(cfg);
		return NULL;
	}
	m = xcalloc(1, sizeof(*m));
	m->dir = xstrdup(dir);
	m->cfg = cfg;
	if (!c.macros) {
		*err = xasprintf("%s: error: no 'macros FILE.def' line", cfg);
		goto fail;
	}
	path = join(dir, c.macros);
	if (litmus_read_defs(&m->defs, path, err)) {
		free(path);
		goto fail;
	}
	free(path);
	if (c.bell) {
		path = join(dir, c.bell);
		if (source_read(&bell, path, MAX_MODEL_BYTES, err)) {
			free(path);
			goto fail;
		}
		free(path);
		have_bell = 1;
	}
	path = join(dir, c.model);
	if (source_read(&cat, path, MAX_MODEL_BYTES, err)) {
		free(path);
		if (have_bell)
			source_release(&bell);
		goto fail;
	}
	free(path);
	m->cat = cat_model_compile(have_bell ? &bell : NULL, &cat, &loader, err);
	if (!m->cat)
		goto fail;
	free(c.macros);
	free(c.bell);
	free(c.model);
	return m;
fail:
	free(c.macros);
	free(c.bell);
	free(c.model);
	litmus_model_free(m);
	return NULL;
}

void litmus_model_free(struct litmus_model *m)
{
	if (!m)
		return;
	cat_model_free(m->cat);
	litmus_defs_release(&m->defs);
	free(m->dir);
	free(m->cfg);
	free(m);
}

/* the cache */
struct cached {
	char *key;			/* real path of the folder */
	struct litmus_model *model;	/* NULL: loading failed with err */
	char *err;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached *cache;
static int ncache, acache;

const struct litmus_model *litmus_model_cached(const char *dir, char **err)
{
	char *key = realpath(dir, NULL);
	const struct litmus_model *res = NULL;
	int i;

	if (!key)
		key = xstrdup(dir);
	pthread_mutex_lock(&cache_lock);
	for (i = 0; i < ncache; i++)
		if (!strcmp(cache[i].key, key))
			break;
	if (i == ncache) {
		struct cached c;

		c.key = key;
		c.err = NULL;
		c.model = litmus_model_load(dir, &c.err);
		ALLOC_GROW(cache, ncache + 1, acache);
		cache[ncache++] = c;
		key = NULL;
	}
	res = cache[i].model;
	if (!res)
		*err = xstrdup(cache[i].err);
	pthread_mutex_unlock(&cache_lock);
	free(key);
	return res;
}

void litmus_model_cache_clear(void)
{
	int i;

	pthread_mutex_lock(&cache_lock);
	for (i = 0; i < ncache; i++) {
		free(cache[i].key);
		free(cache[i].err);
		litmus_model_free(cache[i].model);
	}
	free(cache);
	cache = NULL;
	ncache = acache = 0;
	pthread_mutex_unlock(&cache_lock);
}
