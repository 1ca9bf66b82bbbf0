/* pair.c: join writers and readers into protocols, and judge each */
#include "pair.h"
#include "classify.h"
#include "defs.h"
#include "key.h"
#include "prims.h"
#include "hash.h"
#include "strbuf.h"
#include "threads.h"
#include "types.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = {
		"convert", "review", "keep", "converted", "redundant",
	};

	return names[v];
}


/* A site's end: where a writer publishes or a reader subscribes. */
struct cand {
	char *key;			/* owned */
	unsigned ev;
	const struct site *site;
	const struct file_sites *fs;
	const char *file, *path;
	const struct access *access;
	const struct caller *caller;	/* the access is in this caller, or NULL */
	size_t next;			/* next candidate of the same key, or -1 */
	bool used;
	const struct call_ref *helper;	/* the access is in the function this calls, or NULL */
	const char *access_file;	/* the access's file, when not file */
};

struct builder {
	struct pair_result *out;
	struct defs *defs;		/* the bodies of called functions */
	struct hashmap keys;		/* key -> protocol index */
	struct hashmap wkeys;		/* key -> first writer candidate */
	struct hashmap writer_fns;	/* function name -> a writer candidate there */
	struct cand *w;
	size_t nr_w, alloc_w;
	struct types *types;
	struct hashmap key_names;	/* the variable names of keys (key_var_name()) */
};

static size_t distance(size_t a, size_t b)
{
	return a > b ? a - b : b - a;
}

static void add_end(struct pair_end **v, size_t *nr, size_t *alloc, const struct cand *c)
{
	size_t i;

	for (i = 0; i < *nr; i++) {
		if ((*v)[i].site != c->site)
			continue;
		/* one end per site: the access nearest the barrier */
		if (!c->caller && !(*v)[i].caller && !c->helper && !(*v)[i].helper) {
			const struct access *old = (*v)[i].access, *new = c->access;
			unsigned at = c->site->line;

			if (new->line >= at ? new->line < old->line || old->line < at
					    : old->line < at && new->line > old->line)
				(*v)[i].access = new;
		}
		/* in the helper called nearest the barrier */
		if (c->helper && (*v)[i].helper &&
		    distance(c->helper->off, c->site->off) <
		    distance((*v)[i].helper->off, c->site->off)) {
			(*v)[i].access = c->access;
			(*v)[i].helper = c->helper;
			(*v)[i].access_file = c->access_file ? c->access_file : c->file;
		}
		return;
	}
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr].site = c->site;
	(*v)[*nr].fs = c->fs;
	(*v)[*nr].file = c->file;
	(*v)[*nr].path = c->path;
	(*v)[*nr].access = c->access;
	(*v)[*nr].caller = c->caller;
	(*v)[*nr].helper = c->helper;
	(*v)[*nr].access_file = c->access_file ? c->access_file : c->file;
	(*v)[*nr].kept_back = false;
	(*nr)++;
}

/* The protocol of key, created with every writer candidate of that key. */
static struct protocol *protocol_for(struct builder *b, const char *key, const struct access *a)
{
	size_t i = hashmap_get(&b->keys, key), k;
	struct protocol *p;

	if (i != (size_t)-1)
		return &b->out->v[i];
	ALLOC_GROW(b->out->v, b->out->nr + 1, b->out->alloc);
	p = &b->out->v[b->out->nr];
	memset(p, 0, sizeof(*p));
	p->key = xstrdup(key);
	p->variable = xstrdup(a->path);
	p->object = a->object ? xstrdup(a->object) : NULL;
	p->bit = a->via && strstr(a->via, "_bit") && a->value ? xstrdup(a->value) : NULL;
	hashmap_put(&b->keys, key, b->out->nr);
	b->out->nr++;
	for (k = hashmap_get(&b->wkeys, key); k != (size_t)-1; k = b->w[k].next) {
		add_end(&p->writers, &p->nr_writers, &p->alloc_writers, &b->w[k]);
		p->evidence |= b->w[k].ev;
		b->w[k].used = true;
	}
	return p;
}

static void unpaired(struct builder *b, const struct site *s, const char *file, const char *path,
		     const char *code, char *text)
{
	struct unpaired *u;

	ALLOC_GROW(b->out->u, b->out->nr_u + 1, b->out->alloc_u);
	u = &b->out->u[b->out->nr_u++];
	u->site = s;
	u->file = file;
	u->path = path;
	u->code = code;
	u->text = text;
}



/* Most accesses a function may have to be taken for a helper that publishes or subscribes. */
#define HELPER_MAX_ACCESSES 16

static void list_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			    const char *file, const char *path, const struct access_list *l,
			    const struct caller *caller, const struct call_ref *helper,
			    const char *access_file);

/*
 * The stores of small functions called after smp_wmb(): a publish store
 * may sit in one (smp_wmb(); foo_publish(q);), and the release then goes
 * there.
 */
static void callee_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			      const char *file, const char *path)
{
	size_t i;

	for (i = 0; b->defs && i < s->calls_after.nr; i++) {
		const struct call_ref *call = &s->calls_after.v[i];
		const struct func_summary *f;

		if (prim_quiet_call(call->name) || !key_is_ident(call->name))
			continue;
		f = defs_function(b->defs, file, call->name);
		if (f && f->parsed && f->accesses.nr <= HELPER_MAX_ACCESSES)
			list_candidates(b, s, fs, file, path, &f->accesses, NULL, call, f->file);
	}
}

