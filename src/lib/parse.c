/* parse.c: accesses around barrier sites, from tree-sitter's C tree */
#include "parse.h"
#include "prims.h"
#include "strbuf.h"
#include "util.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_c(void);

enum sym {
	S_CALL, S_ARGS, S_IDENT, S_FIELD, S_SUBSCRIPT, S_POINTER, S_ASSIGN, S_UPDATE,
	S_INIT_DECL, S_DECL, S_PARAM_DECL, S_PTR_DECL, S_ARRAY_DECL, S_PAREN_DECL,
	S_FUNC_DECL, S_STRUCT, S_UNION, S_TYPE_IDENT, S_COMMENT, S_STRING, S_CHAR,
	S_NUMBER, S_SIZEOF, S_ALIGNOF, S_OFFSETOF, S_TYPE_DESC, S_EXPR_STMT,
	S_RETURN, S_IF, S_WHILE, S_DO, S_FOR, S_SWITCH, S_COMPOUND, S_LABELED,
	S_GOTO, S_BREAK, S_CONTINUE, S_CASE, S_FUNC_DEF, S_TU, S_PAREN_EXPR,
	S_ELSE, S_CONCAT_STRING, S_PARAM_LIST, S_CAST, S_FIELD_IDENT, S_UNARY,
	S_PRIMITIVE_TYPE,
	NR_SYMS
};

static const char *const sym_names[NR_SYMS] = {
	[S_CALL] = "call_expression", [S_ARGS] = "argument_list",
	[S_IDENT] = "identifier", [S_FIELD] = "field_expression",
	[S_SUBSCRIPT] = "subscript_expression", [S_POINTER] = "pointer_expression",
	[S_ASSIGN] = "assignment_expression", [S_UPDATE] = "update_expression",
	[S_INIT_DECL] = "init_declarator", [S_DECL] = "declaration",
	[S_PARAM_DECL] = "parameter_declaration", [S_PTR_DECL] = "pointer_declarator",
	[S_ARRAY_DECL] = "array_declarator", [S_PAREN_DECL] = "parenthesized_declarator",
	[S_FUNC_DECL] = "function_declarator", [S_STRUCT] = "struct_specifier",
	[S_UNION] = "union_specifier", [S_TYPE_IDENT] = "type_identifier",
	[S_COMMENT] = "comment", [S_STRING] = "string_literal", [S_CHAR] = "char_literal",
	[S_NUMBER] = "number_literal", [S_SIZEOF] = "sizeof_expression",
	[S_ALIGNOF] = "alignof_expression", [S_OFFSETOF] = "offsetof_expression",
	[S_TYPE_DESC] = "type_descriptor", [S_EXPR_STMT] = "expression_statement",
	[S_RETURN] = "return_statement", [S_IF] = "if_statement",
	[S_WHILE] = "while_statement", [S_DO] = "do_statement", [S_FOR] = "for_statement",
	[S_SWITCH] = "switch_statement", [S_COMPOUND] = "compound_statement",
	[S_LABELED] = "labeled_statement", [S_GOTO] = "goto_statement",
	[S_BREAK] = "break_statement", [S_CONTINUE] = "continue_statement",
	[S_CASE] = "case_statement", [S_FUNC_DEF] = "function_definition",
	[S_TU] = "translation_unit", [S_PAREN_EXPR] = "parenthesized_expression",
	[S_ELSE] = "else_clause", [S_CONCAT_STRING] = "concatenated_string",
	[S_PARAM_LIST] = "parameter_list", [S_CAST] = "cast_expression",
	[S_FIELD_IDENT] = "field_identifier", [S_UNARY] = "unary_expression",
	[S_PRIMITIVE_TYPE] = "primitive_type",
};

/* A variable declared in the function: parameter or local. */
struct local {
	const char *name;	/* borrowed from the snippet */
	size_t len;
	bool pointer;		/* declared through a pointer or array declarator */
	unsigned dims;		/* an array of the function's own (not static, not a parameter): its dimensions */
	const char *type;	/* struct/union tag or typedef name, borrowed; NULL if none */
	size_t type_len;
	bool cursor;		/* a loff_t pointer: a file position the caller owns */
	bool user;		/* declared __user: user memory */
	bool own;		/* declared in the body, not a parameter */
};

struct parser {
	TSParser *ts;
	const TSLanguage *lang;
	TSSymbol sym[NR_SYMS];
	struct strbuf snippet;

	/* per parse */
	const char *text;	/* the snippet */
	size_t text_len;
	size_t file_base;	/* file offset of snippet byte `prefix` */
	size_t prefix;
	bool is_macro;
	struct local *locals;
	size_t nr_locals, alloc_locals;
	/* per collect */
	struct skip_slot *skips;
	size_t nr_skips, skip_size;
	unsigned skip_gen;
	unsigned *groups;
	size_t alloc_groups;
	/* ancestors of the site being analysed, root first */
	TSNode *path;
	size_t nr_path, alloc_path;
	/* per parse: each node's named children, and whether it holds a jump,
	 * found once (sibling walks through a cursor are linear) */
	struct memo_slot *memo;
	size_t nr_memo, memo_size;
	unsigned memo_gen;
	TSNode *kid_pool;
	size_t nr_pool, alloc_pool;
	size_t kids_off;	/* where children_of() put them in kid_pool */
	/* per parse: steps taken (cursor moves, children listed), against a
	 * budget linear in the size of the body */
	size_t work, work_limit;
	/* per parse: the accesses of the statement the last site was in */
	TSNode own_node;
	bool has_own;
	struct access_list own;
	struct call_list own_calls;
	/* per parse: tree-sitter's cancellation flag, raised by a timer on this
	 * thread's CPU time */
	size_t cancel;
	timer_t timer;
	bool has_timer;
	unsigned long cpu_limit_usec;
	size_t nr_calls;	/* calls collect() saw that are no marked access */
	const char *call_name;	/* the first of them, in the snippet */
	size_t call_len;
	bool saw_fence;		/* collect() saw a call of a fence (smp_wmb(), ...) */
	size_t fence_off;	/* where the first of them is, in the file */
	size_t fence_stores_until;	/* smp_store_mb(): the stores before this offset
					   precede its smp_mb() */
	bool reached_end;	/* neighbour() ran off the function's end or into a return */
	bool reached_start;	/* neighbour() ran back to the function's start */
	bool window_direct;	/* neighbour(): no jump or label yet between the barrier and here */
	bool fence_full;	/* that barrier orders loads and stores both ways */
	int saw_mmio;		/* collect() saw writel() or readl() and kin: PRIM_MMIO_* bits */
	struct call_list *calls_out;	/* where collect() lists the calls it sees, or NULL */
	/* "local = <load>": the load's node and the local's name */
	TSNode assign_node;
	const char *assign_name;
	size_t assign_len;
};

/*
 * The parse limit counts this thread's CPU time, not wall time, so that a
 * loaded machine analyses the same functions as an idle one. A timer on the
 * thread's CPU clock sends it a signal whose handler raises the flag
 * tree-sitter polls.
 */
static __thread size_t *volatile cancel_flag;

static void on_cpu_limit(int sig)
{
	size_t *flag = cancel_flag;

	(void)sig;
	if (flag)
		__atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

static int cpu_limit_signal(void)
{
	return SIGRTMIN + 4;
}

static void install_cpu_limit_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_cpu_limit;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(cpu_limit_signal(), &sa, NULL);
}

static bool cpu_timer_new(timer_t *timer)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct sigevent sev;

	pthread_once(&once, install_cpu_limit_handler);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = cpu_limit_signal();
	sev._sigev_un._tid = gettid();	/* sigev_notify_thread_id */
	return timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, timer) == 0;
}

static void cpu_timer_arm(struct parser *p, unsigned long usec)
{
	struct itimerspec it;

	if (!p->has_timer)
		return;
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)(usec / 1000000);
	it.it_value.tv_nsec = (long)(usec % 1000000) * 1000;
	timer_settime(p->timer, 0, &it, NULL);
}

void parser_set_cpu_limit(struct parser *p, unsigned long usec)
{
	p->cpu_limit_usec = usec;
}

struct parser *parser_new(void)
{
	struct parser *p = xcalloc(1, sizeof(*p));
	int i;

	p->ts = ts_parser_new();
	p->lang = tree_sitter_c();
	if (!ts_parser_set_language(p->ts, p->lang))
		die("tree-sitter cannot load the C grammar (ABI %u)",
		    ts_language_version(p->lang));
	ts_parser_set_cancellation_flag(p->ts, &p->cancel);
	p->cpu_limit_usec = PARSE_CPU_LIMIT_SEC * 1000000ul;
	p->has_timer = cpu_timer_new(&p->timer);
	for (i = 0; i < NR_SYMS; i++)
		p->sym[i] = ts_language_symbol_for_name(p->lang, sym_names[i],
							(uint32_t)strlen(sym_names[i]), true);
	strbuf_init(&p->snippet);
	return p;
}

void parser_free(struct parser *p)
{
	if (!p)
		return;
	ts_parser_delete(p->ts);
	strbuf_release(&p->snippet);
	free(p->locals);
	free(p->skips);
	free(p->groups);
	free(p->path);
	free(p->memo);
	free(p->kid_pool);
	access_list_release(&p->own);
	call_list_release(&p->own_calls);
	if (p->has_timer)
		timer_delete(p->timer);
	free(p);
}

static bool is(const struct parser *p, TSNode n, enum sym s)
{
	return ts_node_symbol(n) == p->sym[s];
}

static const char *node_text(const struct parser *p, TSNode n, size_t *len)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);

	if (b > p->text_len)
		b = (uint32_t)p->text_len;
	if (a > b)
		a = b;
	*len = b - a;
	return p->text + a;
}

static size_t file_off(const struct parser *p, TSNode n)
{
	size_t so = ts_node_start_byte(n);

	return so < p->prefix ? p->file_base : p->file_base + (so - p->prefix);
}

static bool is_statement(const struct parser *p, TSNode n)
{
	static const enum sym stmts[] = {
		S_EXPR_STMT, S_DECL, S_RETURN, S_IF, S_WHILE, S_DO, S_FOR, S_SWITCH,
		S_COMPOUND, S_LABELED, S_GOTO, S_BREAK, S_CONTINUE, S_CASE,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stmts); i++)
		if (is(p, n, stmts[i]))
			return true;
	return false;
}

/* ---- declarations ---- */

static const struct local *find_local(const struct parser *p, const char *s, size_t len)
{
	const struct local *best = NULL;
	size_t i;

	/* the nearest declaration before the use; else the last one */
	for (i = 0; i < p->nr_locals; i++) {
		const struct local *l = &p->locals[i];

		if (l->len != len || memcmp(l->name, s, len))
			continue;
		if (!best || (l->name <= s && (best->name > s || l->name > best->name)) ||
		    (best->name > s && l->name > best->name) ||
		    (l->name == best->name && l->type && !best->type))
			best = l;
	}
	return best;
}

