/*
 * t-apply.c: what --apply does when a file changes between the analysis and
 * the rename, or a signal arrives while the temporary files exist. The whole
 * pipeline runs in process (sites, pairs, rewrite, apply) on one protocol
 * whose writer and reader are in two files; apply_test_hook, which acqrel
 * itself never sets, acts at the named stages.
 */
#include "tap.h"
#include "lib/apply.h"
#include "lib/pair.h"
#include "lib/rewrite.h"
#include "lib/sites.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* the struct both files use, in a header they share (one defined in a .c is that file's own) */
static const char ring[] = "struct demo_ring {\n\tint slots[16];\n\tunsigned int tail;\n};\n";
#define RING "#include \"ring.h\"\n\n"
static const char writer[] = RING
	"void demo_ring_put(struct demo_ring *r, int v, unsigned int t)\n{\n"
	"\tr->slots[t % 16] = v;\n\tsmp_wmb();\n\tr->tail = t + 1;\n}\n";
static const char reader[] = RING
	"int demo_ring_get(struct demo_ring *r, unsigned int head)\n{\n"
	"\tunsigned int t;\n\n\tt = r->tail;\n\tsmp_rmb();\n\tif (t == head)\n\t\treturn -1;\n"
	"\treturn r->slots[head % 16];\n}\n";
static const char edit[] = "/* an edit */\n";

static char dir[64], wpath[128], rpath[128], hpath[128];

/* What the hook does, and when. */
static const char *hook_stage, *hook_file;
static enum { HOOK_EDIT, HOOK_SIGTERM } hook_action;
static int hook_calls;

static void spew(const char *path, const char *text)
{
	FILE *fp = fopen(path, "wb");

	if (!fp || fputs(text, fp) < 0 || fclose(fp))
		abort();
}

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (!fp)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

static void append(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0 || write(fd, edit, sizeof(edit) - 1) < 0 || close(fd))
		abort();
}

static void on_stage(const char *stage, const char *path)
{
	size_t n = strlen(path), k;

	if (!hook_stage || !hook_file || strcmp(stage, hook_stage))
		return;
	k = strlen(hook_file);
	if (n < k || strcmp(path + n - k, hook_file))
		return;
	hook_calls++;
	if (hook_action == HOOK_SIGTERM)
		raise(SIGTERM);
	else
		append(path);
}

static int leftovers(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strstr(e->d_name, ".acqrel-") != NULL;
	if (d)
		closedir(d);
	return n;
}

/*
 * Writes both files afresh and runs the pipeline; with edit_after_analysis,
 * that file is edited once the sites are found. Returns the files refused;
 * *dropped says whether the protocol was taken out.
 */
static size_t pipeline(const char *edit_after_analysis, bool *dropped, size_t *nr_patches)
{
	const char *paths[] = { wpath, rpath };
	struct sites_run run;
	struct pair_result r;
	struct rewrite rw;
	bool drop[4] = { false, false, false, false };
	size_t failed;

	spew(wpath, writer);
	spew(rpath, reader);
	sites_run(&run, paths, 2, 1, SITES_KEEP_TEXT);
	if (edit_after_analysis)
		append(edit_after_analysis);
	memset(&r, 0, sizeof(r));
	pair_run(&run, &r, 1);
	memset(&rw, 0, sizeof(rw));
	rewrite_plan(&rw, &run, &r, false);
	*nr_patches = rw.nr_patches;
	failed = rw.nr_patches <= 4 ? apply_rewrite(&rw, drop) : 99;
	*dropped = drop[0];
	rewrite_release(&rw);
	pair_result_release(&r);
	sites_run_release(&run);
	return failed;
}

static bool is_rewritten(const char *path)
{
	const char *t = slurp(path);

	return t && (strstr(t, "smp_store_release(&r->tail, t + 1);") ||
		     strstr(t, "t = smp_load_acquire(&r->tail);")) && !strstr(t, "smp_wmb();") &&
	       !strstr(t, "smp_rmb();");
}

static bool is(const char *path, const char *text, bool edited)
{
	const char *t = slurp(path);
	size_t n = strlen(text);

	return t && !strncmp(t, text, n) && !strcmp(t + n, edited ? edit : "");
}

int main(void)
{
	size_t failed, nr;
	bool dropped;
	pid_t pid;
	int status;
	const char *tmp = getenv("TMPDIR");

	/* the refusals each print a line: expected, and not TAP */
	if (!freopen("/dev/null", "w", stderr))
		return 1;
	snprintf(dir, sizeof(dir), "%s/t-apply-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return 1;
	snprintf(wpath, sizeof(wpath), "%s/w.c", dir);
	snprintf(rpath, sizeof(rpath), "%s/r.c", dir);
	snprintf(hpath, sizeof(hpath), "%s/ring.h", dir);
	spew(hpath, ring);
	apply_test_hook = on_stage;

	failed = pipeline(NULL, &dropped, &nr);
	ok(nr == 1 && !failed && !dropped && is_rewritten(wpath) && is_rewritten(rpath),
	   "one protocol over two files: both are rewritten");

	failed = pipeline(wpath, &dropped, &nr);
	ok(failed == 1 && dropped && is(wpath, writer, true) && is(rpath, reader, false),
	   "an edit after the analysis: the file is refused, its edit kept, the other file untouched");

	hook_stage = "written", hook_file = "/r.c", hook_action = HOOK_EDIT, hook_calls = 0;
	failed = pipeline(NULL, &dropped, &nr);
	ok(hook_calls == 1 && failed == 1 && dropped && is(rpath, reader, true) && is(wpath, writer, false),
	   "an edit after the temporary file was written: refused before any rename, nothing lost");
	ok(!leftovers(), "no temporary file is left");

	hook_stage = "renaming", hook_file = "/w.c", hook_calls = 0;
	failed = pipeline(NULL, &dropped, &nr);
	ok(hook_calls == 1 && failed == 1 && dropped && is(wpath, writer, true) && is(rpath, reader, false),
	   "an edit right before the renames: the final comparison refuses it, nothing lost");
	ok(!leftovers(), "no temporary file is left");

	hook_stage = "written", hook_file = "/r.c", hook_action = HOOK_SIGTERM;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pipeline(NULL, &dropped, &nr);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM && !leftovers() &&
	   is(wpath, writer, false) && is(rpath, reader, false),
	   "SIGTERM while the temporary files exist: they are removed, the files untouched");

	unlink(wpath);
	unlink(rpath);
	unlink(hpath);
	rmdir(dir);
	return tap_done();
}
