#!/bin/sh
# spgen-cache.sh ARGS...: spgen-cache.py ARGS..., without starting Python
# when "spec SPEC OUT" (SPEC a file or -, standard input) finds its
# profile in $SPGEN_CACHE: the key is spgen-cache.py's (key_of), made
# with cat and sha1sum, and a hit is copied as spgen-cache.py copies it.
# A miss, any other command, or an OUT not a plain NAME.EXT in the
# current directory goes to spgen-cache.py ($SPGEN_PYTHON, default
# /usr/bin/python3).  Most golden cases ask for a profile the cache
# holds: Python's start was most of their time.
here=${0%/*}
[ "$here" = "$0" ] && here=.
py=${SPGEN_PYTHON:-/usr/bin/python3}
if [ -n "${SPGEN_CACHE:-}" ] && [ $# -eq 3 ] && [ "$1" = spec ]; then
	case $3 in
	.* | */* | *[!A-Za-z0-9._-]* | *.) ;;
	*.*)
		spec=$2
		if [ "$spec" = - ]; then
			spec=$(mktemp "${TMPDIR:-/tmp}/spgen-spec.XXXXXX") || exit 1
			trap 'rm -f "$spec"' EXIT
			cat >"$spec" || exit 1
		fi
		key=$({ cat "$here"/*.py && printf '\0%s\0%s\0%s\0%s\0' \
		    spec SPEC OUT ".${3##*.}" && cat "$spec"; } | sha1sum) ||
		    exit 1
		entry=$SPGEN_CACHE/${key%% *}
		if [ -d "$entry" ]; then
			cp "$entry/out" "$3" || exit 1
			[ -s "$entry/stdout" ] && cat "$entry/stdout"
			[ -s "$entry/stderr" ] && cat "$entry/stderr" >&2
			exit 0
		fi
		"$py" "$here/spgen-cache.py" spec - "$3" <"$spec"
		exit
		;;
	esac
fi
exec "$py" "$here/spgen-cache.py" "$@"
