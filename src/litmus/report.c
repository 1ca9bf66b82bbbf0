/* report.c: herd7's output format */
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum pp_op { PP_TOP, PP_AND, PP_OR, PP_IMPLIES };

/* herd's rule: parentheses when a conjunction holds a disjunction, etc. */
static int needs_paren(enum pp_op above, enum pp_op here)
{
	switch (above) {
	case PP_TOP:
		return 0;
	case PP_IMPLIES:
		return here != PP_IMPLIES;
	case PP_AND:
		return here != PP_AND;
	case PP_OR:
		return here == PP_IMPLIES;
	}
	return 0;
}

static void pp_loc(struct strbuf *sb, const struct lit_loc *l)
{
	if (l->thread >= 0)
		strbuf_addf(sb, "%d:%s", l->thread, l->name);
	else
		strbuf_adds(sb, l->name);
}

static void pp_prop(struct strbuf *sb, const struct lit_cond *c, enum pp_op above);

static void pp_binary(struct strbuf *sb, const struct lit_cond *c, enum pp_op above,
		      enum pp_op here, const char *op)
{
	int paren = needs_paren(above, here);

	if (paren)
		strbuf_addch(sb, '(');
	pp_prop(sb, c->l, here);
	strbuf_adds(sb, op);
	pp_prop(sb, c->r, here);
	if (paren)
		strbuf_addch(sb, ')');
}

static void pp_prop(struct strbuf *sb, const struct lit_cond *c, enum pp_op above)
{
	switch (c->op) {
	case COND_TRUE:
		strbuf_adds(sb, "true");
		break;
	case COND_FALSE:
		strbuf_adds(sb, "false");
		break;
	case COND_EQ:
		pp_loc(sb, &c->loc);
		strbuf_addch(sb, '=');
		if (c->val.is_sym)
			strbuf_adds(sb, c->val.sym);
		else
			strbuf_addf(sb, "%" PRId64, c->val.num);
		break;
	case COND_EQ_LOC:
		pp_loc(sb, &c->loc);
		strbuf_addch(sb, '=');
		pp_loc(sb, &c->loc2);
		break;
	case COND_NOT:
		strbuf_adds(sb, "not (");
		pp_prop(sb, c->l, PP_TOP);
		strbuf_addch(sb, ')');
		break;
	case COND_AND:
		pp_binary(sb, c, above, PP_AND, " /\\ ");
		break;
	case COND_OR:
		pp_binary(sb, c, above, PP_OR, " \\/ ");
		break;
	case COND_IMPLIES:
		pp_binary(sb, c, above, PP_IMPLIES, " => ");
		break;
	}
}

const char *litmus_verdict(const struct lit_outcome *o)
{
	if (o->pos == 0)
		return "Never";
	if (o->neg == 0)
		return "Always";
	return "Sometimes";
}

/* Not herd's MD5 of its own printing of the test: a digest of the file. */
static void add_hash(struct strbuf *sb, const struct litmus *t)
{
	uint64_t h1 = 1469598103934665603ull, h2 = 0x9e3779b97f4a7c15ull;
	size_t i;

	for (i = 0; i < t->src.len; i++) {
		unsigned char c = (unsigned char)t->src.text[i];

		h1 = (h1 ^ c) * 1099511628211ull;
		h2 = (h2 ^ c) * 0x100000001b3ull + (h2 >> 29);
	}
	strbuf_addf(sb, "Hash=%016" PRIx64 "%016" PRIx64 "\n", h1, h2);
}

void litmus_report(struct strbuf *sb, const struct litmus *t, const struct litmus_model *m,
		   const struct lit_outcome *o)
{
	static const char *const kind[] = { "Allowed", "Forbidden", "Required" };
	static const char *const quant[] = { "exists", "~exists", "forall" };
	long wit_pos, wit_neg;
	int ok, i, k, nflags = cat_model_nflags(m->cat);

	strbuf_addf(sb, "Test %s %s\n", t->name, kind[t->quant]);
	strbuf_addf(sb, "States %d\n", o->nstates);
	for (i = 0; i < o->nstates; i++) {
		for (k = 0; k < o->nshown; k++) {
			const struct lit_gval *v = &o->states[(size_t)i * (size_t)o->nshown + (size_t)k];

			if (k)
				strbuf_addch(sb, ' ');
			pp_loc(sb, &o->shown[k]);
			if (v->is_sym)
				strbuf_addf(sb, "=%s;", o->names[v->num]);
			else if (v->is_free)
				strbuf_addf(sb, "=S%" PRId64 ";", v->num);
			else
				strbuf_addf(sb, "=%" PRId64 ";", v->num);
		}
		strbuf_addch(sb, '\n');
	}
	switch (t->quant) {
	case Q_EXISTS:
		ok = o->pos > 0;
		wit_pos = o->pos;
		wit_neg = o->neg;
		break;
	case Q_NOT_EXISTS:
		ok = o->pos == 0;
		wit_pos = o->neg;
		wit_neg = o->pos;
		break;
	default:
		ok = o->neg == 0;
		wit_pos = o->pos;
		wit_neg = o->neg;
		break;
	}
	strbuf_addf(sb, "%s\n", ok ? "Ok" : "No");
	strbuf_adds(sb, "Witnesses\n");
	strbuf_addf(sb, "Positive: %ld Negative: %ld\n", wit_pos, wit_neg);
	for (i = 0; i < nflags; i++)
		if (o->flags & ((uint64_t)1 << i))
			strbuf_addf(sb, "Flag %s\n", cat_model_flag(m->cat, i));
	strbuf_addf(sb, "Condition %s (", quant[t->quant]);
	pp_prop(sb, t->cond, PP_TOP);
	strbuf_adds(sb, ")\n");
	strbuf_addf(sb, "Observation %s %s %ld %ld\n", t->name, litmus_verdict(o), o->pos, o->neg);
	if (o->witness)
		strbuf_addf(sb, "Witness %s searched: verdict and flags exact, counts not exhaustive\n",
			    t->name);
	strbuf_addf(sb, "Time %s %.2f\n", t->name, o->seconds);
	add_hash(sb, t);
	strbuf_addch(sb, '\n');
}
