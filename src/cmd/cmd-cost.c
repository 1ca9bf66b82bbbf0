/* cmd-cost.c: acqrel cost [--json] [--barriers] PATH... */
#include "cmd.h"
#include "../lib/classify.h"
#include "../lib/cost.h"
#include "../lib/json.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/types.h"
#include "../lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char cost_usage[] =
	"usage: acqrel cost [--json] [--barriers] PATH...\n"
	"\n"
	"For each protocol that converts (verdict convert or review): what the\n"
	"writer's smp_wmb() and store and the reader's load and smp_rmb() compile\n"
	"to before, and the release and acquire after, on each architecture that\n"
	"can build the touched files (a file under arch/X is X's only; the file's\n"
	"Makefile line and the Kconfig of its CONFIG_ symbols may narrow it), read\n"
	"from the tree's own asm/barrier.h and asm-generic/barrier.h; and whether\n"
	"the architecture gains, is unchanged, gets different code or pays more.\n"
	"\n"
	"  --json       the same as JSON (see README)\n"
	"  --barriers   only the barriers of each architecture, no protocols\n"
	"\n"
	"exit status: 0 all input read, 1 some input skipped or no kernel tree\n"
	"around the PATHs, 2 usage or fatal error\n";

static const char *variant_label(const struct cost_variant *v, char *buf, size_t n)
{
	if (v->name)
		snprintf(buf, n, "%s (%s)", v->arch, v->name);
	else
		snprintf(buf, n, "%s", v->arch);
	return buf;
}

/* What converting each side does on v, as its name. */
static const char *effect(const struct cost_variant *v, bool release)
{
	char *before, *after;
	enum cost_effect e = cost_compare(v, release, 0, &before, &after);

	free(before);
	free(after);
	return cost_effect_name(e);
}

/* After a sequence that is no compiler barrier (struct cost_seq). */
#define NO_COMPILER_BARRIER " (no compiler barrier: its asm has no \"memory\" clobber)"

/* The sequence of s in a few words: its text, or why there is none. */
static const char *seq_brief(const struct cost_seq *s)
{
	return s->too_wide ? "does not build" : s->unresolved ? "unresolved" : s->text;
}

/* Where v's header switches on the access size: what p executes for each size. */
static void text_sizes(struct strbuf *sb, const struct cost_variant *v, enum cost_prim p)
{
	bool release = p == COST_RELEASE;
	size_t k;

	if ((!release && p != COST_ACQUIRE) || !v->sized[!release])
		return;
	strbuf_adds(sb, "    by size:");
	for (k = 0; k < COST_NR_SIZES; k++)
		strbuf_addf(sb, "%s %u %s: %s%s", k ? ";" : "", 1u << k, k ? "bytes" : "byte",
			    seq_brief(&v->by_size[!release][k]),
			    v->by_size[!release][k].no_compiler_barrier ? NO_COMPILER_BARRIER : "");
	strbuf_addch(sb, '\n');
}

static void text_barriers(struct strbuf *sb, const struct cost_model *m)
{
	size_t i, p;
	char label[128];

	for (i = 0; i < m->nr; i++) {
		const struct cost_variant *v = &m->v[i];

		strbuf_addf(sb, "%s: %s%s\n", variant_label(v, label, sizeof(label)), v->config,
			    v->own_header ? "" : " (no asm/barrier.h: asm-generic only)");
		for (p = 0; p < COST_NR_PRIMS; p++) {
			const struct cost_seq *s = &v->seq[p];

			if (s->unresolved)
				strbuf_addf(sb, "  %-18s unresolved: %s\n", cost_prim_name(p),
					    s->unresolved);
			else
				strbuf_addf(sb, "  %-18s %s%s  [%s]\n", cost_prim_name(p), s->text,
					    s->no_compiler_barrier ? NO_COMPILER_BARRIER : "",
					    s->defined_at ? s->defined_at : "?");
			text_sizes(sb, v, p);
		}
		strbuf_addf(sb, "  conversion: release %s, acquire %s\n", effect(v, true),
			    effect(v, false));
	}
}

/*
 * ", "items": [...]": what s executes, item by item, so that a reader of
 * the JSON (scripts/kernel-check.pl) counts the instructions of one access
 * size as it counts the word's.
 */
static void json_items(struct strbuf *sb, const struct cost_seq *s)
{
	size_t k;

	strbuf_adds(sb, ", \"items\": [");
	for (k = 0; k < s->nr_items; k++) {
		if (k)
			strbuf_adds(sb, ", ");
		json_add_string(sb, s->items[k]);
	}
	strbuf_addch(sb, ']');
}

