#!/usr/bin/env python3
"""js2c.py SCRIPT.js OUT.c NAME: a JavaScript file as a C string constant.

The interactive flame graph's script is kept as readable JavaScript
(sp_flame_script.js) and compiled into libsp as `const char NAME[]`.  It
is embedded in an SVG CDATA section, so it must not hold "]]>"; in
sp-report's HTML page in a <script> or <style> element, so it must not
hold "</script", "</style" or "<!--" either; and it must be ASCII
(non-ASCII text is written as \\u escapes in the script), so that the C
string is the same bytes everywhere.  Any of these failures stops the
build.
"""
import sys


def main():
    if len(sys.argv) != 4:
        print("usage: js2c.py SCRIPT.js OUT.c NAME", file=sys.stderr)
        return 2
    src, out, name = sys.argv[1:]
    with open(src, "rb") as f:
        text = f.read()
    if b"]]>" in text:
        print(f"js2c.py: {src}: holds ']]>', which ends a CDATA section",
              file=sys.stderr)
        return 1
    # sp-report's page has it in an HTML <script> or <style> element
    for bad in (b"</script", b"</style", b"<!--"):
        if bad in text.lower():
            print(f"js2c.py: {src}: holds '{bad.decode()}', which an HTML "
                  "page's element cannot hold", file=sys.stderr)
            return 1
    try:
        text = text.decode("ascii")
    except UnicodeDecodeError as e:
        print(f"js2c.py: {src}: not ASCII at byte {e.start}", file=sys.stderr)
        return 1
    lines = [f"/* Generated from {src.rsplit('/', 1)[-1]} by js2c.py: "
             "do not edit. */",
             f"extern const char {name}[];",
             f"const char {name}[] ="]
    for line in text.splitlines(keepends=True):
        # "?" too: "??x" would be a trigraph in strict C11
        esc = (line.replace("\\", "\\\\").replace('"', '\\"')
               .replace("?", "\\?").replace("\n", "\\n"))
        lines.append(f'    "{esc}"')
    lines[-1] += ";"
    with open(out, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
