/* t-lex.c: the scanner names the function or macro around each site */
#include "tap.h"
#include "lib/lex.h"

#include <stdlib.h>

/* Name of the context of the only site in src, "file scope", or "no site". */
static const char *context_of(const char *src, char *out, size_t n)
{
	struct lex_result r;

	memset(&r, 0, sizeof(r));
	lex_scan(src, strlen(src), &r);
	if (r.nr_sites != 1)
		snprintf(out, n, "%zu sites", r.nr_sites);
	else if (r.sites[0].ctx < 0)
		snprintf(out, n, "file scope");
	else
		snprintf(out, n, "%s %s", r.ctxs[r.sites[0].ctx].kind == LEX_MACRO ? "macro" : "function",
			 r.ctxs[r.sites[0].ctx].name);
	lex_result_release(&r);
	return out;
}

int main(void)
{
	static const struct {
		const char *src, *want, *what;
	} cases[] = {
		{ "void f(void) { smp_wmb(); }", "function f", "plain function" },
		{ "static int __init f(void)\n{\n\tsmp_wmb();\n}", "function f", "__init" },
		{ "static void f(struct s *s)\n\t__must_hold(&s->lock)\n{\n\tsmp_rmb();\n}",
		  "function f", "__must_hold() after the parameters" },
		{ "void __acquires(x) f(void) { smp_mb(); }", "function f",
		  "__acquires() before the name" },
		{ "__printf(1, 2) int f(const char *fmt, ...) { smp_mb(); }", "function f",
		  "__printf() first" },
		{ "struct s __rcu **f(struct s *p) { smp_rmb(); }", "function f", "__rcu return type" },
		{ "void (*f(int x))(int) { smp_mb(); }", "function f", "returns a function pointer" },
		{ "SYSCALL_DEFINE3(foo, int, a, int, b, int, c) { smp_mb(); }", "function sys_foo",
		  "SYSCALL_DEFINE3()" },
		{ "COMPAT_SYSCALL_DEFINE1(bar, int, a) { smp_mb(); }", "function compat_sys_bar",
		  "COMPAT_SYSCALL_DEFINE1()" },
		{ "#ifdef A\nvoid f(int a) {\n#else\nvoid f(void) {\n#endif\n\tsmp_wmb();\n}\n",
		  "function f", "head split by #ifdef" },
		{ "#define M(x) do { smp_wmb(); } while (0)\n", "macro M", "function-like macro" },
		{ "#define M \\\n\tsmp_rmb()\n", "macro M", "object-like macro over lines" },
		{ "#define smp_wmb() barrier()\n", "0 sites", "the defined name is not a site" },
		{ "struct s x = { .p = rcu_dereference(y) };", "file scope", "initializer" },
		{ "enum { A = 1 };\nint g(void) { smp_mb(); }", "function g", "after an enum" },
		{ "void f(void) { int smp_mb = 1; }", "0 sites", "not called" },
		{ "void f(void) { /* smp_mb(); */ \"smp_mb()\"; 'x'; }", "0 sites",
		  "comment and string" },
		{ "void f(void) { x = '\\''; smp_mb(); }", "function f", "escaped quote" },
	};
	char buf[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_str(context_of(cases[i].src, buf, sizeof(buf)), cases[i].want, "%s", cases[i].what);
	return tap_done();
}