/* The tag or typedef name of a declaration's type, if it has one. */
static void decl_type(const struct parser *p, TSNode decl, const char **t, size_t *tlen)
{
	TSNode type = ts_node_child_by_field_name(decl, "type", 4);

	*t = NULL;
	*tlen = 0;
	if (ts_node_is_null(type))
		return;
	if (is(p, type, S_STRUCT) || is(p, type, S_UNION)) {
		TSNode name = ts_node_child_by_field_name(type, "name", 4);

		if (!ts_node_is_null(name))
			*t = node_text(p, name, tlen);
	} else if (is(p, type, S_TYPE_IDENT)) {
		*t = node_text(p, type, tlen);
	}
}

/* Whether declaration decl has the storage class static: its objects outlive the call. */
static bool has_static(const struct parser *p, TSNode decl)
{
	uint32_t i, n = ts_node_named_child_count(decl);

	for (i = 0; i < n; i++) {
		TSNode k = ts_node_named_child(decl, i);
		size_t len;
		const char *t;

		if (strcmp(ts_node_type(k), "storage_class_specifier"))
			continue;
		t = node_text(p, k, &len);
		if (len == 6 && !memcmp(t, "static", 6))
			return true;
	}
	return false;
}

/*
 * Records the names a declaration or parameter declares. Declarators nest
 * (pointer of array of ...) but are walked with a loop, not recursion.
 */
static void add_declared(struct parser *p, TSNode decl)
{
	TSTreeCursor c = ts_tree_cursor_new(decl);
	const char *type;
	size_t type_len;
	bool more, own_storage;

	decl_type(p, decl, &type, &type_len);
	own_storage = is(p, decl, S_DECL) && !has_static(p, decl);
	/* a cursor: ts_node_field_name_for_child() of 0.20.7 misnames later children */
	for (more = ts_tree_cursor_goto_first_child(&c); more;
	     more = ts_tree_cursor_goto_next_sibling(&c)) {
		TSNode d = ts_tree_cursor_current_node(&c);
		bool pointer = false;
		unsigned dims = 0;
		const char *field = ts_tree_cursor_current_field_name(&c);

		if (!field || strcmp(field, "declarator"))
			continue;
		while (!ts_node_is_null(d) && !is(p, d, S_IDENT)) {
			if (is(p, d, S_PTR_DECL) || is(p, d, S_ARRAY_DECL))
				pointer = true;
			/* the array levels next to the name: "*v[4]" is an array, "(*v)[4]" a pointer */
			if (is(p, d, S_PTR_DECL))
				dims = 0;
			else if (is(p, d, S_ARRAY_DECL) && dims < 64)
				dims++;
			if (is(p, d, S_FUNC_DECL)) {
				/*
				 * "int (*fn)(int)": a function pointer, a variable
				 * (a pointer) of its own; "int fn(int)": a prototype
				 */
				TSNode in = ts_node_child_by_field_name(d, "declarator", 10);

				if (ts_node_is_null(in) || !is(p, in, S_PAREN_DECL))
					break;
				pointer = true;
				d = in;
				continue;
			}
			if (!(is(p, d, S_PTR_DECL) || is(p, d, S_ARRAY_DECL) ||
			      is(p, d, S_INIT_DECL) || is(p, d, S_PAREN_DECL)))
				break;
			d = is(p, d, S_PAREN_DECL) ? ts_node_named_child(d, 0)
						   : ts_node_child_by_field_name(d, "declarator", 10);
		}
		if (!ts_node_is_null(d) && is(p, d, S_IDENT)) {
			struct local *l;
			size_t dlen;
			const char *dtext = node_text(p, decl, &dlen);

			ALLOC_GROW(p->locals, p->nr_locals + 1, p->alloc_locals);
			l = &p->locals[p->nr_locals++];
			l->name = node_text(p, d, &l->len);
			l->pointer = pointer;
			l->dims = own_storage ? dims : 0;
			l->type = type;
			l->type_len = type_len;
			l->cursor = pointer && type_len == 6 && !memcmp(type, "loff_t", 6);
			l->user = pointer && memmem(dtext, dlen, "__user", 6) != NULL;
			l->own = is(p, decl, S_DECL);
		}
	}
	ts_tree_cursor_delete(&c);
}

/* Iterative pre-order walk over the subtree of root. */
struct walk {
	TSTreeCursor c;
	unsigned depth;
	bool started;
	size_t *work;		/* counts the steps */
};

static void walk_init(struct walk *w, TSNode root, size_t *work)
{
	w->c = ts_tree_cursor_new(root);
	w->depth = 0;
	w->started = false;
	w->work = work;
}

/* Advances to the next node; skip_children prunes the current one's subtree. */
static bool walk_next(struct walk *w, bool skip_children)
{
	(*w->work)++;
	if (!w->started) {
		w->started = true;
		return true;
	}
	if (!skip_children && ts_tree_cursor_goto_first_child(&w->c)) {
		w->depth++;
		return true;
	}
	while (w->depth > 0) {
		if (ts_tree_cursor_goto_next_sibling(&w->c))
			return true;
		ts_tree_cursor_goto_parent(&w->c);
		w->depth--;
	}
	return false;
}

/*
 * Annotations such as __user break the parse of a parameter; the names in
 * a parameter list are parameters all the same. Those add_declared() did
 * not see are added without a type.
 */
static void add_param_names(struct parser *p, TSNode list)
{
	struct walk w;

	walk_init(&w, list, &p->work);
	while (walk_next(&w, false)) {
		TSNode n = ts_tree_cursor_current_node(&w.c);
		const char *s;
		size_t len;

		if (!is(p, n, S_IDENT))
			continue;
		s = node_text(p, n, &len);
		if (!find_local(p, s, len)) {
			struct local *l;

			ALLOC_GROW(p->locals, p->nr_locals + 1, p->alloc_locals);
			l = &p->locals[p->nr_locals++];
			l->name = s;
			l->len = len;
			l->pointer = true;
			l->dims = 0;
			l->type = NULL;
			l->type_len = 0;
			l->own = false;		/* a parameter's or a broken declaration's */
			{
				/* the declaration around the name, broken or not */
				TSNode decl = ts_node_parent(n);
				size_t dlen = len;
				const char *dtext = ts_node_is_null(decl) ? s : node_text(p, decl, &dlen);

				l->user = memmem(dtext, dlen, "__user", 6) != NULL;
				l->cursor = memmem(dtext, dlen, "loff_t", 6) != NULL;
			}
		}
	}
	ts_tree_cursor_delete(&w.c);
}

static void collect_locals(struct parser *p, TSNode root)
{
	struct walk w;

	p->nr_locals = 0;
	walk_init(&w, root, &p->work);
	while (walk_next(&w, false)) {
		TSNode n = ts_tree_cursor_current_node(&w.c);

		if (is(p, n, S_DECL) || is(p, n, S_PARAM_DECL))
			add_declared(p, n);
		else if (is(p, n, S_PARAM_LIST))
			add_param_names(p, n);
	}
	ts_tree_cursor_delete(&w.c);
}

/* ---- accesses ---- */

/*
 * The nodes collect() must not descend into, as a hash set of byte ranges
 * (a node with the range of a skipped one is it, or lies within it). An
 * entry counts only in the generation it was added in, so each collect()
 * starts empty without clearing the table.
 */
struct skip_slot {
	uint64_t range;
	unsigned gen;
};

static uint64_t range_of(TSNode n)
{
	return ((uint64_t)ts_node_start_byte(n) << 32) | ts_node_end_byte(n);
}

static size_t skip_slot(const struct parser *p, uint64_t range)
{
	size_t i = (size_t)((range * 0x9e3779b97f4a7c15ull) >> 20) & (p->skip_size - 1);

	while (p->skips[i].gen == p->skip_gen && p->skips[i].range != range)
		i = (i + 1) & (p->skip_size - 1);
	return i;
}

static void skip_node(struct parser *p, TSNode n)
{
	size_t i;

	if (ts_node_is_null(n))
		return;
	if (2 * (p->nr_skips + 1) > p->skip_size) {
		struct skip_slot *old = p->skips;
		size_t old_size = p->skip_size, k;

		p->skip_size = old_size ? old_size * 2 : 64;
		p->skips = xcalloc(p->skip_size, sizeof(*p->skips));
		for (k = 0; k < old_size; k++)
			if (old[k].gen == p->skip_gen)
				p->skips[skip_slot(p, old[k].range)] = old[k];
		free(old);
	}
	i = skip_slot(p, range_of(n));
	if (p->skips[i].gen != p->skip_gen) {
		p->skips[i].range = range_of(n);
		p->skips[i].gen = p->skip_gen;
		p->nr_skips++;
	}
}

static bool is_skipped(struct parser *p, TSNode n)
{
	if (!p->skip_size)
		return false;
	return p->skips[skip_slot(p, range_of(n))].gen == p->skip_gen;
}

static char *normalise(const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	bool space = false;

	for (i = 0; i < len && sb.len < 200; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r'))
			continue;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = true;
			continue;
		}
		/* no control character reaches a terminal, a diff or a mail */
		if ((unsigned char)c < 0x20 || c == 0x7f)
			c = '?';
		if (space && sb.len && !strchr("[]().>", c) &&
		    !strchr("[(.", sb.buf[sb.len - 1]) &&
		    !(sb.len >= 2 && sb.buf[sb.len - 1] == '>' && sb.buf[sb.len - 2] == '-'))
			strbuf_addch(&sb, ' ');
		space = false;
		if (c == '-' && i + 1 < len && s[i + 1] == '>' && sb.len && sb.buf[sb.len - 1] == ' ')
			sb.len--;
		strbuf_addch(&sb, c);
	}
	if (i < len)
		strbuf_adds(&sb, "...");
	return strbuf_detach(&sb);
}

/* Strips '&' and parentheses: the location an address argument names. */
static TSNode location_of(const struct parser *p, TSNode n)
{
	for (;;) {
		if (is(p, n, S_PAREN_EXPR) && ts_node_named_child_count(n) == 1) {
			n = ts_node_named_child(n, 0);
			continue;
		}
		if (is(p, n, S_POINTER)) {
			TSNode op = ts_node_child(n, 0);

			if (!ts_node_is_null(op) && !strcmp(ts_node_type(op), "&")) {
				TSNode arg = ts_node_child_by_field_name(n, "argument", 8);

				if (ts_node_is_null(arg))
					return n;
				n = arg;
				continue;
			}
		}
		return n;
	}
}

static bool is_c_keyword(const char *s, size_t len);
static const char *callee_name(const struct parser *p, TSNode n, size_t *len);

/*
 * The type path of an access: "aio_ring.tail" for ring->tail when ring's
 * type is visible in the function, "kioctx.ring.tail" for ctx->ring->tail
 * (the pair stage resolves the middle), "@gvar.field" for a global's member.
 * Subscripts are looked through: s->slot[i] is s->slot.
 */
