#!/bin/sh
# A summary-only JSON profile (no calls; each row its aggregate and its
# summary statistics), doc/stats.md, "Aggregate and summary-only profiles":
# summary() takes the calls, totals and exclusive times, 0.0 for average,
# extremes, std and percentiles ("Aggregate-only statistics"), and first/last
# from the stored first/last of the entry that starts first (rank 1,
# start_minimum 900: 10 ns) and ends last (rank 1, end_maximum 6000: 50 ns);
# the per-rank records use the stored numbers, std = sqrt(m2 / count) (rank 0:
# sqrt(150 / 4) ns), percentiles null; the table's flat row avg = total / calls
# = 100 / 6 ns.
cat >so.json <<'EOF2'
{"format": "scope-profiler-profile", "format_version": 1,
 "event_data_available": false,
 "regions": [
  {"name": "solve", "rank": 0,
   "aggregate": {"count": 4, "total": 40, "minimum": 5, "maximum": 20,
                 "exclusive": 30},
   "summary_statistics": {"total": 40, "minimum": 5, "maximum": 20,
     "first": 7, "last": 8, "start_minimum": 1000, "end_maximum": 5000,
     "gpu_count": 0, "gpu_total": 0, "mean": 10.0, "m2": 150.0}},
  {"name": "solve", "rank": 1,
   "aggregate": {"count": 2, "total": 60, "minimum": 10, "maximum": 50,
                 "exclusive": 60},
   "summary_statistics": {"total": 60, "minimum": 10, "maximum": 50,
     "first": 10, "last": 50, "start_minimum": 900, "end_maximum": 6000,
     "gpu_count": 0, "gpu_total": 0, "mean": 30.0, "m2": 800.0}}]}
EOF2
"$SP_READ" so.json >in.sps && "$SP_STACK" in.sps >calls.sps || exit
"$SP_STATS" --format ndjson calls.sps
"$SP_STATS" --by rank --format ndjson calls.sps
"$SP_STATS" --no-notes --columns region,ranks,calls,total,avg,p50 calls.sps
