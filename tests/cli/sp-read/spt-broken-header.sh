#!/bin/sh
# doc/formats.md, "Native traces": the header's checks in the reference's order
# and words (sp's: "native trace" for the reference's "Fortran trace"): under
# 24 bytes too short (even with a wrong magic), then the magic (shown as Python
# shows bytes), then the version read little-endian, then big-endian, shown
# little-endian and signed (-1; a big-endian 3 is 50331648).  A file of no
# format is given to the trace parser by its name *.spt, so a foreign one gets
# its message; one with the HDF5 signature is read as HDF5, by its content.  A
# negative rank, which the reference takes, is refused: sp's ranks start at 0.
for k in too-short bad-magic version-3 version-minus-1 version-3-big \
    negative-rank; do
	$SPGEN spt-broken $k $k.spt || exit
	"$SP_READ" $k.spt >out.sps
	echo "$k: exit $?"
done
printf 'SCOPE' >short.spt
"$SP_READ" short.spt >out.sps
printf 'hello, world: no trace here\n' >text.spt
"$SP_READ" text.spt >out.sps
$SPGEN spt-broken hdf5-magic hdf5.spt || exit
"$SP_READ" hdf5.spt >out.sps
echo "hdf5 magic: exit $?"
