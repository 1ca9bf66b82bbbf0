/* pair.c: join writers and readers into protocols, and judge each */
#include "pair.h"
#include "prims.h"
#include "hash.h"
#include "strbuf.h"
#include "types.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = { "convert", "review", "keep", "converted" };

	return names[v];
}

enum role { ROLE_NONE, ROLE_WMB, ROLE_RMB, ROLE_RELEASE, ROLE_ACQUIRE, ROLE_FENCE };

static enum role role_of(const char *prim)
{
	static const char *const releases[] = {
		"smp_store_release", "atomic_set_release", "atomic64_set_release",
		"atomic_long_set_release",
	};
	static const char *const acquires[] = {
		"smp_load_acquire", "atomic_read_acquire", "atomic64_read_acquire",
		"atomic_long_read_acquire", "test_bit_acquire",
	};
	size_t i;

	if (!strcmp(prim, "smp_wmb"))
		return ROLE_WMB;
	if (!strcmp(prim, "smp_rmb"))
		return ROLE_RMB;
	if (prim_classify(prim, strlen(prim)) == PRIM_FENCE)
		return ROLE_FENCE;
	for (i = 0; i < ARRAY_SIZE(releases); i++)
		if (!strcmp(prim, releases[i]))
			return ROLE_RELEASE;
	for (i = 0; i < ARRAY_SIZE(acquires); i++)
		if (!strcmp(prim, acquires[i]))
			return ROLE_ACQUIRE;
	return ROLE_NONE;
}

static bool ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The last field of an access path (tail of ring->tail, slots of s->slots[i]). */
static bool last_field(const char *path, const char **f, size_t *flen)
{
	size_t n = strlen(path), end;

	while (n && path[n - 1] == ']') {
		int depth = 0;

		do {
			n--;
			if (path[n] == ']')
				depth++;
			else if (path[n] == '[')
				depth--;
		} while (n && depth);
	}
	end = n;
	while (n && ident_char(path[n - 1]))
		n--;
	if (n == end || n == 0)
		return false;
	if (path[n - 1] != '.' && !(n >= 2 && path[n - 1] == '>' && path[n - 2] == '-'))
		return false;
	*f = path + n;
	*flen = end - n;
	return true;
}

static bool is_ident(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return false;
	for (; *s; s++)
		if (!ident_char(*s))
			return false;
	return true;
}

/* gvar.field (.field...): a member of a global, whose base was no typed local. */
static bool global_member(const char *path)
{
	const char *p = path;

	if (!ident_char(*p) || (*p >= '0' && *p <= '9'))
		return false;
	for (; *p; p++)
		if (!ident_char(*p) && *p != '.')
			return false;
	return strchr(path, '.') != NULL;
}

/*
 * Where a struct.field key holds: the folder of the file, so that the same
 * field of a common struct (file->private_data) used by unrelated drivers
 * does not join them; headers under include/ reach every folder.
 */
static char *scope_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	if (!strncmp(file, "include/", 8) || (!strncmp(file, "arch/", 5) && strstr(file, "/include/")))
		return xstrdup("*");
	return slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup(".");
}

/* The variable of a key without its folder: "struct.field#bit" or "file:global". */
static char *base_key(const char *key)
{
	const char *bar = strchr(key, '|'), *bit = strchr(key, '#');

	if (!bar)
		return xstrdup(key);
	return xasprintf("%.*s%s", (int)(bar - key), key, bit ? bit : "");
}

/* Two keys name the same variable (and bit), whatever their scopes. */
static bool same_variable(const char *a, const char *b)
{
	size_t na = strcspn(a, "|"), nb = strcspn(b, "|");
	const char *ba = strchr(a, '#'), *bb = strchr(b, '#');

	if (na != nb || memcmp(a, b, na))
		return false;
	if (!ba || !bb)
		return !ba && !bb;
	return !strcmp(ba, bb);
}

/* "[1]" when a path ends in a constant subscript (ready[1] is not ready[0]). */
static const char *constant_subscript(const char *path)
{
	size_t n = strlen(path), i;

	if (n < 3 || path[n - 1] != ']')
		return NULL;
	for (i = n - 1; i > 0 && path[i - 1] >= '0' && path[i - 1] <= '9'; i--)
		;
	return i < n - 1 && i > 0 && path[i - 1] == '[' ? path + i - 1 : NULL;
}

/* What joins accesses: struct.field, a global of one file, or a field name in one file. */
static char *key_of(const struct access *a, const char *file, unsigned *ev)
{
	const char *f;
	size_t flen;

	if (a->via && strstr(a->via, "_bit") && a->value) {
		/* a bit of a flags word is its own variable */
		struct access whole = *a;
		char *base, *key;

		whole.via = NULL;
		base = key_of(&whole, file, ev);
		key = base ? xasprintf("%s#%s", base, a->value) : NULL;
		free(base);
		return key;
	}
	if (a->object) {
		char *scope = scope_of(file), *key;
		const char *sub = constant_subscript(a->path);

		key = xasprintf("%s%s|%s", a->object, sub ? sub : "", scope);

		*ev = EV_OBJECT;
		free(scope);
		return key;
	}
	if (is_ident(a->path) || global_member(a->path)) {
		*ev = EV_GLOBAL;
		return xasprintf("%s:%s", file, a->path);
	}
	if (last_field(a->path, &f, &flen)) {
		*ev = EV_FIELD;
		return xasprintf("%s:.%.*s", file, (int)flen, f);
	}
	return NULL;
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
};

struct builder {
	struct pair_result *out;
	struct hashmap keys;		/* key -> protocol index */
	struct hashmap wkeys;		/* key -> first writer candidate */
	struct hashmap writer_fns;	/* function name -> a writer candidate there */
	struct cand *w;
	size_t nr_w, alloc_w;
};

