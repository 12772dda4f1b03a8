#!/usr/bin/env python3
"""corpus.py CLSYNCLINT SRCDIR - every corpus fix-it, applied, fixes its finding.

For each corpus/*/*.cl whose findings carry fix-its (linted with its
RUN-CONFIG flags), in a scratch directory:

  1. --fix --unsafe-fixes rewrites a copy;
  2. --diff --unsafe-fixes, applied to a second copy with `git apply`;
  3. the same diff applied to a third copy with `patch -p0`.

The three results must be the same bytes, the file must still compile (the
re-lint's exit status is not 2), and the findings of each rule a fix-it was
applied for must be gone: what is left of that rule is at most what had no
fix-it or was skipped (an overlap, reported on stderr).  --fix's exit status
must say whether errors or warnings are left.  A kernel whose fix-it does
not remove its finding is a bug in the fix-it; the few known ones are in
XFAIL below, each with its reason, and one that starts passing fails the
test until it is taken off the list.
"""
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])

# corpus path -> why its fix-it does not (yet) make the finding go away
XFAIL = {
    "corpus/local-memory-race/passes_top_exit.cl":
        "the fix-it puts a barrier between a pass's write of t and its read; the"
        " race of that read with the next pass's write, reported only once the"
        " first is fixed, needs a second barrier at the end of the pass",
}

failures = []


def run_config(path):
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.search(r"RUN-CONFIG:(.*)", line)
        if m:
            return [w for w in m.group(1).split() if not w.startswith("*/")]
    return []


def lint(args, cwd):
    p = subprocess.run([BIN, "--format=json", *args], cwd=cwd, capture_output=True, text=True)
    return p.returncode, json.loads(p.stdout) if p.stdout else {"diagnostics": []}


def rules_left(report):
    return collections.Counter(d["rule"] for d in report["diagnostics"])


def check_kernel(rel, work, extra=()):
    flags = run_config(os.path.join(SRC, rel)) + list(extra)
    name = os.path.basename(rel)
    rc, before = lint([*flags, os.path.join(SRC, rel)], SRC)
    fixed_rules = collections.Counter()
    unfixable = collections.Counter()
    for d in before["diagnostics"]:
        (fixed_rules if d["fixes"] else unfixable)[d["rule"]] += 1
    if not fixed_rules:
        return None
    copies = {}
    for how in ("fix", "git", "patch"):
        d = os.path.join(work, how, os.path.dirname(rel))
        os.makedirs(d, exist_ok=True)
        shutil.copy(os.path.join(SRC, rel), d)
        # the headers it may include
        for h in glob.glob(os.path.join(SRC, os.path.dirname(rel), "*.h")):
            shutil.copy(h, d)
        copies[how] = os.path.join(work, how)
    # 1. --fix --unsafe-fixes
    p = subprocess.run([BIN, "--fix", "--unsafe-fixes", "--format=json", *flags, rel],
                       cwd=copies["fix"], capture_output=True, text=True)
    skipped = collections.Counter(re.findall(r"fix-it not applied: .*\[([a-z-]+)\]$",
                                             p.stderr, re.M))
    fix_rc = p.returncode
    after_fix = json.loads(p.stdout)
    # 2, 3. --diff --unsafe-fixes through git apply and patch -p0
    d = subprocess.run([BIN, "--diff", "--unsafe-fixes", *flags, rel], cwd=copies["git"],
                       capture_output=True, text=True)
    problems = []
    if d.returncode != 1 or not d.stdout.startswith("--- "):
        problems.append("--diff: exit %d, output %r" % (d.returncode, d.stdout[:80]))
    g = subprocess.run(["git", "apply", "-"], input=d.stdout, cwd=copies["git"],
                       capture_output=True, text=True)
    if g.returncode:
        problems.append("git apply failed: " + g.stderr.strip())
    pt = subprocess.run(["patch", "-p0", "--quiet", "--no-backup-if-mismatch"], input=d.stdout,
                        cwd=copies["patch"], capture_output=True, text=True)
    if pt.returncode:
        problems.append("patch -p0 failed: " + (pt.stdout + pt.stderr).strip())
    texts = {how: open(os.path.join(copies[how], rel), "rb").read() for how in copies}
    original = open(os.path.join(SRC, rel), "rb").read()
    if texts["fix"] == original:
        problems.append("--fix did not change the file")
    if texts["git"] != texts["fix"]:
        problems.append("git apply of --diff differs from --fix")
    if texts["patch"] != texts["fix"]:
        problems.append("patch -p0 of --diff differs from --fix")
    # The fixed file: compiles, and the fixed findings are gone.
    rc2, after = lint([*flags, rel], copies["fix"])
    if rc2 == 2:
        problems.append("the fixed file does not compile (exit 2)")
    if after != after_fix:
        problems.append("--fix's report differs from a lint of the fixed file")
    left = rules_left(after)
    for rule in fixed_rules:
        allowed = unfixable[rule] + skipped[rule]
        if left[rule] > allowed:
            problems.append("%d %s finding(s) left after fixing (at most %d expected): %s" % (
                left[rule], rule, allowed,
                "; ".join("%d: %s" % (x["line"], x["message"]) for x in after["diagnostics"]
                          if x["rule"] == rule)))
    serious = any(x["severity"] in ("error", "warning") for x in after["diagnostics"])
    if fix_rc != (1 if serious else 0):
        problems.append("--fix exited %d with %s left" % (fix_rc, "findings" if serious
                                                           else "nothing"))
    return problems


def report(what, rel, problems):
    if rel in XFAIL:
        if problems:
            print("XFAIL: %s (%s)" % (what, XFAIL[rel]))
        else:
            failures.append("%s: XPASS, take it off XFAIL" % what)
    elif problems:
        failures.extend("%s: %s" % (what, x) for x in problems)
    else:
        print("PASS: %s" % what)


work = tempfile.mkdtemp()
try:
    seen = 0
    for path in sorted(glob.glob(os.path.join(SRC, "corpus", "*", "*.cl"))):
        rel = os.path.relpath(path, SRC)
        # bank conflicts: once per device profile, as the corpus test runs them
        profiles = [[]]
        if rel.startswith(os.path.join("corpus", "bank-conflict")):
            profiles += [["--device=" + d] for d in ("nvidia", "amd", "intel")]
        for extra in profiles:
            problems = check_kernel(rel, os.path.join(work, str(seen)), extra)
            if problems is None:
                continue
            seen += 1
            report(rel + "".join(" " + x for x in extra), rel, problems)
    if seen < 20:
        failures.append("only %d corpus kernels with fix-its (expected 20 or more)" % seen)
finally:
    shutil.rmtree(work)

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
