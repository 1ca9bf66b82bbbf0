/* cmd-patch.c: acqrel patch (-o DIR | --diff | --apply) PATH... */
#include "cmd.h"
#include "../lib/apply.h"
#include "../lib/diff.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/rewrite.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char patch_usage[] =
	"usage: acqrel patch (-o DIR | --diff | --apply) [--include-review] [--signoff]\n"
	"                    [--to ADDR]... [--cc ADDR]... PATH...\n"
	"  -o DIR            write a format-patch series, one patch per protocol, into DIR\n"
	"  --signoff         add Signed-off-by: from git's user.name and user.email\n"
	"  --diff            print one unified diff of every convertible protocol\n"
	"  --apply           rewrite the files in place (atomically; a file that changed\n"
	"                    since it was read, or is read-only, is refused)\n"
	"  --include-review  also rewrite the protocols with verdict review\n"
	"  --to ADDR         with -o: add ADDR to the To: of every mail (repeatable)\n"
	"  --cc ADDR         with -o: add ADDR to the Cc: of every mail (repeatable)\n";

int cmd_patch(int argc, const char **argv)
{
	bool diff = false, apply = false, include_review = false;
	struct cmd_series extra;
	size_t nr_failed = 0;
	struct sites_run run;
	struct pair_result r;
	struct rewrite rw;
	struct strbuf out = STRBUF_INIT;
	size_t i, nr_skipped, nr_dropped = 0;
	char *date = NULL;
	int a, status = -1, taken;

	memset(&extra, 0, sizeof(extra));
	for (a = 1; a < argc && argv[a][0] == '-' && status < 0; a++) {
		if (!strcmp(argv[a], "--")) {
			a++;
			break;
		}
		if (!strcmp(argv[a], "--diff")) {
			diff = true;
		} else if (!strcmp(argv[a], "--apply")) {
			apply = true;
		} else if (!strcmp(argv[a], "--include-review")) {
			include_review = true;
		} else if ((taken = cmd_series_option("patch", argc, argv, &a, &extra))) {
			if (taken == 2)
				status = 2;
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(patch_usage, stdout);
			status = 0;
		} else {
			fprintf(stderr, "acqrel patch: unknown option '%s'\n%s", argv[a], patch_usage);
			status = 2;
		}
	}
	if (status < 0 && (a >= argc || (diff + apply + !!extra.outdir) != 1)) {
		fputs(patch_usage, stderr);
		status = 2;
	}
	if (status < 0 && (extra.nr_to || extra.nr_cc) && !extra.outdir) {
		fprintf(stderr, "acqrel patch: --to and --cc go with -o DIR\n");
		status = 2;
	}
	if (status >= 0) {
		cmd_series_release(&extra);
		return status;
	}
	if (extra.outdir && !(date = cmd_series_date("patch"))) {
		cmd_series_release(&extra);
		return 2;
	}
	/* a full disk or a file size limit must fail a write, not kill us */
	signal(SIGXFSZ, SIG_IGN);
	sites_run(&run, argv + a, (size_t)(argc - a), cmd_jobs(), SITES_KEEP_TEXT | SITES_ORDERING_ONLY);
	nr_skipped = sites_report_skips(&run, NULL);
	sites_far_callers(&run, cmd_jobs());
	memset(&r, 0, sizeof(r));
	pair_run(&run, &r, cmd_jobs());
	memset(&rw, 0, sizeof(rw));
	rewrite_plan(&rw, &run, &r, include_review);
	for (i = 0; diff && i < rw.nr; i++)
		diff_unified(&out, rw.v[i].rel, rw.v[i].text, rw.v[i].len, &rw.v[i].edits, NULL);
	if (apply) {
		bool *dropped = xcalloc(rw.nr_patches + 1, sizeof(*dropped));

		nr_failed += apply_rewrite(&rw, dropped);
		for (i = 0; i < rw.nr_patches; i++) {
			const struct protocol *p = rw.patches[i].v[0];
			const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];
			char *name;

			if (!dropped[i])
				continue;
			name = quoted(e->path);
			fprintf(stderr, "%s:%u: note: protocol %s not rewritten: a file it needs was "
				"refused, so none of its files changed\n", name, e->site->line,
				p->variable);
			free(name);
			rw.nr_rewritten -= rw.patches[i].nr;
			nr_dropped++;
		}
		free(dropped);
	}
	if (extra.outdir && rw.nr_patches &&
	    cmd_write_series("patch", &extra, &rw, run.walk.root, date, NULL, NULL)) {
		nr_failed++;
		nr_dropped = rw.nr_patches;	/* nothing was written */
		rw.nr_rewritten = 0;
	}
	for (i = 0; i < rw.left.nr; i++)
		fprintf(stderr, "%s: note: %s\n", rw.left.v[i].path, rw.left.v[i].reason);
	for (i = 0; i < rw.nr_patches; i++) {
		const char *line = rw.patches[i].stale, *nl;

		for (; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			fprintf(stderr, "%.*s: note: may still describe the old barriers of %s%s\n",
				(int)(nl - line), line, rw.patches[i].v[0]->variable,
				rw.patches[i].nr > 1 ? " and the protocols sharing its barriers" : "");
		}
	}
	if (out.len)
		fwrite(out.buf, 1, out.len, stdout);
	fprintf(stderr, "acqrel patch: %zu protocols rewritten in %zu patch%s, %zu left for the author\n",
		rw.nr_rewritten, rw.nr_patches - nr_dropped, rw.nr_patches - nr_dropped == 1 ? "" : "es",
		rw.left.nr);
	strbuf_release(&out);
	cmd_series_release(&extra);
	free(date);
	rewrite_release(&rw);
	pair_result_release(&r);
	sites_run_release(&run);
	return nr_skipped || nr_failed ? 1 : 0;
}
