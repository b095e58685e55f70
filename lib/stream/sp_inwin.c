#include "sp_inwin.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The least a window covers: a few items of the default batch (3 MiB). */
#define WINDOW ((size_t)8 << 20)

static size_t
page_size(void)
{
	long n = sysconf(_SC_PAGESIZE);

	return n > 0 ? (size_t)n : 4096;
}

/* The window from the page that holds at, for need bytes or the file's. */
static int
map_at(struct sp_inwin *w, off_t at, size_t need)
{
	off_t off = at - at % (off_t)page_size();
	size_t len = (size_t)(at - off) + (need > WINDOW ? need : WINDOW);
	void *m;

	if ((off_t)len > w->size - off)
		len = (size_t)(w->size - off);
	if (len == 0) {
		sp_inwin_close(w);
		return 0;
	}
	/* the old window first: never two windows' pages at once */
	sp_inwin_close(w);
	/* populated at once: one fault per window, not one per few pages */
	m = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, w->fd, off);
	if (m == MAP_FAILED)
		return -1;
	w->map = m;
	w->map_len = len;
	w->map_off = off;
	return 0;
}

int
sp_inwin_open(struct sp_inwin *w, int fd, off_t *at)
{
	struct stat st;
	off_t pos;

	memset(w, 0, sizeof *w);
	w->fd = -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (pos = lseek(fd, 0, SEEK_CUR)) < 0 || pos >= st.st_size)
		return 0;
	w->fd = fd;
	w->size = st.st_size;
	/* a file system that cannot map it: read it instead */
	if (map_at(w, pos, 1) < 0) {
		memset(w, 0, sizeof *w);
		w->fd = -1;
		return 0;
	}
	*at = pos;
	return 1;
}

int
sp_inwin_at(struct sp_inwin *w, off_t at, size_t need, const uint8_t **p,
    size_t *n, struct sp_err *e)
{
	off_t end = w->map_off + (off_t)w->map_len;
	struct stat st;

	if (w->map == NULL || at < w->map_off || (off_t)need > end - at) {
		/* the file's end as it is now: it may have grown */
		if (fstat(w->fd, &st) < 0)
			return sp_fail_errno(e, errno, "cannot stat");
		if (w->map == NULL || st.st_size != w->size || end < w->size ||
		    at < w->map_off) {
			w->size = st.st_size;
			if (at > w->size)
				at = w->size;
			if (map_at(w, at, need) < 0)
				return sp_fail_errno(e, errno, "cannot map");
		}
	}
	if (w->map == NULL || at >= w->map_off + (off_t)w->map_len) {
		*p = NULL;
		*n = 0;
		return 0;
	}
	*p = w->map + (at - w->map_off);
	*n = w->map_len - (size_t)(at - w->map_off);
	return 0;
}

void
sp_inwin_close(struct sp_inwin *w)
{
	if (w->map != NULL)
		munmap(w->map, w->map_len);
	w->map = NULL;
	w->map_len = 0;
	w->map_off = 0;
}
