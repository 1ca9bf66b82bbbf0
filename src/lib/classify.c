/*
 * classify.c: the verdict of each protocol and the reasons for it. Each
 * rule is one function in the table at the end; a rule adds reasons, and a
 * reason's code decides how far it moves the verdict (codes[] below).
 */
#include "classify.h"
#include "key.h"
#include "prims.h"
#include "strbuf.h"
#include "util.h"
#include "visible.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* How deep the accesses of called functions are followed. */
#define MAX_CALL_DEPTH 3

/* Most reasons one protocol lists; the rest would repeat the same caveats. */
#define MAX_REASONS 32

/* What each reason code makes of a protocol. */
enum severity { SEV_INFO, SEV_REVIEW, SEV_KEEP };

static const struct code {
	const char *code;
	enum severity sev;
} codes[] = {
	/* not this pattern: keep */
	{ "seqcount", SEV_KEEP }, { "fence", SEV_KEEP }, { "external", SEV_KEEP },
	{ "load-before-wmb", SEV_KEEP }, { "rcu", SEV_KEEP }, { "operand", SEV_KEEP },
	{ "store-before", SEV_KEEP }, { "nothing-converts", SEV_KEEP },
	{ "constant", SEV_KEEP }, { "barrier-before-load", SEV_KEEP },
	{ "comment-names-other", SEV_KEEP }, { "completion", SEV_KEEP }, { "store-before-rmb", SEV_KEEP }, { "guard-load", SEV_KEEP }, { "spin-loop", SEV_KEEP },
	{ "publishes-object", SEV_KEEP }, { "group", SEV_KEEP }, { "first-store", SEV_KEEP },
	{ "handoff", SEV_KEEP }, { "no-publisher", SEV_KEEP }, { "branch-end", SEV_KEEP },
	{ "own-variable", SEV_KEEP },
	{ "unread", SEV_KEEP },
	/* convertible, with caveats: review */
	{ "one-side", SEV_REVIEW }, { "type-size", SEV_REVIEW }, { "type-unknown", SEV_REVIEW },
	{ "field-name-only", SEV_REVIEW }, { "side-effects", SEV_REVIEW },
	{ "stored-again", SEV_REVIEW }, { "several-stores", SEV_REVIEW },
	{ "several-loads", SEV_REVIEW }, { "loses-ordering", SEV_REVIEW },
	{ "call-between", SEV_REVIEW },
	{ "shared-barrier", SEV_REVIEW }, { "config", SEV_REVIEW }, { "zero-store", SEV_REVIEW },
	{ "unanchored", SEV_REVIEW }, { "shared-helper", SEV_REVIEW },
	/* said for the reader, changing nothing */
	{ "adjacent", SEV_INFO }, { "release-acquire", SEV_INFO }, { "stays", SEV_INFO },
	{ "reader-stays", SEV_INFO }, { "writer-alone", SEV_INFO }, { "dependent-readers", SEV_INFO },
	{ "fenced-readers", SEV_INFO }, { "named-readers", SEV_INFO },
	{ "redundant", SEV_INFO },
};

static enum severity severity_of(const char *code)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(codes); i++)
		if (!strcmp(codes[i].code, code))
			return codes[i].sev;
	return SEV_REVIEW;
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
	p->reasons[p->nr_reasons].reader = false;
	p->reasons[p->nr_reasons++].text = text;
}

/* The reasons from index from on are about a reader's smp_rmb() alone. */
static void reader_reasons(struct protocol *p, size_t from)
{
	for (; from < p->nr_reasons; from++)
		p->reasons[from].reader = true;
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

/* ---- ends ---- */

static const struct pair_end *end_at(const struct protocol *p, size_t i)
{
	return i < p->nr_writers ? &p->writers[i] : &p->readers[i - p->nr_writers];
}

static size_t nr_ends(const struct protocol *p)
{
	return p->nr_writers + p->nr_readers;
}

/*
 * A publish store with a release form: a plain store, WRITE_ONCE() or an
 * atomic set. A bit operation or an atomic read-modify-write has none, so
 * its smp_wmb() stays.
 */
static bool has_release_form(const struct access *a)
{
	static const char *const plain_like[] = {
		"WRITE_ONCE", "atomic_set", "atomic64_set", "atomic_long_set",
		"clear_bit",	/* clear_bit_unlock() is its release form */
	};
	size_t i;

	if (!a->via)
		return true;
	for (i = 0; i < ARRAY_SIZE(plain_like); i++)
		if (!strcmp(a->via, plain_like[i]))
			return true;
	return false;
}

/*
 * A subscribe load with an acquire form: a plain load, READ_ONCE(), an
 * atomic read, test_bit(). A read-modify-write is already ordered its own way.
 */
static bool has_acquire_form(const struct access *a)
{
	static const char *const plain_like[] = {
		"READ_ONCE", "atomic_read", "atomic64_read", "atomic_long_read", "test_bit",
	};
	size_t i;

	if (!a->via)
		return true;
	for (i = 0; i < ARRAY_SIZE(plain_like); i++)
		if (!strcmp(a->via, plain_like[i]))
			return true;
	return false;
}

/*
 * An smp_wmb() that orders no published data: its function loads and does
 * not store or call before it (a consumer's own index update orders a load
 * before a store), or it starts a static function whose callers store
 * nothing before they call it.
 */
static bool orders_no_data(const struct pair_end *e)
{
	const struct site *s = e->site;
	size_t c;

	if (e->caller || s->window_call_before || access_list_count(&s->window_before, true))
		return false;
	if (s->window_before.nr)
		return true;
	if (!s->nr_callers || s->unknown_callers || !s->static_function)
		return false;
	for (c = 0; c < s->nr_callers; c++)
		if (access_list_count(&s->callers[c].before, true) || !s->callers[c].before.nr)
			return false;
	return true;
}

/*
 * A writer of p in the same function as reader end e, or NULL: then the
 * reader loads what its own function stores (the producer re-reading its
 * index after smp_wmb(); ... smp_rmb()), which is no subscription to
 * another thread's publication; the barrier orders something else.
 */
static const struct pair_end *own_store(const struct protocol *p, const struct pair_end *e)
{
	size_t i;

	if (protocol_is_writer(p, e) || e->caller || e->helper || !e->site->function)
		return NULL;
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *w = &p->writers[i];

		if (!w->caller && w->site->function && !strcmp(w->file, e->file) &&
		    !strcmp(w->site->function, e->site->function))
			return w;
	}
	return NULL;
}

/*
 * The line of a store of p's variable that reader end e's function makes
 * after the subscribe load and before the barrier, or 0: "if (!x->ready)
 * goto out; x->ready = 0; smp_mb();" orders the thread's own store, and
 * what the load saw is overwritten before the barrier.
 */
static unsigned stored_after_load(const struct protocol *p, const struct pair_end *e)
{
	const struct access_list *l = &e->site->window_before;
	size_t i;

	if (protocol_is_writer(p, e) || e->caller || e->helper)
		return 0;
	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write && l->v[i].off > e->access->off &&
		    access_is(&l->v[i], e->file, p->key))
			return l->v[i].line;
	return 0;
}

/*
 * Whether end e's access is of p's variable. A comment can join a barrier
 * whose loads are of other variables (the subscribe load is then
 * elsewhere); such an end is never rewritten.
 */
static bool anchored(const struct protocol *p, const struct pair_end *e)
{
	return access_is(e->access, e->access_file, p->key) && !own_store(p, e) &&
	       !stored_after_load(p, e);
}

/* The first store after (or last load before) a call is to key. */
static bool caller_adjacent(const struct caller *c, const char *file, const char *key, bool writes)
{
	const struct access_list *l = writes ? &c->after : &c->before;
	size_t i;

	file = caller_file(c, file);
	/* windows list the nearest statement first */
	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write == writes)
			return access_is(&l->v[i], file, key);
	return false;
}

/* Callers named in the reason a callee barrier stays; the rest are counted. */
#define CALLERS_NAMED 3

/*
 * Why the barrier of end e, one call level away, cannot move into its
 * callers (NULL when it can): the release (or acquire) would go into every
 * caller, so every caller must store (or load) p's variable right there, all
 * of them in the barrier's own file, and no caller may be hidden from acqrel.
 * Caller frees the answer.
 */
static char *callee_stays(const struct protocol *p, const struct pair_end *e, bool writer)
{
	const struct site *s = e->site;
	size_t i, k = 0;
	const char *other = NULL;

	if (!e->caller)
		return NULL;
	if (!s->static_function)
		return xasprintf("%s() is not static: callers in other files and modules may not %s %s",
				 s->function, writer ? "store" : "load", p->variable);
	if (strlen(e->file) > 2 && !strcmp(e->file + strlen(e->file) - 2, ".h"))
		return xasprintf("%s() is defined in a header: every file that includes it may call it without %s %s",
				 s->function, writer ? "storing" : "loading", p->variable);
	if (s->unknown_callers)
		return xasprintf("%s() is also used other than by a direct call in its file (its address is taken, or a macro calls it): callers acqrel cannot see",
				 s->function);
	for (i = 0; i < s->nr_callers; i++) {
		k += !caller_adjacent(&s->callers[i], e->file, p->key, writer);
		if (s->callers[i].file && !other)
			other = s->callers[i].file;
	}
	if (other)
		return xasprintf("%s() is called from %s, another file", s->function, other);
	if (k) {
		struct strbuf sb = STRBUF_INIT;
		size_t named = 0;

		strbuf_addf(&sb, "%zu of the %zu callers of %s() do not %s %s right %s the call:",
			    k, s->nr_callers, s->function, writer ? "store" : "load",
			    p->variable, writer ? "after" : "before");
		for (i = 0; i < s->nr_callers && named < CALLERS_NAMED; i++) {
			if (caller_adjacent(&s->callers[i], e->file, p->key, writer))
				continue;
			strbuf_addf(&sb, "%s %s() (line %u)", named ? "," : "",
				    s->callers[i].function, s->callers[i].line);
			named++;
		}
		if (k > named)
			strbuf_addf(&sb, " and %zu more", k - named);
		return strbuf_detach(&sb);
	}
	return NULL;
}

/* An end whose barrier the conversion removes: smp_wmb() or smp_rmb() with such a form. */
bool classify_convertible(const struct protocol *p, const struct pair_end *e)
{
	enum prim_role r = prim_role(e->site->primitive);

	char *stays;

	if (e->kept_back || !anchored(p, e))
		return false;
	if ((stays = callee_stays(p, e, protocol_is_writer(p, e)))) {
		free(stays);
		return false;
	}
	if (protocol_is_writer(p, e))
		return r == PRIM_ROLE_WMB && has_release_form(e->access) && !orders_no_data(e);
	return r == PRIM_ROLE_RMB && has_acquire_form(e->access);
}

bool classify_anchored(const struct protocol *p, const struct pair_end *e)
{
	return anchored(p, e);
}

bool classify_any_anchored(const struct protocol *p, const struct pair_end *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (anchored(p, &v[i]))
			return true;
	return false;
}

/* file's name as written next to path: its base name when both share a folder */
static const char *same_folder(const char *file, const char *path)
{
	const char *a = strrchr(file, '/'), *b = strrchr(path, '/');

	if (a && b && a - file == b - path && !strncmp(file, path, (size_t)(a - file)))
		return a + 1;
	return file;
}

void classify_end_functions_in(struct strbuf *sb, const struct protocol *p,
			       const struct pair_end *v, size_t n, const char *const *paths,
			       size_t nr_paths)
{
	const char *seen[16], *where[16];
	size_t i, k, nr = 0;
	bool any = classify_any_anchored(p, v, n);

	for (i = 0; i < n && nr < 16; i++) {
		const struct site *s = v[i].site;
		bool callers = v[i].caller && classify_convertible(p, &v[i]);
		size_t c, nc = callers ? s->nr_callers : 1;

		if (any && !anchored(p, &v[i]))
			continue;

		for (c = 0; c < nc && nr < 16; c++) {
			const char *fn = callers ? s->callers[c].function : site_where(s);
			const char *file = callers && s->callers[c].file ? s->callers[c].file
									 : v[i].file;

			for (k = 0; k < nr && strcmp(seen[k], fn); k++)
				;
			if (k == nr) {
				where[nr] = file;
				seen[nr++] = fn;
			}
		}
	}
	for (i = 0; i < nr; i++) {
		size_t f;

		strbuf_addf(sb, "%s%s()", i == 0 ? "" : i + 1 == nr ? " and " : ", ", seen[i]);
		if (!paths || !where[i])
			continue;
		for (f = 0; f < nr_paths && strcmp(paths[f], where[i]); f++)
			;
		if (f == nr_paths)
			strbuf_addf(sb, " in %s", same_folder(where[i], paths[0]));
	}
	/* no reader end: the readers that follow the pointer (rule DEP) */
	if (!n && v == p->readers && !p->nr_readers && p->dep_readers)
		strbuf_adds(sb, p->dep_readers);
}

void classify_end_functions(struct strbuf *sb, const struct protocol *p,
			    const struct pair_end *v, size_t n)
{
	classify_end_functions_in(sb, p, v, n, NULL, 0);
}

/* ---- who can see what the conversion reorders ---- */

/*
 * Records access a as changing ordering when end e converts; true when
 * another thread can see it. a is made by e's function itself, or (call
 * not NULL) by a function it calls there, defined in file, or (tail not
 * NULL) by that caller of e's function after the call, classed as if the
 * caller were the end (its locks).
 */
static bool weigh_access(const struct classify_ctx *ctx, struct protocol *p,
			 const struct pair_end *e, const struct access *a,
			 const struct call_ref *call, const struct caller *tail, const char *file,
			 const struct func_summary *in)
{
	struct pair_end as_caller = *e;
	struct changed *c;
	size_t i;

	for (i = 0; i < p->nr_changed; i++)
		if (p->changed[i].access == a && p->changed[i].end == e)
			return p->changed[i].cls == VIS_SHARED;
	ALLOC_GROW(p->changed, p->nr_changed + 1, p->alloc_changed);
	c = &p->changed[p->nr_changed++];
	memset(c, 0, sizeof(*c));
	c->access = a;
	c->end = e;
	c->call = call;
	c->tail = tail;
	c->file = file;
	if (tail) {
		as_caller.caller = tail;
		c->cls = (int)visible_class_as(ctx, p, &as_caller, true, a, file, a->off,
					       &c->evidence);
	} else {
		c->cls = (int)visible_class_in(ctx, p, e, a, file, call ? call->off : a->off, in,
					       &c->evidence);
	}
	p->changes++;
	return c->cls == VIS_SHARED;
}

static bool weigh_in(const struct classify_ctx *ctx, struct protocol *p, const struct pair_end *e,
		     const struct access *a, const struct call_ref *call, const char *file)
{
	return weigh_access(ctx, p, e, a, call, NULL, file, NULL);
}

static bool weigh(const struct classify_ctx *ctx, struct protocol *p, const struct pair_end *e,
		  const struct access *a)
{
	return weigh_in(ctx, p, e, a, NULL, e->file);
}

/* Appends "a (line N)" to a list of paths unless it is there. */
static void list_add(struct strbuf *sb, const struct access *a)
{
	char *item = xasprintf("%s (line %u)", a->path, a->line);

	if (!strstr(sb->buf, item))
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", item);
	free(item);
}

/* ---- the judgement of one protocol ---- */

struct judge {
	const struct classify_ctx *ctx;
	struct types *t;
	struct protocol *p;
	const struct protocol *all;
	size_t nr_all;
	enum field_kind kind;	/* of the protocol's variable */
	char *decl;		/* its declaration, or NULL */
	char *device;		/* rule DEV: the first call of the end being weighed
				   that reaches device memory, or NULL */
};

/* Whether any reason so far makes the protocol keep. */
static bool kept(const struct protocol *p)
{
	size_t i;

	for (i = 0; i < p->nr_reasons; i++)
		if (severity_of(p->reasons[i].code) == SEV_KEEP)
			return true;
	return false;
}

/* ---- rules: not this pattern (keep) ---- */

/* Memory a device, a hypervisor or user space reads: dma_ and virt_ barriers, __le/__be, uapi. */
static void rule_external(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		const char *prim = e->site->primitive;

		if (!strncmp(prim, "dma_", 4) || !strncmp(prim, "virt_", 5))
			reason(p, "external",
			       xasprintf("%s() in %s() also orders %s: the memory is shared with a %s, which release and acquire do not order",
					 prim, site_where(e->site), p->variable,
					 prim[0] == 'd' ? "device" : "hypervisor"));
	}
	if (j->decl && (strstr(j->decl, "__le") || strstr(j->decl, "__be")))
		reason(p, "external",
		       xasprintf("%s has a fixed byte order (%s): a layout shared with a device, firmware or another machine",
				 p->variable, j->decl));
	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		bool writer = protocol_is_writer(p, e);

		if (e->caller || !(writer ? e->site->mmio_after : e->site->mmio_before))
			continue;
		reason(p, "external",
		       xasprintf(writer ? "%s() in %s() is followed by a write to device memory (writel() or kin): it orders memory a device reads, which release and acquire do not"
				: "%s() in %s() follows a read of device memory (readl() or kin): it orders what a device wrote, which release and acquire do not",
				 e->site->primitive, site_where(e->site)));
	}
	if (p->object && nr_ends(p)) {
		char *sname = xstrndup(p->object, strcspn(p->object, "."));
		const char *where = types_struct_file(j->t, end_at(p, 0)->file, sname);

		if (where && (!strncmp(where, "include/uapi/", 13) || strstr(where, "/include/uapi/")))
			reason(p, "external",
			       xasprintf("struct %s is declared in %s, a layout user space shares: the other side may be a program",
					 sname, where));
		else if (where && (strstr(where, "vdso") || strstr(where, "vvar")))
			reason(p, "external",
			       xasprintf("struct %s is declared in %s: vDSO data, mapped into user space and read there, which acqrel does not see",
					 sname, where));
		free(sname);
	}
}

/*
 * Rule USER: a writer's smp_wmb() followed in its window by a store to user
 * memory (unsafe_put_user(), copy_to_user(), ...), or a reader's smp_rmb()
 * preceded by a load from it: the barrier orders memory that user space
 * or a guest reads or writes (a steal-time record, a shared page), which a
 * release or an acquire of a kernel variable does not order. Not this
 * pattern.
 */
static void rule_user_memory(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		bool writer = protocol_is_writer(p, e);
		const struct call_list *calls = writer ? &e->site->calls_after
						       : &e->site->calls_before;

		if (e->caller)
			continue;
		for (k = 0; k < calls->nr; k++) {
			const char *name = calls->v[k].name;

			if (prim_user_copy(name, strlen(name)) !=
			    (writer ? PRIM_MMIO_WRITE : PRIM_MMIO_READ))
				continue;
			reason(p, "external",
			       xasprintf(writer ? "%s() in %s() is followed by %s() (line %u), a store to user memory: it orders what user space or a guest reads there, which a release of %s does not"
					: "%s() in %s() follows %s() (line %u), a load from user memory: it orders what user space or a guest wrote there, which an acquire of %s does not",
					 e->site->primitive, site_where(e->site), name,
					 calls->v[k].line, p->variable));
			return;
		}
	}
}

static const struct call_ref *call_named(const struct call_list *l, size_t limit,
					 const char *const *names, size_t n);
static size_t subscribe_off(const struct pair_end *e);

/* The waits for a completion: complete() and the wait order what the completer did, by its lock. */
static const char *const completion_waits[] = {
	"wait_for_completion", "wait_for_completion_timeout", "wait_for_completion_io",
	"wait_for_completion_io_timeout", "wait_for_completion_interruptible",
	"wait_for_completion_interruptible_timeout", "wait_for_completion_killable",
	"wait_for_completion_killable_timeout", "wait_for_completion_state",
	"try_wait_for_completion",
};

/*
 * Rule COMPLETION: a reader's smp_rmb() whose window before waits for a
 * completion after the subscribe load (or whose subscribe load is in a
 * caller, before the call): "wait_for_completion_timeout(&done, t); ...
 * smp_rmb(); /+ read error code after completion +/". The barrier reads
 * what the completer wrote before complete(), and the completion's lock
 * orders that; no load of the caller's is what it subscribes to.
 */
static void rule_completion(struct judge *j)
{
	struct protocol *p = j->p;
	const struct call_ref *c;
	size_t i;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];

		if (prim_role(e->site->primitive) != PRIM_ROLE_RMB ||
		    !(c = call_named(&e->site->calls_before, SIZE_MAX, completion_waits,
				     ARRAY_SIZE(completion_waits))) ||
		    (!e->caller && subscribe_off(e) > c->off))
			continue;
		reason(p, "completion",
		       xasprintf("smp_rmb() in %s() follows %s() (line %u), after the load of %s: it reads what the completer wrote before complete(), which the completion orders, and subscribes to no load of %s",
				 site_where(e->site), c->name, c->line, p->variable, p->variable));
		return;
	}
}

/* DMA syncs that take a streaming DMA buffer back from a device for the CPU. */
static const char *const dma_syncs_for_cpu[] = {
	"dma_sync_single_for_cpu", "dma_sync_single_range_for_cpu", "dma_sync_sg_for_cpu",
	"dma_sync_sgtable_for_cpu",
};

/*
 * Rule DMA-SYNC: a reader's smp_rmb() with a DMA sync for the CPU as a
 * statement of its own right next to it, in its windows, no load between
 * (before it, the subscribe load comes first) ("/+ info is
 * updated by nfc dma engine +/ smp_rmb(); dma_sync_single_for_cpu(...);
 * ret = *info & ECC_COMPLETE;"): the barrier is about memory a device
 * writes, which release and acquire do not order.
 */
static void rule_dma_sync(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct call_list *lists[] = { &e->site->calls_before, &e->site->calls_after };

		if (e->caller)
			continue;
		for (k = 0; k < ARRAY_SIZE(lists); k++) {
			const struct call_ref *c = lists[k]->nr ? &lists[k]->v[0] : NULL;

			/* the nearest call, a statement of its own, with no load between */
			if (!c || !c->direct ||
			    !call_named(lists[k], 1, dma_syncs_for_cpu, ARRAY_SIZE(dma_syncs_for_cpu)) ||
			    (k == 0 ? subscribe_off(e) > c->off || e->access_file != e->file
				    : e->site->window_after.nr && e->site->window_after.v[0].off < c->off))
				continue;
			reason(p, "external",
			       xasprintf("%s() in %s() is right next to %s() (line %u): it orders what a device writes into a DMA buffer, which release and acquire do not",
					 e->site->primitive, site_where(e->site), c->name, c->line));
			return;
		}
	}
}

/*
 * A mandatory or full fence that orders the very access a converted end
 * publishes or subscribes with: the barrier being removed is not all that
 * orders it, and a full fence orders more than release and acquire do.
 */
static void rule_fence(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *f = end_at(p, i);

		if (prim_role(f->site->primitive) != PRIM_ROLE_FENCE)
			continue;
		for (k = 0; k < nr_ends(p); k++) {
			const struct pair_end *e = end_at(p, k);

			if (!classify_convertible(p, e) || e->access != f->access)
				continue;
			reason(p, "fence",
			       xasprintf("%s() in %s() also orders the %s of %s at line %u: %s",
					 f->site->primitive, site_where(f->site),
					 protocol_is_writer(p, e) ? "store" : "load", p->variable,
					 e->access->line,
					 !strcmp(f->site->primitive, "smp_mb")
					 ? "a full barrier orders earlier stores before later loads, which release and acquire do not"
					 : "a mandatory barrier orders accesses for devices too, which release and acquire do not"));
			break;
		}
	}
}

/*
 * The sites of end e's function: fs->v[*lo .. *hi) (a function's sites are
 * contiguous in file order, macros inside it aside).
 */
static void function_sites(const struct pair_end *e, size_t *lo, size_t *hi)
{
	const struct file_sites *fs = e->fs;
	size_t at = (size_t)(e->site - fs->v);

	*lo = at;
	*hi = at + 1;
	while (*lo > 0 && (!fs->v[*lo - 1].function ||
			   !strcmp(fs->v[*lo - 1].function, e->site->function)))
		(*lo)--;
	while (*hi < fs->nr && (!fs->v[*hi].function ||
				!strcmp(fs->v[*hi].function, e->site->function)))
		(*hi)++;
}

