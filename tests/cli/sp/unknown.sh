#!/bin/sh
# A name that no sp-NAME answers, beside sp or on PATH, is one line and
# exit 2; so is a name that would be a path or an option of the command's;
# an unknown option of sp's own is the usual usage error.
for args in foo "../sp-stack" "sp-stack" "''" "-x" "--bogus" "--help=x"; do
	echo "sp $args"
	eval "PATH=/nonexistent \"\$SP\" $args"
	echo "exit $?"
done
