#!/bin/sh
# man-help.sh MANDIR PROGRAM...
#
# Keeps the man pages in step with the programs.  For each PROGRAM, its
# page MANDIR/<name>.1 (or <name>.7: sp's page is the overview, sp(7))
# must document exactly the options of "PROGRAM --help":
#   - every option line of --help ("-o, --output FILE") is an .It line of
#     the page's OPTIONS section (".It Fl o Ar FILE , Fl -output Ar FILE"),
#     with the same short and long names and argument, and vice versa;
#   - every option group of the usage line ("[-o FILE]") is an .Op of the
#     page's SYNOPSIS (".Op Fl o Ar FILE"), and vice versa;
#   - every long option of --help appears in the page, and every long
#     option named in SYNOPSIS or OPTIONS is one of --help.
# Then every page in MANDIR must lint clean: "mandoc -Tlint -W warning"
# (errors and warnings; $MANDOC names the binary), or else
# "groff -mandoc -ww -z".  Without either the test is skipped (77) once
# the option checks pass, or fails where SP_REQUIRE_ALL is set (CI:
# nothing may be skipped).
set -u
LC_ALL=C
export LC_ALL

if [ $# -lt 1 ]; then
	echo "usage: man-help.sh MANDIR PROGRAM..." >&2
	exit 2
fi
mandir=$1
shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
fail=0

bad() {
	echo "FAIL: $*"
	fail=1
}

# The lines of one section (".Sh NAME") of an mdoc page.
section() {
	awk -v want="$2" '
		/^\.Sh / { sub(/^\.Sh /, ""); on = ($0 == want); next }
		on { print }' "$1"
}

# --help option lines -> "-o --output FILE", one per line.
help_options() {
	awk '/^ +-/ {
		sub(/^ +/, "")
		n = index($0, "  ")
		if (n > 0)
			$0 = substr($0, 1, n - 1)
		gsub(/,/, "")
		$1 = $1
		print
	}'
}

# --help usage groups -> "-o FILE", one per line: the bracketed groups
# that hold an option, on the "usage:" line and its indented continuations.
help_usage() {
	awk '
		/^usage:/ { on = 1 }
		on && !/^usage:/ && !/^[ \t]+[^ \t]/ { exit }
		on {
			s = $0
			while (match(s, /\[[^]]*\]/)) {
				g = substr(s, RSTART + 1, RLENGTH - 2)
				s = substr(s, RSTART + RLENGTH)
				if (g ~ /^-/)
					print g
			}
		}'
}

# mdoc macro lines "PREFIX Fl o Ar FILE , Fl -output Ar FILE" ->
# "-o --output FILE": the flags in order, then the argument if every flag
# has the same one (else each flag with its own, which matches nothing).
mdoc_options() {
	awk -v prefix="$1" '
		index($0, prefix " Fl ") == 1 {
			nf = 0; na = 0; flags = ""; args = ""; same = 1; prev = ""
			for (i = 2; i <= NF; i++) {
				if ($i == "Fl" && i < NF) {
					i++
					flags = flags (nf++ ? " " : "") "-" $i
				} else if ($i == "Ar" && i < NF) {
					i++
					if (na++ && $i != prev)
						same = 0
					prev = $i
					args = args " -" $(i - 2) "=" $i
				}
			}
			if (na == 0)
				print flags
			else if (same && na == nf)
				print flags " " prev
			else
				print flags args
		}'
}

# Long option names ("--output"), one per line, from text or mdoc source.
long_names() {
	sed -n 's/\\-/-/g; s/Fl -/--/g; p' |
	    grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}

compare() {
	# compare WHAT EXPECTED(help) ACTUAL(page)
	if ! diff -u "$2" "$3" >"$tmp/diff"; then
		bad "$1 (- only in --help, + only in the page):"
		sed -n '3,$p' "$tmp/diff"
	fi
}

for prog in "$@"; do
	name=$(basename "$prog")
	page=$mandir/$name.1
	[ -f "$page" ] || [ ! -f "$mandir/$name.7" ] || page=$mandir/$name.7
	if [ ! -f "$page" ]; then
		bad "$name: no man page $page"
		continue
	fi
	if ! "$prog" --help >"$tmp/help" 2>"$tmp/help.err"; then
		bad "$name --help failed:"
		cat "$tmp/help.err"
		continue
	fi
	help_options <"$tmp/help" | sort -u >"$tmp/h.opt"
	section "$page" OPTIONS | mdoc_options .It | sort -u >"$tmp/p.opt"
	compare "$name: options of --help and OPTIONS of $page differ" \
	    "$tmp/h.opt" "$tmp/p.opt"

	help_usage <"$tmp/help" | sort -u >"$tmp/h.use"
	section "$page" SYNOPSIS | mdoc_options .Op | sort -u >"$tmp/p.use"
	compare "$name: usage line of --help and SYNOPSIS of $page differ" \
	    "$tmp/h.use" "$tmp/p.use"

	long_names <"$tmp/help" >"$tmp/h.long"
	long_names <"$page" >"$tmp/p.all"
	for opt in $(cat "$tmp/h.long"); do
		grep -qx -- "$opt" "$tmp/p.all" ||
		    bad "$name: $opt of --help is not in $page"
	done
	{ section "$page" SYNOPSIS; section "$page" OPTIONS; } |
	    long_names >"$tmp/p.long"
	for opt in $(cat "$tmp/p.long"); do
		grep -qx -- "$opt" "$tmp/h.long" ||
		    bad "$name: $opt of $page is not in --help"
	done
	if [ ! -s "$tmp/h.opt" ] || [ ! -s "$tmp/h.use" ]; then
		bad "$name: no options found in --help"
	fi
done

linter=
if [ -n "${MANDOC:-}" ] || command -v mandoc >/dev/null 2>&1; then
	linter=mandoc
elif command -v groff >/dev/null 2>&1; then
	linter=groff
fi
npages=0
for page in "$mandir"/*.[1-9]; do
	[ -f "$page" ] || continue
	npages=$((npages + 1))
	case $linter in
	mandoc)
		"${MANDOC:-mandoc}" -Tlint -W warning "$page" \
		    >"$tmp/lint" 2>&1
		;;
	groff)
		groff -mandoc -ww -z "$page" >"$tmp/lint" 2>&1
		;;
	*)
		continue
		;;
	esac
	if [ -s "$tmp/lint" ]; then
		bad "$linter reports on $page:"
		cat "$tmp/lint"
	fi
done
[ "$npages" -gt 0 ] || bad "no man pages in $mandir"

if [ "$fail" -ne 0 ]; then
	exit 1
fi
if [ -z "$linter" ]; then
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: SP_REQUIRE_ALL is set, and neither mandoc nor groff" \
		    "is installed to lint the pages"
		exit 1
	fi
	echo "SKIP: neither mandoc nor groff is installed to lint the pages"
	exit 77
fi
echo "ok: $# programs, $npages pages ($linter)"
exit 0
