/*
 * cat-compile.c: a cat model made ready to evaluate: includes inlined,
 * every name resolved to a global slot or to a local of an enclosing
 * function or let, the flags numbered, the inputs each instruction reads.
 */
#include "cat-int.h"
#include "prelude.h"
#include "../lib/hash.h"
#include "../lib/util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_INCLUDE_DEPTH 16

/* herd's names for the inputs, in enum cat_input order (NULL: internal) */
static const char *const input_names[CIN_NR] = {
	[CIN_R] = "R", [CIN_W] = "W", [CIN_M] = "M", [CIN_F] = "F", [CIN_IW] = "IW",
	[CIN_FW] = "FW", [CIN_RMWSET] = "RMW", [CIN_LK] = "LK", [CIN_LKR] = "LKR",
	[CIN_LKW] = "LKW", [CIN_LS] = "LS", [CIN_LF] = "LF", [CIN_UL] = "UL", [CIN_RL] = "RL",
	[CIN_RU] = "RU", [CIN_SRCU_EV] = NULL, [CIN_A] = "A", [CIN_NA] = "NA",
	[CIN_ANNOT] = "annot", [CIN_EMPTYSET] = NULL,
	[CIN_ID] = "id", [CIN_LOC] = "loc", [CIN_INT] = "int", [CIN_EXT] = "ext",
	[CIN_PO] = "po", [CIN_ADDR] = "addr", [CIN_DATA] = "data", [CIN_CTRL] = "ctrl",
	[CIN_RMW] = "rmw", [CIN_AMO] = "amo", [CIN_RF] = "rf",
};

/* herd's C11 sets: always empty here */
static const char *const empty_sets[] = {
	"ACQ", "SC", "REL", "ACQ_REL", "RLX", "CON", "C", "AMO", "I",
};

struct scope {
	const struct scope *up;
	const char **names;
	int n;
};

struct compiler {
	struct cat_model *m;
	const struct cat_loader *loader;
	struct hashmap globals;		/* name -> latest slot */
	struct hashmap tags;		/* tag name -> index */
	int *refs;			/* refs of the instruction being compiled */
	int nrefs, arefs;
	int try_depth;
	char *err;
	int include_depth;
	const char *include_stack[MAX_INCLUDE_DEPTH];
};

int cat_model_add_source(struct cat_model *m, struct source *src)
{
	ALLOC_GROW(m->srcs, m->nsrcs + 1, m->asrcs);
	m->srcs[m->nsrcs] = *src;
	memset(src, 0, sizeof(*src));
	return m->nsrcs++;
}

static int add_slot(struct compiler *c, const char *name)
{
	struct cat_model *m = c->m;
	struct gslot *s;

	ALLOC_GROW(m->slots, m->nslots + 1, m->aslots);
	s = &m->slots[m->nslots];
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->input = s->annot = s->prim = s->ins = -1;
	s->with_level = -1;
	if (name)
		hashmap_put(&c->globals, name, (size_t)m->nslots);
	return m->nslots++;
}

static void note_ref(struct compiler *c, int slot)
{
	int i;

	for (i = 0; i < c->nrefs; i++)
		if (c->refs[i] == slot)
			return;
	ALLOC_GROW(c->refs, c->nrefs + 1, c->arefs);
	c->refs[c->nrefs++] = slot;
}

static char *error_at(struct compiler *c, int file, size_t off, const char *msg,
		      const char *name)
{
	return source_error(&c->m->srcs[file], off, msg, name);
}

static int compile_exp(struct compiler *c, struct cat_exp *e, const struct scope *sc);

static int compile_kids(struct compiler *c, struct cat_exp *e, const struct scope *sc)
{
	int i;

	for (i = 0; i < e->nkids; i++)
		if (compile_exp(c, e->kids[i], sc))
			return -1;
	return 0;
}