/* Whether site s of end e's function is an smp_wmb() (or smp_rmb()) of it. */
static bool own_barrier(const struct pair_end *e, const struct site *s, const char *primitive)
{
	return s->function && !strcmp(s->function, e->site->function) &&
	       !strcmp(s->primitive, primitive);
}

static bool other_bit(const struct access *a, const struct access *b);

/* Whether l stores what store a stores (the same bit of a flags word). */
static bool stores_same(const struct access_list *l, const struct access *a)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].is_write && !strcmp(l->v[i].path, a->path) && !other_bit(&l->v[i], a))
			return true;
	return false;
}

/*
 * Whether text[from..to) runs straight through: no return, goto, break or
 * continue, no label, and no closing brace of a block it did not open
 * (comments, strings and preprocessor lines aside), so that code at to
 * runs after code at from on every path.
 */
static bool straight_between(const char *text, size_t from, size_t to)
{
	static const char *const jumps[] = { "return", "goto", "break", "continue" };
	size_t i = from, k;
	int depth = 0;
	bool line_start = false;

	while (i < to && text[i]) {
		char c = text[i];

		if (c == '/' && text[i + 1] == '*') {
			const char *end = strstr(text + i + 2, "*/");

			i = end ? (size_t)(end - text) + 2 : to;
			continue;
		}
		if ((c == '/' && text[i + 1] == '/') || (c == '#' && line_start)) {
			while (i < to && text[i] && text[i] != '\n')
				i++;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (i++; i < to && text[i] && text[i] != c && text[i] != '\n'; i++)
				if (text[i] == '\\' && text[i + 1])
					i++;
			i++;
			line_start = false;
			continue;
		}
		if (c == '\n') {
			line_start = true;
			i++;
			continue;
		}
		if (c == '{')
			depth++;
		else if (c == '}' && --depth < 0)
			return false;
		if (isalpha((unsigned char)c) || c == '_') {
			size_t n = 0, j;

			while (isalnum((unsigned char)text[i + n]) || text[i + n] == '_')
				n++;
			for (k = 0; k < ARRAY_SIZE(jumps); k++)
				if (n == strlen(jumps[k]) && !memcmp(text + i, jumps[k], n))
					return false;
			/* a label: "name:" opening its line, not "default:" */
			for (j = i + n; text[j] == ' ' || text[j] == '\t'; j++)
				;
			if (line_start && text[j] == ':' && text[j + 1] != ':' &&
			    !(n == 7 && !memcmp(text + i, "default", 7)))
				return false;
			i += n;
			line_start = false;
			continue;
		}
		if (!isspace((unsigned char)c))
			line_start = false;
		i++;
	}
	return true;
}

/*
 * Rule S, writer: end e's smp_wmb() is one of a seqcount-style write
 * section of its function, "seq++; smp_wmb(); data...; smp_wmb(); seq++;":
 * some variable (the sequence, whichever the protocol is) is stored right
 * before an smp_wmb() at or before e's and right after one at or after it
 * (the same one: "seq++; smp_wmb(); seq++;"), the code between them
 * running straight through. The section's barriers order the sequence
 * against every data store of it, which no release on one store replaces.
 * A store right before the next smp_wmb() alone ("wmb; idx = n; wmb;
 * unlock") is no section. The sequence's path, or NULL.
 */
static const char *write_section(struct judge *j, const struct pair_end *e)
{
	const struct file_sites *fs = e->fs;
	const char *text = types_text(j->t, e->file);
	size_t lo, hi, a, b, k, len = text ? strlen(text) : 0;

	function_sites(e, &lo, &hi);
	for (a = lo; a < hi; a++) {
		const struct site *open = &fs->v[a];

		if (!own_barrier(e, open, "smp_wmb") || open->off > e->site->off)
			continue;
		for (b = a; b < hi; b++) {
			const struct site *close = &fs->v[b];

			if (!own_barrier(e, close, "smp_wmb") || close->off < e->site->off ||
			    close->off > len ||
			    !straight_between(text, open->off, close->off))
				continue;
			for (k = 0; k < open->before.nr; k++)
				if (open->before.v[k].is_write &&
				    stores_same(&close->after, &open->before.v[k]))
					return open->before.v[k].path;
		}
	}
	return NULL;
}

/*
 * Rule S, writer, the variable itself: end e's function stores the
 * protocol's variable right before one of its smp_wmb()s too. Before e's
 * ("++chip->slots; smp_wmb(); ...; --chip->slots;"), that barrier orders
 * the first store before the data, which a release on the later store
 * does not; after it ("smp_wmb(); *a = x; smp_wmb(); *b = y;"), the
 * function orders its stores in phases, each barrier the end of one,
 * which one release does not express either. The line of that store, or 0.
 */
static unsigned stored_before(const struct pair_end *e, const char *key)
{
	const struct file_sites *fs = e->fs;
	size_t lo, hi, a, k;

	function_sites(e, &lo, &hi);
	for (a = lo; a < hi; a++) {
		const struct site *s = &fs->v[a];

		if (!own_barrier(e, s, "smp_wmb"))
			continue;
		for (k = 0; k < s->before.nr; k++)
			if (s->before.v[k].is_write && access_is(&s->before.v[k], e->file, key))
				return s->before.v[k].line;
	}
	return 0;
}

/*
 * Rule S, writer, a chain: end e's smp_wmb() comes right after the only
 * store made since an earlier smp_wmb() of its function, straight through
 * ("gced = n; smp_wmb(); seq += 1; smp_wmb(); ..."): that store is what
 * the earlier barrier publishes, and e's barrier orders it ahead of
 * everything after it, the end of a seqcount-style phase, not the
 * publication of the store that happens to follow. The store's access, or
 * NULL.
 */
static const struct access *chained_store(struct judge *j, const struct pair_end *e)
{
	const struct file_sites *fs = e->fs;
	const struct site *s = e->site;
	const char *text = types_text(j->t, e->file);
	const struct access *x = NULL;
	size_t lo, hi, a, k, len = text ? strlen(text) : 0;

	for (k = 0; k < s->before.nr; k++) {
		if (!s->before.v[k].is_write)
			continue;
		if (x && strcmp(x->path, s->before.v[k].path))
			return NULL;
		x = &s->before.v[k];
	}
	if (!x || access_is(x, e->file, j->p->key))
		return NULL;
	function_sites(e, &lo, &hi);
	for (a = lo; a < hi; a++) {
		const struct site *open = &fs->v[a];

		if (!own_barrier(e, open, "smp_wmb") || open->off >= s->off || s->off > len ||
		    !straight_between(text, open->off, s->off))
			continue;
		if (open->after.nr && open->after.v[0].is_write &&
		    !strcmp(open->after.v[0].path, x->path) && !other_bit(&open->after.v[0], x))
			return x;
	}
	return NULL;
}

/*
 * Rule S, reader: the function of this end reads the variable after
 * another smp_rmb() too (reads it before one and after another: a retry).
 */
/* Whether text[from..from+span) compares word a with word b ("a != b", "b == a"). */
static bool compares(const char *text, size_t from, size_t span, const char *a, const char *b)
{
	size_t n = strlen(text), end = from + span < n ? from + span : n, i;

	for (i = from; i < end; i++) {
		int side;

		if (i > 0 && is_c_ident_char(text[i - 1]))
			continue;
		for (side = 0; side < 2; side++) {
			const char *x = side ? b : a, *y = side ? a : b, *q;
			size_t xl = strlen(x);

			if (strncmp(text + i, x, xl) || is_c_ident_char(text[i + xl]))
				continue;
			for (q = text + i + xl; *q == ' ' || *q == '\t'; q++)
				;
			if ((q[0] != '!' && q[0] != '=') || q[1] != '=')
				continue;
			for (q += 2; *q == ' ' || *q == '\t'; q++)
				;
			if (!strncmp(q, y, strlen(y)) && !is_c_ident_char(q[strlen(y)]))
				return true;
		}
	}
	return false;
}

/*
 * Rule S, reader: the function of this end reads the variable after
 * another smp_rmb() too (reads it before one and after another: a retry):
 * right after it, or anywhere up to the next barrier when that second
 * value is then compared with the first ("ts = p->stamp; smp_rmb(); ...
 * smp_rmb(); ts2 = READ_ONCE(p2->stamp); if (ts2 != ts)": the check of a
 * seqcount-style read, which a load that only follows does not make).
 */
static bool retries(const struct pair_end *e, const struct judge *j, const char *key)
{
	const struct file_sites *fs = e->fs;
	const char *text = types_text(j->t, e->file), *first = e->access->assigned_to;
	size_t lo, hi, k, m;

	function_sites(e, &lo, &hi);
	for (k = lo; k < hi; k++) {
		const struct site *s = &fs->v[k];

		if (!own_barrier(e, s, "smp_rmb"))
			continue;
		if (touches(&s->after, e->file, key, false))
			return true;
		if (s == e->site || s->off < e->site->off || !text || !first || !key_is_ident(first))
			continue;
		for (m = 0; m < s->window_after.nr; m++) {
			const struct access *a = &s->window_after.v[m];

			if (!a->is_write && a->assigned_to && key_is_ident(a->assigned_to) &&
			    strcmp(a->assigned_to, first) && access_is(a, e->file, key) &&
			    a->off < strlen(text) && compares(text, a->off, 400, first, a->assigned_to))
				return true;
		}
	}
	return false;
}

static void rule_seqcount(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		const struct access *x;
		const char *seq;
		unsigned line;

		/* an unanchored reader still retries: its barrier is no subscription of p's */
		if ((!classify_convertible(p, e) && (protocol_is_writer(p, e) || anchored(p, e))) ||
		    !e->site->function || e->caller)
			continue;
		if (!protocol_is_writer(p, e)) {
			if (retries(e, j, p->key))
				reason(p, "seqcount",
				       xasprintf("%s() reads %s on both sides of its smp_rmb()s: a seqcount-style retry, which an acquire does not replace",
						 site_where(e->site), p->variable));
		} else if ((seq = write_section(j, e)) && !strcmp(seq, p->variable)) {
			reason(p, "seqcount",
			       xasprintf("%s() stores %s before an smp_wmb() and again after another: a seqcount-style writer, whose barriers order the sequence against all the data between them",
					 site_where(e->site), seq));
		} else if (seq) {
			reason(p, "seqcount",
			       xasprintf("%s() stores %s before an smp_wmb() and again after another, with the store to %s between: a seqcount-style writer, whose barriers order the sequence against all the data between them",
					 site_where(e->site), seq, p->variable));
		} else if ((line = stored_before(e, p->key))) {
			reason(p, "seqcount",
			       xasprintf("%s() stores %s right before one of its smp_wmb()s (line %u), which orders that store ahead of the stores after it: a chain of ordered stores, as in a seqcount writer, which a release on one store does not express",
					 site_where(e->site), p->variable, line));
		} else if ((x = chained_store(j, e))) {
			reason(p, "seqcount",
			       xasprintf("%s() stores %s (line %u) between two of its smp_wmb()s, and nothing else: the first publishes it, and smp_wmb() at line %u orders it ahead of everything after it, a chain of ordered stores as in a seqcount writer, not a publication of %s that a release would express",
					 site_where(e->site), x->path, x->line, e->site->line, p->variable));
		}
	}
}

/*
 * The text of the call at text[off] (its name up to the closing
 * parenthesis), with blanks squeezed out, in buf[0..size), and where it
 * ends in *end; false when it does not fit or is no call.
 */
static bool call_text(const char *text, size_t off, char *buf, size_t size, size_t *end)
{
	size_t n = 0, k = off;
	int depth = 0;

	for (; text[k]; k++) {
		char c = text[k];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue;
		if (n + 1 >= size || c == ';' || c == '{')
			return false;
		buf[n++] = c;
		if (c == '(')
			depth++;
		else if (c == ')' && --depth == 0)
			break;
	}
	buf[n] = '\0';
	*end = k + 1;
	return depth == 0 && n && buf[n - 1] == ')';
}

/* Where end e's subscribe load is in its barrier's file: the helper's call for one in a helper. */
static size_t subscribe_off(const struct pair_end *e)
{
	return e->helper ? e->helper->off : e->access->off;
}

/* Whether the call at text[off] is in the condition of an if or a while. */
static bool in_condition(const char *text, size_t off)
{
	size_t k = off;
	int depth = 0;

	/* out of the parentheses around it, to the keyword before the outermost */
	while (k > 0) {
		char c = text[--k];

		if (c == ')')
			depth++;
		else if (c == '(' && depth-- == 0) {
			size_t e = k;

			while (e > 0 && (text[e - 1] == ' ' || text[e - 1] == '\t'))
				e--;
			if ((e >= 2 && !memcmp(text + e - 2, "if", 2) &&
			     (e == 2 || !is_c_ident_char(text[e - 3]))) ||
			    (e >= 5 && !memcmp(text + e - 5, "while", 5) &&
			     (e == 5 || !is_c_ident_char(text[e - 6]))))
				return true;
			depth = 0;
		} else if (c == ';' || c == '{' || c == '}') {
			return false;
		}
	}
	return false;
}

/*
 * Rule RECHECK: a reader's smp_rmb() after which its function makes again
 * a call it made before the barrier (or before the smp_rmb() right before
 * it in the function, no other barrier between), with the same arguments,
 * testing it again in an if's or a while's condition that the barrier runs
 * straight into (no label, no jump between), when the subscribe
 * load is that first call's or comes before it ("if (!is_barrier(&it->base)) return
 * NULL; engine = ...; smp_rmb(); if (!is_barrier(&it->base)) return
 * NULL;", "commit = rb_page_commit(page); smp_rmb(); ... smp_rmb(); if
 * (commit > rb_page_commit(page))"): a re-check, as in a seqcount read.
 * The barrier orders the loads before it ahead of the call's second
 * loads, which an acquire on one load before it does not.
 */
static void rule_recheck(struct judge *j)
{
	struct protocol *p = j->p;
	char a[160], b[160];
	size_t i, k, m, c, lo, hi, end;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const char *text = types_text(j->t, e->file);

		/* the second call tests again: in an if's or a while's condition */
		if (e->caller || !text || !e->site->function ||
		    prim_role(e->site->primitive) != PRIM_ROLE_RMB)
			continue;
		function_sites(e, &lo, &hi);
		for (k = 0; k < e->site->calls_after.nr; k++) {
			const struct call_ref *again = &e->site->calls_after.v[k];

			size_t len = strlen(again->name), at = (size_t)(e->site - e->fs->v);
			bool dummy;
			int arg;

			if (prim_benign_call(again->name, len) ||
			    prim_classify(again->name, len) != PRIM_NONE ||
			    prim_marked_access(again->name, len, &dummy, &arg) ||
			    !in_condition(text, again->off) ||
			    !straight_between(text, e->site->off, again->off) ||
			    !call_text(text, again->off, a, sizeof(a), &end))
				continue;
			/* this barrier, and the one right before it in the function */
			for (m = at + 1; m-- > lo && m + 1 >= at;) {
				const struct site *s = &e->fs->v[m];

				if (!own_barrier(e, s, "smp_rmb"))
					continue;
				for (c = 0; c < s->calls_before.nr; c++) {
					size_t first = s->calls_before.v[c].off;

					/* the subscribe load is the first call's, or before it */
					if (strcmp(s->calls_before.v[c].name, again->name) ||
					    !call_text(text, first, b, sizeof(b), &end) || strcmp(a, b) ||
					    subscribe_off(e) >= end)
						continue;
					reason(p, "seqcount",
					       xasprintf("%s() calls %s again after its smp_rmb() (line %u), as before the barrier (line %u): a re-check, as in a seqcount read, whose barrier orders the loads before it ahead of the second call's, which an acquire on %s does not",
							 site_where(e->site), a, again->line,
							 s->calls_before.v[c].line, p->variable));
					return;
				}
			}
		}
	}
}

/* The checks that end a seqcount read section. */
static const char *const seqcount_retries[] = {
	"read_seqcount_retry", "__read_seqcount_retry", "raw_read_seqcount_retry",
	"read_seqretry", "read_seqcount_latch_retry", "raw_read_seqcount_latch_retry",
	"need_seqretry",
};

/*
 * Rule S: an smp_rmb() whose next calls include a seqcount retry check
 * ("smp_rmb(); if (__read_seqcount_retry(&lock.seqcount, seq)) ..."): the
 * read side of a seqcount, of another object than the variable loaded
 * before the barrier. The barrier orders the section's loads before the
 * retry's load of the sequence; an acquire on one variable does not. So
 * is one whose window before calls a seqcount begin ("seq =
 * __read_seqcount_begin(&s); smp_rmb();"), the start of a section.
 */
/* The loads that begin a seqcount read section, without a barrier of their own. */
static const char *const seqcount_begins[] = {
	"__read_seqcount_begin", "raw_read_seqcount_begin", "read_seqcount_begin",
	"raw_read_seqcount", "raw_seqcount_begin", "read_seqbegin",
};

/* The first of the first limit calls of l whose name is one of names[0..n), or NULL. */
static const struct call_ref *call_named(const struct call_list *l, size_t limit,
					 const char *const *names, size_t n)
{
	size_t k, m;

	for (k = 0; k < l->nr && k < limit; k++)
		for (m = 0; m < n; m++)
			if (!strcmp(l->v[k].name, names[m]))
				return &l->v[k];
	return NULL;
}

static void rule_seqcount_retry(struct judge *j)
{
	struct protocol *p = j->p;
	const struct call_ref *c;
	size_t i;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];

		if (e->caller || prim_role(e->site->primitive) != PRIM_ROLE_RMB)
			continue;
		/* "seq = __read_seqcount_begin(&s); smp_rmb();": a section's start */
		if ((c = call_named(&e->site->calls_before, SIZE_MAX, seqcount_begins,
				    ARRAY_SIZE(seqcount_begins)))) {
			reason(p, "seqcount",
			       xasprintf("smp_rmb() in %s() follows %s() (line %u): the start of a seqcount read section, which orders the sequence's load ahead of the loads it guards; an acquire on %s does not replace it",
					 site_where(e->site), c->name, c->line, p->variable));
			return;
		}
		if ((c = call_named(&e->site->calls_after, 2, seqcount_retries,
				    ARRAY_SIZE(seqcount_retries)))) {
			reason(p, "seqcount",
			       xasprintf("smp_rmb() in %s() is followed by %s() (line %u): the read side of a seqcount, which orders the loads before it ahead of the sequence's second load; an acquire on %s does not replace it",
					 site_where(e->site), c->name, c->line, p->variable));
			return;
		}
	}
}

/*
 * Whether a call of name from file may store what another thread reads:
 * not a quiet call, and not a function acqrel finds that stores nothing
 * and calls only quiet functions.
 */
/*
 * Whether header file also declares name by a prototype ("void name(...);"),
 * the other branch of an #ifdef whose stub acqrel found: the function that
 * one configuration builds (!CONFIG_MMU's empty unmap_mapping_range(), next
 * to the real one's prototype) says nothing of what the other does.
 */
static bool header_declares(struct judge *j, const char *file, const char *name)
{
	const char *text = types_text(j->t, file), *p;
	size_t n = strlen(name), fl = strlen(file);

	if (!text || fl < 2 || strcmp(file + fl - 2, ".h"))
		return false;
	for (p = text; (p = strstr(p, name)); p += n) {
		const char *q = p + n, *b = p, *w;
		int depth = 0;

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*q))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		/* a return type before it, not an operator or "return" */
		while (b > text && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '*' || b[-1] == '\n'))
			b--;
		for (w = b; w > text && is_c_ident_char(w[-1]); w--)
			;
		if (w == b || (b - w == 6 && !memcmp(w, "return", 6)))
			continue;
		for (; *q; q++)
			if (*q == '(')
				depth++;
			else if (*q == ')' && !--depth)
				break;
		if (!*q)
			return false;
		for (q++; isspace((unsigned char)*q); q++)
			;
		if (*q == ';')
			return true;
	}
	return false;
}

static bool call_may_store(struct judge *j, const char *file, const char *name, int depth)
{
	const struct func_summary *f;
	size_t k;

	if (prim_quiet_call(name))
		return false;
	f = depth < MAX_CALL_DEPTH && key_is_ident(name) && j->ctx->defs
	    ? defs_function(j->ctx->defs, file, name) : NULL;
	if (!f || !f->parsed)
		return true;
	/* an empty stub of one configuration: the other's body is not this one */
	if (!f->accesses.nr && !f->calls.nr && header_declares(j, f->file, name))
		return true;
	for (k = 0; k < f->accesses.nr; k++)
		if (f->accesses.v[k].is_write)
			return true;
	for (k = 0; k < f->calls.nr; k++)
		if (call_may_store(j, f->file, f->calls.v[k].name, depth + 1))
			return true;
	return false;
}

/* Whether text holds the identifier w[0..n) as a whole word. */
static bool mentions_word(const char *text, const char *w, size_t n)
{
	const char *p;

	for (p = text; (p = memmem(p, strlen(p), w, n)); p += n)
		if ((p == text || !is_c_ident_char(p[-1])) && !is_c_ident_char(p[n]))
			return true;
	return false;
}

/* Skips blanks and comments from p. */
static const char *skip_blank(const char *p)
{
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				return p;
			p = e + 2;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else {
			return p;
		}
	}
}

/*
 * Whether the statement right after the barrier at off in text is the
 * call at call_off: "f(...);" or "local = f(...);", nothing else first;
 * *local (borrowed from text, *local_len long) names that local, if any.
 */
static bool next_statement_calls(const char *text, size_t off, size_t call_off,
				 const char **local, size_t *local_len)
{
	const char *p, *q;

	if (!text || call_off <= off || call_off > strlen(text))
		return false;
	p = memchr(text + off, ';', call_off - off);
	if (!p)
		return false;
	*local = NULL;
	*local_len = 0;
	p = skip_blank(p + 1);
	if ((size_t)(p - text) == call_off)
		return true;
	/* "local = " before the call */
	for (q = p; is_c_ident_char(*q); q++)
		;
	if (q == p)
		return false;
	*local = p;
	*local_len = (size_t)(q - p);
	q = skip_blank(q);
	if (*q != '=' || q[1] == '=')
		return false;
	return (size_t)(skip_blank(q + 1) - text) == call_off;
}

/*
 * Where end e publishes, in the barrier's function: its publish store, or
 * the call of the helper that holds it.
 */
static size_t publish_off(const struct pair_end *e)
{
	return e->helper ? e->helper->off : e->access->off;
}

/*
 * Argument i of the call that starts at p (its name), blanks aside, with
 * its length in *len; NULL past the last one.
 */
static const char *call_argument(const char *p, size_t i, size_t *len)
{
	const char *arg;
	int depth = 0;

	while (*p && *p != '(' && *p != ';')
		p++;
	if (*p != '(')
		return NULL;
	for (arg = ++p; *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if ((*p == ')' || *p == ']' || *p == '}') && depth) {
			depth--;
		} else if (!depth && (*p == ',' || *p == ')')) {
			const char *end = p;

			if (!i--) {
				while (arg < end && isspace((unsigned char)*arg))
					arg++;
				while (end > arg && isspace((unsigned char)end[-1]))
					end--;
				*len = (size_t)(end - arg);
				return arg;
			}
			if (*p == ')')
				return NULL;
			arg = p + 1;
		}
	}
	return NULL;
}

/*
 * Whether the call at off of file is passed a function of the tree by
 * name (smp_call_function(ipi, ...), on_each_cpu(fn, ...)): it may run it,
 * whatever acqrel finds of the callee's own body (a stub for one
 * configuration).
 */
static bool passes_callback(struct judge *j, const char *file, size_t off)
{
	const char *text = types_text(j->t, file), *arg;
	size_t i, len;

	if (!text || off >= strlen(text))
		return false;
	for (i = 0; (arg = call_argument(text + off, i, &len)); i++) {
		char *name;
		bool fn;

		if (!len || len > 127)
			continue;
		name = xstrndup(arg, len);
		fn = key_is_ident(name) && types_is_function(j->t, file, name);
		free(name);
		if (fn)
			return true;
	}
	return false;
}

/* Whether a's store of site s lies between the barrier and off. */
static bool stores_before(const struct site *s, size_t off)
{
	size_t k;

	for (k = 0; k < s->window_after.nr; k++)
		if (s->window_after.v[k].is_write && s->window_after.v[k].off < off)
			return true;
	return false;
}

