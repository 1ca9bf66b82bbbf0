/*
 * pair.h: protocols. A protocol is one publish variable with its writer
 * sites (smp_wmb() then the publish store, or smp_store_release()) and its
 * reader sites (the subscribe load then smp_rmb(), or smp_load_acquire()),
 * joined by evidence, with a verdict and the reasons for it.
 */
#ifndef ACQREL_PAIR_H
#define ACQREL_PAIR_H

#include "key.h"
#include "sites.h"

enum verdict {
	VERDICT_CONVERT, VERDICT_REVIEW, VERDICT_KEEP, VERDICT_CONVERTED,
	VERDICT_REDUNDANT,	/* both sides always under one lock: the barriers order nothing more */
};

/* "convert", "review", "keep", "converted", "redundant" */
const char *verdict_name(enum verdict v);

struct pair_end {
	const struct site *site;	/* borrowed from the sites run */
	const struct file_sites *fs;	/* borrowed: the file's sites */
	const char *file;		/* borrowed: relative to the root */
	const char *path;		/* borrowed: as the user opens it */
	const struct access *access;	/* borrowed: publish store or subscribe load */
	const struct caller *caller;	/* borrowed or NULL: the access is in this caller */
	const struct call_ref *helper;	/* borrowed or NULL: the access is in the function
					   this call of the barrier's function calls (a
					   predicate helper or accessor) */
	const char *access_file;	/* borrowed: the file of access (file, or the helper's) */
	bool kept_back;			/* a reader whose smp_rmb() stays while the writers
					   convert (classify.c, rule_readers_stay()) */
};

struct reason {
	const char *code;	/* static: stable, e.g. "one-side" */
	char *text;		/* owned: one sentence a reviewer can check */
	bool reader;		/* a caveat about a reader's smp_rmb() alone */
};

/*
 * An access whose ordering the conversion changes: a store after a
 * writer's smp_wmb() other than the publish store, a load before a
 * reader's smp_rmb() other than the subscribe load; with who can see it.
 */
struct changed {
	const struct access *access;	/* borrowed */
	const struct pair_end *end;	/* borrowed: the end whose barrier goes */
	const struct call_ref *call;	/* borrowed or NULL: the call that makes the access */
	const struct caller *tail;	/* borrowed or NULL: the caller that makes the store
					   after its call of the barrier's function */
	const char *file;		/* borrowed: the file of the access */
	int cls;			/* enum visibility */
	char *evidence;			/* owned or NULL (shared) */
};

struct protocol {
	char *key;		/* owned: what joined the sites */
	char *variable;		/* owned: the access path as written */
	char *object;		/* owned or NULL: "struct.field" */
	char *bit;		/* owned or NULL: the bit of a flags word, for bit operations */
	struct pair_end *writers;
	size_t nr_writers, alloc_writers;
	struct pair_end *readers;
	size_t nr_readers, alloc_readers;
	unsigned evidence;	/* enum evidence bits */
	enum verdict verdict;
	struct reason *reasons;
	size_t nr_reasons, alloc_reasons;
	unsigned size;		/* bytes of the variable's type: 1, 2, 4 or 8,
				   TYPES_SIZE_WORD for a long or a pointer, 0 when
				   unknown (classify.c) */
	unsigned changes;	/* other accesses whose ordering the conversion changes */
	struct changed *changed;	/* those accesses, each with its class */
	size_t nr_changed, alloc_changed;
	char *dep_readers;	/* owned or NULL: with no reader end, the functions
				   that load the pointer and follow it (rule DEP),
				   "a(), b() and c()" */
	const char *dep_form;	/* static: how they load it, "READ_ONCE()", ... */
	char *fence_form;	/* owned or NULL: with no reader end, the full barrier
				   that orders the readers' loads after theirs of the
				   variable (rule FENCED), "smp_mb()" */
	char *fence_in;		/* owned or NULL: the functions that run it, "a()" */
	bool fence_read;	/* that barrier is an smp_rmb() whose comment names the
				   variable, further down than its load (rule NAMED) */
	char *fence_note;	/* owned or NULL: the one reader's load and barrier, for
				   the pairing note: "READ_ONCE() in a() and
				   atomic_dec_and_test() in b()" */
};

/* Whether end e is one of p's writers (else it is one of its readers). */
static inline bool protocol_is_writer(const struct protocol *p, const struct pair_end *e)
{
	/* with no writer, writers is NULL, and NULL + 0 is no pointer to compare with */
	return p->nr_writers && e >= p->writers && e < p->writers + p->nr_writers;
}

struct unpaired {
	const struct site *site;	/* borrowed */
	const char *file, *path;	/* borrowed */
	const char *code;		/* static */
	char *text;			/* owned */
};

struct pair_result {
	struct protocol *v;
	size_t nr, alloc;
	struct unpaired *u;
	size_t nr_u, alloc_u;
	struct defs *defs;	/* owned: the called functions that changed accesses come from */
	struct types *types;	/* owned: the declarations and files the run looked up,
				   which defs reads; what runs after may look up more */
};

/*
 * Builds the protocols of a sites run; out must be zeroed. out borrows from
 * run. Fills in the objects of run's accesses that need declarations from
 * other files (ctx->ring->tail, members of globals). nr_threads threads
 * share that work and the first lookups of called functions; the result
 * does not depend on their number.
 */
void pair_run(struct sites_run *run, struct pair_result *out, int nr_threads);

void pair_result_release(struct pair_result *out);

/*
 * The access of key in caller c's window next to the call: the first store
 * after it (writes) or the last load before it; NULL when there is none.
 * Borrowed from c.
 */
const struct access *pair_caller_access(const struct caller *c, const char *file,
					const char *key, bool writes);

/* A comment at writer w names reader r's function, or the reverse. */
bool pair_comment_joins(const struct pair_end *w, const struct pair_end *r);
/* Data writer w stores before its barrier that reader r loads after its own. */
bool pair_data_overlaps(const struct pair_end *w, const struct pair_end *r);

/* Whether p has a reason with this code. */
bool protocol_has_reason(const struct protocol *p, const char *code);

#endif
