/*
 * bugs.c: the ordering bugs a barrier review turns up. Each class is one
 * rule function in the table below; a rule looks at the sites and the
 * protocols of one run (no second pass over the tree) and adds findings.
 * Precision comes first: a rule says nothing unless the code shows it.
 */
#include "bugs.h"
#include "defs.h"
#include "key.h"
#include "lex.h"
#include "prims.h"
#include "strbuf.h"
#include "threads.h"
#include "types.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Most ends of each side that a finding names; the rest are counted. */
#define MAX_ENDS_NAMED 3

struct bugs_ctx {
	struct sites_run *run;
	const struct pair_result *pairs;
	struct types *t;	/* the pairs run's on the first thread (what it looked up serves
				   here too), the thread's own on the others (bugs_run()) */
	struct hashmap seen;	/* "class:file:offset" of each finding, so each is said once */
	struct hashmap keys;	/* base key of each protocol with a writer -> its index */
	struct hashmap rkeys;	/* base key of each protocol with a reader -> its index */
	struct bugs_result *out;
	struct defs *defs;	/* owned until merged: the thread's, answering first from the
				   pairs run's; the functions a plain reader is looked for in */
	struct hashmap walked;	/* file relative to the root -> index into run->walk.files */
	struct hashmap lexed;	/* file -> index into lex_v */
	struct lex_result *lex_v;	/* owned: the functions of each file searched */
	size_t nr_lex, alloc_lex;
	const struct walk_file **by_rel;	/* owned array: the walked files by rel, for folders */
	struct hashmap waits;	/* file -> whether it holds a wait_event*() */
};

static void rule_rcu_marked(struct bugs_ctx *c);
static void rule_double_read(struct bugs_ctx *c);
static void rule_misplaced_barrier(struct bugs_ctx *c);
static void rule_plain_reader(struct bugs_ctx *c);
static void rule_plain_publish(struct bugs_ctx *c);
static void rule_missing_release(struct bugs_ctx *c);
static void rule_wait_condition(struct bugs_ctx *c);

/*
 * The classes. by_default and confidence follow the precision measured on
 * linux-source-6.12 and 6.1 (docs/bugs.md): under 50%, only with --all.
 */
static const struct bug_rule {
	enum bug_class cls;
	const char *name;
	const char *severity;
	const char *confidence;
	bool by_default;
	void (*run)(struct bugs_ctx *c);
} rules[] = {
	{ BUG_RCU_MARKED, "rcu-marked", "low", "high", true, rule_rcu_marked },
	{ BUG_DOUBLE_READ, "double-read", "medium", "medium", true, rule_double_read },
	{ BUG_MISPLACED_BARRIER, "misplaced-barrier", "high", "medium", true,
	  rule_misplaced_barrier },
	/* one rule finds both: a plain reader, with or without ordered readers besides */
	{ BUG_MISSING_ACQUIRE, "missing-acquire", "high", "low", false, rule_plain_reader },
	{ BUG_UNPAIRED, "unpaired", "high", "medium", true, rule_plain_reader },
	{ BUG_PLAIN_PUBLISH, "plain-publish", "high", "medium", true, rule_plain_publish },
	{ BUG_MISSING_RELEASE, "missing-release", "high", "medium", true, rule_missing_release },
	{ BUG_WAIT_CONDITION, "wait-condition", "high", "medium", true, rule_wait_condition },
};

static const struct bug_rule *rule_of(enum bug_class c)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rules); i++)
		if (rules[i].cls == c)
			return &rules[i];
	return NULL;
}

const char *bugs_class_name(enum bug_class c)
{
	const struct bug_rule *r = rule_of(c);

	return r ? r->name : NULL;
}

const char *bugs_class_severity(enum bug_class c)
{
	const struct bug_rule *r = rule_of(c);

	return r ? r->severity : NULL;
}

const char *bugs_class_confidence(enum bug_class c)
{
	const struct bug_rule *r = rule_of(c);

	return r ? r->confidence : NULL;
}

bool bugs_class_by_default(enum bug_class c)
{
	const struct bug_rule *r = rule_of(c);

	return r && r->by_default;
}

/* The column (bytes, from 1) of offset off in file, from its text; 1 when unreadable. */
static unsigned column_of(struct bugs_ctx *c, const char *file, size_t off)
{
	const char *text = types_text(c->t, file);
	size_t i = off;

	if (!text || strlen(text) < off)
		return 1;
	while (i > 0 && text[i - 1] != '\n')
		i--;
	return (unsigned)(off - i + 1);
}

/* Appends "file:line fn()" for up to MAX_ENDS_NAMED ends of v, and how many more. */
static void describe_ends(struct strbuf *sb, const char *role, const struct pair_end *v, size_t n)
{
	size_t i;

	strbuf_addf(sb, "%s%s", role, n == 1 ? "" : "s");
	for (i = 0; i < n && i < MAX_ENDS_NAMED; i++)
		strbuf_addf(sb, "%s %s() in %s() at %s:%u", i ? "," : "", v[i].site->primitive,
			    site_where(v[i].site), v[i].file, v[i].site->line);
	if (n > MAX_ENDS_NAMED)
		strbuf_addf(sb, " and %zu more", n - MAX_ENDS_NAMED);
}

/* "writer ...; readers ..." of p (caller frees). */
static char *describe_protocol(const struct protocol *p)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s: ", p->variable);
	if (p->nr_writers)
		describe_ends(&sb, "writer", p->writers, p->nr_writers);
	else
		strbuf_adds(&sb, "no writer found");
	strbuf_adds(&sb, "; ");
	if (p->nr_readers)
		describe_ends(&sb, "reader", p->readers, p->nr_readers);
	else
		strbuf_adds(&sb, "no reader found");
	return strbuf_detach(&sb);
}

/* The protocol one of whose ends is site s (with access a when a is not NULL). */
static const struct protocol *protocol_of(const struct bugs_ctx *c, const struct site *s,
					  const struct access *a)
{
	size_t i, k;

	for (i = 0; i < c->pairs->nr; i++) {
		const struct protocol *p = &c->pairs->v[i];

		for (k = 0; k < p->nr_writers + p->nr_readers; k++) {
			const struct pair_end *e = k < p->nr_writers ? &p->writers[k] :
					&p->readers[k - p->nr_writers];

			if (e->site == s && (!a || e->access == a))
				return p;
		}
	}
	return NULL;
}

/*
 * Adds a finding, unless one of its class is already at file:off. Takes
 * ownership of the strings. Returns the finding, or NULL when it was there.
 */
static struct bug *add_bug(struct bugs_ctx *c, enum bug_class cls, const char *file, const char *path,
		    size_t off, unsigned line, char *message, char *protocol, char *evidence,
		    char *fix, bool mechanical)
{
	char *key = xasprintf("%d:%s:%zu", (int)cls, file, off);
	struct bug *b;

	if (hashmap_get(&c->seen, key) != (size_t)-1) {
		free(key);
		free(message);
		free(protocol);
		free(evidence);
		free(fix);
		return NULL;
	}
	hashmap_put(&c->seen, key, 1);
	free(key);
	ALLOC_GROW(c->out->v, c->out->nr + 1, c->out->alloc);
	b = &c->out->v[c->out->nr++];
	memset(b, 0, sizeof(*b));
	b->cls = cls;
	b->file = file;
	b->path = path;
	b->line = line;
	b->column = column_of(c, file, off);
	b->message = message;
	b->protocol = protocol;
	b->evidence = evidence;
	b->fix = fix;
	b->mechanical = mechanical;
	b->weak = false;
	b->blame_line = line;
	return b;
}

static void bug_release(struct bug *b)
{
	free(b->message);
	free(b->protocol);
	free(b->evidence);
	free(b->fix);
	free(b->fix_text);
	free(b->fix_note);
	free(b->fix_subject);
	free(b->fix_change);
	free(b->no_fix);
}

/* ---- fixes: each mechanical fix replaces whole lines of one file ---- */

/* The bytes [*start, *end) of the line that holds offset off ('\n' excluded). */
static void line_bounds(const char *text, size_t len, size_t off, size_t *start, size_t *end)
{
	size_t i = off;

	while (i > 0 && text[i - 1] != '\n')
		i--;
	*start = i;
	for (i = off; i < len && text[i] != '\n'; i++)
		;
	*end = i;
}

/* Whether file's text is kept in out (copied once when a fix first edits it). */
static void keep_file(struct bugs_ctx *c, const char *rel, const char *path, const char *text)
{
	struct bugs_result *r = c->out;

	if (bugs_file_of(r, rel))
		return;
	ALLOC_GROW(r->files, r->nr_files + 1, r->alloc_files);
	r->files[r->nr_files].rel = rel;
	r->files[r->nr_files].path = path;
	r->files[r->nr_files].text = xstrdup(text);
	r->files[r->nr_files].len = strlen(text);
	r->nr_files++;
}

const struct bugs_file *bugs_file_of(const struct bugs_result *r, const char *rel)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++)
		if (!strcmp(r->files[i].rel, rel))
			return &r->files[i];
	return NULL;
}

/* Records why b's class has a fix but b has no mechanical one; takes ownership of why. */
static void no_fix(struct bug *b, char *why)
{
	b->mechanical = false;
	free(b->no_fix);
	b->no_fix = why;
}

static size_t skip_blanks_back(const char *text, size_t i)
{
	while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
		i--;
	return i;
}

static size_t skip_blanks(const char *text, size_t i)
{
	while (text[i] == ' ' || text[i] == '\t')
		i++;
	return i;
}

/*
 * Appends "/" "* Pairs with PAIRS. *" "/" on a line of its own, indented as
 * text[start..indent_end) plus extra tabs, when pairs is not NULL and it fits
 * in 100 columns: checkpatch wants a comment at each barrier it sees added.
 */
static void pairs_comment(struct strbuf *sb, const char *text, size_t start, size_t indent_end,
			  unsigned extra, const char *pairs)
{
	size_t at = sb->len;
	unsigned i;

	if (!pairs)
		return;
	strbuf_add(sb, text + start, indent_end - start);
	for (i = 0; i < extra; i++)
		strbuf_addch(sb, '\t');
	strbuf_addf(sb, "/* Pairs with %s. */", pairs);
	if (text_columns(sb->buf + at, sb->len - at) > 100) {
		sb->len = at;
		sb->buf[at] = '\0';
		return;
	}
	strbuf_addch(sb, '\n');
}

/*
 * The fix of b that replaces bytes [from, to) of line (1-based) with with
 * (owned), after a comment naming what it pairs with (when pairs is not
 * NULL): refused when the line would pass 100 columns. Takes ownership of
 * subject and change.
 */
/* How many statement lines a note may be lifted over to the start of its statement. */
#define MAX_LIFT 8

/*
 * The start of the line that begins the statement line start is part of:
 * start itself unless the code line above it does not end a statement
 * (";", "{", "}", ":", a preprocessor line), as in a call's arguments
 * spread over lines; at most MAX_LIFT lines up. *up gets the lines.
 */
static size_t statement_head(const char *text, size_t start, unsigned *up)
{
	size_t head = start;

	for (*up = 0; *up < MAX_LIFT && head > 0; ) {
		size_t e = head - 1, b;	/* the '\n' ending the line above */

		while (e > 0 && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r'))
			e--;
		for (b = e; b > 0 && text[b - 1] != '\n'; b--)
			;
		b = skip_blanks(text, b);
		/* a blank line, a comment's end, a directive, or the end of a statement */
		if (e <= b || text[b] == '#' || text[b] == '*' || text[b] == '/' ||
		    strchr(";{}:", text[e - 1]))
			break;
		while (b > 0 && text[b - 1] != '\n')
			b--;
		head = b;
		(*up)++;
	}
	return *up < MAX_LIFT ? head : start;
}

static void fix_span(struct bugs_ctx *c, struct bug *b, unsigned line, size_t from, size_t to,
		     char *with, const char *pairs, char *subject, char *change)
{
	const char *text = types_text(c->t, b->file);
	size_t len = strlen(text), start, end, code, head;
	struct strbuf sb = STRBUF_INIT;
	unsigned up;

	line_bounds(text, len, from, &start, &end);
	/* the note goes above the statement, never between a call's arguments */
	head = statement_head(text, start, &up);
	if (head == start)
		up = 0;
	pairs_comment(&sb, text, head, skip_blanks(text, head), 0, pairs);
	if (up) {
		/* an edit of its own above the statement's first line */
		b->fix_note = sb.len ? strbuf_detach(&sb) : NULL;
		b->fix_note_line = line - 1 - up;
		strbuf_release(&sb);
	}
	code = sb.len;
	strbuf_add(&sb, text + start, from - start);
	strbuf_adds(&sb, with);
	strbuf_add(&sb, text + to, end - to);
	free(with);
	if (text_columns(sb.buf + code, sb.len - code) > 100) {
		strbuf_release(&sb);
		free(subject);
		free(change);
		free(b->fix_note);
		b->fix_note = NULL;
		no_fix(b, xstrdup("the rewritten line would pass 100 columns"));
		return;
	}
	strbuf_addch(&sb, '\n');
	b->fix_first = line - 1;
	b->fix_nr_old = 1;
	b->fix_text = strbuf_detach(&sb);
	b->fix_subject = subject;
	b->fix_change = change;
	b->mechanical = true;
	keep_file(c, b->file, b->path, text);
}

/*
 * The start of "name(" (and of "name(&" when amp) that ends right before
 * offset off of text, or (size_t)-1.
 */
static size_t call_start(const char *text, size_t off, const char *name, bool amp)
{
	size_t i = skip_blanks_back(text, off), n = strlen(name);

	if (amp) {
		if (i == 0 || text[i - 1] != '&')
			return (size_t)-1;
		i = skip_blanks_back(text, i - 1);
	}
	if (i == 0 || text[i - 1] != '(')
		return (size_t)-1;
	i = skip_blanks_back(text, i - 1);
	if (i < n || memcmp(text + i - n, name, n) || (i > n && is_c_ident_char(text[i - n - 1])))
		return (size_t)-1;
	return i - n;
}

/* The offset of the ')' that closes the call whose argument starts at off, on its line. */
static size_t call_end(const char *text, size_t off)
{
	int depth = 1;
	size_t i;

	for (i = off; text[i] && text[i] != '\n'; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && --depth == 0)
			return i;
	}
	return (size_t)-1;
}

