/* cmd-patch.c: acqrel patch --diff PATH... (the format-patch series comes next) */
#include "cmd.h"
#include "../lib/apply.h"
#include "../lib/cleanup.h"
#include "../lib/diff.h"
#include "../lib/git.h"
#include "../lib/maint.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/rewrite.h"
#include "../lib/series.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <dirent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <sys/stat.h>

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


/* The last second of 9999: Date: has four digits for the year. */
#define LAST_EPOCH 253402300799LL

/*
 * RFC 2822 date of now, or of $SOURCE_DATE_EPOCH (decimal seconds since
 * 1970, up to the end of 9999) for reproducible output; NULL after a message
 * when that is not a valid value.
 */
static char *patch_date(void)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm, *ok;
	char buf[64];

	if (epoch) {
		long long v = 0;
		const char *p = epoch;

		for (; *p >= '0' && *p <= '9' && v <= LAST_EPOCH; p++)
			v = v * 10 + (*p - '0');
		if (!*epoch || *p || v > LAST_EPOCH) {
			fprintf(stderr, "acqrel patch: SOURCE_DATE_EPOCH='%s' is not a number of "
				"seconds from 1970 to the end of 9999\n", epoch);
			return NULL;
		}
		t = (time_t)v;
	}
	ok = epoch ? gmtime_r(&t, &tm) : localtime_r(&t, &tm);
	if (!ok || !strftime(buf, sizeof(buf), "%a, %d %b %Y %H:%M:%S %z", &tm)) {
		fprintf(stderr, "acqrel patch: cannot format the date\n");
		return NULL;
	}
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
 * Whether an address of --to or --cc can go into a header as it is: one
 * address, no control character (no header can be added through it).
 */
static bool address_ok(const char *v)
{
	const char *p;

	for (p = v; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == ',')
			return false;
	return *v != '\0';
}

/* "PATH: error: ..." with the path quoted as git quotes names. */
__attribute__((format(printf, 2, 3)))
static void path_error(const char *path, const char *fmt, ...)
{
	char *name = quoted(path);
	va_list ap;

	fprintf(stderr, "%s: error: ", name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	free(name);
}

/* Whether dir holds nothing but "." and "..". */
static bool is_empty_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool empty = d != NULL;

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	if (d)
		closedir(d);
	return empty;
}

/*
 * The rules of -o DIR: DIR is new or an empty folder (never a link), so no
 * patch of an earlier run can pass for one of this run; the series is
 * written into a private temporary folder beside it and renamed into place
 * once whole. Returns that folder (caller frees), or NULL after a message.
 */
static char *start_outdir(const char *outdir, struct cleanup_set *made)
{
	const char *why = NULL, *slash;
	char *parent, *tmp;
	struct stat sb;

	if (lstat(outdir, &sb) == 0) {
		if (S_ISLNK(sb.st_mode))
			why = "is a symbolic link";
		else if (!S_ISDIR(sb.st_mode))
			why = "exists and is not a folder";
		else if (!is_empty_dir(outdir))
			why = "is not empty";
	} else if (errno != ENOENT) {
		path_error(outdir, "cannot access: %s", strerror(errno));
		return NULL;
	}
	if (why) {
		path_error(outdir, "%s: acqrel writes a series only into a new or empty folder, so "
			   "that no patch of an earlier run passes for one of this run", why);
		return NULL;
	}
	slash = strrchr(outdir, '/');
	parent = !slash ? xstrdup(".") : slash == outdir ? xstrdup("/")
		 : xstrndup(outdir, (size_t)(slash - outdir));
	tmp = xasprintf("%s/.acqrel-%s-XXXXXX", parent, slash ? slash + 1 : outdir);
	free(parent);
	cleanup_block();
	if (!mkdtemp(tmp)) {
		cleanup_unblock();
		path_error(outdir, "cannot create a folder beside it: %s", strerror(errno));
		free(tmp);
		return NULL;
	}
	cleanup_set_add(made, tmp, true);
	cleanup_unblock();
	return tmp;
}

/* Addresses given with --to and --cc. */
struct extra_addresses {
	const char **to, **cc;
	size_t nr_to, nr_cc, alloc_to, alloc_cc;
};

