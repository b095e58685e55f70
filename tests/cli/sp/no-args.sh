#!/bin/sh
# No command: the map on standard error and exit 2, a usage error (git
# prints its usage and fails too); nothing on standard output.
"$SP"