/* The summary of the function or macro that call c in end e's file calls, or NULL. */
static const struct func_summary *callee_of(struct judge *j, const struct pair_end *e,
					    const struct call_ref *c)
{
	return key_is_ident(c->name) && j->ctx->defs ? defs_function(j->ctx->defs, e->file, c->name)
						      : NULL;
}

/* Whether the call at c (in file) may store, or hands a function of the tree to run. */
static bool call_starts_something(struct judge *j, const char *file, const struct call_ref *c)
{
	return call_may_store(j, file, c->name, 0) || passes_callback(j, file, c->off);
}

/*
 * The first call of end e's window after the barrier, from index k on,
 * that may store, before the publish store and before any store of the
 * window: calls that touch no memory (unlikely(), a READ_ONCE()) do not
 * end the search, any other call (a lock, a function that only loads)
 * does. The call of e's helper counts as well; NULL when a store, the
 * publish store or another call comes first.
 */
static const struct call_ref *first_storing_call(struct judge *j, const struct pair_end *e,
						 size_t k)
{
	const struct site *s = e->site;

	for (; k < s->calls_after.nr; k++) {
		const struct call_ref *c = &s->calls_after.v[k];

		if (c->off <= s->off)
			continue;
		if (c->off > publish_off(e) || (c->off == publish_off(e) && !e->helper) ||
		    stores_before(s, c->off))
			return NULL;
		if (c->off == publish_off(e) || call_starts_something(j, e->file, c))
			return c;
		/* only what does nothing to memory (likely(), a marked access) is passed */
		if (!prim_quiet_call(c->name) ||
		    prim_lock_op(c->name, strlen(c->name)) != PRIM_LOCK_NONE)
			return NULL;
	}
	return NULL;
}

/*
 * Rule A inside the helper: when the publish store is in e's helper and
 * that helper is the first call after the barrier, a call the helper makes
 * before its publish store ("int init(c) { rc = hw_init(c); ... c->ptr =
 * 0; }", a loop of such calls) starts what the barrier's store must
 * precede, as a call in the barrier's own function would. Lock operations
 * order nothing of the data and are passed; a store of the helper before
 * the call ends the search (the helper publishes first). NULL, or that call.
 */
static const struct call_ref *helper_storing_call(struct judge *j, const struct pair_end *e)
{
	const struct func_summary *f = e->helper ? callee_of(j, e, e->helper) : NULL;
	size_t k, a;

	if (!f || !f->parsed || strcmp(f->file, e->access_file))
		return NULL;
	for (k = 0; k < f->calls.nr; k++) {
		const struct call_ref *c = &f->calls.v[k];

		if (c->off >= e->access->off)
			return NULL;
		if (prim_lock_op(c->name, strlen(c->name)) != PRIM_LOCK_NONE)
			continue;
		for (a = 0; a < f->accesses.nr; a++)
			if (f->accesses.v[a].is_write && f->accesses.v[a].off < c->off)
				return NULL;
		if (call_starts_something(j, f->file, c))
			return c;
	}
	return NULL;
}

/*
 * Whether a reader of p loads a's variable (a of file) after its barrier,
 * or, for a global, loads through it (demo_cur->buf[0] after "demo_cur =
 * t;"): then a is the data the protocol publishes, and the barrier before
 * the flag is message passing, whatever the writer calls in between.
 */
static bool readers_load_after(const struct protocol *p, const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev);
	bool out = false;
	size_t i, k;

	for (i = 0; key && i < p->nr_readers && !out; i++) {
		const struct access_list *l = &p->readers[i].site->window_after;

		out = touches(l, p->readers[i].file, key, false);
		for (k = 0; k < l->nr && !out && key_is_ident(a->path); k++)
			out = !l->v[k].is_write && key_is_base_of(a->path, l->v[k].path);
	}
	free(key);
	return out;
}

/*
 * "x = v; smp_wmb(); f(...); ... flag = 1;": a store right before the
 * barrier, and a call that may store as the first thing after it that
 * does anything and before the publish store ("f();", "rc = f();", "if (c)
 * f();", a loop that calls; calls that touch no memory are passed), with the
 * publish store here or in a helper called later, or the helper itself
 * when it calls such a function before its publish store
 * (helper_storing_call()). The barrier orders that store before what the
 * call does (it starts a DMA, registers an interrupt handler, queues the
 * object), not only before the flag: a release of the flag does not
 * replace it.
 */
static void rule_store_before(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const struct site *s = e->site;
		const struct access *stored = NULL;
		const struct call_ref *call, *inner = NULL;
		const char *local;
		char *via;
		size_t n;

		if (e->caller || !classify_convertible(p, e) || s->call_before || !s->calls_after.nr)
			continue;
		for (k = 0; k < s->before.nr && !stored; k++)
			if (s->before.v[k].is_write)
				stored = &s->before.v[k];
		/* an unlock right after the barrier orders the store itself; the call after it is what counts */
		for (k = 0; k + 1 < s->calls_after.nr &&
			    prim_lock_op(s->calls_after.v[k].name, strlen(s->calls_after.v[k].name)) ==
			    PRIM_LOCK_RELEASE; k++)
			;
		if (!stored || !(call = first_storing_call(j, e, k)))
			continue;
		if (e->helper && call->off == publish_off(e) && !(inner = helper_storing_call(j, e)))
			continue;
		/*
		 * Past the very next call, or inside the helper, the call is
		 * further from the barrier: when the store is the data this
		 * protocol's readers load after their barrier, the barrier is
		 * theirs (message passing), not the call's.
		 */
		if ((inner || call != &s->calls_after.v[k]) && readers_load_after(p, stored, e->file))
			continue;
		/* "x = f(); ... flag = g(x);": the call computes what is published */
		if (!e->helper &&
		    next_statement_calls(types_text(j->t, e->file), s->off, call->off, &local, &n) &&
		    local && e->access->value && mentions_word(e->access->value, local, n))
			continue;
		via = inner ? xasprintf(", which calls %s() (line %u) before its", inner->name, inner->line)
			    : xstrdup(" before the");
		reason(p, "store-before",
		       xasprintf("%s() stores %s (line %u) right before its smp_wmb() and calls %s() (line %u)%s store to %s: the barrier orders that store before what the call does, which a release of %s does not",
				 site_where(s), stored->path, stored->line, call->name, call->line,
				 via, p->variable, p->variable));
		free(via);
	}
}

static void rule_rcu(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		const char *via = e->access->via;

		if (via && !strncmp(via, "rcu_", 4))
			reason(p, "rcu",
			       xasprintf("%s() in %s() goes through %s(): RCU publication, not this pattern",
					 e->site->primitive, site_where(e->site), via));
	}
	if (j->kind == FIELD_RCU)
		reason(p, "rcu",
		       xasprintf("%s is declared __rcu (%s): it is published with rcu_assign_pointer() and read with rcu_dereference(), and smp_store_release() on it is a sparse address-space error",
				 p->variable, j->decl));
}

static void rule_operand_type(struct judge *j)
{
	if (j->kind != FIELD_BITFIELD && j->kind != FIELD_AGGREGATE && j->kind != FIELD_ATOMIC)
		return;
	reason(j->p, "operand",
	       xasprintf("%s is %s (%s) and cannot be the operand of smp_load_acquire() or smp_store_release()",
			 j->p->variable,
			 j->kind == FIELD_BITFIELD ? "a bitfield, which has no address" :
			 j->kind == FIELD_ATOMIC ? "an atomic type with its own API" :
			 "a struct, union or array", j->decl));
}

/* ---- rules: what a reviewer must weigh (review) ---- */

/* The architectures whose kernels are 64-bit only, from their own Kconfig. */
static bool arch_is_64bit_only(struct types *t, const char *file)
{
	const char *slash;
	char *arch;
	bool only;

	if (strncmp(file, "arch/", 5) || !(slash = strchr(file + 5, '/')))
		return false;
	arch = xstrndup(file + 5, (size_t)(slash - file - 5));
	only = types_arch_64bit_only(t, arch);
	free(arch);
	return only;
}

/*
 * A variable that is an enumerator is a constant, not memory ("s->state =
 * st_active" read the wrong way round, or an offset added to an MMIO base):
 * the barrier orders other accesses, and this is not its protocol.
 */
static void rule_constant(struct judge *j)
{
	struct protocol *p = j->p;

	if (j->kind != FIELD_UNKNOWN || p->object || !nr_ends(p) || !key_is_ident(p->variable) ||
	    !types_is_enumerator(j->t, end_at(p, 0)->file, p->variable))
		return;
	reason(p, "constant",
	       xasprintf("%s is an enumerator, a constant and not memory: the barrier orders other accesses, and this protocol is not one",
			 p->variable));
}

/* ---- rule E: a candidate no thread can publish ---- */

/*
 * Rule E, declared-const: a reader-only protocol whose variable is
 * declared const (not a pointer to const): C code cannot store it after
 * its initialiser, so no load of it subscribes to a publication, and the
 * barrier orders other loads.
 */
static void rule_declared_const(struct judge *j)
{
	struct protocol *p = j->p;

	if (kept(p) || p->nr_writers || !p->nr_readers || !j->decl || strchr(j->decl, '*') ||
	    !mentions_word(j->decl, "const", 5) ||
	    (j->kind != FIELD_SCALAR && j->kind != FIELD_WIDE && j->kind != FIELD_OTHER))
		return;
	reason(p, "constant",
	       xasprintf("%s is declared const (%s): no code stores it after its initialiser, so no load of it subscribes to a publication; the barrier orders other loads, and this protocol is not one",
			 p->variable, j->decl));
}

/*
 * Whether the protocol of j, not kept so far, has readers only and a
 * variable that is a scalar or pointer field (no subscript): *sname and
 * *field get its struct and field (caller frees).
 */
static bool reader_only_field(const struct judge *j, char **sname, char **field)
{
	const struct protocol *p = j->p;
	const char *dot;

	if (kept(p) || p->nr_writers || !p->nr_readers || !p->object || !j->ctx->defs ||
	    !(dot = strchr(p->object, '.')) || strchr(dot, '[') ||
	    (j->kind != FIELD_SCALAR && j->kind != FIELD_POINTER && j->kind != FIELD_WIDE))
		return false;
	*sname = xstrndup(p->object, (size_t)(dot - p->object));
	*field = xstrdup(dot + 1);
	return true;
}

/*
 * Rule E, never-stored: a reader-only protocol whose variable is a field of
 * a struct that a C file defines, and that file stores the field nowhere
 * (no assignment to it, to an element or a member of it, and no address of
 * it taken): it is set only where an object is initialised in its
 * declaration, as an entry of a constant table is. No thread publishes it,
 * so no load of it subscribes to a publication.
 */
static void rule_never_stored(struct judge *j)
{
	struct protocol *p = j->p;
	const char *where = NULL;
	char *sname, *field;
	size_t i;
	bool stored = false;

	if (!reader_only_field(j, &sname, &field))
		return;
	for (i = 0; i < p->nr_readers && !stored; i++) {
		const char *file = p->readers[i].access_file, *w;
		struct field_stores st;
		size_t n;

		w = types_struct_file(j->t, file, sname);
		n = w ? strlen(w) : 0;
		/* a struct of a header may be stored in files its folder search does not see */
		if (!w || n < 2 || strcmp(w + n - 2, ".c") || (where && strcmp(where, w))) {
			stored = true;
			break;
		}
		where = w;
		memset(&st, 0, sizeof(st));
		defs_field_stores(j->ctx->defs, file, sname, field, &st);
		stored = !st.complete || field_stores_at_run_time(&st);
		field_stores_release(&st);
	}
	if (!stored)
		reason(p, "constant",
		       xasprintf("%s.%s is stored nowhere in %s, the file that defines its struct (no assignment, no address taken, at most designated initialisers of file-scope objects): it is set only where an object is initialised in its declaration, as an entry of a constant table is, so no load of it subscribes to a publication; the barrier orders other loads, and this protocol is not one",
				 sname, field, where));
	free(sname);
	free(field);
}

/*
 * Rule E, constructed: a reader-only protocol whose variable is a field
 * every store of which, in the files that can see its struct, is made
 * before the object is published: through a pointer the storing function
 * has just allocated, or in a declaration's initialiser. Its value is
 * constant by the time any reader can reach the object, so no load of it
 * subscribes to a publication. A store in an __init function does not
 * count as one: boot code may publish to CPUs already running (secondary
 * bring-up, initcalls).
 */
static void rule_constructed(struct judge *j)
{
	struct protocol *p = j->p;
	struct field_stores st;
	struct strbuf sb = STRBUF_INIT;
	char *sname, *field;
	size_t i, shown = 0;

	if (!reader_only_field(j, &sname, &field))
		return;
	memset(&st, 0, sizeof(st));
	defs_field_stores(j->ctx->defs, p->readers[0].access_file, sname, field, &st);
	for (i = 0; i < st.nr; i++) {
		const struct field_store *fs = &st.v[i];

		if (fs->declaration)
			continue;
		if (!fs->fresh)
			break;
		if (shown++ < 3)
			strbuf_addf(&sb, "%s%s() at %s:%u", shown > 1 ? ", " : "",
				    fs->function ? fs->function : "?", fs->file, fs->line);
	}
	if (st.complete && shown && i == st.nr)
		reason(p, "constant",
		       xasprintf("every store of %s.%s in the files that see the struct (%s) is made through a pointer its function has just allocated, before the object is published: %s%s; no load of it subscribes to a publication, so the barrier orders other loads, and this protocol is not one",
				 sname, field, st.scope, sb.buf, shown > 3 ? ", ..." : ""));
	strbuf_release(&sb);
	field_stores_release(&st);
	free(sname);
	free(field);
}

/* Whether a's variable is in set (-1 when unsure: no object or global key). */
static int key_state(const struct hashmap *set, const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev), *base;
	int state = -1;		/* unknown */

	if (!key || !set || !(ev & (EV_OBJECT | EV_GLOBAL))) {
		free(key);
		return state;
	}
	base = base_key(key);
	state = hashmap_get(set, base) != (size_t)-1;
	free(base);
	free(key);
	return state;
}

/* Whether some writer in the tree orders a store to a's variable (-1 when unsure). */
static int published_state(const struct judge *j, const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev), *base;
	int state = -1;		/* unknown */

	if (key && j->ctx->published && (ev & (EV_OBJECT | EV_GLOBAL))) {
		base = base_key(key);
		state = ordered_has(j->ctx->published, base);
		free(base);
	}
	free(key);
	return state;
}

/*
 * Whether reader end e's smp_rmb() follows its subscribe load directly:
 * the load is in the barrier's own function, and no call and no other load
 * lies between them (a load of the subscribe load's base, "p = s->ring;
 * x = p->head;", forms its address and does not count).
 */
static bool follows_load_directly(const struct pair_end *e)
{
	const struct site *s = e->site;
	size_t k;

	if (e->caller)
		return false;
	if (e->helper)
		return true;
	for (k = 0; k < s->calls_before.nr; k++)
		if (s->calls_before.v[k].off > e->access->off)
			return false;
	for (k = 0; k < s->window_before.nr; k++) {
		const struct access *a = &s->window_before.v[k];
		size_t an = a->assigned_to ? strlen(a->assigned_to) : 0;

		/* the window runs on up to the previous barrier: only what lies between */
		if (a == e->access || a->is_write || a->off < e->access->off ||
		    !strcmp(a->path, e->access->path) || key_is_base_of(a->path, e->access->path) ||
		    (an && !strncmp(e->access->path, a->assigned_to, an) &&
		     strchr("-.[", e->access->path[an])))
			continue;
		return false;
	}
	return true;
}

/*
 * Rule NOPUB: a protocol with no writer, whose variable no writer in the
 * tree orders a store to (never stored after a barrier, by a release, or
 * by a fully ordered read-modify-write), and none of whose smp_rmb()s
 * follows its load directly (other loads or calls lie between, or the load
 * is in a caller): an acquire on that variable would order nothing a
 * writer promised, and the barrier orders the other loads for some other
 * pairing ("commit_page = READ_ONCE(...); ts = commit_page->page->time_stamp;
 * smp_rmb(); /+ pairs with the cmpxchg in rb_tail_page_update() +/"). Not
 * this pattern: keep. A barrier right after one load may still be that
 * load's, with a writer acqrel cannot see (a device, an RMW): left alone.
 */
static void rule_no_publisher(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	if (p->nr_writers || !p->nr_readers)
		return;
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];

		if (prim_role(e->site->primitive) != PRIM_ROLE_RMB ||
		    published_state(j, e->access, e->access_file) != 0 ||
		    follows_load_directly(e))
			return;
	}
	reason(p, "no-publisher",
	       xasprintf("no writer in the tree orders a store to %s (no barrier, release or ordered read-modify-write before one), and smp_rmb() in %s() does not follow its load directly (%s): the barrier orders other loads for another pairing, and this protocol is not one",
			 p->variable, site_where(p->readers[0].site),
			 p->readers[0].caller ? "the load is in its caller" : "other loads or calls lie between"));
}

/* Allocators: a function that calls one sets an object up before it is used. */
static const char *const setup_allocators[] = {
	"kmalloc", "kzalloc", "kcalloc", "kmalloc_array", "kvmalloc", "kvzalloc", "kvcalloc",
	"vmalloc", "vzalloc", "kmem_cache_alloc", "kmem_cache_zalloc", "dma_alloc_coherent",
	"dmam_alloc_coherent", "devm_kzalloc", "devm_kmalloc", "devm_kcalloc", "alloc_etherdev",
	"alloc_etherdev_mq", "alloc_etherdev_mqs", "alloc_netdev_mqs", "__get_free_pages",
	"alloc_pages",
};

/* Whether function fn of file (a store's) calls one of setup_allocators[]. */
static bool sets_up(struct judge *j, const char *file, const char *fn)
{
	const struct func_summary *f = fn ? defs_function(j->ctx->defs, file, fn) : NULL;
	size_t i, k;

	for (i = 0; f && f->parsed && i < f->calls.nr; i++)
		for (k = 0; k < ARRAY_SIZE(setup_allocators); k++)
			if (!strcmp(f->calls.v[i].name, setup_allocators[k]))
				return true;
	return false;
}

/*
 * Rule OWN: a protocol with no writer whose every reader's subscribe load
 * is of a field that, in the files that see its struct, no other thread
 * stores while the reader runs: each store of the field itself (not of a
 * member under it, "x->ndev->mtu = v") is in the reader's own function
 * (the watchdog's own "previous count"), or sets the object up before its
 * use (an initialiser, a freshly allocated object, a function that
 * allocates: the ring's setup, the device's probe; not __init code, which
 * may publish to readers already running, as rule E says). The barrier
 * subscribes to nothing another thread publishes through that field; it
 * orders other loads, for another pairing. Not this pattern: keep.
 */
static void rule_own_variable(struct judge *j)
{
	struct protocol *p = j->p;
	struct strbuf where = STRBUF_INIT;
	size_t i, k;

	if (p->nr_writers || !p->nr_readers || !j->ctx->defs)
		return;
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const char *obj = e->access->object, *dot = obj ? strchr(obj, '.') : NULL;
		struct field_stores st;
		char *sname, *field;
		size_t own = 0, setup = 0;
		bool alone;

		if (e->caller || e->helper || !dot || !e->site->function ||
		    prim_role(e->site->primitive) != PRIM_ROLE_RMB)
			break;
		sname = xstrndup(obj, (size_t)(dot - obj));
		field = xstrndup(dot + 1, strcspn(dot + 1, "[."));
		memset(&st, 0, sizeof(st));
		defs_field_stores(j->ctx->defs, e->access_file, sname, field, &st);
		for (k = 0; k < st.nr; k++) {
			const struct field_store *f = &st.v[k];

			if (f->element)
				continue;
			/* __init code may publish to readers already running (rule E) */
			if (f->fresh || f->declaration)
				setup++;
			else if (f->function && !strcmp(f->function, e->site->function) &&
				 !strcmp(f->file, e->file))
				own++;
			else if (f->function && sets_up(j, f->file, f->function))
				setup++;
			else
				break;
		}
		alone = st.complete && k == st.nr && own + setup;
		if (alone)
			strbuf_addf(&where, "%s%s.%s is stored %s%s%s", where.len ? "; " : "",
				    sname, field, own ? "by " : "", own ? e->site->function : "",
				    !setup ? "() alone" : own ? "() and where its object is set up"
				    : "only where its object is set up");
		field_stores_release(&st);
		free(sname);
		free(field);
		if (!alone)
			break;
	}
	if (i == p->nr_readers)
		reason(p, "own-variable",
		       xasprintf("no other thread stores %s while its reader runs (%s, in the files that see its struct): smp_rmb() in %s() subscribes to nothing another thread publishes through it, and orders other loads for another pairing",
				 p->variable, where.buf, site_where(p->readers[0].site)));
	strbuf_release(&where);
}

/*
 * The accessor that reader end e calls first after its barrier, before
 * offset before (its first load there): a function whose body makes one
 * access, a load, and calls nothing ("return READ_ONCE(root->last_trans);"),
 * so that calling it is loading that member. NULL when the first call is
 * another, or none comes first.
 */
static const struct func_summary *first_accessor_after(struct judge *j, const struct pair_end *e,
						       size_t before)
{
	const struct call_list *calls = &e->site->calls_after;
	const struct call_ref *first = NULL;
	const struct func_summary *f;
	size_t k;

	for (k = 0; k < calls->nr; k++)
		if (calls->v[k].off > e->site->off && calls->v[k].off < before &&
		    !prim_quiet_call(calls->v[k].name) && (!first || calls->v[k].off < first->off))
			first = &calls->v[k];
	if (!first || !(f = callee_of(j, e, first)) || !f->parsed || f->accesses.nr != 1 ||
	    f->accesses.v[0].is_write || f->calls.nr)
		return NULL;
	return f;
}

/* Whether a protocol of the tree with writers has a's variable (a helper's publish store too). */
static bool writers_publish(const struct judge *j, const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev);
	bool yes = false;
	size_t i;

	for (i = 0; key && (ev & (EV_OBJECT | EV_GLOBAL)) && i < j->ctx->nr_all && !yes; i++)
		yes = j->ctx->all[i].nr_writers && !strcmp(j->ctx->all[i].key, key);
	free(key);
	return yes;
}

/*
 * An smp_rmb() right before a load that writers order, while nobody
 * publishes the variable loaded before it ("while (time_before(jiffies, t))
 * { smp_rmb(); if (pen_release == -1) ...", "smp_rmb(); if (ds->ds_clp)"):
 * the barrier belongs to the load after it (misplaced, or ordering what
 * came before ahead of it), and this protocol, keyed on the load before,
 * is not the barrier's. The load after is ordered by its writers when they
 * publish it, or when they store it right before an smp_wmb() that orders
 * it ahead of the calls after ("tp->card_state = Running; smp_wmb();").
 * The load after may be the one load of an accessor called first.
 */
static void rule_barrier_before_load(struct judge *j)
{
	struct protocol *p = j->p;
	const struct func_summary *acc;
	const char *next_file;
	char *where;
	size_t i, k;

	if (p->nr_writers)
		return;
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct access_list *after = &e->site->window_after;
		const struct access *next = NULL;
		bool published;

		if (e->caller || e->helper || prim_role(e->site->primitive) != PRIM_ROLE_RMB ||
		    published_state(j, e->access, e->access_file) != 0)
			return;
		for (k = 0; k < after->nr && !next; k++)
			if (!after->v[k].is_write)
				next = &after->v[k];
		/* an accessor called before that load: its one load comes first */
		next_file = e->file;
		acc = first_accessor_after(j, e, next ? next->off : SIZE_MAX);
		if (acc) {
			next = &acc->accesses.v[0];
			next_file = acc->file;
		}
		if (!next || !strcmp(next->path, e->access->path))
			return;
		published = published_state(j, next, next_file) == 1 ||
			    writers_publish(j, next, next_file);
		if (!published && key_state(j->ctx->flags, next, next_file) != 1)
			return;
		if (i + 1 < p->nr_readers)
			continue;
		where = strcmp(next_file, e->file) ? xasprintf("%s:%u, in the accessor called first", next_file, next->line)
						   : xasprintf("line %u", next->line);
		if (published)
			reason(p, "barrier-before-load",
			       xasprintf("the first load after smp_rmb() in %s() is of %s (%s), which writers in the tree publish, and no writer publishes %s: the barrier orders the loads before it ahead of that load, so it belongs to the protocol of %s, not to one of %s",
					 site_where(e->site), next->path, where, p->variable,
					 next->path, p->variable));
		else
			reason(p, "barrier-before-load",
			       xasprintf("the first load after smp_rmb() in %s() is of %s (%s), which writers in the tree store right before an smp_wmb() that orders it ahead of the calls after it, and no writer publishes %s: the barrier pairs with those, ordering what the calls publish (read before it) ahead of %s, and no release or acquire of %s replaces it",
					 site_where(e->site), next->path, where, p->variable,
					 next->path, p->variable));
		free(where);
	}
}

