/*
 * Unit test of sp_tmpfiles: remembered files are unlinked, forgotten ones
 * are not, the list grows past its first allocation, and a signal handler
 * that calls sp_tmpfiles_unlink_all() removes exactly the pending files.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sp_tmpfiles.h"
#include "check.h"

#define NFILES 100	/* past the first allocation of 16 */

static char dir[] = "/tmp/sp-test-tmpfiles.XXXXXX";
static char paths[NFILES][64];

static int
exists(const char *p)
{
	return access(p, F_OK) == 0;
}

static void
make_files(void)
{
	int i;
	FILE *f;

	for (i = 0; i < NFILES; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/f%d", dir, i);
		f = fopen(paths[i], "w");
		CHECK(f != NULL, "cannot create %s", paths[i]);
		if (f != NULL)
			fclose(f);
	}
}

/* Remember all, forget the odd ones: only the even ones are unlinked. */
static void
test_add_remove(void)
{
	int i;

	make_files();
	for (i = 0; i < NFILES; i++)
		CHECK(sp_tmpfiles_add(paths[i]) == 0, "add %d", i);
	for (i = 1; i < NFILES; i += 2)
		sp_tmpfiles_remove(paths[i]);
	/* a path never added, and one removed twice: no effect */
	sp_tmpfiles_remove("never added");
	sp_tmpfiles_remove(paths[1]);
	sp_tmpfiles_unlink_all();
	for (i = 0; i < NFILES; i++)
		CHECK(exists(paths[i]) == (i % 2 == 1), "%s %s", paths[i],
		    i % 2 ? "was removed but forgotten" : "is still there");
	for (i = 0; i < NFILES; i += 2)
		sp_tmpfiles_remove(paths[i]);
	/* an empty list: unlinks nothing */
	sp_tmpfiles_unlink_all();
	for (i = 1; i < NFILES; i += 2)
		CHECK(exists(paths[i]), "%s is gone", paths[i]);
	for (i = 0; i < NFILES; i++)
		unlink(paths[i]);
}

/* Removal matches the pointer, not the text. */
static void
test_pointer_identity(void)
{
	char copy[64];

	make_files();
	strcpy(copy, paths[0]);
	CHECK(sp_tmpfiles_add(paths[0]) == 0, "add");
	sp_tmpfiles_remove(copy);
	sp_tmpfiles_unlink_all();
	CHECK(!exists(paths[0]), "removed by an equal string, not the same "
	    "pointer");
	sp_tmpfiles_remove(paths[0]);
	for (int i = 0; i < NFILES; i++)
		unlink(paths[i]);
}

static void
on_signal(int sig)
{
	(void)sig;
	sp_tmpfiles_unlink_all();
}

/* What the programs do on SIGTERM, less the re-raise. */
static void
test_from_handler(void)
{
	int i;

	make_files();
	for (i = 0; i < 3; i++)
		CHECK(sp_tmpfiles_add(paths[i]) == 0, "add %d", i);
	sp_tmpfiles_remove(paths[1]);
	signal(SIGTERM, on_signal);
	raise(SIGTERM);
	signal(SIGTERM, SIG_DFL);
	CHECK(!exists(paths[0]) && exists(paths[1]) && !exists(paths[2]),
	    "after the handler: %d %d %d", exists(paths[0]),
	    exists(paths[1]), exists(paths[2]));
	CHECK(exists(paths[3]), "a file never added was removed");
	sp_tmpfiles_remove(paths[0]);
	sp_tmpfiles_remove(paths[2]);
	for (i = 0; i < NFILES; i++)
		unlink(paths[i]);
}

int
main(void)
{
	if (mkdtemp(dir) == NULL) {
		perror(dir);
		return 1;
	}
	test_add_remove();
	test_pointer_identity();
	test_from_handler();
	rmdir(dir);
	return failed != 0;
}