static void add_end(struct pair_end **v, size_t *nr, size_t *alloc, const struct cand *c)
{
	size_t i;

	for (i = 0; i < *nr; i++) {
		if ((*v)[i].site != c->site)
			continue;
		/* one end per site: the access nearest the barrier */
		if (!c->caller && !(*v)[i].caller) {
			const struct access *old = (*v)[i].access, *new = c->access;
			unsigned at = c->site->line;

			if (new->line >= at ? new->line < old->line || old->line < at
					    : old->line < at && new->line > old->line)
				(*v)[i].access = new;
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

static const char *where(const struct site *s)
{
	return s->function ? s->function : s->macro ? s->macro : "file scope";
}

/*
 * Whether path is a base of key (lseg->pls_layout of lseg->pls_layout->x):
 * the key's load depends on it through its address, so it stays ordered.
 */
static bool is_base_of(const char *path, const char *key)
{
	size_t n = strlen(path);

	return !strncmp(key, path, n) &&
	       (!strncmp(key + n, "->", 2) || key[n] == '.' || key[n] == '[');
}

/* A description of a list of accesses, "a, b", leaving out except and its bases. */
static char *paths_of(const struct access_list *l, bool writes, const char *except)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr; i++) {
		if (l->v[i].is_write != writes ||
		    (except && (!strcmp(l->v[i].path, except) || is_base_of(l->v[i].path, except))))
			continue;
		if (sb.len && strstr(sb.buf, l->v[i].path))
			continue;
		strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", l->v[i].path);
	}
	return strbuf_detach(&sb);
}

/*
 * The loads of l that would lose their ordering if key became an acquire:
 * not key itself, not a base of its path (ring->buf for ring->buf->x), and
 * not a load whose value is the base of its path (kvm = vcpu->kvm; then
 * kvm->x): those stay ordered through the address dependency.
 */
static char *other_loads(const struct access_list *l, const struct access *key)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, base = 0;

	while (ident_char(key->path[base]))
		base++;
	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];

		if (a->is_write || !strcmp(a->path, key->path) || is_base_of(a->path, key->path))
			continue;
		if (base && a->assigned_to && strlen(a->assigned_to) == base &&
		    !memcmp(a->assigned_to, key->path, base) && key->path[base] != '\0')
			continue;
		if (sb.len && strstr(sb.buf, a->path))
			continue;
		strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", a->path);
	}
	return strbuf_detach(&sb);
}

/*
 * The line of a later store of the publish variable in the window after the
 * barrier, or 0. A store of 0, NULL or false publishes nothing: readers that
 * see it read no data.
 */
static unsigned stored_again(const struct access_list *l, const struct pair_end *e)
{
	size_t i;
	char *key = NULL;
	unsigned ev, line = 0;

	key = key_of(e->access, e->file, &ev);
	for (i = 0; key && i < l->nr && !line; i++) {
		const struct access *a = &l->v[i];
		char *k;

		if (!a->is_write || a == e->access || a->off <= e->access->off)
			continue;
		if (a->value && (!strcmp(a->value, "0") || !strcmp(a->value, "NULL") ||
				 !strcmp(a->value, "false")))
			continue;
		k = key_of(a, e->file, &ev);
		if (k && same_variable(k, key))
			line = a->line;
		free(k);
	}
	free(key);
	return line;
}

/*
 * Stores that sit between smp_wmb() and the publish store, or in the same
 * statement as the first store after it: with a release on the publish
 * store they are no longer ordered after the data, whoever reads them.
 */
static char *near_stores(const struct site *s, const struct pair_end *e)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < 2; i++) {
		const struct access_list *l = i ? &s->window_after : &s->after;

		for (j = 0; j < l->nr; j++) {
			const struct access *a = &l->v[j];

			if (!a->is_write || !strcmp(a->path, e->access->path) ||
			    (i && a->off >= e->access->off))
				continue;
			if (!sb.len || !strstr(sb.buf, a->path))
				strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", a->path);
		}
	}
	return strbuf_detach(&sb);
}

/* Whether path is one of the ", "-separated items of list. */
static bool in_list(const char *list, const char *path)
{
	size_t n = strlen(path);
	const char *p = list;

	while ((p = strstr(p, path))) {
		if ((p == list || (p >= list + 2 && p[-2] == ',' && p[-1] == ' ')) &&
		    (p[n] == '\0' || p[n] == ','))
			return true;
		p += n;
	}
	return false;
}

/*
 * Stores in the window after the publish store, to other variables, not
 * already listed in subscribed: shape 7, a store with no known reader.
 */
static char *later_stores(const struct site *s, const struct pair_end *e, const char *subscribed)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < s->window_after.nr; i++) {
		const struct access *a = &s->window_after.v[i];

		if (!a->is_write || a == e->access || a->off <= e->access->off ||
		    !strcmp(a->path, e->access->path) || in_list(subscribed, a->path) ||
		    in_list(sb.buf, a->path))
			continue;
		strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", a->path);
	}
	return strbuf_detach(&sb);
}

/* The line of another load of the subscribe variable before the barrier, or 0. */
static unsigned loaded_again(const struct access_list *l, const struct access *key)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!l->v[i].is_write && l->v[i].off != key->off && !strcmp(l->v[i].path, key->path))
			return l->v[i].line;
	return 0;
}

/*
 * Other stores in the window after a writer's smp_wmb() whose variable is
 * the subscribe variable of another protocol: with the barrier gone they
 * are no longer ordered after the data that reader expects.
 */