/*
 * The comment that ends on the line right above the line that starts at
 * text[k]; its bounds go to *from and *to. With one_statement, the line
 * above may instead be a one-line statement (ending in ';'), and the
 * comment ends on the line above that.
 */
static bool comment_above(const char *text, size_t k, size_t *from, size_t *to, bool one_statement)
{
	size_t ls;

	if (!k)
		return false;
	k--;
	while (k && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\r'))
		k--;
	if (k >= 4 && text[k - 1] == '/' && text[k - 2] == '*') {
		*to = k;
		for (k -= 2; k >= 2 && !(text[k - 2] == '/' && text[k - 1] == '*'); k--)
			;
		if (k < 2)
			return false;
		*from = k - 2;
		return true;
	}
	if (!one_statement || !k || text[k - 1] != ';')
		return false;
	for (ls = k; ls && text[ls - 1] != '\n'; ls--)
		;
	/* the statement starts on its line: no brace, no comment end in it */
	if (memchr(text + ls, '{', k - ls) || memchr(text + ls, '}', k - ls) ||
	    memmem(text + ls, k - ls, "*/", 2))
		return false;
	return comment_above(text, ls, from, to, false);
}

/*
 * The comment of the barrier at text[off]: the one after it on its line,
 * else the comment that ends on the line right above it, or above the
 * one-line statement right above it ("/+ ... needs to be seen before
 * platform_device_register() +/ ++chip->slots; smp_wmb();"). Its bounds go
 * to *from and *to; false when there is none.
 */
static bool barrier_comment(const char *text, size_t off, size_t *from, size_t *to)
{
	const char *eol = strchr(text + off, '\n'), *open, *close;
	size_t k;

	if (!eol)
		eol = text + strlen(text);
	open = memmem(text + off, (size_t)(eol - text - off), "/*", 2);
	if (open && (close = strstr(open + 2, "*/"))) {
		*from = (size_t)(open - text);
		*to = (size_t)(close - text) + 2;
		return true;
	}
	/* the line start, then the end of the line above */
	for (k = off; k && text[k - 1] != '\n'; k--)
		;
	return comment_above(text, k, from, to, true);
}

/* The field (or variable) name that path ends with: "lu->generation" gives "generation". */
static const char *last_name(const char *path, size_t *n)
{
	const char *end = path + strlen(path), *b;

	while (end > path && end[-1] == ']') {
		int depth = 0;

		do {
			end--;
			depth += *end == ']';
			depth -= *end == '[';
		} while (end > path && depth);
	}
	for (b = end; b > path && is_c_ident_char(b[-1]); b--)
		;
	*n = (size_t)(end - b);
	return b;
}

/* Whether a comment next to the barrier of one of ends v[0..n) names function fn. */
static bool ends_name(const struct pair_end *v, size_t n, const char *fn)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; fn && k < v[i].site->nr_refs; k++)
			if (!strcmp(v[i].site->refs[k], fn))
				return true;
	return false;
}

/*
 * The comment of end e's barrier (of kind role, the end in its own
 * function or in a helper it calls), when no end of the other side (others[0..n)) names e's
 * function next to its barrier ("Pairs with smp_wmb() in fn()") and the
 * comment does not name e's variable; else NULL. Caller frees.
 */
static char *comment_not_naming(struct judge *j, const struct pair_end *e, enum prim_role role,
				const struct pair_end *others, size_t n)
{
	const char *text = types_text(j->t, e->file), *mine;
	char *comment;
	size_t from, to, pn;

	if (e->caller || !text || prim_role(e->site->primitive) != role ||
	    !barrier_comment(text, e->site->off, &from, &to) ||
	    ends_name(others, n, site_where(e->site)))
		return NULL;
	comment = xstrndup(text + from, to - from);
	mine = last_name(e->access->path, &pn);
	if (!pn || mentions_word(comment, mine, pn)) {
		free(comment);
		return NULL;
	}
	return comment;
}

/*
 * Whether comment names access a (a store, or a load before an
 * smp_rmb()): its field's last name, or for a bit operation its bit, whole or by a tail after a prefix that keeps an
 * underscore ("ALL_QUEUED" for set_bit(NETFS_RREQ_ALL_QUEUED, ...)).
 * *name and *n get the name found.
 */
static bool comment_names_store(const char *comment, const struct access *a, const char **name,
				size_t *n)
{
	const char *v = a->value, *t;

	*name = last_name(a->path, n);
	if (*n > 2 && mentions_word(comment, *name, *n))
		return true;
	if (!a->via || !strstr(a->via, "_bit") || !v || !is_c_ident_char(*v))
		return false;
	for (t = v; *t; t++)
		if (!is_c_ident_char(*t))
			return false;
	for (t = v; t; t = strchr(t + 1, '_')) {
		const char *from = t == v ? v : t + 1;

		if (!strchr(from, '_') || strlen(from) < 4)
			break;
		if (mentions_word(comment, from, strlen(from))) {
			*name = from;
			*n = strlen(from);
			return true;
		}
	}
	return false;
}

/*
 * Rule W, for a store no protocol holds: the comment of end e's smp_wmb()
 * (comment, which does not name e's variable) names a store the barrier
 * orders after it in its function ("before we publish the updated tail
 * via xchg_tail() and ... WRITE_ONCE(prev->next, node) below") or a
 * function called there ("[S] task_clear_jobctl_trapping()"): that store
 * is what the barrier publishes, and a release on this variable would not
 * order it. Adds the reason and returns true.
 */
static bool comment_names_later_store(struct judge *j, const struct pair_end *e,
				      const char *comment)
{
	const struct site *s = e->site;
	const char *name;
	size_t k, n;

	for (k = 0; k < s->window_after.nr; k++) {
		const struct access *a = &s->window_after.v[k];

		if (!a->is_write || a == e->access || !strcmp(a->path, e->access->path))
			continue;
		if (comment_names_store(comment, a, &name, &n)) {
			reason(j->p, "comment-names-other",
			       xasprintf("the comment of smp_wmb() in %s() names %.*s, which it stores after the barrier (%s, line %u), and not %s: the barrier publishes that store, which a release on %s would not order",
					 site_where(s), (int)n, name, a->path, a->line, j->p->variable,
					 j->p->variable));
			return true;
		}
	}
	for (k = 0; k < s->calls_after.nr; k++) {
		const struct call_ref *c = &s->calls_after.v[k];

		n = strlen(c->name);
		if (n > 3 && strchr(c->name, '_') && mentions_word(comment, c->name, n)) {
			reason(j->p, "comment-names-other",
			       xasprintf("the comment of smp_wmb() in %s() names %s(), which it calls after the barrier (line %u), and not %s: the barrier publishes what that call stores, which a release on %s would not order",
					 site_where(s), c->name, c->line, j->p->variable,
					 j->p->variable));
			return true;
		}
	}
	return false;
}

/*
 * Rule W: an smp_wmb() with several publish stores after it (one protocol
 * each) whose comment names the variable of another of them and not this
 * one's ("smp_wmb(); /+ node IDs must not be older than generation +/
 * lu->generation = ...; lu->login_id = ...;"): the barrier is for that
 * store, and this store is one it orders in passing. The protocol is not
 * the barrier's. Unless a reader of this protocol names the writer's
 * function next to its barrier ("Pairs with smp_wmb() in foo()"): that
 * reader says this store is published too.
 */
static void rule_comment_names_other(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k, w, n;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const char *other;
		char *comment = comment_not_naming(j, e, PRIM_ROLE_WMB, p->readers, p->nr_readers);

		if (!comment)
			continue;
		for (k = 0; k < j->nr_all; k++) {
			const struct protocol *q = &j->all[k];

			if (q == p)
				continue;
			for (w = 0; w < q->nr_writers; w++) {
				if (q->writers[w].site != e->site || q->writers[w].caller)
					continue;
				if (comment_names_store(comment, q->writers[w].access, &other, &n)) {
					reason(p, "comment-names-other",
					       xasprintf("the comment of smp_wmb() in %s() names %.*s, which %s stores after it, and not %s: the barrier publishes that store, and this one it orders in passing",
							 site_where(e->site), (int)n, other,
							 q->writers[w].access->path, p->variable));
					free(comment);
					return;
				}
			}
		}
		if (comment_names_later_store(j, e, comment)) {
			free(comment);
			return;
		}
		free(comment);
	}
}

/* The 1-based line of text[off]. */
static unsigned line_at_off(const char *text, size_t off)
{
	unsigned line = 1;
	size_t k;

	for (k = 0; k < off && text[k]; k++)
		line += text[k] == '\n';
	return line;
}

/*
 * Where the body of the function around text[off] opens: the last "{" at
 * the start of a line before off (kernel style puts a function's opening
 * brace there, and nothing else); (size_t)-1 when there is none.
 */
static size_t body_open(const char *text, size_t off)
{
	size_t k;

	for (k = off; k > 1; k--)
		if (text[k - 1] == '{' && text[k - 2] == '\n')
			return k - 1;
	return (size_t)-1;
}

/*
 * Whether the member access ending at text[at] ("->f" at at) is the first
 * argument of WRITE_ONCE(), smp_store_release() or atomic_set(), or has its
 * address taken: no plain load. from bounds the search backwards.
 */
static bool stored_by_call(const char *text, size_t from, size_t at)
{
	static const char *const stores[] = { "WRITE_ONCE", "smp_store_release", "atomic_set" };
	size_t k = at, i;

	/* back over the base expression: identifiers, ->, ., [] and spaces */
	while (k > from && (is_c_ident_char(text[k - 1]) || text[k - 1] == '>' ||
			    text[k - 1] == '-' || text[k - 1] == '.' || text[k - 1] == ']' ||
			    text[k - 1] == '[' || text[k - 1] == ' '))
		k--;
	if (k > from && unary_amp(text + from, text + k - 1))
		return true;
	if (k == from || text[k - 1] != '(')
		return false;
	for (i = 0; i < ARRAY_SIZE(stores); i++) {
		size_t n = strlen(stores[i]);

		if (k - 1 >= from + n && !memcmp(text + k - 1 - n, stores[i], n))
			return true;
	}
	return false;
}

/*
 * Rule W for readers, further up: the comment of reader end e's smp_rmb()
 * (comment, which does not name e's variable) names a member that its
 * function loads earlier than the window reaches ("Prevent the reset_time
 * read from occurring before the reset_pending read above", with "pending =
 * READ_ONCE(stats->reset_pending);" at the top and a loop between): the
 * barrier subscribes to that load. Adds the reason and returns true.
 */
static bool comment_names_earlier_member(struct judge *j, const struct pair_end *e,
					 const char *comment)
{
	const char *text = types_text(j->t, e->file), *mine;
	size_t from, k, mn;

	if (!text || e->caller || (from = body_open(text, e->site->off)) == (size_t)-1)
		return false;
	mine = last_name(e->access->path, &mn);
	for (k = from; k + 2 < e->site->off; k++) {
		size_t b, n;
		const char *q;

		if (text[k] == '/' && text[k + 1] == '*') {
			const char *end = strstr(text + k + 2, "*/");

			if (!end || (size_t)(end - text) >= e->site->off)
				return false;
			k = (size_t)(end - text) + 1;
			continue;
		}
		if (!((text[k] == '-' && text[k + 1] == '>') || text[k] == '.'))
			continue;
		b = k + (text[k] == '-' ? 2 : 1);
		for (n = 0; is_c_ident_char(text[b + n]); n++)
			;
		/* not the variable, nor a member the subscribe load goes through */
		if (n < 4 || (n == mn && !memcmp(text + b, mine, n)) ||
		    mentions_word(e->access->path, text + b, n) ||
		    !mentions_word(comment, text + b, n))
			continue;
		/* a load: not the left side of an assignment, nor the target of WRITE_ONCE() */
		if (stored_by_call(text, from, k))
			continue;
		for (q = text + b + n; *q == ' ' || *q == '\t'; q++)
			;
		if ((q[0] == '=' && q[1] != '=') || (q[0] && strchr("+-*/|&^", q[0]) && q[1] == '=') ||
		    (q[0] == '+' && q[1] == '+') || (q[0] == '-' && q[1] == '-'))
			continue;
		reason(j->p, "comment-names-other",
		       xasprintf("the comment of smp_rmb() in %s() names %.*s, which its function loads further up (line %u), and not %s: the barrier subscribes to that load, and this one it orders in passing",
				 site_where(e->site), (int)n, text + b, line_at_off(text, b),
				 j->p->variable));
		return true;
	}
	return false;
}

/*
 * Rule RMB-AFTER-STORE: a reader's smp_rmb() whose nearest access before it
 * is a plain store, of another variable than the subscribe load's, and
 * whose comment names that store and not the protocol's variable, in a
 * protocol no writer publishes ("ictx->tx.busy = true; smp_rmb(); /+ ensure later readers know we're
 * busy +/"): the barrier is used to publish that store, which a read
 * barrier does not order; it subscribes to nothing. Not this pattern.
 */
static void rule_rmb_after_store(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	/* with a writer, the barrier may subscribe too: only a reader with none */
	for (i = 0; !p->nr_writers && i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct access *a = e->site->window_before.nr ? &e->site->window_before.v[0]
								   : NULL;
		const char *name;
		char *comment;
		size_t n;

		if (e->caller || e->helper || !a || !a->is_write || a->marked ||
		    prim_role(e->site->primitive) != PRIM_ROLE_RMB || a == e->access ||
		    !strcmp(a->path, e->access->path) || a->off < e->access->off)
			continue;
		/* its comment names that store, and not the protocol's variable */
		if (!(comment = comment_not_naming(j, e, PRIM_ROLE_RMB, p->writers, p->nr_writers)))
			continue;
		name = last_name(a->path, &n);
		if (n > 2 && mentions_word(comment, name, n)) {
			reason(p, "store-before-rmb",
			       xasprintf("smp_rmb() in %s() comes right after the store to %s (line %u), which its comment names: it is meant to publish that store, which a read barrier does not order, and no writer publishes %s",
					 site_where(e->site), a->path, a->line, p->variable));
			free(comment);
			return;
		}
		free(comment);
	}
}

/*
 * Rule GUARD-LOAD: a reader's smp_rmb() that runs only under a test of a
 * local its window loads into ("qos_sqs = rcu_dereference(c->qos_sqs);
 * ... if (unlikely(qos_sqs)) { smp_rmb(); ..."), when that load is not the
 * protocol's variable nor a base of it: the barrier subscribes to the load
 * the test acts on, and this one it orders in passing. Not this pattern.
 */
static void rule_guard_load(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const char *g = e->site->guard;

		if (e->caller || e->helper || !g || !key_is_ident(g) ||
		    prim_role(e->site->primitive) != PRIM_ROLE_RMB)
			continue;
		for (k = 0; k < e->site->window_before.nr; k++) {
			const struct access *a = &e->site->window_before.v[k];

			if (a->is_write || !a->assigned_to || strcmp(a->assigned_to, g) ||
			    a == e->access || !strcmp(a->path, e->access->path) ||
			    key_is_base_of(a->path, e->access->path))
				continue;
			reason(p, "guard-load",
			       xasprintf("smp_rmb() in %s() runs only when %s, loaded from %s at line %u, is %s: the barrier subscribes to that load, which the test acts on, and orders %s in passing",
					 site_where(e->site), g, a->path, a->line,
					 e->site->guard_sense > 0 ? "non-zero" : "zero", p->variable));
			return;
		}
	}
}

/*
 * Rule W for readers: an smp_rmb() whose comment names a variable the
 * reader loads before it, other than the subscribe load's, and not the
 * protocol's ("evaluate pending_events before reading the vector" after
 * test_and_clear_bit(..., &apic->pending_events)): the barrier subscribes
 * to that load, and this load it orders in passing. Unless a writer of
 * this protocol names the reader's function next to its barrier.
 */
static void rule_comment_names_other_load(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k, n;

	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const char *other;
		char *comment;

		/* a load in a helper: what the barrier's function loads before
		   it may be its own value, derived from that load */
		if (e->helper)
			continue;
		comment = comment_not_naming(j, e, PRIM_ROLE_RMB, p->writers, p->nr_writers);
		if (!comment)
			continue;
		for (k = 0; k < e->site->window_before.nr; k++) {
			const struct access *a = &e->site->window_before.v[k];

			size_t an = a->assigned_to ? strlen(a->assigned_to) : 0;

			/* a load, or a read-modify-write that returns what it read */
			if ((a->is_write && !(a->via && prim_fully_ordered(a->via))) || a == e->access ||
			    !strcmp(a->path, e->access->path))
				continue;
			/* the subscribe load's base (async = s->async; async->count) is its own */
			if (key_is_base_of(a->path, e->access->path) ||
			    (an && !strncmp(e->access->path, a->assigned_to, an) &&
			     (e->access->path[an] == '-' || e->access->path[an] == '.' ||
			      e->access->path[an] == '[')))
				continue;
			/* its name, or its bit's: "after reading WORK_DONE_BIT" */
			if (!comment_names_store(comment, a, &other, &n))
				other = last_name(a->path, &n);
			/* or the local it loads into: "occur after hw_cons" */
			if (!(n > 2 && mentions_word(comment, other, n)) && an > 2 &&
			    key_is_ident(a->assigned_to) && mentions_word(comment, a->assigned_to, an)) {
				other = a->assigned_to;
				n = an;
			}
			if (n > 2 && mentions_word(comment, other, n)) {
				reason(p, "comment-names-other",
				       xasprintf("the comment of smp_rmb() in %s() names %.*s, which it loads before the barrier (%s, line %u), and not %s: the barrier subscribes to that load, and this one it orders in passing",
						 site_where(e->site), (int)n, other, a->path, a->line,
						 p->variable));
				free(comment);
				return;
			}
		}
		if (comment_names_earlier_member(j, e, comment)) {
			free(comment);
			return;
		}
		free(comment);
	}
}

/* ---- rule C: a barrier after a spin loop subscribes to its condition ---- */

/*
 * The end (exclusive) of the code before i in text: blanks, block
 * comments and line comments skipped backwards.
 */
static size_t back_blank(const char *text, size_t i)
{
	for (;;) {
		size_t ls;

		while (i && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n' ||
			     text[i - 1] == '\r'))
			i--;
		if (i >= 2 && text[i - 2] == '*' && text[i - 1] == '/') {
			const char *c = NULL, *q;

			for (q = text; (q = strstr(q, "/*")) && (size_t)(q - text) + 2 <= i - 2; q++)
				c = q;
			if (!c)
				return i;
			i = (size_t)(c - text);
			continue;
		}
		/* a line comment: the line holds // before i */
		for (ls = i; ls && text[ls - 1] != '\n'; ls--)
			;
		{
			const char *q = memmem(text + ls, i - ls, "//", 2);

			if (!q)
				return i;
			i = (size_t)(q - text);
		}
	}
}

/* The ( matching the ) at close, or (size_t)-1. */
static size_t open_of(const char *text, size_t close, char open_c, char close_c)
{
	int depth = 0;
	size_t i = close + 1;

	while (i--) {
		if (text[i] == close_c)
			depth++;
		else if (text[i] == open_c && --depth == 0)
			return i;
	}
	return (size_t)-1;
}

/* Whether the identifier ending at i (exclusive, after blanks) is w; *start gets its start. */
static bool word_before(const char *text, size_t i, const char *w, size_t *start)
{
	size_t e = back_blank(text, i), b = e, n = strlen(w);

	while (b && is_c_ident_char(text[b - 1]))
		b--;
	*start = b;
	return e - b == n && !strncmp(text + b, w, n);
}

/* How many statements "f();" may sit between a spin loop and its barrier. */
#define SPIN_TAIL 4

/*
 * Whether the barrier at off follows a while or do-while loop, with at most
 * SPIN_TAIL calls without arguments between ("spin_end();"): [*cs, *ce)
 * gets the loop condition.
 */
static bool spin_condition(const char *text, size_t off, size_t *cs, size_t *ce)
{
	size_t p = back_blank(text, off), q, r, w;
	unsigned n;

	/* "while (c) smp_rmb();": the barrier is the loop's body */
	if (p && text[p - 1] == ')' && (r = open_of(text, p - 1, '(', ')')) != (size_t)-1 &&
	    word_before(text, r, "while", &w)) {
		*cs = r + 1;
		*ce = p - 1;
		return true;
	}

	for (n = 0; p && n <= SPIN_TAIL; n++) {
		if (text[p - 1] == '}') {
			r = open_of(text, p - 1, '{', '}');
			if (r == (size_t)-1)
				return false;
			q = back_blank(text, r);
			if (!q || text[q - 1] != ')' || (r = open_of(text, q - 1, '(', ')')) == (size_t)-1 ||
			    !word_before(text, r, "while", &w))
				return false;
			*cs = r + 1;
			*ce = q - 1;
			return true;
		}
		if (text[p - 1] != ';')
			return false;
		q = back_blank(text, p - 1);
		if (!q || text[q - 1] != ')' || (r = open_of(text, q - 1, '(', ')')) == (size_t)-1)
			return false;
		if (word_before(text, r, "while", &w)) {	/* "} while (c);", "while (c);" */
			*cs = r + 1;
			*ce = q - 1;
			return true;
		}
		/* "f();": a call without arguments, then the statement before it */
		if (back_blank(text, q - 1) != r + 1 || w == back_blank(text, r))
			return false;
		p = back_blank(text, w);
		/* "while (c) f();": the call is the loop body */
		if (p && text[p - 1] == ')' && (r = open_of(text, p - 1, '(', ')')) != (size_t)-1 &&
		    word_before(text, r, "while", &w)) {
			*cs = r + 1;
			*ce = p - 1;
			return true;
		}
	}
	return false;
}

/*
 * A reader-only protocol whose every smp_rmb() follows a spin loop
 * ("while (!READ_ONCE(node->locked)) { ... yield(); } smp_rmb();") whose
 * condition loads another variable: the barrier subscribes to the loop
 * condition, the load that ends the wait, and this protocol, keyed on a
 * load in the loop body or before the loop, is not the barrier's.
 */
static void rule_spin_loop(struct judge *j)
{
	struct protocol *p = j->p;
	const struct access *cond = NULL;
	const struct call_ref *call = NULL;
	size_t i, k, cs, ce, bb;

	if (p->nr_writers || !p->nr_readers)
		return;
	for (i = 0; i < p->nr_readers; i++) {
		const struct pair_end *e = &p->readers[i];
		const struct access_list *before = &e->site->window_before;
		const char *text = types_text(j->t, e->file);
		size_t sub = e->helper ? e->helper->off : e->access->off;

		cond = NULL;
		call = NULL;
		if (e->caller || !text || prim_role(e->site->primitive) != PRIM_ROLE_RMB ||
		    e->site->off > strlen(text) || !spin_condition(text, e->site->off, &cs, &ce) ||
		    (sub >= cs && sub < ce))
			return;
		for (k = 0; k < before->nr && !cond; k++)
			if (!before->v[k].is_write && before->v[k].off >= cs && before->v[k].off < ce &&
			    strcmp(before->v[k].path, e->access->path))
				cond = &before->v[k];
		/*
		 * or, when the barrier is the loop's body ("while (c) smp_rmb();"),
		 * a call in the condition, whose loads end the wait
		 */
		bb = back_blank(text, e->site->off);
		for (k = 0; !cond && !call && bb && text[bb - 1] == ')' &&
			    k < e->site->calls_before.nr; k++) {
			const struct call_ref *c = &e->site->calls_before.v[k];

			if (c->off >= cs && c->off < ce && !prim_benign_call(c->name, strlen(c->name)))
				call = c;
		}
		if (!cond && !call)
			return;
	}
	if (cond)
		reason(p, "spin-loop",
		       xasprintf("smp_rmb() in %s() follows a loop that waits on %s (line %u): the barrier subscribes to the loop condition, the load that ends the wait, not to %s",
				 site_where(p->readers[p->nr_readers - 1].site), cond->path, cond->line,
				 p->variable));
	else
		reason(p, "spin-loop",
		       xasprintf("smp_rmb() in %s() belongs to a loop that waits on %s() (line %u): the barrier subscribes to the loop condition, the loads that end the wait, not to %s",
				 site_where(p->readers[p->nr_readers - 1].site), call->name, call->line,
				 p->variable));
}

