/*
 * cli_runs.h - the options of the programs that read runs' statistics
 * (sp-stats, sp-diff, sp-scale, sp-report): which ranks (-r) and which
 * regions (-i, -x), the estimates (-A, where a program takes it), the
 * memory held before temporary files (-S) and where those go (-T), and
 * whether the file written is named (-v, -q).  A program's own options
 * stay in its main; it passes these on to cli_runs_option().
 *
 * Ownership: a struct cli_runs owns the filter and the ranks; the
 * callbacks' contexts point into it, valid until cli_runs_free().
 */
#ifndef SP_CLI_RUNS_H
#define SP_CLI_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "sp_across_common.h"
#include "sp_filter.h"
#include "sp_ranks.h"

struct cli_runs {
	struct sp_filter *filter;
	struct sp_ranks *ranks;
	int ranks_given;
	int approx;		/* -A */
	uint64_t mem;		/* -S */
	const char *tmpdir;	/* -T, NULL: $TMPDIR */
	enum cli_talk talk;	/* -v, -q */
	/* after cli_runs_done(): the selection, NULL where it is all */
	int (*rank_ok)(void *ctx, uint32_t rank);
	void *rank_ctx;
	int (*keep)(void *ctx, const char *name, size_t len);
	void *keep_ctx;
};

/* Every rank and region, -S mem_default; out of memory: exit 1. */
void cli_runs_init(struct cli_runs *s, const char *mem_default);
/*
 * Take the option getopt_long returned as ch (with optarg arg) if it is
 * one of these: 1, or a usage error for a bad argument; 0: not one.
 */
int cli_runs_option(struct cli_runs *s, int ch, const char *arg);
/*
 * After the options: the selection's callbacks, and -T's directory made
 * $TMPDIR for the parts that take it from there (the lane merge of the
 * call log).
 */
void cli_runs_done(struct cli_runs *s);
void cli_runs_free(struct cli_runs *s);

/*
 * The selection and the memory into the options a program's exporter
 * shares with the others (sp_across_common.h); after cli_runs_done().
 */
void cli_runs_apply(const struct cli_runs *s, struct sp_across_common *c);

#endif