/*
 * Writers: every keyed store in the window after smp_wmb() (or after each
 * call of its function, when it has none), or the release's operand.
 */
static void writer_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			      const char *file, const char *path, enum prim_role role)
{
	size_t c;

	if (role == PRIM_ROLE_WMB && !access_list_count(&s->window_after, true) && s->nr_callers) {
		for (c = 0; c < s->nr_callers; c++)
			list_candidates(b, s, fs, file, path, &s->callers[c].after, &s->callers[c],
					NULL, s->callers[c].file);
		return;
	}
	list_candidates(b, s, fs, file, path, role == PRIM_ROLE_WMB ? &s->window_after : &s->operand,
			NULL, NULL, NULL);
	if (role == PRIM_ROLE_WMB)
		callee_candidates(b, s, fs, file, path);
}

static void list_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			    const char *file, const char *path, const struct access_list *l,
			    const struct caller *caller, const struct call_ref *helper,
			    const char *access_file)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		struct cand *c;
		unsigned ev;
		char *key;

		if (!l->v[i].is_write ||
		    !(key = key_of(&l->v[i], access_file ? access_file : file, &ev)))
			continue;
		ALLOC_GROW(b->w, b->nr_w + 1, b->alloc_w);
		c = &b->w[b->nr_w];
		c->key = key;
		c->ev = ev;
		c->site = s;
		c->fs = fs;
		c->file = file;
		c->path = path;
		c->access = &l->v[i];
		c->caller = caller;
		c->ev |= caller ? EV_CALL : 0;
		c->used = false;
		c->helper = helper;
		c->access_file = access_file;
		c->ev |= helper ? EV_CALL : 0;
		c->next = hashmap_get(&b->wkeys, key);
		hashmap_put(&b->wkeys, key, b->nr_w);
		if (s->function && hashmap_get(&b->writer_fns, s->function) == (size_t)-1)
			hashmap_put(&b->writer_fns, s->function, b->nr_w);
		b->nr_w++;
	}
}

/* User space under tools/: its comments may name kernel functions, but it never joins them. */
static bool in_tools(const char *file)
{
	return !strncmp(file, "tools/", 6);
}

/*
 * A struct.field key with no writer in its own folder: the same key from a
 * header (scope "*"), or, for a reader in a header, a writer in any folder.
 * Takes ownership of key; returns the key to use.
 */
static char *other_scope(struct builder *b, char *key)
{
	const char *bar = strchr(key, '|'), *bit;
	size_t i, found = (size_t)-1, n = 0;
	char *any;

	/* user space under tools/ joins nothing outside its folder, a C file's own struct nothing */
	if (!bar || key_in_tools(key) || key_file_scoped(key))
		return key;
	bit = strchr(bar, '#');
	if (strncmp(bar + 1, "*", 1) || (bar[2] && bar[2] != '#')) {
		any = xasprintf("%.*s|*%s", (int)(bar - key), key, bit ? bit : "");
		if (hashmap_get(&b->wkeys, any) != (size_t)-1) {
			free(key);
			return any;
		}
		free(any);
	}
	/* the variable published in exactly one folder: that folder's writers */
	for (i = 0; i < b->nr_w; i++) {
		if (!same_variable(b->w[i].key, key) || key_in_tools(b->w[i].key) ||
		    key_file_scoped(b->w[i].key))
			continue;
		if (found == (size_t)-1 || strcmp(b->w[i].key, b->w[found].key))
			n++;
		if (found == (size_t)-1)
			found = i;
	}
	if (n == 1) {
		free(key);
		return xstrdup(b->w[found].key);
	}
	return key;
}


/*
 * A predicate helper or accessor called before smp_rmb() (if
 * (!foo_ready(f)) return; smp_rmb();): its last load of a variable a
 * writer publishes is the subscribe load, and the acquire goes into the
 * helper. c is the reader's candidate, filled in when one is found.
 */
static bool subscribe_in_helper(struct builder *b, const struct site *s, struct cand *c)
{
	size_t i, k;

	for (i = 0; b->defs && i < s->calls_before.nr; i++) {
		const struct call_ref *call = &s->calls_before.v[i];
		const struct func_summary *f;

		if (prim_quiet_call(call->name) || !key_is_ident(call->name))
			continue;
		f = defs_function(b->defs, c->file, call->name);
		if (!f || !f->parsed || f->accesses.nr > HELPER_MAX_ACCESSES)
			continue;
		for (k = f->accesses.nr; k-- > 0;) {
			const struct access *a = &f->accesses.v[k];
			struct protocol *p;
			unsigned ev;
			char *key;

			if (a->is_write || !(key = key_of(a, f->file, &ev)))
				continue;
			if (hashmap_get(&b->wkeys, key) == (size_t)-1)
				key = other_scope(b, key);
			if (hashmap_get(&b->wkeys, key) == (size_t)-1) {
				free(key);
				continue;
			}
			c->access = a;
			c->helper = call;
			c->access_file = f->file;
			p = protocol_for(b, key, a);
			p->evidence |= ev | EV_CALL;
			add_end(&p->readers, &p->nr_readers, &p->alloc_readers, c);
			free(key);
			return true;
		}
	}
	return false;
}

/*
 * Readers: the nearest keyed load before smp_rmb() (or the acquire's
 * operand; or, for an smp_rmb() that starts its function, before a call of
 * that function) whose variable a writer publishes; else one that a comment
 * around the barrier points at; else the nearest keyed load, alone.
 */
