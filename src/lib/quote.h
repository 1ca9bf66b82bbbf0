/*
 * quote.h: file names in text output and diff headers, quoted as git quotes
 * them (core.quotePath, git's default): a name with a control character, a
 * double quote, a backslash or a byte of 0x80 or more is written in double
 * quotes with C escapes (\n, \t, \", \\, \033, \377, ...); any other name
 * is written as it is. So one name is one field of one line, and git apply
 * reads the headers of acqrel's diffs.
 */
#ifndef ACQREL_QUOTE_H
#define ACQREL_QUOTE_H

#include "strbuf.h"

/* Appends name, quoted when it needs to be. */
void quote_path(struct strbuf *sb, const char *name);
/* Appends prefix and name as one path ("a/" + name in a diff header). */
void quote_path2(struct strbuf *sb, const char *prefix, const char *name);
/* A copy of name, quoted when it needs to be. Caller frees. */
char *quoted(const char *name);

#endif
