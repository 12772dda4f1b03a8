#!/usr/bin/env python3
"""worker_crash.py CLSYNCLINT SRCDIR - a crash costs one input, not the report.

CLSYNCLINT_DEBUG_CRASH=SUBSTRING makes the worker process that lints an
input whose path contains SUBSTRING die of SIGSEGV.  The run must still
print every other input's findings, in input order and exactly as a run
without that input prints them, plus one line for the crashed input:
"not analyzed: internal error (signal 11) - please report" (an em dash), and
exit with status 2.  Checked in the text, gcc, json and sarif formats, with
one worker and with three, for an input in the middle and for the first and
last ones, and for standard input (--stdin-filename).
"""
import json
import os
import subprocess
import sys

BIN, SRC = sys.argv[1], sys.argv[2]
FINDINGS = "examples/partial_sums.cl"
CLEAN = "tests/cli/clean.cl"
VICTIM = "tests/cli/aliasing.cl"
COMPILE_ERROR = "tests/cli/compile_error.cl"
REASON = "internal error (signal 11) \u2014 please report"
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def lint(args, crash=None, stdin=None):
    env = dict(os.environ)
    env.pop("CLSYNCLINT_DEBUG_CRASH", None)
    if crash:
        env["CLSYNCLINT_DEBUG_CRASH"] = crash
    p = subprocess.run([BIN, "--no-config"] + args, cwd=SRC, env=env, input=stdin,
                       capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def check_lines(fmt, jobs, inputs):
    """text, gcc: the crashed input's line where its output would be; the rest as without it."""
    rest = [f for f in inputs if f != VICTIM]
    args = ["--format=" + fmt, "--jobs=%d" % jobs]
    rc, out, err = lint(args + inputs, crash="aliasing")
    _, want, _ = lint(args + rest)
    line = ("%s:1:1: error: not analyzed: %s" if fmt == "gcc"
            else "%s: error: not analyzed: %s") % (VICTIM, REASON)
    name = "%s --jobs=%d %s" % (fmt, jobs, " ".join(os.path.basename(f) for f in inputs))
    if rc != 2:
        fail("%s: exit %d, expected 2\n%s%s" % (name, rc, out, err))
    lines = out.splitlines(True)
    if lines.count(line + "\n") != 1:
        fail("%s: no line %r in\n%s" % (name, line, out))
        return
    at = lines.index(line + "\n")
    if "".join(lines[:at] + lines[at + 1:]) != want:
        fail("%s: the other inputs' report differs from a run without %s:\n%s\n--- want\n%s"
             % (name, VICTIM, out, want))
    # Where: after the inputs before the victim (their report alone).
    before = inputs[:inputs.index(VICTIM)]
    if before:
        _, head_report, _ = lint(["--format=" + fmt] + before)
        trailer = [l for l in head_report.splitlines(True) if l.startswith("rule documentation:")]
        expect_at = len(head_report.splitlines(True)) - len(trailer)
        if at != expect_at:
            fail("%s: the crash line is line %d, expected %d (after %s)" % (name, at, expect_at,
                                                                           before))
    elif at != 0:
        fail("%s: the crash line is line %d, expected first" % (name, at))


def check_json(jobs, inputs):
    rest = [f for f in inputs if f != VICTIM]
    args = ["--format=json", "--jobs=%d" % jobs]
    rc, out, err = lint(args + inputs, crash="aliasing")
    _, want, _ = lint(args + rest)
    name = "json --jobs=%d" % jobs
    if rc != 2:
        fail("%s: exit %d, expected 2: %s" % (name, rc, err))
    try:
        got, exp = json.loads(out), json.loads(want)
    except ValueError as e:
        fail("%s: not valid JSON: %s\n%s" % (name, e, out))
        return
    if got["diagnostics"] != exp["diagnostics"]:
        fail("%s: diagnostics differ from a run without %s" % (name, VICTIM))
    files = [(f["path"], f["status"], f.get("reason")) for f in got["files"]]
    want_files = []
    for f in inputs:
        if f == VICTIM:
            want_files.append((VICTIM, "not-analyzed", REASON))
        else:
            e = [x for x in exp["files"] if x["path"] == f][0]
            want_files.append((f, e["status"], e.get("reason")))
    if files != want_files:
        fail("%s: files %s, expected %s" % (name, files, want_files))


def check_sarif(jobs, inputs):
    rest = [f for f in inputs if f != VICTIM]
    args = ["--format=sarif", "--jobs=%d" % jobs]
    rc, out, err = lint(args + inputs, crash="aliasing")
    _, want, _ = lint(args + rest)
    name = "sarif --jobs=%d" % jobs
    if rc != 2:
        fail("%s: exit %d, expected 2: %s" % (name, rc, err))
    try:
        got, exp = json.loads(out)["runs"][0], json.loads(want)["runs"][0]
    except ValueError as e:
        fail("%s: not valid JSON: %s\n%s" % (name, e, out))
        return
    if got["results"] != exp["results"]:
        fail("%s: results differ from a run without %s" % (name, VICTIM))
    notes = [(n["message"]["text"],
              n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
             for inv in got["invocations"] for n in inv.get("toolExecutionNotifications", [])]
    if ("not analyzed: " + REASON, VICTIM) not in notes:
        fail("%s: no notification for %s: %s" % (name, VICTIM, notes))
    if got["invocations"][0].get("executionSuccessful") is not False:
        fail("%s: executionSuccessful is not false" % name)


middle = [FINDINGS, CLEAN, VICTIM, COMPILE_ERROR, FINDINGS]
for jobs in (1, 3):
    for fmt in ("text", "gcc"):
        check_lines(fmt, jobs, middle)
    check_json(jobs, middle)
    check_sarif(jobs, middle)
check_lines("gcc", 1, [VICTIM, FINDINGS, CLEAN])
check_lines("gcc", 2, [FINDINGS, CLEAN, VICTIM])
check_lines("text", 1, [VICTIM])

# Standard input, named by --stdin-filename: the name is the one crashed.
with open(os.path.join(SRC, VICTIM), "rb") as f:
    text = f.read()
rc, out, err = lint(["--format=gcc", "--stdin-filename=stdin-victim.cl", FINDINGS, "-"],
                    crash="stdin-victim", stdin=text)
_, want, _ = lint(["--format=gcc", FINDINGS])
line = "stdin-victim.cl:1:1: error: not analyzed: %s\n" % REASON
if rc != 2 or out != want + line:
    fail("stdin: exit %d, output\n%s--- want\n%s" % (rc, out, want + line))
# ... and without the crash, standard input is linted as before.
rc, out, err = lint(["--format=gcc", "--stdin-filename=" + VICTIM, "-"], stdin=text)
_, want, _ = lint(["--format=gcc", VICTIM])
if rc != 0 or out != want:
    fail("stdin without a crash: exit %d, output %r, expected %r" % (rc, out, want))

print("worker crash: %d failures" % len(failures))
sys.exit(1 if failures else 0)
