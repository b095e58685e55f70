#!/bin/sh
# doc/exports.md, "Run labels and file names": with several runs each file name
# carries the slug of the run's unique label: a, "run two" (a metadata label)
# and a second a ("a (2)") give profile_a, profile_run_two and profile_a_2; the
# root names keep the unslugged label: <a (2) rank 0>.
$SPGEN spec - a.h5 <<'EOF'
{"ranks": {"0": [["outer", [0], [100]], ["inner", [10], [40]]]}}
EOF
$SPGEN spec - b.h5 <<'EOF'
{"ranks": {"0": [["x", [5], [50]]]}, "metadata": {"label": "run two"}}
EOF
mkdir d && cp a.h5 d/a.h5
"$SP_READ" a.h5 b.h5 d/a.h5 | "$SP_STACK" | "$SP_PSTATS" -o out/profile.prof || exit
ls -A out
for r in "a" "a (2)"; do
	cat >"want $r.json" <<EOF
[[["~", 0, "outer"], 1, 1, 7e-08, 1e-07, [[["~", 0, "<$r rank 0>"], 1, 1, 7e-08, 1e-07]]],
 [["~", 0, "outer > inner"], 1, 1, 3e-08, 3e-08, [[["~", 0, "outer"], 1, 1, 3e-08, 3e-08]]],
 [["~", 0, "<$r rank 0>"], 1, 1, 0.0, 1e-07, []]]
EOF
done
cat >two.json <<'EOF'
[[["~", 0, "x"], 1, 1, 4.5e-08, 4.5e-08, [[["~", 0, "<run two rank 0>"], 1, 1, 4.5e-08, 4.5e-08]]],
 [["~", 0, "<run two rank 0>"], 1, 1, 0.0, 4.5e-08, []]]
EOF
$PYTHON "$SRCDIR/tests/check-prof.py" --invariants --bytes --pairs \
    out/profile_a_rank0.prof "want a.json" out/profile_a_2_rank0.prof "want a (2).json" \
    out/profile_run_two_rank0.prof two.json && echo "three files: as expected"