static void rule_type(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	if (j->kind == FIELD_WIDE) {
		for (i = 0; i < nr_ends(p); i++)
			if (classify_convertible(p, end_at(p, i)) && !arch_is_64bit_only(j->t, end_at(p, i)->file))
				break;
		if (i < nr_ends(p))
			reason(p, "type-size",
			       xasprintf("%s is 64-bit (%s): smp_load_acquire() and smp_store_release() on it fail to build on 32-bit architectures (\"Need native word sized stores/loads\")",
					 p->variable, j->decl));
	} else if (j->kind == FIELD_OTHER) {
		reason(p, "type-unknown",
		       xasprintf("the type of %s (%s) is not one acqrel knows to be of native word size or smaller",
				 p->variable, j->decl));
	} else if (j->kind == FIELD_UNKNOWN) {
		reason(p, "type-unknown",
		       xasprintf("the declaration of %s is not visible in its file or the headers it includes",
				 p->object ? p->object : p->variable));
	}
}

/*
 * Rule DEP: a pointer that no smp_rmb() reader loads, but that readers
 * load with READ_ONCE() or rcu_dereference() and then follow ("p =
 * READ_ONCE(x->f); ... p->g"): the address dependency orders what they
 * read through it after the load, and pairs with a release as it did
 * with smp_wmb(). The writer converts alone; the readers stay as they are.
 * Readers that load it plainly, or use it otherwise, are not judged.
 */
static bool dependent_readers(struct judge *j)
{
	struct protocol *p = j->p;
	struct field_derefs fd;
	struct strbuf sb = STRBUF_INIT, fns = STRBUF_INIT;
	const char *dot = p->object ? strchr(p->object, '.') : NULL, *fn[ARRAY_SIZE(fd.v)];
	const char *via = NULL;
	char *sname, *field;
	size_t i, k, marked = 0, nr_fn = 0;

	if (!p->nr_writers || p->nr_readers || j->kind != FIELD_POINTER || !dot || !j->ctx->defs)
		return false;
	sname = xstrndup(p->object, (size_t)(dot - p->object));
	field = xstrndup(dot + 1, strcspn(dot + 1, "[."));
	memset(&fd, 0, sizeof(fd));
	defs_field_derefs(j->ctx->defs, p->writers[0].file, sname, field, &fd);
	for (i = 0; i < fd.nr && i < ARRAY_SIZE(fd.v); i++) {
		if (!fd.v[i].marked)
			continue;
		strbuf_addf(&sb, "%s%s() at %s:%u", marked ? ", " : "", fd.v[i].function,
			    fd.v[i].file, fd.v[i].line);
		marked++;
		for (k = 0; k < nr_fn && strcmp(fn[k], fd.v[i].function); k++)
			;
		if (k == nr_fn)
			fn[nr_fn++] = fd.v[i].function;
		/* how they load it: one wrapper's name, or both kinds */
		if (!via || !strcmp(via, fd.v[i].via))
			via = fd.v[i].via;
		else if (strncmp(via, "rcu_", 4) || strncmp(fd.v[i].via, "rcu_", 4))
			via = "mixed";
	}
	if (fd.complete && marked) {
		reason(p, "dependent-readers",
		       xasprintf("no smp_rmb() follows a load of %s, but its readers load it with READ_ONCE() or rcu_dereference() and follow it (%s%s; %zu of the %zu loads in the files that see %s, %s): the address dependency orders their reads through it after the release, as after smp_wmb(), so the writer converts alone",
				 p->variable, sb.buf, fd.nr > ARRAY_SIZE(fd.v) ? ", ..." : "", fd.nr,
				 fd.loads, sname, fd.scope));
		for (k = 0; k < nr_fn; k++)
			strbuf_addf(&fns, "%s%s()", k == 0 ? "" : k + 1 == nr_fn ? " and " : ", ", fn[k]);
		p->dep_readers = strbuf_detach(&fns);
		p->dep_form = !strcmp(via, "READ_ONCE") ? "READ_ONCE()"
			      : !strcmp(via, "mixed") ? "READ_ONCE() or rcu_dereference()"
			      : "rcu_dereference()";
	}
	strbuf_release(&sb);
	strbuf_release(&fns);
	free(sname);
	free(field);
	return fd.complete && marked;
}

/*
 * A full barrier: smp_mb() and kin, or a fully ordered read-modify-write,
 * but no cmpxchg(): a conditional atomic_t operation is unordered when it
 * fails (Documentation/atomic_t.txt).
 */
static bool full_fence_call(const char *name)
{
	if (strstr(name, "cmpxchg"))
		return false;
	static const char *const fences[] = { "smp_mb", "mb", "smp_store_mb", "set_current_state" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fences); i++)
		if (!strcmp(name, fences[i]))
			return true;
	return prim_fully_ordered(name);
}

/* Whether name is the function of one of p's writer ends (or of a caller it moves into). */
static bool writer_function(const struct protocol *p, const char *name)
{
	size_t i, c;

	for (i = 0; i < p->nr_writers; i++) {
		const struct site *s = p->writers[i].site;

		if (!strcmp(site_where(s), name))
			return true;
		for (c = 0; c < s->nr_callers; c++)
			if (!strcmp(s->callers[c].function, name))
				return true;
	}
	return false;
}

/* A fully ordered read-modify-write among f's accesses after offset off: its name, or NULL. */
static const char *ordered_rmw_after(const struct func_summary *f, size_t off)
{
	size_t k;

	for (k = 0; k < f->accesses.nr; k++)
		if (f->accesses.v[k].off > off && f->accesses.v[k].via &&
		    full_fence_call(f->accesses.v[k].via))
			return f->accesses.v[k].via;
	return NULL;
}

/*
 * The full barrier that function f (of file) runs after offset off, in its
 * own body or in the functions of the same file that it calls there, up to
 * depth levels down (in those anywhere: they run after f's load either
 * way), but not in a writer's function (a barrier the writer runs itself
 * says nothing of other threads): a call of one, or a fully ordered
 * read-modify-write. NULL when none. *in_fn (NULL on entry) is set to the
 * function that runs it when that is not f.
 */
static const char *fence_after(const struct judge *j, const struct func_summary *f,
			       const char *file, size_t off, unsigned depth, const char **in_fn)
{
	const char *rmw = ordered_rmw_after(f, off), *in;
	size_t k;

	for (k = 0; k < f->calls.nr; k++) {
		const struct call_ref *c = &f->calls.v[k];
		const struct func_summary *g;

		if (c->off <= off)
			continue;
		if (full_fence_call(c->name))
			return c->name;
		if (!depth || !key_is_ident(c->name) || writer_function(j->p, c->name) ||
		    !(g = defs_function(j->ctx->defs, file, c->name)) || !g->parsed ||
		    strcmp(g->file, file) || g == f)
			continue;
		if ((in = fence_after(j, g, file, 0, depth - 1, in_fn))) {
			if (!*in_fn)
				*in_fn = c->name;
			return in;
		}
	}
	return rmw;
}

/* "a()", "a() and b()", "a(), b() and c()": the names v[0..n), each once (caller frees). */
static char *function_list(const char *const *v, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	const char *seen[8];
	size_t i, k, nr = 0;

	for (i = 0; i < n && nr < ARRAY_SIZE(seen); i++) {
		for (k = 0; k < nr && strcmp(seen[k], v[i]); k++)
			;
		if (k == nr)
			seen[nr++] = v[i];
	}
	for (i = 0; i < nr; i++)
		strbuf_addf(&sb, "%s%s()", i == 0 ? "" : i + 1 == nr ? " and " : ", ", seen[i]);
	return strbuf_detach(&sb);
}

/*
 * Records the readers that rules FENCED and NAMED found for a writer with
 * no reader end: the functions that load the variable, those that run the
 * barrier (runs), the barrier's form (form, taken), and with one reader its
 * load and barrier for the pairing note (*note, taken).
 */
static void partner_fences(struct protocol *p, const char *const *readers,
			   const char *const *runs, size_t nr, char *form, char **note)
{
	p->dep_readers = function_list(readers, nr);
	p->fence_in = function_list(runs, nr);
	p->fence_form = form;
	if (nr == 1) {
		p->fence_note = *note;
		*note = NULL;
	}
}

/*
 * Rule FENCED: a variable that no smp_rmb() reader loads, but that a
 * function loads and then runs a full barrier (smp_mb(), or a fully
 * ordered read-modify-write such as atomic_dec_and_test() or the
 * xchg() of the variable itself), there or in a function of its file
 * that it calls: the barrier orders what that reader reads after
 * it after its load of the variable, with a release as with smp_wmb(). The
 * writer converts alone; the readers stay as they are. Only for a struct
 * field, in the files that see the struct, and a marked load (READ_ONCE()
 * or the read-modify-write): a plain load may be of another object of the
 * type that no other thread touches (siw's wqes), and a load under a lock
 * or in a writer's own function is not counted either.
 */
static bool fenced_readers(struct judge *j)
{
	struct protocol *p = j->p;
	struct field_functions ff;
	struct strbuf where = STRBUF_INIT;
	const char *dot = p->object ? strchr(p->object, '.') : NULL, *form = NULL;
	const char *readers[4], *runs[4];
	char *sname, *field, *note = NULL;
	size_t i, k, nr_fn = 0;

	/*
	 * not for a bit: its release, clear_bit_unlock(), is no site, and a
	 * run after the rewrite would not find the protocol converted
	 */
	if (!p->nr_writers || p->nr_readers || !dot || !j->ctx->defs ||
	    !(p->evidence & EV_OBJECT) || p->bit)
		return false;
	sname = xstrndup(p->object, (size_t)(dot - p->object));
	field = xstrndup(dot + 1, strcspn(dot + 1, "[."));
	memset(&ff, 0, sizeof(ff));
	ff.all = true;
	defs_field_functions(j->ctx->defs, p->writers[0].file, sname, field, &ff);
	for (i = 0; i < ff.nr && nr_fn < ARRAY_SIZE(readers); i++) {
		const struct func_summary *f = defs_function(j->ctx->defs, ff.v[i].file,
							     ff.v[i].function);
		const struct access *load = NULL;
		const char *fence, *in_fn = NULL;
		size_t from = 0;

		if (!f || !f->parsed || f->is_init || strcmp(f->file, ff.v[i].file) ||
		    writer_function(p, ff.v[i].function))
			continue;
		/* a load, or a fully ordered read-modify-write (test_and_set_bit()) */
		for (k = 0; k < f->accesses.nr && !load; k++)
			if (access_is(&f->accesses.v[k], ff.v[i].file, p->key) &&
			    (!f->accesses.v[k].is_write ||
			     (f->accesses.v[k].via && full_fence_call(f->accesses.v[k].via))))
				load = &f->accesses.v[k];
		/* a plain load may be of an object no other thread touches yet, or under a lock */
		if (!load || !load->marked || lock_held(&f->locks, load->off, &from))
			continue;
		if (load->via && full_fence_call(load->via))
			fence = load->via;
		else if (!(fence = fence_after(j, f, ff.v[i].file, load->off, 2, &in_fn)))
			continue;
		strbuf_addf(&where, "%s%s() at %s:%u (%s()%s%s%s)", nr_fn ? ", " : "",
			    ff.v[i].function, ff.v[i].file, load->line, fence, in_fn ? " in " : "",
			    in_fn ? in_fn : "", in_fn ? "()" : "");
		if (!nr_fn)
			note = load->via && !strcmp(load->via, fence)
			       ? xasprintf("%s() in %s()", fence, ff.v[i].function)
			       : in_fn ? xasprintf("%s() in %s() and %s() in %s()",
						   load->via ? load->via : "the load",
						   ff.v[i].function, fence, in_fn)
			       : xasprintf("%s() and %s() in %s()",
					   load->via ? load->via : "the load", fence,
					   ff.v[i].function);
		readers[nr_fn] = ff.v[i].function;
		runs[nr_fn++] = in_fn ? in_fn : ff.v[i].function;
		form = !form || !strcmp(form, fence) ? fence : "";
	}
	if (nr_fn) {
		reason(p, "fenced-readers",
		       xasprintf("no smp_rmb() follows a load of %s, but %s load%s it and then run%s a full barrier (%s): the barrier orders what %s after it after %s load, with the release as with smp_wmb(), so the writer converts alone",
				 p->variable, nr_fn == 1 ? "a reader" : "readers",
				 nr_fn == 1 ? "s" : "", nr_fn == 1 ? "s" : "", where.buf,
				 nr_fn == 1 ? "the reader reads" : "they read",
				 nr_fn == 1 ? "its" : "their"));
		partner_fences(p, readers, runs, nr_fn,
			       *form ? xasprintf("%s()", form) : xstrdup("a full barrier"), &note);
	}
	free(note);
	field_functions_release(&ff);
	strbuf_release(&where);
	free(sname);
	free(field);
	return nr_fn > 0;
}

/*
 * Rule NAMED: a variable that no smp_rmb() reader loads right before its
 * barrier, but that a function loads and then, further down, runs an
 * smp_rmb() whose comment names it ("Prevent the reset_time read from
 * occurring before the reset_pending read above", a loop and tests
 * between): that barrier subscribes to the load (rule W for readers makes
 * the protocol of its nearest load keep), and it orders what the reader
 * reads after it after that load, with a release as with smp_wmb(). The
 * writer converts alone; the readers stay as they are. As for rule
 * FENCED: a struct field, in the files that see the struct, not under a
 * lock, not in a writer's function; the comment naming the field is what
 * makes a plain load count.
 */
/* Whether the comment above the barrier at off in text names field (n bytes). */
static bool barrier_comment_names(const char *text, size_t off, const char *field, size_t n)
{
	size_t from, to;
	char *comment;
	bool named;

	if (!barrier_comment(text, off, &from, &to))
		return false;
	comment = xstrndup(text + from, to - from);
	named = mentions_word(comment, field, n);
	free(comment);
	return named;
}

/*
 * The first smp_rmb() that function f (of file, its text) runs after
 * offset off, when its comment names field: in f, or else in a function of
 * the same file that f calls after off (not a writer's), anywhere in it.
 * *in_fn is set to that function when it is not f.
 */
static const struct call_ref *named_rmb_after(const struct judge *j, const struct func_summary *f,
					      const char *file, const char *text, size_t off,
					      const char *field, size_t n, const char **in_fn)
{
	size_t k, m;

	for (k = 0; k < f->calls.nr; k++)
		if (f->calls.v[k].off > off && prim_role(f->calls.v[k].name) == PRIM_ROLE_RMB)
			return barrier_comment_names(text, f->calls.v[k].off, field, n)
			       ? &f->calls.v[k] : NULL;
	for (k = 0; k < f->calls.nr; k++) {
		const struct call_ref *c = &f->calls.v[k];
		const struct func_summary *g;

		if (c->off <= off || !key_is_ident(c->name) || writer_function(j->p, c->name) ||
		    !(g = defs_function(j->ctx->defs, file, c->name)) || !g->parsed ||
		    strcmp(g->file, file) || g == f)
			continue;
		for (m = 0; m < g->calls.nr; m++)
			if (prim_role(g->calls.v[m].name) == PRIM_ROLE_RMB &&
			    barrier_comment_names(text, g->calls.v[m].off, field, n)) {
				*in_fn = c->name;
				return &g->calls.v[m];
			}
	}
	return NULL;
}

static bool named_readers(struct judge *j)
{
	struct protocol *p = j->p;
	struct field_functions ff;
	struct strbuf where = STRBUF_INIT;
	const char *dot = p->object ? strchr(p->object, '.') : NULL;
	const char *readers[4], *runs[4];
	char *sname, *field, *note = NULL;
	size_t i, k, fn_len, nr_fn = 0;

	if (!p->nr_writers || p->nr_readers || !dot || !j->ctx->defs ||
	    !(p->evidence & EV_OBJECT) || p->bit)
		return false;
	sname = xstrndup(p->object, (size_t)(dot - p->object));
	field = xstrndup(dot + 1, strcspn(dot + 1, "[."));
	fn_len = strlen(field);
	memset(&ff, 0, sizeof(ff));
	ff.all = true;
	defs_field_functions(j->ctx->defs, p->writers[0].file, sname, field, &ff);
	for (i = 0; i < ff.nr && nr_fn < ARRAY_SIZE(readers) && fn_len > 3; i++) {
		const struct func_summary *f = defs_function(j->ctx->defs, ff.v[i].file,
							     ff.v[i].function);
		const char *text = types_text(j->t, ff.v[i].file), *in_fn = NULL;
		const struct access *load = NULL;
		const struct call_ref *rmb;
		size_t from = 0;

		if (!f || !f->parsed || f->is_init || !text || strcmp(f->file, ff.v[i].file) ||
		    writer_function(p, ff.v[i].function))
			continue;
		for (k = 0; k < f->accesses.nr && !load; k++)
			if (access_is(&f->accesses.v[k], ff.v[i].file, p->key) &&
			    !f->accesses.v[k].is_write)
				load = &f->accesses.v[k];
		if (!load || lock_held(&f->locks, load->off, &from) ||
		    !(rmb = named_rmb_after(j, f, ff.v[i].file, text, load->off, field, fn_len,
					    &in_fn)))
			continue;
		strbuf_addf(&where, "%s%s(), load at %s:%u, %s() at line %u%s%s%s", nr_fn ? "; " : "",
			    ff.v[i].function, ff.v[i].file, load->line, rmb->name,
			    line_at_off(text, rmb->off), in_fn ? " in " : "", in_fn ? in_fn : "",
			    in_fn ? "()" : "");
		if (!nr_fn)
			note = xasprintf("%s() in %s()", rmb->name, in_fn ? in_fn : ff.v[i].function);
		readers[nr_fn] = ff.v[i].function;
		runs[nr_fn++] = in_fn ? in_fn : ff.v[i].function;
	}
	if (nr_fn) {
		reason(p, "named-readers",
		       xasprintf("no smp_rmb() follows a load of %s right away, but %s load%s it and run%s smp_rmb() further down, whose comment names %s (%s): the barrier orders what %s after it after %s load, with the release as with smp_wmb(), so the writer converts alone and the reader%s stay%s",
				 p->variable, nr_fn == 1 ? "a reader" : "readers",
				 nr_fn == 1 ? "s" : "", nr_fn == 1 ? "s" : "", field, where.buf,
				 nr_fn == 1 ? "the reader reads" : "they read",
				 nr_fn == 1 ? "its" : "their", nr_fn == 1 ? "" : "s",
				 nr_fn == 1 ? "s" : ""));
		partner_fences(p, readers, runs, nr_fn, xstrdup("smp_rmb()"), &note);
		p->fence_read = true;
	}
	free(note);
	field_functions_release(&ff);
	strbuf_release(&where);
	free(sname);
	free(field);
	return nr_fn > 0;
}

/* Whether function name of file is the function of one of p's writer ends. */
static bool writer_function_in(const struct protocol *p, const char *name, const char *file)
{
	size_t i;

	for (i = 0; i < p->nr_writers; i++)
		if (!strcmp(site_where(p->writers[i].site), name) && !strcmp(p->writers[i].file, file))
			return true;
	return false;
}

/*
 * Rule UNREAD: a protocol with writers and no reader end, whose variable
 * is a member that no function loads or stores but the writers' own, in
 * every file that sees its struct (each use found, in a function, no
 * address taken, none in a macro): "smp_wmb(); volume->servers_seq++;"
 * under the writer's lock, read nowhere else. The barrier publishes the
 * variable to no reader: there is no protocol to convert, and the barrier
 * orders nothing another thread reads through it (whether it can go is
 * the maintainer's call). Not this pattern: keep.
 */
static void rule_unread(struct judge *j)
{
	struct protocol *p = j->p;
	struct field_functions ff;
	struct strbuf fns = STRBUF_INIT;
	const char *dot = p->object ? strchr(p->object, '.') : NULL;
	char *sname, *field;
	size_t i;

	if (kept(p) || !p->nr_writers || p->nr_readers || !dot || strchr(dot, '[') ||
	    !j->ctx->defs)
		return;
	sname = xstrndup(p->object, (size_t)(dot - p->object));
	field = xstrdup(dot + 1);
	memset(&ff, 0, sizeof(ff));
	defs_field_functions(j->ctx->defs, p->writers[0].access_file, sname, field, &ff);
	for (i = 0; ff.complete && i < ff.nr; i++) {
		if (!writer_function_in(p, ff.v[i].function, ff.v[i].file))
			break;
		strbuf_addf(&fns, "%s%s()", i ? ", " : "", ff.v[i].function);
	}
	if (ff.complete && ff.nr && i == ff.nr)
		reason(p, "unread",
		       xasprintf("no function but the writer's own (%s) names %s in the files that see struct %s (%s): nothing loads it, the barrier publishes it to no reader, and this protocol is not one",
				 fns.buf, p->variable, sname, ff.scope));
	strbuf_release(&fns);
	field_functions_release(&ff);
	free(sname);
	free(field);
}

static void rule_one_side(struct judge *j)
{
	struct protocol *p = j->p;

	if (!p->nr_writers)
		reason(p, "one-side",
		       xasprintf("no writer found in the files given: no smp_wmb() is followed by a store to %s", p->variable));
	if (!p->nr_readers && !dependent_readers(j) && !fenced_readers(j) &&
	    !named_readers(j))
		reason(p, "one-side",
		       xasprintf("no reader found in the files given: no smp_rmb() follows a load of %s", p->variable));
}

/* A store of 0, NULL or false, or a cleared bit: it publishes no value a reader acts on. */
static bool stores_zero(const struct access *a);

/* A writer end that sets a value: one a caller makes, or a store of no zero. */
static bool e_caller_or_nonzero(const struct pair_end *e)
{
	return e->caller || !stores_zero(e->access);
}

static bool stores_zero(const struct access *a)
{
	if (a->via && strstr(a->via, "clear_bit"))
		return true;
	if (a->via && strstr(a->via, "_bit"))
		return false;
	return a->value && (!strcmp(a->value, "0") || !strcmp(a->value, "NULL") ||
			    !strcmp(a->value, "false"));
}

/*
 * How reader end e acts on the value it loads: 1 when its barrier runs only
 * if the value is non-zero (if (x) { smp_rmb(); ... }, if (!x) return;
 * smp_rmb();), -1 when only if it is zero, 0 when the code does not say.
 */
static int acts_on(const struct pair_end *e)
{
	const struct site *s = e->site;

	if (e->caller || !s->guard)
		return 0;
	if (strcmp(s->guard, e->access->path) && !(e->helper && strstr(s->guard, e->helper->name)) &&
	    !(e->access->via && strstr(s->guard, e->access->via) && strstr(s->guard, e->access->path)))
		return 0;
	return s->guard_sense;
}

/*
 * Every writer stores 0, NULL or false, and the readers whose code says
 * how they act go on only when the value is set: they read what some
 * other writer published (in assembly, or one acqrel did not find), so
 * these writers may not be their partners.
 */
static void rule_zero_store(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, set = 0;

	if (!p->nr_writers || !p->nr_readers)
		return;
	for (i = 0; i < p->nr_writers; i++)
		if (e_caller_or_nonzero(&p->writers[i]))
			return;
	for (i = 0; i < p->nr_readers; i++) {
		int how = acts_on(&p->readers[i]);

		if (how < 0)
			return;
		set += how > 0;
	}
	if (!set)
		return;
	reason(p, "zero-store",
	       xasprintf("every writer stores %s (%s), but the readers go on only when %s is set: they pair with a writer that sets it, which acqrel did not find; check which side each barrier pairs with",
			 p->writers[0].access->value ? p->writers[0].access->value : "0",
			 p->writers[0].access->via ? p->writers[0].access->via : "a plain store",
			 p->variable));
}

/*
 * An end joined by a comment whose access is of another variable: converted
 * by nobody. A reader's is the reader's caveat: its smp_rmb() stays, and
 * pairs with a release as it did with smp_wmb() (rule WA).
 */
