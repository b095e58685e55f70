#!/bin/sh
# 4096 random bytes (a fixed seed), as a file and on standard input: exit
# 1 and "not a profile" or "not an sp stream" from every program; the same
# bytes behind a valid sp stream header must be refused too.
. "$CASEDIR/inputs.inc"
"$PYTHON" -c 'import random, sys
random.seed(1)
sys.stdout.buffer.write(bytes(random.getrandbits(8) for _ in range(4096)))' \
    >random.bin || exit
# the first 3 bytes of every stream are the CBOR self-describe tag
printf '\331\331\367' | cat - random.bin >tagged.bin
each_program random.bin
each_program - random.bin
each_program tagged.bin
