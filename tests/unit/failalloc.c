/*
 * failalloc.c - the allocation hook of failalloc.h: the __wrap_ functions
 * that -Wl,--wrap=NAME puts in front of the C library's allocators.
 */
#include "failalloc.h"

#include <errno.h>
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_reallocarray(void *p, size_t k, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
int __real_posix_memalign(void **p, size_t align, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
void __real_free(void *p);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_reallocarray(void *p, size_t k, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
int __wrap_posix_memalign(void **p, size_t align, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
void __wrap_free(void *p);

/* Pointers are stored XORed with this, out of LeakSanitizer's sight. */
#define HIDE ((uintptr_t)0x5a5a5a5a5a5a5a50u)
#define EMPTY ((uintptr_t)0)
#define GONE ((uintptr_t)1)

struct blk {
	uintptr_t key;		/* pointer ^ HIDE, EMPTY or GONE */
	size_t size;
	unsigned long serial;	/* failalloc_serial() when allocated */
	unsigned long nth;	/* its number in the run, 0 outside one */
	void *site;		/* the caller's return address */
};

static struct blk *tab;
static size_t cap, used, live;	/* used: live + GONE slots */
static unsigned long serial;

static int counting, trace, reached;
static unsigned long count, fail_at;
static uint64_t *record;
static unsigned long record_max;

static size_t
slot(uintptr_t key)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15u;

	return (size_t)(h >> 17) & (cap - 1);
}

static void
insert(uintptr_t key, size_t size, unsigned long ser, unsigned long nth,
    void *site)
{
	size_t i = slot(key);

	while (tab[i].key != EMPTY && tab[i].key != GONE)
		i = (i + 1) & (cap - 1);
	if (tab[i].key == EMPTY)
		used++;
	tab[i].key = key;
	tab[i].size = size;
	tab[i].serial = ser;
	tab[i].nth = nth;
	tab[i].site = site;
	live++;
}

/*
 * Room for one more entry, the table kept at most half full: it doubles
 * when more than a quarter of it is alive, else is rebuilt without its
 * GONE slots.  Without memory for it the test cannot go on.
 */
static void
reserve(void)
{
	struct blk *old = tab;
	size_t oldcap = cap, i;

	if (cap != 0 && (used + 1) * 2 <= cap)
		return;
	if (cap == 0 || (live + 1) * 4 > cap)
		cap = cap ? cap * 2 : 1024;
	if ((tab = __real_calloc(cap, sizeof *tab)) == NULL) {
		static const char msg[] = "failalloc: no memory for the table\n";
		ssize_t k = write(2, msg, sizeof msg - 1);

		(void)k;
		abort();
	}
	used = live = 0;
	for (i = 0; i < oldcap; i++)
		if (old[i].key != EMPTY && old[i].key != GONE)
			insert(old[i].key, old[i].size, old[i].serial,
			    old[i].nth, old[i].site);
	__real_free(old);
}

static void
track(void *p, size_t size, void *site)
{
	if (p == NULL)
		return;
	reserve();
	insert((uintptr_t)p ^ HIDE, size, ++serial, counting ? count : 0,
	    site);
}

static void
untrack(void *p)
{
	uintptr_t key = (uintptr_t)p ^ HIDE;
	size_t i;

	if (p == NULL || cap == 0)
		return;
	for (i = slot(key); tab[i].key != EMPTY; i = (i + 1) & (cap - 1))
		if (tab[i].key == key) {
			tab[i].key = GONE;
			live--;
			return;
		}
	/* not ours: allocated inside a shared library */
}

/* The FNV-1a hash of the return addresses above this function's caller. */
static uint64_t
context(void)
{
	void *bt[FAILALLOC_DEPTH + 1];
	int n = backtrace(bt, FAILALLOC_DEPTH + 1), i;
	uint64_t h = 14695981039346656037u;

	for (i = 1; i < n; i++)
		h = (h ^ (uint64_t)(uintptr_t)bt[i]) * 1099511628211u;
	return h;
}

void
failalloc_record(uint64_t *ctx, unsigned long max)
{
	record = ctx;
	record_max = ctx != NULL ? max : 0;
}

/* Count an allocation: 1 when it is the one to fail. */
static int
fails(void)
{
	if (!counting)
		return 0;
	if (++count <= record_max)
		record[count - 1] = context();
	if (count != fail_at)
		return 0;
	reached = 1;
	if (trace) {
		void *bt[64];
		int n = backtrace(bt, 64);

		fprintf(stderr, "failalloc: allocation %lu fails here:\n",
		    count);
		backtrace_symbols_fd(bt, n, 2);
	}
	return 1;
}

void
failalloc_start(unsigned long n, int tr)
{
	count = 0;
	fail_at = n;
	reached = 0;
	trace = tr;
	counting = 1;
}

unsigned long
failalloc_stop(void)
{
	counting = 0;
	return count;
}

int
failalloc_reached(void)
{
	return reached;
}

size_t
failalloc_live(void)
{
	return live;
}

unsigned long
failalloc_serial(void)
{
	return serial;
}

void
failalloc_print_live(unsigned long since, size_t max)
{
	size_t i;

	for (i = 0; i < cap && max > 0; i++)
		if (tab[i].key != EMPTY && tab[i].key != GONE &&
		    tab[i].serial > since) {
			printf("  leaked: %zu bytes, allocation %lu of the run, "
			    "from %p\n", tab[i].size, tab[i].nth, tab[i].site);
			max--;
		}
}

void *
__wrap_malloc(size_t n)
{
	void *p;

	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	p = __real_malloc(n);
	track(p, n, __builtin_return_address(0));
	return p;
}

void *
__wrap_calloc(size_t k, size_t n)
{
	void *p;

	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	p = __real_calloc(k, n);
	track(p, k * n, __builtin_return_address(0));
	return p;
}

/* realloc and reallocarray: the old block stays when the new one fails. */
static void *
moved(void *old, void *p, size_t n, void *site)
{
	if (p != NULL) {
		untrack(old);
		track(p, n, site);
	} else if (n == 0) {
		untrack(old);	/* realloc(p, 0) freed it */
	}
	return p;
}

void *
__wrap_realloc(void *old, size_t n)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	return moved(old, __real_realloc(old, n), n,
	    __builtin_return_address(0));
}

void *
__wrap_reallocarray(void *old, size_t k, size_t n)
{
	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	if (n != 0 && k > SIZE_MAX / n)
		return __real_reallocarray(old, k, n);	/* fails: EOVERFLOW */
	return moved(old, __real_reallocarray(old, k, n), k * n,
	    __builtin_return_address(0));
}

char *
__wrap_strdup(const char *s)
{
	char *p;

	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	p = __real_strdup(s);
	track(p, strlen(s) + 1, __builtin_return_address(0));
	return p;
}

char *
__wrap_strndup(const char *s, size_t n)
{
	char *p;

	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	p = __real_strndup(s, n);
	track(p, p != NULL ? strlen(p) + 1 : 0, __builtin_return_address(0));
	return p;
}

int
__wrap_posix_memalign(void **pp, size_t align, size_t n)
{
	int rc;

	if (fails())
		return ENOMEM;	/* *pp unchanged, errno too, as POSIX says */
	rc = __real_posix_memalign(pp, align, n);
	if (rc == 0)
		track(*pp, n, __builtin_return_address(0));
	return rc;
}

void *
__wrap_aligned_alloc(size_t align, size_t n)
{
	void *p;

	if (fails()) {
		errno = ENOMEM;
		return NULL;
	}
	p = __real_aligned_alloc(align, n);
	track(p, n, __builtin_return_address(0));
	return p;
}

void
__wrap_free(void *p)
{
	untrack(p);
	__real_free(p);
}