static int resolve(struct compiler *c, struct cat_exp *e, const struct scope *sc)
{
	const struct scope *s;
	int depth = 0, i;
	size_t slot;

	for (s = sc; s; s = s->up, depth++) {
		for (i = s->n - 1; i >= 0; i--) {
			if (s->names[i] && !strcmp(s->names[i], e->name)) {
				e->depth = depth;
				e->index = i;
				return 0;
			}
		}
	}
	slot = hashmap_get(&c->globals, e->name);
	if (slot != (size_t)-1) {
		e->slot = (int)slot;
		note_ref(c, (int)slot);
		return 0;
	}
	if (c->try_depth) {
		e->slot = -2;	/* unbound: an error when evaluated, which try catches */
		return 0;
	}
	c->err = error_at(c, e->file, e->off, "unbound name '%s'", e->name);
	return -1;
}

/* The names a list of bindings introduces, in order. */
static int bind_names(const struct cat_bind *b, int nb, const char ***out)
{
	int i, j, n = 0;
	const char **v;

	for (i = 0; i < nb; i++)
		n += b[i].name ? 1 : b[i].npat;
	v = xcalloc((size_t)(n ? n : 1), sizeof(*v));
	n = 0;
	for (i = 0; i < nb; i++) {
		if (b[i].name)
			v[n++] = b[i].name;
		else
			for (j = 0; j < b[i].npat; j++)
				v[n++] = b[i].pat[j];
	}
	*out = v;
	return n;
}

static int compile_exp(struct compiler *c, struct cat_exp *e, const struct scope *sc)
{
	switch (e->op) {
	case CAT_VAR:
		return resolve(c, e, sc);
	case CAT_TAG: {
		size_t t = hashmap_get(&c->tags, e->name);

		e->slot = t == (size_t)-1 ? -1 : (int)t;
		return 0;
	}
	case CAT_FUN: {
		struct scope inner = { sc, e->params, e->nparams };

		e->frame_size = e->nparams;
		return compile_exp(c, e->kids[0], &inner);
	}
	case CAT_LET:
	case CAT_LETREC: {
		struct scope inner;
		const char **names;
		int i, n, ret = 0;

		n = bind_names(e->binds, e->nbinds, &names);
		inner.up = sc;
		inner.names = names;
		inner.n = n;
		e->frame_size = n;
		for (i = 0; i < e->nbinds && !ret; i++)
			ret = compile_exp(c, e->binds[i].exp, e->op == CAT_LETREC ? &inner : sc);
		if (!ret)
			ret = compile_exp(c, e->kids[0], &inner);
		free(names);
		return ret;
	}
	case CAT_TRY: {
		int ret;

		c->try_depth++;
		ret = compile_exp(c, e->kids[0], sc);
		c->try_depth--;
		return ret ? ret : compile_exp(c, e->kids[1], sc);
	}
	case CAT_MATCHSET: {
		const char *names[2] = { e->name, e->name2 };
		struct scope inner = { sc, names, 2 };

		/* the names are in the arena; the scope only lives during compilation */
		if (compile_exp(c, e->kids[0], sc) || compile_exp(c, e->kids[1], sc))
			return -1;
		e->frame_size = 2;
		return compile_exp(c, e->kids[2], &inner);
	}
	default:
		return compile_kids(c, e, sc);
	}
}

static struct gins *new_gins(struct compiler *c, const struct cat_ins *ins)
{
	struct cat_model *m = c->m;
	struct gins *g;

	ALLOC_GROW(m->ins, m->nins + 1, m->ains);
	g = &m->ins[m->nins++];
	memset(g, 0, sizeof(*g));
	g->ins = ins;
	g->flag = -1;
	g->with_slot = g->set_slot = -1;
	return g;
}

static int ins_index(struct compiler *c, const struct cat_ins *ins)
{
	struct gins *g = new_gins(c, ins);

	return (int)(g - c->m->ins);
}

