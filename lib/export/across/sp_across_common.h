/*
 * sp_across_common.h - the options that sp-stats, sp-diff, sp-scale and
 * sp-report have alike, each program's own options holding them as a
 * member `common`: where the output goes and who is told of it, which
 * ranks and regions count, and the statistics' memory bound.
 * sp_across_run takes them as they are, sp_across_stats_opts
 * (sp_across.h) gives the statistics' share of them.
 *
 * Ownership: the callbacks' contexts, the output and tmpdir are the
 * caller's, borrowed for as long as the options are used.
 */
#ifndef SP_ACROSS_COMMON_H
#define SP_ACROSS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "sp_export_name.h"

struct sp_across_common {
	const char *output;	/* NULL or "-": standard output */
	/* rank selection: NULL rank_ok selects every rank */
	int (*rank_ok)(void *ctx, uint32_t rank);
	void *rank_ctx;
	/* include/exclude: NULL keep keeps every region */
	int (*keep)(void *ctx, const char *name, size_t len);
	void *keep_ctx;
	uint64_t mem;		/* -S: the statistics' memory bound */
	const char *tmpdir;	/* -T, NULL: $TMPDIR or /tmp */
	struct sp_export_wrote wrote;	/* told of each file written */
};

#endif
