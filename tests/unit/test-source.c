/*
 * Unit test of sp_source_free, the ownership sp_source.h states: the
 * format's free first, while the source is whole; then, with free(),
 * the rows and each row's tags array, the names array (not the names),
 * the metadata, the extra ranks, the label and the source itself.  A
 * block left over is a leak that LeakSanitizer reports in the ASan
 * build; here the format's free checks what it is handed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_source.h"
#include "check.h"

/* A format's source: the struct sp_source first, then its own. */
struct fake {
	struct sp_source src;
	char *names[2];		/* the format's: it frees them */
};

static int freed, saw_rows, saw_label;

static void
fake_free(struct sp_source *s)
{
	struct fake *f = (struct fake *)s;

	freed++;
	/* called first: the rest is still there */
	saw_rows = s->nrows == 2 && s->rows != NULL &&
	    s->rows[1].info.ntags == 2 && strcmp(s->rows[1].info.tags[1],
	    "t") == 0;
	saw_label = s->label != NULL && strcmp(s->label, "L") == 0;
	free(f->names[0]);
	free(f->names[1]);
}

static const struct sp_source_ops fake_ops = { NULL, NULL, NULL,
	fake_free };

static char *
dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	if (d == NULL)
		abort();
	return strcpy(d, s);
}

int
main(void)
{
	static const char *tag = "t";
	struct fake *f = calloc(1, sizeof *f);
	struct sp_source *s = &f->src, *bare;
	const char **tags = malloc(2 * sizeof *tags);

	s->ops = &fake_ops;
	f->names[0] = dup("a");
	f->names[1] = dup("b");
	s->names = malloc(3 * sizeof *s->names);
	s->names[0] = f->names[0];
	s->names[1] = f->names[1];
	s->names[2] = NULL;
	s->nregions = 2;
	s->rows = calloc(2, sizeof *s->rows);
	s->nrows = 2;
	tags[0] = tag;
	tags[1] = tag;
	s->rows[1].info.tags = tags;
	s->rows[1].info.ntags = 2;
	s->metadata = malloc(1);
	s->metadata[0] = 0xa0;
	s->metadata_len = 1;
	s->extra_ranks = calloc(3, sizeof *s->extra_ranks);
	s->nextra_ranks = 3;
	s->label = dup("L");
	sp_source_free(s);
	CHECK(freed == 1, "the format's free called %d times", freed);
	CHECK(saw_rows && saw_label, "the format's free came after the rows "
	    "(%d) or the label (%d) were freed", saw_rows, saw_label);

	/* a source without operations or anything in it; and NULL */
	bare = calloc(1, sizeof *bare);
	sp_source_free(bare);
	sp_source_free(NULL);
	CHECK(freed == 1, "the format's free called again");
	return failed != 0;
}
