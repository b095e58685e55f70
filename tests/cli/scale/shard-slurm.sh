#!/bin/sh
# The README's Slurm job array, without Slurm: examples/slurm/shard.sbatch
# run as the tasks of "sbatch --array=0-5" run it (SLURM_ARRAY_TASK_ID 0
# to 5, in parallel; ranks 4 and 5 are absent), then join.sbatch, as the
# job that depends on the array: the exports are those of the run read
# whole, byte for byte, and the shards are gone.  The README shows both
# job scripts as they are.
. "$CASEDIR/profile.inc"
mkdir in && scale_profile in/run.h5 || exit
sp-read in/run.h5 | sp-stack -o whole.calls.sps && scale_export whole.calls.sps whole/run || exit
export PROFILE=in/run.h5 SHARDS=shards OUT=out SP_BIN="$(dirname "$SP_READ")"
seq 0 5 | xargs -P 4 -I{} env SLURM_ARRAY_TASK_ID={} \
    sh "$SRCDIR/examples/slurm/shard.sbatch" || exit
ls shards
sh "$SRCDIR/examples/slurm/join.sbatch" || exit
ls shards
diff -r whole out && echo "exports: identical"
for f in shard.sbatch join.sbatch; do
	awk -v m="<!-- examples/slurm/$f -->" '
		$0 == m { on = 1; next }
		on && /^```sh$/ { body = 1; next }
		on && body && /^```$/ { exit }
		on && body { print }' "$SRCDIR/README.md" >readme-$f
	cmp readme-$f "$SRCDIR/examples/slurm/$f" && echo "$f: as in README.md"
done