static void rule_unanchored(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		const struct pair_end *w;
		size_t had = p->nr_reasons;
		unsigned line;

		if (anchored(p, e))
			continue;
		if ((w = own_store(p, e)))
			reason(p, "unanchored",
			       xasprintf("%s() loads %s before %s() at line %u and stores it itself (line %u): it reads its own store, no other thread's publication, and the barrier orders something else; acqrel rewrites neither",
					 site_where(e->site), p->variable, e->site->primitive,
					 e->site->line, w->access->line));
		else if ((line = stored_after_load(p, e)))
			reason(p, "unanchored",
			       xasprintf("%s() stores %s itself at line %u, after its load at line %u and before %s() at line %u: the barrier orders that store, not what the load saw; acqrel rewrites neither",
					 site_where(e->site), p->variable, line, e->access->line,
					 e->site->primitive, e->site->line));
		else
			reason(p, "unanchored",
			       xasprintf("a comment joins %s() in %s(), but the %s next to it is of %s, not of %s: the real %s is elsewhere (a caller?), and acqrel rewrites neither",
					 e->site->primitive, site_where(e->site),
					 protocol_is_writer(p, e) ? "store" : "load", e->access->path,
					 p->variable,
					 protocol_is_writer(p, e) ? "publish store" : "subscribe load"));
		if (!protocol_is_writer(p, e))
			reader_reasons(p, had);
	}
}

static void rule_field_name_only(struct judge *j)
{
	if (j->p->evidence & (EV_OBJECT | EV_GLOBAL))
		return;
	reason(j->p, "field-name-only",
	       xasprintf("writers and readers are joined by the field name of %s only; its type is not visible",
			 j->p->variable));
}

/*
 * Whether the function or macro called name only computes a value: found,
 * parsed, no store and no call that is not quiet (EXT4_SB(sb) returns a
 * member).
 */
static bool pure_call(const struct judge *j, const char *file, const char *name)
{
	const struct func_summary *f = j->ctx->defs ? defs_function(j->ctx->defs, file, name) : NULL;
	size_t i;

	if (!f || !f->parsed || access_list_count(&f->accesses, true))
		return false;
	for (i = 0; i < f->calls.nr; i++)
		if (!prim_quiet_call(f->calls.v[i].name))
			return false;
	return true;
}

/* A call (but of a function that only computes), an increment or an assignment. */
static bool has_side_effects(const struct judge *j, const char *file, const char *path)
{
	const char *p;

	for (p = strchr(path, '('); p; p = strchr(p + 1, '(')) {
		const char *q = p;
		char *name;
		bool pure;

		if (p == path || !is_c_ident_char(p[-1]))
			continue;
		while (q > path && is_c_ident_char(q[-1]))
			q--;
		name = xstrndup(q, (size_t)(p - q));
		pure = pure_call(j, file, name);
		free(name);
		if (!pure)
			return true;
	}
	return strstr(path, "++") || strstr(path, "--") ||
	       (strchr(path, '=') && !strstr(path, "==") && !strstr(path, "!=") &&
		!strstr(path, "<=") && !strstr(path, ">="));
}

static void rule_operand(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);

		if (classify_convertible(p, e) && has_side_effects(j, e->access_file, e->access->path))
			reason(p, "side-effects",
			       xasprintf("%s in %s() has side effects and cannot be the operand of an acquire or release",
					 e->access->path, site_where(e->site)));
	}
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
		/* clearing a bit stores a 0 too */
		if (a->via && strstr(a->via, "clear_bit"))
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
 * A store after smp_wmb() that is the publish store of another protocol
 * with readers, through the same barrier: it becomes a release too (the
 * protocols convert as one group, or not at all), so it is no caveat here.
 */
static bool published_with(const struct judge *j, const struct pair_end *e, const struct access *a)
{
	size_t i, k;

	for (i = 0; i < j->nr_all; i++) {
		const struct protocol *q = &j->all[i];

		if (q == j->p || !q->nr_readers)
			continue;
		for (k = 0; k < q->nr_writers; k++)
			if (q->writers[k].site == e->site && q->writers[k].access == a)
				return true;
	}
	return false;
}

/* Whether a is the publish variable stored again (stored_again() weighs that). */
static bool same_as_publish(const struct pair_end *e, const struct access *a)
{
	unsigned ev;
	char *key;
	bool same;

	if (!strcmp(a->path, e->access->path))
		return true;
	key = key_of(e->access, e->access_file, &ev);
	same = key && access_is(a, e->file, key);
	free(key);
	return same;
}

static bool published_with(const struct judge *j, const struct pair_end *e, const struct access *a);

/*
 * An MMIO accessor with no ordering against memory of its own
 * (writel_relaxed(), __raw_writel()): writel() and readl() order the
 * CPU's earlier stores to memory before the device write, and the device
 * read before later loads of memory, whatever the barrier becomes.
 */
static bool relaxed_mmio(const char *name)
{
	size_t n = strlen(name);

	return !strncmp(name, "__raw_", 6) || (n > 8 && !strcmp(name + n - 8, "_relaxed"));
}

/* How deep calls are followed from a barrier's window. */

/*
 * Rule H, calls: a call after the publish store whose effects come after a
 * grace period, and so after every store before it (wakeups and
 * complete() are quiet calls already, prim_benign_call()). What it does
 * never needed the smp_wmb(), so it is no caveat of the release.
 */
static const char *const ordered_calls[] = {
	"call_rcu", "call_rcu_hurry", "call_srcu", "kfree_rcu", "kvfree_rcu",
	"kfree_rcu_mightsleep",
};

/*
 * Rule NAPI: calls after the publish store that order their own stores
 * after everything before them. napi_schedule_prep() stores only by a
 * try_cmpxchg() of the NAPI state, fully ordered when it succeeds, and
 * nothing when it fails; __napi_schedule() and __napi_schedule_irqoff(),
 * called once it succeeded, add to this CPU's poll list and raise this
 * CPU's softirq (net/core/dev.c). No reader sees their stores before the
 * data, with the barrier or with a release.
 */
static const char *const self_ordered_calls[] = {
	"napi_schedule_prep", "__napi_schedule", "__napi_schedule_irqoff",
};

/*
 * Rule PUT: calls after the publish store that drop a reference. Their
 * decrement is a release (refcount_dec_and_test() and kin, and
 * atomic_dec_and_test(), fully ordered), so it comes after the data; what
 * they do when it was the last reference (kref_put()'s release function,
 * the lock refcount_dec_and_lock() takes) comes after the decrement, which
 * then acquires. Everything such a call stores is ordered after the data
 * whatever the barrier becomes.
 */
static const char *const put_calls[] = {
	"kref_put", "kref_put_mutex", "kref_put_lock", "refcount_dec_and_test",
	"refcount_sub_and_test", "refcount_dec_and_lock", "refcount_dec_and_lock_irqsave",
	"refcount_dec_and_mutex_lock", "atomic_dec_and_test", "atomic_long_dec_and_test",
};

/*
 * Whether call, made by writer end e's function, comes after e's publish
 * store and is one of ordered_calls[], self_ordered_calls[] or put_calls[]
 * (name: the call itself, or one its callee makes).
 */
static bool ordered_after_publish(const struct pair_end *e, const struct call_ref *call,
				  const char *name)
{
	size_t i;

	if (e->caller || e->helper || call->off <= e->access->off)
		return false;
	for (i = 0; i < ARRAY_SIZE(ordered_calls); i++)
		if (!strcmp(name, ordered_calls[i]))
			return true;
	for (i = 0; i < ARRAY_SIZE(self_ordered_calls); i++)
		if (!strcmp(name, self_ordered_calls[i]))
			return true;
	for (i = 0; i < ARRAY_SIZE(put_calls); i++)
		if (!strcmp(name, put_calls[i]))
			return true;
	return false;
}

/* Whether file is a C file (not a header). */
static bool c_file(const char *file)
{
	size_t n = strlen(file);

	return n > 2 && !strcmp(file + n - 2, ".c");
}

/*
 * Weighs the stores (writer) or loads (reader) of function f, which end e
 * reaches through call (its own, at depth 0), and of the functions f calls,
 * MAX_CALL_DEPTH deep; a function not found, or past that depth, is listed
 * in unknown as "top() (which calls name())". Only what stands in f's file
 * at offsets [lo, hi) counts (a fence of f orders the rest: fenced_call()).
 */
static void weigh_function(struct judge *j, const struct pair_end *e, bool writer,
			   const struct call_ref *call, const struct func_summary *f,
			   unsigned depth, size_t lo, size_t hi, struct strbuf *shared,
			   struct strbuf *unknown)
{
	/* the publish store is in f itself (a callee-store), so its names are f's */
	bool publish_in = f->accesses.nr && e->access >= f->accesses.v &&
			  e->access < f->accesses.v + f->accesses.nr;
	size_t k;

	/*
	 * Rule R inside: a fence f runs on every path orders its stores after
	 * it (writer), or its loads before it (reader), whatever the barrier
	 * becomes, wherever f is called from.
	 */
	if (writer && f->fences.store_first && f->fences.store_first < hi)
		hi = f->fences.store_first;
	if (!writer && f->fences.load_last > lo)
		lo = f->fences.load_last;

	for (k = 0; k < f->accesses.nr; k++) {
		const struct access *a = &f->accesses.v[k];

		if (a->is_write != writer || a == e->access || (writer && published_with(j, e, a)) ||
		    a->off < lo || a->off >= hi)
			continue;
		/* a second store of the variable itself: the release can go on one only */
		if (writer && publish_in && same_as_publish(e, a)) {
			if (!protocol_has_reason(j->p, "stored-again"))
				reason(j->p, "stored-again",
				       xasprintf("%s(), called after smp_wmb() in %s(), also stores %s at %s:%u besides the publish store: only one of the stores can become the release",
						 call->name, site_where(e->site), j->p->variable,
						 f->file, a->line));
			continue;
		}
		if (weigh_access(j->ctx, j->p, e, a, call, NULL, f->file, f))
			list_add(shared, a);
	}
	for (k = 0; k < f->calls.nr; k++) {
		const char *name = f->calls.v[k].name;
		const struct func_summary *g;

		if (f->calls.v[k].off < lo || f->calls.v[k].off >= hi)
			continue;
		if (!j->device && relaxed_mmio(name) &&
		    prim_mmio(name, strlen(name)) == (writer ? PRIM_MMIO_WRITE : PRIM_MMIO_READ))
			j->device = xasprintf("%s() (which calls %s() at %s:%u)", call->name, name,
					      f->file, f->calls.v[k].line);
		if (prim_quiet_call(name) || (writer && ordered_after_publish(e, call, name)))
			continue;
		g = depth + 1 < MAX_CALL_DEPTH && key_is_ident(name)
		    ? defs_function_far(j->ctx->defs, f->file, name) : NULL;
		/* a header's macro or inline calls into the folder of the code that uses it */
		if (!g && depth + 1 < MAX_CALL_DEPTH && key_is_ident(name) && !c_file(f->file))
			g = defs_function_far(j->ctx->defs, e->file, name);
		if (g && g->parsed) {
			weigh_function(j, e, writer, call, g, depth + 1, 0, SIZE_MAX, shared, unknown);
			continue;
		}
		if (!strstr(unknown->buf, call->name))
			strbuf_addf(unknown, "%s%s() (which calls %s())", unknown->len ? ", " : "",
				    call->name, name);
		return;
	}
}

/*
 * Rule R: a call in end e's window, a statement of its own on every path
 * between it and the barrier (call_ref.direct), whose callee runs a fence
 * on every path (struct parse_fences). For a reader, the loads before that fence, in the
 * callee and before the call (a request built and pushed with
 * RING_PUSH_REQUESTS_AND_CHECK_NOTIFY(), whose virt_mb() orders it), stay
 * ordered before the data whatever becomes of smp_rmb(); for a writer, the
 * stores after it stay ordered after the data. The call nearest the
 * barrier with such a fence, or NULL; *callee is its summary.
 */
static const struct call_ref *fenced_call(struct judge *j, const struct pair_end *e, bool writer,
					  const struct func_summary **callee)
{
	const struct call_list *calls = writer ? &e->site->calls_after : &e->site->calls_before;
	const struct call_ref *best = NULL;
	size_t i;

	*callee = NULL;
	for (i = 0; i < calls->nr; i++) {
		const struct call_ref *c = &calls->v[i];
		const struct func_summary *f = callee_of(j, e, c);

		if (!c->direct || !f || !f->parsed ||
		    !(writer ? f->fences.store_first : f->fences.load_last))
			continue;
		if (!best || (writer ? c->off < best->off : c->off > best->off)) {
			best = c;
			*callee = f;
		}
	}
	return best;
}

/* Whether offset off in end e's file is on the side of call cut that its fence orders. */
static bool fenced_off(const struct call_ref *cut, bool writer, size_t off)
{
	return cut && (writer ? off > cut->off : off < cut->off);
}

/*
 * The local that the condition of the if right before off tests for
 * non-NULL ("if (p)", "if (p != NULL)", "if (unlikely(p != NULL))"), with
 * the if's statement being the one that holds off; its name in *n.
 */
static const char *guard_local(const char *text, size_t off, size_t *n)
{
	size_t i = off;
	const char *c, *e, *name;
	int depth = 0;

	/* back over blanks to the ')' that closes the if's condition */
	while (i && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n' ||
		     text[i - 1] == '\r'))
		i--;
	if (!i || text[i - 1] != ')')
		return NULL;
	e = text + i - 1;
	for (c = e; c > text; c--) {
		if (*c == ')')
			depth++;
		else if (*c == '(' && --depth == 0)
			break;
	}
	if (c == text || depth)
		return NULL;
	for (name = c; name > text && (name[-1] == ' ' || name[-1] == '\t'); name--)
		;
	if (name - text < 2 || memcmp(name - 2, "if", 2) || (name - text > 2 && is_c_ident_char(name[-3])))
		return NULL;
	/* inside: [un]likely( L [!= NULL] ) */
	for (c++; *c == ' '; c++)
		;
	if (!strncmp(c, "unlikely(", 9))
		c += 9;
	else if (!strncmp(c, "likely(", 7))
		c += 7;
	for (name = c; is_c_ident_char(*c); c++)
		;
	*n = (size_t)(c - name);
	if (!*n || isdigit((unsigned char)*name))
		return NULL;
	while (*c == ' ')
		c++;
	if (!strncmp(c, "!= NULL", 7))
		for (c += 7; *c == ' '; c++)
			;
	while (c < e && (*c == ')' || *c == ' '))
		c++;
	return c == e ? name : NULL;
}

/*
 * Rule GUARD: a call after writer end e's barrier, under "if (p)", where
 * the barrier's block sets p = NULL right after the publish store and
 * nothing sets p again before the call ("publish the new object, or free
 * it"): on the path that runs the barrier the call does not run.
 */
static bool guard_cleared(struct judge *j, const struct pair_end *e, const struct call_ref *c)
{
	const char *text = types_text(j->t, e->file), *name, *p, *set = NULL;
	size_t n, from, k;

	if (e->caller || e->helper || !text || c->off <= e->access->off || c->off >= strlen(text))
		return false;
	if (!(name = guard_local(text, c->off, &n)))
		return false;
	from = e->access->off;
	for (p = text + from; (p = memmem(p, c->off - (size_t)(p - text), name, n)); p += n) {
		const char *q = p + n;

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*q))
			continue;
		while (*q == ' ')
			q++;
		if (*q != '=' || q[1] == '=')
			continue;
		for (q++; *q == ' '; q++)
			;
		/* the first assignment is p = NULL; any later one spoils it */
		if (set || (strncmp(q, "NULL;", 5) && strncmp(q, "0;", 2)))
			return false;
		set = p;
	}
	if (!set)
		return false;
	/* straight from the publish store to it: no block closed, no jump */
	for (k = from; text + k < set; k++)
		if (text[k] == '}' || text[k] == '{')
			return false;
	return !memmem(text + from, (size_t)(set - text) - from, "goto", 4) &&
	       !memmem(text + from, (size_t)(set - text) - from, "return", 6) &&
	       !memmem(text + from, (size_t)(set - text) - from, "break", 5);
}

/*
 * Rule LOOKUP: a call before reader end e's smp_rmb() whose result is a
 * local the subscribe load's address is computed from ("u = find(key);
 * if (test_bit(F, &u->flags)) { smp_rmb(); ..."). The acquire depends on
 * what the lookup returns, and the loads after it on the acquire: what
 * the lookup loads to find the object stays ordered before the data. Its
 * loads are weighed as usual, and one a visibility rule leaves shared
 * stays a caveat (a flag of the object it tests may be another
 * protocol's, which the barrier ordered too); the calls acqrel cannot
 * follow inside it make no call-between, as nothing in them is known to
 * be more than the search.
 */
static void weigh_lookup(struct judge *j, const struct pair_end *e, const struct call_ref *c,
			 struct strbuf *shared)
{
	struct strbuf unknown = STRBUF_INIT;
	const struct func_summary *f = key_is_ident(c->name) && j->ctx->defs
		? defs_function_far(j->ctx->defs, e->file, c->name) : NULL;

	if (f && f->parsed)
		weigh_function(j, e, false, c, f, 0, 0, SIZE_MAX, shared, &unknown);
	strbuf_release(&unknown);
}

/*
 * The calls in end e's window whose stores (writer) or loads (reader) the
 * conversion reorders: the accesses of each callee acqrel finds, and of
 * what it calls in turn, are weighed one by one, the shared ones listed in
 * shared; a callee not found is listed in unknown. What the fence of cut
 * (fenced_call()) orders is left out.
 */
static void weigh_calls(struct judge *j, const struct pair_end *e, bool writer,
			const struct call_ref *cut, const struct func_summary *cut_callee,
			struct strbuf *shared, struct strbuf *unknown)
{
	const struct call_list *calls = writer ? &e->site->calls_after : &e->site->calls_before;
	size_t i;

	for (i = 0; i < calls->nr; i++) {
		const struct call_ref *c = &calls->v[i];
		const struct func_summary *f;

		if (prim_quiet_call(c->name) || (writer && ordered_after_publish(e, c, c->name)) ||
		    fenced_off(cut, writer, c->off) || (writer && guard_cleared(j, e, c)))
			continue;
		if (!writer && visible_call_feeds_subscribe(j->t, e, c)) {
			weigh_lookup(j, e, c, shared);
			continue;
		}
		/* what the call does: a function of another file of the folder too */
		f = key_is_ident(c->name) && j->ctx->defs ? defs_function_far(j->ctx->defs, e->file, c->name)
							  : NULL;
		if (!f || !f->parsed) {
			if (!strstr(unknown->buf, c->name))
				strbuf_addf(unknown, "%s%s()", unknown->len ? ", " : "", c->name);
			continue;
		}
		if (c == cut)
			weigh_function(j, e, writer, c, f, 0,
				       writer ? 0 : cut_callee->fences.load_last,
				       writer ? cut_callee->fences.store_first : SIZE_MAX, shared,
				       unknown);
		else
			weigh_function(j, e, writer, c, f, 0, 0, SIZE_MAX, shared, unknown);
	}
}

/* Whether the call that starts at p (its name) has an argument that is exactly v[0..n). */
static bool call_has_argument(const char *p, const char *v, size_t n)
{
	const char *arg;
	size_t i, len;

	for (i = 0; (arg = call_argument(p, i, &len)); i++)
		if (len == n && !memcmp(arg, v, n))
			return true;
	return false;
}

/*
 * The statements that end in text[from..to): semicolons outside brackets,
 * comments and preprocessor lines.
 */
static unsigned statements_between(const char *text, size_t from, size_t to)
{
	unsigned n = 0;
	int depth = 0;
	size_t i = from;

	while (i < to) {
		if (text[i] == '/' && text[i + 1] == '*') {
			const char *end = strstr(text + i + 2, "*/");

			i = end ? (size_t)(end - text) + 2 : to;
			continue;
		}
		if ((text[i] == '/' && text[i + 1] == '/') ||
		    (text[i] == '#' && (i == 0 || text[i - 1] == '\n'))) {
			while (i < to && text[i] != '\n')
				i++;
			continue;
		}
		if (text[i] == '(' || text[i] == '[')
			depth++;
		else if ((text[i] == ')' || text[i] == ']') && depth)
			depth--;
		else if (text[i] == ';' && !depth)
			n++;
		i++;
	}
	return n;
}

/* How many statements, the call's own included, may end before such a store. */
#define TAIL_STATEMENTS 3

/*
 * Whether store a, made by caller c right after its call of the
 * barrier's function (TAIL_STATEMENTS), stores one of the call's
 * arguments (a variable, not through a pointer of the caller's own, like
 * an output parameter "*ret = obj").
 */
static bool stores_argument(struct judge *j, const struct pair_end *e, const struct caller *c,
			    const struct access *a)
{
	const char *text = types_text(j->t, caller_file(c, e->file)), *v = a->value;
	size_t n;

	/* rcu_assign_pointer() and kin order the data before them on their own */
	if (!text || !v || a->path[0] == '*' || !has_release_form(a) || c->off >= strlen(text))
		return false;
	for (n = 0; v[n] && (isalnum((unsigned char)v[n]) || v[n] == '_'); n++)
		;
	if (!n || v[n] || isdigit((unsigned char)v[0]) || !strcmp(v, "NULL") ||
	    !strcmp(v, "true") || !strcmp(v, "false") || !call_has_argument(text + c->off, v, n))
		return false;
	/* right after the call */
	return a->off > c->off && a->off <= strlen(text) &&
	       statements_between(text, c->off, a->off) <= TAIL_STATEMENTS;
}

/*
 * Rule DEV: a call in writer end e's window after its smp_wmb() whose
 * callee (or what it calls, MAX_CALL_DEPTH deep) writes device memory
 * with a relaxed accessor (writel_relaxed(), __raw_writel(): no ordering
 * against memory of its own, relaxed_mmio()), or for a reader a call
 * before its smp_rmb() that reads it so: the barrier orders memory a
 * device reads (a descriptor before the doorbell) or what it wrote, as
 * rule_external() says of such a write in the barrier's own function; a
 * release or an acquire of the variable does not. weigh_function() notes
 * the first such call in j->device.
 */
static void rule_device_call(struct judge *j, const struct pair_end *e, bool writer)
{
	if (!j->device)
		return;
	reason(j->p, "external",
	       xasprintf(writer ? "%s() in %s() is followed by %s, a write to device memory: it orders memory a device reads, which a release of %s does not"
			 : "%s() in %s() follows %s, a read of device memory: it orders what a device wrote, which an acquire of %s does not",
			 e->site->primitive, site_where(e->site), j->device, j->p->variable));
	free(j->device);
	j->device = NULL;
}

/*
 * Rule CS: an smp_wmb() whose window after runs to its function's end
 * also orders the data before the stores its callers make after the
 * call. When a caller stores an argument of the call there ("init(t);
 * list->next = t;"), the barrier publishes that object too, and readers
 * that find it there (walking the list) read what the callee stored
 * before the barrier. A release on the publish store orders the data
 * before that store only, so the barrier stays: keep, naming each such
 * store another thread can see. Other stores of the callers are left
 * alone: that the callee's barrier orders them is rarely what the code
 * means, and which of them some reader relies on needs their readers.
 */
static void rule_tail_publish(struct judge *j, const struct pair_end *e)
{
	const struct site *s = e->site;
	struct strbuf stores = STRBUF_INIT;
	size_t i, k;

	if (e->caller || e->helper)
		return;
	for (i = 0; i < s->nr_tail_callers; i++) {
		const struct caller *c = &s->tail_callers[i];

		for (k = 0; k < c->after.nr; k++) {
			const struct access *a = &c->after.v[k];
			char *item;

			if (!a->is_write || !stores_argument(j, e, c, a) ||
			    !weigh_access(j->ctx, j->p, e, a, NULL, c, caller_file(c, e->file), NULL))
				continue;
			item = xasprintf("%s = %s (line %u%s%s in %s(), after its call at line %u)",
					 a->path, a->value, a->line, c->file ? " of " : "",
					 c->file ? c->file : "", c->function, c->line);
			if (!strstr(stores.buf, item))
				strbuf_addf(&stores, "%s%s", stores.len ? ", " : "", item);
			free(item);
		}
	}
	if (stores.len)
		reason(j->p, "publishes-object",
		       xasprintf("smp_wmb() in %s() also publishes what its callers pass it: they store it right after the call, in %s, which other threads can see; a release on %s would not order the data before those stores",
				 site_where(s), stores.buf, j->p->variable));
	strbuf_release(&stores);
}