/*
 * One series per tree that merges (the T: lines of the most specific
 * MAINTAINERS section with any that matches the file of each protocol's
 * first writer, or reader; without one, that file's most specific section),
 * in DIR/<section>/, named after that section, each mail to whom
 * get_maintainer.pl names for it (series_write()); without MAINTAINERS, one
 * series in DIR. All or nothing: returns 0 when DIR holds the whole output,
 * else 1 (and DIR is not created).
 */
static size_t write_series(const char *outdir, const struct rewrite *rw, const char *root,
			   const char *date, bool signoff, const struct extra_addresses *extra)
{
	struct maintainers m;
	struct cleanup_set made = { NULL, 0, 0 };
	struct strbuf report = STRBUF_INIT;
	char *from = git_identity(), *tmp;
	struct git_view *git;
	struct series_options o;
	const struct maint_section **sect;
	struct strbuf sb = STRBUF_INIT;
	char **trees;
	size_t *which, i, k, failed = 0;
	bool *done, by_section;
	mode_t mask;

	memset(&m, 0, sizeof(m));
	tmp = start_outdir(outdir, &made);
	if (!tmp) {
		free(from);
		return 1;
	}
	git = git_view_open(root);
	o = (struct series_options){ from ? from : "acqrel <acqrel@invalid>", signoff, git, date,
				     &made, NULL, extra->to, extra->cc, extra->nr_to, extra->nr_cc };
	sect = xcalloc(rw->nr_patches, sizeof(*sect));
	trees = xcalloc(rw->nr_patches, sizeof(*trees));
	which = xcalloc(rw->nr_patches, sizeof(*which));
	done = xcalloc(rw->nr_patches, sizeof(*done));
	by_section = maint_load(&m, root) == 0;
	if (by_section) {
		char *name = strcmp(root, ".") ? xasprintf("%s/MAINTAINERS", root)
					       : xstrdup("MAINTAINERS");
		char *q = quoted(name);

		o.maint = &m;
		/* bad input: one line, and the run goes on without those patterns */
		if (m.nr_bad)
			fprintf(stderr, "%s:%u: error: %s; %u pattern%s of the file ignored\n", q,
				m.bad_line, m.bad_why, m.nr_bad, m.nr_bad == 1 ? "" : "s");
		free(q);
		free(name);
	}
	for (i = 0; i < rw->nr_patches; i++) {
		const struct protocol *p = rw->patches[i].v[0];
		const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];

		/* the tree that merges it; a section without a tree stands for itself */
		sect[i] = by_section ? maint_tree_section(&m, e->file) : NULL;
		if (by_section && !sect[i])
			sect[i] = maint_section_of(&m, e->file);
		maint_section_trees(sect[i], &sb);
		trees[i] = strbuf_detach(&sb);
	}
	for (i = 0; i < rw->nr_patches && !failed; i++) {
		size_t n = 0;
		char *dir, *name = NULL;
		int written;

		if (done[i])
			continue;
		for (k = i; k < rw->nr_patches; k++) {
			if (!done[k] && (sect[k] == sect[i] || (*trees[i] && !strcmp(trees[k], trees[i])))) {
				which[n++] = k;
				done[k] = true;
			}
		}
		if (by_section) {
			char *base = folder_name(sect[i] ? sect[i]->title : "other");
			unsigned nth = 1;
			int err;

			/* two titles can make one folder name: the second gets "-2" */
			for (;;) {
				name = nth == 1 ? xstrdup(base) : xasprintf("%s-%u", base, nth);
				dir = xasprintf("%s/%s", tmp, name);
				cleanup_block();
				err = mkdir(dir, 0777) == 0 ? 0 : errno;
				if (!err)
					cleanup_set_add(&made, dir, true);
				cleanup_unblock();
				if (err != EEXIST || ++nth > 100)
					break;
				free(name);
				free(dir);
			}
			free(base);
			if (err) {
				path_error(outdir, "cannot create %s in it: %s", name, strerror(err));
				free(name);
				free(dir);
				failed++;
				break;
			}
		} else {
			dir = xstrdup(tmp);
		}
		written = series_write(dir, rw, which, n, &o);
		if (written < 0)
			failed++;
		else {
			/* a title from MAINTAINERS and a path, each quoted if it must be */
			char *title = quoted(sect[i] ? sect[i]->title :
					     by_section ? "(no section)" : "(one series)");

			strbuf_addf(&report, "acqrel patch: %-40s %3d patch%s in ", title, written,
				    written == 1 ? "" : "es");
			if (name) {
				char *full = xasprintf("%s/%s", outdir, name);

				quote_path(&report, full);
				free(full);
			} else {
				quote_path(&report, outdir);
			}
			strbuf_addch(&report, '\n');
			free(title);
		}
		free(name);
		free(dir);
	}
	mask = umask(0);
	umask(mask);
	if (!failed && (chmod(tmp, 0777 & ~mask) < 0 || rename(tmp, outdir) < 0)) {
		path_error(outdir, "cannot create: %s", strerror(errno));
		failed++;
	}
	if (failed) {
		cleanup_set_remove(&made);
		path_error(outdir, "no series written");
	} else {
		cleanup_set_forget(&made);
		fputs(report.buf, stderr);
	}
	strbuf_release(&report);
	maint_release(&m);
	git_view_free(git);
	for (i = 0; i < rw->nr_patches; i++)
		free(trees[i]);
	free(trees);
	free(sect);
	free(which);
	free(done);
	free(from);
	free(tmp);
	return failed ? 1 : 0;
}

