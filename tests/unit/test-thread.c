/*
 * Unit test of sp_thread: a helper thread started with every signal
 * blocked (the caller's mask left as it was), so that a signal sent to
 * the process runs its handler on the caller's thread; ended by the
 * flag, woken and joined.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sp_thread.h"
#include "check.h"

struct helper {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int quit, started, ended;
	int blocked[3];		/* SIGINT, SIGTERM, SIGUSR1 in its mask */
};

static void *
run(void *arg)
{
	struct helper *h = arg;
	static const int sigs[3] = { SIGINT, SIGTERM, SIGUSR1 };
	sigset_t mask;
	int i;

	pthread_sigmask(SIG_SETMASK, NULL, &mask);
	for (i = 0; i < 3; i++)
		h->blocked[i] = sigismember(&mask, sigs[i]) == 1;
	pthread_mutex_lock(&h->mu);
	h->started = 1;
	pthread_cond_broadcast(&h->cv);
	while (!h->quit)
		pthread_cond_wait(&h->cv, &h->mu);
	h->ended = 1;
	pthread_mutex_unlock(&h->mu);
	return NULL;
}

static pthread_t main_thread;
static volatile sig_atomic_t handled, on_main;

static void
on_usr1(int sig)
{
	(void)sig;
	handled = 1;
	on_main = pthread_equal(pthread_self(), main_thread);
}

int
main(void)
{
	struct helper h;
	struct sp_err e;
	pthread_t t;
	sigset_t mask;
	struct sigaction sa;

	memset(&h, 0, sizeof h);
	sp_err_clear(&e);
	main_thread = pthread_self();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	CHECK(sp_thread_start(&t, &h.mu, &h.cv, run, &h, "test", &e) == 0,
	    "start: %s", e.msg);
	pthread_mutex_lock(&h.mu);
	while (!h.started)
		pthread_cond_wait(&h.cv, &h.mu);
	pthread_mutex_unlock(&h.mu);
	CHECK(h.blocked[0] && h.blocked[1] && h.blocked[2],
	    "the helper's mask: SIGINT %d, SIGTERM %d, SIGUSR1 %d",
	    h.blocked[0], h.blocked[1], h.blocked[2]);
	pthread_sigmask(SIG_SETMASK, NULL, &mask);
	CHECK(!sigismember(&mask, SIGINT) && !sigismember(&mask, SIGUSR1),
	    "the caller's mask changed");
	/* a signal to the process: handled on the caller's thread */
	kill(getpid(), SIGUSR1);
	while (!handled)
		usleep(1000);
	CHECK(on_main, "the handler ran on the helper thread");
	CHECK(!h.ended, "ended before being told");
	sp_thread_end(t, &h.mu, &h.cv, &h.quit);
	CHECK(h.quit == 1 && h.ended == 1, "not ended: quit %d, ended %d",
	    h.quit, h.ended);
	return failed != 0;
}