static void add_reader(struct builder *b, const struct site *s, const struct file_sites *fs,
		       const char *file, const char *path, enum prim_role role)
{
	const struct access_list *own = role == PRIM_ROLE_RMB ? &s->window_before : &s->operand;
	struct cand c = { NULL, 0, s, fs, file, path, NULL, NULL, (size_t)-1, true, NULL, NULL };
	struct cand nearest = c;
	bool use_callers = role == PRIM_ROLE_RMB && !access_list_count(own, false) && s->nr_callers;
	size_t i, src, nr_src = use_callers ? s->nr_callers : 1;
	struct protocol *p;

	for (src = 0; src < nr_src; src++) {
		const struct caller *caller = use_callers ? &s->callers[src] : NULL;
		const struct access_list *l = caller ? &caller->before : own;

		for (i = 0; i < l->nr; i++) {
			unsigned ev;
			char *key;

			if (l->v[i].is_write ||
			    !(key = key_of(&l->v[i], caller ? caller_file(caller, file) : file, &ev)))
				continue;
			if (hashmap_get(&b->wkeys, key) == (size_t)-1)
				key = other_scope(b, key);
			if (hashmap_get(&b->wkeys, key) != (size_t)-1) {
				c.access = &l->v[i];
				c.caller = caller;
				c.access_file = caller ? caller->file : NULL;
				p = protocol_for(b, key, c.access);
				p->evidence |= ev | (caller ? EV_CALL : 0);
				add_end(&p->readers, &p->nr_readers, &p->alloc_readers, &c);
				free(key);
				free(nearest.key);
				return;
			}
			if (!nearest.key) {
				nearest.key = key;
				nearest.ev = ev;
				nearest.access = &l->v[i];
				nearest.caller = caller;
				nearest.access_file = caller ? caller->file : NULL;
			} else {
				free(key);
			}
		}
	}
	if (role == PRIM_ROLE_RMB && subscribe_in_helper(b, s, &c)) {
		free(nearest.key);
		return;
	}
	for (i = 0; nearest.key && i < s->nr_refs; i++) {
		size_t k = hashmap_get(&b->writer_fns, s->refs[i]);

		if (k == (size_t)-1 || in_tools(file) != in_tools(b->w[k].file))
			continue;
		p = protocol_for(b, b->w[k].key, b->w[k].access);
		p->evidence |= EV_COMMENT;
		add_end(&p->readers, &p->nr_readers, &p->alloc_readers, &nearest);
		free(nearest.key);
		return;
	}
	if (nearest.key) {
		p = protocol_for(b, nearest.key, nearest.access);
		p->evidence |= nearest.ev | (nearest.caller ? EV_CALL : 0);
		add_end(&p->readers, &p->nr_readers, &p->alloc_readers, &nearest);
		free(nearest.key);
		return;
	}
	if (role != PRIM_ROLE_RMB)
		return;
	if (!s->window_before.nr)
		unpaired(b, s, file, path, "no-access-before",
			 xasprintf("no shared access precedes smp_rmb() in %s() up to the previous barrier%s",
				   site_where(s), s->nr_callers ? ", nor its calls" : ""));
	else if (!access_list_count(&s->window_before, false))
		unpaired(b, s, file, path, "no-load-before",
			 xasprintf("the accesses before smp_rmb() in %s() are stores (%s), not a subscribe load",
				   site_where(s), s->window_before.v[0].path));
	else
		unpaired(b, s, file, path, "no-key",
			 xasprintf("the loads before smp_rmb() in %s() (%s) are no field or global acqrel can follow",
				   site_where(s), s->window_before.v[0].path));
}

static void resolve_list(struct types *t, const char *file, struct access_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		types_resolve_access(t, file, &l->v[i]);
}

/* The objects of every access of site s of file rel (and of its callers'). */
static void resolve_site(struct types *t, const char *rel, struct site *s)
{
	size_t k, c;

	resolve_list(t, rel, &s->before);
	resolve_list(t, rel, &s->after);
	resolve_list(t, rel, &s->window_before);
	resolve_list(t, rel, &s->window_after);
	resolve_list(t, rel, &s->operand);
	for (k = 0; k < s->locks.nr; k++)
		types_resolve_access(t, rel, &s->locks.v[k].lock);
	for (c = 0; c < s->nr_callers; c++) {
		resolve_list(t, rel, &s->callers[c].before);
		resolve_list(t, rel, &s->callers[c].after);
		for (k = 0; k < s->callers[c].locks.nr; k++)
			types_resolve_access(t, rel, &s->callers[c].locks.v[k].lock);
	}
	s->deferred = false;
}

/* Whether l has an access (a store, or a load) whose variable a key of b names. */
static bool names_a_key(const struct builder *b, const struct access_list *l, bool stores)
{
	char buf[128];
	size_t i;

	for (i = 0; i < l->nr; i++) {
		const char *name;
		size_t n;

		if (l->v[i].is_write != stores)
			continue;
		if (!key_path_name(l->v[i].path, strlen(l->v[i].path), &name, &n) ||
		    n >= sizeof(buf))
			return true;	/* no name to tell by */
		memcpy(buf, name, n);
		buf[n] = '\0';
		if (hashmap_get(&b->key_names, buf) != (size_t)-1)
			return true;
	}
	return false;
}

/*
 * Other fences join the protocols already found when they order the same
 * variable: a store to it after them, or a load of it before them.
 */
