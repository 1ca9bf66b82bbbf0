// SPDX-License-Identifier: GPL-2.0
/* Synthetic fixture for acqrel: candidates that are constant (rule E). */

/* a table only initialised in its declaration: nothing stores its fields */
static struct demo_level {
	const char *name;
	const unsigned int width;
	int mode;
} demo_levels[] = {
	{ "low", 1, 0 },
	{ "high", 4, 2 },
};

/* a designated initialiser of another struct's field of that name is no store */
struct demo_ops {
	const char *name;
};

static struct demo_ops demo_ops = {
	.name = "demo",
};

/* one inside a #define may be used at run time: it counts */
#define DEMO_SET_INIT { .hint = 3 }

struct demo_set {
	int level;
	int hint;
	int gen;
	int vals[4];
	int *log;
	int nr_slots;
	int boot_mode;
	int ready;
	int posted;
	int data;
};

static struct demo_level *demo_level_of(int level)
{
	return &demo_levels[level & 1];
}

/* the load before smp_rmb() is of a table entry: not a subscribe load (keep) */
static int demo_show(struct demo_set *s, char *buf)
{
	struct demo_level *lv = demo_level_of(s->level);
	const char *name = lv->name;

	smp_rmb();
	return sprintf(buf, "%s %d", name, s->data);
}

/* a const field is no subscribe load either (keep) */
static int demo_width(struct demo_set *s)
{
	struct demo_level *lv = demo_level_of(s->level);
	unsigned int w = lv->width;

	smp_rmb();
	return w * s->data;
}

/* hint is stored through DEMO_SET_INIT: review */
static int demo_hint(struct demo_set *s)
{
	int h = s->hint;

	smp_rmb();
	return h + s->data;
}

/* gen is stored at run time: the reader has no writer, and stays review */
static void demo_bump(struct demo_set *s)
{
	s->gen++;
}

static int demo_gen(struct demo_set *s)
{
	int g = s->gen;

	smp_rmb();
	return g + s->data;
}

/* log points to memory set at run time; the pointer itself only here */
static struct demo_set *demo_set_create(void)
{
	struct demo_set *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (s) {
		s->log = kcalloc(4, sizeof(int), GFP_KERNEL);
		s->nr_slots = 4;
	}
	return s;
}

static void __init demo_set_boot(struct demo_set *s)
{
	s->boot_mode = 1;
}

/* nr_slots is set only right after the allocation, before publication (keep) */
static int demo_slots(struct demo_set *s)
{
	int n = s->nr_slots;

	smp_rmb();
	return n + s->data;
}

/* an __init store may publish to CPUs already running: review */
static int demo_boot_mode(struct demo_set *s)
{
	int m = s->boot_mode;

	smp_rmb();
	return m + s->data;
}

static void demo_log(struct demo_set *s, int i, int v)
{
	s->log[i] = v;
}

static void demo_publish(struct demo_set *s, int v)
{
	s->data = v;
	smp_wmb();
	WRITE_ONCE(s->ready, 1);
}

static void demo_post(struct demo_set *s, int v)
{
	s->data = v;
	smp_wmb();
	WRITE_ONCE(s->posted, 1);
}

static void demo_store_val(struct demo_set *s, int v, int i)
{
	s->data = v;
	smp_wmb();
	s->vals[i] = v;
}

/*
 * the table's mode is stored nowhere, and the pointer log only after its
 * allocation: no caveat
 */
static int demo_consume(struct demo_set *s, struct demo_level *lv)
{
	int m = lv->mode;
	int *log = s->log;

	if (!READ_ONCE(s->ready))
		return 0;
	smp_rmb();
	return m + s->data + (log != NULL);
}

/*
 * vals is stored through its elements at run time: a caveat (the writer
 * converts alone, and this reader keeps its smp_rmb())
 */
static int demo_consume_val(struct demo_set *s, int i)
{
	int v = s->vals[i];

	if (!READ_ONCE(s->posted))
		return 0;
	smp_rmb();
	return v + s->data;
}

