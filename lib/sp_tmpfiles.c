#include "sp_tmpfiles.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
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
