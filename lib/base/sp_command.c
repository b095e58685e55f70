#include "sp_command.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
sp_command_name_ok(const char *name)
{
	const char *p;

	if (name[0] == '\0' || name[0] == '-')
		return 0;
	for (p = name; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return 0;
	return 1;
}

char *
sp_command_beside_self(const char *name, struct sp_err *e)
{
	char self[4096], *slash, *out;
	ssize_t n;
	size_t dirlen;

	n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n < 0) {
		sp_fail_errno(e, errno, "/proc/self/exe");
		return NULL;
	}
	if ((size_t)n == sizeof self - 1) {
		sp_fail(e, SP_EDATA, "/proc/self/exe: a path too long");
		return NULL;
	}
	self[n] = '\0';
	if ((slash = strrchr(self, '/')) == NULL) {
		sp_fail(e, SP_EDATA, "/proc/self/exe: '%s' is not a path", self);
		return NULL;
	}
	dirlen = (size_t)(slash - self) + 1;
	if ((out = malloc(dirlen + 3 + strlen(name) + 1)) == NULL) {
		sp_fail(e, SP_ENOMEM, "out of memory naming sp-%s", name);
		return NULL;
	}
	memcpy(out, self, dirlen);
	memcpy(out + dirlen, "sp-", 3);
	strcpy(out + dirlen + 3, name);
	return out;
}