/* The member a path names last: "tx_rings" of "np->tx_rings". */
static const char *last_member(const char *path)
{
	const char *dot = strrchr(path, '.'), *arrow = strrchr(path, '>');
	const char *m = dot > arrow ? dot : arrow;

	return m ? m + 1 : path;
}

/* Whether the access a of b's file is written in the text exactly as its path. */
static bool written_as_path(struct bugs_ctx *c, const struct bug *b, const struct access *a)
{
	const char *text = types_text(c->t, b->file);
	size_t n = strlen(a->path);

	return text && strlen(text) >= a->off + n && !memcmp(text + a->off, a->path, n) &&
	       !is_c_ident_char(text[a->off + n]) && !strchr(a->path, '\n');
}

/*
 * missing-acquire and unpaired: the flag's load (plain or READ_ONCE())
 * becomes smp_load_acquire(&flag), which orders it before the data loads.
 */
static void fix_acquire_load(struct bugs_ctx *c, struct bug *b, const struct access *flag,
			     const char *fn, const char *data, const struct pair_end *w)
{
	const char *text = types_text(c->t, b->file);
	size_t n = strlen(flag->path), from, to, after;
	char *decl = NULL, *pairs;
	enum field_kind kind;

	if (!written_as_path(c, b, flag)) {
		no_fix(b, xasprintf("the load of %s is not written as that path", flag->path));
		return;
	}
	kind = types_access_kind(c->t, b->file, flag, &decl);
	free(decl);
	if (kind != FIELD_SCALAR && kind != FIELD_POINTER) {
		no_fix(b, xasprintf("%s is %s, and smp_load_acquire() takes only a scalar or pointer of native word size",
				    flag->path, kind == FIELD_UNKNOWN ? "of a type acqrel cannot see" :
				    kind == FIELD_WIDE ? "wider than a word on 32-bit architectures" :
				    kind == FIELD_BITFIELD ? "a bitfield" : "no scalar"));
		return;
	}
	if (!flag->via) {
		char before = flag->off ? text[flag->off - 1] : ' ';

		after = skip_blanks(text, flag->off + n);
		/* the whole access, and a load: not a base (p->q of p->q->x), not an address */
		if (is_c_ident_char(before) || strchr(".>&", before) || strchr("([.", text[after]) ||
		    (text[after] == '-' && text[after + 1] == '>') ||
		    (text[after] == '=' && text[after + 1] != '=')) {
			no_fix(b, xasprintf("the load of %s is part of a larger expression", flag->path));
			return;
		}
		from = flag->off;
		to = flag->off + n;
	} else if (!strcmp(flag->via, "READ_ONCE")) {
		from = call_start(text, flag->off, "READ_ONCE", false);
		after = skip_blanks(text, flag->off + n);
		if (from == (size_t)-1 || text[after] != ')') {
			no_fix(b, xasprintf("READ_ONCE() of %s is not written as READ_ONCE(%s)",
					    flag->path, flag->path));
			return;
		}
		to = after + 1;
	} else {
		no_fix(b, xasprintf("%s is loaded with %s(), which has no acquire form to swap in",
				    flag->path, flag->via));
		return;
	}
	pairs = xasprintf("%s() in %s()", w->site->primitive, site_where(w->site));
	fix_span(c, b, flag->line, from, to, xasprintf("smp_load_acquire(&%s)", flag->path), pairs,
		 xasprintf("load %s with smp_load_acquire() in %s()", last_member(flag->path), fn),
		 xasprintf("Load %s with smp_load_acquire() in %s(): the acquire orders it before every load after it, %s included, which is what the writer's smp_wmb() expects of its readers.",
			   flag->path, fn, data));
	free(pairs);
}

/*
 * The wait-condition fix where the wait spans several lines: an acquire in
 * its condition would need its Pairs-with note between the call's
 * arguments for checkpatch to see it, so "smp_rmb();" goes on a line of its
 * own right after the wait's statement (which ends at the first ';' after
 * its call's closing parenthesis close), with the note above it. The read
 * barrier orders the condition's last load of the flag before the data.
 */
/* Whether the line of offset off continues a statement begun on a line above it. */
static bool wait_spans_lines(const char *text, size_t off)
{
	size_t start, end;
	unsigned up;

	line_bounds(text, strlen(text), off, &start, &end);
	return statement_head(text, start, &up) != start;
}

static void fix_rmb_after_wait(struct bugs_ctx *c, struct bug *b, const struct access *flag,
			       size_t close, const char *fn, const char *data,
			       const struct pair_end *w)
{
	const char *text = types_text(c->t, b->file);
	size_t len = strlen(text), semi = skip_blanks(text, close + 1), start, end, head, code, rest;
	struct strbuf sb = STRBUF_INIT;
	char *pairs;
	unsigned line = flag->line, up, i;

	rest = semi < len ? skip_blanks(text, semi + 1) : len;
	if (semi >= len || text[semi] != ';' || (rest < len && text[rest] != '\n' && text[rest] != '\r')) {
		no_fix(b, xasprintf("the wait in %s() is not a statement of its own ending its line", fn));
		return;
	}
	for (i = flag->off; i < semi; i++)
		line += text[i] == '\n';
	line_bounds(text, len, semi, &start, &end);
	head = statement_head(text, start, &up);
	code = skip_blanks(text, head);
	pairs = xasprintf("%s() in %s()", w->site->primitive, site_where(w->site));
	pairs_comment(&sb, text, head, code, 0, pairs);
	free(pairs);
	if (!sb.len) {
		strbuf_release(&sb);
		no_fix(b, xstrdup("the note above smp_rmb() would pass 100 columns"));
		return;
	}
	strbuf_add(&sb, text + head, code - head);
	strbuf_adds(&sb, "smp_rmb();\n");
	b->fix_first = line;
	b->fix_nr_old = 0;
	b->fix_text = strbuf_detach(&sb);
	b->fix_subject = xasprintf("add smp_rmb() after the wait for %s in %s()",
				   last_member(flag->path), fn);
	b->fix_change = xasprintf("Add smp_rmb() after the wait in %s(): it orders the wait condition's last load of %s before every load after it, %s included, which is what the writer's smp_wmb() expects of its readers.",
				  fn, flag->path, data);
	b->mechanical = true;
	keep_file(c, b->file, b->path, text);
}

/*
 * rcu-marked: smp_store_release(&p, v) and WRITE_ONCE(p, v) of an __rcu
 * pointer become rcu_assign_pointer(p, v), a release that keeps the
 * address space. A load has no mechanical fix: which rcu_dereference*()
 * fits depends on what the reader holds.
 */
static void fix_rcu_store(struct bugs_ctx *c, struct bug *b, const struct access *a)
{
	const char *text = types_text(c->t, b->file);
	bool release = !strcmp(a->via, "smp_store_release");
	size_t n = strlen(a->path), from, close;

	if (!a->is_write) {
		no_fix(b, xstrdup("which rcu_dereference*() fits depends on the locks and the RCU read side this reader holds"));
		return;
	}
	from = written_as_path(c, b, a) ? call_start(text, a->off, a->via, release) : (size_t)-1;
	close = from == (size_t)-1 ? from : call_end(text, a->off + n);
	if (close == (size_t)-1 || text[skip_blanks(text, a->off + n)] != ',') {
		no_fix(b, xasprintf("%s() of %s is not written on one line as %s(%s%s, v)", a->via,
				    a->path, a->via, release ? "&" : "", a->path));
		return;
	}
	fix_span(c, b, a->line, from, close + 1,
		 xasprintf("rcu_assign_pointer(%s%.*s)", a->path,
			   (int)(close - a->off - n), text + a->off + n), NULL,
		 xasprintf("use rcu_assign_pointer() for __rcu %s", last_member(a->path)),
		 xasprintf("Store %s with rcu_assign_pointer() instead of %s(): it is %s, and it keeps the __rcu address space, so sparse stays quiet.",
			   a->path, a->via, release ? "the same release" :
			   "a release, which also orders the initialisation of what the pointer points to before the pointer, as RCU readers expect"));
}

/* plain-publish: "p->f = v;" becomes "rcu_assign_pointer(p->f, v);". */
static void fix_plain_publish(struct bugs_ctx *c, struct bug *b, const struct access *st,
			      bool rcu)
{
	const char *text = types_text(c->t, b->file);
	size_t n = strlen(st->path), len = strlen(text), start, end, eq, semi, v0, v1;

	line_bounds(text, len, st->off, &start, &end);
	eq = written_as_path(c, b, st) ? skip_blanks(text, st->off + n) : (size_t)-1;
	if (eq == (size_t)-1 || skip_blanks(text, start) != st->off || text[eq] != '=' ||
	    text[eq + 1] == '=') {
		no_fix(b, xasprintf("the store is not written as \"%s = %s;\" on a line of its own",
				    st->path, st->value));
		return;
	}
	v0 = skip_blanks(text, eq + 1);
	for (semi = v0; semi < end && text[semi] != ';'; semi++)
		;
	for (v1 = semi; v1 > v0 && (text[v1 - 1] == ' ' || text[v1 - 1] == '\t'); v1--)
		;
	if (semi >= end || skip_blanks(text, semi + 1) != end || v1 == v0) {
		no_fix(b, xasprintf("the store is not written as \"%s = %s;\" on a line of its own",
				    st->path, st->value));
		return;
	}
	fix_span(c, b, st->line, st->off, semi,
		 xasprintf("rcu_assign_pointer(%s, %.*s)", st->path, (int)(v1 - v0), text + v0), NULL,
		 xasprintf("publish %s with rcu_assign_pointer()", last_member(st->path)),
		 xasprintf("Store %s with rcu_assign_pointer(), whose release orders the initialisation of the object before the pointer that RCU readers follow.%s",
			   st->path, rcu ? "" :
			   " The field is not declared __rcu: sparse wants __rcu on its declaration (and rcu_dereference*() at every reader) to stay quiet, which this patch leaves to the author."));
}

/* Whether text's line [start, end) is blank. */
static bool blank_line(const char *text, size_t start, size_t end)
{
	return skip_blanks(text, start) >= end;
}

/*
 * Whether the line [start, end) is only "smp_xmb();" (the barrier at off)
 * and the line before it is no comment that would stay behind.
 */
static bool barrier_alone(const char *text, size_t start, size_t end, const char *prim,
			  size_t off)
{
	size_t n = strlen(prim), i, p;

	if (skip_blanks(text, start) != off || strncmp(text + off, prim, n))
		return false;
	i = skip_blanks(text, off + n);
	if (text[i] != '(')
		return false;
	i = skip_blanks(text, i + 1);
	if (text[i] != ')')
		return false;
	i = skip_blanks(text, i + 1);
	if (text[i] != ';' || skip_blanks(text, i + 1) != end)
		return false;
	if (start < 3)
		return true;
	for (p = start - 1; p > 0 && text[p - 1] != '\n'; p--)
		;
	i = skip_blanks(text, p);
	return strncmp(text + i, "//", 2) && !(text[start - 2] == '/' && text[start - 3] == '*');
}

/*
 * misplaced-barrier: the barrier moves next to the flag's access. A wmb
 * right after the flag's store ("x = v;" or a call on one line) goes before
 * it; an rmb right before the flag's load goes after the load's line when
 * that line is a statement ("v = READ_ONCE(x);") or opens an if block ("if
 * (READ_ONCE(x)) {"), whose first statement it becomes. Never when the
 * data's access shares the flag's line ("return READ_ONCE(x) ? d : 0;"),
 * which no move of whole lines can put the barrier between.
 */
static void fix_move_barrier(struct bugs_ctx *c, struct bug *b, const struct site *s,
			     const struct access *flag, const struct access *data, bool wmb,
			     const struct pair_end *other)
{
	const char *text = types_text(c->t, b->file);
	size_t len = strlen(text), bs, be, fs, fe, i, last;
	struct strbuf sb = STRBUF_INIT;
	const char *why = NULL;
	char *pairs;
	bool opens = false;

	line_bounds(text, len, s->off, &bs, &be);
	line_bounds(text, len, flag->off, &fs, &fe);
	for (last = fe; last > fs && (text[last - 1] == ' ' || text[last - 1] == '\t'); last--)
		;
	if (!barrier_alone(text, bs, be, s->primitive, s->off))
		why = "the barrier does not stand alone on its line after code";
	else if (wmb ? fs > bs : fs < bs)
		why = "the flag's access is on the barrier's side";
	else if (wmb ? data->line >= flag->line : data->line <= flag->line)
		why = "the data's access shares the flag's line";
	if (!why) {
		/* only blank lines between the two */
		for (i = wmb ? fe + 1 : be + 1; i < (wmb ? bs : fs); i++) {
			size_t ls, le;

			line_bounds(text, len, i, &ls, &le);
			if (!blank_line(text, ls, le))
				why = "other code lies between the barrier and the flag's access";
			i = le;
		}
	}
	if (!why && last > fs) {
		size_t first = skip_blanks(text, fs);

		opens = !wmb && text[last - 1] == '{' && !strncmp(text + first, "if", 2) &&
			!is_c_ident_char(text[first + 2]);
		if (!wmb && text[last - 1] == ')')
			why = "the flag's load is the condition of a statement without braces";
		else if (text[last - 1] != ';' && !opens)
			why = "the flag's access is not a statement of one line";
		else if (wmb && text[skip_blanks(text, fs)] == '}')
			why = "the flag's access is not a statement of one line";
		/* it starts a statement: the line before ends one, or opens a block */
		if (!why && fs > 0) {
			size_t ps, pe, q;

			line_bounds(text, len, fs - 1, &ps, &pe);
			for (q = pe; q > ps && (text[q - 1] == ' ' || text[q - 1] == '\t'); q--)
				;
			if (q > ps && !strchr(";{}/", text[q - 1]))
				why = "the flag's access is not a statement of one line";
		}
	} else if (!why) {
		why = "the flag's access is not a statement of one line";
	}
	if (why) {
		no_fix(b, xstrdup(why));
		return;
	}
	pairs = xasprintf("%s() in %s()", other->site->primitive, site_where(other->site));
	if (wmb) {
		pairs_comment(&sb, text, bs, s->off, 0, pairs);
		strbuf_add(&sb, text + bs, be - bs + 1);
		strbuf_add(&sb, text + fs, bs - fs);
	} else {
		strbuf_add(&sb, text + be + 1, fe + 1 - (be + 1));
		pairs_comment(&sb, text, bs, s->off, opens, pairs);
		if (opens)
			strbuf_addch(&sb, '\t');
		strbuf_add(&sb, text + bs, be - bs + 1);
	}
	free(pairs);
	b->fix_first = (wmb ? flag->line : s->line) - 1;
	b->fix_nr_old = (wmb ? s->line : flag->line) - b->fix_first;
	b->fix_text = strbuf_detach(&sb);
	b->mechanical = true;
	b->fix_subject = xasprintf("move smp_%cmb() %s the %s of %s", wmb ? 'w' : 'r',
				   wmb ? "before" : "after", wmb ? "store" : "load",
				   last_member(flag->path));
	b->fix_change = wmb ?
		xasprintf("Move the smp_wmb() before the store to %s, so that it orders the data stores before the store that publishes them.",
			  flag->path) :
		xasprintf("Move the smp_rmb() after the load of %s, so that it orders that load before the data loads that depend on what it saw.",
			  flag->path);
	keep_file(c, b->file, b->path, text);
}

