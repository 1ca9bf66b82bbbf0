/* inputs.c: record what a run read, and check later that it still reads the same */
#include "inputs.h"
#include "threads.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The largest file whose content is hashed again to check it (as sites.c reads). */
#define INPUT_MAX_REHASH (64u << 20)
/*
 * A file or folder changed less than this before the run started may
 * change again with the same mtime (timestamps are coarse: a clock tick,
 * or a second on some file systems): its stat proves nothing.
 */
#define INPUT_RACY_NS 1000000000ull

static const uint64_t K0 = 0x9e3779b97f4a7c15ull, K1 = 0xc2b2ae3d27d4eb4full,
		      K2 = 0x165667b19e3779f9ull, K3 = 0xd6e8feb86659fd93ull;

static uint64_t mix(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 r = (unsigned __int128)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
#else
	uint64_t lo = a * b, hi = (a >> 32) * (b >> 32) + (((a & 0xffffffffu) * (b >> 32)) >> 32) +
				  (((a >> 32) * (b & 0xffffffffu)) >> 32);

	return lo ^ hi;
#endif
}

static uint64_t load64(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

void input_hash(const void *buf, size_t len, uint64_t out[2])
{
	const unsigned char *p = buf;
	uint64_t a = K0 ^ len, b = K1 ^ ((uint64_t)len << 1);
	unsigned char tail[16];
	size_t n = len;

	/* two lanes of 64 bits, each multiply folded (wyhash's step) */
	for (; n >= 16; n -= 16, p += 16) {
		uint64_t w0 = load64(p), w1 = load64(p + 8);

		a = mix(a ^ w0, w1 ^ K2);
		b = mix(b ^ w1, w0 ^ K3);
	}
	memset(tail, 0, sizeof(tail));
	memcpy(tail, p, n);
	tail[15] ^= (unsigned char)(n + 1);
	a = mix(a ^ load64(tail), load64(tail + 8) ^ K2);
	b = mix(b ^ load64(tail + 8), load64(tail) ^ K3);
	out[0] = mix(a ^ K1, b ^ K0);
	out[1] = mix(b ^ K2, a ^ K3);
}

static struct {
	pthread_mutex_t lock;
	bool enabled, uncacheable;
	uint64_t start;		/* CLOCK_REALTIME at inputs_start(), ns */
	struct input *v;
	size_t nr, alloc;
} rec = { .lock = PTHREAD_MUTEX_INITIALIZER };

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void inputs_start(void)
{
	rec.enabled = true;
	rec.start = now_ns();
}

bool inputs_enabled(void)
{
	return rec.enabled;
}

static uint64_t ns_of(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

static void fill_stat(struct input *in, const struct stat *st, uint64_t since)
{
	in->mode = st->st_mode;
	in->ino = st->st_ino;
	in->size = (uint64_t)st->st_size;
	in->mtime = ns_of(&st->st_mtim);
	in->ctime = ns_of(&st->st_ctim);
	in->flags &= ~INPUT_RACY;
	if (in->mtime + INPUT_RACY_NS >= since || in->ctime + INPUT_RACY_NS >= since)
		in->flags |= INPUT_RACY;
}

static void add(const struct input *in, const char *path)
{
	pthread_mutex_lock(&rec.lock);
	ALLOC_GROW(rec.v, rec.nr + 1, rec.alloc);
	rec.v[rec.nr] = *in;
	rec.v[rec.nr].path = xstrdup(path);
	rec.nr++;
	pthread_mutex_unlock(&rec.lock);
}

void inputs_file(const char *path, const struct stat *st, const void *buf, size_t len)
{
	struct input in = { .kind = INPUT_FILE, .flags = INPUT_HASHED };

	if (!rec.enabled)
		return;
	fill_stat(&in, st, rec.start);
	input_hash(buf, len, in.hash);
	/* what was read is the file, not a part of it */
	in.size = len;
	add(&in, path);
}

void inputs_file_stat(const char *path, const struct stat *st)
{
	struct input in = { .kind = INPUT_FILE };

	if (!rec.enabled)
		return;
	fill_stat(&in, st, rec.start);
	add(&in, path);
}

void inputs_missing(const char *path, enum input_kind kind, int err)
{
	struct input in = { .kind = (unsigned char)kind, .err = err ? err : EIO };

	if (rec.enabled)
		add(&in, path);
}

void inputs_stat(const char *path, int rc, int err, const struct stat *st)
{
	struct input in = { .kind = INPUT_STAT };

	if (!rec.enabled)
		return;
	if (rc < 0)
		in.err = err ? err : EIO;
	else
		in.mode = st->st_mode & S_IFMT;
	add(&in, path);
}

void inputs_uncacheable(void)
{
	if (!rec.enabled)
		return;
	pthread_mutex_lock(&rec.lock);
	rec.uncacheable = true;
	pthread_mutex_unlock(&rec.lock);
}

/* Only what some reader of a folder looks at: names that change nothing else are left out. */
static bool listing_matters(const char *name, unsigned char d_type)
{
	size_t n = strlen(name);

	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	if (d_type != DT_REG)
		return true;
	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void listing_add(struct input_listing *l, const char *name, unsigned char d_type)
{
	uint64_t h[2];
	size_t n = strlen(name);
	char *buf;

	if (!listing_matters(name, d_type))
		return;
	buf = xmalloc(n + 2);
	memcpy(buf, name, n + 1);
	buf[n + 1] = (char)d_type;
	input_hash(buf, n + 2, h);
	free(buf);
	/* a sum, so the order readdir() gives does not matter */
	l->sum[0] += h[0];
	l->sum[1] += h[1];
}

void inputs_listing_add(struct input_listing *l, const char *name, unsigned char d_type)
{
	if (rec.enabled)
		listing_add(l, name, d_type);
}

void inputs_dir(const char *path, const struct stat *st, const struct input_listing *l)
{
	struct input in = { .kind = INPUT_DIR, .flags = INPUT_HASHED };

	if (!rec.enabled)
		return;
	fill_stat(&in, st, rec.start);
	in.hash[0] = l->sum[0];
	in.hash[1] = l->sum[1];
	add(&in, path);
}

static int cmp_input(const void *a, const void *b)
{
	const struct input *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : (int)x->kind - (int)y->kind;
}

/* Two records of one path and kind agree: the input did not change during the run. */
static bool same_record(const struct input *x, const struct input *y)
{
	if (x->err != y->err || x->mode != y->mode || x->ino != y->ino || x->mtime != y->mtime ||
	    x->ctime != y->ctime)
		return false;
	if ((x->flags & INPUT_HASHED) && (y->flags & INPUT_HASHED) &&
	    (x->size != y->size || memcmp(x->hash, y->hash, sizeof(x->hash))))
		return false;
	return true;
}

bool inputs_take(struct input **v, size_t *nr)
{
	size_t i, n = 0;
	bool ok;

	pthread_mutex_lock(&rec.lock);
	rec.enabled = false;
	*v = rec.v;
	*nr = rec.nr;
	ok = !rec.uncacheable;
	rec.v = NULL;
	rec.nr = rec.alloc = 0;
	rec.uncacheable = false;
	pthread_mutex_unlock(&rec.lock);
	if (*nr)
		qsort(*v, *nr, sizeof(**v), cmp_input);
	for (i = 0; i < *nr; i++) {
		struct input *last = n ? &(*v)[n - 1] : NULL;

		if (last && !strcmp(last->path, (*v)[i].path) && last->kind == (*v)[i].kind) {
			if (!same_record(last, &(*v)[i]))
				ok = false;
			if (!(last->flags & INPUT_HASHED) && ((*v)[i].flags & INPUT_HASHED)) {
				memcpy(last->hash, (*v)[i].hash, sizeof(last->hash));
				last->size = (*v)[i].size;
				last->flags |= INPUT_HASHED;
			}
			last->flags |= (*v)[i].flags & INPUT_RACY;
			free((*v)[i].path);
			continue;
		}
		(*v)[n++] = (*v)[i];
	}
	*nr = n;
	if (!ok) {
		inputs_free(*v, *nr);
		*v = NULL;
		*nr = 0;
	}
	return ok;
}

void inputs_free(struct input *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(v[i].path);
	free(v);
}

static bool same_stat(const struct input *in, const struct stat *st)
{
	return in->mode == st->st_mode && in->ino == st->st_ino &&
	       in->mtime == ns_of(&st->st_mtim) && in->ctime == ns_of(&st->st_ctim) &&
	       (in->kind == INPUT_DIR || in->size == (uint64_t)st->st_size);
}

char *input_read_fd(int fd, size_t size, size_t *len)
{
	char *buf = xmalloc(size + 1);

	*len = 0;
	/* one byte more than expected: a file that grew reads longer */
	while (*len <= size) {
		ssize_t n = read(fd, buf + *len, size + 1 - *len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		*len += (size_t)n;
	}
	return buf;
}

/* A file read again: the same bytes as recorded? Updates its stat when so. */
static bool check_file_content(struct input *in, uint64_t now)
{
	int fd = open(in->path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf;
	size_t len = 0;
	uint64_t h[2];
	bool same = false;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size != in->size ||
	    in->size > INPUT_MAX_REHASH) {
		close(fd);
		return false;
	}
	buf = input_read_fd(fd, in->size, &len);
	close(fd);
	if (len == in->size) {
		input_hash(buf, len, h);
		same = !memcmp(h, in->hash, sizeof(h));
	}
	free(buf);
	if (same)
		fill_stat(in, &st, now);
	return same;
}

/* A folder listed again: the same names as recorded? Updates its stat when so. */
static bool check_dir_listing(struct input *in, uint64_t now)
{
	DIR *d = opendir(in->path);
	struct input_listing l = { { 0, 0 } };
	struct dirent *de;
	struct stat st;
	bool same;

	if (!d)
		return false;
	if (fstat(dirfd(d), &st) < 0) {
		closedir(d);
		return false;
	}
	while ((de = readdir(d)))
		listing_add(&l, de->d_name, de->d_type);
	closedir(d);
	same = !memcmp(l.sum, in->hash, sizeof(l.sum));
	if (same)
		fill_stat(in, &st, now);
	return same;
}

/* Whether opening a path that could not be opened fails the same way again. */
static bool check_missing(const struct input *in)
{
	int fd, err;

	if (in->kind == INPUT_DIR) {
		DIR *d = opendir(in->path);

		if (d) {
			closedir(d);
			return false;
		}
		return errno == in->err;
	}
	fd = open(in->path, O_RDONLY | O_CLOEXEC);
	err = errno;
	if (fd >= 0) {
		close(fd);
		return false;
	}
	return err == in->err;
}

/* Whether one record still holds; *refreshed counts one whose stat was updated. */
static bool check_one(struct input *in, uint64_t now, size_t *refreshed)
{
	struct stat st;
	int rc;

	if (in->kind != INPUT_STAT && in->err)
		return check_missing(in);
	rc = stat(in->path, &st);
	if (in->kind == INPUT_STAT)
		return rc < 0 ? errno == in->err : !in->err && (st.st_mode & S_IFMT) == in->mode;
	if (rc < 0)
		return false;
	if (!(in->flags & INPUT_RACY) && same_stat(in, &st))
		return true;
	if (!(in->flags & INPUT_HASHED))
		return false;
	if (in->kind == INPUT_DIR ? !check_dir_listing(in, now) : !check_file_content(in, now))
		return false;
	++*refreshed;
	return true;
}

/* One thread's share of inputs_check(): records [from, to). */
struct checker {
	struct input *v;
	size_t from, to, refreshed;
	uint64_t now;
	int *failed;		/* shared: set by the first thread that finds a change */
};

static void *checker_main(void *arg)
{
	struct checker *c = arg;
	size_t i;

	for (i = c->from; i < c->to && !__atomic_load_n(c->failed, __ATOMIC_RELAXED); i++) {
		if (!check_one(&c->v[i], c->now, &c->refreshed)) {
			__atomic_store_n(c->failed, 1, __ATOMIC_RELAXED);
			break;
		}
	}
	return NULL;
}

bool inputs_check(struct input *v, size_t nr, int nr_threads, size_t *refreshed)
{
	struct checker *c;
	int failed = 0, t;

	if (nr_threads < 1)
		nr_threads = 1;
	c = xcalloc((size_t)nr_threads, sizeof(*c));
	for (t = 0; t < nr_threads; t++) {
		c[t].v = v;
		c[t].from = nr * (size_t)t / (size_t)nr_threads;
		c[t].to = nr * (size_t)(t + 1) / (size_t)nr_threads;
		c[t].now = now_ns();
		c[t].failed = &failed;
	}
	threads_run(nr_threads, checker_main, c, sizeof(*c));
	*refreshed = 0;
	for (t = 0; t < nr_threads; t++)
		*refreshed += c[t].refreshed;
	free(c);
	return !failed;
}
