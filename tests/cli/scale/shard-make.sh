#!/bin/sh
# examples/Makefile under make -j: a directory of two profiles (4 and 3
# ranks, profile.inc and a synthetic one) gives NAME_rankN.prof,
# NAME.speedscope.json, NAME_rankN.svg, NAME.json.gz, NAME.stats.txt,
# NAME.pftrace and NAME.html each; with SHARDS="0-1 2-3" each profile is read as two
# shards (sp-read --shard), in parallel, joined by sp-stack, and every
# output is the same, byte for byte (README "Runs that outgrow one
# process").
command -v make >/dev/null 2>&1 || { echo "SKIP: no make"; exit 77; }
. "$CASEDIR/profile.inc"
mkdir in && scale_profile in/run.h5 || exit
$SPGEN synth --ranks 3 --calls 200 --threads 2 --shape random --regions 6 \
    --seed 11 in/synth.h5 || exit
make -s -j4 -f "$SRCDIR/examples/Makefile" IN=in OUT=whole || exit
ls whole
make -s -j4 -f "$SRCDIR/examples/Makefile" IN=in OUT=made \
    SHARDS="0-1 2-3" || exit
diff -r whole made && echo "sharded: identical"
# what make leaves: the outputs only (calls and shards are intermediates)
ls made | wc -l
