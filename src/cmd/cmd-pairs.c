/* cmd-pairs.c: acqrel pairs [--json] PATH... */
#include "cmd.h"
#include "../lib/cache.h"
#include "../lib/classify.h"
#include "../lib/json.h"
#include "../lib/pair.h"
#include "../lib/quote.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"
#include "../lib/visible.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char pairs_usage[] = "usage: acqrel pairs [--json] [--summary] [--no-cache] PATH...\n";

static const char *const evidence_names[] = {
	"object", "global", "field-name", "comment", "call", "data",
};

static void text_end(struct strbuf *sb, const char *role, const struct pair_end *e)
{
	const struct site *s = e->site;
	size_t i;

	strbuf_addf(sb, "  %s ", role);
	quote_path(sb, e->path);
	strbuf_addf(sb, ":%u: %s() in %s%s%s; %s", s->line,
		    s->primitive, s->function ? "" : "macro ",
		    s->function ? s->function : s->macro ? s->macro : "file scope",
		    s->function ? "()" : "",
		    !strcmp(role, "writer") ? "publish store" : "subscribe load");
	if (e->caller) {
		strbuf_addf(sb, " %s each call of %s():", !strcmp(role, "writer") ? "after" : "before",
			    s->function);
		for (i = 0; i < s->nr_callers; i++)
			strbuf_addf(sb, "%s %s() at %s%s%u%s%s", i ? "," : "", s->callers[i].function,
				    s->callers[i].file ? s->callers[i].file : "line ",
				    s->callers[i].file ? ":" : "", s->callers[i].line,
				    s->callers[i].via ? " through ->" : "",
				    s->callers[i].via ? s->callers[i].via : "");
		strbuf_addch(sb, '\n');
	}
	else if (e->helper)
		strbuf_addf(sb, " in %s() at line %u%s%s, called at line %u\n", e->helper->name,
			    e->access->line, strcmp(e->access_file, e->file) ? " of " : "",
			    strcmp(e->access_file, e->file) ? e->access_file : "", e->helper->line);
	else
		strbuf_addf(sb, " at line %u\n", e->access->line);
	/* an accessor: its callers read the data */
	for (i = 0; !e->caller && i < s->nr_callers; i++)
		strbuf_addf(sb, "    called from %s() at %s%s%u%s%s\n", s->callers[i].function,
			    s->callers[i].file ? s->callers[i].file : "line ",
			    s->callers[i].file ? ":" : "", s->callers[i].line,
			    s->callers[i].via ? " through ->" : "",
			    s->callers[i].via ? s->callers[i].via : "");
}