/* Moves the refs collected into the instruction (index gi: m->ins may move). */
static void take_refs(struct compiler *c, int gi)
{
	struct gins *g = &c->m->ins[gi];

	g->refs = c->refs;
	g->nrefs = c->nrefs;
	c->refs = NULL;
	c->nrefs = c->arefs = 0;
}

static int add_flag(struct compiler *c, const char *name)
{
	struct cat_model *m = c->m;
	int i;

	for (i = 0; i < m->nflags; i++)
		if (!strcmp(m->flags[i], name))
			return i;
	ALLOC_GROW(m->flags, m->nflags + 1, m->aflags);
	m->flags[m->nflags] = name;
	return m->nflags++;
}

static int compile_file(struct compiler *c, int file);

static int compile_include(struct compiler *c, const struct cat_ins *ins)
{
	struct source src;
	char *err = NULL;
	int i, r, file;

	if (c->include_depth >= MAX_INCLUDE_DEPTH) {
		c->err = error_at(c, ins->file, ins->off, "includes nested deeper than 16 (%s)",
				  ins->name);
		return -1;
	}
	for (i = 0; i < c->include_depth; i++) {
		if (!strcmp(c->include_stack[i], ins->name)) {
			c->err = error_at(c, ins->file, ins->off, "\"%s\" includes itself",
					  ins->name);
			return -1;
		}
	}
	memset(&src, 0, sizeof(src));
	r = c->loader->load(c->loader->ctx, ins->name, &src, &err);
	if (r < 0) {
		c->err = err;
		return -1;
	}
	if (r > 0) {
		c->err = error_at(c, ins->file, ins->off, "cannot find included file \"%s\"",
				  ins->name);
		return -1;
	}
	file = cat_model_add_source(c->m, &src);
	c->include_stack[c->include_depth++] = ins->name;
	r = compile_file(c, file);
	c->include_depth--;
	return r;
}

static int compile_ins(struct compiler *c, const struct cat_ins *ins)
{
	struct cat_model *m = c->m;
	int gi, i, j, k;

	switch (ins->op) {
	case CAT_INS_INCLUDE:
		return compile_include(c, ins);
	case CAT_INS_EVENTS:
	case CAT_INS_SHOW:
		return 0;
	case CAT_INS_UNSUPPORTED:
		c->err = error_at(c, ins->file, ins->off, "%s is not supported", ins->what);
		return -1;
	case CAT_INS_ENUM:
		for (i = 0; i < ins->ntags; i++) {
			if (hashmap_get(&c->tags, ins->tags[i]) == (size_t)-1) {
				ALLOC_GROW(m->tags, m->ntags + 1, m->atags);
				m->tags[m->ntags] = ins->tags[i];
				hashmap_put(&c->tags, ins->tags[i], (size_t)m->ntags);
				m->ntags++;
			}
		}
		gi = ins_index(c, ins);
		m->ins[gi].slots = xcalloc(1, sizeof(int));
		m->ins[gi].nslots = 1;
		m->ins[gi].slots[0] = add_slot(c, ins->name);
		m->slots[m->ins[gi].slots[0]].ins = gi;
		return 0;
	case CAT_INS_LET:
	case CAT_INS_LETREC: {
		const char **names;
		int n = bind_names(ins->binds, ins->nbinds, &names);
		int *slots = xcalloc((size_t)(n ? n : 1), sizeof(int));

		gi = ins_index(c, ins);
		if (ins->op == CAT_INS_LETREC)
			for (i = 0; i < n; i++)
				slots[i] = add_slot(c, names[i]);
		for (i = 0; i < ins->nbinds; i++) {
			if (compile_exp(c, ins->binds[i].exp, NULL)) {
				free(names);
				free(slots);
				return -1;
			}
		}
		if (ins->op == CAT_INS_LET)
			for (i = 0; i < n; i++)
				slots[i] = add_slot(c, names[i]);
		for (i = 0; i < n; i++)
			m->slots[slots[i]].ins = gi;
		m->ins[gi].slots = slots;
		m->ins[gi].nslots = n;
		take_refs(c, gi);
		free(names);
		return 0;
	}
	case CAT_INS_TEST:
		gi = ins_index(c, ins);
		if (compile_exp(c, ins->exp, NULL))
			return -1;
		take_refs(c, gi);
		if (ins->type != CAT_CHECK)
			m->ins[gi].flag = add_flag(c, ins->name ? ins->name :
						   (ins->type == CAT_REQUIRES ? "Undef" : "unnamed"));
		return 0;
	case CAT_INS_WITH:
		gi = ins_index(c, ins);
		if (compile_exp(c, ins->exp, NULL))
			return -1;
		take_refs(c, gi);
		k = add_slot(c, NULL);
		m->slots[k].ins = gi;
		m->ins[gi].set_slot = k;
		j = add_slot(c, ins->name);
		m->slots[j].ins = gi;
		m->slots[j].with_level = 3 + m->nwith++;
		m->ins[gi].with_slot = j;
		return 0;
	}
	return 0;
}