/*
 * Whether store a releases on its own (smp_store_release(),
 * clear_bit_unlock(), atomic_set_release(), an unlock): it orders every
 * earlier access before it whatever the barrier before it becomes.
 */
static bool store_releases(const struct access *a)
{
	const char *via = a->is_write ? a->via : NULL;
	size_t n = via ? strlen(via) : 0;

	return via && ((n > 8 && !strcmp(via + n - 8, "_release")) ||
		       (n > 7 && !strcmp(via + n - 7, "_unlock")) ||
		       !strcmp(via, "clear_and_wake_up_bit"));
}

/*
 * Each smp_wmb() that goes: the stores after it, other than the publish
 * store and the other publish stores of its group, lose their ordering
 * after the data; only those another thread can see are caveats.
 */
static void weigh_writer(struct judge *j, const struct pair_end *e)
{
	struct protocol *p = j->p;
	const struct site *s = e->site;
	struct strbuf shared = STRBUF_INIT, unknown = STRBUF_INIT;
	const struct func_summary *callee;
	const struct call_ref *cut = fenced_call(j, e, true, &callee);
	unsigned line;
	size_t i;

	if ((line = stored_again(&s->window_after, e)))
		reason(p, "stored-again",
		       xasprintf("%s() stores %s again at line %u, after the publish store; a reader that sees that value is not ordered by the release",
				 site_where(s), p->variable, line));
	for (i = 0; i < s->window_after.nr; i++) {
		const struct access *a = &s->window_after.v[i];

		/* a store that releases on its own keeps the data ordered before it */
		if (!a->is_write || a == e->access || same_as_publish(e, a) ||
		    published_with(j, e, a) || fenced_off(cut, true, a->off) || store_releases(a))
			continue;
		if (weigh(j->ctx, p, e, a))
			list_add(&shared, a);
	}
	weigh_calls(j, e, true, cut, callee, &shared, &unknown);
	rule_device_call(j, e, true);
	rule_tail_publish(j, e);
	if (shared.len)
		reason(p, "several-stores",
		       xasprintf("smp_wmb() in %s() also orders the stores to %s, which other threads can see: with a release on %s instead, they are no longer ordered after the data",
				 site_where(s), shared.buf, p->variable));
	if (unknown.len)
		reason(p, "call-between",
		       xasprintf("smp_wmb() in %s() also orders the stores made by %s, whose bodies acqrel does not follow: with a release on %s instead, they are no longer ordered after the data",
				 site_where(s), unknown.buf, p->variable));
	strbuf_release(&shared);
	strbuf_release(&unknown);
}

/* Whether a and b read one bit of a word each, and not the same bit. */
static bool other_bit(const struct access *a, const struct access *b)
{
	return a->via && b->via && strstr(a->via, "_bit") && strstr(b->via, "_bit") &&
	       a->value && b->value && strcmp(a->value, b->value);
}

/*
 * The line of another load of the subscribe variable before the barrier, or
 * 0. Rule C: when the subscribe load of reader end e is on every path to
 * the barrier, a load of the same location before it is covered by
 * coherence (the acquire reads it again, at least as new).
 */
static unsigned loaded_again(struct types *t, const struct pair_end *e, const struct access_list *l)
{
	const struct access *key = e->access;
	bool covered = visible_subscribe_on_every_path(t, e);
	size_t i, sub = e->helper ? e->helper->off : key->off;

	for (i = 0; i < l->nr; i++)
		if (!l->v[i].is_write && l->v[i].off != key->off &&
		    !strcmp(l->v[i].path, key->path) && !other_bit(&l->v[i], key) &&
		    !(covered && l->v[i].off < sub && visible_same_location(t, e, l->v[i].off)))
			return l->v[i].line;
	return 0;
}

/*
 * Each smp_rmb() that goes: the loads before it, other than the subscribe
 * load, lose their ordering before the data; only those another thread can
 * change are caveats.
 */
static void weigh_reader(struct judge *j, const struct pair_end *e)
{
	struct protocol *p = j->p;
	const struct site *s = e->site;
	struct strbuf shared = STRBUF_INIT, unknown = STRBUF_INIT;
	const struct func_summary *callee;
	const struct call_ref *cut = fenced_call(j, e, false, &callee);
	unsigned line;
	size_t i, had = p->nr_reasons;

	if ((line = loaded_again(j->t, e, &s->window_before))) {
		reason(p, "several-loads",
		       xasprintf("%s is also loaded at line %u before smp_rmb() in %s() (another path, or a second load): only one load can become the acquire",
				 p->variable, line, site_where(s)));
		p->changes++;
	}
	for (i = 0; i < s->window_before.nr; i++) {
		const struct access *a = &s->window_before.v[i];

		if (a->is_write || a == e->access || !strcmp(a->path, e->access->path) ||
		    fenced_off(cut, false, a->off))
			continue;
		if (weigh(j->ctx, p, e, a))
			list_add(&shared, a);
	}
	weigh_calls(j, e, false, cut, callee, &shared, &unknown);
	rule_device_call(j, e, false);
	if (shared.len)
		reason(p, "loses-ordering",
		       xasprintf("the loads of %s before smp_rmb() in %s() can see other threads' stores: with an acquire on %s instead, they are no longer ordered before the loads after it",
				 shared.buf, site_where(s), p->variable));
	if (unknown.len)
		reason(p, "call-between",
		       xasprintf("smp_rmb() in %s() also orders the loads made by %s, whose bodies acqrel does not follow: with an acquire on %s instead, they are no longer ordered before the loads after it",
				 site_where(s), unknown.buf, p->variable));
	reader_reasons(p, had);
	strbuf_release(&shared);
	strbuf_release(&unknown);
}

/*
 * A barrier one call level away that moves into its callers (callee_stays()
 * says when it cannot): what the callers store (or load) between the call and
 * their publish store (or after their subscribe load and before the call)
 * loses its ordering.
 */
static void weigh_callee(struct judge *j, const struct pair_end *e, bool writer)
{
	struct protocol *p = j->p;
	const struct site *s = e->site;
	struct strbuf shared = STRBUF_INIT;
	size_t i, k, had = p->nr_reasons;

	for (i = 0; i < s->nr_callers; i++) {
		const struct caller *c = &s->callers[i];
		const struct access *a = pair_caller_access(c, e->file, p->key, writer);
		const struct access_list *l = writer ? &c->after : &c->before;

		if (!a)
			continue;
		for (k = 0; k < l->nr; k++) {
			const struct access *o = &l->v[k];

			if (o->is_write != writer || o == a || !strcmp(o->path, a->path))
				continue;
			if (weigh_in(j->ctx, p, e, o, NULL, caller_file(c, e->file)))
				list_add(&shared, o);
		}
	}
	if (shared.len)
		reason(p, writer ? "several-stores" : "loses-ordering",
		       xasprintf(writer ? "the stores to %s between the call of %s() and the publish store can be seen by other threads; they would lose their ordering after the data"
				: "the loads of %s before the call of %s() can see other threads' stores; they would lose their ordering against the loads after it",
			 shared.buf, s->function));
	if (!writer)
		reader_reasons(p, had);
	strbuf_release(&shared);
}

static void rule_ends(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		bool writer = protocol_is_writer(p, e);

		if (!classify_convertible(p, e))
			continue;
		if (e->caller)
			weigh_callee(j, e, writer);
		else if (writer)
			weigh_writer(j, e);
		else
			weigh_reader(j, e);
	}
}

/* The base of path: "thread" for "thread->info" or "thread->a.b[i]", "s" for "s.x". */
static size_t path_base(const char *path)
{
	size_t n = 0;

	while (is_c_ident_char(path[n]))
		n++;
	return n;
}

/*
 * Rule HANDOFF: a writer whose publish store's value is a call that takes
 * the object the data went into ("thread->info = info; smp_wmb();
 * thread->task = kthread_create(fn, thread, ...)"): the call, made after
 * the barrier and before the store, hands that object to another thread
 * (a new kthread, a work queue), which is the publication the barrier
 * orders the data before; a release on the store would come after the
 * call. Keep, naming the call.
 */
static void rule_handoff(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, k;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const char *v = e->access->value, *open, *close;

		char *callee;
		bool computes;

		if (!classify_convertible(p, e) || e->caller || e->helper || !v ||
		    !(open = strchr(v, '(')) || !(close = strrchr(v, ')')) || close < open ||
		    open == v || !is_c_ident_char(open[-1]))
			continue;
		/* a call that only computes the value ("nextp(q->tail)") hands nothing over */
		callee = xstrndup(v, (size_t)(open - v));
		computes = !key_is_ident(callee) || prim_quiet_call(callee) ||
			   pure_call(j, e->file, callee);
		free(callee);
		if (computes)
			continue;
		for (k = 0; k < e->site->window_before.nr; k++) {
			const struct access *a = &e->site->window_before.v[k];
			size_t n = path_base(a->path);
			char *base, *args;
			bool passed;

			if (!a->is_write || !n || a->path[n] == '\0')
				continue;
			base = xstrndup(a->path, n);
			args = xstrndup(open + 1, (size_t)(close - open - 1));
			passed = mentions_word(args, base, n);
			free(args);
			if (passed) {
				reason(p, "handoff",
				       xasprintf("%s() stores %s before its smp_wmb() and then passes %s to the call whose value it stores in %s (%.*s()): the call hands the object to another thread, after the barrier and before the store, and a release on %s would not order the data before it",
						 site_where(e->site), a->path, base, p->variable,
						 (int)(open - v), v, p->variable));
				free(base);
				break;
			}
			free(base);
		}
	}
}

/*
 * Whether the statement at text[at] is the body of an if, for, while or
 * else without braces ("if (c)\n\tf();"): the code before it, comments
 * aside, ends in ')' or "else".
 */
static bool braceless_body(const char *text, size_t at)
{
	size_t i = at;

	while (i > 0 && text[i - 1] != '\n' && text[i - 1] != ';' && text[i - 1] != '{' &&
	       text[i - 1] != '}')
		i--;
	for (;;) {
		while (i > 0 && isspace((unsigned char)text[i - 1]))
			i--;
		if (i >= 2 && text[i - 1] == '/' && text[i - 2] == '*') {
			while (i >= 2 && !(text[i - 2] == '/' && text[i - 1] == '*'))
				i--;
			i = i >= 2 ? i - 2 : 0;
			continue;
		}
		break;
	}
	return i > 0 && (text[i - 1] == ')' ||
			 (i >= 4 && !strncmp(text + i - 4, "else", 4) &&
			  (i == 4 || !is_c_ident_char(text[i - 5]))));
}

/*
 * Whether a store to a's variable could make a protocol of its own: a field
 * of a known struct or a global ("w->width", DESIGN shape 7, whose readers
 * say which store they subscribe to); not "*ptep" or a per-CPU counter.
 */
static bool protocol_could_hold(const struct access *a, const char *file)
{
	unsigned ev = 0;
	char *key = key_of(a, file, &ev);
	bool yes = key && (ev & (EV_OBJECT | EV_GLOBAL));

	free(key);
	return yes;
}

/* Whether the comment above the barrier at off in text names a's variable (its last name). */
static bool comment_names_access(const char *text, size_t off, const struct access *a)
{
	size_t n;
	const char *mine = last_name(a->path, &n);

	return n && barrier_comment_names(text, off, mine, n);
}

/*
 * Rule FIRST: a writer's smp_wmb() whose window reaches, on every path
 * before the protocol's publish store, a store another thread can see (its
 * own, or one a call it makes there makes: "smp_wmb(); set_pte(ptep, v);
 * stat.pages++;") that acqrel could not make a protocol of (no field or
 * global: "*ptep"): the barrier publishes that earlier store, and a
 * release on the later store would leave it unordered after the data.
 * Keep, naming it. Not when the barrier's comment names the protocol's
 * variable; an earlier store of a field is shape 7 (several-stores). A
 * publish store that a helper makes (shared-helper) is where the helper
 * is called: "smp_wmb(); set_pte(ptep, v); walk_enter(&ctx);" publishes
 * *ptep, not the walk's own level.
 */
static void rule_first_store(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, c;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const struct changed *first = NULL;
		const char *text = types_text(j->t, e->file);
		size_t len = text ? strlen(text) : 0;
		size_t pub = e->helper ? e->helper->off : e->access->off;

		if (!classify_convertible(p, e) || e->caller || !text || pub < e->site->off ||
		    pub > len)
			continue;
		/* a comment that names the variable says it is the publication */
		if (comment_names_access(text, e->site->off, e->access))
			continue;
		for (c = 0; c < p->nr_changed; c++) {
			const struct changed *ch = &p->changed[c];
			size_t at = ch->call ? ch->call->off : ch->access->off;

			/* on every path from the barrier to the publish store */
			if (ch->end != e || ch->tail || !ch->access->is_write || ch->cls != VIS_SHARED ||
			    (!ch->call && strcmp(ch->file, e->file)) || at <= e->site->off ||
			    at >= pub || !straight_between(text, e->site->off, at) ||
			    (ch->call && !ch->call->direct) || braceless_body(text, at) ||
			    protocol_could_hold(ch->access, ch->file))
				continue;
			if (!first || at < (first->call ? first->call->off : first->access->off))
				first = ch;
		}
		if (first)
			reason(p, "first-store",
			       first->call
			       ? xasprintf("smp_wmb() in %s() is followed first by the store to %s that %s() makes (line %u), which other threads can see, and only then by the store to %s: the barrier publishes that store too, and a release on %s would leave it unordered after the data",
					   site_where(e->site), first->access->path, first->call->name,
					   first->call->line, p->variable, p->variable)
			       : xasprintf("smp_wmb() in %s() is followed first by the store to %s (line %u), which other threads can see, and only then by the store to %s: the barrier publishes that store too, and a release on %s would leave it unordered after the data",
					   site_where(e->site), first->access->path, first->access->line,
					   p->variable, p->variable));
	}
}

/*
 * Rule BRANCH: a writer's smp_wmb() in the then-branch of an if, whose
 * publish store lies after that branch, while the branch itself makes,
 * after the barrier, a store another thread can see (its own, or one a
 * call it makes there makes: "if (ring_full) { smp_wmb();
 * netif_stop_queue(dev); } stats->bytes += len;"): the store after the
 * branch runs also when the barrier does not, so it is not what the
 * barrier publishes; the branch's store is, and a release on the later
 * store would leave it unordered after the data. Keep, naming it. Not
 * when the barrier's comment names the protocol's variable.
 */
static void rule_branch_end(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, c;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const struct site *s = e->site;
		const struct changed *first = NULL;
		const char *text = types_text(j->t, e->file);

		if (!classify_convertible(p, e) || e->caller || e->helper || !text ||
		    s->branch_end <= s->branch_start || s->off < s->branch_start ||
		    s->off >= s->branch_end || e->access->off < s->branch_end)
			continue;
		if (comment_names_access(text, s->off, e->access))
			continue;
		for (c = 0; c < p->nr_changed; c++) {
			const struct changed *ch = &p->changed[c];
			size_t at = ch->call ? ch->call->off : ch->access->off;

			if (ch->end != e || ch->tail || !ch->access->is_write || ch->cls != VIS_SHARED ||
			    (!ch->call && strcmp(ch->file, e->file)) || at <= s->off ||
			    at >= s->branch_end)
				continue;
			if (!first || at < (first->call ? first->call->off : first->access->off))
				first = ch;
		}
		if (first)
			reason(p, "branch-end",
			       xasprintf("smp_wmb() in %s() is in an if branch that ends before the store to %s (line %u), which also runs when the barrier does not; the branch stores %s%s%s%s (line %u) after the barrier, which other threads can see: the barrier publishes that store, and a release on %s would leave it unordered after the data",
					 site_where(s), p->variable, e->access->line,
					 first->access->path, first->call ? " in " : "",
					 first->call ? first->call->name : "", first->call ? "()" : "",
					 first->call ? first->call->line : first->access->line,
					 p->variable));
	}
}

/*
 * Rule GROUP: a writer's smp_wmb() whose publish store is followed,
 * straight through, by more stores another thread can see and then by
 * another smp_wmb() of its function ("smp_wmb(); s->state = n.state;
 * s->susp = n.susp; smp_wmb();"): the two barriers bracket one state
 * published as a whole, which no release on one of its stores covers.
 * Keep, naming the stores.
 */
static void rule_group(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i, c, k, lo, hi;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *e = &p->writers[i];
		const char *text = types_text(j->t, e->file);
		const struct site *close = NULL;
		struct strbuf stores = STRBUF_INIT;
		size_t len = text ? strlen(text) : 0;

		if (!classify_convertible(p, e) || e->caller || e->helper || !e->site->function ||
		    e->access->off < e->site->off)
			continue;
		function_sites(e, &lo, &hi);
		for (k = lo; k < hi && !close; k++) {
			const struct site *s = &e->fs->v[k];

			if (own_barrier(e, s, "smp_wmb") && s->off > e->access->off && s->off <= len &&
			    straight_between(text, e->site->off, s->off))
				close = s;
		}
		for (c = 0; close && c < p->nr_changed; c++) {
			const struct changed *ch = &p->changed[c];

			if (ch->end != e || ch->call || ch->tail || !ch->access->is_write ||
			    ch->cls != VIS_SHARED || strcmp(ch->file, e->file) ||
			    ch->access->off <= e->access->off || ch->access->off >= close->off)
				continue;
			strbuf_addf(&stores, "%s%s (line %u)", stores.len ? ", " : "",
				    ch->access->path, ch->access->line);
		}
		if (stores.len)
			reason(p, "group",
			       xasprintf("smp_wmb() in %s() (line %u) publishes %s together with %s, and another smp_wmb() (line %u) closes the group: one state published as a whole, which a release on one of its stores does not cover",
					 site_where(e->site), e->site->line, p->variable, stores.buf,
					 close->line));
		strbuf_release(&stores);
	}
}

/*
 * An acquire or release that some configuration compiles out (its access
 * under an #if branch) while the barrier it replaces stays: that
 * configuration would lose the ordering. Refused.
 */
static void rule_config(struct judge *j)
{
	struct protocol *p = j->p;
	const char *helper_text;
	size_t i, c, body;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		const struct site *s = e->site;

		if (!classify_convertible(p, e))
			continue;
		if (!e->caller && !sites_compiled_with(e->fs, e->helper ? e->helper->off : e->access->off,
						       s->off)) {
			reason(p, "config",
			       xasprintf("the %s of %s at line %u is compiled under an #if branch that %s() at line %u is not: a configuration without that branch would lose the barrier and get no %s in its place",
					 protocol_is_writer(p, e) ? "store" : "load", p->variable, e->access->line,
					 s->primitive, s->line, protocol_is_writer(p, e) ? "release" : "acquire"));
			continue;
		}
		/* in a helper: its access under an #if its function's body is not */
		if (e->helper && (helper_text = types_text(j->t, e->access_file)) &&
		    (body = body_open(helper_text, e->access->off)) != (size_t)-1 &&
		    !sites_text_compiled_with(helper_text, e->access->off, body)) {
			reason(p, "config",
			       xasprintf("the %s of %s at %s:%u is compiled under an #if branch that the body of its function is not: a configuration without that branch would lose the barrier and get no %s in its place",
					 protocol_is_writer(p, e) ? "store" : "load", p->variable,
					 e->access_file, e->access->line,
					 protocol_is_writer(p, e) ? "release" : "acquire"));
			continue;
		}
		for (c = 0; e->caller && c < s->nr_callers; c++) {
			const struct access *a = pair_caller_access(&s->callers[c], e->file, p->key,
								    protocol_is_writer(p, e));

			if (a && !s->callers[c].file && !sites_compiled_with(e->fs, a->off, s->callers[c].off))
				reason(p, "config",
				       xasprintf("the %s of %s at line %u in %s() is compiled under an #if branch that its call of %s() is not",
						 protocol_is_writer(p, e) ? "store" : "load", p->variable, a->line,
						 s->callers[c].function, s->function));
		}
	}
}

/*
 * Rule HELPER: an end whose access is in a helper that another file
 * defines (a header's accessor: "if (RPC_IS_QUEUED(task))" loads
 * tk_runstate in include/linux/sunrpc/sched.h): the acquire or the
 * release would go into the helper, for every caller it has across the
 * tree, which is that helper's maintainers' call and no mechanical
 * rewrite of this protocol: review. A reader's is a reader's caveat, so
 * rule WA can convert the writers alone, the reader keeping its barrier.
 */
static void rule_shared_helper(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		bool writer = protocol_is_writer(p, e);

		size_t had = p->nr_reasons;

		if (!classify_convertible(p, e) || !e->helper || !e->access_file ||
		    !strcmp(e->access_file, e->file))
			continue;
		reason(p, "shared-helper",
		       xasprintf("the %s of %s is in %s() in %s, which code elsewhere calls too: the %s would go there, for every caller",
				 writer ? "store" : "load", p->variable, e->helper->name,
				 e->access_file, writer ? "release" : "acquire"));
		/* a reader's: its smp_rmb() can stay, and the writers convert alone (rule WA) */
		if (!writer)
			reader_reasons(p, had);
		return;
	}
}

/* ---- rules: what needs no conversion ---- */

/* What fence prim does for the protocol, as one phrase. */
static const char *fence_does(const char *prim, bool writer)
{
	bool stores, loads;

	prim_fence_orders(prim, &stores, &loads);
	if (stores && loads)
		return writer ? "is a full barrier: it orders every earlier access before the store to"
			      : "is a full barrier: it orders the load of";
	if (!strncmp(prim, "dma_", 4) || !strncmp(prim, "virt_", 5) || prim[0] != 's')
		return writer ? "orders earlier stores, for devices too, before the store to"
			      : "orders the load, for devices too, of";
	return writer ? "orders earlier stores before the store to"
		      : "orders the later loads after the load of";
}

/*
 * Whether writer end e is an smp_wmb() whose publish store is a release
 * already (an earlier barrier of a function that also releases: "smp_wmb();
 * seq++; smp_store_release(&stat, n);"): the barrier adds nothing for this
 * variable, the release orders all before it.
 */
static bool released_after_wmb(const struct pair_end *e)
{
	return prim_role(e->site->primitive) == PRIM_ROLE_WMB && !e->caller && e->access &&
	       store_releases(e->access);
}

/* Ends that stay as they are: bit operations, consumers' index updates, fences. */
static void rule_ordered_ends(struct judge *j)
{
	struct protocol *p = j->p;
	size_t i;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		enum prim_role r = prim_role(e->site->primitive);
		const char *prim = e->site->primitive, *fn = site_where(e->site);
		char *why = NULL;

		if (classify_convertible(p, e) || !anchored(p, e))
			continue;
		if ((r == PRIM_ROLE_WMB || r == PRIM_ROLE_RMB) &&
		    (why = callee_stays(p, e, protocol_is_writer(p, e))))
			reason(p, "stays",
			       xasprintf("%s() in %s() %s %s one call level away, and stays: %s",
					 prim, fn, r == PRIM_ROLE_WMB ? "publishes" : "subscribes to",
					 p->variable, why));
		else if (r == PRIM_ROLE_WMB && protocol_is_writer(p, e) && orders_no_data(e))
			reason(p, "stays",
			       xasprintf("%s() in %s() orders no data before the store to %s: %s",
					 prim, fn, p->variable,
					 e->site->window_before.nr
					 ? "only loads precede it, as in a consumer's own index update"
					 : "it starts the function, and no caller stores before the call"));
		else if (released_after_wmb(e))
			reason(p, "stays",
			       xasprintf("%s() in %s() comes before %s(), which publishes %s itself: the barrier is not this protocol's",
					 prim, fn, e->access->via, p->variable));
		else if (r == PRIM_ROLE_WMB || r == PRIM_ROLE_RMB)
			reason(p, "stays",
			       xasprintf("%s() in %s() %s %s with %s(), which has no %s form: %s() stays there",
					 prim, fn, r == PRIM_ROLE_WMB ? "publishes" : "subscribes to",
					 p->variable, e->access->via,
					 r == PRIM_ROLE_WMB ? "release" : "acquire", prim));
		else if (r == PRIM_ROLE_FENCE)
			reason(p, "stays",
			       xasprintf("%s() in %s() %s %s, and stays",
					 prim, fn, fence_does(prim, protocol_is_writer(p, e)), p->variable));
		free(why);
	}
}

