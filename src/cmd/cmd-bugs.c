/* cmd-bugs.c: acqrel bugs [--json | --summary | --diff | -o DIR] [--all] PATH... */
#include "cmd.h"
#include "../lib/bugs.h"
#include "../lib/diff.h"
#include "../lib/json.h"
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

static const char bugs_usage[] =
	"usage: acqrel bugs [--json | --summary | --diff | -o DIR [--signoff] [--to ADDR]...\n"
	"                   [--cc ADDR]...] [--all] PATH...\n"
	"\n"
	"Reports ordering bugs next to the barrier protocols of the PATHs, one\n"
	"\"file:line:col: warning: CLASS: ...\" line each.\n"
	"  --json       the findings as JSON\n"
	"  --summary    the number of findings per class\n"
	"  --diff       print one unified diff of the mechanical fixes; each finding\n"
	"               with no mechanical fix is a note on stderr\n"
	"  -o DIR       write the mechanical fixes as a format-patch series, one patch\n"
	"               per finding, into DIR (new or empty), one series per tree\n"
	"               that merges; Fixes: and Cc: stable when PATH is a git tree\n"
	"  --signoff    with -o: add Signed-off-by: from git's user.name and user.email\n"
	"  --to ADDR    with -o: add ADDR to the To: of every mail (repeatable)\n"
	"  --cc ADDR    with -o: add ADDR to the Cc: of every mail (repeatable)\n"
	"  --all        also the classes whose measured precision is under 50%\n"
	"\n"
	"exit status: 0 no finding and all input read, 1 findings or some input skipped,\n"
	"2 usage or fatal error\n";

/* A weak finding (reported with --all only) has low confidence, whatever its class's. */
static const char *confidence(const struct bug *b)
{
	return b->weak ? "low" : bugs_class_confidence(b->cls);
}

static void text_bug(struct strbuf *sb, const struct bug *b)
{
	quote_path(sb, b->path);
	strbuf_addf(sb, ":%u:%u: warning: %s: %s", b->line, b->column, bugs_class_name(b->cls),
		    b->message);
	if (b->protocol)
		strbuf_addf(sb, "; protocol %s", b->protocol);
	strbuf_addf(sb, "; evidence: %s; fix: %s%s%s%s (severity %s, confidence %s)\n",
		    b->evidence, b->fix, b->mechanical ? "" : "; no mechanical fix",
		    b->no_fix ? ": " : "", b->no_fix ? b->no_fix : "",
		    bugs_class_severity(b->cls), confidence(b));
}

static void json_bug(struct strbuf *sb, const struct bug *b, bool first)
{
	strbuf_adds(sb, first ? "\n  {\"class\": " : ",\n  {\"class\": ");
	json_add_string(sb, bugs_class_name(b->cls));
	strbuf_adds(sb, ", \"file\": ");
	json_add_string(sb, b->file);
	strbuf_addf(sb, ", \"line\": %u, \"column\": %u, \"severity\": ", b->line, b->column);
	json_add_string(sb, bugs_class_severity(b->cls));
	strbuf_adds(sb, ", \"confidence\": ");
	json_add_string(sb, confidence(b));
	strbuf_adds(sb, ", \"message\": ");
	json_add_string(sb, b->message);
	strbuf_adds(sb, ", \"protocol\": ");
	json_add_string(sb, b->protocol);
	strbuf_adds(sb, ", \"evidence\": ");
	json_add_string(sb, b->evidence);
	strbuf_adds(sb, ", \"fix\": ");
	json_add_string(sb, b->fix);
	strbuf_addf(sb, ", \"mechanical\": %s, \"no_fix\": ", b->mechanical ? "true" : "false");
	json_add_string(sb, b->no_fix);
	strbuf_addf(sb, ", \"weak\": %s}", b->weak ? "true" : "false");
}

/* Findings per class, every class listed, with whether it is reported by default. */
static void count_classes(const struct bugs_result *r, size_t count[BUG_NR_CLASSES])
{
	size_t i;

	memset(count, 0, BUG_NR_CLASSES * sizeof(*count));
	for (i = 0; i < r->nr; i++)
		count[r->v[i].cls]++;
}

/*
 * The message of b's fix patch: the problem, the protocol, the evidence
 * (each after a label: they start with code, which keeps its case), the fix.
 */
static char *fix_body(const struct bug *b)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "The bug: %s.", b->message);
	if (b->protocol)
		strbuf_addf(&sb, "\n\nThe protocol it breaks: %s.", b->protocol);
	strbuf_addf(&sb, "\n\nEvidence: %s.\n\n%s", b->evidence, b->fix_change);
	strbuf_addf(&sb, "\n\nFound by acqrel bugs (class %s, severity %s, confidence %s).",
		    bugs_class_name(b->cls), bugs_class_severity(b->cls), confidence(b));
	return strbuf_detach(&sb);
}

