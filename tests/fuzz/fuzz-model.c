/*
 * fuzz-model.c: libFuzzer target over acqrel litmus's readers of a memory
 * model's files: the input is compiled as a .cat file (after herd's standard
 * library and the kernel's linux-kernel.bell; what it includes is read from
 * the kernel's model folder when one is there, see fuzz-litmus.c) and read
 * as a .def file of
 * primitives. Each reader refuses most of the other's syntax early, so one
 * corpus of model files serves both.
 */
#include "litmus/cat-eval.h"
#include "litmus/litmus.h"
#include "litmus/source.h"
#include "lib/util.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char def_path[256];
static char *include_dir;

static void remove_def(void)
{
	unlink(def_path);
	free(include_dir);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR"), *dir = getenv("ACQREL_FUZZ_MODEL");
	const char *kdir = getenv("KERNEL_DIR");
	int fd;

	snprintf(def_path, sizeof(def_path), "%s/fuzz-model-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(def_path);
	if (fd < 0)
		abort();
	close(fd);
	include_dir = dir && *dir ? xstrdup(dir) :
		xasprintf("%s/linux-source-6.12/tools/memory-model", kdir && *kdir ? kdir : ".kernel");
	atexit(remove_def);
}

/* Includes come from the model's folder, by plain name only. */
static int load(void *ctx, const char *name, struct source *out, char **err)
{
	char *path;
	struct stat st;
	int r;

	(void)ctx;
	if (!*name || strchr(name, '/') || name[0] == '.')
		return 1;
	path = xasprintf("%s/%s", include_dir, name);
	if (stat(path, &st) || !S_ISREG(st.st_mode)) {
		free(path);
		return 1;
	}
	r = source_read(out, path, 1u << 20, err) ? -1 : 0;
	free(path);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cat_loader loader = { load, NULL };
	struct lit_defs defs;
	struct cat_model *m;
	struct source cat, bell;
	char *text, *err = NULL, *bell_path;
	bool have_bell;
	FILE *fp;

	if (!def_path[0])
		setup();
	/* the readers take NUL-terminated text (source_read refuses a NUL) */
	if (memchr(data, 0, size))
		return 0;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	source_from_string(&cat, "fuzz.cat", text);
	free(text);
	bell_path = xasprintf("%s/linux-kernel.bell", include_dir);
	have_bell = !source_read(&bell, bell_path, 1u << 20, &err);
	free(bell_path);
	free(err);
	err = NULL;
	m = cat_model_compile(have_bell ? &bell : NULL, &cat, &loader, &err);
	cat_model_free(m);
	free(err);
	err = NULL;

	fp = fopen(def_path, "wb");
	if (!fp || fwrite(data, 1, size, fp) != size || fclose(fp))
		abort();
	memset(&defs, 0, sizeof(defs));
	if (!litmus_read_defs(&defs, def_path, &err))
		litmus_defs_release(&defs);
	free(err);
	return 0;
}
