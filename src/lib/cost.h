/*
 * cost.h: what smp_wmb(), smp_rmb(), smp_store_release(),
 * smp_load_acquire() and smp_mb() compile to on each architecture of a
 * kernel tree, computed from the tree's own headers.
 *
 * For each architecture (and each named configuration of it, such as
 * 32- and 64-bit powerpc), the architecture's asm/barrier.h is read the
 * way the preprocessor reads it under that configuration: its #if
 * blocks, its asm/ includes (the architecture's own header, else
 * asm-generic's), its object- and function-like macros with # and ##.
 * Each primitive is then expanded and its expansion read for what the
 * CPU executes: the instructions of each asm statement (operands that
 * are registers or memory dropped, constant operands filled in), the
 * plain load or store of READ_ONCE()/WRITE_ONCE(), and barrier() as a
 * compiler barrier only. What cannot be resolved is reported with the
 * header and line where it stands, never guessed.
 */
#ifndef ACQREL_COST_H
#define ACQREL_COST_H

#include <stdbool.h>
#include <stddef.h>

enum cost_prim { COST_WMB, COST_RMB, COST_RELEASE, COST_ACQUIRE, COST_MB, COST_NR_PRIMS };

/* What the CPU executes for one primitive. */
struct cost_seq {
	char **items;		/* owned: "dmb ishst", "store", "load", in order */
	size_t nr_items;
	char *text;		/* owned: the items as one line ("fence rw,w + store",
				   "compiler barrier only"), or NULL when unresolved */
	char *unresolved;	/* owned: what stopped the expansion, with header and
				   line, or NULL */
	char *defined_at;	/* owned: "FILE:LINE" of the definition used, or NULL */
	bool generic;		/* release/acquire from asm-generic: a full smp_mb()
				   around a plain access */
	bool too_wide;		/* the access is wider than the native word:
				   compiletime_assert_atomic_type() fails the build */
	bool no_compiler_barrier;	/* a release or acquire whose code is an asm of
					   instructions with no "memory" clobber, and no
					   compiler barrier besides: the compiler may move
					   other accesses across it */
};

/* The access sizes a release or acquire is read for: 1, 2, 4 and 8 bytes. */
#define COST_NR_SIZES 4

struct cost_variant {
	char *arch;		/* owned: the folder under arch/ */
	char *name;		/* owned: "ppc64", or NULL when the architecture has one */
	char *config;		/* owned: the configuration read under, "CONFIG_SMP ..." */
	unsigned word;		/* native word size in bytes */
	bool own_header;	/* arch/ARCH/include/asm/barrier.h exists */
	struct cost_seq seq[COST_NR_PRIMS];	/* for a word-sized access */
	/*
	 * smp_store_release() [0] and smp_load_acquire() [1] for an access of
	 * 1, 2, 4 and 8 bytes; sized[] says whether the header switches on
	 * the size (switch (sizeof(*p))), so that the size changes the code.
	 */
	struct cost_seq by_size[2][COST_NR_SIZES];
	bool sized[2];
};

struct kbuild;

struct cost_model {
	char *root;		/* owned: the tree */
	struct cost_variant *v;	/* by architecture name, then variant */
	size_t nr;
	struct kbuild *kbuild;	/* owned: which variants build a file (kbuild.h) */
};

/*
 * Builds the model of the tree at root (which holds arch/ and
 * include/asm-generic/). Returns 0, or -1 with a one-line error printed
 * when root has no arch/ folder; m is then empty. Release with
 * cost_model_release().
 */
int cost_model_build(struct cost_model *m, const char *root);
void cost_model_release(struct cost_model *m);

/*
 * The tree that holds path: path itself or the nearest parent folder
 * with arch/ and include/asm-generic/barrier.h, as a real path, or NULL
 * (also when path does not exist). Caller frees.
 */
char *cost_find_root(const char *path);

const char *cost_prim_name(enum cost_prim p);

/*
 * The architecture folder (arch/NAME/ under the tree at real_root, a real
 * path) that base/file is in, or NULL for code every architecture builds
 * (and for a file that cannot be resolved). Caller frees.
 */
char *cost_file_arch(const char *real_root, const char *base, const char *file);
/*
 * Whether variant v (one of m's) builds a convertible end of p: 1 when
 * one is in a file that v can build (kbuild.h: its arch/ folder, its
 * Makefile line and the Kconfig of the symbols there), 0 when none is,
 * -1 when p has no convertible end. real_root and base as
 * cost_file_arch() takes them.
 */
struct protocol;
int cost_protocol_builds(const struct cost_model *m, const struct protocol *p,
			 const struct cost_variant *v, const char *real_root, const char *base);

/*
 * The size in bytes on v of a variable whose size protocol.size gives
 * (pair.h): 1, 2, 4 or 8, v's word for a long or a pointer, 0 unknown.
 */
unsigned cost_size_on(const struct cost_variant *v, unsigned size);

/* What converting one end of a protocol does on one variant. */
enum cost_effect { COST_GAINS, COST_UNCHANGED, COST_DIFFERENT, COST_PAYS_MORE, COST_UNKNOWN,
		   COST_NO_BUILD };

const char *cost_effect_name(enum cost_effect e);

/*
 * The writer's side (release true: smp_wmb() and a store before,
 * smp_store_release() after) or the reader's side (a load and smp_rmb()
 * before, smp_load_acquire() after) on v, for an access of size bytes (0:
 * the word size). before and after are set to the two sequences as text
 * (caller frees both), NULL when unresolved or when it does not build.
 */
enum cost_effect cost_compare(const struct cost_variant *v, bool release, unsigned size,
			      char **before, char **after);

/*
 * cost_compare() for n accesses that one barrier orders and that each
 * become a release or an acquire (a group: "smp_wmb(); a = 1; b = 2;"
 * becomes two releases): the barrier and n accesses before, n releases
 * or acquires after (n at most 4).
 */
enum cost_effect cost_compare_n(const struct cost_variant *v, bool release, unsigned size,
				unsigned n, char **before, char **after);

/* The release (release true) or acquire of v for an access of size bytes (0: the word). */
const struct cost_seq *cost_seq_for(const struct cost_variant *v, bool release, unsigned size);

#endif