static int compile_file(struct compiler *c, int file)
{
	struct cat_file f;
	char *err = NULL;
	int i;

	if (cat_parse(&c->m->srcs[file], file, &c->m->ast, &f, &err)) {
		c->err = err;
		return -1;
	}
	for (i = 0; i < f.nins; i++)
		if (compile_ins(c, &f.ins[i]))
			return -1;
	return 0;
}

/* Annotations: every tag of every enum of the bell names a set of events. */
static int collect_annots(struct compiler *c, int bell_file)
{
	struct cat_model *m = c->m;
	struct cat_file f;
	struct arena tmp = ARENA_INIT;
	char *err = NULL;
	int i, j, k;

	if (cat_parse(&m->srcs[bell_file], bell_file, &tmp, &f, &err)) {
		arena_release(&tmp);
		c->err = err;
		return -1;
	}
	for (i = 0; i < f.nins; i++) {
		const struct cat_ins *ins = &f.ins[i];

		if (ins->op != CAT_INS_ENUM)
			continue;
		for (j = 0; j < ins->ntags; j++) {
			char *name = arena_strdup(&m->ast, ins->tags[j]);

			for (k = 0; k < m->nannots; k++)
				if (!strcmp(m->annots[k], name))
					break;
			if (k < m->nannots)
				continue;
			ALLOC_GROW(m->annots, m->nannots + 1, m->aannots);
			m->annots[m->nannots++] = name;
		}
	}
	arena_release(&tmp);
	return 0;
}

