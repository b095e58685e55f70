#!/bin/bash
# check-completion.sh COMPLETIONS_DIR
#
# Runs the completions of completions/ as the shells run them, on a
# scratch directory of files of every kind sp reads:
#   - bash: sources sp.bash, sets COMP_WORDS and COMP_CWORD for a command
#     line, calls the function that `complete` registered for its first
#     word, and compares COMPREPLY, sorted, with what it must offer;
#   - zsh: compinit finds _sp for sp and every sp-* program (#compdef),
#     and each program's _arguments specs, as zsh expands them, hold its
#     choices and file patterns.
# Without zsh the test is skipped (77), or fails under SP_REQUIRE_ALL.
set -u
dir=$(cd "$1" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
cd "$tmp" || exit 1
mkdir sub
touch a.h5 b.json c.json.gz d.spt e.sps f.txt g.prof run.calls.sps

# shellcheck source=/dev/null
. "$dir/sp.bash" || { echo "FAIL: sourcing sp.bash"; exit 1; }

# want "WORDS" "EXPECTED": complete the last word of WORDS ('' for an
# empty last word), expect the words of EXPECTED, in any order
want() {
	local line=$1 expect=$2 fn got
	eval "COMP_WORDS=($line)"
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	fn=$(complete -p "${COMP_WORDS[0]}" 2>/dev/null |
	    sed -n 's/.*-F \([^ ]*\) .*/\1/p')
	if [ -z "$fn" ]; then
		echo "FAIL: no completion registered for ${COMP_WORDS[0]}"
		fail=1
		return
	fi
	COMPREPLY=()
	"$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
	    "${COMP_WORDS[COMP_CWORD - 1]:-}"
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	expect=$(printf '%s\n' $expect | sort | tr '\n' ' ')
	if [ "$got" != "$expect" ]; then
		echo "FAIL: $line: offered '$got', want '$expect'"
		fail=1
	else
		echo "ok: $line -> $got"
	fi
}

want "sp-stats --format ''" "text json ndjson csv tsv"
want "sp-stats --format j" "json"
want "sp-diff --metric s" "self slowest"
want "sp-stats --format = n" "ndjson"
want "sp-stats --by ''" "region rank lane"
want "sp-stats --percent e" "exclusive"
want "sp-stats --fo" "--format"
want "sp-stats -T ''" "sub"
want "sp-stats ''" "e.sps run.calls.sps sub"
want "sp-read ''" "a.h5 b.json c.json.gz d.spt sub"
want "sp-read --order ''" "time file"
want "sp-read -r 0 ''" "a.h5 b.json c.json.gz d.spt sub"
want "sp-read -o ''" "a.h5 b.json c.json.gz d.spt e.sps f.txt g.prof run.calls.sps sub"
want "sp-read --batch ''" ""
want "sp-read -- ''" "a.h5 b.json c.json.gz d.spt sub"
want "sp-pstats ''" "e.sps g.prof run.calls.sps sub"
want "sp-pstats --sort t" "tottime"
want "sp-trace -f ''" "proto json"
want "sp-trace --align ''" "none start"
want "sp-flame --delta ''" "self total"
want "sp-speedscope --unit ''" "s ns"
want "sp ''" "read stack stats diff scale report trace flame pstats speedscope json"
want "sp st" "stack stats"
want "sp --" "--help --version"
want "sp stats --by r" "region rank"
want "sp stats --by rank ''" "e.sps run.calls.sps sub"
want "sp read ''" "a.h5 b.json c.json.gz d.spt sub"
want "sp -V stats --format c" "csv"
want "sp stack --f" "--force"

if ! command -v zsh >/dev/null 2>&1; then
	if [ -n "${SP_REQUIRE_ALL:-}" ]; then
		echo "FAIL: no zsh to check _sp, and SP_REQUIRE_ALL is set"
		exit 1
	fi
	[ $fail -eq 0 ] || exit 1
	echo "SKIP: no zsh to check _sp (bash completion checked)"
	exit 77
fi
# compinit registers _sp for every program; then each program's
# _arguments specs, with _arguments replaced by a printer
# (fpath is ours and compinit's own directory: compinit scans every
# directory of fpath, which takes seconds)
zsh -f -c '
	fpath=("$1" ${^fpath}/compinit(N:h))
	autoload -Uz compinit && compinit -u -d "$2/zcompdump" || exit 1
	for p in sp sp-read sp-stack sp-pstats sp-speedscope sp-flame \
	    sp-json sp-stats sp-trace sp-diff sp-report sp-scale; do
		[[ $_comps[$p] == _sp ]] || { print "FAIL: $p: no _sp"; exit 1; }
	done
	autoload -Uz _sp
	_arguments() { print -rl -- "$@" }
	_describe() { print -rl -- "$@" }
	for p in sp-read sp-stats sp-trace; do
		service=$p _sp
	done
	service=sp words=(sp) state=command _sp
' zsh "$dir" "$tmp" >zsh.out 2>&1 || {
	echo "FAIL: zsh:"
	cat zsh.out
	exit 1
}
for spec in \
    '(--format)--format=[text (the default), json, ndjson, csv or tsv]:FORMAT:(text json ndjson csv tsv)' \
    '(--by)--by=[region (the default), rank or lane]:VIEW:(region rank lane)' \
    '*:file:_files -g "*.(h5|json|json.gz|spt)(-.)"' \
    '*:file:_files -g "*.(sps)(-.)"' \
    '*-r+[only these ranks: all, N, N-M, lists N,M-K (repeatable)]:RANKS: ' \
    '(--align)--align=[none: as recorded (the default), start: each rank'"'"'s first call at 0, REGION: the first call of REGION at the same time on every rank]:MODE:(none start)' \
    '(- *)--version[show the version and exit]' \
    '1:command:->command'; do
	if grep -qxF -- "$spec" zsh.out; then
		echo "ok: zsh: $spec"
	else
		echo "FAIL: zsh: no spec $spec"
		fail=1
	fi
done
exit $fail
