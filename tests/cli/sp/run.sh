#!/bin/sh
# sp NAME ARGS runs sp-NAME ARGS: first the one beside sp (the build's),
# then on PATH; the arguments go through as they are, options after NAME
# are the command's, and its exit status is sp's; one that cannot run is
# an error of its own.
mkdir bin
printf '#!/bin/sh\necho "fake $0: $*"\nexit 3\n' >bin/sp-stack
printf '#!/bin/sh\nprintf "[%%s]" "$@"; echo; exit 5\n' >bin/sp-hello
chmod +x bin/sp-stack bin/sp-hello
PATH=$(pwd)/bin:$PATH
export PATH
"$SP" stack --version | sed "s/$SP_VERSION/VERSION/"
echo "exit $?"
"$SP" hello --help -V 'two words' ''
echo "exit $?"
"$SP" stack --bogus
echo "exit $?"
printf 'not a stream' | "$SP" stack
echo "exit $?"
chmod -x bin/sp-hello
"$SP" hello
echo "exit $?"
