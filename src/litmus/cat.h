/*
 * cat.h: herd's cat language (the .bell and .cat files of a memory model):
 * the syntax tree and the parser. Evaluation is in cat-eval.h.
 *
 * Grammar, as herd7 reads it (lowest precedence first):
 *   e | e     union (also of tag sets and value sets)
 *   e ++ e    add an element to a set
 *   e ; e     sequence of relations
 *   e \ e     difference
 *   e & e     intersection
 *   e * e     cartesian product; ~e complement; e* e+ e? e^-1 postfix
 *   f x, f(x, y)   application; [e] identity on a set; {a, b} explicit set
 *   let, let rec ... and ..., fun x -> e, try e with e, match
 * Instructions: let, let rec, include, enum, instructions (bell only),
 * [flag] [~]acyclic|irreflexive|empty e [as name], with x from e, show.
 */
#ifndef ACQREL_LITMUS_CAT_H
#define ACQREL_LITMUS_CAT_H

#include "arena.h"
#include "source.h"

#include <stdbool.h>

enum cat_op {
	CAT_VAR, CAT_TAG, CAT_EMPTY, CAT_UNIV, CAT_SET, CAT_TUPLE,
	CAT_UNION, CAT_ADD, CAT_SEQ, CAT_DIFF, CAT_INTER, CAT_CART,
	CAT_PLUS, CAT_STAR, CAT_OPT, CAT_INV, CAT_COMP, CAT_TOID,
	CAT_APP, CAT_FUN, CAT_LET, CAT_LETREC, CAT_TRY, CAT_IF_EQ,
	CAT_MATCHSET,
};

struct cat_exp;

/* name = exp, f(x, y) = exp (a function), (a, b) = exp (a tuple pattern) */
struct cat_bind {
	const char *name;	/* NULL for a tuple pattern */
	const char **pat;	/* tuple pattern names, npat of them */
	int npat;
	struct cat_exp *exp;
	int file;
	size_t off;
};

struct cat_exp {
	enum cat_op op;
	int file;		/* index in the model's source list */
	size_t off;		/* byte offset of the expression */
	const char *name;	/* CAT_VAR, CAT_TAG */
	struct cat_exp **kids;	/* operands, elements, or for CAT_APP f then the argument */
	int nkids;
	/* CAT_FUN: parameters (a tuple when tuple is set, else params[0]) */
	const char **params;
	int nparams;
	bool tuple;
	/* CAT_LET, CAT_LETREC: bindings and body (kids[0]) */
	struct cat_bind *binds;
	int nbinds;
	/* CAT_MATCHSET: match kids[0] with {} -> kids[1] || name ++ name2 -> kids[2] */
	const char *name2;
	/* set by the compiler: the resolved variable */
	int slot;		/* >= 0: a global slot */
	int depth, index;	/* local: frames up, position in the frame */
	/* set by the compiler for CAT_FUN: locals of its frame */
	int frame_size;
	int fun_id;
};

enum cat_ins_op {
	CAT_INS_LET, CAT_INS_LETREC, CAT_INS_TEST, CAT_INS_INCLUDE, CAT_INS_ENUM,
	CAT_INS_EVENTS, CAT_INS_WITH, CAT_INS_SHOW, CAT_INS_UNSUPPORTED,
};

enum cat_test { CAT_ACYCLIC, CAT_IRREFLEXIVE, CAT_EMPTY_TEST };
enum cat_test_type { CAT_CHECK, CAT_FLAG, CAT_REQUIRES };

struct cat_ins {
	enum cat_ins_op op;
	int file;
	size_t off;
	struct cat_bind *binds;		/* LET, LETREC */
	int nbinds;
	enum cat_test test;		/* TEST */
	enum cat_test_type type;
	bool negated;			/* ~acyclic ... */
	struct cat_exp *exp;		/* TEST, WITH, EVENTS */
	const char *name;		/* TEST: as NAME; INCLUDE: file; ENUM, WITH: name */
	const char **tags;		/* ENUM */
	int ntags;
	const char *what;		/* UNSUPPORTED: the construct */
};

struct cat_file {
	const char *title;
	struct cat_ins *ins;
	int nins;
};

/*
 * Parses src (which must stay alive, named by index file in diagnostics)
 * into out, allocating in a. Returns 0, or -1 with *err set to a malloc'd
 * "file:line:col: error: ..." (caller frees).
 */
int cat_parse(const struct source *src, int file, struct arena *a, struct cat_file *out,
	      char **err);

#endif
