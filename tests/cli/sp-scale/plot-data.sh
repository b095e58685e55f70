#!/bin/sh
# --plot-data: the plot's points alone, regions only, in the reference's
# data-file layout: CSV region,<x field>,<value>, or JSON with format,
# format_version, plot, points and options; each plot.
. "$CASEDIR/series.inc"
"$SP_SCALE" --format csv --plot-data -i amdahl calls.sps
"$SP_SCALE" --format json --plot-data --plot efficiency -i amdahl calls.sps
"$SP_SCALE" --format csv --plot-data --weak -i amdahl weak.sps
"$SP_SCALE" --format csv --plot-data --plot weak-efficiency --weak \
    --x threads -i perfect weak.sps
echo "exit $?"
"$SP_SCALE" --format csv --plot-data --x cores -i perfect calls.sps
