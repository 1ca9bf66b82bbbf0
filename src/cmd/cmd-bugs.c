/* cmd-bugs.c: acqrel bugs [--json] [--summary] [--all] PATH... */
#include "cmd.h"
#include "../lib/bugs.h"
#include "../lib/json.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char bugs_usage[] =
	"usage: acqrel bugs [--json] [--summary] [--all] PATH...\n"
	"\n"
	"Reports ordering bugs next to the barrier protocols of the PATHs, one\n"
	"\"file:line:col: warning: CLASS: ...\" line each.\n"
	"  --json     the findings as JSON\n"
	"  --summary  the number of findings per class\n"
	"  --all      also the classes whose measured precision is under 50%\n"
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
	strbuf_addf(sb, "; evidence: %s; fix: %s%s (severity %s, confidence %s)\n", b->evidence,
		    b->fix, b->mechanical ? "" : "; no mechanical fix",
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
	strbuf_addf(sb, ", \"mechanical\": %s, \"weak\": %s}", b->mechanical ? "true" : "false",
		    b->weak ? "true" : "false");
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
 * Takes --all out of the options (before "--"), which cmd_parse_options()
 * does not know; returns whether it was there. argv keeps its NULL end.
 */
static bool take_all(int *argc, const char **argv)
{
	int a, n = 1;
	bool all = false, dashes = false;

	for (a = 1; a < *argc; a++) {
		if (!dashes && !strcmp(argv[a], "--all")) {
			all = true;
			continue;
		}
		dashes |= !strcmp(argv[a], "--");
		argv[n++] = argv[a];
	}
	argv[n] = NULL;
	*argc = n;
	return all;
}

int cmd_bugs(int argc, const char **argv)
{
	struct cmd_options o;
	int status, a;
	bool all;
	struct sites_run run;
	struct pair_result pairs;
	struct bugs_result r;
	struct strbuf sb = STRBUF_INIT;
	size_t i, nr_skipped, count[BUG_NR_CLASSES];

	all = take_all(&argc, argv);
	status = cmd_parse_options(argc, argv, "bugs", bugs_usage, &o);
	if (status >= 0)
		return status;
	a = o.first_path;
	nr_skipped = cmd_run_pairs(argv + a, (size_t)(argc - a), 0, &run, &pairs, NULL);
	memset(&r, 0, sizeof(r));
	bugs_run(&run, &pairs, all, &r);
	cmd_phase("bugs");
	count_classes(&r, count);

	if (o.json) {
		strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
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
	bugs_result_release(&r);
	pair_result_release(&pairs);
	sites_run_release(&run);
	return status;
}
