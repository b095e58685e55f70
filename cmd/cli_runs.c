#include "cli_runs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
keep(void *ctx, const char *name, size_t len)
{
	return sp_filter_keep(ctx, name, len);
}

static int
rank_ok(void *ctx, uint32_t rank)
{
	return sp_ranks_has(ctx, rank);
}

void
cli_runs_init(struct cli_runs *s, const char *mem_default)
{
	memset(s, 0, sizeof *s);
	s->mem = cli_size("--buffer-size", mem_default);
	if ((s->filter = sp_filter_new()) == NULL ||
	    (s->ranks = sp_ranks_new()) == NULL) {
		fprintf(stderr, "%s: out of memory\n", cli_name());
		exit(1);
	}
}

int
cli_runs_option(struct cli_runs *s, int ch, const char *arg)
{
	struct sp_err e;

	switch (ch) {
	case 'r':
		if (sp_ranks_add(s->ranks, arg, &e) < 0)
			cli_usage_error("-r: %s", e.msg);
		s->ranks_given = 1;
		return 1;
	case 'i':
	case 'x':
		if ((ch == 'i' ? sp_filter_include(s->filter, arg, &e) :
		    sp_filter_exclude(s->filter, arg, &e)) < 0)
			cli_usage_error("%s", e.msg);
		return 1;
	case 'A':
		s->approx = 1;
		return 1;
	case 'S':
		if ((s->mem = cli_size("--buffer-size", arg)) == 0)
			cli_usage_error("--buffer-size: '%s' is not a size "
			    "above 0", arg);
		return 1;
	case 'T':
		s->tmpdir = arg;
		return 1;
	case 'q':
		s->talk = CLI_TALK_QUIET;
		return 1;
	case 'v':
		s->talk = CLI_TALK_VERBOSE;
		return 1;
	default:
		return 0;
	}
}

void
cli_runs_done(struct cli_runs *s)
{
	if (s->ranks_given && !sp_ranks_all(s->ranks)) {
		s->rank_ok = rank_ok;
		s->rank_ctx = s->ranks;
	}
	if (sp_filter_active(s->filter)) {
		s->keep = keep;
		s->keep_ctx = s->filter;
	}
	if (s->tmpdir != NULL && setenv("TMPDIR", s->tmpdir, 1) < 0)
		cli_usage_error("-T: %s", strerror(errno));
}

void
cli_runs_apply(const struct cli_runs *s, struct sp_across_common *c)
{
	c->rank_ok = s->rank_ok;
	c->rank_ctx = s->rank_ctx;
	c->keep = s->keep;
	c->keep_ctx = s->keep_ctx;
	c->mem = s->mem;
	c->tmpdir = s->tmpdir;
}

void
cli_runs_free(struct cli_runs *s)
{
	if (s == NULL)
		return;
	sp_filter_free(s->filter);
	sp_ranks_free(s->ranks);
	s->filter = NULL;
	s->ranks = NULL;
}