/* A store of a null pointer constant, which sparse takes into any address space. */
static bool stores_null(const struct access *a)
{
	return a->value && (!strcmp(a->value, "NULL") || !strcmp(a->value, "0") ||
			    !strcmp(a->value, "(void *)0"));
}

/* ---- rcu-marked ---- */

/*
 * What replaces a marked access of an __rcu pointer: the RCU form that
 * orders as much, and whether it is a mechanical rewrite.
 */
static char *rcu_fix(const struct access *a, bool *mechanical)
{
	const char *via = a->via;

	*mechanical = true;
	if (!strcmp(via, "smp_store_release"))
		return xasprintf("rcu_assign_pointer(%s, %s), which is smp_store_release() with the address space kept",
				 a->path, a->value ? a->value : "...");
	if (!strcmp(via, "WRITE_ONCE"))
		return xasprintf("rcu_assign_pointer(%s, %s) (RCU_INIT_POINTER() when readers need no ordering of what it points to)",
				 a->path, a->value ? a->value : "...");
	*mechanical = false;
	if (!strcmp(via, "smp_load_acquire"))
		return xasprintf("rcu_dereference*() when only loads through the pointer need ordering, else unrcu_pointer(smp_load_acquire(&%s)), which keeps the acquire",
				 a->path);
	return xasprintf("rcu_dereference() under rcu_read_lock(), rcu_dereference_protected() under the update-side lock, or rcu_access_pointer() when the value is only tested");
}

static bool rcu_checked_via(const char *via)
{
	return via && (!strcmp(via, "smp_load_acquire") || !strcmp(via, "smp_store_release") ||
		       !strcmp(via, "READ_ONCE") || !strcmp(via, "WRITE_ONCE"));
}

/*
 * Whether the value of the call whose name starts at offset off of file
 * goes to a variable or out of the function: "x = call(...)", "type *x =
 * call(...)", "return call(...)".
 */
static bool value_kept(struct bugs_ctx *c, const char *file, size_t off)
{
	const char *text = types_text(c->t, file);
	size_t i = off;

	if (!text || strlen(text) < off)
		return false;
	while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n'))
		i--;
	if (i >= 6 && !memcmp(text + i - 6, "return", 6) && (i == 6 || !is_c_ident_char(text[i - 7])))
		return true;
	return i >= 2 && text[i - 1] == '=' && !strchr("=!<>+-*/%&|^", text[i - 2]);
}

static void rcu_marked_list(struct bugs_ctx *c, const struct site *s, const struct access_list *l,
			    const char *file, const char *path)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];
		const struct protocol *p;
		struct bug *b;
		char *decl = NULL;
		bool mechanical;
		char *fix;

		if (!rcu_checked_via(a->via))
			continue;
		/* a null store, or a load only tested, keeps sparse quiet */
		if (a->is_write ? stores_null(a) :
		    !a->assigned_to && !(l == &s->operand && value_kept(c, file, s->off)))
			continue;
		/* a member the struct names through a #define (sk_state) is no declaration to trust */
		if (types_access_kind(c->t, file, a, &decl) != FIELD_RCU || !decl ||
		    strchr(decl, '#') || !strstr(decl, "__rcu")) {
			free(decl);
			continue;
		}
		p = protocol_of(c, s, a);
		fix = rcu_fix(a, &mechanical);
		b = add_bug(c, BUG_RCU_MARKED, file, path, a->off, a->line,
			xasprintf("%s() on %s, which is declared __rcu: a sparse address-space error",
				  a->via, a->path),
			p ? describe_protocol(p) : NULL,
			a->is_write ?
			xasprintf("%s is declared %s, and %s() stores %s into it without the __rcu cast",
				  a->path, decl, a->via, a->value ? a->value : "a value") :
			xasprintf("%s is declared %s, and %s() hands the pointer it loads to %s%s, without __rcu",
				  a->path, decl, a->via, a->assigned_to ? "local " : "an assignment or return",
				  a->assigned_to ? a->assigned_to : ""),
			fix, mechanical);
		if (b)
			fix_rcu_store(c, b, a);
		free(decl);
	}
}

static void rule_rcu_marked(struct bugs_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->run->walk.nr; i++) {
		const struct file_sites *fs = &c->run->files[i];
		const char *file = c->run->walk.files[i].rel, *path = c->run->walk.files[i].path;

		for (k = 0; k < fs->nr; k++) {
			const struct site *s = &fs->v[k];

			rcu_marked_list(c, s, &s->operand, file, path);
			rcu_marked_list(c, s, &s->window_before, file, path);
			rcu_marked_list(c, s, &s->window_after, file, path);
		}
	}
}

/* ---- double-read ---- */

/* Whether a lock is held at offset off of the function whose lock operations are l. */
static bool under_lock(const struct lock_list *l, size_t off)
{
	size_t from = 0;

	return lock_held(l, off, &from) != NULL;
}

/* Most bytes scanned for the end of a call's arguments. */
#define MAX_CALL_SCAN 65536

/* Whether offset at of file lies inside the parentheses of the call that starts at off. */
static bool call_encloses(struct bugs_ctx *c, const char *file, size_t off, size_t at)
{
	const char *text = types_text(c->t, file);
	size_t len = text ? strlen(text) : 0, i, end = off + MAX_CALL_SCAN;
	int depth = 0;

	if (end > len)
		end = len;
	for (i = off; i < end && i <= at; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && --depth == 0)
			return false;
	}
	return depth > 0 && i > at;
}

/* A call that only prints or asserts: what it loads is a diagnostic, not a use. */
static bool diagnostic_call(const char *name)
{
	static const char *const prefixes[] = {
		"pr_", "dev_", "netdev_", "trace", "printk", "WARN", "BUG", "_enter", "_leave",
		"_debug", "_net", "_proto", "kenter", "kleave", "kdebug", "seq_printf",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	static const char *const infixes[] = {
		"dbg", "debug", "print", "_alert", "_warn", "_err", "_info", "_notice", "_crit",
		"_emerg",
	};

	for (i = 0; i < ARRAY_SIZE(infixes); i++)
		if (strstr(name, infixes[i]))
			return true;
	return false;
}

/*
 * Whether the line of offset at in file compares with local (== or !=): a
 * seqcount-style retry loads the variable again on purpose, to compare.
 */
static bool compares_with(struct bugs_ctx *c, const char *file, size_t at, const char *local)
{
	const char *text = types_text(c->t, file), *start, *end, *w;
	size_t n = strlen(local);

	if (!text || strlen(text) < at)
		return false;
	for (start = text + at; start > text && start[-1] != '\n'; start--)
		;
	end = strchr(text + at, '\n');
	if (!end)
		end = text + strlen(text);
	for (w = start; w + n <= end; w++) {
		if (memcmp(w, local, n) || (w > start && is_c_ident_char(w[-1])) ||
		    is_c_ident_char(w[n]))
			continue;
		for (w = start; w + 1 < end; w++)
			if ((w[0] == '=' || w[0] == '!') && w[1] == '=')
				return true;
		return false;
	}
	return false;
}

/*
 * Whether the load at offset at of file must not be reported: a call
 * between from and at may wait for, store or only print the variable (a
 * call whose arguments hold the load runs after it, and uses it unless it
 * only prints it).
 */
static bool call_excuses(struct bugs_ctx *c, const struct call_list *calls, const char *file,
			 size_t from, size_t at)
{
	size_t i;

	for (i = 0; i < calls->nr; i++) {
		const struct call_ref *k = &calls->v[i];

		if (k->off <= from || k->off >= at)
			continue;
		if (!call_encloses(c, file, k->off, at) || diagnostic_call(k->name))
			return true;
	}
	return false;
}

/* Whether l stores, between offsets from and to, a base of path (p->q of p->q->x): another object. */
static bool base_stored(const struct access_list *l, const char *path, size_t from, size_t to)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		const struct access *w = &l->v[i];
		size_t n = strlen(w->path);

		if (w->is_write && w->off > from && w->off < to && !strncmp(path, w->path, n) &&
		    (path[n] == '.' || (path[n] == '-' && path[n + 1] == '>')))
			return true;
	}
	return false;
}

/*
 * A reader that loads the variable marked (READ_ONCE(), an acquire) into a
 * local and orders the data after it, then loads the variable again with a
 * plain load after its barrier: the second load may see a newer value than
 * the one the barrier ordered the data after (and the compiler may tear or
 * refetch it). Not when the reader stores the variable itself, nor under a
 * lock, which may be what keeps it stable.
 */
static void double_read_end(struct bugs_ctx *c, const struct protocol *p, const struct pair_end *e)
{
	const struct access *first = e->access;
	const struct access_list *l = &e->site->window_after;
	size_t i;

	if (e->caller || e->helper || !first->marked || !first->via ||
	    (strcmp(first->via, "READ_ONCE") && strcmp(first->via, "smp_load_acquire")))
		return;
	if (touches(&e->site->window_before, e->file, p->key, true))
		return;
	for (i = 0; i < l->nr; i++) {
		const struct access *a = &l->v[i];

		if (!access_is(a, e->file, p->key))
			continue;
		if (a->is_write)
			return;	/* the reader's own store: what it loads next is its own */
		if (a->marked || a->off <= first->off || under_lock(&e->site->locks, a->off))
			continue;
		/* a call between may wait for, store or only print the variable; a new base is another object */
		if (strcmp(a->path, first->path) ||
		    (first->assigned_to && compares_with(c, e->file, a->off, first->assigned_to)) ||
		    call_excuses(c, &e->site->calls_after, e->file, first->off, a->off) ||
		    base_stored(l, a->path, first->off, a->off))
			continue;
		/* loaded into the same local again: a new value replaces the checked one */
		if (a->assigned_to && first->assigned_to && !strcmp(a->assigned_to, first->assigned_to))
			continue;
		add_bug(c, BUG_DOUBLE_READ, e->file, e->path, a->off, a->line,
			xasprintf("%s is loaded again with a plain load after %s() loaded it%s%s (line %u) and %s%sordered the data after that first load",
				  a->path, first->via, first->assigned_to ? " into " : "",
				  first->assigned_to ? first->assigned_to : "", first->line,
				  strcmp(e->site->primitive, first->via) ? e->site->primitive : "",
				  strcmp(e->site->primitive, first->via) ? "() " : ""),
			describe_protocol(p),
			xasprintf("%s() in %s() publishes %s concurrently; the second load may see a newer value than the one checked, and a plain load may be torn or refetched",
				  p->writers[0].site->primitive, site_where(p->writers[0].site),
				  p->variable),
			first->assigned_to ?
			xasprintf("use %s, the value already loaded, instead of loading %s again",
				  first->assigned_to, a->path) :
			xasprintf("load %s once into a local with %s() and use that value after the barrier",
				  a->path, first->via),
			false);
		return;
	}
}

static void rule_double_read(struct bugs_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->pairs->nr; i++) {
		const struct protocol *p = &c->pairs->v[i];

		if (!p->nr_writers || protocol_has_reason(p, "unanchored") ||
		    p->verdict == VERDICT_REDUNDANT)
			continue;
		for (k = 0; k < p->nr_readers; k++)
			double_read_end(c, p, &p->readers[k]);
	}
}

/* ---- misplaced-barrier ---- */

/* The protocol of map (keys or rkeys) for the variable of a (in file), or NULL. */
static const struct protocol *protocol_in(struct bugs_ctx *c, const struct hashmap *map,
					  const struct access *a, const char *file)
{
	unsigned ev;
	char *key = key_of(a, file, &ev), *base;
	size_t k;

	if (!key)
		return NULL;
	base = base_key(key);
	k = hashmap_get(map, base);
	free(base);
	free(key);
	return k == (size_t)-1 ? NULL : &c->pairs->v[k];
}

/*
 * The first end of p, among its writers (writers) or its readers, whose
 * barrier orders the data a (of file) names: a writer's smp_wmb() that has
 * a store of it before, a reader's smp_rmb() that has a load of it after.
 * A writer's wmb() counts too: it orders the CPU's stores as smp_wmb()
 * does (and a device's view besides), and a reader whose smp_rmb() loads
 * the data shows that CPUs read it. dma_wmb() orders only what a device
 * sees.
 */
static const struct pair_end *data_end(const struct protocol *p, const struct access *a,
				       const char *file, bool writers)
{
	unsigned ev;
	char *key = key_of(a, file, &ev);
	const struct pair_end *v = writers ? p->writers : p->readers, *found = NULL;
	size_t i, n = writers ? p->nr_writers : p->nr_readers;

	if (!key)
		return NULL;
	for (i = 0; i < n && !found; i++)
		if (!v[i].caller &&
		    (prim_role(v[i].site->primitive) == (writers ? PRIM_ROLE_WMB : PRIM_ROLE_RMB) ||
		     (writers && !strcmp(v[i].site->primitive, "wmb"))) &&
		    touches(writers ? &v[i].site->window_before : &v[i].site->window_after, v[i].file,
			    key, writers))
			found = &v[i];
	free(key);
	return found;
}

/*
 * An smp_wmb() with nothing stored after it (in its function or its
 * callers) whose nearest store before it is a variable readers subscribe
 * to, after a store of data those readers load after their smp_rmb(): the
 * barrier comes after the flag's store instead of before it, and orders
 * nothing of the protocol.
 */
