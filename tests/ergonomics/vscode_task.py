#!/usr/bin/env python3
"""vscode_task.py CLSYNCLINT SRCDIR - the VS Code tasks of docs/editors.md.

The tasks.json block must be valid JSON naming clsynclint with --format=gcc;
every error and warning line clsynclint prints must match the `$gcc` pattern
(the one ms-vscode.cpptools contributes, copied below) and the spelled-out
pattern of the second task, with the file, line, column, severity and
message that the line carries.
"""
import json
import os
import re
import subprocess
import sys

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
GCC = r"^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$"  # $gcc of cpptools
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


doc = open(os.path.join(SRC, "docs", "editors.md"), encoding="utf-8").read()
blocks = re.findall(r"```json\n(.*?)```", doc, re.S)
check(len(blocks) == 1, "one json block in docs/editors.md, found %d" % len(blocks))
tasks = json.loads(blocks[0])["tasks"]
check(tasks[0]["problemMatcher"]["base"] == "$gcc", "the first task uses $gcc")
own = tasks[1]["problemMatcher"]["pattern"]
for t in tasks:
    check(t["command"] == "clsynclint" and "--format=gcc" in t["args"], "task %s" % t["label"])

kernels = [os.path.join(SRC, "tests", "ergonomics", "inputs", f)
           for f in ("divergent.cl", "transpose.cl")]
out = subprocess.run([BIN, "--format=gcc", *kernels], capture_output=True, text=True).stdout
lines = out.splitlines()
check(len(lines) >= 3, "clsynclint printed %d lines" % len(lines))
for line in lines:
    m = re.match(r"^(.+?):(\d+):(\d+): (error|warning|note): (.*)$", line)
    check(m, "not a gcc line: " + line)
    if not m:
        continue
    want = m.groups()
    g = re.match(GCC, line)
    if want[3] == "note":
        check(not g, "$gcc should leave notes alone: " + line)
    else:
        check(g and g.groups() == want, "$gcc reads %s from %r" % (g and g.groups(), line))
    o = re.match(own["regexp"], line)
    check(o and (o.group(own["file"]), o.group(own["line"]), o.group(own["column"]),
                 o.group(own["severity"]), o.group(own["message"])) == want,
          "the second task's pattern reads %r" % line)

for f in failures:
    print("FAIL:", f)
print("vscode task: %d checks failed" % len(failures) if failures else "vscode task: ok")
sys.exit(1 if failures else 0)