int cmd_patch(int argc, const char **argv)
{
	bool diff = false, apply = false, include_review = false, signoff = false;
	const char *outdir = NULL;
	struct extra_addresses extra;
	size_t nr_failed = 0;
	struct sites_run run;
	struct pair_result r;
	struct rewrite rw;
	struct strbuf out = STRBUF_INIT;
	size_t i, nr_skipped, nr_dropped = 0;
	char *date = NULL;
	int a, status = -1;

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
		} else if (!strcmp(argv[a], "--signoff")) {
			signoff = true;
		} else if (!strcmp(argv[a], "-o") && a + 1 < argc) {
			outdir = argv[++a];
		} else if (!strcmp(argv[a], "--include-review")) {
			include_review = true;
		} else if (!strcmp(argv[a], "--to") || !strcmp(argv[a], "--cc") ||
			   !strncmp(argv[a], "--to=", 5) || !strncmp(argv[a], "--cc=", 5)) {
			bool to = argv[a][2] == 't';
			const char *v = argv[a][4] == '=' ? argv[a] + 5 : a + 1 < argc ? argv[++a] : NULL;

			if (!v || !address_ok(v)) {
				fprintf(stderr, "acqrel patch: %s needs a mail address without control "
					"characters or commas\n", to ? "--to" : "--cc");
				status = 2;
			} else if (to) {
				ALLOC_GROW(extra.to, extra.nr_to + 1, extra.alloc_to);
				extra.to[extra.nr_to++] = v;
			} else {
				ALLOC_GROW(extra.cc, extra.nr_cc + 1, extra.alloc_cc);
				extra.cc[extra.nr_cc++] = v;
			}
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(patch_usage, stdout);
			status = 0;
		} else {
			fprintf(stderr, "acqrel patch: unknown option '%s'\n%s", argv[a], patch_usage);
			status = 2;
		}
	}
	if (status < 0 && (a >= argc || (diff + apply + !!outdir) != 1)) {
		fputs(patch_usage, stderr);
		status = 2;
	}
	if (status < 0 && (extra.nr_to || extra.nr_cc) && !outdir) {
		fprintf(stderr, "acqrel patch: --to and --cc go with -o DIR\n");
		status = 2;
	}
	if (status >= 0) {
		free(extra.to);
		free(extra.cc);
		return status;
	}
	if (outdir && !(date = patch_date())) {
		free(extra.to);
		free(extra.cc);
		return 2;
	}
	/* a full disk or a file size limit must fail a write, not kill us */
	signal(SIGXFSZ, SIG_IGN);
	sites_run(&run, argv + a, (size_t)(argc - a), cmd_jobs(), SITES_KEEP_TEXT);
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
	if (outdir && rw.nr_patches && write_series(outdir, &rw, run.walk.root, date, signoff, &extra)) {
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
	free(extra.to);
	free(extra.cc);
	free(date);
	rewrite_release(&rw);
	pair_result_release(&r);
	sites_run_release(&run);
	return nr_skipped || nr_failed ? 1 : 0;
}
