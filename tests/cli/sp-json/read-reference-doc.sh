#!/bin/sh
# doc/formats.md, "JSON profiles": sp-read reads a JSON profile as
# scope-profiler writes it, keys in any order (this one is laid out as the
# reference's compatibility fixture json-v1.json: rank 0, "solve" from
# solver.py:7 tagged "golden", calls [10, 15], [20, 33], [40, 55]): the stream
# is that of the fixture's HDF5 twins, but for the run's name, format, layout
# and schema.
cat >doc.json <<'EOF2'
{
  "format": "scope-profiler-profile",
  "format_version": 1,
  "time_unit": "nanoseconds",
  "exporter": "scope-profiler@0.5.2",
  "num_ranks": 1,
  "event_data_available": true,
  "metadata": {
    "mpi_size": 1
  },
  "regions": [
    {
      "name": "solve",
      "rank": 0,
      "source_file": "solver.py",
      "source_lineno": 7,
      "tags": ["golden"],
      "start_times_ns": [10, 20, 40],
      "end_times_ns": [15, 33, 55]
    }
  ]
}
EOF2
$SPGEN spec "$SRCDIR/tests/gen/examples/fixture-like-3.json" twin.h5 || exit
"$SP_READ" doc.json >doc.sps && "$SP_READ" twin.h5 >twin.sps || exit
"$SP_DUMP" doc.sps
"$SP_DUMP" doc.sps >doc.txt && "$SP_DUMP" twin.sps >twin.txt
diff twin.txt doc.txt
$SP_ITEMS --kind run doc.sps | sed 's/.*"metadata"/"metadata"/'
