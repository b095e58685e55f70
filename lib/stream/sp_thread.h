/*
 * sp_thread.h - the start and end of a helper thread of lib/stream (the
 * reading one of sp_ahead): its mutex and condition made with it and
 * destroyed with it, and every signal blocked in it, so that handlers
 * run on the caller's thread.
 *
 * Ownership: the caller's, which holds the thread, mutex and condition
 * (in its own struct) and the flag that tells the thread to end.
 */
#ifndef SP_THREAD_H
#define SP_THREAD_H

#include <pthread.h>

#include "sp_err.h"

/*
 * Make mu and cv and start fn(arg) in *t.  0, or -1 with SP_EIO in e
 * ("no mutex for a <what> thread", ...) and nothing left made.
 */
int sp_thread_start(pthread_t *t, pthread_mutex_t *mu, pthread_cond_t *cv,
    void *(*fn)(void *), void *arg, const char *what, struct sp_err *e);
/*
 * Set *quit under mu, wake the thread, join it, destroy mu and cv: the
 * thread must end once it sees *quit.
 */
void sp_thread_end(pthread_t t, pthread_mutex_t *mu, pthread_cond_t *cv,
    int *quit);

#endif
