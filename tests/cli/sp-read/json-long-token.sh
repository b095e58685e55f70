#!/bin/sh
# A gzip'ed JSON profile of under a MB that unpacks to a 20 MiB string:
# refused once the value passes 16 MiB, before the parser holds more.
"$PYTHON" -c 'import gzip
with gzip.open("big.json.gz", "wb", compresslevel=1) as f:
    f.write(b"{\"format\": \"scope-profiler-profile\", \"format_version\": 1, \"metadata\": {\"x\": \"")
    for i in range(20):
        f.write(b"a" * (1 << 20))
    f.write(b"\"}, \"regions\": []}")'
"$SP_READ" big.json.gz >out.sps
echo "exit $?"
