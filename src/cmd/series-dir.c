/*
 * series-dir.c: what acqrel patch -o and acqrel bugs -o share: the series
 * options (-o DIR, --signoff, --to, --cc), the date, and writing the series
 * into DIR by the rules of -o (new or empty folder, all or nothing, one
 * series per tree that merges).
 */
#include "cmd.h"
#include "../lib/cleanup.h"
#include "../lib/cost.h"
#include "../lib/git.h"
#include "../lib/maint.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/rewrite.h"
#include "../lib/series.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The last second of 9999: Date: has four digits for the year. */
#define LAST_EPOCH 253402300799LL

/*
 * RFC 2822 date of now, or of $SOURCE_DATE_EPOCH (decimal seconds since
 * 1970, up to the end of 9999) for reproducible output; NULL after a message
 * when that is not a valid value.
 */
char *cmd_series_date(const char *verb)
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
			fprintf(stderr, "acqrel %s: SOURCE_DATE_EPOCH='%s' is not a number of "
				"seconds from 1970 to the end of 9999\n", verb, epoch);
			return NULL;
		}
		t = (time_t)v;
	}
	ok = epoch ? gmtime_r(&t, &tm) : localtime_r(&t, &tm);
	if (!ok || !strftime(buf, sizeof(buf), "%a, %d %b %Y %H:%M:%S %z", &tm)) {
		fprintf(stderr, "acqrel %s: cannot format the date\n", verb);
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

/* The file a patch is filed by: a fix's own, else its first protocol's first writer's, or reader's. */
static const char *patch_file(const struct rewrite_patch *rp)
{
	const struct protocol *p;

	if (rp->file || !rp->nr)
		return rp->file ? rp->file : "";
	p = rp->v[0];
	return p->nr_writers ? p->writers[0].file : p->readers[0].file;
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

/*
 * One series per tree that merges (the T: lines of the most specific
 * MAINTAINERS section with any that matches the file of each protocol's
 * first writer, or reader; without one, that file's most specific section),
 * in DIR/<section>/, named after that section, each mail to whom
 * get_maintainer.pl names for it (series_write()); without MAINTAINERS, one
 * series in DIR. All or nothing: returns 0 when DIR holds the whole output,
 * else 1 (and DIR is not created).
 */
size_t cmd_write_series(const char *verb, const struct cmd_series *extra, const struct rewrite *rw,
			const char *root, const char *date, const char *cover_title,
			const char *cover_text)
{
	const char *outdir = extra->outdir;
	struct maintainers m;
	struct cost_model cost = { NULL, NULL, 0, NULL };
	char *cost_root;
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
	o = (struct series_options){ from ? from : "acqrel <acqrel@invalid>", extra->signoff, git,
				     date, &made, NULL, extra->to, extra->cc, extra->nr_to,
				     extra->nr_cc, cover_title, cover_text, NULL, root };
	/* what each architecture makes of the barriers, from the tree's headers */
	cost_root = cost_find_root(root);
	if (cost_root && !cost_model_build(&cost, cost_root))
		o.cost = &cost;
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
		const char *file = patch_file(&rw->patches[i]);

		/* the tree that merges it; a section without a tree stands for itself */
		sect[i] = by_section ? maint_tree_section(&m, file) : NULL;
		if (by_section && !sect[i])
			sect[i] = maint_section_of(&m, file);
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

			strbuf_addf(&report, "acqrel %s: %-40s %3d patch%s in ", verb, title, written,
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
	cost_model_release(&cost);
	free(cost_root);
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

int cmd_series_option(const char *verb, int argc, const char **argv, int *a, struct cmd_series *s)
{
	const char *arg = argv[*a];

	if (!strcmp(arg, "--signoff")) {
		s->signoff = true;
	} else if (!strcmp(arg, "-o") && *a + 1 < argc) {
		s->outdir = argv[++*a];
	} else if (!strcmp(arg, "--to") || !strcmp(arg, "--cc") || !strncmp(arg, "--to=", 5) ||
		   !strncmp(arg, "--cc=", 5)) {
		bool to = arg[2] == 't';
		const char *v = arg[4] == '=' ? arg + 5 : *a + 1 < argc ? argv[++*a] : NULL;

		if (!v || !address_ok(v)) {
			fprintf(stderr, "acqrel %s: %s needs a mail address without control "
				"characters or commas\n", verb, to ? "--to" : "--cc");
			return 2;
		}
		if (to) {
			ALLOC_GROW(s->to, s->nr_to + 1, s->alloc_to);
			s->to[s->nr_to++] = v;
		} else {
			ALLOC_GROW(s->cc, s->nr_cc + 1, s->alloc_cc);
			s->cc[s->nr_cc++] = v;
		}
	} else {
		return 0;
	}
	return 1;
}

void cmd_series_release(struct cmd_series *s)
{
	free(s->to);
	free(s->cc);
	memset(s, 0, sizeof(*s));
}
