/*
 * defs.h: what a function (or function-like macro) called next to a
 * barrier does: its definition,
 * found from the calling file (the file itself, then the headers it
 * includes, then, for a C file that another includes, that one's), parsed
 * for its loads, stores, locks and calls. A function defined in another C
 * file, or called through a pointer, is not found.
 */
#ifndef ACQREL_DEFS_H
#define ACQREL_DEFS_H

#include "access.h"
#include "parse.h"
#include "types.h"

struct func_summary {
	const char *file;		/* where it is defined, relative to the root */
	bool owns_file;			/* file is owned (else borrowed from the defs) */
	struct access_list accesses;	/* its loads and stores, in source order */
	struct lock_list locks;
	struct call_list calls;
	struct parse_fences fences;	/* the fences it runs on every path */
	bool is_static;			/* declared static */
	bool is_init;			/* declared __init: it runs once, at boot */
	bool parsed;			/* false when too large or too deep to parse */
};

struct defs;

/*
 * Borrows t, which must outlive the result. Caller frees with defs_free().
 * A defs is used by one thread at a time; threads that look up at once
 * each use their own, made with defs_new_sharing() from one of them.
 */
struct defs *defs_new(struct types *t);
void defs_free(struct defs *d);

/*
 * A defs for another thread that shares other's lexed files (each file is
 * lexed once for all of them); the rest of the cache is its own. Call it
 * before the threads start.
 */
struct defs *defs_new_sharing(struct types *t, const struct defs *other);

/*
 * A defs for another thread that answers first from base, which nobody may
 * change while it is in use: the functions base has found are the same
 * summaries for it (their accesses compared by address stay equal), the
 * rest it finds and keeps itself, sharing base's lexed files. Call it
 * before the threads start; defs_merge() into base after they are done.
 */
struct defs *defs_new_over(struct types *t, const struct defs *base);

/*
 * Takes over the functions from (made with defs_new_sharing() from d, or d
 * from it) has found, and frees from: d then answers those lookups without
 * doing them again (a result is the same whichever defs found it). Nothing
 * from returned may be in use; what d returned stays valid. from's types
 * may be released after.
 */
void defs_merge(struct defs *d, struct defs *from);

/*
 * The summary of the function called name, as a call in file sees it, or
 * NULL when its definition is not found. Borrowed from d.
 */
const struct func_summary *defs_function(struct defs *d, const char *file, const char *name);
/*
 * The same, and else, with a run given (defs_set_run()), the one function
 * of that name that a C file of file's folder defines, not static, and no
 * other one defines too (a call graph of the folder:
 * "jbd2_journal_cancel_revoke()" of fs/jbd2/revoke.c seen from
 * fs/jbd2/transaction.c). For weighing what a call does, not for finding
 * where a protocol's access is. NULL when none is found.
 */
const struct func_summary *defs_function_far(struct defs *d, const char *file, const char *name);

struct sites_run;
/* The run whose index of called names defs_function_far() uses to find a folder's functions. */
void defs_set_run(struct defs *d, const struct sites_run *run);

/* Where a struct field is stored, as far as its struct can be seen. */
struct field_store {
	const char *file;	/* borrowed */
	const char *function;	/* borrowed, or NULL at file scope */
	unsigned line;
	size_t off;		/* byte offset of the field's name */
	bool init;		/* in an __init function */
	bool fresh;		/* through a pointer the function just allocated */
	bool element;		/* into an element or a member of the field
				   (x->f[i] = v, x->f.g = v) */
	bool declaration;	/* a designated initialiser (.f = v) at file scope,
				   outside any #define: an object initialised in
				   its declaration */
};

struct field_stores {
	struct field_store *v;
	size_t nr, alloc;
	bool complete;		/* every file that sees the struct was searched, and no
				   store escaped the search (an address taken, a memcpy) */
	const char *scope;	/* borrowed: what was searched, for the evidence */
	bool array;		/* the field is an array: named bare, it is its address */
};

