#!/usr/bin/env python3
"""caret.py CLSYNCLINT KERNEL - the text format's caret lines up on screen.

Every diagnostic of KERNEL (whose lines hold multi-byte, combining, wide
and tab characters before the findings) is checked: the header's column is
a byte column (as in the gcc, JSON and SARIF formats), and the caret line
under the source line puts '^' at the screen column of that byte: each
character before it drawn as its width in spaces (0 for combining marks, 2
for East Asian wide ones and emoji, after Python's unicodedata), tabs kept
as tabs.  The '~' run covers the rest of the range on screen.
"""
import re
import subprocess
import sys
import unicodedata

BIN, KERNEL = sys.argv[1], sys.argv[2]


def width(text):
    w = 0
    for ch in text:
        if unicodedata.category(ch) in ("Mn", "Me") or ch in "\u200b\u200c\u200d\ufeff":
            continue
        w += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return w


def drawn(text):
    """How the caret line must draw the screen space of text: tabs kept."""
    return "".join("\t" if ch == "\t" else " " * width(ch) for ch in text)


out = subprocess.run([BIN, "--no-config", "--color=never", "--local-size=64",
                      "--disable=local-memory-race", KERNEL], capture_output=True).stdout
lines = out.decode("utf-8").split("\n")
checked, bad = 0, []
for i, line in enumerate(lines):
    m = re.match(r"^[^:]+:(\d+):(\d+): (error|warning|note): ", line)
    if not m or i + 2 >= len(lines):
        continue
    col = int(m.group(2))
    src, car = lines[i + 1], lines[i + 2]
    if not re.match(r"^ *\d+ \| ", src) or not car.startswith("      | "):
        bad.append("no source and caret lines after %r" % line)
        continue
    src, car = src.split(" | ", 1)[1], car[len("      | "):]
    raw = src.encode("utf-8")
    prefix = raw[:col - 1].decode("utf-8")   # a byte column: a character boundary
    want = drawn(prefix) + "^"
    if not car.startswith(want):
        bad.append("%s\n  caret %r\n  want  %r" % (line, car, want))
    checked += 1
if checked < 8 or bad:
    print("%d carets checked, %d wrong:\n%s" % (checked, len(bad), "\n".join(bad)))
    sys.exit(1)
print("%d carets line up" % checked)
