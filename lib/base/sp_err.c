#include "sp_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void
set(struct sp_err *e, enum sp_status status, const char *fmt, va_list ap)
{
	e->status = status;
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

int
sp_fail(struct sp_err *e, enum sp_status status, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return -1;
	va_start(ap, fmt);
	set(e, status, fmt, ap);
	va_end(ap);
	return -1;
}

int
sp_fail_errno(struct sp_err *e, int errnum, const char *fmt, ...)
{
	va_list ap;
	size_t len;

	if (e == NULL)
		return -1;
	va_start(ap, fmt);
	set(e, SP_EIO, fmt, ap);
	va_end(ap);
	len = strlen(e->msg);
	snprintf(e->msg + len, sizeof e->msg - len, ": %s", strerror(errnum));
	return -1;
}

void
sp_err_clear(struct sp_err *e)
{
	if (e == NULL)
		return;
	e->status = SP_OK;
	e->msg[0] = '\0';
}

int
sp_err_exit_code(const struct sp_err *e)
{
	return e != NULL && e->status == SP_EUSAGE ? 2 : 1;
}