static void misplaced_wmb(struct bugs_ctx *c, const struct unpaired *u)
{
	const struct site *s = u->site;
	const struct access_list *l = &s->window_before;
	const struct access *flag = l->nr ? &l->v[0] : NULL;
	const struct protocol *p;
	size_t m;

	if (strcmp(u->code, "no-access-after") && strcmp(u->code, "no-store-after"))
		return;
	if (s->nr_callers || s->unknown_callers || !s->function || s->window_call_after ||
	    !flag || !flag->is_write || !(p = protocol_in(c, &c->rkeys, flag, u->file)))
		return;
	for (m = 1; m < l->nr; m++) {
		const struct access *data = &l->v[m];
		const struct pair_end *r;
		struct bug *b;

		if (!data->is_write || !(r = data_end(p, data, u->file, false)))
			continue;
		b = add_bug(c, BUG_MISPLACED_BARRIER, u->file, u->path, s->off, s->line,
			xasprintf("smp_wmb() comes after the store to %s (line %u) instead of between the store to %s (line %u) and it",
				  flag->path, flag->line, data->path, data->line),
			describe_protocol(p),
			xasprintf("smp_rmb() in %s() loads %s and then %s; here nothing orders the store to %s before the store to %s, and nothing is stored after the smp_wmb()",
				  site_where(r->site), p->variable, data->path, data->path,
				  flag->path),
			xasprintf("store %s with smp_store_release(), or move the smp_wmb() before its store",
				  flag->path),
			false);
		if (b)
			fix_move_barrier(c, b, s, flag, data, true, r);
		return;
	}
}

/*
 * The loads after smp_rmb() s (in file, opened as path): a load of a
 * variable a protocol's writer publishes after its smp_wmb(), then a load of
 * data that writer stores before its barrier: the barrier orders nothing
 * between them, and the data load may be satisfied before the flag load.
 * before says what comes before the barrier instead.
 */
static void misplaced_rmb(struct bugs_ctx *c, const struct site *s, const char *file,
			  const char *path, const char *before)
{
	const struct access_list *l = &s->window_after;
	size_t k, m;

	for (k = 0; k < l->nr; k++) {
		const struct access *flag = &l->v[k];
		const struct protocol *p;

		if (flag->is_write)
			return;	/* a store first: not the flag-then-data shape */
		if (!(p = protocol_in(c, &c->keys, flag, file)))
			continue;
		/* an acquire orders the flag load itself */
		if (flag->via && strstr(flag->via, "acquire"))
			return;
		for (m = k + 1; m < l->nr; m++) {
			const struct access *data = &l->v[m];
			const struct pair_end *w;
			struct bug *b;

			if (data->is_write || !(w = data_end(p, data, file, true)))
				continue;
			b = add_bug(c, BUG_MISPLACED_BARRIER, file, path, s->off, s->line,
				xasprintf("smp_rmb() comes before the load of %s (line %u) instead of between it and the load of %s (line %u)",
					  flag->path, flag->line, data->path, data->line),
				describe_protocol(p),
				xasprintf("%s() in %s() stores %s before its %s() and %s after it; here nothing orders the load of %s after the load of %s, and %s",
					  w->site->primitive, site_where(w->site), data->path,
					  w->site->primitive, p->variable, data->path, flag->path,
					  before),
				xasprintf("load %s with smp_load_acquire(), or move the smp_rmb() after its load",
					  flag->path),
				false);
			if (b)
				fix_move_barrier(c, b, s, flag, data, false, w);
			return;
		}
		return;
	}
}

/*
 * An smp_rmb() with no shared access before it (nor calls of its function
 * that load one), or only loads of variables no writer publishes (pairs
 * made a barrier-before-load protocol of it), followed by a flag load and
 * then a data load of a protocol: misplaced_rmb().
 */
static void rule_misplaced_barrier(struct bugs_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->pairs->nr_u; i++) {
		const struct unpaired *u = &c->pairs->u[i];
		const struct site *s = u->site;

		if (prim_role(s->primitive) == PRIM_ROLE_WMB)
			misplaced_wmb(c, u);
		if (prim_role(s->primitive) != PRIM_ROLE_RMB || strcmp(u->code, "no-access-before") ||
		    s->nr_callers || s->unknown_callers || !s->function)
			continue;
		misplaced_rmb(c, s, u->file, u->path, "no shared access precedes the smp_rmb()");
	}
	for (i = 0; i < c->pairs->nr; i++) {
		const struct protocol *p = &c->pairs->v[i];

		if (!protocol_has_reason(p, "barrier-before-load"))
			continue;
		for (k = 0; k < p->nr_readers; k++) {
			char *before = xasprintf("what is loaded before the smp_rmb(), %s, no writer publishes",
						 p->variable);

			misplaced_rmb(c, p->readers[k].site, p->readers[k].file, p->readers[k].path,
				      before);
			free(before);
		}
	}
}

/* ---- missing-acquire and unpaired: a plain reader ---- */

/* Most data variables of one protocol looked for in a plain reader. */
#define MAX_DATA_KEYS 16

/* The functions of file rel, lexed once. NULL when the file cannot be read. */
static const struct lex_result *lexed(struct bugs_ctx *c, const char *rel)
{
	size_t k = hashmap_get(&c->lexed, rel);
	const char *text;

	if (k != (size_t)-1)
		return &c->lex_v[k];
	if (!(text = types_text(c->t, rel)))
		return NULL;
	ALLOC_GROW(c->lex_v, c->nr_lex + 1, c->alloc_lex);
	memset(&c->lex_v[c->nr_lex], 0, sizeof(c->lex_v[c->nr_lex]));
	lex_scan(text, strlen(text), &c->lex_v[c->nr_lex]);
	hashmap_put(&c->lexed, rel, c->nr_lex);
	return &c->lex_v[c->nr_lex++];
}

/* Whether text[start..end) names field as a member: "->field" or ".field". */
static bool mentions_member(const char *text, size_t start, size_t end, const char *field)
{
	size_t n = strlen(field);
	const char *p = text + start, *e = text + end;

	while (p < e && (p = memmem(p, (size_t)(e - p), field, n))) {
		if (p > text + start && !is_c_ident_char(p[n]) &&
		    (p[-1] == '.' || (p[-1] == '>' && p - 1 > text + start && p[-2] == '-')))
			return true;
		p += n;
	}
	return false;
}

/* Whether name is the function of one of p's ends (or of a caller an end's access is in). */
static bool end_function(const struct protocol *p, const char *name)
{
	size_t k;

	for (k = 0; k < p->nr_writers + p->nr_readers; k++) {
		const struct pair_end *e = k < p->nr_writers ? &p->writers[k] :
				&p->readers[k - p->nr_writers];

		if ((e->site->function && !strcmp(e->site->function, name)) ||
		    (e->caller && !strcmp(e->caller->function, name)) ||
		    (e->helper && !strcmp(e->helper->name, name)))
			return true;
	}
	return false;
}

/*
 * Whether local (an identifier) is used in file between offsets from and
 * to: a pointer or index taken from the flag that the data's address may
 * depend on (sb = x->blocks[i]; st = &sb->state[j]; st->valid).
 */
static bool used_between(struct bugs_ctx *c, const char *file, const char *local, size_t from,
			 size_t to)
{
	const char *text = types_text(c->t, file), *p;
	size_t n = strlen(local);

	if (!text || strlen(text) < to)
		return true;
	/* past the flag's own statement: "local = x->flag;" names it first */
	for (p = text + from; p < text + to && *p != ';'; p++)
		;
	for (; p + n <= text + to && (p = memmem(p, (size_t)(text + to - p), local, n)); p += n) {
		const char *q = p + n;

		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(*q))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		/* an address computed from it: local->f, local[i], local + i, &local */
		if ((q[0] == '-' && q[1] == '>') || q[0] == '[' || q[0] == '.' ||
		    (q[0] == '+' && q[1] != '+' && q[1] != '=') || (p > text && unary_amp(text, p - 1)))
			return true;
	}
	return false;
}

/* Whether the protocol has a reader end with a barrier or an acquire of its own. */
static bool ordered_reader(const struct protocol *p)
{
	size_t k;

	for (k = 0; k < p->nr_readers; k++)
		if (!p->readers[k].caller)
			return true;
	return false;
}

/* Whether objects a and b ("struct.field") are fields of one struct. */
static bool same_struct(const char *a, const char *b)
{
	const char *da = a ? strchr(a, '.') : NULL, *db = b ? strchr(b, '.') : NULL;

	return da && db && da - a == db - b && !memcmp(a, b, (size_t)(da - a));
}

/*
 * The argument number that offset off of text lies in, of the first of
 * calls named one of names[0..nn) whose arguments hold it; -1 when none.
 */
static int call_arg_at(const char *text, const struct call_list *calls, size_t off,
		       const char *const *names, size_t nn)
{
	size_t i, k, at;
	int depth, arg;

	for (i = 0; text && i < calls->nr; i++) {
		const struct call_ref *c = &calls->v[i];

		for (k = 0; k < nn && strcmp(c->name, names[k]); k++)
			;
		if (k == nn || c->off >= off)
			continue;
		at = c->off + strlen(c->name);
		while (text[at] == ' ' || text[at] == '\t')
			at++;
		if (text[at] != '(' || off <= at)
			continue;
		for (k = at + 1, depth = 0, arg = 0; text[k] && k < off; k++) {
			if (text[k] == '(' || text[k] == '[')
				depth++;
			else if ((text[k] == ')' || text[k] == ']') && depth)
				depth--;
			else if (!depth && text[k] == ',')
				arg++;
			else if (!depth && (text[k] == ')' || text[k] == ';'))
				break;
		}
		if (k == off)
			return arg;
	}
	return -1;
}

/*
 * Whether offset off of text lies in an argument a copy reads from
 * (memcpy(dst, x->buf + off, n), copy_to_user(to, x->buf, n)): a load of
 * the field stands for the reads of the buffer it points to.
 */
static bool copied_from(const char *text, const struct call_list *calls, size_t off)
{
	static const char *const copies[] = {
		"memcpy", "memmove", "copy_to_user", "__copy_to_user", "copy_to_user_nofault",
	};

	return call_arg_at(text, calls, off, copies, ARRAY_SIZE(copies)) > 0;
}

/*
 * Whether offset off of text lies in the first argument of one of calls
 * that fills memory through it (memcpy(x->buf + off, src, n)): the buffer
 * the field points to is written, and a reader's memcpy() from it (which
 * loads the field for its address) reads it.
 */
static bool in_fill_destination(const char *text, const struct call_list *calls, size_t off)
{
	static const char *const fills[] = { "memcpy", "memmove", "memset" };

	return call_arg_at(text, calls, off, fills, ARRAY_SIZE(fills)) == 0;
}

/*
 * The data of p: the keys of what its smp_wmb() writers store before their
 * barrier, from visible types, and of the buffers they fill through a
 * field (memcpy(x->buf + off, ...)). A barrier at the end of a callee
 * whose callers store the variable counts only its stores into the
 * variable's own struct (kfifo_copy_in()'s fifo->data for __kfifo_in()'s
 * fifo->in): what else it stores may be another object's, as a maple
 * node's parent is for the caller's own ma_state. Returns how many went to
 * keys (caller frees each).
 */
static size_t data_keys(struct bugs_ctx *c, const struct protocol *p, char **keys,
			const struct pair_end **from, const char **fields, bool *fill)
{
	size_t n = 0, i, k;

	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *w = &p->writers[i];
		const struct access_list *l = &w->site->window_before;
		const char *text = NULL;

		if (prim_role(w->site->primitive) != PRIM_ROLE_WMB)
			continue;
		for (k = 0; k < l->nr && n < MAX_DATA_KEYS; k++) {
			unsigned ev;
			char *key;

			if (!l->v[k].is_write && !text)
				text = types_text(c->t, w->file);
			if ((!l->v[k].is_write &&
			     !in_fill_destination(text, &w->site->calls_before, l->v[k].off)) ||
			    !(key = key_of(&l->v[k], w->file, &ev)))
				continue;
			if (!(ev & EV_OBJECT) || same_variable(key, p->key) ||
			    (w->caller && !same_struct(l->v[k].object, p->object))) {
				free(key);
				continue;
			}
			from[n] = w;
			fill[n] = !l->v[k].is_write;
			/* the field's name, for a cheap look at a function's text first */
			fields[n] = l->v[k].object && strrchr(l->v[k].object, '.') ?
				    strrchr(l->v[k].object, '.') + 1 : NULL;
			keys[n++] = key;
		}
	}
	return n;
}

/*
 * ---- why a plain reader cannot race ----
 *
 * The classes of visible.h, decided for a whole reader function rather
 * than for one access next to a barrier: the reader holds the writers'
 * lock (locked), or the object it reads is still on a caller's stack
 * (private, not published yet). Each is one rule, below.
 */

/* How many callers up a rule follows a static function. */
#define MAX_CALLER_DEPTH 4

/* The lexed function of file named name, or NULL. */
static const struct lex_context *function_ctx(struct bugs_ctx *c, const char *file, const char *name)
{
	const struct lex_result *lr = lexed(c, file);
	size_t m;

	for (m = 0; lr && m < lr->nr_ctxs; m++)
		if (lr->ctxs[m].kind == LEX_FUNCTION && lr->ctxs[m].name &&
		    !strcmp(lr->ctxs[m].name, name))
			return &lr->ctxs[m];
	return NULL;
}

/*
 * Whether every use of name in text is a call or a declaration (followed
 * by '('): its address is never taken, so its callers are the calls.
 */
static bool only_called(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p, *q;

	for (p = strstr(text, name); p; p = strstr(p + n, name)) {
		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(p[n]))
			continue;
		for (q = p + n; *q == ' ' || *q == '\t' || *q == '\n'; q++)
			;
		if (*q != '(')
			return false;
	}
	return true;
}

/* The static, parsed function name of file, never called through a pointer; or NULL. */
static const struct func_summary *static_function(struct bugs_ctx *c, const char *file,
						  const char *name)
{
	const struct func_summary *f = defs_function(c->defs, file, name);
	const char *text = types_text(c->t, file);

	if (!f || !f->parsed || !f->is_static || strcmp(f->file, file) || !text ||
	    !only_called(text, name))
		return NULL;
	return f;
}

