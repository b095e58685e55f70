#!/bin/sh
# fault/broken-pipe, with SIGPIPE ignored by the caller: cli_init restores
# the default action, so every program still ends quietly with status 141
# when its reader goes away.  The programs run the same code as in
# fault/broken-pipe, so the sanitizer build leaves this case out (suite
# 'once').
. "$CASEDIR/pipe.inc"
trap '' PIPE
each " (SIGPIPE ignored)"
