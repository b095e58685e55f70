/*
 * Unit test of sp_err: the one error convention of libsp.  sp_fail and
 * sp_fail_errno return -1 and fill the status and the message (the
 * errno's text appended after ": "), a NULL error is allowed, a long
 * message is cut to fit, and the exit codes are 2 for usage, 1 else.
 */
#include <errno.h>
#include <string.h>

#include "sp_err.h"
#include "check.h"

static void
test_fail(void)
{
	struct sp_err e;

	sp_err_clear(&e);
	CHECK(e.status == SP_OK && e.msg[0] == '\0', "cleared");
	CHECK(sp_fail(&e, SP_EDATA, "%s: row %d", "f.h5", 7) == -1 &&
	    e.status == SP_EDATA && strcmp(e.msg, "f.h5: row 7") == 0,
	    "sp_fail: %d '%s'", (int)e.status, e.msg);
	CHECK(sp_fail_errno(&e, ENOENT, "%s", "in.sps") == -1 &&
	    e.status == SP_EIO && strcmp(e.msg, "in.sps: No such file or "
	    "directory") == 0, "sp_fail_errno: %d '%s'", (int)e.status, e.msg);
	/* the errno's status is SP_EIO, whatever the errno */
	CHECK(sp_fail_errno(&e, ENOMEM, "x") == -1 && e.status == SP_EIO &&
	    strcmp(e.msg, "x: Cannot allocate memory") == 0,
	    "ENOMEM: %d '%s'", (int)e.status, e.msg);
	CHECK(sp_fail(NULL, SP_EIO, "nobody listens") == -1 &&
	    sp_fail_errno(NULL, EIO, "nor here") == -1, "NULL error");
	sp_err_clear(NULL);
	sp_err_clear(&e);
	CHECK(e.status == SP_OK && e.msg[0] == '\0', "cleared again");
}

static void
test_long(void)
{
	char big[3000];
	struct sp_err e;

	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	sp_fail(&e, SP_EDATA, "%s", big);
	CHECK(strlen(e.msg) == SP_ERR_MSG_MAX - 1, "cut to %zu",
	    strlen(e.msg));
	/* the errno's text does not overflow a message already full */
	sp_fail_errno(&e, ENOENT, "%s", big);
	CHECK(strlen(e.msg) == SP_ERR_MSG_MAX - 1 && e.msg[10] == 'x',
	    "errno after a full message: %zu", strlen(e.msg));
	sp_fail_errno(&e, ENOENT, "%.*s", SP_ERR_MSG_MAX - 10, big);
	CHECK(strlen(e.msg) == SP_ERR_MSG_MAX - 1 &&
	    strncmp(e.msg + SP_ERR_MSG_MAX - 10, ": No su", 7) == 0,
	    "the errno's text cut: '%s'", e.msg + SP_ERR_MSG_MAX - 12);
}

static void
test_exit_code(void)
{
	static const struct { enum sp_status st; int code; } c[] = {
		{ SP_EDATA, 1 }, { SP_EIO, 1 }, { SP_ENOMEM, 1 },
		{ SP_EUSAGE, 2 },
	};
	struct sp_err e;
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		sp_fail(&e, c[i].st, "m");
		CHECK(sp_err_exit_code(&e) == c[i].code, "status %d: exit %d",
		    (int)c[i].st, sp_err_exit_code(&e));
	}
	CHECK(sp_err_exit_code(NULL) == 1, "NULL: exit 1");
}

int
main(void)
{
	test_fail();
	test_long();
	test_exit_code();
	return failed != 0;
}
