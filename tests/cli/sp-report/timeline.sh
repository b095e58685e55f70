#!/bin/sh
# The timeline and the durations, as drawn: three ranks over 800 ns (a
# column a ns), rank 0 in a then b, rank 1 in b for its second half
# only, rank 2 without calls; a profile whose path needs quoting in the
# Perfetto command; each histogram's bins and counts.
$SPGEN spec - "it's <1>.h5" <<'EOF2'
{"ranks": {"0": [["a", [0], [400]], ["b", [400, 500], [450, 800]]],
 "1": [["b", [400], [800]]], "2": [["a", [], []]]}}
EOF2
"$SP_READ" "it's <1>.h5" | "$SP_STACK" >calls.sps || exit
"$SP_REPORT" -o page.html calls.sps
echo "exit $?"
sed -n '/<h3 id="r1-timeline">/,/<h3 id="r1-durations">/p' page.html |
    grep -o '<svg class="timeline"[^>]*>\|<path[^>]*>\|<title>[^<]*\|rank[s]* [0-9-]*</text>\|<span class="tlk"[^>]*>\|<code class="cmd">[^<]*'
grep -o '<figure class="hist"[^>]*>\|<figcaption>[^<]*\|data-bin="[0-9]*" data-n="[0-9]*"\|<figcaption class="fig">[^<]*' page.html
