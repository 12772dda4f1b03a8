#!/usr/bin/env python3
"""check.py - run runtime_check and check what it says (a CTest driver).

    check.py --runtime-check BIN [checks] -- ARGS...

Runs BIN ARGS --format json --output TMP and checks:
  --expect-exit N       the exit status
  --expect FILE         the verdicts: each line of FILE is
                            KERNEL[:LINE] BACKEND STATUS [EVIDENCE, ...]
                        KERNEL is a file name, LINE a finding's line, BACKEND a
                        backend id or '*' for the row's verdict, STATUS one of
                        confirmed not-reproduced not-run clean evidence error,
                        and the listed evidence must be among the cell's.  Every
                        row of the output must be named by some line, so an
                        extra or a missing row fails too.
  --expect-stderr TEXT  standard error contains TEXT
  --all-confirmed       every finding row confirmed, every clean row clean
  --known-unconfirmed FILE
                        with --all-confirmed: findings (KERNEL:LINE, then the
                        reason) allowed to stay unconfirmed, like XFAIL: one
                        that gets confirmed, or names no row, fails.  When
                        ARGS name only part of the corpus (a folder, some
                        kernels), entries for kernels outside it are not
                        checked; one whose kernel is nowhere under FILE's
                        folder fails
  --formats             text, Markdown and JSON of one run agree
  --only-if-env VAR     run only when the environment variable VAR is set
                        (not empty); else exit 77 (CTest: skipped), saying so
Other modes, without ARGS:
  --usage               command-line errors exit 3 with a message
  --list                --list exits 0 and names a device
A test whose --backend is not present exits 77 (CTest: skipped).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

STATUSES = {"confirmed", "not-reproduced", "not-run", "clean", "evidence", "error"}
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def run(cmd, timeout=900):
    print("$ " + " ".join(cmd), file=sys.stderr)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def backends_present(binary):
    code, out, _ = run([binary, "--list"])
    ids = set()
    for line in out.splitlines():
        if line and not line.startswith(" "):
            ids.add(line.split()[0])
    return ids


def wanted_backends(args):
    wanted = []
    for i, a in enumerate(args):
        if a == "--backend" and i + 1 < len(args):
            wanted.append(args[i + 1])
        elif a.startswith("--backend="):
            wanted.append(a.split("=", 1)[1])
    return wanted


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("the JSON output is not valid: %s" % e)
        return None


def check_shape(doc):
    for key in ("tool", "version", "date", "static", "backends", "errors", "rows", "summary",
                "exit_status"):
        if key not in doc:
            fail("JSON: no '%s'" % key)
    ids = [b["id"] for b in doc.get("backends", [])]
    for row in doc.get("rows", []):
        if row.get("verdict") not in STATUSES:
            fail("JSON: row %s has verdict %r" % (row.get("file"), row.get("verdict")))
        if [r["backend"] for r in row.get("results", [])] != ids:
            fail("JSON: row %s has results for %s, backends are %s"
                 % (row.get("file"), [r["backend"] for r in row["results"]], ids))
        for r in row.get("results", []):
            if r.get("status") not in STATUSES:
                fail("JSON: %s %s: status %r" % (row["file"], r["backend"], r.get("status")))
            if not r.get("text", "").startswith(r["status"].replace("-", " ")):
                fail("JSON: %s %s: text %r does not start with its status %r"
                     % (row["file"], r["backend"], r.get("text"), r["status"]))


def row_name(row):
    name = os.path.basename(row["file"])
    return "%s:%d" % (name, row["line"]) if row.get("line") else name


def check_expectations(doc, path):
    rows = doc.get("rows", [])
    named = set()
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split(None, 3)
            if len(words) < 3 or words[2] not in STATUSES:
                fail("%s:%d: malformed expectation" % (path, n))
                continue
            name, backend, status = words[:3]
            evidence = [e.strip() for e in words[3].split(",")] if len(words) > 3 else []
            matches = [r for r in rows if row_name(r) == name]
            if not matches:
                fail("%s:%d: no row %s in the output" % (path, n, name))
                continue
            for row in matches:
                named.add(id(row))
                if backend == "*":
                    got, got_ev, text = row["verdict"], [], row["verdict"]
                else:
                    cell = [r for r in row["results"] if r["backend"] == backend]
                    if not cell:
                        fail("%s:%d: %s has no result for backend %s" % (path, n, name, backend))
                        continue
                    got, got_ev, text = cell[0]["status"], cell[0]["evidence"], cell[0]["text"]
                if got != status:
                    fail("%s:%d: %s on %s is %r (%s), expected %s"
                         % (path, n, name, backend, got, text, status))
                for e in evidence:
                    if e not in got_ev:
                        fail("%s:%d: %s on %s: evidence %s, expected it to include %r"
                             % (path, n, name, backend, got_ev, e))
    for row in rows:
        if id(row) not in named:
            fail("%s: unexpected row %s (%s, %s)" % (path, row_name(row), row["kind"],
                                                      row["verdict"]))


def load_known(path):
    known = {}
    if not path:
        return known
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            if len(parts) < 2:
                fail("%s:%d: give KERNEL:LINE and the reason" % (path, n))
                continue
            known[parts[0]] = parts[1]
    return known


def kernels_in(args):
    """The kernel file names the runtime_check inputs in args cover: the
    .cl files of the folders given, and the .cl files given."""
    names = set()
    for a in args:
        if a.startswith("-"):
            continue
        if os.path.isdir(a):
            for _, _, files in os.walk(a):
                names.update(f for f in files if f.endswith(".cl"))
        elif a.endswith(".cl"):
            names.add(os.path.basename(a))
    return names


def scope_known(known, known_path, args):
    """The entries of known whose kernels the inputs cover; an entry whose
    kernel is nowhere under known_path's folder fails (a stale entry)."""
    everywhere = kernels_in([os.path.dirname(os.path.abspath(known_path))])
    covered = kernels_in(args)
    scoped = {}
    for name, why in known.items():
        kernel = name.split(":")[0]
        if kernel not in everywhere:
            fail("%s: listed in %s but there is no such kernel" % (name, known_path))
        elif kernel in covered:
            scoped[name] = why
    return scoped