static char *subscribed_stores(const struct protocol *p, const struct protocol *all, size_t nr_all,
			       const struct site *s, const struct pair_end *e)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < s->window_after.nr; i++) {
		const struct access *a = &s->window_after.v[i];
		unsigned ev;
		char *k;

		if (!a->is_write || a == e->access || !strcmp(a->path, e->access->path) ||
		    a->off < e->access->off)
			continue;
		if (!(k = key_of(a, e->file, &ev)))
			continue;
		for (j = 0; j < nr_all; j++) {
			if (&all[j] == p || !all[j].nr_readers || !same_variable(all[j].key, k))
				continue;
			if (!sb.len || !strstr(sb.buf, a->path))
				strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", a->path);
			break;
		}
		free(k);
	}
	return strbuf_detach(&sb);
}

/* How many paths a paths_of() list names. */
static unsigned count_listed(const char *list)
{
	unsigned n = *list ? 1 : 0;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

static size_t count_kind(const struct access_list *l, bool writes)
{
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++)
		n += l->v[i].is_write == writes;
	return n;
}

static void list_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			    const char *file, const char *path, const struct access_list *l,
			    const struct caller *caller);

/*
 * Writers: every keyed store in the window after smp_wmb() (or after each
 * call of its function, when it has none), or the release's operand.
 */
static void writer_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			      const char *file, const char *path, enum role role)
{
	size_t c;

	if (role == ROLE_WMB && !count_kind(&s->window_after, true) && s->nr_callers) {
		for (c = 0; c < s->nr_callers; c++)
			list_candidates(b, s, fs, file, path, &s->callers[c].after, &s->callers[c]);
		return;
	}
	list_candidates(b, s, fs, file, path, role == ROLE_WMB ? &s->window_after : &s->operand,
			NULL);
}

static void list_candidates(struct builder *b, const struct site *s, const struct file_sites *fs,
			    const char *file, const char *path, const struct access_list *l,
			    const struct caller *caller)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		struct cand *c;
		unsigned ev;
		char *key;

		if (!l->v[i].is_write || !(key = key_of(&l->v[i], file, &ev)))
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
		c->next = hashmap_get(&b->wkeys, key);
		hashmap_put(&b->wkeys, key, b->nr_w);
		if (s->function && hashmap_get(&b->writer_fns, s->function) == (size_t)-1)
			hashmap_put(&b->writer_fns, s->function, b->nr_w);
		b->nr_w++;
	}
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

	if (!bar)
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
		if (!same_variable(b->w[i].key, key))
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
 * Readers: the nearest keyed load before smp_rmb() (or the acquire's
 * operand; or, for an smp_rmb() that starts its function, before a call of
 * that function) whose variable a writer publishes; else one that a comment
 * around the barrier points at; else the nearest keyed load, alone.
 */
static void add_reader(struct builder *b, const struct site *s, const struct file_sites *fs,
		       const char *file, const char *path, enum role role)
{
	const struct access_list *own = role == ROLE_RMB ? &s->window_before : &s->operand;
	struct cand c = { NULL, 0, s, fs, file, path, NULL, NULL, (size_t)-1, true };
	struct cand nearest = c;
	bool use_callers = role == ROLE_RMB && !count_kind(own, false) && s->nr_callers;
	size_t i, src, nr_src = use_callers ? s->nr_callers : 1;
	struct protocol *p;

	for (src = 0; src < nr_src; src++) {
		const struct caller *caller = use_callers ? &s->callers[src] : NULL;
		const struct access_list *l = caller ? &caller->before : own;

		for (i = 0; i < l->nr; i++) {
			unsigned ev;
			char *key;

			if (l->v[i].is_write || !(key = key_of(&l->v[i], file, &ev)))
				continue;
			if (hashmap_get(&b->wkeys, key) == (size_t)-1)
				key = other_scope(b, key);
			if (hashmap_get(&b->wkeys, key) != (size_t)-1) {
				c.access = &l->v[i];
				c.caller = caller;
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
			} else {
				free(key);
			}
		}
	}
	for (i = 0; nearest.key && i < s->nr_refs; i++) {
		size_t k = hashmap_get(&b->writer_fns, s->refs[i]);

		if (k == (size_t)-1)
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
	if (role != ROLE_RMB)
		return;
	if (!s->window_before.nr)
		unpaired(b, s, file, path, "no-access-before",
			 xasprintf("no shared access precedes smp_rmb() in %s() up to the previous barrier%s",
				   where(s), s->nr_callers ? ", nor its calls" : ""));
	else if (!count_kind(&s->window_before, false))
		unpaired(b, s, file, path, "no-load-before",
			 xasprintf("the accesses before smp_rmb() in %s() are stores (%s), not a subscribe load",
				   where(s), s->window_before.v[0].path));
	else
		unpaired(b, s, file, path, "no-key",
			 xasprintf("the loads before smp_rmb() in %s() (%s) are no field or global acqrel can follow",
				   where(s), s->window_before.v[0].path));
}

/*
 * Other fences join the protocols already found when they order the same
 * variable: a store to it after them, or a load of it before them.
 */
static void add_fence(struct builder *b, const struct site *s, const struct file_sites *fs,
		      const char *file, const char *path)
{
	struct cand c = { NULL, 0, s, fs, file, path, NULL, NULL, (size_t)-1, true };
	int side;

	for (side = 0; side < 2; side++) {
		const struct access_list *l = side ? &s->window_before : &s->window_after;
		size_t i;

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
				   where(s)));
	else if (!count_kind(&s->window_after, true))
		unpaired(b, s, file, path, "no-store-after",
			 xasprintf("the accesses after smp_wmb() in %s() are loads (%s), not a publish store",
				   where(s), s->window_after.v[0].path));
	else
		unpaired(b, s, file, path, "no-key",
			 xasprintf("the stores after smp_wmb() in %s() (%s) are no field or global acqrel can follow",
				   where(s), s->window_after.v[0].path));
}