static char *type_path(const struct parser *p, TSNode n)
{
	struct strbuf fields = STRBUF_INIT;
	const struct local *l;
	const char *a;
	size_t alen, depth = 0;
	char *out = NULL;

	for (;;) {
		if (is(p, n, S_SUBSCRIPT) || (is(p, n, S_PAREN_EXPR) && ts_node_named_child_count(n) == 1)) {
			n = is(p, n, S_SUBSCRIPT) ? ts_node_child_by_field_name(n, "argument", 8)
						  : ts_node_named_child(n, 0);
		} else if (is(p, n, S_FIELD)) {
			TSNode field = ts_node_child_by_field_name(n, "field", 5);
			struct strbuf sb = STRBUF_INIT;
			size_t flen;
			const char *f;

			if (ts_node_is_null(field) || ++depth > 8)
				goto out;
			f = node_text(p, field, &flen);
			strbuf_addch(&sb, '.');
			strbuf_add(&sb, f, flen);
			strbuf_add(&sb, fields.buf, fields.len);
			strbuf_release(&fields);
			fields = sb;
			n = ts_node_child_by_field_name(n, "argument", 8);
		} else {
			break;
		}
		if (ts_node_is_null(n))
			goto out;
	}
	if (depth && is(p, n, S_CALL)) {
		/* EXT4_SB(sb)->s_mount_opt: the struct its function returns */
		const char *fn = callee_name(p, n, &alen);
		bool w;
		int addr;

		if (fn && !prim_marked_access(fn, alen, &w, &addr))
			out = xasprintf("()%.*s%s", (int)alen, fn, fields.buf);
		goto out;
	}
	if (!depth || !is(p, n, S_IDENT))
		goto out;
	a = node_text(p, n, &alen);
	l = find_local(p, a, alen);
	if (l && l->type)
		out = xasprintf("%.*s%s", (int)l->type_len, l->type, fields.buf);
	else if (!l && !p->is_macro && !is_c_keyword(a, alen))
		out = xasprintf("@%.*s%s", (int)alen, a, fields.buf);
out:
	strbuf_release(&fields);
	return out;
}

/* "aio_ring.tail" when the type path has one level and a visible type. */
static char *object_of(const char *type_path)
{
	const char *dot = type_path ? strchr(type_path, '.') : NULL;

	if (!dot || type_path[0] == '@' || type_path[0] == '(' || strchr(dot + 1, '.'))
		return NULL;
	return xstrdup(type_path);
}

/* Error recovery can leave a keyword (struct in container_of()) as an identifier. */
static bool is_c_keyword(const char *s, size_t len)
{
	static const char *const kw[] = {
		"struct", "union", "enum", "const", "volatile", "unsigned", "signed",
		"int", "long", "short", "char", "void", "static", "inline", "typeof",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kw); i++)
		if (strlen(kw[i]) == len && !memcmp(kw[i], s, len))
			return true;
	return false;
}

/* per_cpu(var, cpu): the copy of a per-CPU variable of some CPU, a location. */
static bool is_per_cpu(const struct parser *p, TSNode n)
{
	TSNode fn;
	size_t len;
	const char *s;

	if (!is(p, n, S_CALL))
		return false;
	fn = ts_node_child_by_field_name(n, "function", 8);
	if (ts_node_is_null(fn) || !is(p, fn, S_IDENT))
		return false;
	s = node_text(p, fn, &len);
	return len == 7 && !memcmp(s, "per_cpu", 7);
}

/* Whether an unmarked access to n can touch memory other threads see. */
static bool is_shared(const struct parser *p, TSNode n)
{
	unsigned subscripts = 0;	/* [] taken on the way down from the access */

	for (;;) {
		const struct local *l;
		const char *s;
		size_t len;

		if (is(p, n, S_IDENT)) {
			if (p->is_macro)
				return false;
			s = node_text(p, n, &len);
			/* current is the running task's pointer, no shared datum */
			if (len == 7 && !memcmp(s, "current", 7))
				return false;
			if (find_local(p, s, len) || is_c_keyword(s, len) ||
			    (len > 2 && s[0] == '_' && s[1] == '_' && len < 12 &&
			     (!memcmp(s, "__user", 6) || !memcmp(s, "__iomem", 7) ||
			      !memcmp(s, "__rcu", 5) || !memcmp(s, "__percpu", 8) ||
			      !memcmp(s, "__force", 7))))
				return false;
			/* constants and macros are upper case */
			for (; len; len--, s++)
				if (*s >= 'a' && *s <= 'z')
					return true;
			return false;
		}
		if (is(p, n, S_PAREN_EXPR) && ts_node_named_child_count(n) == 1) {
			n = ts_node_named_child(n, 0);
			continue;
		}
		if (is(p, n, S_POINTER))
			return true;
		if (is_per_cpu(p, n))
			return true;
		/* "((struct c *)ring->buf)[i]": an element of what the cast pointer points to */
		if (is(p, n, S_CAST) && subscripts) {
			n = ts_node_child_by_field_name(n, "value", 5);
			if (ts_node_is_null(n))
				return false;
			continue;
		}
		if (is(p, n, S_FIELD) || is(p, n, S_SUBSCRIPT)) {
			TSNode arg = ts_node_child_by_field_name(n, "argument", 8);
			TSNode op = ts_node_child_by_field_name(n, "operator", 8);

			if (ts_node_is_null(arg))
				return false;
			if (is(p, n, S_FIELD) && !ts_node_is_null(op) &&
			    !strcmp(ts_node_type(op), "->"))
				return true;
			subscripts += is(p, n, S_SUBSCRIPT);
			if (is(p, arg, S_IDENT)) {
				s = node_text(p, arg, &len);
				l = find_local(p, s, len);
				/* an element of the function's own array is its own storage */
				if (l)
					return l->pointer && is(p, n, S_SUBSCRIPT) &&
					       !(l->dims && subscripts <= l->dims);
				return true;
			}
			n = arg;
			continue;
		}
		return false;
	}
}

/* The identifier an access path starts from: q of q->a.b, p of *p, buf of buf[i]. */
static TSNode base_of(const struct parser *p, TSNode n)
{
	unsigned depth;

	for (depth = 0; depth < 64 && !ts_node_is_null(n); depth++) {
		if (is(p, n, S_IDENT))
			return n;
		if (is(p, n, S_FIELD) || is(p, n, S_SUBSCRIPT) || is(p, n, S_POINTER))
			n = ts_node_child_by_field_name(n, "argument", 8);
		else if ((is(p, n, S_PAREN_EXPR) && ts_node_named_child_count(n) == 1))
			n = ts_node_named_child(n, 0);
		else if (is(p, n, S_CAST))
			n = ts_node_child_by_field_name(n, "value", 5);
		else
			break;
	}
	return (TSNode){ 0 };
}

/*
 * Whether access n is a field of the running task's credentials,
 * current_cred()->field or current_real_cred()->field: a struct cred is
 * never changed in place once installed (commit_creds() replaces it, and
 * only the task itself does), except its reference count, usage.
 */
static bool is_current_cred(const struct parser *p, TSNode n)
{
	TSNode arg, fn, field;
	size_t len, flen;
	const char *s, *f;
	unsigned depth;

	/* down to the field read from the call: current_cred()->fsuid.val */
	for (depth = 0; depth < 64; depth++) {
		if (!is(p, n, S_FIELD))
			return false;
		arg = ts_node_child_by_field_name(n, "argument", 8);
		if (ts_node_is_null(arg))
			return false;
		if (is(p, arg, S_CALL))
			break;
		n = arg;
	}
	if (depth == 64)
		return false;
	field = ts_node_child_by_field_name(n, "field", 5);
	fn = ts_node_child_by_field_name(arg, "function", 8);
	if (ts_node_is_null(field) || ts_node_is_null(fn) || !is(p, fn, S_IDENT))
		return false;
	s = node_text(p, fn, &len);
	f = node_text(p, field, &flen);
	if (flen == 5 && !memcmp(f, "usage", 5))
		return false;
	return (len == 12 && !memcmp(s, "current_cred", 12)) ||
	       (len == 17 && !memcmp(s, "current_real_cred", 17));
}

/*
 * Whether local pointer l is only ever set from this_cpu_ptr(),
 * raw_cpu_ptr() or get_cpu_ptr() in the function (at least once), never
 * moved, and its address never taken: it points to this CPU's copy.
 */
static bool set_from_this_cpu(const struct parser *p, const struct local *l)
{
	static const char *const forms[] = { "this_cpu_ptr(", "raw_cpu_ptr(", "get_cpu_ptr(" };
	const char *t = p->text + p->prefix, *end = p->text + p->text_len, *at;
	size_t sets = 0, f;

	if (!l->own || !l->pointer)
		return false;
	for (at = memmem(t, (size_t)(end - t), l->name, l->len); at;
	     at = memmem(at + 1, (size_t)(end - at - 1), l->name, l->len)) {
		const char *q = at + l->len, *b = at;

		if ((at > p->text && is_c_ident_char(at[-1])) || (q < end && is_c_ident_char(*q)))
			continue;
		while (b > p->text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > p->text && unary_amp(p->text, b - 1))
			return false;
		if (b - p->text >= 2 && ((b[-1] == '+' && b[-2] == '+') || (b[-1] == '-' && b[-2] == '-')))
			return false;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q + 1 < end && (q[0] == '+' || q[0] == '-') && (q[1] == q[0] || q[1] == '='))
			return false;
		if (q + 1 >= end || q[0] != '=' || q[1] == '=')
			continue;
		for (q++; q < end && (*q == ' ' || *q == '\t' || *q == '\n'); q++)
			;
		for (f = 0; f < ARRAY_SIZE(forms); f++)
			if ((size_t)(end - q) > strlen(forms[f]) && !memcmp(q, forms[f], strlen(forms[f])))
				break;
		if (f == ARRAY_SIZE(forms))
			return false;
		sets++;
	}
	return sets > 0;
}

/* What can be told of the access at n from the function around it. */
static unsigned access_flags(const struct parser *p, TSNode n, const char *via)
{
	TSNode base = base_of(p, n);
	unsigned flags = 0;

	if (is_current_cred(p, n))
		flags |= ACCESS_CURRENT_CRED;

	if (via && prim_this_cpu_op(via, strlen(via)))
		flags |= ACCESS_THIS_CPU;
	if (is_per_cpu(p, n))
		flags |= ACCESS_PER_CPU;
	if (!ts_node_is_null(base)) {
		size_t len;
		const char *s = node_text(p, base, &len);
		const struct local *l = find_local(p, s, len);

		if (l && l->cursor)
			flags |= ACCESS_CURSOR;
		if (l && l->user)
			flags |= ACCESS_USER;
		if (l && !ts_node_eq(base, n) && set_from_this_cpu(p, l))
			flags |= ACCESS_THIS_CPU_PTR;
		if (!l && len == 7 && !memcmp(s, "current", 7) && !ts_node_eq(base, n))
			flags |= ACCESS_CURRENT;
	}
	return flags;
}

