#include "sp_tmpfiles.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


const int sp_tmpfiles_signals[] = { SIGHUP, SIGINT, SIGTERM };
const int sp_tmpfiles_nsignals =
    (int)(sizeof sp_tmpfiles_signals / sizeof sp_tmpfiles_signals[0]);

/*
 * Few files are pending at once (one per output; sp-flame one per rank
 * until the run ends), so a plain array searched from the end will do.
 */
static const char **paths;
static size_t npaths, cap;

/* Block the handled signals; the old mask goes to old. */
static void
block(sigset_t *old)
{
	sigset_t set;
	int i;

	sigemptyset(&set);
	for (i = 0; i < sp_tmpfiles_nsignals; i++)
		sigaddset(&set, sp_tmpfiles_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

int
sp_tmpfiles_add(const char *path)
{
	sigset_t old;
	int rc = 0;

	block(&old);
	if (npaths == cap) {
		size_t n = cap != 0 ? 2 * cap : 16;
		const char **p = realloc(paths, n * sizeof *p);

		if (p == NULL) {
			rc = -1;
			goto out;
		}
		paths = p;
		cap = n;
	}
	paths[npaths++] = path;
out:
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (rc < 0)
		errno = ENOMEM;
	return rc;
}

void
sp_tmpfiles_remove(const char *path)
{
	sigset_t old;
	size_t i;

	block(&old);
	for (i = npaths; i-- > 0;) {
		if (paths[i] == path) {
			paths[i] = paths[--npaths];
			break;
		}
	}
	if (npaths == 0) {
		free(paths);
		paths = NULL;
		cap = 0;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
}

void
sp_tmpfiles_unlink_all(void)
{
	size_t i;

	for (i = 0; i < npaths; i++)
		(void)unlink(paths[i]);
}

int
sp_tmpfiles_mkparents(const char *path, struct sp_err *e)
{
	char *p = strdup(path), *slash;
	int rc = 0;

	if (p == NULL)
		return sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
	for (slash = strchr(p + 1, '/'); slash != NULL;
	    slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST) {
			rc = sp_fail_errno(e, errno, "%s: cannot create %s",
			    path, p);
			break;
		}
		*slash = '/';
	}
	free(p);
	return rc;
}

int
sp_tmpfiles_create(const char *path, char **tmp, struct sp_err *e)
{
	const char *base = strrchr(path, '/');
	size_t dirlen = base != NULL ? (size_t)(base + 1 - path) : 0;
	size_t n = strlen(path) + 9;	/* "." and ".XXXXXX" and NUL */
	mode_t mask;
	char *t;
	int fd;

	*tmp = NULL;
	if (sp_tmpfiles_mkparents(path, e) < 0)
		return -1;
	if ((t = malloc(n)) == NULL) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
		return -1;
	}
	snprintf(t, n, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
	if ((fd = mkstemp(t)) < 0) {
		sp_fail_errno(e, errno, "%s: cannot create", path);
		free(t);
		return -1;
	}
	if (sp_tmpfiles_add(t) < 0) {
		sp_fail(e, SP_ENOMEM, "%s: out of memory", path);
		close(fd);
		unlink(t);
		free(t);
		return -1;
	}
	/* mkstemp makes 0600; an output file gets the usual umask mode. */
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	*tmp = t;
	return fd;
}

void
sp_tmpfiles_discard(char *tmp)
{
	if (tmp == NULL)
		return;
	sp_tmpfiles_remove(tmp);
	unlink(tmp);
	free(tmp);
}
