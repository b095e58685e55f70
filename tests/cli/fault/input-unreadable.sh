#!/bin/sh
# A file without read permission: exit 1 and "Permission denied" from every
# program.  Root reads it anyway, so as root the case is skipped
# (fault/input-unopenable fails the open for root too).
echo x >unreadable && chmod 000 unreadable || exit
if cat unreadable >/dev/null 2>&1; then
	echo "SKIP: this user (id -u: $(id -u)) reads a file of mode 000"
	exit 77
fi
. "$CASEDIR/inputs.inc"
each_program unreadable