static struct access *add_access(struct parser *p, struct access_list *out, const char *via,
				 unsigned group, TSNode n, TSNode whole, bool is_write, bool marked)
{
	struct access a;
	size_t len;
	const char *s = node_text(p, n, &len);

	a.path = normalise(s, len);
	a.type_path = type_path(p, n);
	a.object = object_of(a.type_path);
	a.is_write = is_write;
	a.marked = marked;
	a.off = file_off(p, n);
	a.line = 0;
	a.via = via ? xstrdup(via) : NULL;
	a.assigned_to = NULL;
	a.value = NULL;
	a.flags = access_flags(p, n, via);
	if (p->assign_name && (ts_node_eq(n, p->assign_node) || ts_node_eq(whole, p->assign_node)))
		a.assigned_to = xstrndup(p->assign_name, p->assign_len);
	ALLOC_GROW(p->groups, out->nr + 1, p->alloc_groups);
	access_list_push(out, &a);
	p->groups[out->nr - 1] = group;
	return &out->v[out->nr - 1];
}

/* Records what a store writes, as written. */
static void set_value(const struct parser *p, struct access *a, TSNode value)
{
	size_t len;
	const char *s;

	if (ts_node_is_null(value))
		return;
	s = node_text(p, value, &len);
	a->value = normalise(s, len);
}

/* A call: marked accesses name their location; callee and plain identifier
 * arguments (often macro arguments such as a member name) are not accesses. */
static size_t file_end(const struct parser *p, TSNode n);

/*
 * Whether fn, the "function" of a call, is a type in parentheses that the
 * grammar took for a callee: a cast "(RING_IDX)(x)", "(u64)(x)",
 * "(typeof(p))(x)", as macro bodies write them. A type name by the
 * kernel's conventions: a typeof(), a name ending in _t, a scalar typedef
 * (u8, s32, __u64, __le16, __be32). Not a name in capitals: it may be a
 * macro's parameter that names a function ("(FN)(x)"), and a call is the
 * cautious reading.
 */
static bool cast_callee(const struct parser *p, TSNode fn)
{
	static const char *const scalars[] = { "u", "s", "__u", "__s", "__le", "__be" };
	TSNode in;
	const char *s;
	size_t len, i, k;

	if (!is(p, fn, S_PAREN_EXPR) || ts_node_named_child_count(fn) != 1)
		return false;
	in = ts_node_named_child(fn, 0);
	if (is(p, in, S_CALL)) {
		s = callee_name(p, in, &len);
		return s && ((len == 6 && !memcmp(s, "typeof", 6)) ||
			     (len == 10 && !memcmp(s, "__typeof__", 10)));
	}
	if (!is(p, in, S_IDENT))
		return false;
	s = node_text(p, in, &len);
	if (len > 2 && s[len - 2] == '_' && s[len - 1] == 't')
		return true;
	for (i = 0; i < ARRAY_SIZE(scalars); i++) {
		size_t n = strlen(scalars[i]);

		if (len > n && !memcmp(s, scalars[i], n)) {
			for (k = n; k < len && s[k] >= '0' && s[k] <= '9'; k++)
				;
			if (k == len && (len - n == 1 || len - n == 2))
				return true;
		}
	}
	return false;
}

/*
 * The callee name[0..len) as a call list names it, into out (size n):
 * without blanks and line breaks ("ops\n->fn" is "ops->fn"); "asm" for
 * text that holds a string (an asm statement a macro body made look like
 * a callee), which stays a call acqrel cannot follow. Its length.
 */
static size_t callee_text(const char *name, size_t len, char *out, size_t n)
{
	size_t i, k = 0;

	if (memchr(name, '"', len) || memchr(name, '\'', len)) {
		memcpy(out, "asm", 4);
		return 3;
	}
	for (i = 0; i < len && k + 1 < n; i++)
		if (name[i] != ' ' && name[i] != '\t' && name[i] != '\n' && name[i] != '\r' &&
		    name[i] != '\\')
			out[k++] = name[i];
	out[k] = '\0';
	return k;
}

static void visit_call(struct parser *p, TSNode n, struct access_list *out, unsigned group)
{
	TSNode fn = ts_node_child_by_field_name(n, "function", 8);
	TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
	uint32_t nargs;
	bool is_write, marked = false;
	int addr = 0;

	skip_node(p, fn);
	if (ts_node_is_null(args))
		return;
	nargs = ts_node_named_child_count(args);
	if (!ts_node_is_null(fn) && is(p, fn, S_IDENT)) {
		size_t len;
		const char *s = node_text(p, fn, &len);

		marked = prim_marked_access(s, len, &is_write, &addr);
	}
	if (!marked && !ts_node_is_null(fn) && !cast_callee(p, fn)) {
		size_t len;
		const char *name = node_text(p, fn, &len);

		if (p->calls_out && len < 128) {
			char clean[128];
			size_t cn = callee_text(name, len, clean, sizeof(clean));

			if (cn)
				call_list_push(p->calls_out, clean, cn, file_off(p, n));
		}

		if (!is(p, fn, S_IDENT) || !prim_benign_call(name, len)) {
			if (!p->nr_calls++) {
				p->call_name = name;
				p->call_len = len;
			}
		}
	}
	if (!ts_node_is_null(fn) && is(p, fn, S_IDENT)) {
		size_t len;
		const char *name = node_text(p, fn, &len);

		if (prim_classify(name, len) == PRIM_FENCE && !p->saw_fence) {
			char fence[32];
			bool stores = false, loads = false;

			if (len < sizeof(fence)) {
				memcpy(fence, name, len);
				fence[len] = '\0';
				prim_fence_orders(fence, &stores, &loads);
			}
			p->saw_fence = true;
			p->fence_full = stores && loads;
			p->fence_off = file_off(p, fn);
			/* smp_store_mb(x, v) stores x before its smp_mb() */
			p->fence_stores_until = len == 12 && !memcmp(name, "smp_store_mb", 12)
						? file_end(p, n) : 0;
		}
		p->saw_mmio |= prim_mmio(name, len);
	}
	if (!ts_node_is_null(fn) && is(p, fn, S_IDENT) && nargs > 0) {
		size_t len;
		const char *name = node_text(p, fn, &len);

		int from = prim_member_designators(name, len);

		if (prim_waitqueue_by_name(name, len))
			skip_node(p, ts_node_named_child(args, 0));
		/* container_of(ptr, type, member): a type and a member name, no access */
		for (; from >= 0 && (uint32_t)from < nargs; from++)
			skip_node(p, ts_node_named_child(args, (uint32_t)from));
	}
	if (marked && nargs > 0) {
		TSNode a = ts_node_named_child(args, addr < 0 ? nargs - 1 : (uint32_t)addr);

		if (!ts_node_is_null(a) && !is(p, a, S_COMMENT)) {
			size_t len;
			const char *name = node_text(p, fn, &len);
			char *via = xstrndup(name, len);

			struct access *rec = add_access(p, out, via, group, location_of(p, a), n,
							is_write, true);

			/* WRITE_ONCE(x, v), smp_store_release(&x, v), atomic_set(v, i) */
			if (is_write && addr == 0 && nargs == 2)
				set_value(p, rec, ts_node_named_child(args, 1));
			/* set_bit(nr, addr), test_bit(nr, addr): the bit */
			if (addr == 1)
				set_value(p, rec, ts_node_named_child(args, 0));
			free(via);
			skip_node(p, a);
		}
	}
	/* through a cursor: ts_node_named_child(args, i) walks i children */
	{
		TSTreeCursor c = ts_tree_cursor_new(args);

		if (ts_tree_cursor_goto_first_child(&c)) {
			do {
				TSNode a = ts_tree_cursor_current_node(&c);

				p->work++;
				if (is(p, a, S_IDENT))
					skip_node(p, a);
			} while (ts_tree_cursor_goto_next_sibling(&c));
		}
		ts_tree_cursor_delete(&c);
	}
}

/* The one argument of value, a byte-order conversion call; else a null node. */
static TSNode byteorder_argument(const struct parser *p, TSNode value)
{
	TSNode fn = ts_node_child_by_field_name(value, "function", 8), args;
	const char *s;
	size_t len;

	if (!is(p, value, S_CALL) || ts_node_is_null(fn) || !is(p, fn, S_IDENT))
		return (TSNode){ 0 };
	s = node_text(p, fn, &len);
	args = ts_node_child_by_field_name(value, "arguments", 9);
	if (!prim_byteorder_call(s, len) || ts_node_is_null(args) ||
	    ts_node_named_child_count(args) != 1)
		return (TSNode){ 0 };
	return ts_node_named_child(args, 0);
}

/*
 * Remembers "local = value" so that the load of value can name the local;
 * through parentheses, casts and byte-order conversions
 * ("hw_cons = le16_to_cpu(*txdata->tx_cons_sb)").
 */
static void note_assignment(struct parser *p, TSNode left, TSNode value)
{
	while (!ts_node_is_null(left) && is(p, left, S_PTR_DECL))
		left = ts_node_child_by_field_name(left, "declarator", 10);
	while (!ts_node_is_null(value)) {
		if (is(p, value, S_PAREN_EXPR) && ts_node_named_child_count(value) == 1)
			value = ts_node_named_child(value, 0);
		else if (is(p, value, S_CAST))
			value = ts_node_child_by_field_name(value, "value", 5);
		else if (is(p, value, S_CALL) && !ts_node_is_null(byteorder_argument(p, value)))
			value = byteorder_argument(p, value);
		else
			break;
	}
	if (ts_node_is_null(left) || ts_node_is_null(value) || !is(p, left, S_IDENT))
		return;
	p->assign_name = node_text(p, left, &p->assign_len);
	p->assign_node = value;
}

/*
 * Whether n, the walk's node, is the condition of an if, while, do or
 * switch: a group of its own, evaluated before the branch it guards. A
 * parenthesised part of an expression is not ("x = (x + 1) | 1;" loads x
 * before it stores x, in one statement).
 */
static bool is_condition(const struct parser *p, const struct walk *w, TSNode n)
{
	const char *field;

	if (!is(p, n, S_PAREN_EXPR))
		return false;
	field = ts_tree_cursor_current_field_name(&w->c);
	return field && !strcmp(field, "condition");
}

/*
 * Collects the accesses in the subtree of root, in source order. Each
 * access is tagged with the simple statement (or condition) it belongs to,
 * in p->groups; returns the number of groups seen.
 */
