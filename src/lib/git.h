/*
 * git.h: what acqrel asks git, without obeying the tree's own git
 * configuration or hooks. A tree unpacked from elsewhere can carry a
 * .git/config that makes any git command run in it start a program of its
 * choosing (gpg.program with log.showSignature, core.fsmonitor, ...), so git
 * never runs inside it: it reads the tree's commits through a private git
 * folder whose configuration is empty.
 */
#ifndef ACQREL_GIT_H
#define ACQREL_GIT_H

#include "strbuf.h"

struct git_view;

/*
 * A private git folder (under $TMPDIR) that sees the commits of the
 * repository at root (its objects, refs, HEAD and shallow list, through
 * links; worktrees too), with an empty configuration and no hooks. NULL when
 * root holds no git repository acqrel can read so. Caller frees with
 * git_view_free(), which removes the folder (a signal removes it too).
 */
struct git_view *git_view_open(const char *root);
void git_view_free(struct git_view *v);

/*
 * Appends the subjects of the last n commits without merges that touch rel
 * (a path relative to root, taken literally), one per line, to out. Returns
 * 0, or -1 when git failed.
 */
int git_view_subjects(struct git_view *v, const char *rel, unsigned n, struct strbuf *out);

/*
 * The id of what rev names in the repository ("HEAD", "HEAD:fs/aio.c"),
 * as 40 hexadecimal digits in hex. Returns 0, or -1 when there is none.
 */
int git_view_rev(struct git_view *v, const char *rev, char hex[41]);

/*
 * Appends "Fixes: <12 hex> (\"subject\")\n" to out, the commit that git blame
 * names for line (1-based) of rel in HEAD, when text[0..len) is that file
 * of HEAD (so the line is the one analysed). Returns 0, or -1 when there
 * is none (a changed file, a line no commit made, git failed).
 */
int git_view_fixes(struct git_view *v, const char *rel, unsigned line, const char *text,
		   size_t len, struct strbuf *out);

/*
 * "Name <email>" for From: and Signed-off-by:, from GIT_AUTHOR_NAME and
 * GIT_AUTHOR_EMAIL, else from git's user.name and user.email in the user's
 * global or the system configuration (never a repository's). NULL when there
 * is none, or when it holds control characters or angle brackets that would
 * break the header. Caller frees.
 */
char *git_identity(void);

#endif
