/*
 * cache.h: the result of a whole run, kept for the next run of the same
 * command on the same files (acqrel's own cache, never in the user's tree).
 *
 * One file per command line under $XDG_CACHE_HOME/acqrel/ (default
 * ~/.cache/acqrel/), named by a hash of the command, its arguments, the
 * current folder and the real path of each PATH. It holds the standard
 * output, standard error and exit status of the run, and every input the
 * run read (inputs.h); a later run replays it when each input still holds.
 * The file carries a format number, acqrel's version and a hash of the
 * acqrel binary (another build never reads it) and a SHA-1 of all of it; it
 * is written to a temporary file and renamed. A damaged file is discarded
 * with one line on standard error.
 */
#ifndef ACQREL_CACHE_H
#define ACQREL_CACHE_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf;

struct cache {
	char *file;		/* owned: the cache file; NULL when the cache is off */
	char *key;		/* owned: what the file name is a hash of */
	size_t key_len;
	char build[33];		/* hash of the acqrel binary, in hex */
};

/*
 * Sets up the cache of command verb run with argv[0..argc) (argv[0] the
 * verb itself). The cache is off when off is set, when $ACQREL_NO_CACHE is
 * set and not empty, or when there is no folder for it.
 */
void cache_init(struct cache *c, const char *verb, int argc, const char *const *argv, bool off);

/*
 * Whether the cache holds the result of this run with every input
 * unchanged (checked on nr_threads threads); then out and err get its
 * standard output and error, *status its exit status. Else starts
 * recording the inputs of the run to come.
 */
bool cache_lookup(struct cache *c, int nr_threads, struct strbuf *out, struct strbuf *err,
		  int *status);

/* Stores the result of the run that followed cache_lookup(), when it can be cached. */
void cache_store(struct cache *c, const struct strbuf *out, const struct strbuf *err, int status);

void cache_release(struct cache *c);

#endif
