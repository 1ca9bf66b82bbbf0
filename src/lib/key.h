/*
 * key.h: what makes two accesses one variable. A key is "struct.field|scope"
 * for a field whose struct is visible (scope: the folder that may join it,
 * "*" for headers), "file:global" for a global of one file, "file:.field"
 * for a field name alone; a bit of a flags word adds "#bit".
 */
#ifndef ACQREL_KEY_H
#define ACQREL_KEY_H

#include "access.h"

enum evidence {
	EV_OBJECT = 1,		/* same struct.field from visible types */
	EV_GLOBAL = 2,		/* same global variable of one file */
	EV_FIELD = 4,		/* same field name only (weaker) */
	EV_COMMENT = 8,		/* a comment at one side names the other's function */
	EV_CALL = 16,		/* the access is one call level away from the barrier */
	EV_DATA = 32,		/* data stored before the wmb is loaded after the rmb */
};

/*
 * The key of access a in file (relative to the root), or NULL when it has
 * none; *ev gets the kind of evidence it gives. Caller frees.
 */
char *key_of(const struct access *a, const char *file, unsigned *ev);
/* Two keys name the same variable (and bit), whatever their scopes. */
bool same_variable(const char *a, const char *b);
/* The variable of a key without its scope. Caller frees. */
char *base_key(const char *key);
/* Whether access a (of file) is to the variable of key. */
bool access_is(const struct access *a, const char *file, const char *key);
/* Whether l has a load (or, with writes, a store) of the variable of key. */
bool touches(const struct access_list *l, const char *file, const char *key, bool writes);
/* Whether path is a base of key's path (p->q of p->q->x): an address dependency. */
bool key_is_base_of(const char *path, const char *key);
/* Whether key belongs to user-space code under tools/, which never joins the kernel. */
bool key_in_tools(const char *key);
/* Whether key is a field of a struct a C file defines for itself, which joins nothing outside it. */
bool key_file_scoped(const char *key);
/*
 * How many subscripts end path (s->f[i][j] has 2); *base_len gets the
 * length of what comes before them.
 */
unsigned key_subscripts(const char *path, size_t *base_len);
/*
 * The name of the variable that path[0..n) names: its last identifier once
 * trailing subscripts are gone (slots of s->slots[i]). False when it ends
 * in no identifier.
 */
bool key_path_name(const char *path, size_t n, const char **name, size_t *len);
/* The same name from a key: that of its variable, without scope, bit or subscript. */
bool key_var_name(const char *key, const char **name, size_t *len);
/* Whether s is a plain identifier. */
bool key_is_ident(const char *s);

#endif