/*
 * check-name: rule E: a field nothing stores (a table only initialised in its declaration), a const field, or one stored only right after its allocation is no subscribe load (keep), one stored in __init code may be and no caveat; a field stored at run time, also through its elements, is; stores through a pointer field are not stores of the pointer
 * check-command: acqrel pairs $file
 * check-output-start
constant-table.c:50: protocol lv->name (demo_level.name): keep
  reader constant-table.c:50: smp_rmb() in demo_show(); subscribe load at line 48
  evidence: object
  constant: demo_level.name is stored nowhere in constant-table.c, the file that defines its struct (no assignment, no address taken, at most designated initialisers of file-scope objects): it is set only where an object is initialised in its declaration, as an entry of a constant table is, so no load of it subscribes to a publication; the barrier orders other loads, and this protocol is not one
  ordering: 0 other accesses change ordering

constant-table.c:60: protocol lv->width (demo_level.width): keep
  reader constant-table.c:60: smp_rmb() in demo_width(); subscribe load at line 58
  evidence: object
  constant: lv->width is declared const (const unsigned int width): no code stores it after its initialiser, so no load of it subscribes to a publication; the barrier orders other loads, and this protocol is not one
  ordering: 0 other accesses change ordering

constant-table.c:69: protocol s->hint (demo_set.hint): review
  reader constant-table.c:69: smp_rmb() in demo_hint(); subscribe load at line 67
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to s->hint
  ordering: 0 other accesses change ordering

constant-table.c:83: protocol s->gen (demo_set.gen): review
  reader constant-table.c:83: smp_rmb() in demo_gen(); subscribe load at line 81
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to s->gen
  ordering: 0 other accesses change ordering

constant-table.c:109: protocol s->nr_slots (demo_set.nr_slots): keep
  reader constant-table.c:109: smp_rmb() in demo_slots(); subscribe load at line 107
  evidence: object
  constant: every store of demo_set.nr_slots in the files that see the struct (constant-table.c) is made through a pointer its function has just allocated, before the object is published: demo_set_create() at constant-table.c:94; no load of it subscribes to a publication, so the barrier orders other loads, and this protocol is not one
  ordering: 0 other accesses change ordering

constant-table.c:118: protocol s->boot_mode (demo_set.boot_mode): review
  reader constant-table.c:118: smp_rmb() in demo_boot_mode(); subscribe load at line 116
  evidence: object
  one-side: no writer found in the files given: no smp_wmb() is followed by a store to s->boot_mode
  ordering: 0 other accesses change ordering

constant-table.c:130: protocol s->ready (demo_set.ready): convert
  writer constant-table.c:130: smp_wmb() in demo_publish(); publish store at line 131
  reader constant-table.c:159: smp_rmb() in demo_consume(); subscribe load at line 157
  evidence: object, data
  adjacent: each barrier that goes orders s->ready and nothing another thread can see besides
  ordering: 2 other accesses change ordering; 0 can be seen by another thread
    load s->log (line 155) before smp_rmb() in demo_consume(): before publication: every store of demo_set.log in the files that see the struct (constant-table.c) is made before the object is published: demo_set_create() at constant-table.c:93 (just allocated)
    load lv->mode (line 154) before smp_rmb() in demo_consume(): before publication: demo_level.mode is stored nowhere in constant-table.c, the file that defines its struct: it is set only where an object is initialised in its declaration

constant-table.c:137: protocol s->posted (demo_set.posted): convert
  writer constant-table.c:137: smp_wmb() in demo_post(); publish store at line 138
  reader constant-table.c:173: smp_rmb() in demo_consume_val(); subscribe load at line 171
  evidence: object, data
  reader-stays: the readers keep smp_rmb(), which pairs with the release as it did with smp_wmb(): the loads of s->vals[i] (line 169) before smp_rmb() in demo_consume_val() can see other threads' stores: with an acquire on s->posted instead, they are no longer ordered before the loads after it
  adjacent: each barrier that goes orders s->posted and nothing another thread can see besides
  ordering: 0 other accesses change ordering

constant-table.c:144: protocol s->vals[i] (demo_set.vals): review
  writer constant-table.c:144: smp_wmb() in demo_store_val(); publish store at line 145
  evidence: object
  one-side: no reader found in the files given: no smp_rmb() follows a load of s->vals[i]; the writers alone would convert, but smp_wmb() in demo_store_val() orders what its callers store after the call too, and acqrel does not see them all
  ordering: 0 other accesses change ordering

 * check-output-end
 */
