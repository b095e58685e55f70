#!/bin/sh
# An input that cannot be opened: one line, exit 1, no trace.
"$SP_TRACE" -o t.pftrace nosuch.sps
echo "exit $?"
"$SP_TRACE" -o t.pftrace .
echo "exit $?"
ls
