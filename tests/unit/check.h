/*
 * check.h - the one assertion of the unit tests
 *
 *     CHECK(cond, "printf format", args...);
 *
 * A failed check prints "FAIL file:line: message" on standard output
 * (the first CHECK_SHOW_MAX of them, so that a loop over thousands of
 * cases stays readable) and counts itself in failed; a test's main
 * returns failed != 0.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

#define CHECK_SHOW_MAX 20

static int failed;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		if (failed++ < CHECK_SHOW_MAX) {			\
			printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			putchar('\n');					\
		}							\
	}								\
} while (0)

#endif
