#!/bin/sh
# The protobuf, field by field, as Debian's protoc --decode_raw reads it
# (doc/trace.md, "Fields"): Trace.packet 1 framing; the first packet of
# sequence 1 (10) says first_packet_on_sequence (87) and CLEARED (13: 1), and
# describes the root track (60: uuid 1 = 0, process and thread ordering 19, 20
# = 1, explicit); then the process track (60.3: pid 1 = 1, process_name 6,
# process_labels 8; sibling_order_rank 12 = the rank; description 14) and the
# thread track (60.4: pid 1, tid 2 = 65537, thread_name 5; order 12 = 1), all
# at the first slice's time (8); then SLICE_BEGIN (11.9 = 1) on track 1 (11.11)
# with name_iid 10 = region + 1 and the interned name (12.2: iid 1, name 2),
# NEEDS (13: 2), and SLICE_END (11.9 = 2) with nothing else.  Names are chosen
# so that --decode_raw shows them as strings (a name that happens to parse as a
# message shows as one).
command -v protoc >/dev/null 2>&1 || { echo "SKIP: no protoc (protobuf-compiler)"; exit 77; }
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["solve", [1000], [1300]], ["step", [1100], [1200]]]},
 "metadata": {"label": "x"}}
EOF2
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_TRACE" --no-args >t.pftrace || exit
protoc --decode_raw <t.pftrace