static void collect(struct parser *p, TSNode root, struct access_list *out)
{
	struct walk w;
	unsigned *stack = NULL, counter = 0;
	size_t alloc_stack = 0;
	bool skip = false;

	p->nr_skips = 0;
	p->skip_gen++;
	p->call_name = NULL;
	p->assign_name = NULL;
	walk_init(&w, root, &p->work);
	while (walk_next(&w, skip)) {
		TSNode n = ts_tree_cursor_current_node(&w.c);
		unsigned group;

		skip = false;
		ALLOC_GROW(stack, (size_t)w.depth + 1, alloc_stack);
		if (w.depth == 0 || is(p, n, S_EXPR_STMT) || is(p, n, S_DECL) ||
		    is(p, n, S_RETURN) || is(p, n, S_INIT_DECL) || is_condition(p, &w, n))
			group = ++counter;
		else
			group = stack[w.depth - 1];
		stack[w.depth] = group;

		if (!ts_node_is_named(n) || is_skipped(p, n)) {
			skip = true;
			continue;
		}
		if (is(p, n, S_COMMENT) || is(p, n, S_STRING) || is(p, n, S_CHAR) ||
		    is(p, n, S_NUMBER) || is(p, n, S_SIZEOF) || is(p, n, S_ALIGNOF) ||
		    is(p, n, S_OFFSETOF) || is(p, n, S_TYPE_DESC) || is(p, n, S_CONCAT_STRING)) {
			skip = true;
		} else if (is(p, n, S_GOTO)) {
			skip = true;	/* its label is no variable */
		} else if (is(p, n, S_LABELED)) {
			TSNode label = ts_node_child_by_field_name(n, "label", 5);

			if (!ts_node_is_null(label))
				skip_node(p, label);	/* a label inside the collected statement */
		} else if (is(p, n, S_CALL) && is_per_cpu(p, n)) {
			add_access(p, out, NULL, group, n, n, false, false);
			skip = true;
		} else if (is(p, n, S_CALL)) {
			visit_call(p, n, out, group);
		} else if (is(p, n, S_ASSIGN)) {
			TSNode left = ts_node_child_by_field_name(n, "left", 4);

			note_assignment(p, left, ts_node_child_by_field_name(n, "right", 5));
			if (!ts_node_is_null(left) && is_shared(p, left))
			{
				struct access *rec = add_access(p, out, NULL, group, left, left,
								true, false);
				TSNode op = ts_node_child_by_field_name(n, "operator", 8);

				if (!ts_node_is_null(op) && !strcmp(ts_node_type(op), "="))
					set_value(p, rec, ts_node_child_by_field_name(n, "right", 5));
			}
			skip_node(p, left);
		} else if (is(p, n, S_UPDATE)) {
			TSNode arg = ts_node_child_by_field_name(n, "argument", 8);

			if (!ts_node_is_null(arg) && is_shared(p, arg))
				add_access(p, out, NULL, group, arg, arg, true, false);
			skip = true;
		} else if (is(p, n, S_INIT_DECL)) {
			TSNode d = ts_node_child_by_field_name(n, "declarator", 10);

			note_assignment(p, d, ts_node_child_by_field_name(n, "value", 5));
			skip_node(p, d);
		} else if (is(p, n, S_POINTER)) {
			TSNode op = ts_node_child(n, 0);

			if (!strcmp(ts_node_type(op), "&"))
				skip = true;	/* address taken, nothing loaded */
			else if (is_shared(p, n))
				add_access(p, out, NULL, group, n, n, false, false), skip = true;
		} else if (is(p, n, S_FIELD) || is(p, n, S_SUBSCRIPT) || is(p, n, S_IDENT)) {
			if (is_shared(p, n))
				add_access(p, out, NULL, group, n, n, false, false);
			skip = true;
		}
	}
	ts_tree_cursor_delete(&w.c);
	free(stack);
}

/* Keeps only the accesses of the first (or last) group in l. */
static void keep_group(struct parser *p, struct access_list *l, bool last)
{
	size_t i, j = 0;
	unsigned g;

	if (!l->nr)
		return;
	g = p->groups[0];
	for (i = 1; i < l->nr; i++)
		if (last ? p->groups[i] > g : p->groups[i] < g)
			g = p->groups[i];
	for (i = 0; i < l->nr; i++) {
		if (p->groups[i] == g) {
			l->v[j++] = l->v[i];
		} else {
			access_free(&l->v[i]);
		}
	}
	l->nr = j;
}

/* Flags a call next to the barrier, keeping the name of the first one seen. */
static void note_call(struct parser *p, bool *call, char **name)
{
	*call = true;
	if (name && !*name && p->call_name)
		*name = xstrndup(p->call_name, p->call_len);
}

static bool is_jump(const struct parser *p, TSNode n)
{
	return is(p, n, S_RETURN) || is(p, n, S_BREAK) || is(p, n, S_CONTINUE) || is(p, n, S_GOTO);
}

/*
 * Per-parse memo of nodes: a hash of (id, start byte) to the node's named
 * children in kid_pool and whether a jump sits in it. An entry counts only
 * in the generation (parse) it was made in.
 */
struct memo_slot {
	const void *id;
	uint32_t start;
	unsigned gen;
	size_t kids_off, nr_kids;	/* nr_kids == SIZE_MAX: not listed yet */
	signed char jump;		/* -1: not known yet */
};

static size_t memo_hash(const struct parser *p, TSNode n)
{
	uint64_t h = (uint64_t)(uintptr_t)n.id * 0x9e3779b97f4a7c15ull ^ ts_node_start_byte(n);

	return (size_t)(h >> 17) & (p->memo_size - 1);
}

static struct memo_slot *memo_of(struct parser *p, TSNode n)
{
	size_t i;

	if (2 * (p->nr_memo + 1) > p->memo_size) {
		struct memo_slot *old = p->memo;
		size_t old_size = p->memo_size, k;

		p->memo_size = old_size ? old_size * 2 : 256;
		p->memo = xcalloc(p->memo_size, sizeof(*p->memo));
		for (k = 0; k < old_size; k++) {
			if (old[k].gen != p->memo_gen)
				continue;
			for (i = (size_t)(((uint64_t)(uintptr_t)old[k].id * 0x9e3779b97f4a7c15ull ^
					   old[k].start) >> 17) & (p->memo_size - 1);
			     p->memo[i].gen == p->memo_gen; i = (i + 1) & (p->memo_size - 1))
				;
			p->memo[i] = old[k];
		}
		free(old);
	}
	for (i = memo_hash(p, n); p->memo[i].gen == p->memo_gen;
	     i = (i + 1) & (p->memo_size - 1))
		if (p->memo[i].id == n.id && p->memo[i].start == ts_node_start_byte(n))
			return &p->memo[i];
	p->memo[i].id = n.id;
	p->memo[i].start = ts_node_start_byte(n);
	p->memo[i].gen = p->memo_gen;
	p->memo[i].nr_kids = SIZE_MAX;
	p->memo[i].jump = -1;
	p->nr_memo++;
	return &p->memo[i];
}

/* Whether a jump statement sits anywhere in n. */
static bool contains_jump(struct parser *p, TSNode n)
{
	struct memo_slot *m = memo_of(p, n);
	struct walk w;
	bool found = false;

	if (m->jump >= 0)
		return m->jump;
	walk_init(&w, n, &p->work);
	while (!found && walk_next(&w, false))
		found = is_jump(p, ts_tree_cursor_current_node(&w.c));
	ts_tree_cursor_delete(&w.c);
	memo_of(p, n)->jump = found;
	return found;
}

/*
 * A statement of the window that is a call, "f(...);" or "x = f(...);":
 * marks it direct among the calls collect() listed from index had on
 * (what a fence in its body orders: classify.c, rule R).
 */
static void mark_direct(struct parser *p, TSNode s, size_t had)
{
	TSNode e, call;
	size_t i, at;

	if (!p->calls_out || !is(p, s, S_EXPR_STMT) || !ts_node_named_child_count(s))
		return;
	e = ts_node_named_child(s, 0);
	call = is(p, e, S_ASSIGN) ? ts_node_child_by_field_name(e, "right", 5) : e;
	if (ts_node_is_null(call) || !is(p, call, S_CALL))
		return;
	at = file_off(p, call);
	for (i = had; i < p->calls_out->nr; i++)
		if (p->calls_out->v[i].off == at)
			p->calls_out->v[i].direct = true;
}

/* Bounds on how far the search for a neighbouring access goes. */
#define NEIGHBOUR_LEVELS 64
#define NEIGHBOUR_SIBLINGS 32
/* Statements a window reaches, up to the next barrier. */
#define WINDOW_STATEMENTS 8

/*
 * The named children of parent: kid_pool[p->kids_off ..] (valid until the
 * next call; kid_pool may move). Listed through a cursor once per parse
 * (sibling calls walk from the root), then taken from the memo.
 */