/*
 * The stores of field of struct sname (seen from file) in the files that
 * can see the struct: its own C file when a C file defines it, or the
 * files of the folder of the header that defines it when that header is
 * no public one (not under include/). out must be zeroed; release it with
 * field_stores_release().
 */
void defs_field_stores(struct defs *d, const char *file, const char *sname, const char *field,
		       struct field_stores *out);
void field_stores_release(struct field_stores *s);

/* The loads of a struct field, as far as its struct can be seen. */
struct field_loads {
	const char *skip_function, *skip_file;	/* borrowed, or NULL: loads there are not counted */
	size_t nr;		/* loads found, in functions (not in #define bodies) */
	size_t skipped;		/* loads in skip_function, not counted in nr */
	const char *file;	/* borrowed: where the first is */
	unsigned line;
	bool indexes;		/* one may index the data: a[x->f], a loop bound, a
				   call argument, or i = x->f; ... a[i] */
	bool complete;		/* the files that see the struct were searched */
	bool in_macro;		/* a #define body names it (load or store): unread */
	const char *scope;	/* borrowed: what was searched, for the evidence */
};

/*
 * The loads of field of struct sname (seen from file) in the files that
 * can see the struct, as defs_field_stores() searches them: how many, and
 * whether one is used as an index. Set skip_function and skip_file (or
 * NULL) and zero the rest before the call; nothing to release.
 */
void defs_field_loads(struct defs *d, const char *file, const char *sname, const char *field,
		      struct field_loads *out);

/* The functions that name a struct field, as far as its struct can be seen. */
struct field_function {
	const char *file;	/* borrowed */
	const char *function;	/* borrowed */
};

struct field_functions {
	struct field_function *v;
	size_t nr, alloc;
	bool complete;		/* every file that sees the struct was searched, and
				   every use is in a function: none in a macro body,
				   none whose address escapes, at most a bound */
	bool all;		/* in: go on past what makes it incomplete, and list
				   the functions that take the member's address too */
	const char *scope;	/* borrowed: what was searched, for the evidence */
};

/*
 * The functions (each once) in which field of struct sname (seen from
 * file) is named as a member (x->f, x.f), loaded or stored, in the files
 * that can see the struct, as defs_field_stores() searches them. A
 * designated initialiser at file scope is no use. out must be zeroed;
 * release it with field_functions_release().
 */
void defs_field_functions(struct defs *d, const char *file, const char *sname,
			  const char *field, struct field_functions *out);
void field_functions_release(struct field_functions *f);

/*
 * The calls of static function name in its own file: where (the calling
 * function, the call's offset). False when the name is used otherwise
 * (its address taken, a macro that calls it) or more than max times.
 */
struct call_site {
	const char *function;	/* borrowed */
	size_t off;
};
bool defs_static_calls(struct defs *d, const char *file, const char *name,
		       struct call_site *out, size_t max, size_t *nr);

/*
 * A load of a pointer field that its function then follows: "p =
 * READ_ONCE(x->f);" (or rcu_dereference*(), or a plain load) and later
 * "p->" or "p[": an address dependency orders what it reads through p
 * after the load.
 */
struct field_deref {
	const char *file;	/* borrowed */
	const char *function;	/* borrowed */
	unsigned line;
	bool marked;		/* through READ_ONCE() or rcu_dereference*() */
	const char *via;	/* static: that wrapper's name, or NULL */
};

struct field_derefs {
	struct field_deref v[4];	/* the first few */
	size_t nr;		/* all found */
	size_t loads;		/* loads of the field found, in functions */
	bool complete;		/* the files that see the struct were searched */
	const char *scope;	/* borrowed */
};

/*
 * The loads of field of struct sname (seen from file) that their function
 * follows, in the files that can see the struct, as defs_field_stores()
 * searches them. Zero out before the call; nothing to release.
 */
void defs_field_derefs(struct defs *d, const char *file, const char *sname, const char *field,
		       struct field_derefs *out);

/* How many of s are no designated initialiser of a declaration (see declaration). */
size_t field_stores_at_run_time(const struct field_stores *s);

#endif
