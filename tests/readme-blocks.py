#!/usr/bin/env python3
"""readme-blocks.py - the shell blocks of a Markdown file, as scripts.

    python3 tests/readme-blocks.py README.md DIR

Writes DIR/block-NN.sh for every shell block, in order, and prints one
line per block: NN, the line of README.md where it starts, and its kind.
A shell block is an indented code block (four spaces, after a blank line,
outside a fence) or a fenced block marked sh; other fences (```text) are
not shell.  The kind says how tests/cli/readme/shell-blocks.sh treats
it: "syntax" for what needs a cluster or another machine (Slurm's
sbatch and #SBATCH scripts, GNU parallel, flamegraph.pl, the commands
that install sp (meson install, apt-get, dpkg-buildpackage) or run the
whole test suite), "run" for everything else.
"""
import os
import re
import sys

SYNTAX_ONLY = re.compile(r"sbatch|#SBATCH|^\s*parallel |flamegraph\.pl|"
                         r"tools/bootstrap\.sh|"
                         r"tools/test-all\.sh|examples/run\.sh|meson install|"
                         r"apt-get|dpkg-buildpackage",
                         re.M)


def blocks(lines):
    fence = None
    cur = None
    prev_blank = True
    for no, line in enumerate(lines, 1):
        if fence is not None:
            if line.startswith("```"):
                if fence == "sh":
                    yield cur
                fence, cur = None, None
            elif fence == "sh":
                cur[1].append(line)
            continue
        if line.startswith("```"):
            fence = line[3:].strip()
            cur = (no + 1, [])
            continue
        if line.startswith("    ") and (cur is not None or prev_blank):
            if cur is None:
                cur = (no, [])
            cur[1].append(line[4:])
        elif line.strip() == "" and cur is not None:
            cur[1].append("")
        else:
            if cur is not None:
                yield cur
            cur = None
        prev_blank = line.strip() == ""
    if cur is not None and fence is None:
        yield cur


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: readme-blocks.py README.md DIR")
    with open(sys.argv[1], encoding="utf-8") as f:
        lines = f.read().split("\n")
    for k, (no, body) in enumerate(blocks(lines), 1):
        text = "\n".join(body).strip("\n") + "\n"
        with open(os.path.join(sys.argv[2], "block-%02d.sh" % k), "w") as f:
            f.write(text)
        kind = "syntax" if SYNTAX_ONLY.search(text) else "run"
        print("%02d %d %s" % (k, no, kind))


if __name__ == "__main__":
    main()
