/* main.c: acqrel's entry point; dispatches to src/cmd/cmd-<verb>.c */
#include "cmd/cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: acqrel <command> [options] PATH...\n"
	"\n"
	"commands:\n"
	"  sites [--json] [--summary] PATH...   list every memory-barrier site\n"
	"  pairs [--json] [--summary] PATH...   pair writers with readers; verdict per protocol\n"
	"  patch --diff [--include-review] PATH...   the rewrite of each convertible protocol\n"
	"  litmus [--model DIR] FILE.litmus...   check litmus tests under the kernel's memory model\n"
	"\n"
	"exit status: 0 all input read, 1 some input skipped, 2 usage or fatal error\n";

int main(int argc, const char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "sites"))
		return cmd_sites(argc - 1, argv + 1);
	if (!strcmp(argv[1], "pairs"))
		return cmd_pairs(argc - 1, argv + 1);
	if (!strcmp(argv[1], "patch"))
		return cmd_patch(argc - 1, argv + 1);
	if (!strcmp(argv[1], "litmus"))
		return cmd_litmus(argc - 1, argv + 1);
	fprintf(stderr, "acqrel: '%s' is not a command\n%s", argv[1], usage);
	return 2;
}