static void add_fence(struct builder *b, struct site *s, const struct file_sites *fs,
		      const char *file, const char *path)
{
	struct cand c = { NULL, 0, s, fs, file, path, NULL, NULL, (size_t)-1, true, NULL, NULL };
	bool stores, loads;
	int side;

	prim_fence_orders(s->primitive, &stores, &loads);
	/* rule FENCE-LAZY: resolved only when it may order a key's variable */
	if (s->deferred) {
		if (!(stores && names_a_key(b, &s->window_after, true)) &&
		    !(loads && names_a_key(b, &s->window_before, false)))
			return;
		resolve_site(b->types, file, s);
	}
	for (side = 0; side < 2; side++) {
		const struct access_list *l = side ? &s->window_before : &s->window_after;
		size_t i;

		/* a writer end orders stores before its publish store; a reader end loads */
		if (side ? !loads : !stores)
			continue;
		for (i = 0; i < l->nr; i++) {
			unsigned ev;
			char *key;
			size_t k;

			if (l->v[i].is_write != !side || !(key = key_of(&l->v[i], file, &ev)))
				continue;
			k = hashmap_get(&b->keys, key);
			free(key);
			if (k == (size_t)-1)
				continue;
			c.access = &l->v[i];
			if (side)
				add_end(&b->out->v[k].readers, &b->out->v[k].nr_readers,
					&b->out->v[k].alloc_readers, &c);
			else
				add_end(&b->out->v[k].writers, &b->out->v[k].nr_writers,
					&b->out->v[k].alloc_writers, &c);
			break;
		}
	}
}

/*
 * Whether a writer site offered any candidate. Candidates were added file
 * by file (run->files) and site by site (fs->v), so they are sorted by
 * (fs, site) pointers, which point into those two arrays.
 */
static bool has_candidates(const struct builder *b, const struct file_sites *fs,
			   const struct site *s)
{
	size_t lo = 0, hi = b->nr_w;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct cand *c = &b->w[mid];

		if (c->site == s)
			return true;
		if (c->fs < fs || (c->fs == fs && c->site < s))
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* A writer no reader subscribed to: a protocol of its own for its first store. */
static void lone_writer(struct builder *b, const struct cand *c)
{
	struct protocol *p = protocol_for(b, c->key, c->access);

	p->evidence |= c->ev;
	add_end(&p->writers, &p->nr_writers, &p->alloc_writers, c);
}

static void unpaired_writer(struct builder *b, const struct site *s, const char *file,
			    const char *path)
{
	if (!s->window_after.nr)
		unpaired(b, s, file, path, "no-access-after",
			 xasprintf("no shared access follows smp_wmb() in %s(); the publish store may be in its callers",
				   site_where(s)));
	else if (!access_list_count(&s->window_after, true))
		unpaired(b, s, file, path, "no-store-after",
			 xasprintf("the accesses after smp_wmb() in %s() are loads (%s), not a publish store",
				   site_where(s), s->window_after.v[0].path));
	else
		unpaired(b, s, file, path, "no-key",
			 xasprintf("the stores after smp_wmb() in %s() (%s) are no field or global acqrel can follow",
				   site_where(s), s->window_after.v[0].path));
}

static int cmp_end(const struct pair_end *a, const struct pair_end *b)
{
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	return (a->site->line > b->site->line) - (a->site->line < b->site->line);
}

static const struct pair_end *first_end(const struct protocol *p)
{
	const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];
	size_t i;

	for (i = 0; i < p->nr_writers; i++)
		if (cmp_end(&p->writers[i], e) < 0)
			e = &p->writers[i];
	for (i = 0; i < p->nr_readers; i++)
		if (cmp_end(&p->readers[i], e) < 0)
			e = &p->readers[i];
	return e;
}

static int cmp_protocol(const void *a, const void *b)
{
	const struct protocol *x = a, *y = b;
	int c = cmp_end(first_end(x), first_end(y));

	return c ? c : strcmp(x->key, y->key);
}

static int cmp_unpaired(const void *a, const void *b)
{
	const struct unpaired *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->site->line != y->site->line)
		return x->site->line < y->site->line ? -1 : 1;
	return (x->site->column > y->site->column) - (x->site->column < y->site->column);
}

/*
 * The parallel part of pair_run(), per file of the run, on every thread:
 * the objects of its accesses, and the called functions the pairing and
 * the judgements look up first (the calls in the windows of its smp_wmb()
 * and smp_rmb() sites). Each thread fills its own caches but for the
 * lexed files, which they share; the caches are merged after. What a
 * lookup finds does not depend on which thread did it.
 */
struct pair_worker {
	struct sites_run *run;
	const size_t *files;	/* the files with sites */
	size_t nr_files;
	const size_t *groups;	/* where each group of files starts in files */
	size_t nr_groups;
	size_t *next;		/* shared: the next of groups to take */
	struct types *types;
	struct defs *defs;
};

/*
 * Files taken at once: those of one folder, at most this many. They share
 * headers, so one thread's cache serves them all: chunks of 8 neighbours
 * split folders between the threads, which then read and indexed the same
 * headers twice (pairs phase 2.97 -> 2.49 s wall on 6.12).
 */
#define PREPARE_CHUNK 64

static void look_up_calls(struct defs *d, const char *file, const struct call_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!prim_quiet_call(l->v[i].name) && key_is_ident(l->v[i].name))
			defs_function(d, file, l->v[i].name);
}

