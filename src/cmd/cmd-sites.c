/* cmd-sites.c: acqrel sites [--json] [--summary] PATH... */
#include "cmd.h"
#include "../lib/cache.h"
#include "../lib/json.h"
#include "../lib/prims.h"
#include "../lib/quote.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char sites_usage[] = "usage: acqrel sites [--json] [--summary] [--no-cache] PATH...\n";

static void text_accesses(struct strbuf *sb, const char *label, const struct access_list *l)
{
	size_t i;

	if (!l->nr)
		return;
	strbuf_addf(sb, "; %s: ", label);
	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];

		strbuf_addf(sb, "%s%s %s (%sline %u)", i ? ", " : "",
			    a->is_write ? "write" : "read", a->path, a->marked ? "marked, " : "",
			    a->line);
	}
}

static void text_site(struct strbuf *sb, const char *path, const struct site *s)
{
	quote_path(sb, path);
	strbuf_addf(sb, ":%u:%u: note: %s()", s->line, s->column, s->primitive);
	if (s->function)
		strbuf_addf(sb, " in function %s()", s->function);
	else if (s->macro)
		strbuf_addf(sb, " in macro %s", s->macro);
	else
		strbuf_adds(sb, " at file scope");
	text_accesses(sb, "on", &s->operand);
	text_accesses(sb, "before", &s->before);
	text_accesses(sb, "after", &s->after);
	strbuf_addch(sb, '\n');
}

static void json_site(struct strbuf *sb, const char *rel, const struct site *s, bool first)
{
	strbuf_adds(sb, first ? "\n  {\"file\": " : ",\n  {\"file\": ");
	json_add_string(sb, rel);
	strbuf_addf(sb, ", \"line\": %u, \"column\": %u, \"function\": ", s->line, s->column);
	json_add_string(sb, s->function);
	strbuf_adds(sb, ", \"macro\": ");
	json_add_string(sb, s->macro);
	strbuf_adds(sb, ", \"primitive\": ");
	json_add_string(sb, s->primitive);
	strbuf_adds(sb, ", \"operand\": ");
	json_add_accesses(sb, &s->operand);
	strbuf_adds(sb, ", \"before\": ");
	json_add_accesses(sb, &s->before);
	strbuf_adds(sb, ", \"after\": ");
	json_add_accesses(sb, &s->after);
	strbuf_addch(sb, '}');
}

struct count {
	const char *name;
	size_t n;
};

static int cmp_count(const void *a, const void *b)
{
	const struct count *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The line of the summary a primitive counts on: the families are folded. */
static const char *summary_name(const char *prim)
{
	static const char *const own[] = {
		"smp_store_release", "smp_load_acquire", "test_bit_acquire", "clear_bit_unlock",
		"atomic_read_acquire", "atomic_set_release", "rcu_assign_pointer", "rcu_dereference",
		"test_and_set_bit_lock", "__clear_bit_unlock",
	};
	size_t i, n = strlen(prim);

	if (prim_classify(prim, n) == PRIM_FENCE)
		return prim;
	for (i = 0; i < ARRAY_SIZE(own); i++)
		if (!strcmp(prim, own[i]))
			return prim;
	if (!strncmp(prim, "rcu_dereference_", 16))
		return "rcu_dereference_*()";
	if (n > 8 && !strcmp(prim + n - 8, "_acquire"))
		return "other *_acquire()";
	if (n > 8 && !strcmp(prim + n - 8, "_release"))
		return "other *_release()";
	return "other";
}

static void summary(const struct sites_run *run, size_t nr_skipped, double seconds)
{
	struct count *c = NULL;
	size_t nr = 0, alloc = 0, total = 0, in_fn = 0, in_macro = 0, i, j, k;

	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++) {
			const struct site *s = &fs->v[j];

			total++;
			in_fn += s->function != NULL;
			in_macro += s->macro != NULL;
			const char *name = summary_name(s->primitive);

			for (k = 0; k < nr && strcmp(c[k].name, name); k++)
				;
			if (k == nr) {
				ALLOC_GROW(c, nr + 1, alloc);
				c[nr].name = name;
				c[nr++].n = 0;
			}
			c[k].n++;
		}
	}
	if (nr)
		qsort(c, nr, sizeof(*c), cmp_count);
	printf("acqrel sites: %s\n", run->walk.root);
	printf("files: %zu read, %zu scanned past the prefilter, %zu skipped, in %.1f s on %d threads\n",
	       run->walk.nr, run->nr_parsed, nr_skipped, seconds, cmd_jobs());
	printf("sites: %zu (%zu in functions, %zu in macros, %zu at file scope)\n",
	       total, in_fn, in_macro, total - in_fn - in_macro);
	for (i = 0; i < nr; i++)
		printf("  %-32s %6zu\n", c[i].name, c[i].n);
	free(c);
}

int cmd_sites(int argc, const char **argv)
{
	struct cmd_options o;
	bool json, want_summary;
	int status;
	struct sites_run run;
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct cache cache;
	size_t i, j, nr_skipped;
	bool first = true;
	struct timespec t0, t1;
	int a;

	status = cmd_parse_options(argc, argv, "sites", sites_usage, &o);
	if (status >= 0)
		return status;
	json = o.json;
	want_summary = o.summary;
	a = o.first_path;
	cmd_phase(NULL);
	/* the summary says how long the run took: never replayed */
	cache_init(&cache, "sites", argc, argv, o.no_cache || (want_summary && !json));
	if ((status = cmd_replay(&cache)) >= 0)
		return status;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	sites_run(&run, argv + a, (size_t)(argc - a), cmd_jobs(), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	cmd_phase("sites");

	nr_skipped = sites_report_skips(&run, &err);

	if (json) {
		strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
		json_add_string(&sb, run.walk.root);
		strbuf_adds(&sb, ", \"sites\": [");
	}
	for (i = 0; i < run.walk.nr; i++) {
		const struct file_sites *fs = &run.files[i];

		for (j = 0; j < fs->nr; j++) {
			if (json)
				json_site(&sb, run.walk.files[i].rel, &fs->v[j], first);
			else if (!want_summary)
				text_site(&sb, run.walk.files[i].path, &fs->v[j]);
			first = false;
		}
		/* written as it comes, unless the cache keeps it all */
		if (sb.len > 65536 && !cache.file) {
			fwrite(sb.buf, 1, sb.len, stdout);
			strbuf_reset(&sb);
		}
	}
	if (json) {
		strbuf_adds(&sb, first ? "],\n \"skipped\": [" : "\n ],\n \"skipped\": [");
		json_add_skips(&sb, &run.walk.skipped);
		for (i = 0; i < run.walk.nr; i++)
			json_add_skips(&sb, &run.files[i].skipped);
		strbuf_adds(&sb, sb.buf[sb.len - 1] == '[' ? "]}\n" : "\n ]}\n");
	}
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, stdout);
	if (want_summary && !json)
		summary(&run, nr_skipped,
			(double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	fflush(stdout);
	status = nr_skipped ? 1 : 0;
	sites_run_release(&run);
	cache_store(&cache, &sb, &err, status);
	cache_release(&cache);
	strbuf_release(&sb);
	strbuf_release(&err);
	return status;
}
