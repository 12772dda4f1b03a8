#!/usr/bin/env python3
"""concurrent_output.py CLSYNCLINT SRCDIR - one --output file, many writers.

Runs that write one --output file at the same time, in different formats,
must leave it holding one whole report, never a mix: the report is written
to a temporary file beside it and renamed over it.  A reader polling the file
meanwhile sees only whole reports too.  Also checked: no temporary file is
left behind, not even by a run stopped with SIGTERM (which leaves the old
report in place); an existing file keeps its mode; a symbolic link stays a
link to the file that gets the report.
"""
import os
import signal
import stat
import subprocess
import sys
import tempfile
import time

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
# A fixed handful of files, not whole corpus directories: the corpus grows,
# and what is tested is the writing of one report, not its size.
LMR = os.path.join(SRC, "corpus", "local-memory-race")
INPUTS = sorted(os.path.join(LMR, f) for f in os.listdir(LMR) if f.endswith(".cl"))[:12]
INPUTS.append(os.path.join(SRC, "corpus", "compile-error"))
FORMATS = ("text", "gcc", "json", "sarif")
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def lint_args(fmt, out):
    return [BIN, "--no-config", "--format=" + fmt, "--output=" + out] + INPUTS


tmp = tempfile.mkdtemp()
os.chdir(tmp)
# The report each format gives on its own.
want = {}
for fmt in FORMATS:
    path = os.path.join(tmp, "want." + fmt)
    p = subprocess.run(lint_args(fmt, path), capture_output=True, timeout=300)
    if p.returncode != 2:   # corpus/compile-error does not compile, by design
        fail("%s alone: exit %d: %s" % (fmt, p.returncode, p.stderr.decode()))
    with open(path, "rb") as f:
        want[fmt] = f.read()
whole = set(want.values())
print("reports: " + ", ".join("%s %d bytes" % (f, len(want[f])) for f in FORMATS))

os.mkdir("out")
report = os.path.join(tmp, "out", "report")
snapshots = torn = 0
for rnd in range(3):
    writers = [subprocess.Popen(lint_args(fmt, report), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
               for fmt in FORMATS + FORMATS]
    while any(w.poll() is None for w in writers):
        try:
            with open(report, "rb") as f:
                seen = f.read()
        except FileNotFoundError:
            continue
        snapshots += 1
        if seen not in whole:
            torn += 1
        time.sleep(0.001)
    for w in writers:
        err = w.stderr.read().decode()
        if w.wait() != 2 or "report written to" not in err:
            fail("round %d: a writer exited %d: %s" % (rnd, w.returncode, err))
    with open(report, "rb") as f:
        final = f.read()
    if final not in whole:
        fail("round %d: the report is not one whole report (%d bytes, starts %r, ends %r)"
             % (rnd, len(final), final[:60], final[-60:]))
    left = [n for n in os.listdir("out") if n != "report"]
    if left:
        fail("round %d: files left beside the report: %s" % (rnd, left))
if torn:
    fail("a reader saw %d torn reports in %d reads" % (torn, snapshots))
print("concurrent writers: %d rounds, %d reads of the file, %d torn" % (3, snapshots, torn))

# A run stopped by SIGTERM leaves the old report and no temporary file.
with open(os.path.join(tmp, "slow.cl"), "w") as f:
    f.write("\n".join(["#define X0 1+1"] +
                      ["#define X%d X%d+X%d" % (i, i - 1, i - 1) for i in range(1, 41)] +
                      ["#if X40 > 0", "#endif", "__kernel void k(void) {}"]) + "\n")
with open(report, "rb") as f:
    before = f.read()
p = subprocess.Popen([BIN, "--no-config", "--output=" + report, "--budget=30",
                      os.path.join(tmp, "slow.cl")], stderr=subprocess.DEVNULL)
time.sleep(1)
p.send_signal(signal.SIGTERM)
p.wait(timeout=30)
with open(report, "rb") as f:
    after = f.read()
if after != before:
    fail("SIGTERM: the report changed")
left = [n for n in os.listdir("out") if n != "report"]
if left:
    fail("SIGTERM: files left beside the report: %s" % left)

# The mode of an existing report is kept; a symbolic link stays one.
os.chmod(report, 0o640)
subprocess.run(lint_args("gcc", report), capture_output=True, timeout=300)
mode = stat.S_IMODE(os.stat(report).st_mode)
if mode != 0o640:
    fail("the report's mode is %o, was 640" % mode)
os.symlink("report", os.path.join("out", "link"))
subprocess.run(lint_args("json", os.path.join(tmp, "out", "link")), capture_output=True,
               timeout=300)
if not os.path.islink(os.path.join("out", "link")):
    fail("--output=LINK replaced the symbolic link")
with open(report, "rb") as f:
    if f.read() != want["json"]:
        fail("--output=LINK did not write the file it names")

subprocess.run(["rm", "-rf", tmp])
print("concurrent output: %d failures" % len(failures))
sys.exit(1 if failures else 0)