/* ---- verdicts ---- */

/* Most reasons one protocol lists; the rest would repeat the same caveats. */
#define MAX_REASONS 32

static void reason(struct protocol *p, const char *code, char *text)
{
	size_t i;

	if (p->nr_reasons >= MAX_REASONS) {
		free(text);
		return;
	}
	for (i = 0; i < p->nr_reasons; i++) {
		if (!strcmp(p->reasons[i].code, code) && !strcmp(p->reasons[i].text, text)) {
			free(text);
			return;
		}
	}
	ALLOC_GROW(p->reasons, p->nr_reasons + 1, p->alloc_reasons);
	p->reasons[p->nr_reasons].code = code;
	p->reasons[p->nr_reasons++].text = text;
}

static bool names(const struct site *s, const char *fn)
{
	size_t i;

	for (i = 0; fn && i < s->nr_refs; i++)
		if (!strcmp(s->refs[i], fn))
			return true;
	return false;
}

/* Data the writer stores before its barrier that the reader loads after its own. */
static bool data_overlaps(const struct pair_end *w, const struct pair_end *r)
{
	const struct access_list *stores = &w->site->window_before;
	const struct access_list *loads = &r->site->window_after;
	size_t i, j;
	bool found = false;

	for (i = 0; i < stores->nr && !found; i++) {
		unsigned ev;
		char *ks;

		if (!stores->v[i].is_write || !(ks = key_of(&stores->v[i], w->file, &ev)))
			continue;
		for (j = 0; j < loads->nr && !found; j++) {
			char *kl = loads->v[j].is_write ? NULL : key_of(&loads->v[j], r->file, &ev);

			found = kl && same_variable(ks, kl);
			free(kl);
		}
		free(ks);
	}
	return found;
}

/* Whether access a (of file) is to the variable of key. */
static bool access_is(const struct access *a, const char *file, const char *key)
{
	unsigned ev;
	char *k = key_of(a, file, &ev);
	bool same = k && same_variable(k, key);

	free(k);
	return same;
}

/* Whether the access list reads (or writes) a variable of the given key. */
static bool touches(const struct access_list *l, const char *file, const char *key, bool writes)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes && access_is(&l->v[i], file, key))
			return true;
	return false;
}

/*
 * A seqcount-style side: the function that holds s accesses key on the other
 * side of another barrier of the same kind too (reads it before one smp_rmb()
 * and after another, or writes it before and after smp_wmb()s).
 */
static bool retries(const struct pair_end *e, const char *key, bool reader)
{
	const struct file_sites *fs = e->fs;
	size_t at = (size_t)(e->site - fs->v), lo = at, hi = at + 1, j;

	if (!e->site->function)
		return false;
	/* a function's sites are contiguous in file order (macros inside it aside) */
	while (lo > 0 && (!fs->v[lo - 1].function ||
			  !strcmp(fs->v[lo - 1].function, e->site->function)))
		lo--;
	while (hi < fs->nr && (!fs->v[hi].function ||
			       !strcmp(fs->v[hi].function, e->site->function)))
		hi++;
	for (j = lo; j < hi; j++) {
		const struct site *s = &fs->v[j];

		if (s == e->site || !s->function || strcmp(s->function, e->site->function) ||
		    strcmp(s->primitive, reader ? "smp_rmb" : "smp_wmb"))
			continue;
		if (reader && touches(&s->after, e->file, key, false))
			return true;
		if (!reader && touches(&s->before, e->file, key, true))
			return true;
	}
	return false;
}

/* A call (an identifier right before '('), an increment or an assignment. */
static bool has_side_effects(const char *path)
{
	const char *p;

	for (p = strchr(path, '('); p; p = strchr(p + 1, '('))
		if (p > path && ident_char(p[-1]))
			return true;
	return strstr(path, "++") || strstr(path, "--") ||
	       (strchr(path, '=') && !strstr(path, "==") && !strstr(path, "!=") &&
		!strstr(path, "<=") && !strstr(path, ">="));
}

/*
 * How the publish store or subscribe load is made: plain, WRITE_ONCE() and
 * READ_ONCE(), atomic_set() and atomic_read(), test_bit() have acquire or
 * release forms; a bit set or an atomic read-modify-write has none.
 */
static void via_reasons(struct protocol *p, const struct pair_end *e, bool writer)
{
	static const char *const plain_like[] = {
		"READ_ONCE", "WRITE_ONCE", "atomic_read", "atomic64_read", "atomic_long_read",
		"atomic_set", "atomic64_set", "atomic_long_set", "test_bit",
	};
	const char *via = e->access->via;
	size_t i;

	if (!via || !strncmp(via, "rcu_", 4))
		return;
	for (i = 0; i < ARRAY_SIZE(plain_like); i++)
		if (!strcmp(via, plain_like[i]))
			return;
	if (writer && strstr(via, "_bit"))
		reason(p, "bitop-writer",
		       xasprintf("%s() in %s() publishes with %s(), which has no release form: the writer keeps smp_wmb() and only readers can become test_bit_acquire()",
				 e->site->primitive, where(e->site), via));
	else
		reason(p, writer ? "atomic-writer" : "atomic-reader",
		       xasprintf("%s is %s with %s() in %s(), a read-modify-write with no plain %s form",
				 p->variable, writer ? "published" : "loaded", via, where(e->site),
				 writer ? "release" : "acquire"));
}

/* The first store after (or last load before) a call is to key. */
static bool caller_adjacent(const struct caller *c, const char *file, const char *key, bool writes)
{
	const struct access_list *l = writes ? &c->after : &c->before;
	size_t i;

	/* windows list the nearest statement first */
	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes)
			return access_is(&l->v[i], file, key);
	return false;
}

