/*
 * bugs.h: pre-existing ordering bugs that a barrier review turns up. Each
 * class is one rule over the sites and protocols of a run (the table in
 * bugs.c); a finding names the protocol it breaks, the evidence, and a fix.
 */
#ifndef ACQREL_BUGS_H
#define ACQREL_BUGS_H

#include "pair.h"

enum bug_class {
	BUG_RCU_MARKED,		/* smp_load_acquire()/smp_store_release()/READ_ONCE()/
				   WRITE_ONCE() on an __rcu pointer */
	BUG_DOUBLE_READ,	/* loaded once marked and checked, then again plainly */
	BUG_MISPLACED_BARRIER,	/* smp_rmb() before the flag's load, not between it and the data */
	BUG_MISSING_ACQUIRE,	/* a plain reader of a variable whose other readers order it */
	BUG_UNPAIRED,		/* a published variable whose only readers are plain */
	BUG_PLAIN_PUBLISH,	/* a pointer RCU readers follow, stored plainly after its object's init */
	BUG_MISSING_RELEASE,	/* a published variable also stored on a path with no barrier */
	BUG_WAIT_CONDITION,	/* a published flag waited for in a wait_event*() condition,
				   then the data loaded with no barrier */
	BUG_NR_CLASSES
};

struct bug {
	enum bug_class cls;
	const char *file;	/* borrowed: relative to the root */
	const char *path;	/* borrowed: as the user opens it */
	unsigned line, column;	/* of the access or barrier at fault */
	char *message;		/* owned: the problem, first */
	char *protocol;		/* owned or NULL: "writers ...; readers ..." of the protocol it breaks */
	char *evidence;		/* owned: why acqrel says so */
	char *fix;		/* owned: what to write instead */
	bool mechanical;	/* whether the fix is a mechanical rewrite (fix_text is set) */
	bool weak;		/* weaker evidence than its class's: reported with --all only */
	/* the mechanical fix: lines [fix_first, fix_first + fix_nr_old) (0-based) become fix_text */
	unsigned fix_first, fix_nr_old;
	char *fix_text;		/* owned or NULL: whole lines, each ending in '\n' */
	/* a note inserted above line fix_note_line (0-based) of the statement fix_text ends */
	unsigned fix_note_line;
	char *fix_note;		/* owned or NULL: whole lines, each ending in '\n' */
	char *fix_subject;	/* owned or NULL: what the fix patch does, "load x with ..." */
	char *fix_change;	/* owned or NULL: the paragraph of its message that says how */
	char *no_fix;		/* owned or NULL: why a fix of a fixable class is not mechanical */
	unsigned blame_line;	/* the line git blame asks for the commit at fault */
};

/* The text of a file a mechanical fix edits, as the rules read it. */
struct bugs_file {
	const char *rel;	/* borrowed: relative to the root */
	const char *path;	/* borrowed: as the user opens it */
	char *text;		/* owned */
	size_t len;
};

struct bugs_result {
	struct bug *v;
	size_t nr, alloc;
	struct bugs_file *files;	/* the files of the mechanical fixes, each once */
	size_t nr_files, alloc_files;
};

/* The file of rel among r's files, or NULL. */
const struct bugs_file *bugs_file_of(const struct bugs_result *r, const char *rel);

/* "rcu-marked", "double-read", ...; NULL for an unknown class. */
const char *bugs_class_name(enum bug_class c);
/* "high", "medium", "low": what the bug costs when it bites. */
const char *bugs_class_severity(enum bug_class c);
/* "high", "medium", "low": how often a finding of the class is a real bug (docs/bugs.md). */
const char *bugs_class_confidence(enum bug_class c);
/* Whether the class is reported without --all (its measured precision is 50% or more). */
bool bugs_class_by_default(enum bug_class c);

/*
 * Runs every class's rule (only the default ones unless all; weak findings
 * only with all) over run and its protocols, on nr_threads threads (what
 * they look up goes into pairs' types and defs after); out must be zeroed
 * and borrows from run. Findings come sorted by file, line and column,
 * each once, whatever the number of threads.
 */
void bugs_run(struct sites_run *run, const struct pair_result *pairs, bool all,
	      struct bugs_result *out, int nr_threads);
void bugs_result_release(struct bugs_result *out);

#endif
