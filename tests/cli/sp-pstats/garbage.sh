#!/bin/sh
# --print rejects what is not a .prof file or an sp stream with a one-line
# error naming the file, exit 1: text, a cut-off .prof (the marshal
# reader says what and where), a dict that is not pstats' shape, an empty
# file, a profile; without --print, text is not an sp stream.
$SPGEN spec - in.h5 <<'EOF'
{"ranks": {"0": [["main", [0], [100]]]}}
EOF
"$SP_READ" in.h5 | "$SP_STACK" | "$SP_PSTATS" -o p.prof || exit
echo 'hello' >text.txt
head -c 20 p_rank0.prof >cut.prof
printf '{\351\001\000\000\000\351\002\000\000\0000' >ints.prof
: >empty
for f in text.txt cut.prof ints.prof empty in.h5; do
	"$SP_PSTATS" --print $f
	echo "exit $?"
done
"$SP_PSTATS" -o x.prof text.txt
echo "exit $?"
ls -A