/* The access of a caller's window that is to key: its first store or its last load. */
const struct access *pair_caller_access(const struct caller *c, const char *file,
					const char *key, bool writes)
{
	const struct access_list *l = writes ? &c->after : &c->before;
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes && access_is(&l->v[i], file, key))
			return &l->v[i];
	return NULL;
}

/* The stores of a window (nearest first) that come before the access a. */
static char *stores_before(const struct access_list *l, const struct access *a)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr && &l->v[i] != a; i++) {
		if (!l->v[i].is_write || !strcmp(l->v[i].path, a->path))
			continue;
		if (!sb.len || !strstr(sb.buf, l->v[i].path))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", l->v[i].path);
	}
	return strbuf_detach(&sb);
}

/*
 * A barrier one call level away: the release (or acquire) moves into the
 * callers, so every caller must do the store (or load) right there, and
 * callers in other files must not exist.
 */
static void callee_reasons(struct protocol *p, const struct pair_end *e, bool writer)
{
	const struct site *s = e->site;
	size_t i;

	if (!s->static_function)
		reason(p, "callee-barrier",
		       xasprintf("%s() is not static: callers in other files may not %s %s",
				 s->function, writer ? "store" : "load", p->variable));
	else if (strlen(e->file) > 2 && !strcmp(e->file + strlen(e->file) - 2, ".h"))
		reason(p, "callee-barrier",
		       xasprintf("%s() is defined in a header: every file that includes it may call it without %s %s",
				 s->function, writer ? "storing" : "loading", p->variable));
	if (s->unknown_callers)
		reason(p, "callee-barrier",
		       xasprintf("%s() is also used other than by a direct call in its file (its address is taken, or a macro calls it): callers acqrel cannot see",
				 s->function));
	for (i = 0; i < s->nr_callers; i++)
		if (!caller_adjacent(&s->callers[i], e->file, p->key, writer))
			reason(p, "callee-barrier",
			       xasprintf("%s() calls %s() at line %u without %s %s right %s it",
					 s->callers[i].function, s->function, s->callers[i].line,
					 writer ? "storing" : "loading", p->variable,
					 writer ? "after" : "before"));
	for (i = 0; i < s->nr_callers; i++) {
		const struct caller *c = &s->callers[i];
		const struct access *a = pair_caller_access(c, e->file, p->key, writer);
		char *others;

		if (!a)
			continue;
		others = writer ? stores_before(&c->after, a) : other_loads(&c->before, a);
		if (*others) {
			reason(p, writer ? "several-stores" : "loses-ordering",
			       xasprintf(writer ? "the store to %s between the call and the publish store in %s() would lose its ordering after the data"
						: "the load of %s before the call in %s() would lose its ordering against the loads after it",
					 others, c->function));
			p->changes += count_listed(others);
		}
		free(others);
	}
}

/* The declared kind of the protocol's variable, looked up from each end's file. */
static enum field_kind variable_kind(struct types *t, const struct protocol *p, char **decl)
{
	const char *dot;
	size_t i;

	*decl = NULL;
	if (!p->object && p->nr_writers + p->nr_readers && is_ident(p->variable)) {
		const struct pair_end *e = p->nr_writers ? &p->writers[0] : &p->readers[0];

		return types_global(t, e->file, p->variable, decl);
	}
	if (!p->object || !(dot = strchr(p->object, '.')))
		return FIELD_UNKNOWN;
	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		char *sname = xstrndup(p->object, (size_t)(dot - p->object));
		enum field_kind k = types_field(t, e->file, sname, dot + 1, decl);

		free(sname);
		if (k != FIELD_UNKNOWN)
			return k;
	}
	return FIELD_UNKNOWN;
}

