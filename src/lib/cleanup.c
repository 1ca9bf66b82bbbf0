/* cleanup.c: temporary paths that a signal removes */
#include "cleanup.h"
#include "util.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct temp_path {
	char *path;
	bool is_dir;
	volatile sig_atomic_t live;
};

static struct temp_path *temps;
static volatile sig_atomic_t nr_temps;
static size_t alloc_temps;
static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
	sig_atomic_t i = nr_temps;

	while (i-- > 0) {
		if (!temps[i].live)
			continue;
		if (temps[i].is_dir)
			rmdir(temps[i].path);
		else
			unlink(temps[i].path);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install(void)
{
	static bool installed;
	struct sigaction sa;
	size_t i;

	if (installed)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(cleanup_signals); i++)
		sigaddset(&sa.sa_mask, cleanup_signals[i]);
	for (i = 0; i < ARRAY_SIZE(cleanup_signals); i++) {
		struct sigaction was;

		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(cleanup_signals[i], NULL, &was) == 0 && was.sa_handler == SIG_IGN)
			continue;
		sigaction(cleanup_signals[i], &sa, NULL);
	}
	installed = true;
}

static sigset_t saved_mask;
static unsigned block_depth;

void cleanup_block(void)
{
	sigset_t set, old;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(cleanup_signals); i++)
		sigaddset(&set, cleanup_signals[i]);
	sigprocmask(SIG_BLOCK, &set, &old);
	if (!block_depth++)
		saved_mask = old;
	install();
}

void cleanup_unblock(void)
{
	if (block_depth && !--block_depth)
		sigprocmask(SIG_SETMASK, &saved_mask, NULL);
}

size_t cleanup_add(const char *path, bool is_dir)
{
	size_t i;

	cleanup_block();
	ALLOC_GROW(temps, (size_t)nr_temps + 1, alloc_temps);
	i = (size_t)nr_temps;
	temps[i].path = xstrdup(path);
	temps[i].is_dir = is_dir;
	temps[i].live = 1;
	nr_temps = (sig_atomic_t)(i + 1);
	cleanup_unblock();
	return i;
}

int cleanup_mkstemp(char *template, size_t *handle)
{
	int fd;

	cleanup_block();
	fd = mkstemp(template);
	if (fd >= 0)
		*handle = cleanup_add(template, false);
	cleanup_unblock();
	return fd;
}

char *cleanup_mkdtemp(char *template, size_t *handle)
{
	char *dir;

	cleanup_block();
	dir = mkdtemp(template);
	if (dir)
		*handle = cleanup_add(template, true);
	cleanup_unblock();
	return dir;
}

void cleanup_forget(size_t handle)
{
	cleanup_block();
	if (handle < (size_t)nr_temps && temps[handle].live) {
		temps[handle].live = 0;
		free(temps[handle].path);
		temps[handle].path = NULL;
	}
	/* the list empties when nothing is live: no growth over a long run */
	while (nr_temps > 0 && !temps[nr_temps - 1].live)
		nr_temps--;
	if (!nr_temps) {
		free(temps);
		temps = NULL;
		alloc_temps = 0;
	}
	cleanup_unblock();
}

void cleanup_set_add(struct cleanup_set *s, const char *path, bool is_dir)
{
	ALLOC_GROW(s->handles, s->nr + 1, s->alloc);
	s->handles[s->nr++] = cleanup_add(path, is_dir);
}

void cleanup_set_remove(struct cleanup_set *s)
{
	while (s->nr) {
		size_t h = s->handles[--s->nr];

		if (h < (size_t)nr_temps && temps[h].live) {
			if (temps[h].is_dir)
				rmdir(temps[h].path);
			else
				unlink(temps[h].path);
		}
		cleanup_forget(h);
	}
	free(s->handles);
	memset(s, 0, sizeof(*s));
}

void cleanup_set_forget(struct cleanup_set *s)
{
	while (s->nr)
		cleanup_forget(s->handles[--s->nr]);
	free(s->handles);
	memset(s, 0, sizeof(*s));
}