/*
 * Where the statement at text[off] is followed, in its own block, by a
 * return or a goto (the offset of that keyword), or 0: an unlock there is
 * on a path that leaves, and does not release the lock for the code after
 * its block; a store there never reaches a barrier after the block.
 */
static size_t leave_at(const char *text, size_t off)
{
	const char *p = text + off;
	int depth = 0;

	for (; *p; p++) {
		if (*p == '{') {
			depth++;
		} else if (*p == '}') {
			if (--depth < 0)
				return 0;
		} else if (!depth && (p == text || !is_c_ident_char(p[-1])) &&
			   ((!strncmp(p, "return", 6) && !is_c_ident_char(p[6])) ||
			    (!strncmp(p, "goto", 4) && !is_c_ident_char(p[4])))) {
			return (size_t)(p - text);
		}
	}
	return 0;
}

/*
 * Whether lock list l holds, at off, a lock whose key (from file) is key:
 * taken before off in a scope that reaches it, with no unlock between but
 * on a path that leaves the function (lock_held() counts those too).
 */
static bool holds_key(struct bugs_ctx *c, const struct lock_list *l, size_t off, const char *file,
		      const char *key)
{
	const char *text = NULL;
	size_t i, j;

	for (i = 0; i < l->nr; i++) {
		const struct lock_event *e = &l->v[i];
		unsigned ev;
		char *k;
		bool same, released = false;

		if (e->op == LOCK_RELEASE || e->scope_start > off ||
		    (e->op == LOCK_ACQUIRE && off >= e->scope_end))
			continue;
		k = key_of(&e->lock, file, &ev);
		same = k && same_variable(k, key) && (ev & (EV_OBJECT | EV_GLOBAL));
		free(k);
		if (!same)
			continue;
		for (j = 0; j < l->nr && !released && e->op == LOCK_ACQUIRE; j++) {
			const struct lock_event *r = &l->v[j];

			if (r->op != LOCK_RELEASE || r->scope_start <= e->scope_start ||
			    r->scope_start >= off || strcmp(r->lock.path, e->lock.path))
				continue;
			if (!text && !(text = types_text(c->t, file)))
				released = true;
			else
				released = !leave_at(text, r->scope_start);
		}
		if (!released)
			return true;
	}
	return false;
}

/*
 * The next call of fname in another function of file, from position
 * (*m, *k) (start at 0, 0): sets *caller and *off, and moves past it.
 */
static bool next_call(struct bugs_ctx *c, const char *file, const char *fname, size_t *m,
		      size_t *k, const char **caller, size_t *off)
{
	const struct lex_result *lr = lexed(c, file);

	for (; lr && *m < lr->nr_ctxs; (*m)++, *k = 0) {
		const struct lex_context *x = &lr->ctxs[*m];
		const struct func_summary *g;

		if (x->kind != LEX_FUNCTION || !x->name || !strcmp(x->name, fname) ||
		    !(g = defs_function(c->defs, file, x->name)) || strcmp(g->file, file))
			continue;
		for (; *k < g->calls.nr; (*k)++)
			if (!strcmp(g->calls.v[*k].name, fname)) {
				*caller = x->name;
				*off = g->calls.v[(*k)++].off;
				return true;
			}
	}
	return false;
}

/*
 * Whether function fname of file holds the lock of key at off: there, or
 * (a static function, up to MAX_CALLER_DEPTH callers up) at every call of
 * it in its file, of which there is at least one.
 */
static bool held_at(struct bugs_ctx *c, const char *file, const char *fname, size_t off,
		    const char *key, unsigned depth)
{
	const struct func_summary *f = defs_function(c->defs, file, fname);
	const char *caller;
	size_t m = 0, k = 0, at, n = 0;

	if (!f || !f->parsed || strcmp(f->file, file))
		return false;
	if (holds_key(c, &f->locks, off, file, key))
		return true;
	if (depth >= MAX_CALLER_DEPTH || !static_function(c, file, fname))
		return false;
	for (; next_call(c, file, fname, &m, &k, &caller, &at); n++)
		if (!held_at(c, file, caller, at, key, depth + 1))
			return false;
	return n > 0;
}

/*
 * The key of a lock fname holds at off: one it takes itself, or else one
 * its first caller holds at the call, up the callers. Caller frees.
 */
static char *some_lock(struct bugs_ctx *c, const char *file, const char *fname, size_t off,
		       unsigned depth)
{
	const struct func_summary *f = defs_function(c->defs, file, fname);
	const struct lock_event *h;
	const char *caller;
	size_t from = 0, m = 0, k = 0, at;
	unsigned ev;

	if (!f || !f->parsed || strcmp(f->file, file))
		return NULL;
	while ((h = lock_held(&f->locks, off, &from))) {
		char *key = key_of(&h->lock, file, &ev);

		if (key && (ev & (EV_OBJECT | EV_GLOBAL)))
			return key;
		free(key);
	}
	if (depth >= MAX_CALLER_DEPTH || !static_function(c, file, fname) ||
	    !next_call(c, file, fname, &m, &k, &caller, &at))
		return NULL;
	return some_lock(c, file, caller, at, depth + 1);
}

/*
 * Rule locked: the reader holds, at its load (itself or through every
 * caller), a lock that every writer of p holds at its barrier too: the
 * lock orders what the barriers would. Returns the evidence, or NULL.
 */
static char *reader_locked(struct bugs_ctx *c, const struct protocol *p, const char *file,
			   const char *name, const struct access *flag)
{
	char *key = some_lock(c, file, name, flag->off, 0), *out = NULL;
	size_t i;

	if (!key || !held_at(c, file, name, flag->off, key, 0)) {
		free(key);
		return NULL;
	}
	for (i = 0; i < p->nr_writers; i++) {
		const struct pair_end *w = &p->writers[i];
		const char *wfile = w->caller ? caller_file(w->caller, w->file) : w->file;
		const char *wfn = w->caller ? w->caller->function : w->site->function;
		size_t at = w->caller ? w->caller->off : w->site->off;

		if (!wfn || !held_at(c, wfile, wfn, at, key, 0))
			break;
	}
	if (i == p->nr_writers)
		out = xasprintf("%s() holds %s where it loads %s (itself or in every caller), and every writer holds it at its barrier",
				name, key, flag->path);
	free(key);
	return out;
}

/* Skips blanks and newlines from p. */
static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/*
 * The argument (or parameter) number i of the list that opens at text[open]
 * == '(': its first and one-past-last bytes, trimmed. False when there is none.
 */
static bool nth_arg(const char *text, size_t open, unsigned i, size_t *s, size_t *e)
{
	size_t k = open + 1, start = k;
	unsigned n = 0;
	int depth = 0;

	for (; text[k]; k++) {
		char ch = text[k];

		if (ch == '(' || ch == '[' || ch == '{') {
			depth++;
		} else if ((ch == ')' || ch == ']' || ch == '}') && depth) {
			depth--;
		} else if (!depth && (ch == ',' || ch == ')')) {
			if (n++ == i) {
				*s = (size_t)(skip_space(text + start) - text);
				*e = k;
				while (*e > *s && (text[*e - 1] == ' ' || text[*e - 1] == '\t' ||
						   text[*e - 1] == '\n'))
					(*e)--;
				return *e > *s;
			}
			if (ch == ')')
				return false;
			start = k + 1;
		}
	}
	return false;
}

/* The offset of the '(' after name at or after text[from], before to; 0 when none. */
static size_t open_after(const char *text, size_t from, size_t to, const char *name)
{
	size_t n = strlen(name);
	const char *p, *q;

	for (p = strstr(text + from, name); p && p < text + to; p = strstr(p + n, name)) {
		if ((p > text && is_c_ident_char(p[-1])) || is_c_ident_char(p[n]))
			continue;
		q = skip_space(p + n);
		if (*q == '(')
			return (size_t)(q - text);
	}
	return 0;
}

/* The number of the parameter of function x (of text) named base, or -1. */
static int param_index(const char *text, const struct lex_context *x, const char *base)
{
	size_t open = open_after(text, x->start, x->end, x->name), s, e, n = strlen(base);
	unsigned i;

	for (i = 0; open && i < 32 && nth_arg(text, open, i, &s, &e); i++)
		if (e - s > n && !memcmp(text + e - n, base, n) && !is_c_ident_char(text[e - n - 1]))
			return (int)i;
	return -1;
}

/*
 * Whether text[from, to) declares ident as a local object (not a pointer,
 * not static): "struct foo ident;", "struct foo ident = {...}".
 */
