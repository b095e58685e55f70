#!/bin/sh
# doc/exports.md, "gzip": a name ending in .gz gives gzip: independent members
# of a MiB of text each (libdeflate, on every core), each with the header
# Python's gzip module writes (1f 8b 08 00, mtime 0, then XFL and OS 255); two
# writes are the same bytes, whatever the number of cores (taskset to one); the
# text inside is the plain document, to gzip -d, Python's gzip module and zlib
# member by member; at every --level.
$SPGEN spec "$SRCDIR/tests/gen/examples/fixture-like-3.json" in.h5 || exit
"$SP_READ" in.h5 >in.sps || exit
"$SP_JSON" in.sps -o plain.json &&
"$SP_JSON" in.sps -o out/a.json.gz &&
"$SP_JSON" in.sps -o out/b.JSON.GZ &&
"$SP_JSON" --level 9 in.sps -o out/c.json.gz || exit
od -A n -t x1 -N 10 out/a.json.gz
od -A n -t x1 -N 10 out/c.json.gz
cmp out/a.json.gz out/b.JSON.GZ && echo "two writes: same bytes"
gzip -dc out/a.json.gz | cmp - plain.json && echo "inside: the plain document"
# a document of several MiB: several members
$SPGEN synth big.h5 --calls 150000 --seed 3 || exit
"$SP_READ" --order file big.h5 >big.sps || exit
"$SP_JSON" big.sps -o big.json || exit
for l in 1 6 9; do
	"$SP_JSON" --level $l big.sps -o out/big$l.json.gz || exit
done
taskset -c 0 "$SP_JSON" big.sps -o out/one-core.json.gz || exit
cmp out/big6.json.gz out/one-core.json.gz && echo "one core: same bytes"
gzip -t out/big1.json.gz out/big6.json.gz out/big9.json.gz &&
    echo "gzip -t: sound"
"$PYTHON" - big.json out/big1.json.gz out/big6.json.gz out/big9.json.gz <<'EOF2'
import gzip, sys, zlib
text = open(sys.argv[1], "rb").read()
for path in sys.argv[2:]:
    data = open(path, "rb").read()
    ok = gzip.decompress(data) == text
    members, out = 0, b""
    while data:
        d = zlib.decompressobj(16 + 15)
        out += d.decompress(data)
        if not d.eof:
            break
        members, data = members + 1, d.unused_data
    many = members == (len(text) + (1 << 20) - 1) >> 20 and out == text
    print(path.split("/")[-1] + ":", "Python's gzip reads it" if ok else
          "Python's gzip DIFFERS", "/", "one member a MiB" if many else
          "MEMBERS DIFFER (%d)" % members)
EOF2