static void classify(struct types *t, struct protocol *p, const struct protocol *all,
		     size_t nr_all, const struct hashmap *far_side, char *const *far_where)
{
	size_t i, j, barriers = 0, converted = 0, fences = 0;
	bool keep = false;
	enum field_kind kind;
	char *decl = NULL;

	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		enum role r = role_of(e->site->primitive);

		if (r == ROLE_RELEASE || r == ROLE_ACQUIRE) {
			converted++;
			continue;
		}
		if (r != ROLE_FENCE) {
			barriers++;
			continue;
		}
		fences++;
		if (!strcmp(e->site->primitive, "smp_mb"))
			reason(p, "fence",
			       xasprintf("smp_mb() in %s() also orders %s: a full barrier orders earlier stores before later loads, which release and acquire do not",
					 where(e->site), p->variable));
		else
			reason(p, "fence",
			       xasprintf("%s() in %s() also orders %s: it orders accesses for devices or a hypervisor, which release and acquire do not",
					 e->site->primitive, where(e->site), p->variable));
	}
	for (i = 0; i < p->nr_writers; i++) {
		for (j = 0; j < p->nr_readers; j++) {
			if (names(p->writers[i].site, p->readers[j].site->function) ||
			    names(p->readers[j].site, p->writers[i].site->function))
				p->evidence |= EV_COMMENT;
			if (data_overlaps(&p->writers[i], &p->readers[j]))
				p->evidence |= EV_DATA;
		}
	}

	/* other fences matter only where smp_wmb()/smp_rmb() are to be converted */
	if (barriers && fences)
		keep = true;
	else
		for (i = 0; i < p->nr_reasons; i++)
			free(p->reasons[i].text);
	if (!(barriers && fences))
		p->nr_reasons = 0;
	if (!barriers) {
		p->verdict = VERDICT_CONVERTED;
		reason(p, "release-acquire",
		       xasprintf("%s is already published with a release or read with an acquire",
				 p->variable));
		return;
	}

	/* not this pattern */
	if (!keep && far_side && p->nr_writers + p->nr_readers) {
		char *base = base_key(p->key);
		size_t at = hashmap_get(far_side, base);

		if (at != (size_t)-1) {
			keep = true;
			reason(p, "seqcount",
			       xasprintf("%s is also stored right before an smp_wmb() or loaded right after an smp_rmb() (%s): it is data as well as flag, as a sequence count is, whose other side an acquire and release do not replace",
					 p->variable, far_where[at]));
		}
		free(base);
	}
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];

		if (role_of(e->site->primitive) == ROLE_RMB && retries(e, p->key, true)) {
			keep = true;
			reason(p, "seqcount",
			       xasprintf("%s() reads %s on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace",
					 where(e->site), p->variable));
		}
	}
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];

		if (role_of(e->site->primitive) != ROLE_WMB)
			continue;
		/* loads and no call before the barrier: nothing it orders is published */
		if (e->site->window_before.nr && !count_kind(&e->site->window_before, true) &&
		    !e->site->window_call_before) {
			char *loads = paths_of(&e->site->window_before, false, NULL);

			keep = true;
			reason(p, "load-before-wmb",
			       xasprintf("smp_wmb() in %s() follows loads (%s) and no store or call: it orders a load before a store, as a consumer's own index update does, which is not this pattern",
					 where(e->site), loads));
			free(loads);
		}
		if (retries(e, p->key, false)) {
			keep = true;
			reason(p, "seqcount",
			       xasprintf("%s() writes %s on both sides of its smp_wmb()s: a seqcount-style writer",
					 where(e->site), p->variable));
		}
	}
	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		const char *via = e->access->via;

		if (via && !strncmp(via, "rcu_", 4)) {
			keep = true;
			reason(p, "rcu",
			       xasprintf("%s() in %s() goes through %s(): RCU publication, not this pattern",
					 e->site->primitive, where(e->site), via));
		}
	}
	kind = variable_kind(t, p, &decl);
	if (kind == FIELD_RCU) {
		keep = true;
		reason(p, "rcu",
		       xasprintf("%s is declared __rcu (%s): it is published with rcu_assign_pointer() and read with rcu_dereference(), and smp_store_release() on it is a sparse address-space error",
				 p->variable, decl));
	} else if (kind == FIELD_BITFIELD || kind == FIELD_AGGREGATE || kind == FIELD_ATOMIC) {
		keep = true;
		reason(p, "operand",
		       xasprintf("%s is %s (%s) and cannot be the operand of smp_load_acquire() or smp_store_release()",
				 p->variable,
				 kind == FIELD_BITFIELD ? "a bitfield, which has no address" :
				 kind == FIELD_ATOMIC ? "an atomic type with its own API" :
				 "a struct, union or array", decl));
	}
	if (keep) {
		p->verdict = VERDICT_KEEP;
		free(decl);
		return;
	}
	if (kind == FIELD_WIDE)
		reason(p, "type-size",
		       xasprintf("%s is 64-bit (%s): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures (\"Need native word sized stores/loads\")",
				 p->variable, decl));
	else if (kind == FIELD_OTHER)
		reason(p, "type-unknown",
		       xasprintf("the type of %s (%s) is not one acqrel knows to be of native word size or smaller",
				 p->variable, decl));
	else if (kind == FIELD_UNKNOWN)
		reason(p, "type-unknown",
		       xasprintf("the declaration of %s is not visible in its file or the headers it includes",
				 p->object ? p->object : p->variable));
	free(decl);

	/* convertible, with caveats */
	if (!p->nr_writers)
		reason(p, "one-side",
		       xasprintf("no writer found in the files given: no smp_wmb() is followed by a store to %s", p->variable));
	if (!p->nr_readers)
		reason(p, "one-side",
		       xasprintf("no reader found in the files given: no smp_rmb() follows a load of %s", p->variable));
	if (converted) {
		bool wrel = false, rrel = false;

		for (i = 0; i < p->nr_writers; i++)
			wrel |= role_of(p->writers[i].site->primitive) == ROLE_RELEASE;
		for (i = 0; i < p->nr_readers; i++)
			rrel |= role_of(p->readers[i].site->primitive) == ROLE_ACQUIRE;
		if (wrel)
			reason(p, "mixed",
			       xasprintf("a writer already publishes %s with a release but a reader still uses smp_rmb()",
					 p->variable));
		if (rrel)
			reason(p, "mixed",
			       xasprintf("a reader already loads %s with an acquire but a writer still uses smp_wmb()",
					 p->variable));
	}
	if (!(p->evidence & (EV_OBJECT | EV_GLOBAL)))
		reason(p, "field-name-only",
		       xasprintf("writers and readers are joined by the field name of %s only; its type is not visible",
				 p->variable));
	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];

		if (has_side_effects(e->access->path))
			reason(p, "operand",
			       xasprintf("%s in %s() has side effects and cannot be the operand of an acquire or release",
					 e->access->path, where(e->site)));
	}
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const struct site *s = e->site;
		char *others, *near;
		unsigned line;

		if (role_of(s->primitive) != ROLE_WMB)
			continue;
		via_reasons(p, e, true);
		if (e->caller) {
			callee_reasons(p, e, true);
			continue;
		}
		if (!touches(&s->after, e->file, p->key, true))
			reason(p, "not-adjacent",
			       xasprintf("smp_wmb() in %s() is not directly followed by the store to %s (line %u)",
					 where(s), p->variable, e->access->line));
		if ((line = stored_again(&s->window_after, e)))
			reason(p, "stored-again",
			       xasprintf("%s() stores %s again at line %u, after the publish store; a reader that sees that value is not ordered by the release",
					 where(s), p->variable, line));
		others = near_stores(s, e);
		if (*others) {
			reason(p, "several-stores",
			       xasprintf("smp_wmb() in %s() is followed by several stores; %s would lose its ordering after the data",
					 where(s), others));
			p->changes += count_listed(others);
		}
		near = others;
		others = subscribed_stores(p, all, nr_all, s, e);
		if (*others) {
			reason(p, "several-stores",
			       xasprintf("smp_wmb() in %s() also orders the later stores to %s, which readers subscribe to; they would lose their ordering after the data",
					 where(s), others));
			p->changes += count_listed(others);
		}
		{
			char *listed = xasprintf("%s, %s", near, others);
			char *later = later_stores(s, e, listed);

			free(listed);
			free(near);

			if (*later) {
				reason(p, "several-stores",
				       xasprintf("smp_wmb() in %s() also orders the later stores to %s, which no known reader subscribes to; with the barrier gone they are no longer ordered after the data",
						 where(s), later));
				p->changes += count_listed(later);
			}
			free(later);
		}
		free(others);
		if (s->call_after)
			reason(p, "call-between",
			       xasprintf("a call (%s()) sits between smp_wmb() and the store to %s in %s(); its stores would no longer be ordered after the data",
					 s->call_after_name ? s->call_after_name : "?", p->variable,
					 where(s)));
	}
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct site *s = e->site;
		char *others;
		unsigned line;

		if (role_of(s->primitive) != ROLE_RMB)
			continue;
		via_reasons(p, e, false);
		if (e->caller) {
			callee_reasons(p, e, false);
			continue;
		}
		if (!touches(&s->before, e->file, p->key, false))
			reason(p, "not-adjacent",
			       xasprintf("smp_rmb() in %s() does not directly follow the load of %s (line %u)",
					 where(s), p->variable, e->access->line));
		if ((line = loaded_again(&s->window_before, e->access)))
		{
			reason(p, "several-loads",
			       xasprintf("%s is also loaded at line %u before smp_rmb() in %s() (another path, or a second load): only one load can become the acquire",
					 p->variable, line, where(s)));
			p->changes++;
		}
		others = other_loads(&s->window_before, e->access);
		if (*others) {
			reason(p, "loses-ordering",
			       xasprintf("the load of %s before smp_rmb() in %s() would lose its ordering against the loads after it",
					 others, where(s)));
			p->changes += count_listed(others);
		}
		free(others);
		if (s->call_before || s->window_call_before)
			reason(p, "call-between",
			       xasprintf("a call (%s()) sits before smp_rmb() in %s(), near the load of %s; the loads it makes would lose their ordering",
					 s->call_before_name ? s->call_before_name : "?", where(s),
					 p->variable));
	}
	if (p->nr_reasons) {
		p->verdict = VERDICT_REVIEW;
		return;
	}
	p->verdict = VERDICT_CONVERT;
	reason(p, "adjacent",
	       xasprintf("each smp_wmb() is directly followed by the store to %s and each smp_rmb() directly follows its load",
			 p->variable));
}