def check_all_confirmed(doc, known_path=None, args=()):
    if not doc.get("rows"):
        fail("no rows")
    known = load_known(known_path)
    if known_path:
        known = scope_known(known, known_path, args)
    seen = set()
    for row in doc.get("rows", []):
        name = row_name(row)
        if row["kind"] in ("finding", "buggy-kernel") and name in known:
            seen.add(name)
            if row["verdict"] == "confirmed":
                fail("%s: confirmed now; remove it from %s" % (name, known_path))
            else:
                print("expected: %s %s (%s)" % (name, row["verdict"], known[name]),
                      file=sys.stderr)
            continue
        if row["kind"] in ("finding", "buggy-kernel") and row["verdict"] != "confirmed":
            fail("%s: %s, expected confirmed" % (name, row["verdict"]))
        if row["kind"] == "clean-kernel" and row["verdict"] != "clean":
            fail("%s: %s, expected clean" % (row_name(row), row["verdict"]))
        if row["kind"] == "error":
            fail("%s: error row: %s" % (row_name(row), row["message"]))
    for name in sorted(set(known) - seen):
        fail("%s: listed in %s but no such finding row" % (name, known_path))


def usage_checks(binary):
    cases = [
        ([], 3, "no input"),
        (["--frobnicate", "x"], 3, "unknown option '--frobnicate'"),
        (["--format", "xml", "x"], 3, "unknown format 'xml'"),
        (["--timeout", "-1", "x"], 3, "invalid --timeout '-1'"),
        (["--no-static", "--findings", "f", "x"], 3, "exclude each other"),
        (["x", "--backend"], 3, "--backend needs a value"),
        (["--help"], 0, "Exit status:"),
        (["--version"], 0, "runtime_check "),
        (["--no-static", "--backend", "no-such-backend", "x"], 2, "no OpenCL device matches"),
    ]
    for args, code, text in cases:
        got, out, err = run([binary] + args)
        if got != code:
            fail("%s: exit %d, expected %d" % (args, got, code))
        if text not in out + err:
            fail("%s: output lacks %r: %s" % (args, text, (out + err)[-300:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runtime-check", required=True)
    ap.add_argument("--expect-exit", type=int)
    ap.add_argument("--expect")
    ap.add_argument("--expect-stderr")
    ap.add_argument("--all-confirmed", action="store_true")
    ap.add_argument("--known-unconfirmed")
    ap.add_argument("--formats", action="store_true")
    ap.add_argument("--usage", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--only-if-env")
    ap.add_argument("args", nargs="*")
    opts = ap.parse_args()
    binary = opts.runtime_check

    if opts.only_if_env and not os.environ.get(opts.only_if_env):
        print("skipped: runs only with %s=1 in the environment (.ci/run sets it)"
              % opts.only_if_env)
        return 77
    if opts.usage:
        usage_checks(binary)
        return finish()
    present = backends_present(binary)
    if opts.list:
        if not present:
            fail("--list names no device")
        return finish()
    missing = [b for b in wanted_backends(opts.args) if b not in present]
    if missing:
        print("skipped: no %s backend here (runtime_check --list)" % ", ".join(missing))
        return 77

    with tempfile.TemporaryDirectory() as tmp:
        out_json = os.path.join(tmp, "out.json")
        code, _, err = run([binary] + opts.args + ["--format", "json", "--output", out_json])
        sys.stderr.write(err)
        if opts.expect_exit is not None and code != opts.expect_exit:
            fail("exit status %d, expected %d" % (code, opts.expect_exit))
        if opts.expect_stderr and opts.expect_stderr not in err:
            fail("standard error lacks %r" % opts.expect_stderr)
        doc = load_json(out_json) if os.path.exists(out_json) else None
        if doc is None and opts.expect_exit in (0, 1):
            fail("no JSON output")
        if doc is not None:
            check_shape(doc)
            if doc.get("exit_status") != code:
                fail("JSON exit_status %s, process exit %d" % (doc.get("exit_status"), code))
            if opts.expect:
                check_expectations(doc, opts.expect)
            if opts.all_confirmed:
                check_all_confirmed(doc, opts.known_unconfirmed, opts.args)
        if opts.formats and doc is not None:
            check_formats(binary, opts.args, doc, tmp)
    return finish()


def check_formats(binary, args, doc, tmp):
    """Text and Markdown of the same run name the same rows and verdicts."""
    code, text, _ = run([binary] + args + ["--format", "text"])
    code2, md, _ = run([binary] + args + ["--format", "markdown"])
    if code != doc["exit_status"] or code2 != doc["exit_status"]:
        fail("exit status differs between formats: json %d, text %d, markdown %d"
             % (doc["exit_status"], code, code2))
    if "| rule | kernel | line | finding |" not in md:
        fail("Markdown: no findings table")
    if "## Fixed twins and correct kernels" not in md:
        fail("Markdown: no table of fixed twins")
    for b in doc["backends"]:
        if b["device"] not in md or b["driver"] not in md:
            fail("Markdown: backend %s's device or driver missing" % b["id"])
    for row in doc["rows"]:
        for r in row["results"]:
            if r["text"].replace("|", "\\|") not in md:
                fail("Markdown: %s %s: %r missing" % (row_name(row), r["backend"], r["text"]))
            if r["text"] not in text:
                fail("text: %s %s: %r missing" % (row_name(row), r["backend"], r["text"]))
        if row["file"] not in text:
            fail("text: %s missing" % row["file"])
    if "summary: " not in text or "**Summary:**" not in md:
        fail("no summary line")


def finish():
    if failures:
        print("%d check(s) failed" % len(failures), file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
