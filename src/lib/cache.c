/* cache.c: a whole run's result, replayed while every file it read is unchanged */
#include "cache.h"
#include "inputs.h"
#include "quote.h"
#include "sha1.h"
#include "strbuf.h"
#include "util.h"
#include "version.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Changes whenever the layout below does. */
#define CACHE_FORMAT 1
static const char cache_magic[12] = "ACQRELCACHE\n";
/* A cache file larger than this is not read (a 6.12 tree takes a few MiB). */
#define CACHE_MAX_FILE (512u << 20)
/* What the cache folder may hold, in MiB, unless $ACQREL_CACHE_MB says otherwise. */
#define CACHE_BUDGET_MB 256
/* A temporary file this old (in seconds) was left by a run that died. */
#define CACHE_STALE_TMP 3600

/* ---- the key ---- */

static void add_blob(struct strbuf *sb, const void *p, size_t n);

/* The hash of the running binary: a rebuilt acqrel never reads an older one's results. */
static bool build_id(char hex[33])
{
	int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	struct strbuf sb = STRBUF_INIT;
	char chunk[65536];
	uint64_t h[2];
	ssize_t n;

	if (fd < 0)
		return false;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			close(fd);
			strbuf_release(&sb);
			return false;
		}
		strbuf_add(&sb, chunk, (size_t)n);
	}
	close(fd);
	input_hash(sb.buf, sb.len, h);
	strbuf_release(&sb);
	snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
	return true;
}

/* $XDG_CACHE_HOME/acqrel (an absolute one, as the XDG spec asks), else ~/.cache/acqrel; created. */
static char *cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *base, *dir;

	if (xdg && xdg[0] == '/')
		base = xstrdup(xdg);
	else if (home && home[0] == '/')
		base = xasprintf("%s/.cache", home);
	else
		return NULL;
	dir = xasprintf("%s/acqrel", base);
	if ((mkdir(base, 0700) < 0 && errno != EEXIST) || (mkdir(dir, 0700) < 0 && errno != EEXIST)) {
		free(base);
		free(dir);
		return NULL;
	}
	free(base);
	return dir;
}