bool protocol_has_reason(const struct protocol *p, const char *code)
{
	size_t i;

	for (i = 0; i < p->nr_reasons; i++)
		if (!strcmp(p->reasons[i].code, code))
			return true;
	return false;
}

static void drop_reason(struct protocol *p, const char *code)
{
	size_t i, n = 0;

	for (i = 0; i < p->nr_reasons; i++) {
		if (!strcmp(p->reasons[i].code, code))
			free(p->reasons[i].text);
		else
			p->reasons[n++] = p->reasons[i];
	}
	p->nr_reasons = n;
}

/* Whether site is a barrier end (not a caller's access) of protocol q. */
static bool has_barrier_end(const struct protocol *q, const struct site *site)
{
	size_t i;

	for (i = 0; i < q->nr_writers + q->nr_readers; i++) {
		const struct pair_end *e = i < q->nr_writers ? &q->writers[i]
							      : &q->readers[i - q->nr_writers];

		if (e->site == site)
			return true;
	}
	return false;
}

/*
 * One barrier can order several protocols' variables: it can only go when
 * every protocol it belongs to converts. Repeats until nothing changes,
 * since each downgrade can hold back another protocol.
 */
static void shared_barriers(struct pair_result *out)
{
	bool changed = true;
	size_t i, j, k;

	while (changed) {
		changed = false;
		for (i = 0; i < out->nr; i++) {
			struct protocol *p = &out->v[i];

			if (p->verdict != VERDICT_CONVERT)
				continue;
			for (k = 0; k < p->nr_writers + p->nr_readers && p->verdict == VERDICT_CONVERT; k++) {
				const struct pair_end *e = k < p->nr_writers ? &p->writers[k]
								      : &p->readers[k - p->nr_writers];

				for (j = 0; j < out->nr; j++) {
					const struct protocol *q = &out->v[j];

					if (q == p || q->verdict == VERDICT_CONVERT ||
					    !has_barrier_end(q, e->site))
						continue;
					p->verdict = VERDICT_REVIEW;
					drop_reason(p, "adjacent");
					reason(p, "shared-barrier",
					       xasprintf("%s() in %s() also orders %s, whose protocol is %s: the barrier stays",
							 e->site->primitive, where(e->site), q->variable,
							 verdict_name(q->verdict)));
					changed = true;
					break;
				}
			}
		}
	}
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

/* ctx->ring->tail: the object of the last field, through the declared types. */
static char *resolve(struct types *t, const char *file, const char *type_path)
{
	char *cur, *seg, *copy = xstrdup(type_path), *save = NULL, *next, *out = NULL;

	seg = strtok_r(copy, ".", &save);
	if (!seg)
		goto done;
	cur = seg[0] == '@' ? types_global_struct(t, file, seg + 1) : xstrdup(seg);
	seg = strtok_r(NULL, ".", &save);
	while (cur && seg) {
		next = strtok_r(NULL, ".", &save);
		if (!next) {
			out = xasprintf("%s.%s", cur, seg);
			break;
		}
		{
			char *tag = types_field_struct(t, file, cur, seg);

			free(cur);
			cur = tag;
		}
		seg = next;
	}
	free(cur);
done:
	free(copy);
	return out;
}

static void resolve_list(struct types *t, const char *file, struct access_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!l->v[i].object && l->v[i].type_path)
			l->v[i].object = resolve(t, file, l->v[i].type_path);
}

