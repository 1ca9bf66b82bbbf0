/* tap.h: a minimal TAP producer for the C unit tests */
#ifndef ACQREL_TAP_H
#define ACQREL_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

#define ok(cond, ...) do { \
		int ok_ = !!(cond); \
		printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_n); \
		printf(__VA_ARGS__); \
		putchar('\n'); \
		if (!ok_) { \
			tap_failed++; \
			printf("#   failed at %s:%d\n", __FILE__, __LINE__); \
		} \
	} while (0)

#define is_str(got, want, ...) do { \
		const char *g_ = (got), *w_ = (want); \
		int same_ = (g_ && w_) ? !strcmp(g_, w_) : g_ == w_; \
		ok(same_, __VA_ARGS__); \
		if (!same_) \
			printf("#   got '%s', want '%s'\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