static void json_barriers(struct strbuf *sb, const struct cost_model *m)
{
	size_t i, p, k;

	strbuf_adds(sb, "\"architectures\": [");
	for (i = 0; i < m->nr; i++) {
		const struct cost_variant *v = &m->v[i];

		strbuf_adds(sb, i ? ",\n  {\"arch\": " : "\n  {\"arch\": ");
		json_add_string(sb, v->arch);
		strbuf_adds(sb, ", \"variant\": ");
		json_add_string(sb, v->name);
		strbuf_adds(sb, ", \"config\": ");
		json_add_string(sb, v->config);
		strbuf_addf(sb, ", \"word\": %u, \"own_header\": %s, \"primitives\": {", v->word,
			    v->own_header ? "true" : "false");
		for (p = 0; p < COST_NR_PRIMS; p++) {
			const struct cost_seq *s = &v->seq[p];

			strbuf_addf(sb, "%s\"%s\": {\"sequence\": ", p ? ", " : "", cost_prim_name(p));
			json_add_string(sb, s->text);
			json_items(sb, s);
			strbuf_addf(sb, ", \"generic\": %s, \"defined_at\": ",
				    s->generic ? "true" : "false");
			json_add_string(sb, s->defined_at);
			strbuf_adds(sb, ", \"unresolved\": ");
			json_add_string(sb, s->unresolved);
			if (p == COST_RELEASE || p == COST_ACQUIRE) {
				bool side = p == COST_ACQUIRE;

				strbuf_adds(sb, ", \"by_size\": ");
				if (v->sized[side]) {
					for (k = 0; k < COST_NR_SIZES; k++) {
						const struct cost_seq *z = &v->by_size[side][k];

						strbuf_addf(sb, "%s{\"size\": %u, \"sequence\": ",
							    k ? ", " : "[", 1u << k);
						json_add_string(sb, z->text);
						json_items(sb, z);
						strbuf_addf(sb, ", \"builds\": %s, \"unresolved\": ",
							    z->too_wide ? "false" : "true");
						json_add_string(sb, z->unresolved);
						strbuf_addch(sb, '}');
					}
					strbuf_addch(sb, ']');
				} else {
					strbuf_adds(sb, "null");
				}
			}
			strbuf_addch(sb, '}');
		}
		strbuf_addf(sb, "}, \"release\": \"%s\", \"acquire\": \"%s\"}", effect(v, true),
			    effect(v, false));
	}
	strbuf_adds(sb, m->nr ? "\n ]" : "]");
}

/*
 * Where the files of p's ends are: whether v builds one is
 * cost_protocol_builds()'s question (kbuild.h).
 */
struct where {
	const char *walk_root;	/* what the pairs' files are relative to */
	const char *real_root;	/* the tree's real path */
};

/*
 * One side of p (the writers' release, or the readers' acquire) on each
 * variant that builds it, as text lines or as a JSON array.
 */
static void add_side(struct strbuf *sb, const struct cost_model *m, const struct protocol *p,
		     bool release, const struct where *where, bool json)
{
	size_t i;
	bool first = true;
	char label[128];

	if (json)
		strbuf_addch(sb, '[');
	else
		strbuf_addf(sb, "  %s:\n", release ? "writer, smp_wmb() to smp_store_release()"
						   : "reader, smp_rmb() to smp_load_acquire()");
	for (i = 0; i < m->nr; i++) {
		const struct cost_variant *v = &m->v[i];
		const struct cost_seq *b = &v->seq[release ? COST_WMB : COST_RMB];
		unsigned size = cost_size_on(v, p->size);
		const struct cost_seq *a = cost_seq_for(v, release, size);
		const char *why = a->too_wide || !b->unresolved ? a->unresolved : b->unresolved;
		/* the header switches on a size acqrel does not know: the word's case */
		bool assumed = !size && v->sized[!release];
		char *before, *after;
		enum cost_effect e;

		if (!cost_protocol_builds(m, p, v, where->real_root, where->walk_root))
			continue;
		e = cost_compare(v, release, size, &before, &after);
		if (json) {
			strbuf_adds(sb, first ? "{\"arch\": " : ", {\"arch\": ");
			json_add_string(sb, v->arch);
			strbuf_adds(sb, ", \"variant\": ");
			json_add_string(sb, v->name);
			strbuf_adds(sb, ", \"before\": ");
			json_add_string(sb, before);
			strbuf_adds(sb, ", \"after\": ");
			json_add_string(sb, after);
			strbuf_addf(sb, ", \"effect\": \"%s\", \"size\": %u, \"size_assumed\": %s, "
				    "\"compiler_barrier\": %s, \"unresolved\": ",
				    cost_effect_name(e), size ? size : v->word,
				    assumed ? "true" : "false",
				    a->unresolved || a->too_wide ? "null"
				    : a->no_compiler_barrier ? "false" : "true");
			json_add_string(sb, e == COST_UNKNOWN || e == COST_NO_BUILD ? why : NULL);
			strbuf_addch(sb, '}');
		} else if (e == COST_UNKNOWN || e == COST_NO_BUILD) {
			strbuf_addf(sb, "    %-20s %s: %s\n", variant_label(v, label, sizeof(label)),
				    cost_effect_name(e), why);
		} else {
			strbuf_addf(sb, "    %-20s %s: %s -> %s%s%s\n",
				    variant_label(v, label, sizeof(label)), cost_effect_name(e), before,
				    after, assumed ? " (for a word-sized variable)" : "",
				    a->no_compiler_barrier ? NO_COMPILER_BARRIER : "");
		}
		first = false;
		free(before);
		free(after);
	}
	if (json)
		strbuf_addch(sb, ']');
}

