/*
 * fuzz-maintainers.c: libFuzzer target over the MAINTAINERS reader, which
 * reads a file of the tree: its sections, and which section a path belongs
 * to (F:, X: globs and N: regular expressions from the input), and who a
 * patch goes to (K: regular expressions on a diff). The first line of the
 * input is a path to look up; the rest is the MAINTAINERS file, which is
 * also the diff.
 */
#include "lib/maint.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const fixed[] = {
		"drivers/net/ethernet/intel/i40e/i40e_txrx.c", "fs/aio.c", "kernel/sched/core.c",
		"arch/x86/kernel/cpu/sgx/encl.c", "include/linux/ring.h", "a.c",
	};
	const char *text = (const char *)data, *nl = memchr(text, '\n', size);
	size_t first = nl ? (size_t)(nl - text) : size, i;
	struct maintainers m;
	char path[300], *diff;

	memset(&m, 0, sizeof(m));
	maint_parse(&m, nl ? nl + 1 : text + size, nl ? size - first - 1 : 0, NULL);
	if (first >= sizeof(path))
		first = sizeof(path) - 1;
	memcpy(path, text, first);
	path[first] = '\0';
	diff = xstrndup(text, size);
	for (i = 0; i <= sizeof(fixed) / sizeof(fixed[0]); i++) {
		const char *path_of = i ? fixed[i - 1] : path;
		struct maint_recipients r = { NULL, 0, 0 };

		maint_section_of(&m, path_of);
		maint_recipients(&m, &path_of, 1, diff, &r);
		maint_recipients_release(&r);
	}
	free(diff);
	maint_release(&m);
	return 0;
}
