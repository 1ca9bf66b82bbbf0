/*
 * asmref.h: the assembly files (.S) of a tree that name C functions. A
 * converted protocol's functions may be named in assembly (a call, or a
 * comment about the barrier pair): the patch notes list those lines for the
 * author, since acqrel does not rewrite assembly.
 */
#ifndef ACQREL_ASMREF_H
#define ACQREL_ASMREF_H

#include "strbuf.h"

#include <stddef.h>

struct asm_file {
	char *rel;		/* owned: relative to the root */
	char *text;		/* owned */
	size_t len;
};

struct asm_files {
	struct asm_file *v;
	size_t nr, alloc;
	int loaded;
};

/*
 * Reads the .S files under root/arch once (later calls do nothing); a file
 * that cannot be read is skipped. Symbolic links are not followed.
 */
void asm_files_load(struct asm_files *a, const char *root);
/*
 * Appends to out one line per line of a's files that names fn as a word
 * ("rel:line: names fn(): \"text\""), at most max lines per function.
 */
void asm_files_mentions(const struct asm_files *a, const char *fn, size_t max, struct strbuf *out);
void asm_files_release(struct asm_files *a);

#endif
