/*
 * types.h: what a struct field is, from its declaration in the file that
 * uses it or in the headers that file includes from the tree (one level):
 * scalar of native word size or smaller, 64-bit, pointer, __rcu pointer,
 * bitfield, atomic type, aggregate, or not visible.
 */
#ifndef ACQREL_TYPES_H
#define ACQREL_TYPES_H

#include "hash.h"

#include <stdbool.h>

enum field_kind {
	FIELD_UNKNOWN,		/* no declaration found */
	FIELD_SCALAR,		/* int, u32, unsigned long, bool, enum, ... */
	FIELD_POINTER,
	FIELD_RCU,		/* declared __rcu */
	FIELD_WIDE,		/* u64, loff_t, ...: not native on 32-bit */
	FIELD_BITFIELD,
	FIELD_ATOMIC,		/* atomic_t and friends: a struct with its own API */
	FIELD_AGGREGATE,	/* struct, union or array */
	FIELD_OTHER,		/* a typedef acqrel does not know */
};

struct types {
	const char *root;	/* borrowed: the tree root */
	struct hashmap files;	/* path -> index into texts */
	char **texts;		/* owned file contents, NULL when unreadable */
	char **rels;		/* owned: the path of each text */
	size_t nr, alloc, alloc_rels;
	struct hashmap defs;	/* "s:name" (struct, union) or "t:name" (typedef) -> def_v */
	struct types_def { size_t file, next; } *def_v;	/* next: same name, or -1 */
	size_t nr_defs, alloc_defs;
	struct hashmap bodies;	/* "file\001struct" -> index into body_v */
	char **body_v;		/* owned struct bodies, NULL where not found */
	char **body_file;	/* owned: the file each body was found in, or NULL */
	size_t nr_bodies, alloc_bodies, alloc_body_file;
	/*
	 * Search lists and include lists name files by their rels[] string,
	 * borrowed: one pointer per file, so that they are compared and
	 * hashed as pointers.
	 */
	struct hashmap lists;	/* "levels:file" -> index into list_v */
	struct types_list {
		char **v;		/* owned array: the files, nearest first */
		size_t nr;
		struct ptrmap at;	/* file -> its position in v */
	} *list_v;		/* owned search lists */
	size_t nr_lists, alloc_lists;
	struct types_arch {
		char *name;		/* owned */
		struct ptrmap incs;	/* file -> index into inc_v */
	} *archs;		/* the architectures files were seen from */
	size_t nr_archs, alloc_archs;
	struct types_list *inc_v;	/* owned: each file's existing includes (no at) */
	size_t nr_incs, alloc_incs;
	struct hashmap unity_dirs;	/* folders whose unity builds are known */
	struct hashmap unity;	/* C file -> index into unity_v */
	struct unity_list {
		char **v;		/* owned: the C files that #include it */
		size_t nr, alloc;
	} *unity_v;
	size_t nr_unity, alloc_unity;
	const struct hashmap *no_c_include;	/* borrowed or NULL: types_skip_unity_scan() */
};

/*
 * root is borrowed and must outlive t. A types is used by one thread at a
 * time: threads that look up at once each use their own, and can merge
 * them when they are done.
 */
void types_init(struct types *t, const char *root);
void types_release(struct types *t);

/*
 * C files (relative to the root) known to #include no C file, read by
 * someone else already: the search for unity builds does not read them
 * again. Borrowed; it must outlive t's lookups, or be set to NULL first.
 */
void types_skip_unity_scan(struct types *t, const struct hashmap *no_c_include);

/*
 * Takes over what from has read and found that t has not, then releases
 * from. Lookups answer the same whichever types did them first.
 */
void types_merge(struct types *t, struct types *from);

/*
 * The kind of field in struct sname as seen from file (relative to the
 * root). *decl gets the declaration text (owned by the caller) when found.
 */
enum field_kind types_field(struct types *t, const char *file, const char *sname,
			    const char *field, char **decl);

/* The file that defines struct sname as seen from file, or NULL; borrowed. */
const char *types_struct_file(struct types *t, const char *file, const char *sname);

/* The same for an element of the field: s->f[i][j] is types_field_element(..., 2, ...). */
enum field_kind types_field_element(struct types *t, const char *file, const char *sname,
				    const char *field, unsigned subscripts, char **decl);

