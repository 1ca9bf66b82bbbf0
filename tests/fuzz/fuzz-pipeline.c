/*
 * fuzz-pipeline.c: libFuzzer target over acqrel's whole pipeline on C
 * source from a hostile tree: scan, parse, pair, rewrite (review protocols
 * too), the diff and the format-patch series, then a second scan of the
 * rewritten text. The input is one file, or two ("a.c" and "b.c" in one
 * folder, which pair with each other) split at the first line "//--".
 */
#include "lib/diff.h"
#include "lib/json.h"
#include "lib/pair.h"
#include "lib/parse.h"
#include "lib/rewrite.h"
#include "lib/series.h"
#include "lib/sites.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char series_dir[256];

static void remove_series(void)
{
	DIR *d = opendir(series_dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[512];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", series_dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
}

static void remove_dir(void)
{
	remove_series();
	rmdir(series_dir);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(series_dir, sizeof(series_dir), "%s/fuzz-series-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(series_dir))
		abort();
	atexit(remove_dir);
}

/* The sites of each file as JSON, as acqrel sites --json would print them. */
static void sites_json(const struct sites_run *run)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < run->walk.nr; i++) {
		for (j = 0; j < run->files[i].nr; j++) {
			const struct site *s = &run->files[i].v[j];

			json_add_string(&sb, run->walk.files[i].rel);
			json_add_string(&sb, s->function);
			json_add_accesses(&sb, &s->before);
			json_add_accesses(&sb, &s->after);
			json_add_accesses(&sb, &s->operand);
		}
		json_add_skips(&sb, &run->files[i].skipped);
	}
	strbuf_release(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "a.c", "b.c" };
	const char *text = (const char *)data, *split = NULL;
	size_t lens[2], n = 1, i;
	struct sites_run run;
	struct pair_result r;
	struct rewrite rw;
	/* a parser per input: what one input allocates it frees, so libFuzzer's
	 * leak check (which runs when mallocs and frees differ) stays quiet */
	struct parser *parser = parser_new();

	if (!series_dir[0])
		setup();
	for (i = 0; i + 5 <= size && !split; i++)
		if ((i == 0 || text[i - 1] == '\n') && !memcmp(text + i, "//--\n", 5))
			split = text + i;
	lens[0] = split ? (size_t)(split - text) : size;
	if (split) {
		lens[1] = size - lens[0] - 5;
		n = 2;
	}
	memset(&run, 0, sizeof(run));
	run.walk.root = xstrdup("fuzz");
	run.walk.files = xcalloc(n, sizeof(*run.walk.files));
	run.walk.nr = run.walk.alloc = n;
	run.files = xcalloc(n, sizeof(*run.files));
	for (i = 0; i < n; i++) {
		const char *from = i ? split + 5 : text;
		char *buf = xmalloc(lens[i] + 1);

		memcpy(buf, from, lens[i]);
		buf[lens[i]] = '\0';
		run.walk.files[i].path = xasprintf("fuzz/%s", names[i]);
		run.walk.files[i].rel = xstrdup(names[i]);
		sites_scan_buffer(parser, run.walk.files[i].path, buf, lens[i], &run.files[i]);
		/* what sites_run(SITES_KEEP_TEXT) keeps */
		run.files[i].text = buf;
		run.files[i].len = lens[i];
	}
	sites_json(&run);

	memset(&r, 0, sizeof(r));
	pair_run(&run, &r, 1);
	memset(&rw, 0, sizeof(rw));
	rewrite_plan(&rw, &run, &r, true);
	for (i = 0; i < rw.nr; i++) {
		struct strbuf diff = STRBUF_INIT, rewritten = STRBUF_INIT;
		struct file_sites again;

		diff_unified(&diff, rw.v[i].rel, rw.v[i].text, rw.v[i].len, &rw.v[i].edits, &rewritten);
		/* the rewrite's output is read again, as a second run would */
		memset(&again, 0, sizeof(again));
		sites_scan_buffer(parser, "fuzz/again.c", rewritten.buf, rewritten.len, &again);
		file_sites_release(&again);
		strbuf_release(&diff);
		strbuf_release(&rewritten);
	}
	if (rw.nr_patches) {
		size_t *which = xcalloc(rw.nr_patches, sizeof(*which));
		static const char *const to[] = { "To <to@acqrel.invalid>" };
		struct series_options o = { "Fuzz <fuzz@acqrel.invalid>", true, NULL,
					    "Thu, 1 Jan 1970 00:00:00 +0000", NULL, NULL, to, NULL,
					    1, 0, NULL, NULL, NULL, "." };

		for (i = 0; i < rw.nr_patches; i++)
			which[i] = i;
		series_write(series_dir, &rw, which, rw.nr_patches, &o);
		remove_series();
		free(which);
	}
	rewrite_release(&rw);
	pair_result_release(&r);
	sites_run_release(&run);
	parser_free(parser);
	return 0;
}
