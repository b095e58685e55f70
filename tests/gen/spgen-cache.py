#!/usr/bin/env python3
"""spgen-cache.py ARGS...: spgen.py ARGS..., with what it writes kept.

The golden cases generate their profiles with spgen (h5py, numpy), and
most of a small case's time is the generator starting.  They run in the
normal build and again in the sanitizer build, asking for the same
profiles: with SPGEN_CACHE naming a directory, a profile asked for again
(the same command, the same spec, the same generator sources) is copied
from there instead of generated.  tools/test-all.sh gives both builds one
cache; without SPGEN_CACHE this is spgen.py.

Only "spec SPEC OUT" and "synth [OPTIONS] OUT" are kept, and only when
spgen succeeds: their standard output and error are kept with the file
and printed again.  Everything else (broken, spt, hostile, --help,
--verbose) runs spgen.py as it is.  A hit hands out a copy, which the
case may damage as it likes; entries go into place by rename, so cases
running side by side never see half of one.
"""

import contextlib
import hashlib
import io
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

# synth's options that take no value (spgen.py's parser)
FLAGS = {"--gpu", "--call-ids", "--exclusive", "--summary", "--extras",
         "--unsorted", "--overlap"}


def output_of(argv):
    """(index of OUT, index of SPEC or None) in argv, or None: not kept."""
    if len(argv) == 3 and argv[0] == "spec":
        return 2, 1
    if not argv or argv[0] != "synth":
        return None
    pos, i = [], 1
    while i < len(argv):
        a = argv[i]
        if a.startswith("-") and a != "-":
            if a not in FLAGS and "=" not in a:
                if a in ("-h", "--help", "-v", "--verbose"):
                    return None
                i += 1
        else:
            pos.append(i)
        i += 1
    return (pos[0], None) if len(pos) == 1 else None


def key_of(argv, out, spec, spec_bytes):
    h = hashlib.sha1()
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".py"):
            with open(os.path.join(HERE, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read() + b"\0")
    for k, a in enumerate(argv):
        word = "OUT" if k == out else "SPEC" if k == spec else a
        h.update(word.encode("utf-8", "surrogateescape") + b"\0")
    h.update(os.path.splitext(argv[out])[1].encode() + b"\0" + spec_bytes)
    return h.hexdigest()


def generate(argv, spec_bytes):
    """spgen.main(argv) in this process: (status, stdout, stderr)."""
    import spgen
    if spec_bytes is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(spec_bytes),
                                     encoding=sys.stdin.encoding,
                                     errors=sys.stdin.errors)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = spgen.main(argv)
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def keep(entry, path, stdout, stderr):
    """The file and what spgen printed, into the cache under entry."""
    parent = os.path.dirname(entry)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=parent, prefix=".new-")
    try:
        shutil.copyfile(path, os.path.join(tmp, "out"))
        for name, text in (("stdout", stdout), ("stderr", stderr)):
            with open(os.path.join(tmp, name), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(text)
        os.rename(tmp, entry)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)	# another case kept it


def replay(entry, path):
    shutil.copyfile(os.path.join(entry, "out"), path)
    for name, stream in (("stdout", sys.stdout), ("stderr", sys.stderr)):
        with open(os.path.join(entry, name), encoding="utf-8",
                  errors="surrogateescape") as f:
            stream.write(f.read())
    return 0


def main(argv):
    cache = os.environ.get("SPGEN_CACHE", "")
    where = output_of(argv) if cache else None
    if where is None:
        import spgen
        return spgen.main(argv)
    out, spec = where
    spec_bytes = b""
    if spec is not None:
        if argv[spec] == "-":
            spec_bytes = sys.stdin.buffer.read()
        else:
            with open(argv[spec], "rb") as f:
                spec_bytes = f.read()
    entry = os.path.join(cache, key_of(argv, out, spec, spec_bytes))
    if os.path.isdir(entry):
        return replay(entry, argv[out])
    status, stdout, stderr = generate(
        argv, spec_bytes if spec is not None and argv[spec] == "-" else None)
    sys.stdout.write(stdout)
    sys.stderr.write(stderr)
    if status == 0 and os.path.isfile(argv[out]):
        keep(entry, argv[out], stdout, stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
