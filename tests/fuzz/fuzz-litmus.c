/*
 * fuzz-litmus.c: libFuzzer target over acqrel litmus's reader of tests: the
 * input is a litmus test, read as acqrel litmus reads a file, then checked
 * under the kernel's memory model and reported. The model is the one in
 * $ACQREL_FUZZ_MODEL, else $KERNEL_DIR/linux-source-6.12/tools/memory-model,
 * else .kernel/linux-source-6.12/tools/memory-model; without one, only the
 * reader runs. Limits keep each input short: a few thousand candidates,
 * 64 paths per process, 2 s.
 */
#include "litmus/exec.h"
#include "litmus/litmus.h"
#include "litmus/model.h"
#include "litmus/report.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char test_path[256];
static const struct litmus_model *model;

static void remove_test(void)
{
	unlink(test_path);
}

/* The model folder, as the comment above says; NULL when there is none. */
static char *model_dir(void)
{
	const char *dir = getenv("ACQREL_FUZZ_MODEL"), *kdir = getenv("KERNEL_DIR");

	if (dir && *dir)
		return xstrdup(dir);
	return xasprintf("%s/linux-source-6.12/tools/memory-model",
			 kdir && *kdir ? kdir : ".kernel");
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = model_dir(), *err = NULL;
	int fd;

	snprintf(test_path, sizeof(test_path), "%s/fuzz-litmus-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(test_path);
	if (fd < 0)
		abort();
	close(fd);
	atexit(remove_test);
	model = litmus_model_cached(dir, &err);
	if (!model)
		fprintf(stderr, "fuzz-litmus: no model (%s): the reader only\n", err ? err : dir);
	free(err);
	free(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lit_limits lim = { 5000, 2.0, 64, false, NULL };
	struct lit_outcome out;
	struct litmus t;
	char *err = NULL;
	FILE *fp;

	if (!test_path[0])
		setup();
	fp = fopen(test_path, "wb");
	if (!fp || fwrite(data, 1, size, fp) != size || fclose(fp))
		abort();
	if (litmus_read(&t, test_path, &err)) {
		free(err);
		return 0;
	}
	memset(&out, 0, sizeof(out));
	if (model && !litmus_check(&t, model, &lim, &out, &err)) {
		struct strbuf sb = STRBUF_INIT;

		litmus_report(&sb, &t, model, &out);
		if (!litmus_verdict(&out))
			abort();
		strbuf_release(&sb);
	}
	free(err);
	lit_outcome_release(&out);
	litmus_release(&t);
	return 0;
}
