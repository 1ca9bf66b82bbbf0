/* cmd.h: the subcommands; each takes main's argc/argv minus the program name */
#ifndef ACQREL_CMD_H
#define ACQREL_CMD_H

int cmd_sites(int argc, const char **argv);
int cmd_pairs(int argc, const char **argv);
int cmd_patch(int argc, const char **argv);
int cmd_litmus(int argc, const char **argv);
int cmd_bugs(int argc, const char **argv);

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

#endif
