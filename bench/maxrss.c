/*
 * maxrss.c: run a command, then report its peak resident set size and its
 * wall-clock time as one line "KIB SECONDS" (ru_maxrss from wait4(), and
 * CLOCK_MONOTONIC around fork and wait). The line goes to FILE with -o,
 * otherwise to stderr. The command keeps our stdin, stdout and stderr; we
 * exit with its status, or 128 + signal number if it was killed.
 *
 * usage: maxrss [-o FILE] COMMAND [ARG...]
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	struct rusage ru;
	double start;
	FILE *fp;
	pid_t pid;
	int status;

	if (argc > 2 && !strcmp(argv[1], "-o")) {
		out = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fputs("usage: maxrss [-o FILE] COMMAND [ARG...]\n", stderr);
		return 2;
	}

	start = now();
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "maxrss: fork: %s\n", strerror(errno));
		return 2;
	}
	if (!pid) {
		execvp(argv[1], argv + 1);
		fprintf(stderr, "maxrss: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "maxrss: wait4: %s\n", strerror(errno));
			return 2;
		}
	}

	fp = out ? fopen(out, "w") : stderr;
	if (!fp) {
		fprintf(stderr, "maxrss: %s: %s\n", out, strerror(errno));
		return 2;
	}
	fprintf(fp, "%ld %.3f\n", ru.ru_maxrss, now() - start);
	if (out && fclose(fp)) {
		fprintf(stderr, "maxrss: %s: %s\n", out, strerror(errno));
		return 2;
	}

	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