/* The struct tag (or typedef name) of a field's type, for walking a->b->c. Caller frees. */
char *types_field_struct(struct types *t, const char *file, const char *sname, const char *field);
/* The kind of a file-level variable of file; *decl as for types_field(). */
enum field_kind types_global(struct types *t, const char *file, const char *name, char **decl);
/* The same for an element of it: arr[i] is types_global_element(..., 1, ...). */
enum field_kind types_global_element(struct types *t, const char *file, const char *name,
				     unsigned subscripts, char **decl);
/*
 * The struct tag a function returns a pointer to (static inline struct
 * ext4_sb_info *EXT4_SB(...)), from its definition or prototype as seen
 * from file; NULL when none is found. Caller frees.
 */
char *types_function_struct(struct types *t, const char *file, const char *name);
/* The struct tag (or typedef name) of a file-level variable of file. Caller frees. */
char *types_global_struct(struct types *t, const char *file, const char *name);

/*
 * The kind of member field of global name when name's type is a struct or
 * union without a tag, written at its declaration: "static struct { ... }
 * name;" at the top level of a file that file sees. FIELD_UNKNOWN when
 * there is no such declaration.
 */
enum field_kind types_anonymous_member(struct types *t, const char *file, const char *name,
				       const char *field, unsigned subscripts, char **decl);

/*
 * Whether every kernel of arch is 64-bit: its Kconfig defines 64BIT as
 * def_bool y (arm64, s390, ...), so a u64 there is a native word.
 */
bool types_arch_64bit_only(struct types *t, const char *arch);

/* Whether name is an enumerator of an enum that file sees: a constant, not memory. */
bool types_is_enumerator(struct types *t, const char *file, const char *name);

/* Whether name is declared or defined as a function at file level, as seen from file. */
bool types_is_function(struct types *t, const char *file, const char *name);

/* The tree root lookups are relative to. Borrowed. */
const char *types_root(const struct types *t);
/* The contents of root/rel, read once and kept; NULL when unreadable. Borrowed. */
const char *types_text(struct types *t, const char *rel);

/* A reusable buffer for types_peek(). */
struct types_scratch {
	char *buf;	/* owned */
	size_t cap;
};

/*
 * The text of rel for one look, when it need not be kept: t's own copy
 * when t has read it, else rel read into *s (recorded as an input like any
 * read), neither kept nor indexed. Valid until the next use of s; NULL
 * when it cannot be read. A scan of a whole folder for one field (defs.c)
 * reads so without filling memory with texts no lookup wants.
 */
const char *types_peek(struct types *t, const char *rel, struct types_scratch *s);
/* The files a lookup from file searches, nearest first, two levels of includes or (far) three. Borrowed. */
size_t types_search_list(struct types *t, const char *file, bool far, char ***out);

/*
 * Fills in what the parser could not: a's object (struct.field) through a
 * chain of fields (ctx->ring->tail), and ACCESS_LOCAL_TYPE when that
 * struct is defined in a C file. file is a's file.
 */
struct access;
void types_resolve_access(struct types *t, const char *file, struct access *a);

/*
 * The kind of what access a (of file, its object filled in) names: the
 * field of its struct.field, or the global of its path, for the element
 * its subscripts select (an element of an array of __rcu pointers is
 * FIELD_RCU); *decl as for types_field().
 */
enum field_kind types_access_kind(struct types *t, const char *file, const struct access *a,
				  char **decl);

/* What types_scalar_size() says of a type as wide as a long (long, size_t). */
#define TYPES_SIZE_WORD 0x100u

/*
 * The size in bytes of the scalar that decl declares ("bool ready", "u16
 * head[8]"): 1, 2 or 4, TYPES_SIZE_WORD for long-sized types, 0 when the
 * type is none whose size acqrel knows (a typedef of a typedef).
 */
unsigned types_scalar_size(const char *decl);

/*
 * The same through typedefs: when decl's type is a typedef acqrel does not
 * know ("demo_len_t len", typedef u16 demo_len_t; in a header), the size of
 * what it stands for, looked up from file's search list as the kind is and
 * followed a bounded number of names deep; a typedef of a pointer is
 * TYPES_SIZE_WORD, of a 64-bit type 8. 0 when the chain ends in no scalar.
 */
unsigned types_decl_size(struct types *t, const char *file, const char *decl);

/* "scalar", "pointer", ... */
const char *field_kind_name(enum field_kind k);

#endif
