/*
 * sem.h: what each process of a litmus test does, as herd7's C semantics
 * makes it: for every path through its code (each branch of an if, and
 * success or failure of cmpxchg, spin_trylock, spin_is_locked and
 * atomic_add_unless), the events it issues with symbolic locations and
 * values (the values of reads are unknowns), the constraints the path
 * needs (branch conditions), the dependencies (addr, data, ctrl, as herd
 * derives them through registers) and the final values of the registers.
 */
#ifndef ACQREL_LITMUS_SEM_H
#define ACQREL_LITMUS_SEM_H

#include "bits.h"
#include "litmus.h"

#include <stdbool.h>
#include <stdint.h>

/* A set of events of one path (at most LITMUS_MAX_EVENTS). */
struct lset {
	uint64_t w[4];
};

enum ev_kind {
	EV_R,		/* memory read */
	EV_W,		/* memory write */
	EV_F,		/* fence */
	EV_LKR,		/* spin_lock, read part */
	EV_LKW,		/* spin_lock, write part */
	EV_UL,		/* spin_unlock */
	EV_LF,		/* failed spin_trylock */
	EV_RL,		/* spin_is_locked, true */
	EV_RU,		/* spin_is_locked, false */
	EV_SRCU,	/* __srcu{...}: an SRCU event that is not an access */
};

/* A symbolic value: a constant, an address, the value of a read, or an operation. */
enum sv_op { SV_NUM, SV_SYM, SV_READ, SV_BIN };

struct sval {
	enum sv_op op;
	int64_t num;		/* SV_NUM */
	int sym;		/* SV_SYM: location id */
	int ev;			/* SV_READ: event index in the path */
	enum cbin bin;		/* SV_BIN */
	int a, b;
	const struct source *src;	/* SV_BIN: the operation in the test, for messages */
	size_t off;
};

struct tev {
	enum ev_kind kind;
	const char **annots;	/* herd's annotations ("once", "mb", ...) */
	int nannots;
	bool atomic;		/* issued by a read-modify-write primitive */
	int loc;		/* sval of the address, -1 for fences */
	int val;		/* sval of the value (reads: their own SV_READ), -1 none */
	int poi;		/* instruction index in the path */
	int rmw;		/* a read of an RMW: index of its write; else -1 */
	bool rmw_data;		/* that write's value depends on the read (atomic ops) */
	struct lset iico;	/* events of the same instruction before this one */
	struct lset addr, data, ctrl;	/* reads this event depends on */
	size_t off;		/* where in the source (for messages) */
	const struct source *src;
};

/* A branch condition or a value check the path needs. */
struct tcons {
	int sv;
	bool nonzero;		/* the value must be nonzero (else: zero) */
};

struct treg {
	const char *name;
	int sv;
};

struct tpath {
	struct tev *ev;
	int nev;
	struct sval *sv;
	int nsv;
	struct tcons *cons;
	int ncons;
	struct treg *regs;	/* final register values */
	int nregs;
};

/* The locations of a test: globals, with their initial values. */
struct sem_loc {
	const char *name;
	struct lit_value init;	/* is_sym: init.sym is resolved to init_sym */
	int init_sym;		/* location id of an address value, else -1 */
	bool lock;		/* a spinlock or srcu_struct (informative) */
};

struct sem_test {
	struct sem_loc *locs;
	int nlocs;
	struct tpath **paths;	/* per thread */
	int *npaths;
	int nthreads;
	struct arena a;		/* owned: everything */
};

struct lit_defs;

/*
 * Builds the paths of every process of t under the primitives of defs.
 * Returns 0, or -1 with *err set to a malloc'd diagnostic naming the
 * place in the test (or in the .def file) that is not supported.
 * max_paths bounds the paths of one process.
 */
int sem_build(struct sem_test *st, const struct litmus *t, const struct lit_defs *defs,
	      int max_paths, char **err);
void sem_release(struct sem_test *st);
/* Location id of a global name, or -1. */
int sem_find_loc(const struct sem_test *st, const char *name);

static inline bool lset_has(const struct lset *s, int i)
{
	return (s->w[i >> 6] >> (i & 63)) & 1;
}

static inline void lset_add(struct lset *s, int i)
{
	s->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void lset_or(struct lset *d, const struct lset *s)
{
	d->w[0] |= s->w[0];
	d->w[1] |= s->w[1];
	d->w[2] |= s->w[2];
	d->w[3] |= s->w[3];
}

#endif