void cache_init(struct cache *c, const char *verb, int argc, const char *const *argv, bool off)
{
	const char *env = getenv("ACQREL_NO_CACHE");
	struct strbuf key = STRBUF_INIT;
	struct sha1 sha;
	unsigned char digest[20];
	char *dir, *real, hex[41];
	bool dashes = false;
	int a, i;

	memset(c, 0, sizeof(*c));
	if (off || (env && *env) || !build_id(c->build) || !(dir = cache_dir()))
		return;
	add_blob(&key, verb, strlen(verb));
	real = realpath(".", NULL);
	add_blob(&key, real ? real : "", real ? strlen(real) : 0);
	free(real);
	for (a = 1; a < argc; a++) {
		add_blob(&key, argv[a], strlen(argv[a]));
		if (!dashes && !strcmp(argv[a], "--")) {
			dashes = true;
			continue;
		}
		/* a PATH: the tree it names, wherever it is reached from */
		if (dashes || argv[a][0] != '-') {
			real = realpath(argv[a], NULL);
			add_blob(&key, real ? real : "", real ? strlen(real) : 0);
			free(real);
		}
	}
	sha1_init(&sha);
	sha1_update(&sha, key.buf, key.len);
	sha1_final(&sha, digest);
	for (i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
	c->file = xasprintf("%s/%s.run", dir, hex);
	c->key_len = key.len;
	c->key = strbuf_detach(&key);
	free(dir);
}

void cache_release(struct cache *c)
{
	free(c->file);
	free(c->key);
	memset(c, 0, sizeof(*c));
}

/* ---- the file: little-endian numbers, blobs as a u32 length and bytes ---- */

static void add_u32(struct strbuf *sb, uint32_t v)
{
	unsigned char b[4];
	int i;

	for (i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	strbuf_add(sb, b, 4);
}

static void add_u64(struct strbuf *sb, uint64_t v)
{
	add_u32(sb, (uint32_t)v);
	add_u32(sb, (uint32_t)(v >> 32));
}

static void add_blob(struct strbuf *sb, const void *p, size_t n)
{
	add_u32(sb, (uint32_t)n);
	strbuf_add(sb, p, n);
}

static void serialize(const struct cache *c, struct strbuf *sb, const struct strbuf *out,
		      const struct strbuf *err, int status, const struct input *v, size_t nr)
{
	struct sha1 sha;
	unsigned char digest[20];
	size_t i;

	strbuf_add(sb, cache_magic, sizeof(cache_magic));
	add_u32(sb, CACHE_FORMAT);
	add_blob(sb, ACQREL_VERSION, strlen(ACQREL_VERSION));
	add_blob(sb, c->build, strlen(c->build));
	add_blob(sb, c->key, c->key_len);
	add_u32(sb, (uint32_t)status);
	add_blob(sb, out->buf, out->len);
	add_blob(sb, err->buf, err->len);
	add_u64(sb, nr);
	for (i = 0; i < nr; i++) {
		strbuf_addch(sb, v[i].kind);
		strbuf_addch(sb, v[i].flags);
		add_u32(sb, (uint32_t)v[i].err);
		add_u32(sb, v[i].mode);
		add_u64(sb, v[i].ino);
		add_u64(sb, v[i].size);
		add_u64(sb, v[i].mtime);
		add_u64(sb, v[i].ctime);
		add_u64(sb, v[i].hash[0]);
		add_u64(sb, v[i].hash[1]);
		add_blob(sb, v[i].path, strlen(v[i].path));
	}
	sha1_init(&sha);
	sha1_update(&sha, sb->buf, sb->len);
	sha1_final(&sha, digest);
	strbuf_add(sb, digest, sizeof(digest));
}

/* Writes the file whole under a temporary name, then renames it: never half-written. */
static void write_file(const struct cache *c, const struct strbuf *sb)
{
	char *tmp = xasprintf("%s.tmp-XXXXXX", c->file);
	int fd = mkstemp(tmp);
	size_t done = 0;

	if (fd < 0) {
		free(tmp);
		return;
	}
	while (done < sb->len) {
		ssize_t n = write(fd, sb->buf + done, sb->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	if (close(fd) < 0 || done < sb->len || rename(tmp, c->file) < 0)
		unlink(tmp);
	free(tmp);
}

/* A reader over the file's bytes; any read past the end marks it short. */
struct reader {
	const unsigned char *p, *end;
	bool short_read;
};

static uint32_t get_u32(struct reader *r)
{
	uint32_t v = 0;
	int i;

	if (r->end - r->p < 4) {
		r->short_read = true;
		r->p = r->end;
		return 0;
	}
	for (i = 0; i < 4; i++)
		v |= (uint32_t)r->p[i] << (8 * i);
	r->p += 4;
	return v;
}

static uint64_t get_u64(struct reader *r)
{
	uint64_t lo = get_u32(r);

	return lo | (uint64_t)get_u32(r) << 32;
}

static const unsigned char *get_bytes(struct reader *r, size_t n)
{
	const unsigned char *p = r->p;

	if ((size_t)(r->end - r->p) < n) {
		r->short_read = true;
		r->p = r->end;
		return NULL;
	}
	r->p += n;
	return p;
}

static unsigned char get_u8(struct reader *r)
{
	const unsigned char *p = get_bytes(r, 1);

	return p ? *p : 0;
}

/* A blob's bytes (*n its length), NULL when the file ends first. */
static const unsigned char *get_blob(struct reader *r, size_t *n)
{
	*n = get_u32(r);
	return get_bytes(r, *n);
}

static bool blob_is(struct reader *r, const void *want, size_t want_len)
{
	size_t n;
	const unsigned char *p = get_blob(r, &n);

	return p && n == want_len && !memcmp(p, want, n);
}

static void damaged(const struct cache *c, const char *why)
{
	char *name = quoted(c->file);

	fprintf(stderr, "%s: warning: damaged cache discarded: %s\n", name, why);
	free(name);
	unlink(c->file);
}

/* The file's bytes, NULL when it cannot be read (absent: the usual case). */
static unsigned char *read_all(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	unsigned char *buf;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > CACHE_MAX_FILE) {
		close(fd);
		return NULL;
	}
	buf = (unsigned char *)input_read_fd(fd, (size_t)st.st_size, len);
	close(fd);
	return buf;
}

bool cache_lookup(struct cache *c, int nr_threads, struct strbuf *out, struct strbuf *err,
		  int *status)
{
	struct reader r;
	unsigned char *buf, digest[20];
	const unsigned char *o, *e;
	struct input *v = NULL;
	size_t len = 0, nr = 0, i, n_out, n_err, refreshed;
	struct sha1 sha;
	uint64_t count;
	int st;
	bool hit = false;

	if (!c->file)
		return false;
	if (!(buf = read_all(c->file, &len)))
		goto miss;
	r.p = buf;
	r.end = buf + len;
	r.short_read = false;
	if (len < sizeof(cache_magic) + 4 + sizeof(digest) ||
	    memcmp(buf, cache_magic, sizeof(cache_magic))) {
		damaged(c, len < sizeof(cache_magic) + 4 + sizeof(digest) ? "truncated" : "not a cache file");
		goto miss;
	}
	get_bytes(&r, sizeof(cache_magic));
	/* another format is another binary's: replaced, not damaged */
	if (get_u32(&r) != CACHE_FORMAT)
		goto miss;
	sha1_init(&sha);
	sha1_update(&sha, buf, len - sizeof(digest));
	sha1_final(&sha, digest);
	if (memcmp(digest, buf + len - sizeof(digest), sizeof(digest))) {
		damaged(c, "checksum mismatch");
		goto miss;
	}
	r.end = buf + len - sizeof(digest);
	if (!blob_is(&r, ACQREL_VERSION, strlen(ACQREL_VERSION)) ||
	    !blob_is(&r, c->build, strlen(c->build)) || !blob_is(&r, c->key, c->key_len)) {
		if (r.short_read)
			damaged(c, "truncated header");
		goto miss;
	}
	st = (int)get_u32(&r);
	o = get_blob(&r, &n_out);
	e = get_blob(&r, &n_err);
	count = get_u64(&r);
	/* each record takes at least 62 bytes: the count cannot exceed what is left */
	if (r.short_read || count > (uint64_t)(r.end - r.p) / 62) {
		damaged(c, "truncated");
		goto miss;
	}
	nr = (size_t)count;
	v = xcalloc(nr ? nr : 1, sizeof(*v));
	for (i = 0; i < nr; i++) {
		const unsigned char *path;
		size_t n;

		v[i].kind = get_u8(&r);
		v[i].flags = get_u8(&r);
		v[i].err = (int)get_u32(&r);
		v[i].mode = get_u32(&r);
		v[i].ino = get_u64(&r);
		v[i].size = get_u64(&r);
		v[i].mtime = get_u64(&r);
		v[i].ctime = get_u64(&r);
		v[i].hash[0] = get_u64(&r);
		v[i].hash[1] = get_u64(&r);
		path = get_blob(&r, &n);
		if (r.short_read || !path || v[i].kind > INPUT_FILE || memchr(path, '\0', n)) {
			damaged(c, "bad record");
			nr = i;
			goto miss;
		}
		v[i].path = xstrndup((const char *)path, n);
	}
	if (r.p != r.end) {
		damaged(c, "trailing bytes");
		goto miss;
	}
	if (!inputs_check(v, nr, nr_threads, &refreshed))
		goto miss;
	strbuf_add(out, o, n_out);
	strbuf_add(err, e, n_err);
	*status = st;
	hit = true;
	/* its mtime says when it was last used: the budget removes the others first */
	utimensat(AT_FDCWD, c->file, NULL, 0);
	/* stats that changed with the same content (touch): kept, so the next run trusts them */
	if (refreshed) {
		struct strbuf sb = STRBUF_INIT;

		serialize(c, &sb, out, err, st, v, nr);
		write_file(c, &sb);
		strbuf_release(&sb);
	}
miss:
	inputs_free(v, nr);
	free(buf);
	if (!hit)
		inputs_start();
	return hit;
}

/* ---- keeping the folder within its budget ---- */

struct cache_entry {
	char *path;
	off_t size;
	struct timespec used;	/* mtime: set on each write and each replay */
};

static int older_first(const void *a, const void *b)
{
	const struct cache_entry *x = a, *y = b;

	if (x->used.tv_sec != y->used.tv_sec)
		return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
	if (x->used.tv_nsec != y->used.tv_nsec)
		return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* A name this cache writes: 40 hex digits and ".run", or that and ".tmp-XXXXXX". */
static bool cache_name(const char *name, bool *tmp)
{
	size_t i;

	for (i = 0; i < 40; i++)
		if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f')))
			return false;
	if (strncmp(name + 40, ".run", 4))
		return false;
	*tmp = name[44] != '\0';
	return !*tmp || (!strncmp(name + 44, ".tmp-", 5) && strlen(name + 49) == 6);
}

static uint64_t cache_budget(void)
{
	const char *env = getenv("ACQREL_CACHE_MB");
	char *end;
	unsigned long long mb;

	if (!env || !*env)
		return (uint64_t)CACHE_BUDGET_MB << 20;
	errno = 0;
	mb = strtoull(env, &end, 10);
	if (errno || *end || mb > (UINT64_MAX >> 20))
		return (uint64_t)CACHE_BUDGET_MB << 20;
	return (uint64_t)mb << 20;
}

/*
 * Removes the cache files used longest ago until the folder holds no more
 * than its budget, never keep (the file just written), and temporary files
 * that a run which died left behind. Only names this cache writes are
 * touched; the folder is the user's own, so a failure is no error.
 */
static void cache_prune(const char *keep)
{
	const char *slash = strrchr(keep, '/');
	struct cache_entry *v = NULL;
	size_t nr = 0, alloc = 0, i;
	uint64_t total = 0, budget = cache_budget();
	struct dirent *de;
	char *dir;
	DIR *d;

	if (!slash)
		return;
	dir = xstrndup(keep, (size_t)(slash - keep));
	if (!(d = opendir(dir))) {
		free(dir);
		return;
	}
	while ((de = readdir(d))) {
		struct stat st;
		bool tmp;
		char *path;

		if (!cache_name(de->d_name, &tmp))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		if (tmp) {
			if (time(NULL) - st.st_mtime > CACHE_STALE_TMP)
				unlink(path);
			free(path);
			continue;
		}
		total += (uint64_t)st.st_size;
		if (!strcmp(path, keep)) {
			free(path);
			continue;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].path = path;
		v[nr].size = st.st_size;
		v[nr].used = st.st_mtim;
		nr++;
	}
	closedir(d);
	free(dir);
	if (nr)
		qsort(v, nr, sizeof(*v), older_first);
	for (i = 0; i < nr; i++) {
		if (total > budget && unlink(v[i].path) == 0)
			total -= (uint64_t)v[i].size;
		free(v[i].path);
	}
	free(v);
}

void cache_store(struct cache *c, const struct strbuf *out, const struct strbuf *err, int status)
{
	struct strbuf sb = STRBUF_INIT;
	struct input *v;
	size_t nr;

	if (!c->file)
		return;
	if (!inputs_take(&v, &nr))
		return;
	/* a blob's length is 32 bits; a file that large is not read back anyway */
	if (out->len + err->len > CACHE_MAX_FILE) {
		inputs_free(v, nr);
		return;
	}
	serialize(c, &sb, out, err, status, v, nr);
	write_file(c, &sb);
	strbuf_release(&sb);
	inputs_free(v, nr);
	cache_prune(c->file);
}
