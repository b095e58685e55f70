#!/bin/sh
"$SP_FLAME" --help
