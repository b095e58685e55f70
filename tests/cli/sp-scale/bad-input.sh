#!/bin/sh
# Bad input, one line each, exit 1, nothing written to -o: one run, a
# metadata key a run lacks, unequal work per rank for weak efficiency,
# no region common to all runs.  An interval stream is a usage error, and
# so is efficiency over a categorical axis.
. "$CASEDIR/series.inc"
$SPGEN scale --kind weak --ranks 1,2 --unequal-work unequal || exit
"$SP_READ" unequal/*.h5 | "$SP_STACK" >unequal.sps || exit
"$SP_READ" strong/run-01.h5 | "$SP_STACK" >one.sps || exit
"$SP_READ" strong/run-01.h5 strong/run-02.h5 >intervals.spi || exit
for args in "one.sps" "--x compiler calls.sps" \
    "--weak --work work_per_rank unequal.sps" "--weak --work nothing unequal.sps" \
    "-i nothing calls.sps" "intervals.spi" "--x case --plot efficiency calls.sps"; do
	echo "sp-scale $args"
	eval "\"\$SP_SCALE\" -o out.txt $args"
	echo "exit $?"
done
ls