/* Objects that need declarations from other files: a->b->c, globals. */
static void resolve_objects(struct types *t, struct sites_run *run)
{
	size_t i, j;

	for (i = 0; i < run->walk.nr; i++) {
		struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++) {
			struct site *s = &fs->v[j];

			if (role_of(s->primitive) == ROLE_NONE)
				continue;
			resolve_list(t, run->walk.files[i].rel, &s->before);
			resolve_list(t, run->walk.files[i].rel, &s->after);
			resolve_list(t, run->walk.files[i].rel, &s->window_before);
			resolve_list(t, run->walk.files[i].rel, &s->window_after);
			resolve_list(t, run->walk.files[i].rel, &s->operand);
		}
	}
}

/*
 * The far side of barriers: variables stored right before an smp_wmb() or
 * loaded right after an smp_rmb() anywhere. A protocol's variable found
 * there is a sequence count (seq++; smp_wmb(); data; smp_wmb(); seq++),
 * even when begin and end live in separate helpers.
 */
struct far_side {
	struct hashmap keys;	/* base key -> index into where */
	char **where;		/* "smp_wmb() in f()", owned */
	size_t nr, alloc;
};

static void far_add(struct far_side *f, const struct access_list *l, bool writes,
		    const char *file, const struct site *s)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		unsigned ev;
		char *key, *base;

		if (l->v[i].is_write != writes || !(key = key_of(&l->v[i], file, &ev)))
			continue;
		base = base_key(key);
		if (hashmap_get(&f->keys, base) == (size_t)-1) {
			ALLOC_GROW(f->where, f->nr + 1, f->alloc);
			f->where[f->nr] = xasprintf("%s:%u, %s() in %s()", file, s->line, s->primitive,
						    where(s));
			hashmap_put(&f->keys, base, f->nr++);
		}
		free(base);
		free(key);
	}
}

void pair_run(struct sites_run *run, struct pair_result *out)
{
	struct far_side far;
	struct types types;
	struct builder b;
	size_t i, j, k;
	int pass;

	memset(&b, 0, sizeof(b));
	b.out = out;
	types_init(&types, run->walk.root);
	resolve_objects(&types, run);
	/* writers first, so that readers can look their variables up */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < run->walk.nr; i++) {
			const struct file_sites *fs = &run->files[i];
			const char *file = run->walk.files[i].rel, *path = run->walk.files[i].path;

			for (j = 0; j < fs->nr; j++) {
				const struct site *s = &fs->v[j];
				enum role r = role_of(s->primitive);

				if (pass == 0 && (r == ROLE_WMB || r == ROLE_RELEASE))
					writer_candidates(&b, s, fs, file, path, r);
				if (pass == 1 && (r == ROLE_RMB || r == ROLE_ACQUIRE))
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
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++)
			if (role_of(fs->v[j].primitive) == ROLE_FENCE)
				add_fence(&b, &fs->v[j], fs, run->walk.files[i].rel,
					  run->walk.files[i].path);
	}
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++) {
			const struct site *s = &fs->v[j];
			bool found = false;

			if (role_of(s->primitive) != ROLE_WMB)
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
	memset(&far, 0, sizeof(far));
	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (j = 0; j < fs->nr; j++) {
			enum role r = role_of(fs->v[j].primitive);

			if (r == ROLE_WMB)
				far_add(&far, &fs->v[j].before, true, run->walk.files[i].rel, &fs->v[j]);
			else if (r == ROLE_RMB)
				far_add(&far, &fs->v[j].after, false, run->walk.files[i].rel, &fs->v[j]);
		}
	}
	for (i = 0; i < out->nr; i++)
		classify(&types, &out->v[i], out->v, out->nr, &far.keys, far.where);
	shared_barriers(out);
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
	types_release(&types);
	for (i = 0; i < far.nr; i++)
		free(far.where[i]);
	free(far.where);
	hashmap_release(&far.keys);
}

void pair_end_functions(struct strbuf *sb, const struct pair_end *v, size_t n)
{
	const char *seen[16];
	size_t i, k, nr = 0;

	for (i = 0; i < n && nr < 16; i++) {
		const struct site *s = v[i].site;
		size_t c, nc = v[i].caller ? s->nr_callers : 1;

		/* a barrier one call level away: the accesses are in its callers */
		for (c = 0; c < nc && nr < 16; c++) {
			const char *fn = v[i].caller ? s->callers[c].function : where(s);

			for (k = 0; k < nr && strcmp(seen[k], fn); k++)
				;
			if (k == nr)
				seen[nr++] = fn;
		}
	}
	for (i = 0; i < nr; i++)
		strbuf_addf(sb, "%s%s()", i == 0 ? "" : i + 1 == nr ? " and " : ", ", seen[i]);
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
		free(p->writers);
		free(p->readers);
		for (j = 0; j < p->nr_reasons; j++)
			free(p->reasons[j].text);
		free(p->reasons);
	}
	free(out->v);
	for (i = 0; i < out->nr_u; i++)
		free(out->u[i].text);
	free(out->u);
	memset(out, 0, sizeof(*out));
}
