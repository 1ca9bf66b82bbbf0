/*
 * t-prefix.c: the subject prefix table (src/lib/prefix.c) is the one the
 * README documents under "Subject prefixes", row for row, and each row's
 * example path gets the prefix the row says. With paths as arguments, prints
 * the prefix of each ("-" for none) and whether a capital follows.
 */
#include "lib/prefix.h"
#include "lib/util.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>

/* The next `quoted` cell of a README table row at *p, or NULL. Caller frees. */
static char *cell(const char **p)
{
	const char *a = strchr(*p, '`'), *b = a ? strchr(a + 1, '`') : NULL;

	if (!b)
		return NULL;
	*p = b + 1;
	return xstrndup(a + 1, (size_t)(b - a - 1));
}

int main(int argc, char **argv)
{
	FILE *fp;
	char line[1024];
	size_t i = 0;
	int a;
	bool in_table = false;

	if (argc > 1) {
		for (a = 1; a < argc; a++) {
			bool capital;
			char *pre = prefix_of(argv[a], &capital);

			printf("%s\t%s\n", pre ? pre : "-", capital ? "capital" : "");
			free(pre);
		}
		return 0;
	}
	fp = fopen("README.md", "r");
	ok(fp != NULL, "README.md is readable from the current folder");
	while (fp && fgets(line, sizeof(line), fp)) {
		const char *p = line, *pattern, *prefix;
		char *c_pattern, *c_prefix, *example, *want, *got;
		bool capital, got_capital;

		if (!strncmp(line, "### Subject prefixes", 20))
			in_table = true;
		else if (in_table && !strncmp(line, "### ", 4))
			break;
		if (!in_table || strncmp(line, "| `", 3))
			continue;
		c_pattern = cell(&p);
		c_prefix = cell(&p);
		example = cell(&p);
		want = cell(&p);
		ok(prefix_rule(i, &pattern, &prefix, &capital) && c_pattern && c_prefix &&
		   !strcmp(pattern, c_pattern) && !strcmp(prefix, c_prefix) &&
		   capital == (strstr(line, "| yes |") != NULL),
		   "README row %zu is rule %zu of the table: %s", i + 1, i + 1, c_pattern ? c_pattern : "?");
		got = example ? prefix_of(example, &got_capital) : NULL;
		is_str(got, want, "%s gets %s", example ? example : "?", want ? want : "?");
		free(c_pattern);
		free(c_prefix);
		free(example);
		free(want);
		free(got);
		i++;
	}
	if (fp)
		fclose(fp);
	{
		const char *pattern, *prefix;
		bool capital, got_capital;
		char *none = prefix_of("Documentation/memory-barriers.txt", &got_capital);

		ok(i > 0 && !prefix_rule(i, &pattern, &prefix, &capital),
		   "every rule of the table has its README row (%zu)", i);
		ok(!none && !got_capital, "a path no rule matches gets no prefix from the table");
		free(none);
	}
	return tap_done();
}
