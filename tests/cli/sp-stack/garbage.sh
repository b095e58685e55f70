#!/bin/sh
# Bytes that are not an sp stream: one line, exit 1.
printf 'hello, world\n' >in.sps
"$SP_STACK" in.sps >calls.sps
