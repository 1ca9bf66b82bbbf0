/*
 * prefix.h: the subject prefix a subsystem uses for a file, from a table of
 * the conventions its maintainers document or its history shows (README,
 * "Subject prefixes"), for trees without git history to ask.
 */
#ifndef ACQREL_PREFIX_H
#define ACQREL_PREFIX_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The prefix (without ": ") of the first table entry that matches rel (a
 * path relative to the tree's root), or NULL; *capital says whether the
 * subsystem asks for a capital letter after it. Caller frees.
 */
char *prefix_of(const char *rel, bool *capital);

/* Rule i of the table (pattern, prefix, capital), for the README's test; false past its end. */
bool prefix_rule(size_t i, const char **pattern, const char **prefix, bool *capital);

#endif
