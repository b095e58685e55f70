#include "sp_thread.h"

#include <signal.h>

int
sp_thread_start(pthread_t *t, pthread_mutex_t *mu, pthread_cond_t *cv,
    void *(*fn)(void *), void *arg, const char *what, struct sp_err *e)
{
	sigset_t all, old;
	int rc;

	if (pthread_mutex_init(mu, NULL) != 0)
		return sp_fail(e, SP_EIO, "no mutex for a %s thread", what);
	if (pthread_cond_init(cv, NULL) != 0) {
		pthread_mutex_destroy(mu);
		return sp_fail(e, SP_EIO, "no condition for a %s thread",
		    what);
	}
	/* the thread inherits the mask: every signal blocked */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(t, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		pthread_cond_destroy(cv);
		pthread_mutex_destroy(mu);
		return sp_fail_errno(e, rc, "no %s thread", what);
	}
	return 0;
}

void
sp_thread_end(pthread_t t, pthread_mutex_t *mu, pthread_cond_t *cv,
    int *quit)
{
	pthread_mutex_lock(mu);
	*quit = 1;
	pthread_cond_broadcast(cv);
	pthread_mutex_unlock(mu);
	pthread_join(t, NULL);
	pthread_cond_destroy(cv);
	pthread_mutex_destroy(mu);
}
