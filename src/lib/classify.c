/* classify.c: the verdict of each protocol and the reasons for it */
#include "classify.h"
#include "key.h"
#include "prims.h"
#include "strbuf.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Most reasons one protocol lists; the rest would repeat the same caveats. */
#define MAX_REASONS 32

/* A description of a list of accesses, "a, b", leaving out except and its bases. */
static char *paths_of(const struct access_list *l, bool writes, const char *except)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr; i++) {
		if (l->v[i].is_write != writes ||
		    (except && (!strcmp(l->v[i].path, except) || key_is_base_of(l->v[i].path, except))))
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

	while (is_c_ident_char(key->path[base]))
		base++;
	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];

		if (a->is_write || !strcmp(a->path, key->path) || key_is_base_of(a->path, key->path))
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
		if (p > path && is_c_ident_char(p[-1]))
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
				 e->site->primitive, site_where(e->site), via));
	else
		reason(p, writer ? "atomic-writer" : "atomic-reader",
		       xasprintf("%s is %s with %s() in %s(), a read-modify-write with no plain %s form",
				 p->variable, writer ? "published" : "loaded", via, site_where(e->site),
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
	if (!p->object && p->nr_writers + p->nr_readers && key_is_ident(p->variable)) {
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

void classify_protocol(struct types *t, struct protocol *p, const struct protocol *all,
		     size_t nr_all, const struct hashmap *far_side, char *const *far_where)
{
	size_t i, j, barriers = 0, converted = 0, fences = 0;
	bool keep = false;
	enum field_kind kind;
	char *decl = NULL;

	for (i = 0; i < p->nr_writers + p->nr_readers; i++) {
		const struct pair_end *e = i < p->nr_writers ? &p->writers[i]
							      : &p->readers[i - p->nr_writers];
		enum prim_role r = prim_role(e->site->primitive);

		if (r == PRIM_ROLE_RELEASE || r == PRIM_ROLE_ACQUIRE) {
			converted++;
			continue;
		}
		if (r != PRIM_ROLE_FENCE) {
			barriers++;
			continue;
		}
		fences++;
		if (!strcmp(e->site->primitive, "smp_mb"))
			reason(p, "fence",
			       xasprintf("smp_mb() in %s() also orders %s: a full barrier orders earlier stores before later loads, which release and acquire do not",
					 site_where(e->site), p->variable));
		else
			reason(p, "fence",
			       xasprintf("%s() in %s() also orders %s: it orders accesses for devices or a hypervisor, which release and acquire do not",
					 e->site->primitive, site_where(e->site), p->variable));
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

		if (prim_role(e->site->primitive) == PRIM_ROLE_RMB && retries(e, p->key, true)) {
			keep = true;
			reason(p, "seqcount",
			       xasprintf("%s() reads %s on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace",
					 site_where(e->site), p->variable));
		}
	}
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];

		if (prim_role(e->site->primitive) != PRIM_ROLE_WMB)
			continue;
		/* loads and no call before the barrier: nothing it orders is published */
		if (e->site->window_before.nr && !access_list_count(&e->site->window_before, true) &&
		    !e->site->window_call_before) {
			char *loads = paths_of(&e->site->window_before, false, NULL);

			keep = true;
			reason(p, "load-before-wmb",
			       xasprintf("smp_wmb() in %s() follows loads (%s) and no store or call: it orders a load before a store, as a consumer's own index update does, which is not this pattern",
					 site_where(e->site), loads));
			free(loads);
		}
		if (retries(e, p->key, false)) {
			keep = true;
			reason(p, "seqcount",
			       xasprintf("%s() writes %s on both sides of its smp_wmb()s: a seqcount-style writer",
					 site_where(e->site), p->variable));
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
					 e->site->primitive, site_where(e->site), via));
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
			wrel |= prim_role(p->writers[i].site->primitive) == PRIM_ROLE_RELEASE;
		for (i = 0; i < p->nr_readers; i++)
			rrel |= prim_role(p->readers[i].site->primitive) == PRIM_ROLE_ACQUIRE;
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
					 e->access->path, site_where(e->site)));
	}
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const struct site *s = e->site;
		char *others, *near;
		unsigned line;

		if (prim_role(s->primitive) != PRIM_ROLE_WMB)
			continue;
		via_reasons(p, e, true);
		if (e->caller) {
			callee_reasons(p, e, true);
			continue;
		}
		if (!touches(&s->after, e->file, p->key, true))
			reason(p, "not-adjacent",
			       xasprintf("smp_wmb() in %s() is not directly followed by the store to %s (line %u)",
					 site_where(s), p->variable, e->access->line));
		if ((line = stored_again(&s->window_after, e)))
			reason(p, "stored-again",
			       xasprintf("%s() stores %s again at line %u, after the publish store; a reader that sees that value is not ordered by the release",
					 site_where(s), p->variable, line));
		others = near_stores(s, e);
		if (*others) {
			reason(p, "several-stores",
			       xasprintf("smp_wmb() in %s() is followed by several stores; %s would lose its ordering after the data",
					 site_where(s), others));
			p->changes += count_listed(others);
		}
		near = others;
		others = subscribed_stores(p, all, nr_all, s, e);
		if (*others) {
			reason(p, "several-stores",
			       xasprintf("smp_wmb() in %s() also orders the later stores to %s, which readers subscribe to; they would lose their ordering after the data",
					 site_where(s), others));
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
						 site_where(s), later));
				p->changes += count_listed(later);
			}
			free(later);
		}
		free(others);
		if (s->call_after)
			reason(p, "call-between",
			       xasprintf("a call (%s()) sits between smp_wmb() and the store to %s in %s(); its stores would no longer be ordered after the data",
					 s->call_after_name ? s->call_after_name : "?", p->variable,
					 site_where(s)));
	}
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct site *s = e->site;
		char *others;
		unsigned line;

		if (prim_role(s->primitive) != PRIM_ROLE_RMB)
			continue;
		via_reasons(p, e, false);
		if (e->caller) {
			callee_reasons(p, e, false);
			continue;
		}
		if (!touches(&s->before, e->file, p->key, false))
			reason(p, "not-adjacent",
			       xasprintf("smp_rmb() in %s() does not directly follow the load of %s (line %u)",
					 site_where(s), p->variable, e->access->line));
		if ((line = loaded_again(&s->window_before, e->access)))
		{
			reason(p, "several-loads",
			       xasprintf("%s is also loaded at line %u before smp_rmb() in %s() (another path, or a second load): only one load can become the acquire",
					 p->variable, line, site_where(s)));
			p->changes++;
		}
		others = other_loads(&s->window_before, e->access);
		if (*others) {
			reason(p, "loses-ordering",
			       xasprintf("the load of %s before smp_rmb() in %s() would lose its ordering against the loads after it",
					 others, site_where(s)));
			p->changes += count_listed(others);
		}
		free(others);
		if (s->call_before || s->window_call_before)
			reason(p, "call-between",
			       xasprintf("a call (%s()) sits before smp_rmb() in %s(), near the load of %s; the loads it makes would lose their ordering",
					 s->call_before_name ? s->call_before_name : "?", site_where(s),
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
void classify_shared_barriers(struct pair_result *out)
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
							 e->site->primitive, site_where(e->site), q->variable,
							 verdict_name(q->verdict)));
					changed = true;
					break;
				}
			}
		}
	}
}
