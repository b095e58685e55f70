#!/bin/sh
"$SP_SPEEDSCOPE" --help
