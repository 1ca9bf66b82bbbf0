/* git.c: git's history and identity, with the tree's configuration neutralised */
#include "git.h"
#include "cleanup.h"
#include "proc.h"
#include "sha1.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define VIEW_PATHS 6

struct git_view {
	char *dir;				/* the private git folder */
	char *paths[VIEW_PATHS];		/* what was made in it, for removal */
	size_t handles[VIEW_PATHS + 1];
	size_t nr, dir_handle;
};

/* The first line of a small file, or NULL. */
static char *first_line(const char *path)
{
	char buf[512];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return xstrdup(buf);
}

/* dir/name, or name itself when it is absolute. */
static char *resolve(const char *dir, const char *name)
{
	return name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", dir, name);
}

static bool is_dir(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* HEAD as git writes it: a symbolic ref under refs/, or an object name. */
static bool valid_head(const char *head)
{
	size_t i, n = strlen(head);

	if (!strncmp(head, "ref: refs/", 10))
		return !strstr(head, "..") && strspn(head + 10, "abcdefghijklmnopqrstuvwxyz"
			"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == n - 10;
	if (n != 40 && n != 64)
		return false;
	for (i = 0; i < n; i++)
		if (!strchr("0123456789abcdef", head[i]))
			return false;
	return true;
}

static void add_made(struct git_view *v, char *path)
{
	v->paths[v->nr] = path;
	v->handles[v->nr++] = cleanup_add(path, false);
}

static int write_small(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	size_t len = strlen(text);
	int ok;

	if (fd < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) == 0 && ok ? 0 : -1;
}

struct git_view *git_view_open(const char *root)
{
	char *dotgit = xasprintf("%s/.git", root), *gitdir = NULL, *common = NULL, *head = NULL;
	const char *tmp = getenv("TMPDIR");
	static const char *const linked[] = { "objects", "refs", "packed-refs", "shallow" };
	struct git_view *v = NULL;
	struct stat sb;
	size_t i;

	if (lstat(dotgit, &sb) < 0)
		goto out;
	if (S_ISDIR(sb.st_mode)) {
		gitdir = xstrdup(dotgit);
	} else if (S_ISREG(sb.st_mode)) {
		/* a worktree or submodule: "gitdir: PATH" */
		char *line = first_line(dotgit);

		if (line && !strncmp(line, "gitdir: ", 8))
			gitdir = resolve(root, line + 8);
		free(line);
	}
	if (!gitdir)
		goto out;
	{
		char *cpath = xasprintf("%s/commondir", gitdir), *c = first_line(cpath);

		char *joined = c ? resolve(gitdir, c) : xstrdup(gitdir);

		/* the links are read from the private folder: absolute targets */
		common = realpath(joined, NULL);
		free(joined);
		free(c);
		free(cpath);
	}
	{
		char *hpath = xasprintf("%s/HEAD", gitdir);

		head = first_line(hpath);
		free(hpath);
	}
	if (!head || !valid_head(head) || !common || !is_dir(common))
		goto out;
	{
		char *objects = xasprintf("%s/objects", common);
		bool ok = is_dir(objects);

		free(objects);
		if (!ok)
			goto out;
	}
	v = xcalloc(1, sizeof(*v));
	v->dir = xasprintf("%s/acqrel-git-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!cleanup_mkdtemp(v->dir, &v->dir_handle)) {
		free(v->dir);
		free(v);
		v = NULL;
		goto out;
	}
	for (i = 0; i < ARRAY_SIZE(linked); i++) {
		char *from = xasprintf("%s/%s", common, linked[i]), *to;

		if (lstat(from, &sb) < 0) {
			free(from);
			continue;
		}
		to = xasprintf("%s/%s", v->dir, linked[i]);
		cleanup_block();
		if (symlink(from, to) == 0)
			add_made(v, to);
		else
			free(to);
		cleanup_unblock();
		free(from);
	}
	{
		char *to = xasprintf("%s/HEAD", v->dir), *text = xasprintf("%s\n", head);

		cleanup_block();
		if (write_small(to, text) == 0)
			add_made(v, to);
		else
			free(to);
		free(text);
		to = xasprintf("%s/config", v->dir);
		if (write_small(to, "[core]\n\trepositoryformatversion = 0\n\tbare = true\n") == 0)
			add_made(v, to);
		else
			free(to);
		cleanup_unblock();
	}
out:
	free(dotgit);
	free(gitdir);
	free(common);
	free(head);
	return v;
}

void git_view_free(struct git_view *v)
{
	size_t i;

	if (!v)
		return;
	for (i = v->nr; i-- > 0;) {
		unlink(v->paths[i]);
		cleanup_forget(v->handles[i]);
		free(v->paths[i]);
	}
	rmdir(v->dir);
	cleanup_forget(v->dir_handle);
	free(v->dir);
	free(v);
}

/* Neither the system's nor the user's configuration changes what git prints. */
static const char *const quiet_env[] = {
	"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0",
	"GIT_OPTIONAL_LOCKS=0", NULL
};

int git_view_subjects(struct git_view *v, const char *rel, unsigned n, struct strbuf *out)
{
	char *gitdir = xasprintf("--git-dir=%s", v->dir), *count = xasprintf("-n%u", n);
	const char *argv[] = {
		"git", gitdir, "--no-pager", "--literal-pathspecs", "-c", "log.showSignature=false",
		"log", count, "--no-merges", "--no-show-signature", "--format=%s", "--", rel, NULL
	};
	int status = proc_capture(argv, "/", quiet_env, out, 1 << 16);

	free(gitdir);
	free(count);
	return status == 0 ? 0 : -1;
}

int git_view_rev(struct git_view *v, const char *rev, char hex[41])
{
	char *gitdir = xasprintf("--git-dir=%s", v->dir);
	const char *argv[] = {
		"git", gitdir, "--no-pager", "--literal-pathspecs", "rev-parse", "--verify", "-q",
		"--end-of-options", rev, NULL
	};
	struct strbuf sb = STRBUF_INIT;
	int status = proc_capture(argv, "/", quiet_env, &sb, 256), ok;

	free(gitdir);
	ok = status == 0 && sb.len >= 40 && strspn(sb.buf, "0123456789abcdef") == 40;
	if (ok) {
		memcpy(hex, sb.buf, 40);
		hex[40] = '\0';
	}
	strbuf_release(&sb);
	return ok ? 0 : -1;
}

int git_view_fixes(struct git_view *v, const char *rel, unsigned line, const char *text,
		   size_t len, struct strbuf *out)
{
	char *gitdir = xasprintf("--git-dir=%s", v->dir), *range = xasprintf("-L%u,%u", line, line);
	char *rev = xasprintf("HEAD:%s", rel), want[41], have[41], sha[41];
	const char *blame[] = {
		"git", gitdir, "--no-pager", "--literal-pathspecs", "blame", "--porcelain", range,
		"HEAD", "--", rel, NULL
	};
	const char *log[] = {
		"git", gitdir, "--no-pager", "-c", "log.showSignature=false", "log", "-1",
		"--no-show-signature", "--abbrev=12", "--format=Fixes: %h (\"%s\")", sha, "--", NULL
	};
	struct strbuf sb = STRBUF_INIT;
	int status = -1;
	size_t i;

	git_blob_id(text, len, want);
	if (!line || git_view_rev(v, rev, have) || strcmp(have, want) ||
	    proc_capture(blame, "/", quiet_env, &sb, 1 << 16) || sb.len < 40 ||
	    strspn(sb.buf, "0123456789abcdef") != 40)
		goto out;
	memcpy(sha, sb.buf, 40);
	sha[40] = '\0';
	strbuf_reset(&sb);
	if (proc_capture(log, "/", quiet_env, &sb, 1 << 16) || sb.len < 20 ||
	    strncmp(sb.buf, "Fixes: ", 7) || memchr(sb.buf, '\n', sb.len) != sb.buf + sb.len - 1)
		goto out;
	/* no control character from a subject reaches the mail */
	for (i = 0; i + 1 < sb.len; i++)
		if ((unsigned char)sb.buf[i] < 0x20 || sb.buf[i] == 0x7f)
			sb.buf[i] = '?';
	strbuf_add(out, sb.buf, sb.len);
	status = 0;
out:
	strbuf_release(&sb);
	free(gitdir);
	free(range);
	free(rev);
	return status;
}

/* One configuration value of the user's (global) or the system's git configuration. */
static char *config_value(const char *key)
{
	static const char *const scopes[] = { "--global", "--system" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scopes); i++) {
		const char *argv[] = { "git", "config", scopes[i], "--includes", "--get", key, NULL };
		struct strbuf sb = STRBUF_INIT;

		if (proc_capture(argv, "/", NULL, &sb, 1024) == 0 && sb.len) {
			while (sb.len && sb.buf[sb.len - 1] == '\n')
				sb.buf[--sb.len] = '\0';
			return strbuf_detach(&sb);
		}
		strbuf_release(&sb);
	}
	return NULL;
}

static bool header_safe(const char *s, const char *also_bad)
{
	const unsigned char *p;

	if (!s || !*s)
		return false;
	for (p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || *p == '<' || *p == '>' || strchr(also_bad, *p))
			return false;
	return true;
}

char *git_identity(void)
{
	const char *env_name = getenv("GIT_AUTHOR_NAME"), *env_email = getenv("GIT_AUTHOR_EMAIL");
	char *name, *email, *id = NULL;

	if (env_name && *env_name && env_email && *env_email) {
		name = xstrdup(env_name);
		email = xstrdup(env_email);
	} else {
		name = config_value("user.name");
		email = config_value("user.email");
	}
	if (header_safe(name, "") && header_safe(email, " ,"))
		id = xasprintf("%s <%s>", name, email);
	free(name);
	free(email);
	return id;
}