/*
 * Rule FENCE-LAZY: the other fences
 * (smp_mb(), wmb(), ...) join a protocol only through the variable of a
 * key that the smp_wmb(), smp_rmb(), release and acquire sites made, and
 * otherwise count only for the sets classify_ordered() fills. So their
 * accesses are resolved (types looked up) only when add_fence() asks for
 * a variable name they touch (an access and its key name the same
 * variable: key_path_name(), key_var_name()), and when the ordered sets
 * are settled before the protocols are judged on several threads
 * (ordered_set_settle(): every waiting access then, once, 0.13 s on
 * 6.12). When it was lazy on both counts the pairs phase took 4.37 ->
 * 3.37 s of CPU on 6.12 (2.72 -> 2.27 s wall, medians of 5).
 */
static bool resolve_later(enum prim_role r)
{
	return r == PRIM_ROLE_FENCE;
}

static void prepare_file(struct pair_worker *w, size_t fi)
{
	struct file_sites *fs = &w->run->files[fi];
	const char *rel = w->run->walk.files[fi].rel;
	size_t j;

	for (j = 0; j < fs->nr; j++) {
		struct site *s = &fs->v[j];
		enum prim_role r = prim_role(s->primitive);

		if (r == PRIM_ROLE_NONE)
			continue;
		if (resolve_later(r)) {
			s->deferred = true;
			continue;
		}
		resolve_site(w->types, rel, s);
		if (r == PRIM_ROLE_WMB)
			look_up_calls(w->defs, rel, &s->calls_after);
		else if (r == PRIM_ROLE_RMB)
			look_up_calls(w->defs, rel, &s->calls_before);
	}
}

static bool same_folder(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');

	return sa && sb && sa - a == sb - b && !memcmp(a, b, (size_t)(sa - a));
}

static void *prepare_main(void *arg)
{
	struct pair_worker *w = arg;

	for (;;) {
		size_t g = __atomic_fetch_add(w->next, 1, __ATOMIC_RELAXED), i, end;

		if (g >= w->nr_groups)
			break;
		end = g + 1 < w->nr_groups ? w->groups[g + 1] : w->nr_files;
		for (i = w->groups[g]; i < end; i++)
			prepare_file(w, w->files[i]);
	}
	return NULL;
}

/*
 * Runs the parallel part on nr_threads threads; returns their workers, whose
 * caches are merged into the first's. Caller owns the first's types (on
 * the heap: its defs point to it), then frees the array.
 */
static struct pair_worker *prepare(struct sites_run *run, int nr_threads,
				   const struct hashmap *no_c_include)
{
	struct pair_worker *w;
	size_t *files = NULL, nr = 0, alloc = 0, next = 0, i;
	size_t *groups = NULL, nr_groups = 0, alloc_groups = 0;
	int t;

	for (i = 0; i < run->walk.nr; i++) {
		if (!run->files[i].nr)
			continue;
		ALLOC_GROW(files, nr + 1, alloc);
		files[nr++] = i;
	}
	/* a group: the files of one folder, which share headers, at most PREPARE_CHUNK */
	for (i = 0; i < nr; i++) {
		if (i && nr_groups && i - groups[nr_groups - 1] < PREPARE_CHUNK &&
		    same_folder(run->walk.files[files[i - 1]].rel, run->walk.files[files[i]].rel))
			continue;
		ALLOC_GROW(groups, nr_groups + 1, alloc_groups);
		groups[nr_groups++] = i;
	}
	if (nr_threads < 1)
		nr_threads = 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		w[t].run = run;
		w[t].files = files;
		w[t].nr_files = nr;
		w[t].groups = groups;
		w[t].nr_groups = nr_groups;
		w[t].next = &next;
		w[t].types = xcalloc(1, sizeof(*w[t].types));
		types_init(w[t].types, run->walk.root);
		types_skip_unity_scan(w[t].types, no_c_include);
		w[t].defs = t ? defs_new_sharing(w[t].types, w[0].defs) : defs_new(w[t].types);
		defs_set_run(w[t].defs, run);
	}
	threads_run(nr_threads, prepare_main, w, sizeof(*w));
	for (t = 1; t < nr_threads; t++) {
		defs_merge(w[0].defs, w[t].defs);
		w[t].defs = NULL;
		types_merge(w[0].types, w[t].types);
		free(w[t].types);
	}
	free(files);
	free(groups);
	return w;
}


/* A header that any folder may include: under include/ or an arch's include/. */
static bool public_header(const char *file)
{
	size_t n = strlen(file);

	if (n < 3 || strcmp(file + n - 2, ".h"))
		return false;
	return !strncmp(file, "include/", 8) || (!strncmp(file, "arch/", 5) && strstr(file, "/include/"));
}

/* Whether p has ends on both sides in file (a header that pairs with itself). */
static bool file_has_both_sides(const struct protocol *p, const char *file)
{
	bool w = false, r = false;
	size_t i;

	for (i = 0; i < p->nr_writers && !w; i++)
		w = !strcmp(p->writers[i].file, file);
	for (i = 0; i < p->nr_readers && w && !r; i++)
		r = !strcmp(p->readers[i].file, file);
	return w && r;
}

/*
 * Whether a header end belongs to whoever includes its header: a public
 * header's accessor (inet_sk_state_load()) serves the subsystems that call
 * it. A header whose own functions hold both sides (list_del_init_careful()
 * and list_empty_careful()) is a protocol of its own, and a header of a
 * subsystem's folder (net/bridge/br_private.h) belongs to that subsystem.
 */
static bool header_serves_all(const struct protocol *p, const char *file)
{
	return public_header(file) && !file_has_both_sides(p, file);
}

