#!/usr/bin/env python3
"""github.py CLSYNCLINT SRCDIR - --format=github workflow commands.

Every output line must be a well-formed GitHub Actions command
`::error|warning|notice file=F,line=L,col=C,endLine=L,endColumn=C,title=T::DATA`
whose properties escape % CR LF : , and whose data escapes % CR LF (as
GitHub's toolkit does, @actions/core's escapeProperty and escapeData).  A file
name full of special characters, given with --stdin-filename, checks the
escaping; the notes must travel inside the annotation as escaped newlines.
"""
import os
import re
import subprocess
import sys

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
KERNEL = os.path.join(SRC, "tests", "ergonomics", "inputs", "divergent.cl")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def unescape(s, prop):
    """The inverse of GitHub's escaping; fails on a raw special character."""
    raw = ["\r", "\n"] + ([":", ","] if prop else [])
    for c in raw:
        check(c not in s, "unescaped %r in %r" % (c, s))
    check(not re.search(r"%(?!25|0D|0A|3A|2C)", s), "stray %% in %r" % s)
    for esc, c in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ",")):
        s = s.replace(esc, c)
    return s.replace("%25", "%")


LINE = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")


def parse(out):
    cmds = []
    for line in out.splitlines():
        m = LINE.match(line)
        check(m, "not a workflow command: %r" % line)
        if not m:
            continue
        props = {}
        for kv in m.group(2).split(","):
            k, _, v = kv.partition("=")
            props[k] = unescape(v, True)
        cmds.append((m.group(1), props, unescape(m.group(3), False)))
    return cmds


name = "dir,one/k%1:two\u00e9.cl"
with open(KERNEL, "rb") as f:
    p = subprocess.run([BIN, "--format=github", "--stdin-filename=" + name, "-"], stdin=f,
                       capture_output=True, text=True)
check(p.returncode == 1, "exit status %d" % p.returncode)
cmds = parse(p.stdout)
check(len(cmds) == 2, "two annotations, got %d" % len(cmds))
if cmds:
    level, props, data = cmds[0]
    check(level == "error", "level " + level)
    check(props == {"file": name, "line": "9", "col": "33", "endLine": "9", "endColumn": "61",
                    "title": "barrier-divergence"}, "properties %s" % props)
    first, *notes = data.split("\n")
    check(first.endswith("[barrier-divergence]"), "message " + first)
    check(notes == [name + ":9:23: note: branch condition depends on 'lid', which depends on "
                    "get_local_id(0) (line 7)"], "notes %s" % notes)

# A file that cannot be analyzed is an error annotation at its first line.
p = subprocess.run([BIN, "--format=github", "/nonexistent/k.cl"], capture_output=True, text=True)
cmds = parse(p.stdout)
check(p.returncode == 2 and len(cmds) == 1 and cmds[0][0] == "error" and
      cmds[0][1]["line"] == "1" and "not analyzed" in cmds[0][2], "not analyzed: %s" % cmds)

# Warnings and notes map to ::warning and ::notice.
p = subprocess.run([BIN, "--format=github", "--severity=note",
                    os.path.join(SRC, "tests", "ergonomics", "inputs", "transpose.cl")],
                   capture_output=True, text=True)
levels = [c[0] for c in parse(p.stdout)]
check(levels == ["warning"], "levels %s" % levels)

for f in failures:
    print("FAIL:", f)
print("github: %d checks failed" % len(failures) if failures else "github: ok")
sys.exit(1 if failures else 0)
