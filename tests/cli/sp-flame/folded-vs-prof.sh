#!/bin/sh
# Folded stacks re-aggregated give the .prof of the same stream: for every
# call path, the self time of its line / 1e9 is the entry's tt and the sum
# over the lines it begins its ct (within float rounding), and all lines
# add up to the root's ct.  Skipped without sp-pstats.
[ -n "${SP_PSTATS:-}" ] || { echo "SKIP: no sp-pstats in this build"; exit 77; }
$SPGEN synth --calls 3000 --ranks 2 --shape random --regions 7 --depth 6 \
    --threads 2 --seed 5 in.h5 >/dev/null || exit
"$SP_READ" -r all in.h5 | "$SP_STACK" >calls.sps || exit
"$SP_FLAME" --folded -o stacks.folded calls.sps || exit
"$SP_PSTATS" -o prof.prof calls.sps || exit
ls -A
for r in 0 1; do
	$PYTHON - stacks_rank$r.folded prof_rank$r.prof <<'EOF2' || exit
import marshal, sys
lines = [l.rsplit(" ", 1) for l in open(sys.argv[1]).read().splitlines()]
stats = marshal.load(open(sys.argv[2], "rb"))
self_ns, cum_ns = {}, {}
for stack, n in lines:
    path = stack.split(";")
    self_ns[" > ".join(path)] = int(n)
    for i in range(1, len(path) + 1):
        k = " > ".join(path[:i])
        cum_ns[k] = cum_ns.get(k, 0) + int(n)
bad = 0
root = [k for k, v in stats.items() if not v[4]]
assert len(root) == 1
for (f, l, name), (cc, nc, tt, ct, callers) in stats.items():
    if (f, l, name) == root[0]:
        want_tt, want_ct = 0.0, sum(self_ns.values()) / 1e9
    else:
        want_tt, want_ct = self_ns.get(name, 0) / 1e9, cum_ns.get(name, 0) / 1e9
    if abs(tt - want_tt) > 1e-9 or abs(ct - want_ct) > 1e-9:
        print("mismatch", name, tt, want_tt, ct, want_ct)
        bad = 1
paths = set(k for k in self_ns)
missing = paths - set(k[2] for k in stats)
print("%s: %d lines, %d entries, %d ns, ok" % (sys.argv[1], len(lines),
      len(stats), sum(self_ns.values())) if not bad and not missing else
      "MISMATCH %s" % sorted(missing))
EOF2
done
