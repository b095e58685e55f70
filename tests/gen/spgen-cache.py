#!/usr/bin/env python3
"""spgen-cache.py ARGS...: spgen.py ARGS..., with what it writes kept.

The golden cases generate their profiles with spgen (h5py, numpy), and
most of a small case's time is the generator starting.  They run in the
normal build and again in the sanitizer build, asking for the same
profiles: with SPGEN_CACHE naming a directory, a profile asked for again
(the same command, the same spec, the same generator sources) is copied
from there instead of generated.  tools/test-all.sh gives both builds one
cache; without SPGEN_CACHE this is spgen.py.

Only "spec SPEC OUT", "synth [OPTIONS] OUT", "broken KIND OUT" and
"spt-broken KIND OUT" are kept, and only when spgen succeeds: their
standard output and error are kept with the file and printed again.
Everything else (spt, spt-synth, scale, hostile, --list, --help,
--verbose), which may write more than one file, runs spgen.py as it is.  A hit hands out a copy, which the
case may damage as it likes; entries go into place by rename, so cases
running side by side never see half of one.

    spgen-cache.py --warm [-j N] DIR...

fills the cache, in N processes that import the generator once, with
what the case scripts under DIR (*.sh, *.inc) ask for in their own
words: "$SPGEN spec - OUT <<'EOF'" with its here-document, "$SPGEN spec
FILE OUT", "$SPGEN synth ... OUT" and "$SPGEN broken KIND OUT", where
no word but $SRCDIR and
$CASEDIR holds a "$" (the others, made in loops, are generated when
asked for).  Each case then copies its profiles instead of starting
the generator (tools/test-all.sh runs it before the tests).
"""

import contextlib
import hashlib
import io
import os
import re
import shlex
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
    if not argv or argv[0] not in ("synth", "broken", "spt-broken") or \
            "--list" in argv:
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
    if argv[0] != "synth":      # broken KIND OUT
        return (pos[1], None) if len(pos) == 2 else None
    return (pos[0], None) if len(pos) == 1 else None


def key_of(argv, out, spec, spec_bytes):
    """The entry's name: the generator's sources (every *.py here, in
    byte order of their names, one after another), then each word of
    argv with OUT and SPEC for the output and the spec, then OUT's
    extension and the spec's bytes, each but the last ended by a NUL.
    spgen-cache.sh computes it too, with cat and sha1sum."""
    h = hashlib.sha1()
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".py"):
            with open(os.path.join(HERE, name), "rb") as f:
                h.update(f.read())
    h.update(b"\0")
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


# ---------------------------------------------------------------------
# --warm: the profiles the case scripts ask for, generated ahead

CALL = re.compile(r"\$SPGEN\s+(spec|synth|broken|spt-broken)\s(.*)")
HEREDOC = re.compile(r"""<<(-?)\s*(?:'(\w+)'|"(\w+)"|\\?(\w+))""")
# where a command's words end
STOP = {"|", "||", "&&", ";", "&", ">", ">>", "2>", "2>&1", "<"}


def requests(script, srcdir):
    """[(argv, spec_bytes)] of the spgen calls of a case script that can
    be known without running it; spec files are read, here-documents
    taken as written."""
    lines = open(script, encoding="utf-8", errors="surrogateescape").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        line, i = lines[i], i + 1
        while line.endswith("\\") and i < len(lines):
            line, i = line[:-1] + " " + lines[i], i + 1
        m = CALL.search(line)
        if not m:
            continue
        rest = m.group(2)
        doc = HEREDOC.search(rest)
        words_text = rest[:doc.start()] if doc else rest
        try:
            words = shlex.split(words_text.replace("$SRCDIR", srcdir).replace(
                "$CASEDIR", os.path.dirname(os.path.abspath(script))))
        except ValueError:
            continue
        for k, w in enumerate(words):
            if w in STOP or w.startswith((">", "<", "2>")):
                words = words[:k]
                break
        argv = [m.group(1)] + words
        if any("$" in w or "`" in w for w in argv) or output_of(argv) is None:
            continue
        out_i, spec_i = output_of(argv)
        if spec_i is None:
            out.append((argv, b""))
        elif argv[spec_i] == "-":
            if not doc:
                continue
            strip, word = doc.group(1), doc.group(2) or doc.group(3) or doc.group(4)
            quoted = doc.group(4) is None or doc.group(0).count("\\")
            body, j = [], i
            while j < len(lines):
                ln = lines[j].lstrip("\t") if strip else lines[j]
                if ln == word:
                    break
                body.append(ln)
                j += 1
            text = "".join(b + "\n" for b in body)
            if not quoted and any(c in text for c in "$`\\"):
                continue        # the shell would expand it
            out.append((argv, text.encode("utf-8", "surrogateescape")))
        elif os.path.isfile(argv[spec_i]):
            with open(argv[spec_i], "rb") as f:
                out.append((argv, f.read()))
    return out


def warm(cache, jobs, dirs):
    """Generate into cache what the scripts under dirs ask for."""
    srcdir = os.path.dirname(os.path.dirname(HERE))
    todo, seen = [], set()
    for d in dirs:
        for root, _, files in sorted(os.walk(d)):
            for name in sorted(files):
                if not name.endswith((".sh", ".inc")):
                    continue
                for argv, spec_bytes in requests(os.path.join(root, name), srcdir):
                    out_i, spec_i = output_of(argv)
                    key = key_of(argv, out_i, spec_i, spec_bytes)
                    if key not in seen and not os.path.isdir(os.path.join(cache, key)):
                        seen.add(key)
                        todo.append((key, argv, spec_bytes))
    import spgen  # noqa: F401  (imported once, before the fork)
    kids = []
    for j in range(1, max(jobs, 1)):
        pid = os.fork()
        if pid == 0:
            os._exit(warm_part(cache, todo[j::jobs]))
        kids.append(pid)
    status = warm_part(cache, todo[0::max(jobs, 1)])
    for pid in kids:
        status |= os.waitpid(pid, 0)[1] != 0
    return status


def warm_part(cache, todo):
    """Generate each (key, argv, spec_bytes) of todo into cache; 0, or 1
    when one failed (it fails again in its case, which says why)."""
    status = 0
    with tempfile.TemporaryDirectory(prefix="spgen-warm.") as tmp:
        for key, argv, spec_bytes in todo:
            out_i, spec_i = output_of(argv)
            argv = list(argv)
            path = os.path.join(tmp, "out" + os.path.splitext(argv[out_i])[1])
            argv[out_i] = path
            if os.path.exists(path):
                os.remove(path)
            st, stdout, stderr = generate(
                argv, spec_bytes if spec_i is not None and argv[spec_i] == "-" else None)
            # what spgen prints may name OUT, which is not the case's here
            if st == 0 and os.path.isfile(path) and not stdout and not stderr:
                keep(os.path.join(cache, key), path, stdout, stderr)
            elif st != 0:
                status = 1
    return status


def main(argv):
    if argv[:1] == ["--warm"]:
        jobs, dirs = 1, argv[1:]
        if dirs[:1] == ["-j"] and len(dirs) > 1:
            jobs, dirs = int(dirs[1]), dirs[2:]
        cache = os.environ.get("SPGEN_CACHE", "")
        if not cache or not dirs:
            print("usage: SPGEN_CACHE=DIR spgen-cache.py --warm [-j N] DIR...",
                  file=sys.stderr)
            return 2
        return warm(cache, jobs, dirs)
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
