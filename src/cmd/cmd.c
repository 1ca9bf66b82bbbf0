/* cmd.c: what the subcommands share: options and the number of threads */
#include "cmd.h"
#include "../lib/cache.h"
#include "../lib/pair.h"
#include "../lib/sites.h"
#include "../lib/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

int cmd_parse_options(int argc, const char **argv, const char *verb, const char *cmd_usage,
		      struct cmd_options *o)
{
	int a;

	o->json = o->summary = o->no_cache = false;
	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--")) {
			a++;
			break;
		}
		if (!strcmp(argv[a], "--json")) {
			o->json = true;
		} else if (!strcmp(argv[a], "--summary")) {
			o->summary = true;
		} else if (!strcmp(argv[a], "--no-cache") &&
			   (!strcmp(verb, "pairs") || !strcmp(verb, "sites"))) {
			o->no_cache = true;
		} else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			fputs(cmd_usage, stdout);
			return 0;
		} else {
			fprintf(stderr, "acqrel %s: unknown option '%s'\n%s", verb, argv[a], cmd_usage);
			return 2;
		}
	}
	if (a >= argc) {
		fputs(cmd_usage, stderr);
		return 2;
	}
	o->first_path = a;
	return -1;
}

int cmd_jobs(void)
{
	const char *env = getenv("ACQREL_JOBS");
	long n = env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		n = 1;
	if (n > 64)
		n = 64;
	return (int)n;
}

void cmd_phase(const char *name)
{
	static struct timespec wall0, cpu0, main0;
	struct timespec wall, cpu, main_cpu;

	if (!getenv("ACQREL_TIMING"))
		return;
	clock_gettime(CLOCK_MONOTONIC, &wall);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &main_cpu);
	/*
	 * main: the CPU time of the calling thread alone, which takes part in
	 * every phase; on a loaded machine it stands in for the wall time an
	 * idle one would take
	 */
	if (name)
		fprintf(stderr, "timing: %s wall %.3f cpu %.3f main %.3f\n", name,
			(double)(wall.tv_sec - wall0.tv_sec) + (wall.tv_nsec - wall0.tv_nsec) / 1e9,
			(double)(cpu.tv_sec - cpu0.tv_sec) + (cpu.tv_nsec - cpu0.tv_nsec) / 1e9,
			(double)(main_cpu.tv_sec - main0.tv_sec) +
			(main_cpu.tv_nsec - main0.tv_nsec) / 1e9);
	wall0 = wall;
	cpu0 = cpu;
	main0 = main_cpu;
}

int cmd_replay(struct cache *c)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int status;

	if (!cache_lookup(c, cmd_jobs(), &out, &err, &status))
		return -1;
	cmd_phase("cache");
	fwrite(err.buf, 1, err.len, stderr);
	fwrite(out.buf, 1, out.len, stdout);
	fflush(stdout);
	strbuf_release(&out);
	strbuf_release(&err);
	cache_release(c);
	return status;
}

size_t cmd_run_pairs(const char *const *paths, size_t n, unsigned flags, struct sites_run *run,
		     struct pair_result *r, struct strbuf *err)
{
	size_t nr_skipped;

	cmd_phase(NULL);
	sites_run(run, paths, n, cmd_jobs(), flags);
	cmd_phase("sites");
	sites_far_callers(run, cmd_jobs());
	cmd_phase("callers");
	nr_skipped = sites_report_skips(run, err);
	memset(r, 0, sizeof(*r));
	pair_run(run, r, cmd_jobs());
	cmd_phase("pairs");
	return nr_skipped;
}
