/* main.c: acqrel's entry point; dispatches to src/cmd/cmd-<verb>.c */
#include "cmd/cmd.h"
#include "lib/util.h"
#include "lib/version.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: acqrel <command> [options] PATH...\n"
	"\n"
	"commands:\n"
	"  sites [--json] [--summary] [--no-cache] PATH...\n"
	"                                       list every memory-barrier site\n"
	"  pairs [--json] [--summary] [--no-cache] PATH...\n"
	"                                       pair writers with readers; verdict per protocol\n"
	"  patch (--diff | --apply | -o DIR) [--include-review] [--signoff] [--to ADDR]...\n"
	"        [--cc ADDR]... PATH...         the rewrite of each convertible protocol: a diff,\n"
	"                                       the files rewritten in place, or a patch series\n"
	"                                       (each mail to whom the tree's MAINTAINERS names)\n"
	"  bugs [--json | --summary | --diff | -o DIR] [--signoff] [--to ADDR]... [--cc ADDR]...\n"
	"       [--all] PATH...                 ordering bugs next to the barrier protocols, and\n"
	"                                       their mechanical fixes as a diff or patch series\n"
	"  cost [--json] [--barriers] PATH...  what each architecture executes before and after\n"
	"                                       each conversion, from the tree's barrier.h\n"
	"  litmus [--model DIR] FILE.litmus...   check litmus tests under the kernel's memory model\n"
	"\n"
	"Options may come before or after the PATHs; after \"--\", all are PATHs.\n"
	"acqrel COMMAND --help describes each command; acqrel --version its version.\n"
	"\n"
	"exit status: 0 all input read, 1 some input skipped, 2 usage or fatal error\n";

/* The options of any command that take a value (the next argument). */
static bool takes_value(const char *opt)
{
	static const char *const with_value[] = {
		"-o", "--model", "-conf", "--timeout", "--max-execs", "--jobs", "--to", "--cc",
	};
	size_t i;

	for (i = 0; i < sizeof(with_value) / sizeof(with_value[0]); i++)
		if (!strcmp(opt, with_value[i]))
			return true;
	return false;
}

/*
 * The arguments of a command with its options first, in their order, then
 * "--" and the PATHs: "patch TREE -o DIR" is "patch -o DIR -- TREE". An
 * argument after "--", or one that is the value of an option, is never
 * taken for an option. An option that lacks its value leaves the arguments
 * as they are, for the command to report. Returns a new NULL-terminated
 * array (at most argc + 1 entries) and its length in *new_argc.
 */
static const char **options_first(int argc, const char **argv, int *new_argc)
{
	const char **out = xcalloc((size_t)argc + 2, sizeof(*out));
	int a, n = 0, pass;

	out[n++] = argv[0];
	for (pass = 0; pass < 2; pass++) {
		bool dashes = false;

		for (a = 1; a < argc; a++) {
			bool option = !dashes && argv[a][0] == '-' && argv[a][1];

			if (!dashes && !strcmp(argv[a], "--")) {
				dashes = true;
				continue;
			}
			if (option && takes_value(argv[a]) && a + 1 >= argc) {
				memcpy(out, argv, (size_t)argc * sizeof(*out));
				out[argc] = NULL;
				*new_argc = argc;
				return out;
			}
			if (option == (pass == 0))
				out[n++] = argv[a];
			if (option && takes_value(argv[a])) {
				a++;
				if (pass == 0)
					out[n++] = argv[a];
			}
		}
		if (pass == 0)
			out[n++] = "--";
	}
	out[n] = NULL;
	*new_argc = n;
	return out;
}

static int run(int argc, const char **argv)
{
	if (!strcmp(argv[0], "sites"))
		return cmd_sites(argc, argv);
	if (!strcmp(argv[0], "pairs"))
		return cmd_pairs(argc, argv);
	if (!strcmp(argv[0], "patch"))
		return cmd_patch(argc, argv);
	if (!strcmp(argv[0], "bugs"))
		return cmd_bugs(argc, argv);
	if (!strcmp(argv[0], "cost"))
		return cmd_cost(argc, argv);
	return cmd_litmus(argc, argv);
}

int main(int argc, const char **argv)
{
	static const char *const commands[] = { "sites", "pairs", "patch", "bugs", "cost", "litmus" };
	const char **args;
	size_t i;
	int n, status;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("acqrel %s\n", ACQREL_VERSION);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i]))
			break;
	if (i == sizeof(commands) / sizeof(commands[0])) {
		fprintf(stderr, "acqrel: '%s' is not a command\n%s", argv[1], usage);
		return 2;
	}
	args = options_first(argc - 1, argv + 1, &n);
	status = run(n, args);
	free(args);
	return status;
}
