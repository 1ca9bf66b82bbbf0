/* apply.c: atomic in-place writes, all the files of a patch or none */
#include "apply.h"
#include "cleanup.h"
#include "quote.h"
#include "strbuf.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

void (*apply_test_hook)(const char *stage, const char *path);

static void hook(const char *stage, const char *path)
{
	if (apply_test_hook)
		apply_test_hook(stage, path);
}

/* One file to replace. */
struct target {
	struct rewrite_file *f;	/* borrowed */
	char *dest;		/* owned: the file the name resolves to */
	struct stat st;		/* of dest, when checked */
	char *tmp;		/* owned or NULL: the new contents, beside dest */
	size_t tmp_handle;	/* its cleanup registration */
	bool refused;
	bool active;		/* some edit of a patch still applied is in it */
};

/* Prints why t is not changed and marks it refused; returns -1. */
static int refuse(struct target *t, const char *what, int err)
{
	char *name = quoted(t->f->path);

	fprintf(stderr, "%s: error: not changed: %s%s%s\n", name, what, err ? ": " : "",
		err ? strerror(err) : "");
	free(name);
	t->refused = true;
	return -1;
}

static void drop_tmp(struct target *t)
{
	if (!t->tmp)
		return;
	unlink(t->tmp);
	cleanup_forget(t->tmp_handle);
	free(t->tmp);
	t->tmp = NULL;
}

/* 1 when path holds exactly old[0..old_len), 0 when not, -errno when unreadable. */
static int unchanged(const char *path, const char *old, size_t old_len)
{
	char chunk[65536];
	size_t at = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW), same = 1;

	if (fd < 0)
		return -errno;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			close(fd);
			return (int)n;
		}
		if ((size_t)n > old_len - at || memcmp(chunk, old + at, (size_t)n)) {
			same = 0;
			break;
		}
		at += (size_t)n;
	}
	close(fd);
	return same && at == old_len;
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

/* The checks that need no temporary file; refuses t when one fails. */
static int check(struct target *t)
{
	char *slash, *dir;
	int same;

	if (!t->dest) {
		t->dest = realpath(t->f->path, NULL);
		if (!t->dest)
			return refuse(t, "cannot resolve its name", errno);
	}
	if (lstat(t->dest, &t->st) < 0)
		return refuse(t, "cannot stat", errno);
	if (!S_ISREG(t->st.st_mode))
		return refuse(t, "not a regular file", 0);
	if (!(t->st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)))
		return refuse(t, "the file is read-only", 0);
	/* as the kernel decides for this user, not by the mode bits */
	if (faccessat(AT_FDCWD, t->dest, W_OK, AT_EACCESS) < 0)
		return refuse(t, errno == EROFS ? "the file system is read-only"
						: "you may not write the file", errno == EROFS ? 0 : errno);
	slash = strrchr(t->dest, '/');
	dir = slash == t->dest ? xstrdup("/") : xstrndup(t->dest, (size_t)(slash - t->dest));
	if (faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) < 0) {
		free(dir);
		return refuse(t, "you may not create a file in its folder", errno);
	}
	free(dir);
	same = unchanged(t->dest, t->f->text, t->f->len);
	if (same < 0)
		return refuse(t, "cannot read it again", -same);
	if (!same)
		return refuse(t, "it changed since acqrel read it", 0);
	hook("checked", t->f->path);
	return 0;
}

/* Copies every extended attribute of src to dst; returns 0 or -1 naming the first that failed. */
static int copy_xattrs(int src, int dst, char **failed)
{
	ssize_t size = flistxattr(src, NULL, 0);
	char *names, *name, *value = NULL;
	size_t value_alloc = 0;
	int ret = 0;

	if (size < 0)
		return errno == ENOTSUP ? 0 : -1;
	if (!size)
		return 0;
	names = xmalloc((size_t)size);
	size = flistxattr(src, names, (size_t)size);
	if (size < 0) {
		free(names);
		return -1;
	}
	for (name = names; name < names + size && !ret; name += strlen(name) + 1) {
		ssize_t n = fgetxattr(src, name, NULL, 0);

		if (n >= 0 && (size_t)n > value_alloc) {
			value_alloc = (size_t)n;
			value = xrealloc(value, value_alloc);
		}
		if (n >= 0)
			n = fgetxattr(src, name, value, (size_t)n);
		if (n < 0 || fsetxattr(dst, name, value, (size_t)n, 0) < 0) {
			*failed = xstrdup(name);
			ret = -1;
		}
	}
	free(names);
	free(value);
	return ret;
}

