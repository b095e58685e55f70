#!/bin/sh
# check-citations.sh SRCDIR
#
# The repository stands on its own: no file outside doc/ may cite a
# document the tree does not hold.  Fails, naming file and line, on
#   - a citation of the reference's behaviour documents (the *.md names
#     below, unless they are doc/'s own), of a "spec" folder, or of
#     their numbered quirks (a Q and a number as a word, in a file or
#     in a file's name, as quirk-q5-...): cite doc/FILE.md, "Section
#     title", or a man page, instead;
#   - a path bench/<NAME>.md that does not exist.
# The files are git's tracked files, or without git every file under
# SRCDIR but .git and build directories.
set -u
LC_ALL=C
export LC_ALL

if [ $# -ne 1 ]; then
	echo "usage: check-citations.sh SRCDIR" >&2
	exit 2
fi
cd "$1" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z
else
	find . -path ./.git -prune -o -path './build*' -prune -o -type f \
	    -print0 | sed -z 's|^\./||'
fi | tr '\0' '\n' | grep -v '^doc/' >"$tmp/files"

names='(exports|h5-format|summary|timeline|flame-diff|compare|report|anchors|aesthetics|DESIGN)'
cite="$names\\.md|spec[/]|\\bQ[0-9]+\\b"
# grep -I skips binary files; doc/NAME.md is a citation of our own
tr '\n' '\0' <"$tmp/files" | xargs -0 grep -nIE -- "$cite" 2>/dev/null |
	sed -E "s#doc/$names\\.md##g" | grep -E -- "$cite" >"$tmp/cites"

grep -iE -- '(^|[/_-])q[0-9]+[._-]' "$tmp/files" | sed 's/$/ (named by a quirk number)/' \
	>>"$tmp/cites"

tr '\n' '\0' <"$tmp/files" | xargs -0 grep -noIE -- 'bench/[A-Za-z0-9_-]+\.md' \
	2>/dev/null >"$tmp/bench"
: >"$tmp/dead"
while IFS= read -r hit; do
	path=${hit##*:}
	[ -e "$path" ] || echo "$hit (no such file)" >>"$tmp/dead"
done <"$tmp/bench"

status=0
if [ -s "$tmp/cites" ]; then
	echo "check-citations: these cite documents outside the tree; cite" \
	    "doc/FILE.md, \"Section\" or a man page instead:" >&2
	cat "$tmp/cites" >&2
	status=1
fi
if [ -s "$tmp/dead" ]; then
	echo "check-citations: these name bench reports that do not exist:" >&2
	cat "$tmp/dead" >&2
	status=1
fi
[ $status = 0 ] && echo "check-citations: $(wc -l <"$tmp/files") files," \
    "no citation outside the tree"
exit $status
