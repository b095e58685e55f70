#!/bin/sh
"$SP_TRACE" --help