/* Whether f already has an edit that lines [first, first + nr) overlap or touch. */
static bool overlaps(const struct rewrite_file *f, unsigned first, unsigned nr)
{
	size_t i;

	for (i = 0; i < f->edits.nr; i++) {
		const struct line_edit *e = &f->edits.v[i];

		if (first <= e->first + e->nr_old && e->first <= first + nr)
			return true;
	}
	return false;
}

/*
 * The mechanical fixes of r as a rewrite: one patch per finding, in the
 * order of the findings; a fix whose lines touch an earlier fix's is left
 * out (*clash counts them). rw must be zeroed; it borrows from r.
 */
static void plan_fixes(const struct bugs_result *r, struct rewrite *rw, size_t *clash)
{
	size_t i, k;

	*clash = 0;
	for (i = 0; i < r->nr; i++) {
		const struct bug *b = &r->v[i];
		const struct bugs_file *bf;
		struct rewrite_file *f = NULL;
		struct rewrite_patch *rp;

		if (!b->fix_text || !(bf = bugs_file_of(r, b->file)))
			continue;
		for (k = 0; k < rw->nr && !f; k++)
			if (!strcmp(rw->v[k].rel, b->file))
				f = &rw->v[k];
		if (!f) {
			ALLOC_GROW(rw->v, rw->nr + 1, rw->alloc);
			f = &rw->v[rw->nr++];
			memset(f, 0, sizeof(*f));
			f->path = bf->path;
			f->rel = bf->rel;
			f->text = bf->text;
			f->len = bf->len;
		}
		if (overlaps(f, b->fix_first, b->fix_nr_old) ||
		    (b->fix_note && overlaps(f, b->fix_note_line, 0))) {
			(*clash)++;
			continue;
		}
		if (b->fix_note)
			line_edits_add(&f->edits, b->fix_note_line, 0, xstrdup(b->fix_note),
				       rw->nr_patches);
		line_edits_add(&f->edits, b->fix_first, b->fix_nr_old, xstrdup(b->fix_text),
			       rw->nr_patches);
		ALLOC_GROW(rw->patches, rw->nr_patches + 1, rw->alloc_patches);
		rp = &rw->patches[rw->nr_patches++];
		memset(rp, 0, sizeof(*rp));
		rp->subject = xstrdup(b->fix_subject);
		rp->body = fix_body(b);
		rp->file = b->file;
		rp->line = b->blame_line;
	}
}

/* By path, as git orders a diff. */
static int by_rel(const void *a, const void *b)
{
	return strcmp(((const struct rewrite_file *)a)->rel, ((const struct rewrite_file *)b)->rel);
}

static const char cover_text[] =
	"These patches fix ordering bugs that acqrel bugs found next to the barrier\n"
	"protocols of the tree. Each names the protocol it breaks (its writer and\n"
	"reader sites), the evidence, and the fix; each was written mechanically\n"
	"from the finding and wants a maintainer's reading.\n";

/*
 * --diff or -o: the mechanical fixes; each finding without one is a note on
 * stderr. Returns 1 when the series could not be written, else 0.
 */
static int write_fixes(const struct bugs_result *r, bool diff, const struct cmd_series *series,
		       const char *root, const char *date)
{
	struct rewrite rw;
	struct strbuf out = STRBUF_INIT;
	size_t i, clash, nr_none = 0;
	int failed = 0;

	memset(&rw, 0, sizeof(rw));
	plan_fixes(r, &rw, &clash);
	for (i = 0; i < r->nr; i++) {
		const struct bug *b = &r->v[i];
		char *name;

		if (b->fix_text)
			continue;
		nr_none++;
		name = quoted(b->path);
		fprintf(stderr, "%s:%u:%u: note: %s: no mechanical fix%s%s\n", name, b->line,
			b->column, bugs_class_name(b->cls), b->no_fix ? ": " : "",
			b->no_fix ? b->no_fix : "");
		free(name);
	}
	if (diff) {
		qsort(rw.v, rw.nr, sizeof(*rw.v), by_rel);
		for (i = 0; i < rw.nr; i++)
			diff_unified(&out, rw.v[i].rel, rw.v[i].text, rw.v[i].len, &rw.v[i].edits,
				     NULL);
		fwrite(out.buf, 1, out.len, stdout);
	} else if (rw.nr_patches) {
		failed = (int)cmd_write_series("bugs", series, &rw, root, date,
					       "Fix memory-ordering bugs found by acqrel", cover_text);
	}
	fprintf(stderr, "acqrel bugs: %zu finding%s, %zu fixed in %zu patch%s, %zu with no mechanical fix%s\n",
		r->nr, r->nr == 1 ? "" : "s", failed ? 0 : rw.nr_patches,
		failed ? 0 : rw.nr_patches, !failed && rw.nr_patches == 1 ? "" : "es", nr_none,
		clash ? ", some left out: their lines touch another fix's" : "");
	strbuf_release(&out);
	rewrite_release(&rw);
	return failed;
}

