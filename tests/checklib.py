"""checklib: what the property checkers (tests/check-*.py) share.

    require(*modules)       the Python modules a checker needs, or its exit:
                            77 (skipped), 1 where SP_REQUIRE_ALL is set (CI
                            skips nothing)
    program(name, where)    a program under test: $SP_<NAME>, else the
                            build tree's (SP_BUILDDIR, default build) where/
    missing(checker, progs) 1 with a message when one of progs is not built
    SRCDIR, BUILD           the source and build trees

Import it first, with tests/ on sys.path; it puts tests/gen there too.
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("SRCDIR", os.path.dirname(HERE))
BUILD = os.environ.get("SP_BUILDDIR", os.path.join(SRCDIR, "build"))
sys.path.insert(0, os.path.join(SRCDIR, "tests", "gen"))


def require(*modules):
    """Import each module (for its side effect of being there), or exit."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            if os.environ.get("SP_REQUIRE_ALL"):
                print(f"FAIL: the test would be skipped, but SP_REQUIRE_ALL is set: "
                      f"{exc} (run with Debian's /usr/bin/python3, python3-h5py)")
                sys.exit(1)
            print(f"SKIP: {exc} (run with Debian's /usr/bin/python3)")
            sys.exit(77)


def program(name, where="cmd"):
    """sp-NAME: $SP_NAME, else the build tree's WHERE/sp-NAME."""
    return os.environ.get("SP_" + name.upper(),
                          os.path.join(BUILD, where, "sp-" + name))


def missing(checker, progs):
    """1 (and a message) when a program of progs is not an executable."""
    for prog in progs:
        if not os.access(prog, os.X_OK):
            print(f"{checker}: {prog}: not built (set SP_BUILDDIR or the SP_ "
                  "variable of the program)", file=sys.stderr)
            return 1
    return 0
