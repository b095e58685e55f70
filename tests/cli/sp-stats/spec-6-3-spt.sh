#!/bin/sh
# doc/stats.md, "Example: a session on two ranks", from two .spt files (rank 0
# and 1), imported as one run "native_trace": the same text as spec-6-3, the
# title and the hints naming the run "native_trace" as the reference's do (an
# import has no file path).
$PYTHON - <<'EOF2' || exit
import struct
S = 1_000_000_000
ranks = {0: [("scope_profiler.session", [(0, 10 * S)]),
             ("solve", [(1 * S, 4 * S), (5 * S, 9 * S)]),
             ("io", [(2 * S, 3 * S), (6 * S, 7 * S), (7_500_000_000, 8 * S)])],
         1: [("scope_profiler.session", [(0, 12 * S)]),
             ("solve", [(1 * S, 11 * S)]),
             ("io", [(2 * S, 2 * S + 250_000)])]}
for rank, regions in ranks.items():
    b = b"SCOPEPRF" + struct.pack("<iiq", 1, rank, len(regions))
    for name, calls in regions:
        n = name.encode()
        b += struct.pack("<i", len(n)) + n + struct.pack("<q", len(calls))
        b += b"".join(struct.pack("<q", s) for s, _ in calls)
        b += b"".join(struct.pack("<q", e) for _, e in calls)
    open(f"s_rank{rank:05d}.spt", "wb").write(b)
EOF2
"$SP_READ" s_rank00000.spt s_rank00001.spt >in.sps &&
    "$SP_STACK" in.sps >calls.sps && "$SP_STATS" calls.sps
