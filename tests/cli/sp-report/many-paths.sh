#!/bin/sh
# A run of many call paths (100000 calls nested at random over 2000
# regions: 82000 paths) makes a page of at most 3 MB: the summary table
# shows the 1000 rows of the largest total (with their callers; here
# none is missing) and a line for the rest, the flame graph 5000 nodes
# and a line for the paths merged.  --rows 0 shows every row, as many as
# sp-stats --call-paths has paths, and no line for the rest; --rows 12
# the 12 rows of the largest total in sp-stats' JSON by call path.
$SPGEN synth --shape random --regions 2000 --calls 100000 in.h5 || exit
"$SP_READ" in.h5 | "$SP_STACK" >in.sps || exit
"$SP_REPORT" -q -o page.html in.sps || exit
size=$(wc -c <page.html)
[ "$size" -le 3000000 ] && echo "at most 3 MB" || echo "$size bytes"
rows() { grep '^<tr data-d' "$1" | grep -vc 'class="own"'; }
rows page.html
grep -o '<p class="rows-cut">[^<]*' page.html
grep -o '<p class="legend fl-cut">[^<]*' page.html
"$SP_STATS" --call-paths --format json in.sps >paths.json || exit
"$SP_REPORT" -q --rows 0 -o all.html in.sps || exit
[ "$(rows all.html)" -eq "$($PYTHON -c 'import json, sys
print(len(json.load(open(sys.argv[1]))))' paths.json)" ] &&
    echo "--rows 0: every path"
grep -c 'rows-cut' all.html
"$SP_REPORT" -q --rows 12 in.sps | grep '^<tr data-d' |
    grep -v 'class="own"' | sed 's/<\/td><td>/ | /g; s/<[^>]*>//g' >top.txt
cat top.txt
$PYTHON - paths.json top.txt <<'EOF2'
import json, sys
paths = json.load(open(sys.argv[1]))
top = sorted(paths, key=lambda p: -p["total_duration"])[:12]
want = sorted("%s %.6f" % (p["name"], p["total_duration"]) for p in top)
got = sorted("%s %s" % (line.split()[0], line.split()[-1])
             for line in open(sys.argv[2], encoding="utf-8"))
print("--rows 12: the 12 paths of the largest total" if got == want else
      "--rows 12: %s, not %s" % (got, want))
EOF2