static bool declares_local(const char *text, size_t from, size_t to, const char *ident)
{
	size_t n = strlen(ident);
	const char *p, *q, *b, *line;

	for (p = strstr(text + from, ident); p && p < text + to; p = strstr(p + n, ident)) {
		if (is_c_ident_char(p[-1]) || is_c_ident_char(p[n]))
			continue;
		q = skip_space(p + n);
		for (b = p; b > text + from && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		if ((*q != ';' && *q != '=' && *q != '[') || !is_c_ident_char(b[-1]) || b == p)
			continue;
		for (line = b; line > text + from && line[-1] != '\n' && line[-1] != ';' &&
			       line[-1] != '{'; line--)
			;
		line = skip_space(line);
		if (!strncmp(line, "static ", 7) || !strncmp(line, "return", 6) ||
		    !strncmp(line, "goto", 4))
			continue;
		return true;
	}
	return false;
}

/*
 * Whether parameter number i of static function fname (of file) is, at
 * every call of it in its file (at least one), the address of an object
 * on the caller's stack, or the caller's own such parameter.
 */
static bool param_on_stack(struct bugs_ctx *c, const char *file, const char *fname, int i,
			   unsigned depth)
{
	const char *text = types_text(c->t, file);
	const struct lex_result *lr;
	size_t m, k, n = 0;

	if (i < 0 || depth >= MAX_CALLER_DEPTH || !text || !static_function(c, file, fname) ||
	    !(lr = lexed(c, file)))
		return false;
	for (m = 0; m < lr->nr_ctxs; m++) {
		const struct lex_context *x = &lr->ctxs[m];
		const char *body;
		size_t from;

		if (x->kind != LEX_FUNCTION || !x->name || !strcmp(x->name, fname) ||
		    !(body = memchr(text + x->start, '{', x->end - x->start)))
			continue;
		for (from = (size_t)(body - text); (k = open_after(text, from, x->end, fname));
		     from = k + 1) {
			size_t s, e;
			char *arg;
			bool ok;

			n++;
			if (!nth_arg(text, k, (unsigned)i, &s, &e))
				return false;
			arg = xstrndup(text + s, e - s);
			if (arg[0] == '&' && key_is_ident(skip_space(arg + 1)))
				ok = declares_local(text, (size_t)(body - text), k, skip_space(arg + 1));
			else
				ok = key_is_ident(arg) &&
				     param_on_stack(c, file, x->name, param_index(text, x, arg), depth + 1);
			free(arg);
			if (!ok)
				return false;
		}
	}
	return n > 0;
}

/*
 * Rule private: the flag's base is a parameter of the reader that every
 * caller passes the address of an object on its own stack: the object is
 * still being built and no other thread can see it. Returns the
 * evidence, or NULL.
 */
static char *reader_private(struct bugs_ctx *c, const char *file, const char *name,
			    const struct access *flag)
{
	const struct lex_context *x = function_ctx(c, file, name);
	const char *text = types_text(c->t, file);
	size_t n = 0;
	char *base;
	bool ok;

	while (is_c_ident_char(flag->path[n]))
		n++;
	if (!x || !text || !n || !(flag->path[n] == '-' || flag->path[n] == '.'))
		return NULL;
	base = xstrndup(flag->path, n);
	ok = param_on_stack(c, file, name, param_index(text, x, base), 0);
	free(base);
	if (!ok)
		return NULL;
	return xasprintf("every caller of %s() passes an object on its own stack as %.*s: not published to other threads",
			 name, (int)n, flag->path);
}

/* Why the plain reader name() of file cannot race with p's writers, or NULL (caller frees). */
static char *reader_cannot_race(struct bugs_ctx *c, const struct protocol *p, const char *file,
				const char *name, const struct access *flag)
{
	char *why = reader_locked(c, p, file, name, flag);

	return why ? why : reader_private(c, file, name, flag);
}

/*
 * A wait that tests a condition: wait_event*(), swait_event*(),
 * wait_var_event*(). The _lock_irq forms test it under a lock, which the
 * locked rules decide like any other.
 */
static bool condition_wait(const char *name)
{
	return strstr(name, "wait_event") || strstr(name, "wait_var_event");
}

/*
 * ---- bug rule 2: the loads of a static helper, made where it is called ----
 *
 * A reader often tests the flag in an accessor and loads the data in a
 * helper, both static functions of its file: ftgmac100's "while
 * (ftgmac100_tx_buf_cleanable(priv) && ftgmac100_tx_complete_packet(priv))"
 * loads tx_pointer in the one and the descriptor and the skb in the other,
 * with nothing between. A helper's first loads (before any call of its own
 * but a value computation, or in that call's arguments) count as loads its
 * caller makes at the call;
 * a flag only in an accessor that returns bool and calls nothing (no index
 * can depend on it, and nothing in it orders the load).
 */

/* Most loads of one helper taken as its caller's. */
#define MAX_HELPER_LOADS 16

/* Calls that compute a value from their arguments and order nothing. */
static bool value_call(const char *name)
{
	static const char *const names[] = {
		"likely", "unlikely", "min", "max", "min_t", "max_t", "clamp", "clamp_t",
		"ARRAY_SIZE", "offsetof", "container_of", "list_entry", "BIT", "BIT_ULL",
		"lower_32_bits", "upper_32_bits", "le16_to_cpu", "le32_to_cpu", "le64_to_cpu",
		"be16_to_cpu", "be32_to_cpu", "be64_to_cpu", "cpu_to_le16", "cpu_to_le32",
		"cpu_to_le64", "cpu_to_be16", "cpu_to_be32", "cpu_to_be64", "FIELD_GET",
		"FIELD_PREP", "GENMASK", "GENMASK_ULL", "DIV_ROUND_UP", "ALIGN", "round_up",
		"round_down", "sizeof", "typeof", "READ_ONCE",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* A load of a reader function: its own, or one a static helper makes for it. */
struct reader_load {
	const struct access *a;
	size_t at;		/* where the reader makes it: a->off, or past the helper call */
	size_t call;		/* the helper call's offset, or (size_t)-1 */
	const char *helper;	/* the helper's name, or NULL */
	const struct func_summary *fn;	/* the function that makes it: the reader or the helper */
	bool accessor;		/* the helper returns bool and calls nothing */
};

struct reader_loads {
	struct reader_load *v;
	size_t nr, alloc;
};

/* The static helper of file that f calls as name, or NULL. */
static const struct func_summary *load_helper(struct bugs_ctx *c, const char *file,
					      const struct func_summary *f, const char *name)
{
	const struct func_summary *g;

	if (!key_is_ident(name) || value_call(name) || prim_quiet_call(name))
		return NULL;
	g = defs_function(c->defs, file, name);
	if (!g || g == f || !g->parsed || !g->is_static || g->is_init || strcmp(g->file, file))
		return NULL;
	return g;
}

/* The offset of g's first call that is no value computation, or SIZE_MAX. */
static size_t first_call(const struct func_summary *g)
{
	size_t k;

	for (k = 0; k < g->calls.nr; k++)
		if (!value_call(g->calls.v[k].name))
			return g->calls.v[k].off;
	return SIZE_MAX;
}

/* Whether function name of file is declared to return bool. */
static bool returns_bool(struct bugs_ctx *c, const char *file, const char *name)
{
	const struct lex_context *x = function_ctx(c, file, name);
	const char *text = types_text(c->t, file), *p;

	if (!x || !text)
		return false;
	for (p = text + x->start; p + 4 <= text + x->end && *p != '(' && *p != '{'; p++)
		if (!memcmp(p, "bool", 4) && (p == text || !is_c_ident_char(p[-1])) &&
		    !is_c_ident_char(p[4]))
			return true;
	return false;
}

static size_t close_paren(const char *text, size_t open);

/* The loads of f (of file), with the first loads of the static helpers it calls, in order. */
static void reader_loads_of(struct bugs_ctx *c, const char *file, const struct func_summary *f,
			    struct reader_loads *out)
{
	const char *text = types_text(c->t, file);
	size_t i = 0, k = 0, m;

	while (i < f->accesses.nr || k < f->calls.nr) {
		const struct call_ref *call = k < f->calls.nr ? &f->calls.v[k] : NULL;
		const struct func_summary *g;
		struct reader_load *l;

		if (i < f->accesses.nr && (!call || f->accesses.v[i].off < call->off)) {
			if (!f->accesses.v[i].is_write) {
				ALLOC_GROW(out->v, out->nr + 1, out->alloc);
				l = &out->v[out->nr++];
				memset(l, 0, sizeof(*l));
				l->a = &f->accesses.v[i];
				l->at = l->a->off;
				l->call = (size_t)-1;
				l->fn = f;
			}
			i++;
			continue;
		}
		k++;
		if (!text || !(g = load_helper(c, file, f, call->name))) {
			continue;
		} else {
			const char *open = strchr(text + call->off, '(');
			size_t end = open ? close_paren(text, (size_t)(open - text)) : (size_t)-1;
			size_t stop = first_call(g), n = 0;
			bool accessor = stop == SIZE_MAX && returns_bool(c, file, call->name);
			const char *gopen = stop == SIZE_MAX ? NULL : strchr(text + stop, '(');

			/* that call's arguments are loaded before it runs */
			if (gopen && close_paren(text, (size_t)(gopen - text)) != (size_t)-1)
				stop = close_paren(text, (size_t)(gopen - text));

			if (end == (size_t)-1)
				continue;
			for (m = 0; m < g->accesses.nr && n < MAX_HELPER_LOADS; m++) {
				if (g->accesses.v[m].is_write || g->accesses.v[m].off >= stop)
					continue;
				ALLOC_GROW(out->v, out->nr + 1, out->alloc);
				l = &out->v[out->nr++];
				l->a = &g->accesses.v[m];
				l->at = end;
				l->call = call->off;
				l->helper = call->name;
				l->fn = g;
				l->accessor = accessor;
				n++;
			}
		}
	}
	/* in the order the reader makes them: a helper's after its call's arguments */
	for (i = 1; i < out->nr; i++) {
		struct reader_load l = out->v[i];

		for (m = i; m > 0 && out->v[m - 1].at > l.at; m--)
			out->v[m] = out->v[m - 1];
		out->v[m] = l;
	}
}

/*
 * In function f (of file), a load of p's variable followed by a load of
 * one of its data (keys[0..n)), with no call, lock, store of the variable,
 * acquire or dependency that could order them: the reader relies on the
 * protocol without its smp_rmb(). Either load may be a static helper's
 * (bug rule 2, above).
 */
static void plain_reader_in(struct bugs_ctx *c, const struct protocol *p, const char *file,
			    const char *path, const struct func_summary *f, const char *name,
			    char *const *keys, const struct pair_end *const *writers,
			    const bool *fill, size_t n)
{
	struct reader_loads loads = { NULL, 0, 0 };
	const struct reader_load *flag = NULL;
	struct access at_call;
	struct bug *b;
	char *why;
	size_t i, k, from = 0;

	if (!f->parsed || f->is_init)
		return;
	for (i = 0; i < f->accesses.nr; i++) {
		const struct access *a = &f->accesses.v[i];

		/* its own store, or an ordered load: not a plain reader */
		if (access_is(a, file, p->key) &&
		    (a->is_write || (a->via && (strstr(a->via, "acquire") || prim_fully_ordered(a->via)))))
			return;
	}
	reader_loads_of(c, file, f, &loads);
	/* what one of p's ends loads is that end's own (its writer's value, its reader's order) */
	for (i = k = 0; i < loads.nr; i++)
		if (!loads.v[i].helper || !end_function(p, loads.v[i].helper))
			loads.v[k++] = loads.v[i];
	loads.nr = k;
	for (i = 0; i < loads.nr && !flag; i++) {
		const struct access *a = loads.v[i].a;

		if (!access_is(a, file, p->key))
			continue;
		if (loads.v[i].helper && (!loads.v[i].accessor || (a->via &&
		    (strstr(a->via, "acquire") || prim_fully_ordered(a->via)))))
			goto out;
		flag = &loads.v[i];
	}
	if (!flag || lock_held(&f->locks, flag->at, &from))
		goto out;
	/*
	 * a flag only printed is a diagnostic, not a use; one tested in a
	 * wait's condition is wait-condition's
	 */
	for (k = 0; k < f->calls.nr; k++)
		if (f->calls.v[k].off < flag->at && (diagnostic_call(f->calls.v[k].name) ||
						      condition_wait(f->calls.v[k].name)) &&
		    call_encloses(c, file, f->calls.v[k].off, flag->at))
			goto out;
	/* a fence before the flag's load: misplaced-barrier's finding, or ordered otherwise */
	for (k = 0; k < f->calls.nr; k++)
		if (f->calls.v[k].off < flag->at &&
		    prim_classify(f->calls.v[k].name, strlen(f->calls.v[k].name)) == PRIM_FENCE)
			goto out;
	for (i = (size_t)(flag - loads.v) + 1; i < loads.nr; i++) {
		const struct reader_load *l = &loads.v[i];
		const struct access *d = l->a, *fa = flag->a;
		const struct pair_end *w = NULL;
		const char *fn = flag->helper ? flag->helper : name;
		bool filled = false;

		if (l->at < flag->at || (l->helper && l->call == flag->call))
			continue;
		for (k = 0; k < n && !w; k++)
			if (access_is(d, file, keys[k]) &&
			    (!fill[k] || copied_from(types_text(c->t, file), &l->fn->calls, d->off))) {
				w = writers[k];
				filled = fill[k];
			}
		if (!w)
			continue;
		from = 0;
		/* an index or address taken from the flag orders the data load */
		if ((!l->helper && !flag->helper && strstr(d->path, fa->path)) ||
		    (!flag->helper && fa->assigned_to &&
		     used_between(c, file, fa->assigned_to, fa->off,
				  (l->helper ? l->at : d->off) + strlen(fa->assigned_to))) ||
		    lock_held(&f->locks, l->at, &from))
			goto out;
		for (k = 0; k < f->calls.nr; k++)
			if (f->calls.v[k].off > flag->at && f->calls.v[k].off < l->at &&
			    f->calls.v[k].off != l->call)
				goto out;
		/* the reader's own locks, at the helper's call */
		at_call = *fa;
		at_call.off = flag->at;
		if ((why = reader_cannot_race(c, p, file, name, &at_call))) {
			free(why);
			goto out;
		}
		b = add_bug(c, ordered_reader(p) ? BUG_MISSING_ACQUIRE : BUG_UNPAIRED, file, path,
			    fa->off, fa->line,
			    xasprintf("%s() loads %s (line %u%s%s%s) with a %s and then %s%s (line %u%s%s%s) with no smp_rmb(), acquire or dependency between",
				      name, fa->path, fa->line, flag->helper ? ", in " : "",
				      flag->helper ? flag->helper : "", flag->helper ? "()" : "",
				      fa->marked ? "READ_ONCE()" : "plain load",
				      filled ? "copies from the buffer at " : "", d->path, d->line,
				      l->helper ? ", in " : "", l->helper ? l->helper : "",
				      l->helper ? "()" : ""),
			    describe_protocol(p),
			    xasprintf("%s() in %s() %s %s before it and publishes %s after it%s",
				      w->site->primitive, site_where(w->site),
				      filled ? "fills the buffer at" : "stores", d->path, p->variable,
				      ordered_reader(p) ? "; the protocol's other readers order the data with a barrier or an acquire" :
				      "; no reader of it orders anything"),
			    xasprintf("load %s with smp_load_acquire()%s", fa->path,
				      ordered_reader(p) ? ", or through the accessor its other readers use" : ""),
			    false);
		/*
		 * A plain load is often ordered by what acqrel does not see (a
		 * caller's lock, a work item queued after the publication, an
		 * object not published yet); a READ_ONCE() says the reader races.
		 */
		if (b) {
			b->weak = !fa->marked;
			fix_acquire_load(c, b, fa, fn, d->path, w);
		}
		goto out;
	}
out:
	free(loads.v);
}

/* The files a plain reader of p is looked for in: its writers' files, each once, by a writer there. */
static size_t reader_files(const struct protocol *p, const struct pair_end **files, size_t max)
{
	size_t n = 0, i, k;

	for (i = 0; i < p->nr_writers && n < max; i++) {
		for (k = 0; k < n && strcmp(files[k]->file, p->writers[i].file); k++)
			;
		if (k == n)
			files[n++] = &p->writers[i];
	}
	return n;
}

/*
 * A function of file (opened as path) that may read p's flag plainly and
 * then its data (keys[0..n), stored by writers[0..n)).
 */
typedef void reader_fn(struct bugs_ctx *c, const struct protocol *p, const char *file,
		       const char *path, const struct func_summary *f, const char *name,
		       char *const *keys, const struct pair_end *const *writers,
		       const bool *fill, size_t n);

/* What protocol_readers() looks for in one file. */
struct reader_scan {
	const struct protocol *p;
	reader_fn *fn;
	bool skip_ends;		/* not in the protocol's own ends' functions */
	bool helpers;		/* through the static functions it calls too (bug rule 2) */
	const char *field;	/* the flag's member */
	char *keys[MAX_DATA_KEYS];
	const struct pair_end *writers[MAX_DATA_KEYS];
	const char *fields[MAX_DATA_KEYS];
	bool fill[MAX_DATA_KEYS];	/* a buffer filled through the field (memcpy()) */
	size_t nk;
};

/* Whether text[x) names the flag's member (flag) or one of the data's (else). */
static bool names_field(const char *text, const struct lex_context *x,
			const struct reader_scan *s, bool flag)
{
	size_t d;

	if (flag)
		return mentions_member(text, x->start, x->end, s->field);
	for (d = 0; d < s->nk; d++)
		if (s->fields[d] && key_is_ident(s->fields[d]) &&
		    mentions_member(text, x->start, x->end, s->fields[d]))
			return true;
	return false;
}

/* Whether text[x) calls name: "name(". */
static bool calls_name(const char *text, const struct lex_context *x, const char *name)
{
	size_t n = strlen(name);
	const char *p = text + x->start, *e = text + x->end;

	for (; p < e && (p = memmem(p, (size_t)(e - p), name, n)); p += n)
		if (!is_c_ident_char(p[-1]) && !is_c_ident_char(p[n]) && p[n] == '(')
			return true;
	return false;
}

/* Whether function x's head (before its parameters) says static. */
static bool declared_static(const char *text, const struct lex_context *x)
{
	const char *p = text + x->start, *e = memchr(p, '(', x->end - x->start);

	for (; e && p + 6 <= e && (p = memmem(p, (size_t)(e - p), "static", 6)); p += 6)
		if ((p == text || !is_c_ident_char(p[-1])) && !is_c_ident_char(p[6]))
			return true;
	return false;
}

/* Most helpers of one file looked through for a reader's field (bug rule 2). */
#define MAX_FIELD_HELPERS 8

/*
 * Whether function x names the flag's member (flag) or a data's, itself or
 * in one of the static functions of the file that do, helpers[0..nh), that
 * it calls.
 */
static bool reaches_field(const char *text, const struct lex_context *x,
			  const struct reader_scan *s, bool flag,
			  const struct lex_context *const *helpers, size_t nh)
{
	size_t h;

	if (names_field(text, x, s, flag))
		return true;
	for (h = 0; h < nh; h++)
		if (helpers[h] != x && names_field(text, helpers[h], s, flag) &&
		    calls_name(text, x, helpers[h]->name))
			return true;
	return false;
}

/*
 * Calls s->fn for every function of file that names the flag's member and
 * one of its data's, itself or (s->helpers) through the static functions
 * of the file it calls.
 */
static void readers_in_file(struct bugs_ctx *c, const struct reader_scan *s, const char *file,
			    const char *path)
{
	const struct lex_result *lr = lexed(c, file);
	const char *text = types_text(c->t, file);
	const struct lex_context *helpers[MAX_FIELD_HELPERS];
	size_t m, nh = 0;

	for (m = 0; s->helpers && lr && m < lr->nr_ctxs && nh < MAX_FIELD_HELPERS; m++) {
		const struct lex_context *x = &lr->ctxs[m];

		if (x->kind == LEX_FUNCTION && x->name && declared_static(text, x) &&
		    (names_field(text, x, s, true) || names_field(text, x, s, false)))
			helpers[nh++] = x;
	}
	for (m = 0; lr && m < lr->nr_ctxs; m++) {
		const struct lex_context *x = &lr->ctxs[m];
		const struct func_summary *f;

		if (x->kind != LEX_FUNCTION || !x->name ||
		    (s->skip_ends && end_function(s->p, x->name)) ||
		    !reaches_field(text, x, s, true, helpers, nh) ||
		    !reaches_field(text, x, s, false, helpers, nh))
			continue;
		if ((f = defs_function(c->defs, file, x->name)) && !strcmp(f->file, file))
			s->fn(c, s->p, file, path, f, x->name, s->keys, s->writers, s->fill, s->nk);
	}
}

/*
 * Fills s for p; true when p is a protocol whose plain readers can be
 * judged: a struct field published after smp_wmb(), with data keys. The
 * caller frees the keys with reader_scan_release() either way.
 */
static bool reader_scan_init(struct bugs_ctx *c, struct reader_scan *s, const struct protocol *p,
			     reader_fn *fn, bool skip_ends)
{
	memset(s, 0, sizeof(*s));
	s->p = p;
	s->fn = fn;
	s->skip_ends = skip_ends;
	if (!p->nr_writers || !p->object || !strchr(p->object, '.') || p->bit ||
	    protocol_has_reason(p, "rcu") || protocol_has_reason(p, "seqcount") ||
	    protocol_has_reason(p, "external") || protocol_has_reason(p, "unanchored") ||
	    !(p->evidence & EV_OBJECT))
		return false;
	s->field = strchr(p->object, '.') + 1;
	return key_is_ident(s->field) && (s->nk = data_keys(c, p, s->keys, s->writers, s->fields, s->fill));
}

static void reader_scan_release(struct reader_scan *s)
{
	size_t k;

	for (k = 0; k < s->nk; k++)
		free(s->keys[k]);
}

/* Calls fn for the functions of p's writers' files that may read p plainly (readers_in_file()). */
static void protocol_readers(struct bugs_ctx *c, const struct protocol *p, reader_fn *fn,
			     bool skip_ends)
{
	struct reader_scan s;
	const struct pair_end *files[8];
	size_t k, nf;

	if (reader_scan_init(c, &s, p, fn, skip_ends)) {
		s.helpers = fn == plain_reader_in;
		nf = reader_files(p, files, ARRAY_SIZE(files));
		for (k = 0; k < nf; k++)
			readers_in_file(c, &s, files[k]->file, files[k]->path);
	}
	reader_scan_release(&s);
}

static void rule_plain_reader(struct bugs_ctx *c)
{
	size_t i;

	for (i = 0; i < c->pairs->nr; i++)
		protocol_readers(c, &c->pairs->v[i], plain_reader_in, true);
}

/*
 * ---- wait-condition ----
 *
 * wait_event*(wq, cond, ...) tests cond first and returns at once when it
 * holds, with no barrier: a flag published after smp_wmb() and tested
 * there is a plain load, and the data loaded after the wait may be older
 * than the flag. The slow path (prepare_to_wait_event(), wake_up()) does
 * not help the fast one.
 */

/* The offset of the ')' that closes the '(' at text[open], or (size_t)-1. */
static size_t close_paren(const char *text, size_t open)
{
	size_t i, len = strlen(text), end = open + MAX_CALL_SCAN;
	int depth = 0;

	if (end > len)
		end = len;
	for (i = open; i < end; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && --depth == 0)
			return i;
	}
	return (size_t)-1;
}

/* The '(' that text[close] == ')' closes, or (size_t)-1. */
static size_t open_paren(const char *text, size_t close)
{
	size_t i = close + 1;
	int depth = 0;

	while (i-- > 0) {
		if (text[i] == ')')
			depth++;
		else if (text[i] == '(' && --depth == 0)
			return i;
	}
	return (size_t)-1;
}

/* The local the value of the call at off is assigned to ("ret = wait_event(...)"), or NULL. */
static char *assigned_local(const char *text, size_t off)
{
	size_t i = skip_blanks_back(text, off), e;

	if (i < 2 || text[i - 1] != '=' || strchr("=!<>+-*/&|^%", text[i - 2]))
		return NULL;
	e = skip_blanks_back(text, i - 1);
	for (i = e; i > 0 && is_c_ident_char(text[i - 1]); i--)
		;
	return e > i ? xstrndup(text + i, e - i) : NULL;
}

/* Whether text[s..e) names ident as a whole word. */
static bool names_ident(const char *text, size_t s, size_t e, const char *ident)
{
	size_t n = strlen(ident);
	const char *p = text + s;

	while (p < text + e && (p = memmem(p, (size_t)(text + e - p), ident, n))) {
		if ((p == text || !is_c_ident_char(p[-1])) && !is_c_ident_char(p[n]))
			return true;
		p += n;
	}
	return false;
}

/*
 * Whether the call at offset at lies on the wait's failure branch: in a
 * braced block opened after the wait ended (wait_end), closed before the
 * data's load at data, under an "if" whose condition holds the wait itself
 * (wait_off) or tests the local its value went to (ret). Such a block is
 * not on the path where the condition held at once.
 */
static bool on_wait_branch(const char *text, size_t at, size_t wait_off, size_t wait_end,
			   size_t data, const char *ret)
{
	size_t i = at, ob, cb, pc, po, w;
	int depth = 0;

	while (i-- > wait_end) {
		if (text[i] == '}')
			depth++;
		else if (text[i] == '{' && depth-- == 0)
			break;
	}
	if (i <= wait_end || text[i] != '{')
		return false;
	ob = i;
	for (cb = ob, depth = 0; text[cb]; cb++) {
		if (text[cb] == '{')
			depth++;
		else if (text[cb] == '}' && --depth == 0)
			break;
	}
	if (!text[cb] || cb > data)
		return false;
	pc = skip_blanks_back(text, ob);
	if (!pc || text[pc - 1] != ')' || (po = open_paren(text, pc - 1)) == (size_t)-1)
		return false;
	w = skip_blanks_back(text, po);
	if (w < 2 || memcmp(text + w - 2, "if", 2) || (w > 2 && is_c_ident_char(text[w - 3])))
		return false;
	return (wait_off > po && wait_off < pc) || (ret && names_ident(text, po, pc, ret));
}

/*
 * In function f, a wait_event*() whose condition loads p's variable
 * plainly, then a load of p's data with no call on the way (a fence is a
 * call), but for diagnostics and calls on the wait's failure branch, by a
 * reader that can race with the writer.
 */
static void wait_condition_in(struct bugs_ctx *c, const struct protocol *p, const char *file,
			      const char *path, const struct func_summary *f, const char *name,
			      char *const *keys, const struct pair_end *const *writers,
			      const bool *fill, size_t n)
{
	const char *text = types_text(c->t, file);
	size_t w, i, k;

	if (!text || !f->parsed || f->is_init)
		return;
	for (w = 0; w < f->calls.nr; w++) {
		const struct call_ref *wc = &f->calls.v[w];
		const struct access *flag = NULL, *d = NULL;
		const struct pair_end *wr = NULL;
		size_t open, close, s, e;
		char *ret, *why;
		bool bail = false;
		struct bug *b;

		if (!condition_wait(wc->name) || !(open = open_after(text, wc->off, strlen(text), wc->name)) ||
		    !nth_arg(text, open, 1, &s, &e) || (close = close_paren(text, open)) == (size_t)-1)
			continue;
		for (i = 0; i < f->accesses.nr && !flag; i++)
			if (f->accesses.v[i].off >= s && f->accesses.v[i].off < e &&
			    !f->accesses.v[i].is_write && access_is(&f->accesses.v[i], file, p->key))
				flag = &f->accesses.v[i];
		if (!flag || (flag->via && (strstr(flag->via, "acquire") || prim_fully_ordered(flag->via))))
			continue;
		for (i = 0; i < f->accesses.nr && !d; i++) {
			const struct access *a = &f->accesses.v[i];

			if (a->off <= close || a->is_write)
				continue;
			for (k = 0; k < n && !wr; k++)
				if (access_is(a, file, keys[k]) &&
				    (!fill[k] || copied_from(text, &f->calls, a->off)))
					wr = writers[k];
			if (wr)
				d = a;
		}
		/* an address taken from the flag orders the data; a lock is reader_cannot_race()'s */
		if (!d || strstr(d->path, flag->path))
			continue;
		ret = assigned_local(text, wc->off);
		for (k = 0; k < f->calls.nr && !bail; k++) {
			const struct call_ref *x = &f->calls.v[k];

			if (x->off <= close || x->off >= d->off)
				continue;
			/* a fence is a call too: smp_rmb() after the wait orders the data */
			if (!diagnostic_call(x->name) &&
			    !on_wait_branch(text, x->off, wc->off, close, d->off, ret))
				bail = true;
		}
		free(ret);
		if (bail)
			continue;
		if ((why = reader_cannot_race(c, p, file, name, flag))) {
			free(why);
			return;
		}
		b = add_bug(c, BUG_WAIT_CONDITION, file, path, flag->off, flag->line,
			xasprintf("%s() waits in %s() for %s (line %u) and then loads %s (line %u) with no smp_rmb(), acquire or dependency between",
				  name, wc->name, flag->path, flag->line, d->path, d->line),
			describe_protocol(p),
			xasprintf("%s() in %s() stores %s before it and publishes %s after it; %s() tests its condition first and returns at once, with no barrier, when it already holds",
				  wr->site->primitive, site_where(wr->site), d->path, p->variable,
				  wc->name),
			xasprintf("load %s with smp_load_acquire() in the condition", flag->path),
			false);
		if (b && wait_spans_lines(text, flag->off))
			fix_rmb_after_wait(c, b, flag, close, name, d->path, wr);
		else if (b)
			fix_acquire_load(c, b, flag, name, d->path, wr);
		return;
	}
}

/* Most bytes of a file read to decide whether it holds a wait, as types.c reads. */
#define MAX_WAIT_SCAN (16u << 20)

static int cmp_walk_rel(const void *a, const void *b)
{
	const struct walk_file *const *x = a, *const *y = b;

	return strcmp((*x)->rel, (*y)->rel);
}

/*
 * Whether the walked file wf holds a wait_event*() or wait_var_event*()
 * call, read once (the answer is kept in c->waits).
 */
static bool file_waits(struct bugs_ctx *c, const struct walk_file *wf)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k = hashmap_get(&c->waits, wf->rel);
	bool yes;

	if (k != (size_t)-1)
		return k;
	yes = !strbuf_read_file(&sb, wf->path, MAX_WAIT_SCAN) && sb.len &&
	      (strstr(sb.buf, "wait_event") || strstr(sb.buf, "wait_var_event"));
	strbuf_release(&sb);
	hashmap_put(&c->waits, wf->rel, yes);
	return yes;
}

/*
 * Calls s->fn for the functions of the walked files in the folders of p's
 * writers' files (not in their subfolders, not the writers' files
 * themselves) that hold a wait: a waiter is often in another file of the
 * driver than its completion.
 */
static void folder_waiters(struct bugs_ctx *c, const struct reader_scan *s,
			   const struct pair_end *const *files, size_t nf)
{
	size_t k, i, lo, hi, dlen;

	if (!c->by_rel) {
		c->by_rel = xcalloc(c->run->walk.nr + 1, sizeof(*c->by_rel));
		for (i = 0; i < c->run->walk.nr; i++)
			c->by_rel[i] = &c->run->walk.files[i];
		qsort(c->by_rel, c->run->walk.nr, sizeof(*c->by_rel), cmp_walk_rel);
	}
	for (k = 0; k < nf; k++) {
		const char *slash = strrchr(files[k]->file, '/');

		dlen = slash ? (size_t)(slash - files[k]->file) + 1 : 0;
		/* the same folder as an earlier writer's: done */
		for (i = 0; i < k; i++)
			if (!strncmp(files[i]->file, files[k]->file, dlen) &&
			    !strchr(files[i]->file + dlen, '/'))
				break;
		if (i < k)
			continue;
		for (lo = 0, hi = c->run->walk.nr; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;

			if (strncmp(c->by_rel[mid]->rel, files[k]->file, dlen) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < c->run->walk.nr && !strncmp(c->by_rel[lo]->rel, files[k]->file, dlen); lo++) {
			const struct walk_file *wf = c->by_rel[lo];

			if (strchr(wf->rel + dlen, '/'))
				continue;
			for (i = 0; i < nf && strcmp(files[i]->file, wf->rel); i++)
				;
			if (i == nf && file_waits(c, wf))
				readers_in_file(c, s, wf->rel, wf->path);
		}
	}
}

static void rule_wait_condition(struct bugs_ctx *c)
{
	const struct pair_end *files[8];
	struct reader_scan s;
	size_t i, k, nf;

	for (i = 0; i < c->pairs->nr; i++) {
		const struct protocol *p = &c->pairs->v[i];

		if (reader_scan_init(c, &s, p, wait_condition_in, false)) {
			nf = reader_files(p, files, ARRAY_SIZE(files));
			for (k = 0; k < nf; k++)
				readers_in_file(c, &s, files[k]->file, files[k]->path);
			folder_waiters(c, &s, files, nf);
		}
		reader_scan_release(&s);
	}
}

/* ---- plain-publish ---- */

/* Whether a store's value v (as written) is a plain identifier other than NULL. */
static bool names_pointer(const char *v)
{
	return v && key_is_ident(v) && strcmp(v, "NULL");
}

/*
 * In function f of file, the plain store of field sname.field at offset
 * at (of the field's name) when it stores a local or parameter v whose
 * object the function initialised just before (a store through v, with no
 * fence, release or call between): a publication with no ordering.
 * Returns that store, and *init the initialising one.
 */
static const struct access *plain_publication(const struct func_summary *f, const char *object,
					      size_t at, const struct access **init)
{
	const struct access *st = NULL;
	size_t i, k, n;

	for (i = 0; i < f->accesses.nr && !st; i++) {
		const struct access *a = &f->accesses.v[i];

		if (a->is_write && a->object && !strcmp(a->object, object) && a->off <= at &&
		    at < a->off + strlen(a->path) + 16)
			st = a;
	}
	if (!st || st->marked || !names_pointer(st->value))
		return NULL;
	n = strlen(st->value);
	*init = NULL;
	for (i = 0; i < f->accesses.nr; i++) {
		const struct access *b = &f->accesses.v[i];

		if (b->off >= st->off)
			break;
		if (b->is_write && !strncmp(b->path, st->value, n) &&
		    (b->path[n] == '.' || (b->path[n] == '-' && b->path[n + 1] == '>')))
			*init = b;
	}
	if (!*init)
		return NULL;
	for (k = 0; k < f->calls.nr; k++)
		if (f->calls.v[k].off > (*init)->off && f->calls.v[k].off < st->off)
			return NULL;
	return st;
}

/*
 * The walk's entry of file rel (relative to the root), or NULL when it is
 * not in the walk; its names outlive the run, unlike the defs' copies.
 */
static const struct walk_file *walked(struct bugs_ctx *c, const char *rel)
{
	size_t k;

	if (!c->walked.nr) {
		for (k = 0; k < c->run->walk.nr; k++)
			hashmap_put(&c->walked, c->run->walk.files[k].rel, k);
	}
	k = hashmap_get(&c->walked, rel);
	return k == (size_t)-1 ? NULL : &c->run->walk.files[k];
}

/*
 * A field that readers load with rcu_dereference*(), stored elsewhere with
 * a plain store of a pointer to an object the storing function has just
 * initialised: readers may see the pointer before the object's contents.
 * The stores come from the files that can see the struct (defs_field_stores()).
 */
static void rule_plain_publish(struct bugs_ctx *c)
{
	struct hashmap done;
	size_t i, k, m;

	memset(&done, 0, sizeof(done));
	for (i = 0; i < c->run->walk.nr; i++) {
		const struct file_sites *fs = &c->run->files[i];
		const char *file = c->run->walk.files[i].rel;

		for (k = 0; k < fs->nr; k++) {
			const struct site *s = &fs->v[k];
			const struct access *r = s->operand.nr ? &s->operand.v[0] : NULL;
			struct field_stores st;
			const char *dot;
			char *sname, *decl = NULL;
			enum field_kind kind;

			/* rcu_dereference_protected() is the update side, under its lock */
			if (strncmp(s->primitive, "rcu_dereference", 15) ||
			    strstr(s->primitive, "protected") || !r || r->is_write ||
			    !r->object || !(dot = strchr(r->object, '.')) || !key_is_ident(dot + 1) ||
			    hashmap_get(&done, r->object) != (size_t)-1)
				continue;
			hashmap_put(&done, r->object, 1);
			sname = xstrndup(r->object, (size_t)(dot - r->object));
			kind = types_access_kind(c->t, file, r, &decl);
			memset(&st, 0, sizeof(st));
			defs_field_stores(c->defs, file, sname, dot + 1, &st);
			for (m = 0; m < st.nr; m++) {
				const struct field_store *w = &st.v[m];
				const struct func_summary *f;
				const struct access *pub, *init;
				const struct walk_file *wf;
				struct bug *b;

				if (w->init || w->fresh || !w->function || !(wf = walked(c, w->file)) ||
				    !(f = defs_function(c->defs, w->file, w->function)) ||
				    strcmp(f->file, w->file) || !f->parsed || f->is_init ||
				    !(pub = plain_publication(f, r->object, w->off, &init)))
					continue;
				b = add_bug(c, BUG_PLAIN_PUBLISH, wf->rel, wf->path, pub->off, pub->line,
					xasprintf("%s() publishes %s with a plain store to %s after storing %s (line %u), while %s() reads it with %s()",
						  w->function, pub->value, pub->path, init->path, init->line,
						  site_where(s), s->primitive),
					NULL,
					xasprintf("%s is loaded with %s() at %s:%u; nothing orders the store to %s before the store of the pointer",
						  r->path, s->primitive, file, s->line, init->path),
					xasprintf("rcu_assign_pointer(%s, %s)%s", pub->path, pub->value,
						  kind == FIELD_RCU ? "" :
						  ", and __rcu on the declaration for sparse"),
					false);
				if (b)
					fix_plain_publish(c, b, pub, kind == FIELD_RCU);
			}
			field_stores_release(&st);
			free(decl);
			free(sname);
		}
	}
	hashmap_release(&done);
}

/* ---- missing-release ---- */

/*
 * Whether f makes, before offset to (and after from), a call that orders
 * earlier stores before later ones: a fence or a fully ordered
 * read-modify-write.
 */
static bool orders_stores(const struct func_summary *f, size_t from, size_t to)
{
	size_t k;

	for (k = 0; k < f->calls.nr; k++) {
		const char *name = f->calls.v[k].name;

		if (f->calls.v[k].off < from || f->calls.v[k].off >= to)
			continue;
		if (prim_classify(name, strlen(name)) == PRIM_FENCE ||
		    prim_role(name) == PRIM_ROLE_RELEASE || prim_fully_ordered(name))
			return true;
	}
	return false;
}

/*
 * In the function of writer w (an smp_wmb() before its store of p's
 * variable), another store of the variable, before the barrier, on a path
 * that returns without reaching it: nothing orders the data before that
 * store, which readers subscribe to with their smp_rmb() or acquire.
 */
static void missing_release_in(struct bugs_ctx *c, const struct protocol *p,
			       const struct pair_end *w)
{
	const struct func_summary *f;
	const char *text = types_text(c->t, w->file);
	size_t i, out;

	if (!w->site->function || !text ||
	    !(f = defs_function(c->defs, w->file, w->site->function)) || !f->parsed ||
	    f->is_init || strcmp(f->file, w->file))
		return;
	for (i = 0; i < f->accesses.nr; i++) {
		const struct access *a = &f->accesses.v[i];
		struct bug *b;

		if (!a->is_write || a->off >= w->site->off || !access_is(a, w->file, p->key) ||
		    stores_null(a) || (a->via && (strstr(a->via, "release") ||
						  prim_fully_ordered(a->via))))
			continue;
		/* the store's path leaves before the barrier, with no fence of its own */
		if (!(out = leave_at(text, a->off)) || out >= w->site->off ||
		    orders_stores(f, 0, out))
			continue;
		b = add_bug(c, BUG_MISSING_RELEASE, w->file, w->path, a->off, a->line,
			xasprintf("%s() stores %s (line %u) on a path that returns before the %s() (line %u) that orders its other store of %s (line %u)",
				  w->site->function, a->path, a->line, w->site->primitive,
				  w->site->line, p->variable, w->access ? w->access->line : w->site->line),
			describe_protocol(p),
			xasprintf("readers subscribe to %s with %s() in %s(): on this path the stores before it are not ordered before it",
				  p->variable, p->readers[0].site->primitive,
				  site_where(p->readers[0].site)),
			xasprintf("store %s with smp_store_release(), or put an smp_wmb() before the store",
				  a->path),
			false);
		if (b)
			no_fix(b, xstrdup("the store is not on the barrier's path: where the barrier goes is the author's call"));
	}
}

static void rule_missing_release(struct bugs_ctx *c)
{
	size_t i, k;

	for (i = 0; i < c->pairs->nr; i++) {
		const struct protocol *p = &c->pairs->v[i];

		if (!p->nr_writers || !p->nr_readers || p->bit || !p->object ||
		    protocol_has_reason(p, "rcu") || protocol_has_reason(p, "seqcount") ||
		    protocol_has_reason(p, "external") || protocol_has_reason(p, "unanchored") ||
		    !(p->evidence & EV_OBJECT))
			continue;
		for (k = 0; k < p->nr_writers; k++)
			if (!p->writers[k].caller &&
			    prim_role(p->writers[k].site->primitive) == PRIM_ROLE_WMB)
				missing_release_in(c, p, &p->writers[k]);
	}
}

/*
 * Whether rules[i] runs: once per rule function (one may find two classes),
 * when all, or when one of the classes it finds is reported by default.
 */
static bool rule_wanted(size_t i, bool all)
{
	size_t k;
	bool wanted = all;

	for (k = 0; k < i; k++)
		if (rules[k].run == rules[i].run)
			return false;
	for (k = i; k < ARRAY_SIZE(rules) && !wanted; k++)
		wanted = rules[k].run == rules[i].run && rules[k].by_default;
	return wanted;
}

/* ---- the run ---- */

static int cmp_bug(const void *a, const void *b)
{
	const struct bug *x = a, *y = b;
	int r = strcmp(x->file, y->file);

	if (r)
		return r;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	if (x->cls != y->cls)
		return (int)x->cls - (int)y->cls;
	/* a total order: findings that tie come out the same with any number of threads */
	return strcmp(x->message, y->message);
}

/*
 * The rules that take longest, longest first: 0.27, 0.20 and 0.15 s of the
 * 0.71 s that all take on linux-source-6.12 (timed around each rule, one
 * thread); the others take under 0.04 s each.
 */
static void (*const longest[])(struct bugs_ctx *c) = {
	rule_plain_publish, rule_wait_condition, rule_plain_reader,
};

static bool rule_is_longest(void (*run)(struct bugs_ctx *c))
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(longest); k++)
		if (longest[k] == run)
			return true;
	return false;
}