static size_t children_of(struct parser *p, TSNode parent)
{
	struct memo_slot *m = memo_of(p, parent);
	TSTreeCursor c;
	size_t off = p->nr_pool;

	if (m->nr_kids != SIZE_MAX) {
		p->kids_off = m->kids_off;
		return m->nr_kids;
	}
	c = ts_tree_cursor_new(parent);
	if (ts_tree_cursor_goto_first_child(&c)) {
		do {
			TSNode k = ts_tree_cursor_current_node(&c);

			p->work++;
			if (!ts_node_is_named(k))
				continue;
			ALLOC_GROW(p->kid_pool, p->nr_pool + 1, p->alloc_pool);
			p->kid_pool[p->nr_pool++] = k;
		} while (ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
	m = memo_of(p, parent);
	m->kids_off = off;
	m->nr_kids = p->nr_pool - off;
	p->kids_off = off;
	return m->nr_kids;
}

/* The index of node among the n children at kid_pool[off..], or n: by start byte. */
static size_t child_index(struct parser *p, size_t off, size_t n, TSNode node)
{
	uint32_t so = ts_node_start_byte(node);
	size_t lo = 0, hi = n, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		p->work++;
		if (ts_node_start_byte(p->kid_pool[off + mid]) < so)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* zero-width nodes can share a start: look at each with this start */
	for (k = lo; k < n && ts_node_start_byte(p->kid_pool[off + k]) == so; k++)
		if (ts_node_eq(p->kid_pool[off + k], node))
			return k;
	return n;
}

/*
 * The accesses of the nearest statement before (or after) path[at] in
 * execution order, climbing out of blocks and conditions up to the
 * function body. path[0..at] are the node's ancestors, root first.
 */
static void neighbour(struct parser *p, size_t at, bool after, struct access_list *out,
		      bool *call, char **name, bool window)
{
	size_t levels, statements = 0;

	p->window_direct = true;
	for (levels = 0; at > 0 && levels < NEIGHBOUR_LEVELS; levels++, at--) {
		TSNode node = p->path[at], parent = p->path[at - 1];
		TSNode conseq = ts_node_child_by_field_name(parent, "consequence", 11);
		size_t i, k, nr, off, seen = 0;

		if (is(p, parent, S_FUNC_DEF) || is(p, parent, S_TU)) {
			if (after)
				p->reached_end = true;
			else
				p->reached_start = true;
			return;
		}
		nr = children_of(p, parent);
		off = p->kids_off;
		k = child_index(p, off, nr, node);
		if (k == nr)
			continue;
		for (i = k; after ? i + 1 < nr : i > 0; seen++) {
			TSNode s, part;
			bool jumps;

			i = after ? i + 1 : i - 1;
			s = p->kid_pool[off + i];
			if (seen >= NEIGHBOUR_SIBLINGS)
				break;
			if (is(p, s, S_COMMENT))
				continue;
			/* another case of the switch: not before or after this one */
			if (is(p, s, S_CASE))
				return;
			/* code before a jump does not run before what follows it */
			if (!after && is_jump(p, s))
				return;
			if (is(p, parent, S_IF)) {
				/* then and else branches do not run one after the other */
				if (!after && is(p, node, S_ELSE) && !ts_node_is_null(conseq) &&
				    ts_node_eq(s, conseq))
					continue;
				if (after && is(p, s, S_ELSE))
					continue;
			}
			/* before: of an if whose branch jumps away, only the condition ran */
			part = s;
			if (!after && is(p, s, S_IF) && contains_jump(p, s))
				part = ts_node_child_by_field_name(s, "condition", 9);
			if (ts_node_is_null(part))
				continue;
			/*
			 * A label is no access (a cursor sees it as a plain
			 * identifier), and other paths join there: what comes
			 * before it need not run before what follows.
			 */
			if (!strcmp(ts_node_type(part), "statement_identifier")) {
				if (!after)
					return;
				p->window_direct = false;
				continue;
			}
			jumps = after && is_jump(p, s);
			p->nr_calls = 0;
			if (window) {
				size_t had = out->nr, had_calls = p->calls_out ? p->calls_out->nr : 0;

				if (after && (is(p, s, S_LABELED) || contains_jump(p, s)))
					p->window_direct = false;
				p->saw_fence = false;
				collect(p, part, out);
				if (p->window_direct && ts_node_eq(part, s))
					mark_direct(p, s, had_calls);
				if (p->saw_fence) {
					/*
					 * the window ends at the next barrier; after the
					 * site, the loads the statement makes before that
					 * barrier stay ("if (atomic_read(&x)) { ...
					 * smp_wmb(); }": the condition)
					 */
					size_t keep = had, m;

					for (m = had; m < out->nr; m++) {
						if (after && out->v[m].off < (out->v[m].is_write
									      ? p->fence_stores_until
									      : p->fence_off))
							out->v[keep++] = out->v[m];
						else
							access_free(&out->v[m]);
					}
					out->nr = keep;
					/* and the calls, when a full fence: those past it are ordered */
					if (p->calls_out && p->fence_full) {
						struct call_list *cl = p->calls_out;

						for (m = keep = had_calls; m < cl->nr; m++) {
							if (after && cl->v[m].off < p->fence_off)
								cl->v[keep++] = cl->v[m];
							else
								free(cl->v[m].name);
						}
						cl->nr = keep;
					}
					return;
				}
				if (p->nr_calls)
					note_call(p, call, name);
				if (jumps && is(p, s, S_RETURN))
					p->reached_end = true;
				if (++statements >= WINDOW_STATEMENTS || jumps)
					return;
				continue;
			}
			collect(p, part, out);
			keep_group(p, out, !after);
			if (out->nr || jumps)
				return;
			if (p->nr_calls)
				note_call(p, call, name);
		}
		/* the statements after a jump out of this block never follow it */
		if (is(p, parent, S_CASE))
			return;
	}
}

/* ---- locks ---- */

static size_t file_end(const struct parser *p, TSNode n)
{
	size_t eo = ts_node_end_byte(n);

	return eo < p->prefix ? p->file_base : p->file_base + (eo - p->prefix);
}

/* The nearest block around n, or the node itself at the top. */
static TSNode enclosing_block(const struct parser *p, TSNode n)
{
	TSNode up = ts_node_parent(n);
	unsigned depth;

	for (depth = 0; depth < 4096 && !ts_node_is_null(up); depth++) {
		if (is(p, up, S_COMPOUND))
			return up;
		n = up;
		up = ts_node_parent(n);
	}
	return n;
}

static void add_lock(struct parser *p, struct lock_list *out, TSNode arg, enum lock_op op,
		     size_t from, size_t to)
{
	struct lock_event *e;
	TSNode loc = location_of(p, arg);
	size_t len;
	const char *s = node_text(p, loc, &len);

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	e = &out->v[out->nr++];
	memset(e, 0, sizeof(*e));
	e->lock.path = normalise(s, len);
	e->lock.type_path = type_path(p, loc);
	e->lock.object = object_of(e->lock.type_path);
	e->lock.off = file_off(p, loc);
	e->op = op;
	e->scope_start = from;
	e->scope_end = to;
}

/* The first argument of call n, or a null node. */
static TSNode first_arg(const struct parser *p, TSNode n)
{
	TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
	TSNode a;

	(void)p;
	if (ts_node_is_null(args) || !ts_node_named_child_count(args))
		return (TSNode){ 0 };
	a = ts_node_named_child(args, 0);
	return a;
}

/* The identifier a call calls, or NULL. */
static const char *callee_name(const struct parser *p, TSNode n, size_t *len)
{
	TSNode fn = ts_node_child_by_field_name(n, "function", 8);

	if (ts_node_is_null(fn) || !is(p, fn, S_IDENT))
		return NULL;
	return node_text(p, fn, len);
}

/*
 * A lock that may fail, in the shapes whose outcome the code makes plain:
 * "if (!spin_trylock(l)) return;" and "if (mutex_lock_interruptible(l))
 * goto out;" hold it after the if; "if (spin_trylock(l)) { ... }" in the
 * branch. Other shapes are not followed.
 */
static void try_lock(struct parser *p, struct lock_list *out, TSNode call, const char *name,
		     size_t len)
{
	bool boolean = memmem(name, len, "trylock", 7) != NULL;	/* true when taken */
	bool negated = false;
	TSNode up = ts_node_parent(call), cond, conseq, arg = first_arg(p, call);

	if (ts_node_is_null(arg) || ts_node_is_null(up))
		return;
	if (is(p, up, S_UNARY)) {
		TSNode op = ts_node_child(up, 0);

		if (ts_node_is_null(op) || strcmp(ts_node_type(op), "!"))
			return;
		negated = true;
		up = ts_node_parent(up);
	}
	if (ts_node_is_null(up) || !is(p, up, S_PAREN_EXPR))
		return;
	cond = up;
	up = ts_node_parent(up);
	if (ts_node_is_null(up) || !is(p, up, S_IF) ||
	    !ts_node_eq(ts_node_child_by_field_name(up, "condition", 9), cond))
		return;
	conseq = ts_node_child_by_field_name(up, "consequence", 11);
	if (ts_node_is_null(conseq))
		return;
	if (boolean != negated) {
		/* the branch runs with the lock taken */
		add_lock(p, out, arg, LOCK_ACQUIRE, file_off(p, conseq), file_end(p, conseq));
		return;
	}
	/* the branch runs when it failed: if it leaves, the lock is held after the if */
	if (!ts_node_is_null(ts_node_child_by_field_name(up, "alternative", 11)) ||
	    !contains_jump(p, conseq))
		return;
	add_lock(p, out, arg, LOCK_ACQUIRE, file_end(p, up),
		 file_end(p, enclosing_block(p, up)));
}

/* The statement after the one that holds n, for scoped_guard(...) { ... }. */
static TSNode guarded_statement(const struct parser *p, TSNode n)
{
	TSNode stmt = ts_node_parent(n);

	if (ts_node_is_null(stmt) || !is(p, stmt, S_EXPR_STMT))
		return (TSNode){ 0 };
	return ts_node_next_named_sibling(stmt);
}

/* "__must_hold(&x->lock)" between the head of the function and its body. */
static void must_hold(struct parser *p, TSNode root, struct lock_list *out)
{
	TSNode def = is(p, root, S_FUNC_DEF) ? root : ts_node_named_child(root, 0), body;
	const char *head, *at, *close;
	size_t len;

	if (ts_node_is_null(def) || !is(p, def, S_FUNC_DEF))
		return;
	body = ts_node_child_by_field_name(def, "body", 4);
	if (ts_node_is_null(body))
		return;
	head = p->text + ts_node_start_byte(def);
	len = ts_node_start_byte(body) - ts_node_start_byte(def);
	for (at = memmem(head, len, "__must_hold(", 12); at;
	     at = memmem(at + 1, len - (size_t)(at + 1 - head), "__must_hold(", 12)) {
		const char *arg = at + 12;
		struct lock_event *e;

		close = memchr(arg, ')', len - (size_t)(arg - head));
		if (!close)
			break;
		while (arg < close && (*arg == '&' || *arg == ' '))
			arg++;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		e = &out->v[out->nr++];
		memset(e, 0, sizeof(*e));
		e->lock.path = normalise(arg, (size_t)(close - arg));
		e->lock.off = p->file_base;
		e->op = LOCK_ASSERT;
		e->scope_start = p->file_base;
		e->scope_end = SIZE_MAX;
	}
}

/*
 * The lock operations of the function at root, in source order: lock and
 * unlock calls, guard() and scoped_guard(), lockdep assertions, and a
 * __must_hold() annotation in the head.
 */
static void collect_locks(struct parser *p, TSNode root, struct lock_list *out)
{
	struct walk w;

	walk_init(&w, root, &p->work);
	while (walk_next(&w, false)) {
		TSNode n = ts_tree_cursor_current_node(&w.c), fn, arg;
		const char *name;
		size_t len;

		if (!is(p, n, S_CALL))
			continue;
		fn = ts_node_child_by_field_name(n, "function", 8);
		if (ts_node_is_null(fn))
			continue;
		if (is(p, fn, S_CALL)) {
			/* guard(mutex)(&m): held to the end of the block */
			name = callee_name(p, fn, &len);
			arg = first_arg(p, n);
			if (name && len == 5 && !memcmp(name, "guard", 5) && !ts_node_is_null(arg))
				add_lock(p, out, arg, LOCK_ACQUIRE, file_off(p, n),
					 file_end(p, enclosing_block(p, n)));
			continue;
		}
		if (!(name = callee_name(p, n, &len)))
			continue;
		arg = first_arg(p, n);
		if (len == 12 && !memcmp(name, "scoped_guard", 12)) {
			TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
			TSNode body = guarded_statement(p, n);

			if (!ts_node_is_null(args) && ts_node_named_child_count(args) >= 2 &&
			    !ts_node_is_null(body))
				add_lock(p, out, ts_node_named_child(args, 1), LOCK_ACQUIRE,
					 file_off(p, body), file_end(p, body));
			continue;
		}
		if (ts_node_is_null(arg))
			continue;
		switch (prim_lock_op(name, len)) {
		case PRIM_LOCK_ACQUIRE:
			add_lock(p, out, arg, LOCK_ACQUIRE, file_off(p, n),
				 file_end(p, enclosing_block(p, n)));
			break;
		case PRIM_LOCK_RELEASE:
			add_lock(p, out, arg, LOCK_RELEASE, file_off(p, n), file_off(p, n));
			break;
		case PRIM_LOCK_ASSERT:
			add_lock(p, out, arg, LOCK_ASSERT, file_off(p, n), SIZE_MAX);
			break;
		case PRIM_LOCK_TRY:
			try_lock(p, out, n, name, len);
			break;
		case PRIM_LOCK_NONE:
			break;
		}
	}
	ts_tree_cursor_delete(&w.c);
	must_hold(p, root, out);
}

/*
 * Fills p->path with the ancestors of the deepest named node at byte so,
 * each found among its parent's children by binary search.
 */
static void path_to(struct parser *p, TSNode root, uint32_t so)
{
	TSNode n = root;

	p->nr_path = 0;
	ALLOC_GROW(p->path, 1, p->alloc_path);
	p->path[p->nr_path++] = root;
	for (;;) {
		size_t nr = children_of(p, n), off = p->kids_off, lo = 0, hi = nr;

		/* the last child starting at or before so */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			p->work++;
			if (ts_node_start_byte(p->kid_pool[off + mid]) <= so)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (!lo || ts_node_end_byte(p->kid_pool[off + lo - 1]) <= so)
			break;
		n = p->kid_pool[off + lo - 1];
		ALLOC_GROW(p->path, p->nr_path + 1, p->alloc_path);
		p->path[p->nr_path++] = n;
	}
}

/*
 * A condition reduced to what it tests: outer parentheses, likely(),
 * unlikely() and '!' stripped (each '!' flips *sense). Returns the
 * remaining node, or a null node when it is no bare value (a comparison,
 * && or ||): then what it implies about the value is not plain.
 */
static TSNode bare_test(const struct parser *p, TSNode n, int *sense)
{
	unsigned depth;

	for (depth = 0; depth < 64 && !ts_node_is_null(n); depth++) {
		if (is(p, n, S_PAREN_EXPR) && ts_node_named_child_count(n) == 1) {
			n = ts_node_named_child(n, 0);
		} else if (is(p, n, S_UNARY)) {
			TSNode op = ts_node_child(n, 0);

			if (ts_node_is_null(op) || strcmp(ts_node_type(op), "!"))
				return (TSNode){ 0 };
			*sense = -*sense;
			n = ts_node_child_by_field_name(n, "argument", 8);
		} else if (is(p, n, S_CALL)) {
			size_t len;
			const char *name = callee_name(p, n, &len);

			if (name && ((len == 6 && !memcmp(name, "likely", 6)) ||
				     (len == 8 && !memcmp(name, "unlikely", 8))))
				n = first_arg(p, n);
			else
				return n;
		} else if (is(p, n, S_FIELD) || is(p, n, S_IDENT) || is(p, n, S_SUBSCRIPT) ||
			   is(p, n, S_POINTER)) {
			return n;
		} else {
			return (TSNode){ 0 };
		}
	}
	return (TSNode){ 0 };
}

/*
 * What the barrier at path[at] runs under: the test of the nearest if
 * around it (its branch runs when the test is true, its else when false)
 * or of an if before it in its block whose branch leaves (the barrier runs
 * when that test is false). Sets site->guard and site->guard_sense.
 */
static void note_guard(struct parser *p, size_t at, struct parse_site *site)
{
	size_t k;

	for (k = at; k > 0; k--) {
		TSNode node = p->path[k], parent = p->path[k - 1], cond = { 0 }, test;
		int sense = 1;
		size_t i, nr, off;

		if (is(p, parent, S_FUNC_DEF))
			return;
		if (is(p, parent, S_IF) && !is(p, node, S_PAREN_EXPR)) {
			cond = ts_node_child_by_field_name(parent, "condition", 9);
			sense = is(p, node, S_ELSE) ? -1 : 1;
		} else if (is(p, parent, S_COMPOUND)) {
			nr = children_of(p, parent);
			off = p->kids_off;
			i = child_index(p, off, nr, node);
			/* the nearest statement before it: an if whose branch leaves */
			while (i > 0 && is(p, p->kid_pool[off + i - 1], S_COMMENT))
				i--;
			if (i > 0 && is(p, p->kid_pool[off + i - 1], S_IF) &&
			    ts_node_is_null(ts_node_child_by_field_name(p->kid_pool[off + i - 1], "alternative", 11)) &&
			    contains_jump(p, ts_node_child_by_field_name(p->kid_pool[off + i - 1], "consequence", 11))) {
				cond = ts_node_child_by_field_name(p->kid_pool[off + i - 1], "condition", 9);
				sense = -1;
			}
		}
		if (ts_node_is_null(cond))
			continue;
		test = bare_test(p, cond, &sense);
		if (!ts_node_is_null(test)) {
			size_t len;
			const char *s = node_text(p, test, &len);

			site->guard = normalise(s, len);
			site->guard_sense = sense;
		}
		return;
	}
}

/*
 * The then-branch of the nearest if around the statement path[at], at any
 * depth of braces inside it: the barrier runs only when that if's test
 * holds. Sets site->branch_start and site->branch_end; an else branch or
 * no if up to the function leaves them 0.
 */
static void note_branch(struct parser *p, size_t at, struct parse_site *site)
{
	size_t k;

	for (k = at; k > 0; k--) {
		TSNode node = p->path[k], parent = p->path[k - 1];

		if (is(p, parent, S_FUNC_DEF))
			return;
		if (!is(p, parent, S_IF) || is(p, node, S_PAREN_EXPR))
			continue;
		if (!is(p, node, S_ELSE)) {
			site->branch_start = file_off(p, node);
			site->branch_end = file_end(p, node);
		}
		return;
	}
}

static void site_accesses(struct parser *p, TSNode root, struct parse_site *site)
{
	uint32_t so = (uint32_t)(site->off - p->file_base + p->prefix);
	TSNode call;
	size_t at;

	path_to(p, root, so);
	/* the identifier, then its call; or ops->name, then the call through it */
	for (at = p->nr_path; at-- > 0;)
		if ((is(p, p->path[at], S_IDENT) || is(p, p->path[at], S_FIELD_IDENT)) &&
		    ts_node_start_byte(p->path[at]) == so)
			break;
	if (at != (size_t)-1 && at > 1 && is(p, p->path[at], S_FIELD_IDENT) &&
	    is(p, p->path[at - 1], S_FIELD))
		at--;
	if (at == (size_t)-1 || at == 0 || !is(p, p->path[at - 1], S_CALL))
		return;
	at--;
	call = p->path[at];
	collect(p, call, &site->operand);
	/* up to the statement, or to the condition of an if/while/switch: what
	 * runs after a call in a condition is the branch it guards */
	while (at > 1 && !is_statement(p, p->path[at]) && !is(p, p->path[at - 1], S_FUNC_DEF) &&
	       !(is(p, p->path[at], S_PAREN_EXPR) &&
		 (is(p, p->path[at - 1], S_IF) || is(p, p->path[at - 1], S_WHILE) ||
		  is(p, p->path[at - 1], S_SWITCH))))
		at--;
	neighbour(p, at, false, &site->before, &site->call_before, &site->call_before_name, false);
	neighbour(p, at, true, &site->after, &site->call_after, &site->call_after_name, false);
	note_guard(p, at, site);
	note_branch(p, at, site);
	/*
	 * The windows start with the rest of the call's own statement. Its
	 * accesses and calls are collected once for all the sites in it (a
	 * statement can hold thousands of calls); each copy counts as work.
	 */
	if (!ts_node_eq(p->path[at], call)) {
		const struct access_list *own = &p->own;
		size_t i;

		if (!p->has_own || !ts_node_eq(p->own_node, p->path[at])) {
			access_list_release(&p->own);
			call_list_release(&p->own_calls);
			p->calls_out = &p->own_calls;
			collect(p, p->path[at], &p->own);
			p->calls_out = NULL;
			p->own_node = p->path[at];
			p->has_own = true;
		}
		for (i = 0; i < p->own_calls.nr; i++) {
			const struct call_ref *oc = &p->own_calls.v[i];
			struct call_list *to = NULL;

			if (oc->off < site->off)
				to = &site->calls_before;
			else if (oc->off > site->off)
				to = &site->calls_after;
			if (to) {
				call_list_push(to, oc->name, strlen(oc->name), oc->off);
				p->work += 8;
			}
		}
		for (i = 0; i < own->nr; i++) {
			struct access_list *to = NULL;

			if (own->v[i].off + strlen(own->v[i].path) <= site->off)
				to = &site->window_before;
			else if (own->v[i].off > file_off(p, call) + (ts_node_end_byte(call) -
								     ts_node_start_byte(call)))
				to = &site->window_after;
			if (to) {
				access_list_push_copy(to, &own->v[i]);
				p->work += 8;
			}
		}
	}
	p->saw_mmio = 0;
	p->calls_out = &site->calls_before;
	p->reached_start = false;
	neighbour(p, at, false, &site->window_before, &site->window_call_before,
		  &site->call_before_name, true);
	site->window_from_start = p->reached_start;
	site->mmio_before = (p->saw_mmio & PRIM_MMIO_READ) != 0;
	p->saw_mmio = 0;
	p->calls_out = &site->calls_after;
	p->reached_end = false;
	neighbour(p, at, true, &site->window_after, &site->window_call_after, NULL, true);
	site->window_to_end = p->reached_end;
	p->calls_out = NULL;
	site->mmio_after = (p->saw_mmio & PRIM_MMIO_WRITE) != 0;
}

/*
 * Deepest nesting of brackets of any kind, counted on raw bytes. libtree-sitter
 * 0.20.7 frees an interior pointer when error recovery closes tens of
 * thousands of open brackets at once; no real function comes near the limit.
 */
static size_t max_nesting(const char *s, size_t len)
{
	size_t i, depth = 0, max = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '{' || s[i] == '(' || s[i] == '[') {
			if (++depth > max)
				max = depth;
		} else if ((s[i] == '}' || s[i] == ')' || s[i] == ']') && depth) {
			depth--;
		}
	}
	return max;
}

