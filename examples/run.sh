#!/bin/sh
# Set up and build sp (tools/bootstrap.sh), then run the main job on the
# example profile: rebuild its call stacks and write a cProfile .prof per
# rank, a speedscope document, a Perfetto trace and the HTML report, say
# where they went, and end with the profile's summary table (sp-stats),
# the answer on the terminal, and where its report is (sp-report).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/tools/bootstrap.sh" build
bin=$top/build/cmd
out=${1:-$top/out}
in=$top/examples/example.h5

"$bin/sp-read" "$in" | "$bin/sp-stack" -o "$out/example.calls.sps"
"$bin/sp-pstats" -o "$out/example.prof" "$out/example.calls.sps"
"$bin/sp-speedscope" -o "$out/example.speedscope.json" \
    "$out/example.calls.sps"
"$bin/sp-trace" -o "$out/example.pftrace" "$out/example.calls.sps"
"$bin/sp-report" -q -o "$out/example.html" "$out/example.calls.sps"
echo "example: wrote these files from $in:"
ls -1 "$out"/example* | sed 's/^/  /'
echo "open a .prof with: snakeviz FILE, or python3 -m pstats FILE"
echo "open the .speedscope.json at https://www.speedscope.app"
echo "open the .pftrace at https://ui.perfetto.dev (every rank and thread)"
echo "the regions of $in, over its ranks (sp-stats $out/example.calls.sps):"
"$bin/sp-stats" "$out/example.calls.sps"
echo "the whole answer in one page, offline: xdg-open $out/example.html"
