/* batch.c: many litmus tests on several threads, reports in file order */
#include "batch.h"
#include "report.h"
#include "../lib/strbuf.h"
#include "../lib/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct result {
	char *out;		/* the report */
	char *err;		/* an error line, or NULL */
	int status;		/* 0 ok, 1 error or limit */
	bool done;
};

struct batch {
	const char *const *files;
	int n;
	const struct litmus_batch_opts *o;
	struct result *res;
	int next;
	pthread_mutex_t lock;
	pthread_cond_t ready;
};

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

char *litmus_model_dir_for(const char *test, char **err)
{
	char *real = realpath(test, NULL);
	const char *env;

	if (real) {
		char *slash;

		while ((slash = strrchr(real, '/'))) {
			char *cand;

			*slash = '\0';
			cand = xasprintf("%s/tools/memory-model/linux-kernel.cfg", *real ? real : "");
			if (is_file(cand)) {
				cand[strlen(cand) - strlen("/linux-kernel.cfg")] = '\0';
				free(real);
				return cand;
			}
			free(cand);
			if (!*real)
				break;
		}
		free(real);
	}
	env = getenv("ACQREL_MODEL");
	if (env && *env)
		return xstrdup(env);
	*err = xasprintf("%s: error: no model: the test is not inside a kernel tree; "
			 "give --model DIR or set ACQREL_MODEL", test);
	return NULL;
}

static void check_one(struct batch *b, int i, struct result *r)
{
	const struct litmus_batch_opts *o = b->o;
	const char *path = b->files[i];
	const struct litmus_model *m;
	struct litmus t;
	struct lit_outcome out;
	struct strbuf sb = STRBUF_INIT;
	char *dir, *err = NULL;

	r->status = 1;
	dir = o->model_dir ? xstrdup(o->model_dir) : litmus_model_dir_for(path, &err);
	if (!dir) {
		r->err = err;
		return;
	}
	m = litmus_model_cached(dir, &err);
	free(dir);
	if (!m) {
		r->err = err;
		return;
	}
	if (litmus_read(&t, path, &err)) {
		r->err = err;
		return;
	}
	if (litmus_check(&t, m, &o->lim, &out, &err)) {
		r->err = err;
		litmus_release(&t);
		return;
	}
	if (!out.complete) {
		r->err = xasprintf("%s: error: %s; no verdict", path,
				   out.limit ? out.limit : "a limit reached");
	} else {
		litmus_report(&sb, &t, m, &out);
		r->out = strbuf_detach(&sb);
		r->status = 0;
	}
	lit_outcome_release(&out);
	litmus_release(&t);
}

static void *worker(void *arg)
{
	struct batch *b = arg;

	for (;;) {
		struct result r;
		int i;

		pthread_mutex_lock(&b->lock);
		i = b->next++;
		pthread_mutex_unlock(&b->lock);
		if (i >= b->n)
			break;
		memset(&r, 0, sizeof(r));
		check_one(b, i, &r);
		pthread_mutex_lock(&b->lock);
		b->res[i] = r;
		b->res[i].done = true;
		pthread_cond_broadcast(&b->ready);
		pthread_mutex_unlock(&b->lock);
	}
	return NULL;
}

int litmus_batch(const char *const *files, int n, const struct litmus_batch_opts *o, FILE *out,
		 FILE *errs)
{
	struct batch b;
	pthread_t *tids;
	int jobs = o->jobs < 1 ? 1 : o->jobs, t, i, status = 0;

	if (jobs > n)
		jobs = n > 0 ? n : 1;
	memset(&b, 0, sizeof(b));
	b.files = files;
	b.n = n;
	b.o = o;
	b.res = xcalloc((size_t)(n ? n : 1), sizeof(*b.res));
	pthread_mutex_init(&b.lock, NULL);
	pthread_cond_init(&b.ready, NULL);
	tids = xcalloc((size_t)jobs, sizeof(*tids));
	for (t = 0; t < jobs; t++)
		if (pthread_create(&tids[t], NULL, worker, &b))
			die("cannot start a worker thread");
	for (i = 0; i < n; i++) {
		struct result r;

		pthread_mutex_lock(&b.lock);
		while (!b.res[i].done)
			pthread_cond_wait(&b.ready, &b.lock);
		r = b.res[i];
		pthread_mutex_unlock(&b.lock);
		if (r.out) {
			fputs(r.out, out);
			fflush(out);
		}
		if (r.err) {
			fprintf(errs, "%s\n", r.err);
			fflush(errs);
		}
		if (r.status)
			status = 1;
		free(r.out);
		free(r.err);
	}
	for (t = 0; t < jobs; t++)
		pthread_join(tids[t], NULL);
	free(tids);
	free(b.res);
	pthread_mutex_destroy(&b.lock);
	pthread_cond_destroy(&b.ready);
	return status;
}
