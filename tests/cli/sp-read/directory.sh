#!/bin/sh
# A directory given as the profile: one line saying so, exit 1.
mkdir dir.h5
"$SP_READ" dir.h5 >out.sps
