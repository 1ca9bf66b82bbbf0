/* cmd-patch.c: acqrel patch --diff PATH... (the format-patch series comes next) */
#include "cmd.h"
#include "../lib/apply.h"
#include "../lib/diff.h"
#include "../lib/git.h"
#include "../lib/maint.h"
#include "../lib/pair.h"
#include "../lib/rewrite.h"
#include "../lib/series.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <sys/stat.h>

static const char patch_usage[] =
	"usage: acqrel patch (-o DIR | --diff | --apply) [--include-review] [--signoff] PATH...\n"
	"  -o DIR            write a format-patch series, one patch per protocol, into DIR\n"
	"  --signoff         add Signed-off-by: from git's user.name and user.email\n"
	"  --diff            print one unified diff of every convertible protocol\n"
	"  --apply           rewrite the files in place (atomically; a file that changed\n"
	"                    since it was read, or is read-only, is refused)\n"
	"  --include-review  also rewrite the protocols with verdict review\n";


/* RFC 2822 date of now, or of $SOURCE_DATE_EPOCH for reproducible output. */
static char *patch_date(void)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;
	char buf[64];

	if (epoch)
		gmtime_r(&t, &tm);
	else
		localtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%a, %d %b %Y %H:%M:%S %z", &tm);
	return xstrdup(buf);
}

/* git's file-name style for a section title. */
static char *folder_name(const char *title)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = title; *p && sb.len < 60; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			strbuf_addch(&sb, *p);
		else if (*p >= 'A' && *p <= 'Z')
			strbuf_addch(&sb, *p - 'A' + 'a');
		else if (sb.len && sb.buf[sb.len - 1] != '-')
			strbuf_addch(&sb, '-');
	}
	while (sb.len && sb.buf[sb.len - 1] == '-')
		sb.len--;
	if (!sb.len)
		strbuf_adds(&sb, "other");
	sb.buf[sb.len] = '\0';
	return strbuf_detach(&sb);
}

/*
 * One series per MAINTAINERS section (the section of the file of each
 * protocol's first writer, or reader), in DIR/<section>/, with To: and Cc:
 * from its M:, R: and L: lines; without MAINTAINERS, one series in DIR.
 * Returns the number of series that failed.
 */
static size_t write_series(const char *outdir, const struct rewrite *rw, const char *root,
			   bool signoff)
{
	struct maintainers m = { NULL, 0, 0 };
	char *from = git_identity(), *date = patch_date();
	struct git_view *git = git_view_open(root);
	struct series_options o = { from ? from : "acqrel <acqrel@invalid>", signoff, git, date };
	const struct maint_section **sect = xcalloc(rw->nr_patches, sizeof(*sect));
	size_t *which = xcalloc(rw->nr_patches, sizeof(*which)), i, k, failed = 0;
	bool *done = xcalloc(rw->nr_patches, sizeof(*done));
	bool by_section = maint_load(&m, root) == 0;

	for (i = 0; i < rw->nr_patches; i++) {
		const struct protocol *p = rw->patches[i].v[0];
		const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];

		sect[i] = by_section ? maint_section_of(&m, e->file) : NULL;
	}
	if (by_section && mkdir(outdir, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: error: cannot create: %s\n", outdir, strerror(errno));
		failed++;
	}
	for (i = 0; i < rw->nr_patches && !failed; i++) {
		size_t n = 0;
		char *dir, *to, *cc;
		int written;

		if (done[i])
			continue;
		for (k = i; k < rw->nr_patches; k++) {
			if (!done[k] && sect[k] == sect[i]) {
				which[n++] = k;
				done[k] = true;
			}
		}
		if (by_section) {
			char *name = folder_name(sect[i] ? sect[i]->title : "other");

			dir = xasprintf("%s/%s", outdir, name);
			free(name);
		} else {
			dir = xstrdup(outdir);
		}
		to = maint_join(sect[i], "M");
		cc = maint_join(sect[i], "RL");
		written = series_write(dir, rw, which, n, &o, to, cc);
		if (written < 0)
			failed++;
		else
			fprintf(stderr, "acqrel patch: %-40s %3d patch%s in %s\n",
				sect[i] ? sect[i]->title : (by_section ? "(no section)" : "(one series)"),
				written, written == 1 ? "" : "es", dir);
		free(dir);
		free(to);
		free(cc);
	}
	maint_release(&m);
	git_view_free(git);
	free(sect);
	free(which);
	free(done);
	free(from);
	free(date);
	return failed;
}

int cmd_patch(int argc, const char **argv)
{
	bool diff = false, apply = false, include_review = false, signoff = false;
	const char *outdir = NULL;
	size_t nr_failed = 0;
	struct sites_run run;
	struct pair_result r;
	struct rewrite rw;
	struct strbuf out = STRBUF_INIT;
	size_t i, nr_skipped, nr_dropped = 0;
	int a;

	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--")) {
			a++;
			break;
		}
		if (!strcmp(argv[a], "--diff")) {
			diff = true;
		} else if (!strcmp(argv[a], "--apply")) {
			apply = true;
		} else if (!strcmp(argv[a], "--signoff")) {
			signoff = true;
		} else if (!strcmp(argv[a], "-o") && a + 1 < argc) {
			outdir = argv[++a];
		} else if (!strcmp(argv[a], "--include-review")) {
			include_review = true;
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(patch_usage, stdout);
			return 0;
		} else {
			fprintf(stderr, "acqrel patch: unknown option '%s'\n%s", argv[a], patch_usage);
			return 2;
		}
	}
	if (a >= argc || (diff + apply + !!outdir) != 1) {
		fputs(patch_usage, stderr);
		return 2;
	}
	sites_run(&run, argv + a, (size_t)(argc - a), cmd_jobs(), SITES_KEEP_TEXT);
	nr_skipped = sites_report_skips(&run);
	memset(&r, 0, sizeof(r));
	pair_run(&run, &r);
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

			if (!dropped[i])
				continue;
			fprintf(stderr, "%s:%u: note: protocol %s not rewritten: a file it needs was "
				"refused, so none of its files changed\n", e->path, e->site->line,
				p->variable);
			rw.nr_rewritten -= rw.patches[i].nr;
			nr_dropped++;
		}
		free(dropped);
	}
	if (outdir && rw.nr_patches)
		nr_failed += write_series(outdir, &rw, run.walk.root, signoff);
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
	rewrite_release(&rw);
	pair_result_release(&r);
	sites_run_release(&run);
	return nr_skipped || nr_failed ? 1 : 0;
}