static void add_predefined(struct compiler *c)
{
	struct cat_model *m = c->m;
	size_t i;
	int k, s;

	for (i = 0; i < CIN_NR; i++) {
		if (!input_names[i])
			continue;
		s = add_slot(c, input_names[i]);
		m->slots[s].input = (int)i;
	}
	for (i = 0; i < ARRAY_SIZE(empty_sets); i++) {
		s = add_slot(c, empty_sets[i]);
		m->slots[s].input = CIN_EMPTYSET;
	}
	/* herd's fence sets of C, before the bell's own */
	for (i = 0; i < 3; i++) {
		static const char *const fences[] = { "sync-rcu", "rcu-lock", "rcu-unlock" };

		for (k = 0; k < m->nannots; k++)
			if (!strcmp(m->annots[k], fences[i]))
				break;
		if (k == m->nannots) {
			ALLOC_GROW(m->annots, m->nannots + 1, m->aannots);
			m->annots[m->nannots++] = fences[i];
		}
	}
	for (k = 0; k < m->nannots; k++) {
		char *name = arena_strdup(&m->ast, m->annots[k]);

		if (name[0] >= 'a' && name[0] <= 'z')
			name[0] = (char)(name[0] - 'a' + 'A');
		s = add_slot(c, name);
		m->slots[s].annot = k;
	}
	for (i = 0; i < PRIM_NR; i++) {
		if (!cat_prim_names[i])
			continue;
		s = add_slot(c, cat_prim_names[i]);
		m->slots[s].prim = (int)i;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int cat_compile_model(struct cat_model *m, int prelude_file, int bell_file, int cat_file,
		      const struct cat_loader *loader, char **err)
{
	struct compiler c;
	int ret = -1, i;

	memset(&c, 0, sizeof(c));
	c.m = m;
	c.loader = loader;
	if (bell_file >= 0 && collect_annots(&c, bell_file))
		goto out;
	add_predefined(&c);
	if (compile_file(&c, prelude_file))
		goto out;
	if (bell_file >= 0 && compile_file(&c, bell_file))
		goto out;
	if (compile_file(&c, cat_file))
		goto out;
	/* herd prints flags in name order: renumber them sorted */
	if (m->nflags > 1) {
		const char **sorted = xcalloc((size_t)m->nflags, sizeof(*sorted));
		int j;

		mem_copy(sorted, m->flags, sizeof(*sorted) * (size_t)m->nflags);
		qsort(sorted, (size_t)m->nflags, sizeof(*sorted), cmp_str);
		for (i = 0; i < m->nins; i++) {
			if (m->ins[i].flag < 0)
				continue;
			for (j = 0; j < m->nflags; j++)
				if (!strcmp(sorted[j], m->flags[m->ins[i].flag]))
					break;
			m->ins[i].flag = j;
		}
		mem_copy(m->flags, sorted, sizeof(*sorted) * (size_t)m->nflags);
		free(sorted);
	}
	ret = 0;
out:
	if (ret)
		*err = c.err;
	free(c.refs);
	hashmap_release(&c.globals);
	hashmap_release(&c.tags);
	return ret;
}

/* Files are looked for in the model's folder, then in acqrel's prelude. */
struct prelude_loader {
	const struct cat_loader *user;
};

static int load_with_prelude(void *ctx, const char *name, struct source *out, char **err)
{
	struct prelude_loader *pl = ctx;
	const char *text;
	char *path;
	int r = 1;

	if (pl->user)
		r = pl->user->load(pl->user->ctx, name, out, err);
	if (r != 1)
		return r;
	text = prelude_file(name);
	if (!text)
		return 1;
	path = xasprintf("acqrel:%s", name);
	source_from_string(out, path, text);
	free(path);
	return 0;
}

struct cat_model *cat_model_compile(struct source *bell, struct source *cat,
				    const struct cat_loader *loader, char **err)
{
	struct cat_model *m = xcalloc(1, sizeof(*m));
	struct prelude_loader pl = { loader };
	struct cat_loader wrapped = { load_with_prelude, &pl };
	struct source pre;
	int prelude_file_nr, bell_nr = -1, cat_nr, r;

	memset(&pre, 0, sizeof(pre));
	r = wrapped.load(wrapped.ctx, "stdlib.cat", &pre, err);
	if (r) {
		if (r > 0)
			*err = xstrdup("error: stdlib.cat not found");
		if (bell)
			source_release(bell);
		source_release(cat);
		free(m);
		return NULL;
	}
	prelude_file_nr = cat_model_add_source(m, &pre);
	if (bell)
		bell_nr = cat_model_add_source(m, bell);
	cat_nr = cat_model_add_source(m, cat);
	if (cat_compile_model(m, prelude_file_nr, bell_nr, cat_nr, &wrapped, err)) {
		cat_model_free(m);
		return NULL;
	}
	return m;
}

void cat_model_free(struct cat_model *m)
{
	int i;

	if (!m)
		return;
	for (i = 0; i < m->nsrcs; i++)
		source_release(&m->srcs[i]);
	for (i = 0; i < m->nins; i++) {
		free(m->ins[i].slots);
		free(m->ins[i].refs);
	}
	free(m->srcs);
	free(m->slots);
	free(m->ins);
	free(m->tags);
	free(m->annots);
	free(m->flags);
	arena_release(&m->ast);
	free(m);
}