int cmd_cost(int argc, const char **argv)
{
	struct sites_run run;
	struct pair_result r;
	struct cost_model m;
	struct strbuf sb = STRBUF_INIT;
	bool json = false, barriers_only = false, first = true;
	char *root;
	struct where w;
	size_t i, nr_skipped;
	int a;

	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--")) {
			a++;
			break;
		}
		if (!strcmp(argv[a], "--json")) {
			json = true;
		} else if (!strcmp(argv[a], "--barriers")) {
			barriers_only = true;
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(cost_usage, stdout);
			return 0;
		} else {
			fprintf(stderr, "acqrel cost: unknown option '%s'\n%s", argv[a], cost_usage);
			return 2;
		}
	}
	if (a >= argc) {
		fputs(cost_usage, stderr);
		return 2;
	}
	root = cost_find_root(argv[a]);
	if (!root) {
		error("%s: not in a kernel tree (no arch/ and include/asm-generic/barrier.h above it)",
		      argv[a]);
		return 1;
	}
	if (cost_model_build(&m, root)) {
		free(root);
		return 1;
	}
	if (barriers_only) {
		if (json) {
			strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
			json_add_string(&sb, argv[a]);
			strbuf_adds(&sb, ", ");
			json_barriers(&sb, &m);
			strbuf_adds(&sb, "}\n");
		} else {
			text_barriers(&sb, &m);
		}
		fwrite(sb.buf, 1, sb.len, stdout);
		strbuf_release(&sb);
		cost_model_release(&m);
		free(root);
		return 0;
	}
	nr_skipped = cmd_run_pairs(argv + a, (size_t)(argc - a), SITES_ORDERING_ONLY, &run, &r, NULL);
	w.walk_root = run.walk.root;
	w.real_root = root;
	if (json) {
		strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
		json_add_string(&sb, run.walk.root);
		strbuf_adds(&sb, ", ");
		json_barriers(&sb, &m);
		strbuf_adds(&sb, ",\n \"protocols\": [");
	}
	for (i = 0; i < r.nr; i++) {
		const struct protocol *p = &r.v[i];
		const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];
		bool rel = classify_side_converts(p, true), acq = classify_side_converts(p, false);

		/* what acqrel patch would rewrite: convert, and review on request */
		if ((p->verdict != VERDICT_CONVERT && p->verdict != VERDICT_REVIEW) || (!rel && !acq))
			continue;
		if (json) {
			strbuf_adds(&sb, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
			json_add_string(&sb, p->key);
			strbuf_adds(&sb, ", \"variable\": ");
			json_add_string(&sb, p->variable);
			strbuf_adds(&sb, ", \"object\": ");
			json_add_string(&sb, p->object);
			strbuf_adds(&sb, ", \"size\": ");
			if (p->size == TYPES_SIZE_WORD)
				strbuf_adds(&sb, "\"word\"");
			else if (p->size)
				strbuf_addf(&sb, "%u", p->size);
			else
				strbuf_adds(&sb, "null");
			strbuf_addf(&sb, ", \"verdict\": \"%s\", \"file\": ", verdict_name(p->verdict));
			json_add_string(&sb, e->file);
			strbuf_addf(&sb, ", \"line\": %u, \"release\": ", e->site->line);
			if (rel)
				add_side(&sb, &m, p, true, &w, true);
			else
				strbuf_adds(&sb, "null");
			strbuf_adds(&sb, ", \"acquire\": ");
			if (acq)
				add_side(&sb, &m, p, false, &w, true);
			else
				strbuf_adds(&sb, "null");
			strbuf_addch(&sb, '}');
		} else {
			quote_path(&sb, e->path);
			strbuf_addf(&sb, ":%u: protocol %s", e->site->line, p->variable);
			if (p->size == TYPES_SIZE_WORD)
				strbuf_adds(&sb, ", word-sized");
			else if (p->size)
				strbuf_addf(&sb, ", %u %s", p->size, p->size == 1 ? "byte" : "bytes");
			else
				strbuf_adds(&sb, ", size unknown");
			strbuf_addf(&sb, ": %s\n", verdict_name(p->verdict));
			if (rel)
				add_side(&sb, &m, p, true, &w, false);
			if (acq)
				add_side(&sb, &m, p, false, &w, false);
			strbuf_addch(&sb, '\n');
		}
		first = false;
	}
	if (json)
		strbuf_adds(&sb, first ? "]}\n" : "\n ]}\n");
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	fflush(stdout);
	free(root);
	cost_model_release(&m);
	pair_result_release(&r);
	sites_run_release(&run);
	return nr_skipped ? 1 : 0;
}