/* Whether file lies in a folder called name below its top folder (sound/NAME/...). */
static bool in_folder_named(const char *file, const char *name, size_t n)
{
	const char *p = strchr(file, '/');

	for (; p; p = strchr(p + 1, '/'))
		if (!strncmp(p + 1, name, n) && p[1 + n] == '/')
			return true;
	return false;
}

/*
 * Rule SUB: a struct that a subsystem declares in its own public header,
 * include/linux/NAME.h or include/linux/NAME/..., is that subsystem's, not
 * a generic one: its ends under drivers/NAME/ (the subsystem's core) join
 * those of its clients, files in a folder called NAME below their top
 * folder (sound/NAME/, drivers/media/NAME/). struct fw_device of
 * include/linux/firewire.h joins drivers/firewire and sound/firewire;
 * struct inode of include/linux/fs.h joins nothing, as no drivers/fs/ holds
 * an end.
 */
static bool core_and_client(const char *header, const char *a, const char *b)
{
	const char *name, *end;
	size_t n;
	char *core;
	bool ok;

	if (!header || strncmp(header, "include/linux/", 14))
		return false;
	name = header + 14;
	end = strchr(name, '/');
	n = end ? (size_t)(end - name) : strlen(name);
	if (!end && (n < 3 || strcmp(name + n - 2, ".h")))
		return false;
	if (!end)
		n -= 2;
	if (!n)
		return false;
	core = xasprintf("drivers/%.*s/", (int)n, name);
	ok = (!strncmp(a, core, strlen(core)) && in_folder_named(b, name, n)) ||
	     (!strncmp(b, core, strlen(core)) && in_folder_named(a, name, n));
	free(core);
	return ok;
}

/*
 * Whether end e (a writer when writer) of p shares a subsystem with one of
 * the other side's ends v[0..n), or is joined to one by a comment, by data
 * both touch, or as the core and a client of the subsystem whose header
 * declares the struct.
 */
static bool end_belongs(const struct protocol *p, const char *header, const struct pair_end *e,
			bool writer, const struct pair_end *v, size_t n)
{
	char *mine = path_subsystem(e->file);
	size_t i;
	bool ok = header_serves_all(p, e->file);

	for (i = 0; i < n && !ok; i++) {
		char *theirs = path_subsystem(v[i].file);

		ok = !strcmp(mine, theirs) || header_serves_all(p, v[i].file) ||
		     core_and_client(header, e->file, v[i].file) ||
		     (writer ? pair_comment_joins(e, &v[i]) || pair_data_overlaps(e, &v[i])
			     : pair_comment_joins(&v[i], e) || pair_data_overlaps(&v[i], e));
		free(theirs);
	}
	free(mine);
	return ok;
}

/* Moves the ends of v[0..*nr) marked in leave to *to. */
static void move_ends(struct pair_end *v, size_t *nr, const bool *leave, struct pair_end **to,
		      size_t *to_nr, size_t *to_alloc)
{
	size_t i, kept = 0;

	for (i = 0; i < *nr; i++) {
		if (leave[i]) {
			ALLOC_GROW(*to, *to_nr + 1, *to_alloc);
			(*to)[(*to_nr)++] = v[i];
		} else {
			v[kept++] = v[i];
		}
	}
	*nr = kept;
}

/*
 * The subsystem of p's first end that does not belong with the other side,
 * readers first; NULL when every end belongs. Marks in leave_w and leave_r
 * the ends that go with it: its ends that do not belong, and when a reader
 * was found, every writer of its subsystem.
 */
static char *lone_subsystem(const struct protocol *p, const char *header, bool *leave_w,
			    bool *leave_r)
{
	char *subsys = NULL;
	bool from_reader = false;
	size_t k;

	for (k = 0; k < p->nr_readers; k++) {
		char *s;

		if (end_belongs(p, header, &p->readers[k], false, p->writers, p->nr_writers))
			continue;
		s = path_subsystem(p->readers[k].file);
		if (!subsys) {
			subsys = xstrdup(s);
			from_reader = true;
		}
		leave_r[k] = !strcmp(s, subsys);
		free(s);
	}
	for (k = 0; k < p->nr_writers; k++) {
		char *s = path_subsystem(p->writers[k].file);

		if (subsys && from_reader) {
			leave_w[k] = !strcmp(s, subsys);
		} else if (!end_belongs(p, header, &p->writers[k], true, p->readers, p->nr_readers)) {
			if (!subsys)
				subsys = xstrdup(s);
			leave_w[k] = !strcmp(s, subsys);
		}
		free(s);
	}
	return subsys;
}

static size_t count_marked(const bool *v, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += v[i];
	return c;
}

/*
 * Members of structs declared under include/ (sk_buff, file, bio, inode,
 * list_head, ...) are used by unrelated subsystems: an end in a subsystem
 * where the other side has no end stays in the protocol only when a comment
 * names the other side or the two share data. Each such subsystem's ends,
 * in turn, become a protocol of their own (its readers, with its writers;
 * or its writers alone), named key@subsystem, as long as some end stays.
 */