/* Writes text beside t->dest with its owner, group, mode and extended attributes. */
static int write_tmp(struct target *t, const struct strbuf *text)
{
	char *xattr = NULL;
	const char *what = "cannot write the new contents";
	int fd, src = -1, err;

	t->tmp = xasprintf("%s.acqrel-XXXXXX", t->dest);
	fd = cleanup_mkstemp(t->tmp, &t->tmp_handle);
	if (fd < 0) {
		err = errno;
		free(t->tmp);
		t->tmp = NULL;
		return refuse(t, "cannot create a temporary file beside it", err);
	}
	if (write_all(fd, text->buf, text->len) < 0)
		goto fail;
	what = "cannot keep its owner and group";
	/* chown clears set-user-ID bits: the mode comes after it */
	if ((t->st.st_uid != geteuid() || t->st.st_gid != getegid()) &&
	    fchown(fd, t->st.st_uid, t->st.st_gid) < 0)
		goto fail;
	what = "cannot keep its mode";
	if (fchmod(fd, t->st.st_mode & 07777) < 0)
		goto fail;
	what = "cannot read its extended attributes";
	src = open(t->dest, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (src < 0)
		goto fail;
	if (copy_xattrs(src, fd, &xattr) < 0) {
		err = errno;
		if (xattr) {
			char *msg = xasprintf("cannot keep its extended attribute %s", xattr);

			close(src);
			close(fd);
			drop_tmp(t);
			refuse(t, msg, err);
			free(msg);
			free(xattr);
			return -1;
		}
		goto fail;
	}
	close(src);
	src = -1;
	what = "cannot write the new contents";
	if (fsync(fd) < 0)
		goto fail;
	if (close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	hook("written", t->f->path);
	return 0;
fail:
	err = errno;
	if (src >= 0)
		close(src);
	if (fd >= 0)
		close(fd);
	drop_tmp(t);
	return refuse(t, what, err);
}

/* The edits of f whose patch is not dropped; copies. */
static void kept_edits(struct line_edits *out, const struct rewrite_file *f, const bool *dropped)
{
	size_t i;

	for (i = 0; i < f->edits.nr; i++)
		if (!dropped[f->edits.v[i].tag])
			line_edits_add(out, f->edits.v[i].first, f->edits.v[i].nr_old,
				       xstrdup(f->edits.v[i].new_text), f->edits.v[i].tag);
}

/*
 * Drops every patch with an edit in a refused file; marks the files that
 * still have edits. Returns whether a patch was dropped.
 */
static bool drop_refused(struct target *t, size_t n, bool *dropped)
{
	bool more = false;
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (!t[i].refused)
			continue;
		for (k = 0; k < t[i].f->edits.nr; k++) {
			more |= !dropped[t[i].f->edits.v[k].tag];
			dropped[t[i].f->edits.v[k].tag] = true;
		}
	}
	for (i = 0; i < n; i++) {
		t[i].active = false;
		for (k = 0; k < t[i].f->edits.nr && !t[i].refused; k++)
			t[i].active |= !dropped[t[i].f->edits.v[k].tag];
	}
	return more;
}

size_t apply_rewrite(struct rewrite *rw, bool *dropped)
{
	struct target *t = xcalloc(rw->nr + 1, sizeof(*t));
	size_t n = 0, i, failed = 0;
	bool again = true;

	/* a full disk or a file size limit must fail a write, not kill us */
	signal(SIGXFSZ, SIG_IGN);
	for (i = 0; i < rw->nr; i++)
		if (rw->v[i].edits.nr)
			t[n++].f = &rw->v[i];
	for (i = 0; i < n; i++)
		check(&t[i]);
	/* one file under two names (a link beside its target): neither is replaced */
	for (i = 0; i < n; i++) {
		size_t k;

		for (k = 0; k < i; k++) {
			if (t[i].dest && t[k].dest && !strcmp(t[i].dest, t[k].dest)) {
				if (!t[k].refused)
					refuse(&t[k], "it is also named as another path", 0);
				if (!t[i].refused)
					refuse(&t[i], "it is also named as another path", 0);
			}
		}
	}
	while (again) {
		again = false;
		drop_refused(t, n, dropped);
		/* every file of every patch still applied, written beside its original */
		for (i = 0; i < n && !again; i++) {
			struct line_edits mine = { NULL, 0, 0 };
			struct strbuf text = STRBUF_INIT, unused = STRBUF_INIT;

			drop_tmp(&t[i]);
			if (!t[i].active)
				continue;
			kept_edits(&mine, t[i].f, dropped);
			diff_unified(&unused, t[i].f->rel, t[i].f->text, t[i].f->len, &mine, &text);
			write_tmp(&t[i], &text);
			again = t[i].refused;
			line_edits_release(&mine);
			strbuf_release(&text);
			strbuf_release(&unused);
		}
		/* right before the renames: each file still holds the bytes analysed */
		for (i = 0; i < n && !again; i++) {
			int same;

			if (!t[i].active)
				continue;
			hook("renaming", t[i].f->path);
			same = unchanged(t[i].dest, t[i].f->text, t[i].f->len);
			if (same <= 0) {
				refuse(&t[i], same < 0 ? "cannot read it again"
						       : "it changed since acqrel read it", same < 0 ? -same : 0);
				again = true;
			}
		}
		if (again)
			for (i = 0; i < n; i++)
				drop_tmp(&t[i]);
	}
	for (i = 0; i < n; i++) {
		if (!t[i].active)
			continue;
		if (rename(t[i].tmp, t[i].dest) < 0) {
			refuse(&t[i], "cannot replace it", errno);
			drop_tmp(&t[i]);
			continue;
		}
		cleanup_forget(t[i].tmp_handle);
		free(t[i].tmp);
		t[i].tmp = NULL;
	}
	for (i = 0; i < n; i++) {
		failed += t[i].refused;
		free(t[i].dest);
	}
	free(t);
	return failed;
}