/*
 * Iteration macros (list_for_each_entry(pos, head, member) { ... },
 * for_each_possible_cpu(cpu), klp_for_each_func(obj, func) stmt) are loops,
 * but tree-sitter reads them as calls, and an unbraced body then as part of
 * an expression. Each head becomes "for(;;  ...  )" of the same length, so
 * that offsets stay; its arguments (loop cursors and list heads) are no
 * data the barriers order.
 */
static void loops_as_for(char *s, size_t len)
{
	char *at = s, *end = s + len;

	while ((at = memmem(at, (size_t)(end - at), "for_each", 8))) {
		char *start = at, *q = at + 8, *open, *close, *next;
		int depth = 0;

		at += 8;
		while (start > s && is_c_ident_char((unsigned char)start[-1]))
			start--;
		while (q < end && is_c_ident_char((unsigned char)*q))
			q++;
		open = q;
		while (open < end && (*open == ' ' || *open == '\t'))
			open++;
		if (open >= end || *open != '(')
			continue;
		for (close = open; close < end; close++) {
			if (*close == '(')
				depth++;
			else if (*close == ')' && --depth == 0)
				break;
		}
		if (close >= end)
			continue;
		for (next = close + 1; next < end && strchr(" \t\r\n\\", *next); next++)
			;
		/* a call statement or an expression, not a loop head */
		if (next >= end || *next == ';' || *next == ')' || *next == ',' ||
		    (*next != '{' && !is_c_ident_char((unsigned char)*next) && *next != '*' &&
		     *next != '/'))
			continue;
		if (close - start < 7)
			continue;
		memset(start, ' ', (size_t)(close - start));
		memcpy(start, "for(;;", 6);
		at = close + 1;
	}
}

