/* proc.c: run a program without a shell and capture its output */
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* argv0 in an absolute folder of PATH; caller frees. NULL when not found. */
static char *find_program(const char *argv0)
{
	const char *path = getenv("PATH"), *p, *end;

	if (strchr(argv0, '/'))
		return argv0[0] == '/' ? xstrdup(argv0) : NULL;
	if (!path)
		path = "/usr/bin:/bin";
	for (p = path; *p; p = *end ? end + 1 : end) {
		char *full;

		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		if (*p != '/')
			continue;
		full = xasprintf("%.*s/%s", (int)(end - p), p, argv0);
		if (access(full, X_OK) == 0)
			return full;
		free(full);
	}
	return NULL;
}

int proc_capture(const char *const *argv, const char *cwd, const char *const *env,
		 struct strbuf *out, size_t max)
{
	posix_spawn_file_actions_t fa;
	char *prog = find_program(argv[0]), **envp, buf[4096];
	size_t nr = 0, i, got = 0;
	int fds[2], status, err;
	pid_t pid;
	ssize_t n;

	if (!prog)
		return -1;
	for (i = 0; environ[i]; i++)
		;
	for (n = 0; env && env[n]; n++)
		;
	envp = xcalloc(i + (size_t)n + 1, sizeof(*envp));
	for (i = 0; environ[i]; i++)
		if (strncmp(environ[i], "GIT_", 4))
			envp[nr++] = environ[i];
	for (i = 0; env && env[i]; i++)
		envp[nr++] = (char *)env[i];
	if (pipe2(fds, O_CLOEXEC) < 0) {
		free(prog);
		free(envp);
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (cwd)
		posix_spawn_file_actions_addchdir_np(&fa, cwd);
	err = posix_spawn(&pid, prog, &fa, NULL, (char *const *)argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	free(prog);
	free(envp);
	if (err) {
		close(fds[0]);
		return -1;
	}
	while ((n = read(fds[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (got < max)
			strbuf_add(out, buf, (size_t)n < max - got ? (size_t)n : max - got);
		got += (size_t)n;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