static void text_protocol(struct strbuf *sb, const struct protocol *p)
{
	const struct pair_end *first = p->nr_writers ? &p->writers[0] : &p->readers[0];
	size_t i, shared;
	bool any = false;

	quote_path(sb, first->path);
	strbuf_addf(sb, ":%u: protocol %s", first->site->line, p->variable);
	if (p->bit)
		strbuf_addf(sb, " bit %s", p->bit);
	if (p->object)
		strbuf_addf(sb, " (%s)", p->object);
	strbuf_addf(sb, ": %s\n", verdict_name(p->verdict));
	for (i = 0; i < p->nr_writers; i++)
		text_end(sb, "writer", &p->writers[i]);
	for (i = 0; i < p->nr_readers; i++)
		text_end(sb, "reader", &p->readers[i]);
	strbuf_adds(sb, "  evidence:");
	for (i = 0; i < ARRAY_SIZE(evidence_names); i++) {
		if (p->evidence & (1u << i)) {
			strbuf_addf(sb, "%s %s", any ? "," : "", evidence_names[i]);
			any = true;
		}
	}
	strbuf_addch(sb, '\n');
	for (i = 0; i < p->nr_reasons; i++)
		strbuf_addf(sb, "  %s: %s\n", p->reasons[i].code, p->reasons[i].text);
	strbuf_addf(sb, "  ordering: %u other access%s change%s ordering", p->changes,
		    p->changes == 1 ? "" : "es", p->changes == 1 ? "s" : "");
	for (i = 0, shared = 0; i < p->nr_changed; i++)
		shared += p->changed[i].cls == VIS_SHARED;
	if (p->nr_changed)
		strbuf_addf(sb, "; %zu can be seen by another thread", shared);
	strbuf_addch(sb, '\n');
	for (i = 0; i < p->nr_changed; i++) {
		const struct changed *c = &p->changed[i];

		strbuf_addf(sb, "    %s %s (line %u", c->access->is_write ? "store" : "load",
			    c->access->path, c->access->line);
		if (c->call && c->file && strcmp(c->file, c->end->file))
			strbuf_addf(sb, " of %s", c->file);
		if (c->call)
			strbuf_addf(sb, " in %s(), called at line %u", c->call->name, c->call->line);
		if (c->tail && c->tail->file)
			strbuf_addf(sb, " of %s", c->tail->file);
		if (c->tail)
			strbuf_addf(sb, " in %s(), after its call at line %u", c->tail->function,
				    c->tail->line);
		strbuf_addf(sb, ") %s %s() in %s(): %s%s%s\n",
			    c->access->is_write ? "after" : "before", c->end->site->primitive,
			    c->end->caller ? c->end->caller->function : site_where(c->end->site),
			    visibility_name(c->cls), c->evidence ? ": " : "",
			    c->evidence ? c->evidence : "");
	}
	strbuf_addch(sb, '\n');
}

static void json_ends(struct strbuf *sb, const struct protocol *p, const struct pair_end *v,
		      size_t n)
{
	size_t i;

	strbuf_addch(sb, '[');
	for (i = 0; i < n; i++) {
		const struct site *s = v[i].site;

		strbuf_adds(sb, i ? ", {\"file\": " : "{\"file\": ");
		json_add_string(sb, v[i].file);
		strbuf_addf(sb, ", \"line\": %u, \"function\": ", s->line);
		json_add_string(sb, s->function ? s->function : s->macro);
		strbuf_adds(sb, ", \"primitive\": ");
		json_add_string(sb, s->primitive);
		strbuf_addf(sb, ", \"access_line\": %u, \"access\": ", v[i].access->line);
		json_add_string(sb, v[i].access->path);
		strbuf_addf(sb, ", \"converts\": %s", classify_convertible(p, &v[i]) ? "true" : "false");
		if (v[i].helper) {
			strbuf_adds(sb, ", \"helper\": ");
			json_add_string(sb, v[i].helper->name);
			strbuf_adds(sb, ", \"access_file\": ");
			json_add_string(sb, v[i].access_file);
		}
		if (v[i].caller) {
			size_t k;
			bool first = true;

			strbuf_adds(sb, ", \"caller\": ");
			json_add_string(sb, v[i].caller->function);
			strbuf_addf(sb, ", \"call_line\": %u, \"caller_accesses\": [", v[i].caller->line);
			/* the access each caller makes, which a rewrite changes */
			for (k = 0; k < s->nr_callers; k++) {
				const struct access *a = pair_caller_access(&s->callers[k], v[i].file,
									    p->key, v == p->writers);

				if (!a)
					continue;
				strbuf_addf(sb, "%s{\"line\": %u, \"access\": ", first ? "" : ", ", a->line);
				json_add_string(sb, a->path);
				strbuf_addch(sb, '}');
				first = false;
			}
			strbuf_addch(sb, ']');
		} else if (s->nr_callers) {
			size_t k;

			strbuf_adds(sb, ", \"callers\": [");
			for (k = 0; k < s->nr_callers; k++) {
				strbuf_adds(sb, k ? ", {\"function\": " : "{\"function\": ");
				json_add_string(sb, s->callers[k].function);
				strbuf_addf(sb, ", \"line\": %u}", s->callers[k].line);
			}
			strbuf_addch(sb, ']');
		}
		strbuf_addch(sb, '}');
	}
	strbuf_addch(sb, ']');
}

