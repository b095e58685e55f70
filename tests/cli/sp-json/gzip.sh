#!/bin/sh
# exports.md 4.5: a name ending in .gz gives gzip (header 1f 8b 08 00,
# mtime 0, then XFL and OS 255 as Python's gzip module writes them); two
# writes are the same bytes; the text inside is the plain document; at
# --level 9 the bytes are those of Python's gzip at level 9, mtime 0.
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
"$PYTHON" - plain.json out/c.json.gz <<'EOF2'
import gzip, io, sys
text = open(sys.argv[1], "rb").read()
buf = io.BytesIO()
with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0,
                   compresslevel=9) as f:
    f.write(text)
print("level 9: Python's bytes" if buf.getvalue() == open(sys.argv[2], "rb").read()
      else "level 9: DIFFERS")
EOF2
