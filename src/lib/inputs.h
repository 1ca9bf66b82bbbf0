/*
 * inputs.h: what a run read from the file system, recorded so that a later
 * run can tell whether it would read the same (the result cache, cache.c).
 *
 * Three kinds of record: a file read (its stat and a hash of the bytes), a
 * folder listed (its stat and a hash of the names that matter: folders,
 * links and C files), and a stat() whose only outcome used is
 * whether it succeeded and the file's type. A file or folder that could not
 * be opened is recorded with its errno. Recording is off until
 * inputs_start(); the recorder is process-wide and thread-safe.
 */
#ifndef ACQREL_INPUTS_H
#define ACQREL_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

enum input_kind { INPUT_STAT, INPUT_DIR, INPUT_FILE };

enum {
	INPUT_HASHED = 1,	/* hash[] holds the content (or listing) hash */
	INPUT_RACY = 2,		/* changed too close to the run to trust its stat */
};

struct input {
	char *path;		/* owned: as the run opened it */
	unsigned char kind;	/* enum input_kind */
	unsigned char flags;
	int err;		/* errno of the failed stat, open or opendir; 0 */
	uint32_t mode;		/* st_mode (only the type for INPUT_STAT) */
	uint64_t ino, size, mtime, ctime;	/* times in ns */
	uint64_t hash[2];
};

/* 128-bit hash of buf[0..len) (not cryptographic: it detects changes). */
void input_hash(const void *buf, size_t len, uint64_t out[2]);

/*
 * Reads at most size + 1 bytes from fd (so that a file longer than size
 * shows); *len is how many. Returns the bytes, owned (caller frees).
 */
char *input_read_fd(int fd, size_t size, size_t *len);

/* Starts recording (call before any thread starts). */
void inputs_start(void);
bool inputs_enabled(void);

/* A file read whole into buf[0..len), st from fstat() of the open file. */
void inputs_file(const char *path, const struct stat *st, const void *buf, size_t len);
/* A file too large to hash: only its stat counts. */
void inputs_file_stat(const char *path, const struct stat *st);
/* A file or folder that could not be opened (err is its errno). */
void inputs_missing(const char *path, enum input_kind kind, int err);
/* stat(path) gave rc (0 or -1, err its errno), st when 0. */
void inputs_stat(const char *path, int rc, int err, const struct stat *st);
/* The run's result depends on something it cannot record: never cache it. */
void inputs_uncacheable(void);

/* A folder's listing, hashed entry by entry in any order. */
struct input_listing {
	uint64_t sum[2];
};
void inputs_listing_add(struct input_listing *l, const char *name, unsigned char d_type);
/* Folder path, st from fstat() of it before its listing l was read. */
void inputs_dir(const char *path, const struct stat *st, const struct input_listing *l);

/*
 * Takes what was recorded, sorted by path and kind, one record each; stops
 * recording. Returns false (and *v NULL) when the run cannot be cached: an
 * input changed while the run read it, or inputs_uncacheable() was called.
 * Caller frees with inputs_free().
 */
bool inputs_take(struct input **v, size_t *nr);
void inputs_free(struct input *v, size_t nr);

/*
 * Whether every record v[0..nr) still holds. A record whose stat changed
 * (or is racy) holds when its content or listing hash is the same; its
 * stat is then updated in place and *refreshed counts it, so the caller
 * can store the records again. The records are checked on nr_threads
 * threads, each with its own share of v.
 */
bool inputs_check(struct input *v, size_t nr, int nr_threads, size_t *refreshed);

#endif