/* How many ends are a release or an acquire already. */
static size_t nr_release_acquire(const struct protocol *p)
{
	size_t i, n = 0;

	for (i = 0; i < nr_ends(p); i++) {
		const struct pair_end *e = end_at(p, i);
		enum prim_role r = prim_role(e->site->primitive);

		n += r == PRIM_ROLE_RELEASE || r == PRIM_ROLE_ACQUIRE || released_after_wmb(e);
	}
	return n;
}

/* Whether every writer end is an smp_wmb() that orders no data. */
static bool no_writer_publishes(const struct protocol *p)
{
	size_t i;

	for (i = 0; i < p->nr_writers; i++)
		if (prim_role(p->writers[i].site->primitive) != PRIM_ROLE_WMB ||
		    !orders_no_data(&p->writers[i]))
			return false;
	return p->nr_writers > 0;
}

/* The lock that every end holds at its barrier, or NULL. */
static const struct access *common_lock(const struct protocol *p)
{
	const struct pair_end *first = end_at(p, 0);
	const struct lock_list *l = first->caller ? &first->caller->locks : &first->site->locks;
	size_t from = 0, i, at0 = first->caller ? first->caller->off : first->site->off;
	const struct lock_event *h;

	while ((h = lock_held(l, at0, &from))) {
		unsigned ev;
		char *want = key_of(&h->lock, first->file, &ev);

		if (!want || !(ev & (EV_OBJECT | EV_GLOBAL))) {
			free(want);
			continue;
		}
		for (i = 1; i < nr_ends(p); i++) {
			const struct pair_end *e = end_at(p, i);
			const struct lock_list *m = e->caller ? &e->caller->locks : &e->site->locks;
			size_t at = e->caller ? e->caller->off : e->site->off, f = 0;
			const struct lock_event *g;

			while ((g = lock_held(m, at, &f))) {
				char *k = key_of(&g->lock, e->file, &ev);
				bool same = k && same_variable(k, want);

				free(k);
				if (same)
					break;
			}
			if (!g)
				break;
		}
		free(want);
		if (i == nr_ends(p))
			return &h->lock;
	}
	return NULL;
}

/* ---- the table ---- */

static const struct classify_rule {
	const char *name;
	void (*run)(struct judge *j);
} rules[] = {
	{ "external", rule_external },
	{ "user-memory", rule_user_memory },
	{ "dma-sync", rule_dma_sync },
	{ "fence", rule_fence },
	{ "seqcount", rule_seqcount },
	{ "seqcount-retry", rule_seqcount_retry },
	{ "recheck", rule_recheck },
	{ "completion", rule_completion },
	{ "store-before-rmb", rule_rmb_after_store },
	{ "guard-load", rule_guard_load },
	{ "store-before", rule_store_before },
	{ "rcu", rule_rcu },
	{ "operand", rule_operand_type },
	{ "constant", rule_constant },
	{ "barrier-before-load", rule_barrier_before_load },
	{ "comment-names-other", rule_comment_names_other },
	{ "comment-names-other-load", rule_comment_names_other_load },
	{ "spin-loop", rule_spin_loop },
	{ "declared-const", rule_declared_const },
	{ "never-stored", rule_never_stored },
	{ "constructed", rule_constructed },
	{ "no-publisher", rule_no_publisher },
	{ "own-variable", rule_own_variable },
	{ "type", rule_type },
	{ "one-side", rule_one_side },
	{ "unanchored", rule_unanchored },
	{ "zero-store", rule_zero_store },
	{ "field-name-only", rule_field_name_only },
	{ "side-effects", rule_operand },
	{ "ends", rule_ends },
	{ "group", rule_group },
	{ "first-store", rule_first_store },
	{ "branch-end", rule_branch_end },
	{ "handoff", rule_handoff },
	{ "unread", rule_unread },
	{ "config", rule_config },
	{ "shared-helper", rule_shared_helper },
	{ "ordered-ends", rule_ordered_ends },
};

/* How many subscripts end path (s->f[i][j] has 2), and the path without them. */
static unsigned subscripts_of(const char *path, char **base)
{
	size_t n;
	unsigned k = key_subscripts(path, &n);

	*base = xstrndup(path, n);
	return k;
}

/*
 * The declared kind of the protocol's variable, looked up from each end's
 * file, for the element the ends access (an element of an array of
 * pointers is a pointer). *from gets the file the lookup was made from.
 */
static enum field_kind variable_kind(struct types *t, const struct protocol *p, char **decl,
				     const char **from)
{
	const char *dot;
	size_t i;
	unsigned subs = 0;
	char *base = NULL;

	*decl = NULL;
	*from = nr_ends(p) ? end_at(p, 0)->file : NULL;
	if (nr_ends(p))
		subs = subscripts_of(end_at(p, 0)->access->path, &base);
	if (!p->object && base && key_is_ident(base)) {
		enum field_kind k = types_global_element(t, end_at(p, 0)->file, base, subs, decl);

		free(base);
		return k;
	}
	/* global.field of a global whose struct has no tag: static struct { ... } dispc; */
	if (!p->object && base && (dot = strchr(base, '.')) && !strchr(dot + 1, '.')) {
		enum field_kind k = FIELD_UNKNOWN;

		base[dot - base] = '\0';
		if (key_is_ident(base) && key_is_ident(dot + 1))
			k = types_anonymous_member(t, end_at(p, 0)->file, base, dot + 1, subs, decl);
		free(base);
		return k;
	}
	free(base);
	if (!p->object || !(dot = strchr(p->object, '.')))
		return FIELD_UNKNOWN;
	for (i = 0; i < nr_ends(p); i++) {
		char *sname = xstrndup(p->object, (size_t)(dot - p->object));
		char *field = xstrdup(dot + 1), *bracket = strchr(field, '[');
		enum field_kind k;

		/* a constant subscript is part of the object (ready[1]) */
		if (bracket)
			*bracket = '\0';
		k = types_field_element(t, end_at(p, i)->file, sname, field, subs, decl);
		free(sname);
		free(field);
		if (k != FIELD_UNKNOWN) {
			*from = end_at(p, i)->file;
			return k;
		}
		free(*decl);
		*decl = NULL;
	}
	return FIELD_UNKNOWN;
}

/*
 * The size of p's variable of kind and declaration decl, as protocol.size
 * says it. The element of a pointer field (u16 *index, accessed as
 * index[i]) is what the pointer points to: the kind says pointer, the
 * subscripts say the element. A typedef is sized through its chain, from
 * the file the declaration was looked up from (types_decl_size()).
 */
static unsigned variable_size(struct types *t, const struct protocol *p, enum field_kind kind,
			      const char *decl, const char *from)
{
	unsigned stars = 0, dims = 0, subs = 0;
	const char *c;
	size_t n;

	if (kind == FIELD_WIDE)
		return 8;
	if (nr_ends(p))
		subs = key_subscripts(end_at(p, 0)->access->path, &n);
	for (c = decl; c && *c; c++) {
		stars += *c == '*';
		dims += *c == '[';
	}
	if (kind == FIELD_POINTER && decl && subs > dims && subs - dims == stars)
		return from ? types_decl_size(t, from, decl) : types_scalar_size(decl);
	if (kind == FIELD_POINTER || kind == FIELD_RCU)
		return TYPES_SIZE_WORD;
	if (kind != FIELD_SCALAR || !decl)
		return 0;
	return from ? types_decl_size(t, from, decl) : types_scalar_size(decl);
}

static void evidence(struct protocol *p)
{
	size_t i, k;

	for (i = 0; i < p->nr_writers; i++) {
		for (k = 0; k < p->nr_readers; k++) {
			if (pair_comment_joins(&p->writers[i], &p->readers[k]))
				p->evidence |= EV_COMMENT;
			if (pair_data_overlaps(&p->writers[i], &p->readers[k]))
				p->evidence |= EV_DATA;
		}
	}
}

/*
 * Rule WA: a protocol that would be review only for its readers' caveats
 * (calls before an smp_rmb() whose loads acqrel cannot follow, a second
 * load of the variable, a reader end whose load is of another variable:
 * unanchored) converts its writers alone. The readers keep their
 * smp_rmb(), which pairs with a release as it did with smp_wmb() (the
 * release orders the data before its store, as the write barrier did), so
 * what their caveats name stays ordered: also a shared load before the
 * barrier that an acquire would leave unordered (shape 11's
 * loses-ordering), which the reader's own smp_rmb() keeps ordering (audit
 * round 26 judged the writers of ipmi's dyn_id_set, cpuidle's prevent and
 * vmx's loaded_vmcs->cpu safe to convert alone). Not without a reader
 * (one-side is no reader's caveat), nor when any other caveat, a writer's
 * or the protocol's, stands. Writers that already release make it
 * converted (what this rule rewrote, run again).
 */
static void rule_readers_stay(struct protocol *p)
{
	size_t i, n, dropped = 0, released = 0;
	bool all_rmb = true;
	bool converts = classify_side_converts(p, true);

	for (i = 0; i < p->nr_writers; i++)
		released += prim_role(p->writers[i].site->primitive) == PRIM_ROLE_RELEASE;
	if (p->verdict != VERDICT_REVIEW || !p->nr_readers || (!converts && !released))
		return;
	for (i = 0; i < p->nr_reasons; i++)
		if (severity_of(p->reasons[i].code) == SEV_REVIEW && !p->reasons[i].reader)
			return;
	for (i = 0; i < p->nr_readers; i++) {
		p->readers[i].kept_back = true;
		all_rmb &= !strcmp(p->readers[i].site->primitive, "smp_rmb");
	}
	for (i = 0; i < p->nr_reasons; i++) {
		struct reason *r = &p->reasons[i];
		char *text;

		if (!r->reader)
			continue;
		dropped += !strcmp(r->code, "several-loads");
		text = all_rmb ? xasprintf("the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): %s",
					   r->text)
			       : xasprintf("the readers keep their barriers, which pair with the release as they did with smp_wmb(): %s",
					   r->text);
		free(r->text);
		r->text = text;
		r->code = "reader-stays";
	}
	for (i = n = 0; i < p->nr_changed; i++) {
		if (protocol_is_writer(p, p->changed[i].end)) {
			p->changed[n++] = p->changed[i];
		} else {
			free(p->changed[i].evidence);
			dropped++;
		}
	}
	p->nr_changed = n;
	p->changes = p->changes > dropped ? p->changes - dropped : 0;
	p->verdict = converts ? VERDICT_CONVERT : VERDICT_CONVERTED;
	if (!converts)
		reason(p, "release-acquire",
		       xasprintf("%s is already published with a release, and the readers keep their barriers",
				 p->variable));
}

/*
 * What keeps writer end e's smp_wmb() from being known to order nothing
 * after its function returns, or NULL: its window after stops inside the
 * function; or the function is no macro (whose user's code goes on), acqrel
 * sees its callers (none at all is a callback's framework, unseen), and
 * every store a caller makes after the call is one no other thread can see
 * (the caller's output parameter, a local's field, one under a lock).
 */
static char *stored_on_return(const struct classify_ctx *ctx, const struct protocol *p,
			      const struct pair_end *e)
{
	const struct site *s = e->site;
	size_t i, k;

	if (e->caller || !s->window_to_end)
		return NULL;
	if (s->macro)
		return xasprintf("smp_wmb() in %s() is in a macro whose users' code goes on after it",
				 site_where(s));
	/*
	 * a function called by no one acqrel sees is a callback: what its
	 * caller (a framework) stores after it returns is unseen (the USB
	 * core's atomic_dec() of the urb's use count after a completion)
	 */
	if (s->unknown_callers || !s->nr_tail_callers)
		return xasprintf("smp_wmb() in %s() orders what its callers store after the call too, and acqrel does not see them all",
				 site_where(s));
	for (i = 0; i < s->nr_tail_callers; i++) {
		const struct caller *c = &s->tail_callers[i];
		struct pair_end as_caller = *e;

		as_caller.caller = c;
		for (k = 0; k < c->after.nr; k++) {
			const struct access *a = &c->after.v[k];
			char *evidence = NULL;
			enum visibility v;

			if (!a->is_write)
				continue;
			v = visible_class_as(ctx, p, &as_caller, true, a, caller_file(c, e->file),
					     a->off, &evidence);
			free(evidence);
			if (v == VIS_SHARED)
				return xasprintf("smp_wmb() in %s() orders what its callers store after the call too, and %s() stores %s (line %u%s%s) there, which other threads can see",
						 site_where(s), c->function, a->path, a->line,
						 c->file ? " of " : "", c->file ? c->file : "");
		}
	}
	return NULL;
}

/*
 * Rule WO: a protocol with writers and no reader found, review for that
 * alone (one-side), converts its writers. The release orders the data
 * before the publish store as smp_wmb() did, for any reader of the
 * variable, wherever it is and whatever orders its loads; what the barrier
 * ordered besides, the stores after it, would be caveats of their own
 * (several-stores, call-between, publishes-object), and any other caveat
 * keeps it review. With no reader to show what the barrier is for, the
 * stores made after the barrier's function returns must be known too
 * (stored_on_return()): otherwise the one-side reason says what stands in
 * the way; else it becomes writer-alone.
 */
static void rule_writer_alone(const struct classify_ctx *ctx, struct protocol *p)
{
	char *why = NULL;
	size_t i;

	if (p->verdict != VERDICT_REVIEW || !p->nr_writers || p->nr_readers ||
	    !classify_side_converts(p, true))
		return;
	for (i = 0; i < p->nr_reasons; i++)
		if (severity_of(p->reasons[i].code) == SEV_REVIEW &&
		    strcmp(p->reasons[i].code, "one-side"))
			return;
	for (i = 0; i < p->nr_writers && !why; i++)
		if (classify_convertible(p, &p->writers[i]))
			why = stored_on_return(ctx, p, &p->writers[i]);
	for (i = 0; i < p->nr_reasons; i++) {
		struct reason *r = &p->reasons[i];
		char *text;

		if (strcmp(r->code, "one-side"))
			continue;
		if (why) {
			/* the writers alone would convert but for what follows the return: say so */
			text = xasprintf("%s; the writers alone would convert, but %s", r->text, why);
		} else {
			text = xasprintf("no reader found in the files given (no smp_rmb() follows a load of %s): the release orders the data before the store as smp_wmb() did, for any reader, and the writers' barriers order nothing else another thread can see",
					 p->variable);
			r->code = "writer-alone";
		}
		free(r->text);
		r->text = text;
	}
	if (!why)
		p->verdict = VERDICT_CONVERT;
	free(why);
}

void classify_protocol(const struct classify_ctx *ctx, struct protocol *p)
{
	struct judge j = { ctx, ctx->t, p, ctx->all, ctx->nr_all, FIELD_UNKNOWN, NULL, NULL };
	struct types *t = ctx->t;
	const struct access *lock;
	const char *from;
	size_t i, n = 0;

	evidence(p);
	for (i = 0; i < nr_ends(p); i++)
		n += classify_convertible(p, end_at(p, i));
	if (no_writer_publishes(p)) {
		p->verdict = VERDICT_KEEP;
		reason(p, "load-before-wmb",
		       xasprintf("no smp_wmb() that stores %s orders data before it: only loads precede each, or its callers store nothing before the call, which is not this pattern",
				 p->variable));
		return;
	}
	if (!n && nr_release_acquire(p) &&
	    ((p->nr_writers && p->nr_readers) || nr_release_acquire(p) == nr_ends(p))) {
		p->verdict = VERDICT_CONVERTED;
		reason(p, "release-acquire",
		       xasprintf("%s is already published with a release or read with an acquire, and what is left stays as it is",
				 p->variable));
		rule_ordered_ends(&j);
		return;
	}
	if (p->nr_writers && p->nr_readers && (lock = common_lock(p))) {
		p->verdict = VERDICT_REDUNDANT;
		reason(p, "redundant",
		       xasprintf("every writer and reader holds %s at its barrier: the lock orders all they publish, and the barriers order nothing more",
				 lock->path));
		return;
	}
	j.kind = variable_kind(t, p, &j.decl, &from);
	p->size = variable_size(t, p, j.kind, j.decl, from);
	for (i = 0; i < ARRAY_SIZE(rules); i++) {
		rules[i].run(&j);
		/* once not this pattern, caveats would only be noise */
		if (kept(p))
			break;
	}
	free(j.decl);
	p->verdict = VERDICT_CONVERT;
	for (i = 0; i < p->nr_reasons; i++) {
		enum severity sev = severity_of(p->reasons[i].code);

		if (sev == SEV_KEEP)
			p->verdict = VERDICT_KEEP;
		else if (sev == SEV_REVIEW && p->verdict == VERDICT_CONVERT)
			p->verdict = VERDICT_REVIEW;
	}
	if (!n && (p->verdict == VERDICT_REVIEW || p->verdict == VERDICT_CONVERT)) {
		/* caveats about a rewrite that cannot happen would only be noise */
		p->verdict = VERDICT_KEEP;
		reason(p, "nothing-converts",
		       xasprintf("no barrier of %s can become a release or an acquire: each stays, for the reason given",
				 p->variable));
	}
	rule_readers_stay(p);
	rule_writer_alone(ctx, p);
	if (p->verdict == VERDICT_CONVERT)
		reason(p, "adjacent",
		       xasprintf("each barrier that goes orders %s and nothing another thread can see besides",
				 p->variable));
}

/*
 * Whether protocol q needs the barrier at site to stay: site is one of its
 * ends, and q does not convert that end.
 */
static bool needs_barrier(const struct protocol *q, const struct site *site)
{
	size_t i;

	for (i = 0; i < nr_ends(q); i++) {
		const struct pair_end *e = end_at(q, i);

		if (e->site == site && !released_after_wmb(e) &&
		    (q->verdict != VERDICT_CONVERT || !classify_convertible(q, e)))
			return true;
	}
	return false;
}

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
			for (k = 0; k < nr_ends(p) && p->verdict == VERDICT_CONVERT; k++) {
				const struct pair_end *e = end_at(p, k);

				if (!classify_convertible(p, e))
					continue;
				for (j = 0; j < out->nr; j++) {
					const struct protocol *q = &out->v[j];

					if (q == p || !needs_barrier(q, e->site))
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


static void note_key(struct hashmap *set, const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev), *base;

	if (!key)
		return;
	base = base_key(key);
	hashmap_put(set, base, 1);
	/* a bit published is the word published too: a load of the whole word sees it */
	if (strchr(base, '#')) {
		*strchr(base, '#') = '\0';
		hashmap_put(set, base, 1);
	}
	free(base);
	free(key);
}

/* Resolves and adds waiting access k, once. */
static void ordered_add(struct ordered_set *o, size_t k)
{
	if (!o->v[k].a)
		return;
	types_resolve_access(o->t, o->v[k].file, o->v[k].a);
	note_key(&o->keys, o->v[k].a, o->v[k].file);
	o->v[k].a = NULL;
}

/* Resolves and adds what waits under name (NUL-terminated). */
static void ordered_wake(struct ordered_set *o, const char *name)
{
	size_t k = hashmap_get(&o->names, name);

	if (k == (size_t)-1)
		return;
	hashmap_put(&o->names, name, (size_t)-1);
	for (; k != (size_t)-1; k = o->v[k].next)
		ordered_add(o, k);
}

/* Adds a's variable to o, at once, or when its name is asked for (deferred). */
static void ordered_note(struct ordered_set *o, struct access *a, const char *file,
			 bool deferred)
{
	const char *name;
	size_t n, head;
	char *copy;

	if (!deferred || !key_path_name(a->path, strlen(a->path), &name, &n)) {
		if (deferred)
			types_resolve_access(o->t, file, a);
		note_key(&o->keys, a, file);
		return;
	}
	copy = xstrndup(name, n);
	head = hashmap_get(&o->names, copy);
	ALLOC_GROW(o->v, o->nr + 1, o->alloc);
	o->v[o->nr].a = a;
	o->v[o->nr].file = file;
	o->v[o->nr].next = head;
	hashmap_put(&o->names, copy, o->nr++);
	free(copy);
}

bool ordered_has(struct ordered_set *o, const char *base)
{
	const char *name;
	size_t n, k;

	if (key_var_name(base, &name, &n)) {
		char *copy = xstrndup(name, n);

		ordered_wake(o, copy);
		free(copy);
	} else {
		/* no name to wake by: everything */
		for (k = 0; k < o->nr; k++)
			ordered_add(o, k);
	}
	return hashmap_get(&o->keys, base) != (size_t)-1;
}

void ordered_set_settle(struct ordered_set *o)
{
	size_t k;

	for (k = 0; k < o->nr; k++)
		ordered_add(o, k);
	/* nothing waits: ordered_has() finds no name and no entry to wake */
	hashmap_release(&o->names);
	free(o->v);
	o->v = NULL;
	o->nr = o->alloc = 0;
}

void ordered_set_release(struct ordered_set *o)
{
	hashmap_release(&o->keys);
	hashmap_release(&o->names);
	free(o->v);
	memset(o, 0, sizeof(*o));
}

/*
 * Notes in set the variables of l's stores (stores) or loads (!stores):
 * every one when all, else those a fully ordered read-modify-write makes
 * (it loads and stores at once). Those of a deferred site wait in set.
 */
static void note_list(struct ordered_set *set, struct access_list *l, const char *file,
		      bool stores, bool all, bool deferred)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		const char *via = l->v[i].is_write ? l->v[i].via : NULL;
		/* a read-modify-write ordered like a full barrier, or a store that releases */
		bool rmw = via && prim_fully_ordered(via);
		bool release = stores && store_releases(&l->v[i]);

		if ((all && l->v[i].is_write == stores) || rmw || release)
			ordered_note(set, &l->v[i], file, deferred);
	}
}

void classify_ordered(struct sites_run *run, struct types *t, struct ordered_set *published,
		      struct ordered_set *subscribed)
{
	size_t i, k, c;

	published->t = subscribed->t = t;
	for (i = 0; i < run->walk.nr; i++) {
		struct file_sites *fs = &run->files[i];
		const char *file = run->walk.files[i].rel;

		for (k = 0; k < fs->nr; k++) {
			struct site *s = &fs->v[k];
			enum prim_role r = prim_role(s->primitive);
			bool stores = false, loads = false, d = s->deferred;

			if (r == PRIM_ROLE_WMB || r == PRIM_ROLE_RMB || r == PRIM_ROLE_FENCE)
				prim_fence_orders(s->primitive, &stores, &loads);
			if (r == PRIM_ROLE_RELEASE)
				note_list(published, &s->operand, file, true, true, d);
			if (r == PRIM_ROLE_ACQUIRE)
				note_list(subscribed, &s->operand, file, false, true, d);
			note_list(published, &s->window_after, file, true, stores, d);
			note_list(published, &s->window_before, file, true, false, d);
			note_list(subscribed, &s->window_before, file, false, loads, d);
			note_list(subscribed, &s->window_after, file, false, false, d);
			for (c = 0; c < s->nr_callers; c++) {
				note_list(published, &s->callers[c].after, file, true, stores, d);
				note_list(subscribed, &s->callers[c].before, file, false, loads, d);
			}
		}
	}
}

void classify_flags(const struct sites_run *run, struct hashmap *flags)
{
	size_t i, k, a;

	for (i = 0; i < run->walk.nr; i++) {
		const struct file_sites *fs = &run->files[i];

		for (k = 0; k < fs->nr; k++) {
			const struct site *s = &fs->v[k];
			const struct access *stored = s->window_before.nr ? &s->window_before.v[0] : NULL;

			if (prim_role(s->primitive) != PRIM_ROLE_WMB || !stored || !stored->is_write ||
			    (stored->via && prim_fully_ordered(stored->via)) || !s->calls_after.nr)
				continue;
			for (a = 0; a < s->window_after.nr; a++)
				if (s->window_after.v[a].is_write)
					break;
			if (a == s->window_after.nr)
				note_key(flags, stored, run->walk.files[i].rel);
		}
	}
}

bool classify_side_converts(const struct protocol *p, bool writers)
{
	const struct pair_end *v = writers ? p->writers : p->readers;
	size_t n = writers ? p->nr_writers : p->nr_readers, i;

	for (i = 0; i < n; i++)
		if (classify_convertible(p, &v[i]))
			return true;
	return false;
}