int cmd_bugs(int argc, const char **argv)
{
	struct cmd_options o;
	struct cmd_series series;
	int status = -1, a, taken;
	bool all = false, diff = false;
	struct sites_run run;
	struct pair_result pairs;
	struct bugs_result r;
	struct strbuf sb = STRBUF_INIT;
	size_t i, nr_skipped, count[BUG_NR_CLASSES];
	char *date = NULL;

	memset(&o, 0, sizeof(o));
	memset(&series, 0, sizeof(series));
	for (a = 1; a < argc && argv[a][0] == '-' && status < 0; a++) {
		if (!strcmp(argv[a], "--")) {
			a++;
			break;
		}
		if (!strcmp(argv[a], "--json")) {
			o.json = true;
		} else if (!strcmp(argv[a], "--summary")) {
			o.summary = true;
		} else if (!strcmp(argv[a], "--all")) {
			all = true;
		} else if (!strcmp(argv[a], "--diff")) {
			diff = true;
		} else if ((taken = cmd_series_option("bugs", argc, argv, &a, &series))) {
			if (taken == 2)
				status = 2;
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(bugs_usage, stdout);
			status = 0;
		} else {
			fprintf(stderr, "acqrel bugs: unknown option '%s'\n%s", argv[a], bugs_usage);
			status = 2;
		}
	}
	if (status < 0 && (a >= argc || o.json + o.summary + diff + !!series.outdir > 1)) {
		fputs(bugs_usage, stderr);
		status = 2;
	}
	if (status < 0 && (series.nr_to || series.nr_cc || series.signoff) && !series.outdir) {
		fprintf(stderr, "acqrel bugs: --signoff, --to and --cc go with -o DIR\n");
		status = 2;
	}
	if (status < 0 && series.outdir && !(date = cmd_series_date("bugs")))
		status = 2;
	if (status >= 0) {
		cmd_series_release(&series);
		return status;
	}
	/* a full disk or a file size limit must fail a write, not kill us */
	signal(SIGXFSZ, SIG_IGN);
	nr_skipped = cmd_run_pairs(argv + a, (size_t)(argc - a), 0, &run, &pairs, NULL);
	memset(&r, 0, sizeof(r));
	bugs_run(&run, &pairs, all, &r, cmd_jobs());
	cmd_phase("bugs");
	count_classes(&r, count);

	if (diff || series.outdir) {
		if (write_fixes(&r, diff, &series, run.walk.root, date))
			nr_skipped++;
	} else if (o.json) {		strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
		json_add_string(&sb, run.walk.root);
		strbuf_adds(&sb, ", \"bugs\": [");
		for (i = 0; i < r.nr; i++)
			json_bug(&sb, &r.v[i], i == 0);
		strbuf_adds(&sb, r.nr ? "\n ],\n \"classes\": [" : "],\n \"classes\": [");
		for (i = 0; i < BUG_NR_CLASSES; i++) {
			strbuf_adds(&sb, i ? ", {\"class\": " : "{\"class\": ");
			json_add_string(&sb, bugs_class_name((enum bug_class)i));
			strbuf_addf(&sb, ", \"reported\": %s, \"count\": %zu}",
				    all || bugs_class_by_default((enum bug_class)i) ? "true" : "false",
				    count[i]);
		}
		strbuf_adds(&sb, "]}\n");
	} else if (o.summary) {
		for (i = 0; i < BUG_NR_CLASSES; i++)
			strbuf_addf(&sb, "%-18s %6zu%s\n", bugs_class_name((enum bug_class)i), count[i],
				    all || bugs_class_by_default((enum bug_class)i) ? "" :
				    "  (not run: --all)");
		strbuf_addf(&sb, "%-18s %6zu\n", "total", r.nr);
	} else {
		for (i = 0; i < r.nr; i++)
			text_bug(&sb, &r.v[i]);
	}
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	fflush(stdout);
	status = r.nr || nr_skipped ? 1 : 0;
	cmd_series_release(&series);
	free(date);
	bugs_result_release(&r);
	pair_result_release(&pairs);
	sites_run_release(&run);
	return status;
}
