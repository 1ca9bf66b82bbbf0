/* cmd-litmus.c: acqrel litmus [--model DIR] FILE.litmus... */
#include "cmd.h"
#include "../litmus/batch.h"
#include "../litmus/model.h"
#include "../lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char litmus_usage[] =
	"usage: acqrel litmus [--model DIR | -conf FILE.cfg] [--timeout SECONDS]\n"
	"                     [--max-execs N] [--jobs N] [--exhaustive] FILE.litmus...\n"
	"\n"
	"Checks kernel C litmus tests under the Linux-kernel memory model read from DIR\n"
	"(its .cfg, .def, .bell and .cat files), as herd7 does, and prints herd7's report.\n"
	"DIR defaults to tools/memory-model of the kernel tree holding each test, else\n"
	"$ACQREL_MODEL. -conf FILE.cfg (herd7's option) names the model by its .cfg.\n"
	"\n"
	"  --timeout SECONDS   stop a test after this long (default 60; 0: no limit)\n"
	"  --max-execs N       stop a test after N candidate executions (default: no limit)\n"
	"  --jobs N            tests checked at once (default $ACQREL_JOBS, else the CPUs)\n"
	"  --exhaustive        count every execution, however long (no witness searches)\n"
	"\n"
	"exit status: 0 every test checked, 1 some test not (error or limit), 2 usage\n";

static int parse_number(const char *opt, const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || v < 0) {
		fprintf(stderr, "acqrel litmus: %s needs a number >= 0, not '%s'\n", opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

int cmd_litmus(int argc, const char **argv)
{
	struct litmus_batch_opts o;
	char *conf_dir = NULL;
	double num;
	int a, status;

	memset(&o, 0, sizeof(o));
	o.lim.max_seconds = 60;
	o.lim.max_paths = 4096;
	o.jobs = cmd_jobs();
	for (a = 1; a < argc && argv[a][0] == '-'; a++) {
		const char *opt = argv[a];

		if (!strcmp(opt, "--")) {
			a++;
			break;
		}
		if (!strcmp(opt, "--exhaustive")) {
			o.lim.exhaustive = true;
			continue;
		}
		if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
			fputs(litmus_usage, stdout);
			free(conf_dir);
			return 0;
		}
		if (!strcmp(opt, "--model") || !strcmp(opt, "-conf") || !strcmp(opt, "--timeout") ||
		    !strcmp(opt, "--max-execs") || !strcmp(opt, "--jobs")) {
			if (a + 1 >= argc) {
				fprintf(stderr, "acqrel litmus: %s needs a value\n%s", opt, litmus_usage);
				free(conf_dir);
				return 2;
			}
			a++;
			if (!strcmp(opt, "--model")) {
				o.model_dir = argv[a];
			} else if (!strcmp(opt, "-conf")) {
				const char *slash = strrchr(argv[a], '/');

				free(conf_dir);
				conf_dir = slash ? xstrndup(argv[a], (size_t)(slash - argv[a])) :
						   xstrdup(".");
				o.model_dir = conf_dir;
			} else {
				if (parse_number(opt, argv[a], &num)) {
					free(conf_dir);
					return 2;
				}
				if (!strcmp(opt, "--timeout"))
					o.lim.max_seconds = num;
				else if (!strcmp(opt, "--max-execs"))
					o.lim.max_execs = (long)num;
				else
					o.jobs = num < 1 ? 1 : num > 64 ? 64 : (int)num;
			}
			continue;
		}
		fprintf(stderr, "acqrel litmus: unknown option '%s'\n%s", opt, litmus_usage);
		free(conf_dir);
		return 2;
	}
	if (a >= argc) {
		fputs(litmus_usage, stderr);
		free(conf_dir);
		return 2;
	}
	status = litmus_batch(argv + a, argc - a, &o, stdout, stderr);
	litmus_model_cache_clear();
	free(conf_dir);
	return status;
}
