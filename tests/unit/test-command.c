/*
 * Unit test of sp_command: which names `sp NAME` takes, and the path of
 * sp-NAME beside the running executable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_command.h"
#include "check.h"

static void
test_names(void)
{
	static const char *const good[] = { "stats", "read", "x", "a-b",
		"a_b", "Stats2" };
	static const char *const bad[] = { "", "-x", "--help", "a/b",
		"../x", ".", "a b", "a.b", "sp-\xc3\xa9" };
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++)
		CHECK(sp_command_name_ok(good[i]), "'%s' refused", good[i]);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK(!sp_command_name_ok(bad[i]), "'%s' taken", bad[i]);
}

static void
test_beside_self(void)
{
	char self[4096], want[4200];
	ssize_t n;
	char *p, *slash;

	n = readlink("/proc/self/exe", self, sizeof self - 1);
	CHECK(n > 0, "readlink /proc/self/exe");
	if (n <= 0)
		return;
	self[n] = '\0';
	slash = strrchr(self, '/');
	CHECK(slash != NULL, "no '/' in %s", self);
	if (slash == NULL)
		return;
	*slash = '\0';
	snprintf(want, sizeof want, "%s/sp-stats", self);
	p = sp_command_beside_self("stats", NULL);
	CHECK(p != NULL && strcmp(p, want) == 0, "'%s', want '%s'",
	    p ? p : "(null)", want);
	free(p);
}

int
main(void)
{
	test_names();
	test_beside_self();
	if (failed)
		return 1;
	printf("command: ok\n");
	return 0;
}
