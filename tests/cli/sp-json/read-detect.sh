#!/bin/sh
# doc/formats.md, "Knowing a file": a JSON profile is known by its content
# (gzip magic, or "{" after white space) whatever its name, and by its name
# (.json, .json.gz, any case) when its content says nothing; an HTML report is
# refused, and so is anything else without the HDF5 signature.
$SPGEN spec - in.h5 <<'EOF2'
{"ranks": {"0": [["x", [0], [10]]]}}
EOF2
"$SP_READ" in.h5 | "$SP_JSON" -o doc.json || exit
cp doc.json doc.dat
printf '  \n' | cat - doc.json >spaced.txt
gzip -c doc.json >packed.bin
gzip -c doc.json >UPPER.JSON.GZ
echo '<html></html>' >report.html
echo 'not json' >odd.JSON
echo 'not json' >odd.bin
for f in doc.dat spaced.txt packed.bin UPPER.JSON.GZ report.html odd.JSON odd.bin; do
	"$SP_READ" "$f" >out.sps && "$SP_DUMP" out.sps | sed -n 2p
	echo "$f: exit $?"
done
