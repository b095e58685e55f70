#!/bin/sh
"$SP_SPEEDSCOPE" a.sps b.sps
