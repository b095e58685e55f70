#!/bin/sh
# Inputs whose open fails, for root too (chmod 000 does not stop root:
# fault/input-unreadable covers that where it can): a symbolic link to
# itself (ELOOP) and a path through a regular file (ENOTDIR).  Exit 1 and
# the system's reason from every program.
. "$CASEDIR/inputs.inc"
ln -s loop loop && echo x >file || exit
each_program loop
each_program file/in