/* One thread of bugs_run(): the rules it takes in turn, each whole, with caches of its own. */
struct bugs_worker {
	struct bugs_ctx c;
	struct bugs_result out;
	const size_t *order;	/* the rules to run, by index into rules[] */
	size_t nr, *next;	/* how many; the next one to take (shared) */
};

static void *bugs_worker_main(void *arg)
{
	struct bugs_worker *w = arg;

	for (;;) {
		size_t at = __atomic_fetch_add(w->next, 1, __ATOMIC_RELAXED);

		if (at >= w->nr)
			break;
		rules[w->order[at]].run(&w->c);
	}
	return NULL;
}

static void bugs_ctx_release(struct bugs_ctx *c)
{
	size_t i;

	hashmap_release(&c->seen);
	for (i = 0; i < c->nr_lex; i++)
		lex_result_release(&c->lex_v[i]);
	free(c->lex_v);
	hashmap_release(&c->lexed);
	hashmap_release(&c->walked);
	hashmap_release(&c->waits);
	free(c->by_rel);
}

/* Moves w's findings and kept files into out (a file kept twice: once). */
static void take_results(struct bugs_result *out, struct bugs_result *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++) {
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = from->v[i];
	}
	for (i = 0; i < from->nr_files; i++) {
		if (bugs_file_of(out, from->files[i].rel)) {
			free(from->files[i].text);
			continue;
		}
		ALLOC_GROW(out->files, out->nr_files + 1, out->alloc_files);
		out->files[out->nr_files++] = from->files[i];
	}
	free(from->v);
	free(from->files);
	memset(from, 0, sizeof(*from));
}

