#!/bin/sh
# Zero-length calls, one call, a region on only some ranks, a rank with
# a row of no calls (0-call entries count in num_ranks and sort a region
# first: doc/stats.md, "Regions without calls") and a rank with no row
# at all.  Two
# zero-length calls at one instant nest (sp-stack's rule), so zero is
# recursive in the table.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["zero", [5, 5, 7], [5, 5, 7]], ["one", [10], [20]]],
           "1": [["one", [], []], ["late", [50], [90]]],
           "2": []},
 "metadata": {"mpi_size": 3}}
EOF2
"$SP_READ" in.h5 >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --format json calls.sps
"$SP_STATS" --no-notes --columns region,ranks,calls,total,avg,p50,imbalance calls.sps
