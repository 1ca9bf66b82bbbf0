/* apply.c: atomic in-place writes */
#include "apply.h"
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *path, const char *what, int err)
{
	fprintf(stderr, "%s: error: not changed: %s%s%s\n", path, what, err ? ": " : "",
		err ? strerror(err) : "");
	return -1;
}

/* Whether path still holds old[0..old_len). */
static int unchanged(const char *path, const char *old, size_t old_len)
{
	struct strbuf sb = STRBUF_INIT;
	char chunk[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC), same;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, chunk, sizeof(chunk))) > 0 && sb.len <= old_len)
		strbuf_add(&sb, chunk, (size_t)n);
	close(fd);
	same = n >= 0 && sb.len == old_len && (!old_len || !memcmp(sb.buf, old, old_len));
	strbuf_release(&sb);
	return same;
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int apply_file(const char *path, const char *old, size_t old_len, const char *text, size_t len)
{
	const char *hook = getenv("ACQREL_TEST_BEFORE_WRITE");
	struct stat sb;
	char *tmp;
	int fd, same, err;

	/* a full disk or a file size limit must fail a write, not kill us */
	signal(SIGXFSZ, SIG_IGN);
	/* for the tests only: change the file between reading and writing */
	if (hook && *hook) {
		char *cmd = xasprintf("%s '%s'", hook, path);

		if (system(cmd) != 0)
			fprintf(stderr, "%s: warning: test hook failed\n", path);
		free(cmd);
	}
	if (stat(path, &sb) < 0)
		return fail(path, "cannot stat", errno);
	if (!(sb.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)))
		return fail(path, "the file is read-only", 0);
	same = unchanged(path, old, old_len);
	if (same < 0)
		return fail(path, "cannot read it again", -same);
	if (!same)
		return fail(path, "it changed since acqrel read it", 0);

	tmp = xasprintf("%s.acqrel-XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = errno;
		free(tmp);
		return fail(path, "cannot create a temporary file beside it", err);
	}
	if (fchmod(fd, sb.st_mode & 07777) < 0 || write_all(fd, text, len) < 0 || fsync(fd) < 0) {
		err = errno;
		close(fd);
		unlink(tmp);
		free(tmp);
		return fail(path, "cannot write the new contents", err);
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		err = errno;
		unlink(tmp);
		free(tmp);
		return fail(path, "cannot replace it", err);
	}
	free(tmp);
	return 0;
}