/*
 * The rules run on nr_threads threads, each rule whole on one of them, so
 * the findings of a class are one thread's (each said once: add_bug()).
 * As in the pairs run (pair.c, classify_all()), the first thread keeps the
 * pairs run's types and the others start theirs empty, and each thread's
 * defs answers first from the pairs run's, which nobody changes until all
 * are done and theirs are merged into it. The findings come out sorted,
 * whichever thread found them.
 */
void bugs_run(struct sites_run *run, const struct pair_result *pairs, bool all,
	      struct bugs_result *out, int nr_threads)
{
	struct hashmap keys, rkeys;
	struct bugs_worker *w;
	size_t i, k, nr = 0, next = 0, order[ARRAY_SIZE(rules)];
	int t;

	memset(&keys, 0, sizeof(keys));
	memset(&rkeys, 0, sizeof(rkeys));
	for (i = 0; i < pairs->nr; i++) {
		char *base = base_key(pairs->v[i].key);

		if (pairs->v[i].nr_writers && hashmap_get(&keys, base) == (size_t)-1)
			hashmap_put(&keys, base, i);
		if (pairs->v[i].nr_readers && hashmap_get(&rkeys, base) == (size_t)-1)
			hashmap_put(&rkeys, base, i);
		free(base);
	}
	/* the longest first, so that the threads end together */
	for (k = 0; k <= ARRAY_SIZE(longest); k++)
		for (i = 0; i < ARRAY_SIZE(rules); i++)
			if (rule_wanted(i, all) &&
			    (k < ARRAY_SIZE(longest) ? rules[i].run == longest[k]
			     : !rule_is_longest(rules[i].run)))
				order[nr++] = i;
	if (nr_threads < 1)
		nr_threads = 1;
	if ((size_t)nr_threads > nr)
		nr_threads = nr ? (int)nr : 1;
	w = xcalloc((size_t)nr_threads, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		struct bugs_ctx *c = &w[t].c;

		c->run = run;
		c->pairs = pairs;
		c->out = &w[t].out;
		/* read only while the threads run */
		c->keys = keys;
		c->rkeys = rkeys;
		/* what the pairs run looked up serves the rules as it is */
		if (t) {
			c->t = xcalloc(1, sizeof(*c->t));
			types_init(c->t, run->walk.root);
		} else {
			c->t = pairs->types;
		}
		c->defs = defs_new_over(c->t, pairs->defs);
		defs_set_run(c->defs, run);
		w[t].order = order;
		w[t].nr = nr;
		w[t].next = &next;
	}
	threads_run(nr_threads, bugs_worker_main, w, sizeof(*w));
	for (t = 0; t < nr_threads; t++) {
		take_results(out, &w[t].out);
		/* the thread's caches go, then its defs and types join the pairs run's */
		bugs_ctx_release(&w[t].c);
		defs_merge(pairs->defs, w[t].c.defs);
		if (t) {
			types_merge(pairs->types, w[t].c.t);
			free(w[t].c.t);
		}
	}
	free(w);
	hashmap_release(&keys);
	hashmap_release(&rkeys);
	/* a rule that finds two classes adds both; drop what is not asked for */
	if (!all) {
		k = 0;
		for (i = 0; i < out->nr; i++) {
			if (bugs_class_by_default(out->v[i].cls) && !out->v[i].weak) {
				out->v[k++] = out->v[i];
				continue;
			}
			bug_release(&out->v[i]);
		}
		out->nr = k;
	}
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_bug);
}

void bugs_result_release(struct bugs_result *out)
{
	size_t i;

	for (i = 0; i < out->nr; i++)
		bug_release(&out->v[i]);
	free(out->v);
	for (i = 0; i < out->nr_files; i++)
		free(out->files[i].text);
	free(out->files);
	memset(out, 0, sizeof(*out));
}