static void split_generic(struct types *t, struct pair_result *out)
{
	size_t i, nr = out->nr;

	for (i = 0; i < nr; i++) {
		const char *where;
		char *sname;

		if (!out->v[i].object || !out->v[i].nr_writers || !out->v[i].nr_readers)
			continue;
		sname = xstrndup(out->v[i].object, strcspn(out->v[i].object, "."));
		where = types_struct_file(t, out->v[i].writers[0].file, sname);
		free(sname);
		if (!where || strncmp(where, "include/", 8))
			continue;
		for (;;) {
			struct protocol *p = &out->v[i], fresh;
			bool *leave_w = xcalloc(p->nr_writers + 1, sizeof(*leave_w));
			bool *leave_r = xcalloc(p->nr_readers + 1, sizeof(*leave_r));
			char *subsys = lone_subsystem(p, where, leave_w, leave_r);
			size_t going = count_marked(leave_w, p->nr_writers) +
				       count_marked(leave_r, p->nr_readers);

			/* the last subsystem keeps the protocol */
			if (!subsys || going == p->nr_writers + p->nr_readers) {
				free(subsys);
				free(leave_w);
				free(leave_r);
				break;
			}
			memset(&fresh, 0, sizeof(fresh));
			move_ends(p->readers, &p->nr_readers, leave_r, &fresh.readers,
				  &fresh.nr_readers, &fresh.alloc_readers);
			move_ends(p->writers, &p->nr_writers, leave_w, &fresh.writers,
				  &fresh.nr_writers, &fresh.alloc_writers);
			free(leave_w);
			free(leave_r);
			fresh.key = xasprintf("%s@%s", p->key, subsys);
			fresh.variable = xstrdup(p->variable);
			fresh.object = xstrdup(p->object);
			fresh.bit = p->bit ? xstrdup(p->bit) : NULL;
			fresh.evidence = p->evidence & ~(EV_COMMENT | EV_DATA);
			free(subsys);
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			out->v[out->nr++] = fresh;
		}
	}
}

struct classify_worker {
	struct classify_ctx ctx;	/* the first's is the caller's */
	struct protocol *v;
	size_t nr;
	size_t *next;		/* shared: the next chunk of v to take */
};

/*
 * Protocols judged at once: neighbours, found in file order, read the same
 * files and headers, which one thread's caches then serve.
 */
#define CLASSIFY_CHUNK 4

static void *classify_main(void *arg)
{
	struct classify_worker *w = arg;

	for (;;) {
		size_t at = __atomic_fetch_add(w->next, CLASSIFY_CHUNK, __ATOMIC_RELAXED), i;

		if (at >= w->nr)
			break;
		for (i = at; i < w->nr && i < at + CLASSIFY_CHUNK; i++)
			classify_protocol(&w->ctx, &w->v[i]);
	}
	return NULL;
}

/*
 * Judges every protocol of out on nr_threads threads. Each judgement reads
 * the others' ends and writes only its own protocol. What it looks up goes
 * to caches of its thread's own: the first thread keeps ctx's types, the
 * others start theirs empty; each thread's defs answers first from ctx's,
 * which nobody changes until all are done and the threads' are merged into
 * it. So a summary that an end's access points into is the same one for
 * every thread (weighing compares accesses by address). ctx's ordered sets
 * must be settled (ordered_set_settle()).
 */
static void classify_all(const struct sites_run *run, const struct classify_ctx *ctx,
			 struct pair_result *out, int nr_threads, const struct hashmap *no_c_include)
{
	struct classify_worker *w;
	size_t next = 0;
	int t;

	if (nr_threads < 1)
		nr_threads = 1;
	/* no thread without a protocol: small inputs (the tests) still take two */
	if ((size_t)nr_threads > out->nr)
		nr_threads = out->nr ? (int)out->nr : 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		w[t].ctx = *ctx;
		w[t].v = out->v;
		w[t].nr = out->nr;
		w[t].next = &next;
		if (t) {
			w[t].ctx.t = xcalloc(1, sizeof(*w[t].ctx.t));
			types_init(w[t].ctx.t, run->walk.root);
			types_skip_unity_scan(w[t].ctx.t, no_c_include);
		}
		w[t].ctx.defs = defs_new_over(w[t].ctx.t, ctx->defs);
		defs_set_run(w[t].ctx.defs, run);
	}
	threads_run(nr_threads, classify_main, w, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		defs_merge(ctx->defs, w[t].ctx.defs);
		if (!t)
			continue;
		types_merge(ctx->t, w[t].ctx.t);
		free(w[t].ctx.t);
	}
	free(w);
}

