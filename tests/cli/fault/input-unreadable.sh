#!/bin/sh
# A file without read permission: exit 1 and "Permission denied" from every
# program.  Root reads a file of mode 000 through its capabilities
# CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, so as root the case runs again
# without them (setpriv(1) of util-linux, which Debian always installs,
# takes them out of the bounding and inheritable sets): it is still root
# and owns the scratch directory, the build tree and the file, but the
# mode bits of "unreadable" now apply to it as they do to anybody.  It is
# skipped only where neither works (fault/input-unopenable fails the open
# for root too).
if [ -z "${SP_FAULT_NOCAP:-}" ]; then
	echo x >unreadable && chmod 000 unreadable || exit
	if cat unreadable >/dev/null 2>&1; then
		drop="-dac_override,-dac_read_search"
		set -- setpriv --inh-caps="$drop" --bounding-set="$drop"
		if ! "$@" true 2>/dev/null; then
			echo "SKIP: this user (id -u: $(id -u)) reads a file of" \
			    "mode 000, and setpriv cannot drop CAP_DAC_OVERRIDE"
			exit 77
		fi
		if "$@" cat unreadable >/dev/null 2>&1; then
			echo "SKIP: this user (id -u: $(id -u)) reads a file of" \
			    "mode 000, even without CAP_DAC_OVERRIDE"
			exit 77
		fi
		SP_FAULT_NOCAP=1 exec "$@" sh "$0"
	fi
fi
. "$CASEDIR/inputs.inc"
each_program unreadable
