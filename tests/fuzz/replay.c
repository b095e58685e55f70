/*
 * replay - run a fuzz target's LLVMFuzzerTestOneInput on every file of a
 * corpus, without libFuzzer: the fuzz suite of the ordinary test run.
 *
 *	replay DIR|FILE...
 *
 * A directory stands for its regular files, in name order.  Prints how
 * many inputs it replayed; exits 1 if an argument cannot be read or
 * names no input at all (a target that finds a broken invariant aborts).
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;

	if (f == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		size_t k;

		if (n == cap) {
			unsigned char *p;

			cap = cap ? cap * 2 : 65536;
			if ((p = realloc(buf, cap)) == NULL) {
				fprintf(stderr, "replay: out of memory\n");
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
		}
		k = fread(buf + n, 1, cap - n, f);
		n += k;
		if (k == 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "replay: %s: read error\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	/* the exact size, so that ASan sees a read past the input */
	{
		unsigned char *exact = malloc(n ? n : 1);

		if (exact == NULL) {
			fprintf(stderr, "replay: out of memory\n");
			free(buf);
			return -1;
		}
		memcpy(exact, buf, n);
		free(buf);
		LLVMFuzzerTestOneInput(exact, n);
		free(exact);
	}
	return 0;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static long
replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	long count = 0;

	if (d == NULL) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **p;

			cap = cap ? cap * 2 : 64;
			if ((p = realloc(names, cap * sizeof *p)) == NULL)
				abort();
			names = p;
		}
		if ((names[n] = malloc(strlen(dir) + strlen(de->d_name) +
		    2)) == NULL)
			abort();
		sprintf(names[n], "%s/%s", dir, de->d_name);
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, cmp_names);
	for (i = 0; i < n; i++) {
		struct stat st;

		if (count >= 0 && stat(names[i], &st) == 0 &&
		    S_ISREG(st.st_mode)) {
			if (replay_file(names[i]) < 0)
				count = -1;
			else
				count++;
		}
		free(names[i]);
	}
	free(names);
	return count;
}

int
main(int argc, char **argv)
{
	long total = 0;
	int i, status = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: replay DIR|FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		struct stat st;
		long k;

		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i],
			    strerror(errno));
			status = 1;
			continue;
		}
		k = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) :
		    replay_file(argv[i]) < 0 ? -1 : 1;
		if (k < 0)
			status = 1;
		else
			total += k;
	}
	printf("replay: %ld inputs replayed\n", total);
	if (total == 0) {
		fprintf(stderr, "replay: no inputs\n");
		status = 1;
	}
	return status;
}