/*
 * Parses context c of buf[0..len) into a tree, with its locals known;
 * returns 0 and *tree, 1 when the context is empty, or a PARSE_* error.
 */
static int parse_context(struct parser *p, const char *buf, size_t len,
			 const struct lex_context *c, TSTree **tree)
{
	static const char macro_head[] = "void __acqrel_macro(void)\n{\n";
	size_t i, end = c->end > len ? len : c->end;

	*tree = NULL;
	if (end <= c->start)
		return 1;
	if (end - c->start > PARSE_MAX_BODY)
		return PARSE_TOO_LARGE;
	p->is_macro = c->kind == LEX_MACRO;
	p->file_base = c->start;
	if (p->is_macro) {
		/* the body as a function; continuation backslashes become spaces */
		strbuf_reset(&p->snippet);
		strbuf_adds(&p->snippet, macro_head);
		p->prefix = p->snippet.len;
		strbuf_add(&p->snippet, buf + c->start, end - c->start);
		for (i = p->prefix; i < p->snippet.len; i++)
			if (p->snippet.buf[i] == '\\' && i + 1 < p->snippet.len &&
			    (p->snippet.buf[i + 1] == '\n' || p->snippet.buf[i + 1] == '\r'))
				p->snippet.buf[i] = ' ';
		strbuf_adds(&p->snippet, "\n;}\n");
	} else {
		p->prefix = 0;
		strbuf_reset(&p->snippet);
		strbuf_add(&p->snippet, buf + c->start, end - c->start);
	}
	p->text = p->snippet.buf;
	p->text_len = p->snippet.len;
	if (max_nesting(p->text, p->text_len) > PARSE_MAX_NESTING)
		return PARSE_TOO_DEEP;
	loops_as_for(p->snippet.buf + p->prefix, p->snippet.len - p->prefix);
	__atomic_store_n(&p->cancel, 0, __ATOMIC_RELAXED);
	cancel_flag = &p->cancel;
	cpu_timer_arm(p, p->cpu_limit_usec);
	*tree = ts_parser_parse_string(p->ts, NULL, p->text, (uint32_t)p->text_len);
	cpu_timer_arm(p, 0);
	cancel_flag = NULL;
	if (!*tree) {
		ts_parser_reset(p->ts);
		return PARSE_TIMED_OUT;
	}
	p->memo_gen++;
	p->nr_memo = 0;
	access_list_release(&p->own);
	call_list_release(&p->own_calls);
	p->has_own = false;
	p->nr_pool = 0;
	p->work = 0;
	p->work_limit = PARSE_WORK_PER_BYTE * p->text_len + PARSE_WORK_MIN;
	collect_locals(p, ts_tree_root_node(*tree));
	return 0;
}

void parse_site_clear(struct parse_site *s)
{
	access_list_release(&s->before);
	access_list_release(&s->after);
	access_list_release(&s->operand);
	access_list_release(&s->window_before);
	access_list_release(&s->window_after);
	lock_list_release(&s->locks);
	call_list_release(&s->calls_before);
	call_list_release(&s->calls_after);
	free(s->call_before_name);
	free(s->call_after_name);
	free(s->guard);
	s->call_before_name = s->call_after_name = s->guard = NULL;
	s->call_before = s->call_after = s->window_call_before = s->window_call_after = false;
	s->guard_sense = 0;
	s->branch_start = s->branch_end = 0;
	s->mmio_before = s->mmio_after = false;
}

int parser_accesses(struct parser *p, const char *buf, size_t len,
		    const struct lex_context *c, struct parse_site *sites, size_t n)
{
	struct lock_list locks = { NULL, 0, 0 };
	TSTree *tree;
	TSNode root;
	size_t i, end = c->end > len ? len : c->end;
	int err = parse_context(p, buf, len, c, &tree);

	if (err)
		return err > 0 ? 0 : err;
	root = ts_tree_root_node(tree);
	collect_locks(p, root, &locks);
	for (i = 0; i < n && p->work <= p->work_limit; i++) {
		if (sites[i].off >= c->start && sites[i].off + sites[i].len <= end) {
			site_accesses(p, root, &sites[i]);
			lock_list_copy(&sites[i].locks, &locks);
		}
	}
	lock_list_release(&locks);
	ts_tree_delete(tree);
	if (p->work > p->work_limit) {
		/* all or nothing: no site of the body keeps a partial analysis */
		for (i = 0; i < n; i++)
			parse_site_clear(&sites[i]);
		return PARSE_TOO_MUCH_WORK;
	}
	return 0;
}

/*
 * Fence fn, if it is one that orders on its own: not the dma_ barriers
 * (device memory only), nor smp_mb__before_atomic() and kin (only with
 * the atomic next to them).
 */
static void note_fence(struct parser *p, TSNode call, TSNode fn, struct parse_fences *f)
{
	char name[40];
	size_t n, at;
	const char *s = node_text(p, fn, &n);
	bool stores, loads;

	if (n >= sizeof(name) || prim_classify(s, n) != PRIM_FENCE)
		return;
	memcpy(name, s, n);
	name[n] = 0;
	if (!strncmp(name, "dma_", 4) || strstr(name, "__"))
		return;
	prim_fence_orders(name, &stores, &loads);
	/* smp_store_mb(x, v) stores x before its smp_mb(): the fence is at its end */
	at = strcmp(name, "smp_store_mb") ? file_off(p, fn) : file_end(p, call) - 1;
	if (loads)
		f->load_last = at;
	if (stores && !f->store_first)
		f->store_first = at;
}

/*
 * Rule G: a read-modify-write that is fully ordered whatever it finds
 * (xchg(), atomic_inc_return(), test_and_clear_bit(); not cmpxchg(), which
 * orders only when it succeeds) is a full fence where it runs. Expression
 * e is a statement's own ("x = xchg(...)", "test_and_set_bit(...)") or an
 * if's condition ("if (!test_and_set_bit(...))"), evaluated on every path
 * that reaches it: its call is noted as a fence that orders loads and
 * stores.
 */
static void note_rmw_fence(struct parser *p, TSNode e, struct parse_fences *f)
{
	TSNode fn;
	char name[64];
	size_t n, depth;
	const char *s;

	for (depth = 0; depth < 4 && !ts_node_is_null(e); depth++) {
		if (is(p, e, S_PAREN_EXPR) && ts_node_named_child_count(e) == 1)
			e = ts_node_named_child(e, 0);
		else if (is(p, e, S_ASSIGN))
			e = ts_node_child_by_field_name(e, "right", 5);
		else if (is(p, e, S_UNARY) && (s = node_text(p, e, &n)) && n && *s == '!')
			e = ts_node_child_by_field_name(e, "argument", 8);
		else
			break;
	}
	if (ts_node_is_null(e) || !is(p, e, S_CALL))
		return;
	fn = ts_node_child_by_field_name(e, "function", 8);
	if (ts_node_is_null(fn) || !is(p, fn, S_IDENT))
		return;
	s = node_text(p, fn, &n);
	if (n >= sizeof(name))
		return;
	memcpy(name, s, n);
	name[n] = 0;
	if (!prim_fully_ordered(name) || strstr(name, "cmpxchg"))
		return;
	f->load_last = file_off(p, fn);
	if (!f->store_first)
		f->store_first = file_off(p, fn);
}

/* Levels of do { } while (0) and bare blocks that top_fences() enters. */
#define FENCE_BLOCK_DEPTH 4

/*
 * The fences among the statements of block (parser_function()); returns
 * false once a statement that may jump has been seen (no later fence runs
 * on every path).
 */
static bool top_fences(struct parser *p, TSNode block, struct parse_fences *f, unsigned depth)
{
	size_t i, nr = children_of(p, block), off = p->kids_off;

	for (i = 0; i < nr; i++) {
		TSNode s = p->kid_pool[off + i], e, fn;

		if (is(p, s, S_COMMENT))
			continue;
		if ((is(p, s, S_COMPOUND) || is(p, s, S_DO)) && depth < FENCE_BLOCK_DEPTH) {
			TSNode body = is(p, s, S_DO) ? ts_node_child_by_field_name(s, "body", 4) : s;
			TSNode cond = ts_node_child_by_field_name(s, "condition", 9);
			size_t clen;
			const char *ctext = ts_node_is_null(cond) ? NULL : node_text(p, cond, &clen);
			bool once = !is(p, s, S_DO) || (ctext && clen == 3 && !memcmp(ctext, "(0)", 3));

			if (once && !ts_node_is_null(body) && is(p, body, S_COMPOUND)) {
				if (!top_fences(p, body, f, depth + 1))
					return false;
				/* the kid pool may have moved under the recursion */
				nr = children_of(p, block);
				off = p->kids_off;
				continue;
			}
		}
		/* an if's condition runs before any jump in its branches */
		if (is(p, s, S_IF))
			note_rmw_fence(p, ts_node_child_by_field_name(s, "condition", 9), f);
		if (contains_jump(p, s))
			return false;
		nr = children_of(p, block);
		off = p->kids_off;
		if (!is(p, s, S_EXPR_STMT) || !ts_node_named_child_count(s))
			continue;
		e = ts_node_named_child(s, 0);
		note_rmw_fence(p, e, f);
		fn = is(p, e, S_CALL) ? ts_node_child_by_field_name(e, "function", 8) : e;
		if (is(p, e, S_CALL) && !ts_node_is_null(fn) && is(p, fn, S_IDENT))
			note_fence(p, e, fn, f);
	}
	return true;
}

int parser_function(struct parser *p, const char *buf, size_t len, const struct lex_context *c,
		    struct access_list *accesses, struct lock_list *locks, struct call_list *calls,
		    struct parse_fences *fences)
{
	TSTree *tree;
	TSNode root, def, body;
	int err = parse_context(p, buf, len, c, &tree);

	if (err)
		return err > 0 ? 0 : err;
	root = ts_tree_root_node(tree);
	def = is(p, root, S_FUNC_DEF) ? root : ts_node_named_child(root, 0);
	if (!ts_node_is_null(def) && is(p, def, S_FUNC_DEF)) {
		collect_locks(p, root, locks);
		body = ts_node_child_by_field_name(def, "body", 4);
		if (!ts_node_is_null(body)) {
			p->calls_out = calls;
			p->saw_mmio = 0;
			collect(p, body, accesses);
			p->calls_out = NULL;
			if (fences && is(p, body, S_COMPOUND))
				top_fences(p, body, fences, 0);
		}
	}
	ts_tree_delete(tree);
	return 0;
}