static void json_protocol(struct strbuf *sb, const struct protocol *p, bool first)
{
	size_t i;
	bool any = false;

	strbuf_adds(sb, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
	json_add_string(sb, p->key);
	strbuf_adds(sb, ", \"variable\": ");
	json_add_string(sb, p->variable);
	strbuf_adds(sb, ", \"object\": ");
	json_add_string(sb, p->object);
	if (p->bit) {
		strbuf_adds(sb, ", \"bit\": ");
		json_add_string(sb, p->bit);
	}
	strbuf_adds(sb, ", \"writers\": ");
	json_ends(sb, p, p->writers, p->nr_writers);
	strbuf_adds(sb, ", \"readers\": ");
	json_ends(sb, p, p->readers, p->nr_readers);
	strbuf_adds(sb, ", \"evidence\": [");
	for (i = 0; i < ARRAY_SIZE(evidence_names); i++) {
		if (p->evidence & (1u << i)) {
			strbuf_addf(sb, "%s\"%s\"", any ? ", " : "", evidence_names[i]);
			any = true;
		}
	}
	strbuf_addf(sb, "], \"verdict\": \"%s\", \"reasons\": [", verdict_name(p->verdict));
	for (i = 0; i < p->nr_reasons; i++) {
		strbuf_addf(sb, "%s{\"code\": \"%s\", \"text\": ", i ? ", " : "", p->reasons[i].code);
		json_add_string(sb, p->reasons[i].text);
		strbuf_addch(sb, '}');
	}
	strbuf_addf(sb, "], \"changes\": %u, \"changed\": [", p->changes);
	for (i = 0; i < p->nr_changed; i++) {
		const struct changed *c = &p->changed[i];

		strbuf_adds(sb, i ? ", {\"access\": " : "{\"access\": ");
		json_add_string(sb, c->access->path);
		strbuf_addf(sb, ", \"kind\": \"%s\", \"line\": %u, \"file\": ",
			    c->access->is_write ? "write" : "read", c->access->line);
		json_add_string(sb, c->file);
		if (c->call) {
			strbuf_adds(sb, ", \"called\": ");
			json_add_string(sb, c->call->name);
			strbuf_addf(sb, ", \"call_line\": %u", c->call->line);
		}
		if (c->tail) {
			strbuf_adds(sb, ", \"caller\": ");
			json_add_string(sb, c->tail->function);
			strbuf_addf(sb, ", \"caller_line\": %u", c->tail->line);
		}
		strbuf_addf(sb, ", \"class\": \"%s\", \"evidence\": ", visibility_name(c->cls));
		json_add_string(sb, c->evidence);
		strbuf_addch(sb, '}');
	}
	strbuf_adds(sb, "]}");
}

static void json_unpaired(struct strbuf *sb, const struct unpaired *u, bool first)
{
	strbuf_adds(sb, first ? "\n  {\"file\": " : ",\n  {\"file\": ");
	json_add_string(sb, u->file);
	strbuf_addf(sb, ", \"line\": %u, \"function\": ", u->site->line);
	json_add_string(sb, u->site->function ? u->site->function : u->site->macro);
	strbuf_adds(sb, ", \"primitive\": ");
	json_add_string(sb, u->site->primitive);
	strbuf_addf(sb, ", \"code\": \"%s\", \"reason\": ", u->code);
	json_add_string(sb, u->text);
	strbuf_addch(sb, '}');
}

static void summary(struct strbuf *sb, const struct pair_result *r)
{
	static const char *const verdicts[] = {
		"convert", "review", "keep", "converted", "redundant",
	};
	size_t count[ARRAY_SIZE(verdicts)] = { 0 }, i, j, k;
	struct { const char *code; size_t n; } codes[64];
	size_t nr_codes = 0;

	for (i = 0; i < r->nr; i++) {
		count[r->v[i].verdict]++;
		for (j = 0; j < r->v[i].nr_reasons; j++) {
			const char *c = r->v[i].reasons[j].code;

			/* count each code once per protocol */
			for (k = 0; k < j && strcmp(r->v[i].reasons[k].code, c); k++)
				;
			if (k < j)
				continue;
			for (k = 0; k < nr_codes && strcmp(codes[k].code, c); k++)
				;
			if (k == nr_codes && nr_codes < ARRAY_SIZE(codes)) {
				codes[nr_codes].code = c;
				codes[nr_codes++].n = 0;
			}
			if (k < nr_codes)
				codes[k].n++;
		}
	}
	strbuf_addf(sb, "protocols: %zu\n", r->nr);
	for (i = 0; i < ARRAY_SIZE(verdicts); i++)
		strbuf_addf(sb, "  %-10s %6zu\n", verdicts[i], count[i]);
	/* most frequent first */
	for (k = 1; k < nr_codes; k++) {
		for (j = k; j > 0 && codes[j - 1].n < codes[j].n; j--) {
			const char *c = codes[j].code;
			size_t n = codes[j].n;

			codes[j] = codes[j - 1];
			codes[j - 1].code = c;
			codes[j - 1].n = n;
		}
	}
	strbuf_addf(sb, "reasons (protocols):\n");
	for (k = 0; k < nr_codes; k++)
		strbuf_addf(sb, "  %-18s %6zu\n", codes[k].code, codes[k].n);
	strbuf_addf(sb, "unpaired smp_wmb/smp_rmb sites: %zu\n", r->nr_u);
}

int cmd_pairs(int argc, const char **argv)
{
	struct cmd_options o;
	int status;
	struct sites_run run;
	struct pair_result r;
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct cache cache;
	size_t i, nr_skipped;
	int a;

	status = cmd_parse_options(argc, argv, "pairs", pairs_usage, &o);
	if (status >= 0)
		return status;
	a = o.first_path;
	cmd_phase(NULL);
	cache_init(&cache, "pairs", argc, argv, o.no_cache);
	if ((status = cmd_replay(&cache)) >= 0)
		return status;
	nr_skipped = cmd_run_pairs(argv + a, (size_t)(argc - a), SITES_ORDERING_ONLY, &run, &r, &err);

	if (o.json) {
		strbuf_adds(&sb, "{\"schema\": 1, \"root\": ");
		json_add_string(&sb, run.walk.root);
		strbuf_adds(&sb, ", \"protocols\": [");
		for (i = 0; i < r.nr; i++)
			json_protocol(&sb, &r.v[i], i == 0);
		strbuf_adds(&sb, r.nr ? "\n ],\n \"unpaired\": [" : "],\n \"unpaired\": [");
		for (i = 0; i < r.nr_u; i++)
			json_unpaired(&sb, &r.u[i], i == 0);
		strbuf_adds(&sb, r.nr_u ? "\n ]}\n" : "]}\n");
	} else if (!o.summary) {
		for (i = 0; i < r.nr; i++)
			text_protocol(&sb, &r.v[i]);
		for (i = 0; i < r.nr_u; i++) {
			quote_path(&sb, r.u[i].path);
			strbuf_addf(&sb, ":%u:%u: note: %s() unpaired (%s): %s\n",
				    r.u[i].site->line, r.u[i].site->column, r.u[i].site->primitive,
				    r.u[i].code, r.u[i].text);
		}
	} else {
		summary(&sb, &r);
	}
	fwrite(sb.buf, 1, sb.len, stdout);
	fflush(stdout);
	status = nr_skipped ? 1 : 0;
	pair_result_release(&r);
	sites_run_release(&run);
	/* after the run's memory is freed: the peak stays the run's */
	cache_store(&cache, &sb, &err, status);
	cache_release(&cache);
	strbuf_release(&sb);
	strbuf_release(&err);
	return status;
}
