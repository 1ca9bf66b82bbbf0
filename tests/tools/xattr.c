/*
 * xattr.c: test helper (apply.t): sets or prints one extended attribute,
 * without depending on the attr package.
 *   xattr set FILE NAME VALUE
 *   xattr get FILE NAME        (prints the value; exit 1 when it is missing)
 */
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	char value[4096];
	ssize_t n;

	if (argc == 5 && !strcmp(argv[1], "set")) {
		if (setxattr(argv[2], argv[3], argv[4], strlen(argv[4]), 0) < 0) {
			perror(argv[2]);
			return 1;
		}
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "get")) {
		n = getxattr(argv[2], argv[3], value, sizeof(value));
		if (n < 0) {
			perror(argv[2]);
			return 1;
		}
		fwrite(value, 1, (size_t)n, stdout);
		putchar('\n');
		return 0;
	}
	fputs("usage: xattr set FILE NAME VALUE | xattr get FILE NAME\n", stderr);
	return 2;
}
