#!/bin/sh
# The README's xargs -P recipe: one shard per rank (sp-read -q --shard),
# zero-padded names so that the glob shard-*.sps keeps rank order,
# concatenated into sp-stack: the call stream is that of the run read
# whole, byte for byte, and so are the .prof, speedscope, SVG, JSON and
# trace exports.  seq runs to 5 on a profile of 4 ranks: ranks 4 and 5 give
# empty shards, which join as nothing.
. "$CASEDIR/profile.inc"
scale_profile run.h5 || exit
sp-read run.h5 | sp-stack -o whole.calls.sps && scale_export whole.calls.sps whole/run || exit
"$SP_DUMP" whole.calls.sps | grep -E '^(rank 3|  [ab]\[)'
seq -f %03g 0 5 | xargs -P 4 -I{} sp-read -q --shard -r {} run.h5 -o shard-{}.sps
cat shard-*.sps | sp-stack -o run.calls.sps
sp-pstats -o out/run.prof run.calls.sps
sp-speedscope -o out/run.speedscope.json run.calls.sps
cmp whole.calls.sps run.calls.sps && echo "call stream: identical"
sp-flame -o out/run.svg run.calls.sps && sp-json -o out/run.json.gz run.calls.sps || exit
sp-trace -o out/run.pftrace run.calls.sps || exit
ls out
diff -r whole out && echo "exports: identical"
