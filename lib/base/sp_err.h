/*
 * sp_err.h - the one error convention of libsp.
 *
 * Every fallible libsp function takes a `struct sp_err *` as its last
 * argument and returns 0 (or a non-negative count) on success and -1 on
 * failure, after filling the error with a status and a one-line message.
 * The message names the file or stream concerned but never the program:
 * the caller prefixes its own name ("sp-read: run.h5: ...").  libsp never
 * prints and never exits.  The error may be NULL when the caller does not
 * care about the message.
 */
#ifndef SP_ERR_H
#define SP_ERR_H

#include <stddef.h>

enum sp_status {
	SP_OK = 0,
	SP_EDATA,	/* the input is malformed, truncated or inconsistent */
	SP_EIO,		/* reading or writing failed (errno-style) */
	SP_EUSAGE,	/* the request itself is wrong (bad option, bad value) */
	SP_ENOMEM,	/* an allocation failed or a declared size is absurd */
};

#define SP_ERR_MSG_MAX 1024

struct sp_err {
	enum sp_status status;
	char msg[SP_ERR_MSG_MAX];
};

/* Record an error; returns -1 so that `return sp_fail(e, ...)` reads well. */
int sp_fail(struct sp_err *e, enum sp_status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Like sp_fail, with ": strerror(errnum)" appended. */
int sp_fail_errno(struct sp_err *e, int errnum, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Reset to "no error". */
void sp_err_clear(struct sp_err *e);

/* The exit status a program should use for an error: 1 data/I/O, 2 usage. */
int sp_err_exit_code(const struct sp_err *e);

#endif
