/* cmd.h: the subcommands; each takes main's argc/argv minus the program name */
#ifndef ACQREL_CMD_H
#define ACQREL_CMD_H

int cmd_sites(int argc, const char **argv);
int cmd_pairs(int argc, const char **argv);
int cmd_patch(int argc, const char **argv);
int cmd_litmus(int argc, const char **argv);
int cmd_bugs(int argc, const char **argv);
int cmd_cost(int argc, const char **argv);

#include <stdbool.h>
#include <stddef.h>

struct cmd_options {
	bool json;
	bool summary;
	bool no_cache;		/* --no-cache (pairs and sites only) */
	int first_path;		/* index in argv of the first PATH */
};

/*
 * Parses "[--json] [--summary] [--no-cache] [--] PATH..." for the command
 * named verb (--no-cache for pairs and sites only).
 * Returns -1 when the caller should go on, else the exit status to return
 * (0 after --help, 2 on a usage error, with the usage printed).
 */
int cmd_parse_options(int argc, const char **argv, const char *verb, const char *cmd_usage,
		      struct cmd_options *o);

/* Number of worker threads: $ACQREL_JOBS, else the online CPUs. */
int cmd_jobs(void);

/*
 * With ACQREL_TIMING set, prints to stderr the wall and CPU seconds since
 * the last call, as "timing: NAME wall W cpu C"; NULL only starts the clock.
 */
void cmd_phase(const char *name);

/*
 * When the cache c holds the result of this run, prints it, releases c
 * and returns the exit status; else returns -1, c recording the inputs of
 * the run to come (cache.h).
 */
struct cache;
int cmd_replay(struct cache *c);

/*
 * The protocols of the PATHs paths[0..n): the sites (SITES_KEEP_TEXT and
 * such in flags), their callers in other files, and the pairs, each phase
 * timed with cmd_phase(); prints each skipped input to stderr, and appends
 * those lines to err unless it is NULL. run and r are filled (r zeroed
 * first); the caller releases both. Returns the number of inputs skipped.
 */
struct sites_run;
struct pair_result;
struct strbuf;
size_t cmd_run_pairs(const char *const *paths, size_t n, unsigned flags, struct sites_run *run,
		     struct pair_result *r, struct strbuf *err);

/* The options of a format-patch series: -o DIR, --signoff, --to ADDR, --cc ADDR. */
struct cmd_series {
	const char *outdir;	/* borrowed from argv, or NULL */
	bool signoff;
	const char **to, **cc;	/* owned arrays of addresses borrowed from argv */
	size_t nr_to, nr_cc, alloc_to, alloc_cc;
};

/*
 * Takes argv[*a] (and its value, moving *a) when it is a series option of
 * acqrel verb: returns 1, or 2 after a message on a bad address; 0 when it
 * is not one. s must be zeroed first; release it with cmd_series_release().
 */
int cmd_series_option(const char *verb, int argc, const char **argv, int *a, struct cmd_series *s);
void cmd_series_release(struct cmd_series *s);

/*
 * RFC 2822 date of now, or of $SOURCE_DATE_EPOCH for reproducible output;
 * NULL after a message naming acqrel verb when that is not valid. Caller frees.
 */
char *cmd_series_date(const char *verb);

/*
 * Writes the patches of rw into s->outdir by the rules of -o (series.h,
 * series_write(); one series per tree that merges, per MAINTAINERS of root)
 * and reports each series on stderr as "acqrel verb: ...". cover_title and
 * cover_text (NULL for the conversion series' own) go to each cover letter.
 * Returns 0 when the folder holds the whole output, else 1 (and it is not
 * created).
 */
struct rewrite;
size_t cmd_write_series(const char *verb, const struct cmd_series *s, const struct rewrite *rw,
			const char *root, const char *date, const char *cover_title,
			const char *cover_text);

#endif
