#!/usr/bin/env python3
"""ci_docs.py CLSYNCLINT SRCDIR - the CI recipes of docs/ci.md, run locally.

The first ```yaml block is the GitHub Actions workflow, the second the
GitLab CI job.  Both must parse; the workflow must upload the SARIF file
its lint step writes with github/codeql-action/upload-sarif, whatever the
outcome, and fail on errors.  Then their lint steps (not the build steps,
which need the network) run with bash in a scratch repository whose
kernels/ folder holds a kernel with an error, then only clean kernels: the
outcome must follow the kernels, the SARIF must validate against the
schema, and GitLab's Code Quality report must have the fields GitLab reads.
Exit 77 (skipped) without python3-yaml or python3-jsonschema.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import jsonschema
    import yaml
except ImportError as e:
    print("%s: skipped" % e)
    sys.exit(77)

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests", "ergonomics")
SCHEMA = json.load(open(os.path.join(HERE, "sarif-schema-2.1.0.json")))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


doc = open(os.path.join(SRC, "docs", "ci.md"), encoding="utf-8").read()
blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
check(len(blocks) == 2, "two yaml blocks in docs/ci.md, found %d" % len(blocks))
gh, gl = (yaml.safe_load(b) for b in blocks[:2])

# --- GitHub: structure.
steps = gh["jobs"]["kernels"]["steps"]
check(gh["permissions"].get("security-events") == "write", "security-events: write")
lint = next(s for s in steps if s.get("id") == "lint")
upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
fail_step = steps[-1]
check(upload["if"] == "always()", "the upload runs whatever the outcome")
check(upload["uses"].startswith("github/codeql-action/upload-sarif@"), "upload-sarif")
check("exit 1" in fail_step["run"] and "steps.lint.outputs" in fail_step["if"], "the fail step")
sarif_file = upload["with"]["sarif_file"]
fail_output = re.search(r"steps\.lint\.outputs\.(\w+) != '0'", fail_step["if"]).group(1)

# --- GitLab: structure.
job = gl["clsynclint"]
check(job["artifacts"]["when"] == "always", "artifacts when: always")
cq_file = job["artifacts"]["reports"]["codequality"]


def repo(kernels):
    """A scratch repository with the given inputs in kernels/."""
    d = tempfile.mkdtemp()
    os.makedirs(os.path.join(d, "kernels"))
    os.mkdir(os.path.join(d, ".git"))
    for f in kernels:
        shutil.copy(os.path.join(HERE, "inputs", f), os.path.join(d, "kernels"))
    return d


env = dict(os.environ)
bindir = tempfile.mkdtemp()
os.symlink(BIN, os.path.join(bindir, "clsynclint"))
env["PATH"] = bindir + os.pathsep + env["PATH"]

for kernels, has_errors in ((["divergent.cl", "fixed.cl"], True), (["fixed.cl", "transpose.cl"], False)):
    # GitHub: the lint step, then what decides the fail step.
    d = repo(kernels)
    out = os.path.join(d, "github_output")
    open(out, "w").close()
    p = subprocess.run(["bash", "-e", "-c", lint["run"]], cwd=d, capture_output=True, text=True,
                       env=dict(env, GITHUB_OUTPUT=out))
    check(p.returncode == 0, "the GitHub lint step failed itself: %s" % p.stderr)
    outputs = dict(l.split("=", 1) for l in open(out).read().split())
    check((outputs.get(fail_output) != "0") == has_errors,
          "GitHub: %s=%s with kernels %s" % (fail_output, outputs.get(fail_output), kernels))
    check(("::error file=kernels/divergent.cl" in p.stdout) == has_errors, "GitHub annotations")
    check("statistics:" in p.stderr, "statistics on stderr")
    log = json.load(open(os.path.join(d, sarif_file)))
    jsonschema.validate(log, SCHEMA)
    shutil.rmtree(d)

    # GitLab: every script line, stopping at the first failure.
    d = repo(kernels)
    script = "set -e\n" + "\n".join(job["script"])
    p = subprocess.run(["bash", "-c", script], cwd=d, capture_output=True, text=True, env=env)
    check((p.returncode != 0) == has_errors,
          "GitLab: exit %d with kernels %s: %s" % (p.returncode, kernels, p.stderr))
    issues = json.load(open(os.path.join(d, cq_file)))
    check(isinstance(issues, list) and len(issues) >= 1, "code quality issues: %s" % issues)
    for i in issues:
        check(i["severity"] in ("info", "minor", "major", "critical", "blocker"), "severity")
        check(i["location"]["path"].startswith("kernels/") and i["location"]["lines"]["begin"] >= 1,
              "location %s" % i["location"])
        check(i["description"] and i["check_name"] and i["fingerprint"], "fields of %s" % i)
    check(len({i["fingerprint"] for i in issues}) == len(issues), "fingerprints are unique")
    check(os.path.exists(os.path.join(d, job["artifacts"]["paths"][0])), "the SARIF artifact")
    shutil.rmtree(d)
shutil.rmtree(bindir)

for f in failures:
    print("FAIL:", f)
print("ci docs: %d checks failed" % len(failures) if failures else "ci docs: ok")
sys.exit(1 if failures else 0)