void pair_run(struct sites_run *run, struct pair_result *out, int nr_threads)
{
	struct classify_ctx ctx;
	struct hashmap flags, no_c_include;
	struct ordered_set published, subscribed;
	struct pair_worker *w;
	struct types *types;
	struct builder b;
	size_t i, j, k;
	int pass;

	memset(&b, 0, sizeof(b));
	b.out = out;
	/* the C files the sites pass read whole and saw include no C file */
	memset(&no_c_include, 0, sizeof(no_c_include));
	for (i = 0; i < run->walk.nr; i++)
		if (run->files[i].includes_no_c)
			hashmap_put(&no_c_include, run->walk.files[i].rel, 1);
	w = prepare(run, nr_threads, &no_c_include);
	types = b.types = w[0].types;
	b.defs = out->defs = w[0].defs;
	/* writers first, so that readers can look their variables up */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < run->walk.nr; i++) {
			const struct file_sites *fs = &run->files[i];
			const char *file = run->walk.files[i].rel, *path = run->walk.files[i].path;

			for (j = 0; j < fs->nr; j++) {
				const struct site *s = &fs->v[j];
				enum prim_role r = prim_role(s->primitive);

				if (pass == 0 && (r == PRIM_ROLE_WMB || r == PRIM_ROLE_RELEASE))
					writer_candidates(&b, s, fs, file, path, r);
				if (pass == 1 && (r == PRIM_ROLE_RMB || r == PRIM_ROLE_ACQUIRE))
					add_reader(&b, s, fs, file, path, r);
			}
		}
	}
	/* writers that no reader found */
	for (k = 0; k < b.nr_w; k++) {
		const struct site *s = b.w[k].site;
		size_t m;
		bool used = false;

		if (k > 0 && b.w[k - 1].site == s)
			continue;
		for (m = k; m < b.nr_w && b.w[m].site == s; m++)
			used |= b.w[m].used;
		if (!used)
			lone_writer(&b, &b.w[k]);
	}
	for (k = 0; k < out->nr; k++) {
		const char *name;
		size_t n;

		if (key_var_name(out->v[k].key, &name, &n)) {
			char *copy = xstrndup(name, n);

			hashmap_put(&b.key_names, copy, 1);
			free(copy);
		}
	}
	for (i = 0; i < run->walk.nr; i++) {
		struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++)
			if (prim_role(fs->v[j].primitive) == PRIM_ROLE_FENCE)
				add_fence(&b, &fs->v[j], fs, run->walk.files[i].rel,
					  run->walk.files[i].path);
	}
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++) {
			const struct site *s = &fs->v[j];
			bool found = false;

			if (prim_role(s->primitive) != PRIM_ROLE_WMB)
				continue;
			found = has_candidates(&b, fs, s);
			for (k = 0; k < s->window_after.nr && !found; k++) {
				unsigned ev;
				char *key = s->window_after.v[k].is_write ?
					    key_of(&s->window_after.v[k], run->walk.files[i].rel, &ev) : NULL;

				found = key != NULL;
				free(key);
			}
			if (!found)
				unpaired_writer(&b, s, run->walk.files[i].rel, run->walk.files[i].path);
		}
	}
	split_generic(types, out);
	memset(&published, 0, sizeof(published));
	memset(&subscribed, 0, sizeof(subscribed));
	memset(&flags, 0, sizeof(flags));
	classify_ordered(run, types, &published, &subscribed);
	ordered_set_settle(&published);
	ordered_set_settle(&subscribed);
	classify_flags(run, &flags);
	ctx.t = types;
	ctx.all = out->v;
	ctx.nr_all = out->nr;
	ctx.published = &published;
	ctx.subscribed = &subscribed;
	ctx.flags = &flags;
	ctx.defs = out->defs;
	classify_all(run, &ctx, out, nr_threads, &no_c_include);
	ordered_set_release(&published);
	ordered_set_release(&subscribed);
	hashmap_release(&flags);
	classify_shared_barriers(out);
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_protocol);
	if (out->nr_u)
		qsort(out->u, out->nr_u, sizeof(*out->u), cmp_unpaired);
	for (k = 0; k < b.nr_w; k++)
		free(b.w[k].key);
	free(b.w);
	hashmap_release(&b.keys);
	hashmap_release(&b.wkeys);
	hashmap_release(&b.writer_fns);
	hashmap_release(&b.key_names);
	/* kept for out->defs, and for what runs after (bugs) */
	types_skip_unity_scan(types, NULL);
	out->types = types;
	hashmap_release(&no_c_include);
	free(w);
}

void pair_result_release(struct pair_result *out)
{
	size_t i, j;

	for (i = 0; i < out->nr; i++) {
		struct protocol *p = &out->v[i];

		free(p->key);
		free(p->variable);
		free(p->object);
		free(p->bit);
		free(p->dep_readers);
		free(p->fence_form);
		free(p->fence_in);
		free(p->fence_note);
		free(p->writers);
		free(p->readers);
		for (j = 0; j < p->nr_reasons; j++)
			free(p->reasons[j].text);
		free(p->reasons);
		for (j = 0; j < p->nr_changed; j++)
			free(p->changed[j].evidence);
		free(p->changed);
	}
	free(out->v);
	for (i = 0; i < out->nr_u; i++)
		free(out->u[i].text);
	free(out->u);
	defs_free(out->defs);
	if (out->types) {
		types_release(out->types);
		free(out->types);
	}
	memset(out, 0, sizeof(*out));
}

/* The access of a caller's window that is to key: its first store or its last load. */
const struct access *pair_caller_access(const struct caller *c, const char *file,
					const char *key, bool writes)
{
	file = caller_file(c, file);
	const struct access_list *l = writes ? &c->after : &c->before;
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes && access_is(&l->v[i], file, key))
			return &l->v[i];
	return NULL;
}

/* Names a comment on one side gives of the other side's function. */
static bool names(const struct site *s, const char *fn)
{
	size_t i;

	for (i = 0; fn && i < s->nr_refs; i++)
		if (!strcmp(s->refs[i], fn))
			return true;
	return false;
}

bool pair_comment_joins(const struct pair_end *w, const struct pair_end *r)
{
	return names(w->site, r->site->function) || names(r->site, w->site->function);
}

/* Data the writer stores before its barrier that the reader loads after its own. */
bool pair_data_overlaps(const struct pair_end *w, const struct pair_end *r)
{
	const struct access_list *stores = &w->site->window_before;
	const struct access_list *loads = &r->site->window_after;
	size_t i, k;
	bool found = false;

	for (i = 0; i < stores->nr && !found; i++) {
		unsigned ev;
		char *ks;

		if (!stores->v[i].is_write || !(ks = key_of(&stores->v[i], w->file, &ev)))
			continue;
		for (k = 0; k < loads->nr && !found; k++) {
			char *kl = loads->v[k].is_write ? NULL : key_of(&loads->v[k], r->file, &ev);

			found = kl && same_variable(ks, kl);
			free(kl);
		}
		free(ks);
	}
	return found;
}
