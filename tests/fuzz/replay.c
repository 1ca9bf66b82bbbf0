/*
 * replay.c: runs a fuzz target (tests/fuzz/fuzz-*.c) over files, without
 * libFuzzer: the regression fixtures under tests/fuzz/regressions/ and the
 * seeds, in make check and make sanitize. Each argument is a file, or a
 * folder whose files are run. Prints TAP, one test per input.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int n;

static void run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, alloc = 0, got;

	if (!fp) {
		printf("not ok %d - %s: cannot open\n", ++n, path);
		return;
	}
	do {
		if (len + 65536 > alloc) {
			alloc = (len + 65536) * 2;
			buf = realloc(buf, alloc);
			if (!buf)
				abort();
		}
		got = fread(buf + len, 1, alloc - len, fp);
		len += got;
	} while (got > 0);
	fclose(fp);
	/* a crash, a sanitizer report or a failed check aborts: no "ok" then */
	LLVMFuzzerTestOneInput(buf, len);
	printf("ok %d - %s\n", ++n, path);
	fflush(stdout);
	free(buf);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		struct stat sb;
		DIR *d;
		struct dirent *e;
		char **names = NULL;
		size_t nr = 0, k;

		if (stat(argv[i], &sb) < 0 || !S_ISDIR(sb.st_mode)) {
			run_file(argv[i]);
			continue;
		}
		if (!(d = opendir(argv[i])))
			continue;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			names = realloc(names, (nr + 1) * sizeof(*names));
			if (!names || !(names[nr] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2)))
				abort();
			sprintf(names[nr++], "%s/%s", argv[i], e->d_name);
		}
		closedir(d);
		qsort(names, nr, sizeof(*names), by_name);
		for (k = 0; k < nr; k++) {
			run_file(names[k]);
			free(names[k]);
		}
		free(names);
	}
	printf("1..%d\n", n);
	return 0;
}
