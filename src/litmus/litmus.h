/*
 * litmus.h: kernel C litmus tests as herd7 reads them, and the .def file
 * of a model (the primitives, as macros over herd's internal forms).
 *
 *   C NAME
 *   (* comments, metadata lines *)
 *   { int x = 1; int *p = &y; 0:r1 = z; atomic_t a = ATOMIC_INIT(0); }
 *   P0(int *x, spinlock_t *l) { int r0; r0 = READ_ONCE(*x); if (r0) ... }
 *   locations [x; 0:r1]  filter (...)  exists (0:r0=1 /\ x=2)
 *
 * The code is a small C: declarations, assignments to registers, stores
 * through pointers, if/else, expressions (== != < <= > >= & | ^ + - * /,
 * casts, *p) and calls of the model's primitives, which macro.c expands
 * into herd's internal forms (__load{once}(X), __xchg{mb}(X,V), ...).
 */
#ifndef ACQREL_LITMUS_LITMUS_H
#define ACQREL_LITMUS_LITMUS_H

#include "arena.h"
#include "source.h"

#include <stdbool.h>
#include <stdint.h>

/* Binary operators of expressions (and the op of __atomic_op) */
enum cbin {
	CB_ADD, CB_SUB, CB_MUL, CB_DIV, CB_AND, CB_OR, CB_XOR,
	CB_EQ, CB_NE, CB_LT, CB_LE, CB_GT, CB_GE,
};

enum cx_op {
	CX_NUM,		/* num */
	CX_REG,		/* a register (local, parameter) named name */
	CX_DEREF,	/* *kids[0]: a plain load */
	CX_BIN,		/* kids[0] bin kids[1] */
	CX_CALL,	/* name(args): a primitive, expanded by macro.c */
	CX_LOAD,	/* __load{annots}(kids[0]); kids[0] must be *address */
	CX_XCHG,	/* __xchg{annots}(kids[0], kids[1]) */
	CX_CMPXCHG,	/* __cmpxchg{annots}(kids[0], kids[1], kids[2]) */
	CX_OP_RETURN,	/* __atomic_op_return{annots}(kids[0], bin, kids[1]) */
	CX_FETCH_OP,	/* __atomic_fetch_op{annots}(kids[0], bin, kids[1]) */
	CX_ADD_UNLESS,	/* [__]atomic_add_unless(kids[0], kids[1], kids[2]); retbool */
	CX_TRYLOCK,	/* __trylock(kids[0]) */
	CX_ISLOCKED,	/* __islocked(kids[0]) */
	CX_SRCU,	/* __srcu{annots}(kids[0]) as an expression */
};

struct cexp {
	enum cx_op op;
	const struct source *src;	/* the file it was read from */
	size_t off;
	int64_t num;
	const char *name;
	enum cbin bin;
	const char **annots;
	int nannots;
	bool retbool;
	struct cexp *kids[3];
	struct cexp **args;		/* CX_CALL */
	int nargs;
};

enum cs_op {
	CS_SEQ,		/* kids */
	CS_IF,		/* if (a) kids[0] [else kids[1]] (nkids 1 or 2) */
	CS_ASSIGN,	/* name = a (a register) */
	CS_STORE,	/* *a = b, plain (no annots); __store{annots}(a, b): a is *address */
	CS_FENCE,	/* __fence{annots} */
	CS_LOCK,	/* __lock(a) */
	CS_UNLOCK,	/* __unlock(a) */
	CS_ATOMIC_OP,	/* __atomic_op(a, bin, b) */
	CS_SRCU,	/* __srcu{annots}(a [, b]) */
	CS_CALL,	/* name(args); a primitive, expanded by macro.c */
	CS_EXPR,	/* a; evaluated for its effects */
	CS_NOP,		/* a declaration without initial value, an empty statement */
};

struct cstmt {
	enum cs_op op;
	const struct source *src;
	size_t off;
	const char *name;
	const char **annots;
	int nannots;
	enum cbin bin;
	struct cexp *a, *b;
	struct cstmt **kids;
	int nkids;
	struct cexp **args;
	int nargs;
};

/* A value of a test: an integer, or the address of a global location. */
struct lit_value {
	bool is_sym;
	int64_t num;
	const char *sym;	/* is_sym: the location's name */
};

/* Init block item: a global or a register (thread >= 0) and its value. */
struct lit_init {
	int thread;		/* -1 for a global */
	const char *name;
	const char *type;	/* as written, or NULL */
	struct lit_value val;
	size_t off;
};

struct lit_param {
	const char *type;	/* as written, without the last '*' */
	const char *name;
};

struct lit_thread {
	int id;			/* N of PN */
	size_t off;
	struct lit_param *params;
	int nparams;
	struct cstmt *body;	/* CS_SEQ */
};

/* A location of the final clause: a register or a global. */
struct lit_loc {
	int thread;		/* -1: a global */
	const char *name;
	size_t off;
};

enum cond_op { COND_TRUE, COND_FALSE, COND_EQ, COND_EQ_LOC, COND_NOT, COND_AND, COND_OR,
	COND_IMPLIES };

struct lit_cond {
	enum cond_op op;
	struct lit_loc loc;		/* COND_EQ, COND_EQ_LOC */
	struct lit_value val;		/* COND_EQ */
	struct lit_loc loc2;		/* COND_EQ_LOC */
	struct lit_cond *l, *r;		/* NOT (l), AND, OR, IMPLIES */
};

enum lit_quant { Q_EXISTS, Q_NOT_EXISTS, Q_FORALL };

struct litmus {
	struct source src;		/* owned */
	struct arena a;			/* owned: everything below */
	const char *name;
	struct lit_init *init;
	int ninit;
	struct lit_thread *threads;	/* sorted by id */
	int nthreads;
	struct lit_loc *locations;	/* locations [...] */
	int nlocations;
	struct lit_cond *filter;	/* NULL when none */
	enum lit_quant quant;
	struct lit_cond *cond;
	size_t cond_off;
};

/*
 * Reads the test at path into t (zeroed first). Returns 0, or -1 with
 * *err set to a malloc'd "file:line:col: error: ..." (caller frees); t is
 * then released.
 */
int litmus_read(struct litmus *t, const char *path, char **err);
void litmus_release(struct litmus *t);

/* The .def file: one macro per primitive. */
struct lit_macro {
	const char *name;
	const char **params;
	int nparams;
	struct cexp *exp;	/* an expression macro */
	struct cstmt *body;	/* or a statement macro (CS_SEQ) */
	size_t off;
};

struct lit_defs {
	struct source src;	/* owned */
	struct arena a;
	struct lit_macro *macros;
	int nmacros;
};

/* Reads a .def file. Returns 0, or -1 with *err set (caller frees). */
int litmus_read_defs(struct lit_defs *d, const char *path, char **err);
void litmus_defs_release(struct lit_defs *d);
const struct lit_macro *litmus_find_macro(const struct lit_defs *d, const char *name);

#endif
