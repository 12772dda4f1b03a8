#!/usr/bin/env python3
"""campaign.py - generated kernels through clsynclint, and against Oclgrind.

Kernels come from fuzz/kgen.py, seed after seed from --seed, in batches,
until --seconds of wall-clock time or --count kernels are spent.

Crash campaign (always): each kernel goes through clsynclint with its
launch (`// kgen-flags:`).  A crash, an internal error, a sanitizer report
(AddressSanitizer, UBSan's "runtime error:") or a file over the time budget
is an analyzer bug; a compile error is a generator bug.  Either fails the run.

Differential campaign (--oclgrind): each batch also runs under Oclgrind
through runtime_check (--no-static, built with -cl-opt-disable, data-race
detection on, and with --uniform-writes on both sides: Oclgrind reports
same-value write-write races and clsynclint gets --report-benign).  Per
kernel, Oclgrind's reports are matched with clsynclint's findings by kind
and by source line:

  miss-race         Oclgrind reports a race, clsynclint no race at all
  miss-race-line    Oclgrind reports a race on lines no race finding names
  miss-divergence   Oclgrind reports a divergence, clsynclint no
                    barrier-divergence finding
  false-race        a race finding (error or warning) and no Oclgrind race
                    report at all
  false-race-line   a race finding whose lines no Oclgrind race names
  false-divergence  a barrier-divergence finding and no Oclgrind divergence

(+unsupported when clsynclint also said that it did not model something;
+capped when Oclgrind stopped at its cap of 1000 reports.)  Races are not
compared in a launch that diverged where both saw it.  The kernels of the
'chaos' style race on nearly every array, and both tools report only some
of the pairs (clsynclint one finding per statement and object, Oclgrind
one report per location between barriers): they are compared by kernel,
not by line.

Misses are disagreements; the false-* classes are candidates for false
alarms (Oclgrind observes one launch).  An Oclgrind invalid-access report
or a kernel Oclgrind cannot build is a generator bug and fails the run.

    fuzz/campaign.py --clsynclint build/clsynclint --seconds 60
    fuzz/campaign.py --clsynclint build/clsynclint \\
        --oclgrind build/runtime_check/runtime_check --seconds 600 --keep out/

--keep DIR keeps every kernel that crashed or disagreed, with the
analyzer's and Oclgrind's reports, and DIR/report.json.  --expect FILE
fails the run when a disagreement appears that FILE does not list (one
"SEED CLASS" a line, # comments), and says which listed ones are gone.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kgen  # noqa: E402

RACE_RULES = {"local-memory-race", "global-memory-race", "inter-group-race", "barrier-fence",
              "subgroup-lockstep", "cross-group-sync"}
DIV_RULES = {"barrier-divergence"}


def flags_of(text):
    m = re.search(r"^// kgen-flags: (.*)$", text, re.M)
    return m.group(1).split() if m else []


def lint(binary, path, extra, budget, timeout):
    """clsynclint on one kernel: (verdict, detail, json-or-None).  The
    verdict is ok, crash, hang, sanitizer, compile-error."""
    with open(path) as f:
        flags = flags_of(f.read())
    cmd = [binary, "--no-config", "--format=json", "--budget=%d" % budget] + flags + extra + [path]
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "hang", "no answer in %d s: %s" % (timeout, " ".join(cmd)), None, timeout
    except OSError as e:  # the binary rebuilt under the run, say
        raise SystemExit("cannot run %s: %s" % (binary, e))
    dt = time.monotonic() - t0
    err = p.stderr.decode("utf-8", "replace")
    out = p.stdout.decode("utf-8", "replace")
    if "AddressSanitizer" in err or "LeakSanitizer" in err or "runtime error:" in err:
        return "sanitizer", err[-4000:], None, dt
    if p.returncode not in (0, 1, 2):
        return "crash", "exit status %d: %s" % (p.returncode, err[-2000:]), None, dt
    try:
        doc = json.loads(out)
    except ValueError:
        return "crash", "output is not JSON: " + out[-500:] + err[-500:], None, dt
    f = doc["files"][0] if doc.get("files") else {}
    reason = f.get("reason", "")
    if f.get("status") == "not-analyzed":
        if "internal error" in reason:
            return "crash", reason + err[-2000:], doc, dt
        if "time budget" in reason:
            return "hang", reason, doc, dt
        if "compile errors" in reason:
            msgs = [d["message"] for d in doc.get("diagnostics", [])]
            return "compile-error", "; ".join(msgs)[:500], doc, dt
        return "crash", "not analyzed: " + reason, doc, dt
    return "ok", "", doc, dt


def analyzer_facts(doc):
    """Races and divergences clsynclint reports: lists of (line set, text).
    A race's lines are its own, its notes' and those its message names
    ("(line 17)"): a barrier-fence finding sits on the barrier and names
    the two accesses."""
    races, divs, unsupported = [], [], []
    for d in doc.get("diagnostics", []):
        lines = {d["line"]} | {n["line"] for n in d.get("notes", [])}
        lines |= {int(x) for x in re.findall(r"\(line (\d+)\)", d["message"])}
        if d["rule"] in RACE_RULES and d["severity"] in ("error", "warning"):
            races.append((lines, "%d: %s [%s]" % (d["line"], d["message"], d["rule"])))
        elif d["rule"] in DIV_RULES and d["severity"] in ("error", "warning"):
            divs.append((lines, "%d: %s" % (d["line"], d["message"])))
        elif d["message"].startswith("unsupported"):
            unsupported.append(d["message"])
    return races, divs, unsupported


REPORT = re.compile(r"Oclgrind: ([a-z -]+?) at lines? ([0-9, ]+?)(?: \(x(\d+)\))?(?:;|$)")


def oclgrind_facts(detail):
    """(kind, lines) of each Oclgrind report a runtime_check detail names."""
    out = []
    for part in detail.split("; "):
        m = REPORT.match(part.strip())
        if m:
            out.append((m.group(1), {int(x) for x in m.group(2).split(",") if x.strip()}))
    return out


def run_oclgrind(rc, folder, names, timeout, uniform_writes):
    """runtime_check on the kernels of `folder`: {file: (status, text, detail)}."""
    js = os.path.join(folder, "oclgrind.json")
    cmd = [rc, "--no-static", "--backend", "oclgrind", "--format", "json", "--output", js,
           "--timeout", str(timeout), "--oclgrind-no-uninitialized", folder]
    if uniform_writes:
        cmd.insert(1, "--oclgrind-uniform-writes")
    p = subprocess.run(cmd, capture_output=True, timeout=timeout * (len(names) + 2))
    try:
        with open(js) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        raise SystemExit("runtime_check failed (exit %d): %s" %
                         (p.returncode, p.stderr.decode()[-2000:]))
    res = {}
    for row in doc["rows"]:
        if not row.get("results"):
            continue
        c = row["results"][0]
        res[os.path.basename(row["file"])] = (c["status"], c["text"] or "", c.get("detail") or "")
    return res


def compare(doc, og, dense=False):
    """The disagreement classes of one kernel: [(class, why)].  Races by
    line; divergence by kernel (after a divergent barrier Oclgrind pairs
    every later barrier wrongly and reports each).  Race reports of a
    launch that diverged are not compared (the pairing of barriers is off
    after that), unless clsynclint missed the divergence too."""
    races, divs, unsupported = analyzer_facts(doc)
    reps = oclgrind_facts(og[2])
    o_races = [l for k, l in reps if k in ("read-write race", "write-write race")]
    o_divs = [l for k, l in reps if k == "work-group divergence"]
    a_race_lines = set().union(*[l for l, _ in races]) if races else set()
    o_race_lines = set().union(*o_races) if o_races else set()
    out = []
    if o_divs and not divs:
        out.append(("miss-divergence", "Oclgrind: divergence at lines %s" %
                    ", ".join("/".join(map(str, sorted(l))) for l in o_divs)))
    if divs and not o_divs:
        out.append(("false-divergence", "; ".join(t for _, t in divs)))
    if o_divs and divs:
        return [(c + "+unsupported", w) for c, w in out] if unsupported else out
    if o_races and not races:
        out.append(("miss-race", "Oclgrind: races at lines %s" %
                    ", ".join("/".join(map(str, sorted(l))) for l in o_races)))
    elif o_races and not dense:
        lost = [l for l in o_races if not (l & a_race_lines)]
        if lost:
            out.append(("miss-race-line", "Oclgrind: races at lines %s, no race finding there" %
                        ", ".join("/".join(map(str, sorted(l))) for l in lost)))
    if races and not o_races:
        out.append(("false-race", "; ".join(t for _, t in races)))
    elif races and not dense:
        extra = [t for l, t in races if not (l & o_race_lines)]
        if extra:
            out.append(("false-race-line", "; ".join(extra)))
    if unsupported:
        out = [(c + "+unsupported", w) for c, w in out]
    if "Oclgrind stopped reporting" in og[2]:
        # its cap of 1000 reports may have hidden the rest
        out = [(c + "+capped", w) for c, w in out if not c.startswith("miss")] + \
              [(c, w) for c, w in out if c.startswith("miss")]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clsynclint", required=True)
    ap.add_argument("--oclgrind", metavar="RUNTIME_CHECK",
                    help="run the differential campaign with this runtime_check")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=0, help="at most this many kernels")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--batch", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=int, default=30, help="clsynclint's --budget per kernel")
    ap.add_argument("--no-uniform-writes", action="store_true")
    ap.add_argument("--keep", help="a folder for failing kernels and report.json")
    ap.add_argument("--expect", help="known disagreements, 'SEED CLASS' a line")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()

    if a.oclgrind:
        p = subprocess.run([a.oclgrind, "--list"], capture_output=True, timeout=120)
        if b"oclgrind" not in p.stdout.lower():
            print("Oclgrind is not available (runtime_check --list): skipped")
            return 77
    uniform = not a.no_uniform_writes
    extra = ["--report-benign"] if uniform and a.oclgrind else []
    deadline = time.monotonic() + a.seconds
    t_start = time.monotonic()
    work = tempfile.mkdtemp(prefix="kgen-")
    stats = {"kernels": 0, "analyzer_runs": 0, "oclgrind_runs": 0, "analyzer_seconds": 0.0,
             "findings": 0, "kernels_with_findings": 0, "oclgrind_evidence": 0}
    bugs, disagreements = [], []
    seed = a.seed
    try:
        while time.monotonic() < deadline and (not a.count or stats["kernels"] < a.count):
            n = a.batch if not a.count else min(a.batch, a.count - stats["kernels"])
            folder = os.path.join(work, "b%d" % seed)
            os.makedirs(folder)
            man = []
            names = []
            for s in range(seed, seed + n):
                g, text = kgen.generate(s)
                fn = "g%d.cl" % s
                with open(os.path.join(folder, fn), "w") as f:
                    f.write(text)
                man.append(g.manifest(fn))
                names.append(fn)
            with open(os.path.join(folder, "manifest.ini"), "w") as f:
                f.write("\n".join(man))
            seed += n
            docs = {}
            with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
                futs = {}
                for fn in names:
                    if time.monotonic() >= deadline and futs:
                        break
                    futs[fn] = ex.submit(lint, a.clsynclint, os.path.join(folder, fn), extra,
                                         a.budget, a.budget * 3 + 30)
                for fn, fu in futs.items():
                    verdict, detail, doc, dt = fu.result()
                    stats["kernels"] += 1
                    stats["analyzer_runs"] += 1
                    stats["analyzer_seconds"] += dt
                    if verdict != "ok":
                        bugs.append({"seed": int(fn[1:-3]), "kind": verdict, "detail": detail})
                        print("%s: %s: %s" % (fn, verdict, detail.splitlines()[0] if detail
                                              else ""), flush=True)
                        keep(a.keep, folder, fn, detail)
                        continue
                    docs[fn] = doc
                    nd = sum(1 for d in doc.get("diagnostics", [])
                             if d["severity"] in ("error", "warning"))
                    stats["findings"] += nd
                    stats["kernels_with_findings"] += nd > 0
            if not a.oclgrind or not docs:
                continue
            og = run_oclgrind(a.oclgrind, folder, names, 20, uniform)
            for fn in names:
                if fn not in docs:
                    continue
                s = int(fn[1:-3])
                if fn not in og:
                    continue
                stats["oclgrind_runs"] += 1
                status, text, detail = og[fn]
                if status == "evidence":
                    stats["oclgrind_evidence"] += 1
                if status.startswith("not run") or "build failed" in text:
                    bugs.append({"seed": s, "kind": "oclgrind-build", "detail": text})
                    print("%s: Oclgrind did not run it: %s" % (fn, text), flush=True)
                    keep(a.keep, folder, fn, text)
                    continue
                if "invalid access" in detail:
                    bugs.append({"seed": s, "kind": "out-of-bounds", "detail": detail})
                    print("%s: generator bug: %s" % (fn, detail), flush=True)
                    keep(a.keep, folder, fn, detail)
                    continue
                with open(os.path.join(folder, fn)) as f:
                    dense = "(chaos)" in f.readline()
                for cls, why in compare(docs[fn], og[fn], dense):
                    disagreements.append({"seed": s, "class": cls, "why": why})
                    if a.verbose:
                        print("%s: %s: %s" % (fn, cls, why), flush=True)
                    keep(a.keep, folder, fn, "%s: %s\n\nclsynclint: %s\n\nOclgrind: %s\n" % (
                        cls, why, json.dumps(docs[fn]["diagnostics"], indent=1), detail))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    stats["wall_seconds"] = round(time.monotonic() - t_start, 1)
    stats["analyzer_seconds"] = round(stats["analyzer_seconds"], 1)
    stats["seeds"] = [a.seed, seed - 1]
    by_class = {}
    for d in disagreements:
        by_class.setdefault(d["class"], []).append(d["seed"])
    print("kernels %d (seeds %d..%d), clsynclint runs %d (%.1f s), Oclgrind runs %d, "
          "%.1f s in all" % (stats["kernels"], a.seed, seed - 1, stats["analyzer_runs"],
                             stats["analyzer_seconds"], stats["oclgrind_runs"],
                             stats["wall_seconds"]))
    print("kernels with findings %d; with Oclgrind evidence %d" %
          (stats["kernels_with_findings"], stats["oclgrind_evidence"]))
    print("analyzer or generator bugs: %d" % len(bugs))
    for b in bugs:
        print("  seed %d: %s" % (b["seed"], b["kind"]))
    if a.oclgrind:
        print("disagreements: %d" % len(disagreements))
        for c in sorted(by_class):
            s = by_class[c]
            print("  %-28s %4d  seeds %s%s" % (c, len(s), " ".join(map(str, s[:12])),
                                               " ..." if len(s) > 12 else ""))
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
        with open(os.path.join(a.keep, "report.json"), "w") as f:
            json.dump({"stats": stats, "bugs": bugs, "disagreements": disagreements}, f,
                      indent=1)
    rc = 1 if bugs else 0
    if a.expect:
        known = set()
        with open(a.expect) as f:
            for line in f:
                line = line.split("#")[0].split()
                if len(line) >= 2:
                    known.add((int(line[0]), line[1]))
        seen = {(d["seed"], d["class"]) for d in disagreements}
        new = sorted(seen - known)
        gone = sorted(k for k in known - seen if a.seed <= k[0] < seed)
        for s, c in new:
            print("NEW disagreement: seed %d %s" % (s, c))
        for s, c in gone:
            print("gone (remove it from %s): seed %d %s" % (a.expect, s, c))
        if new or gone:
            rc = 1
    return rc


def keep(where, folder, fn, detail):
    if not where:
        return
    os.makedirs(where, exist_ok=True)
    shutil.copy(os.path.join(folder, fn), os.path.join(where, fn))
    with open(os.path.join(where, fn + ".txt"), "a") as f:
        f.write(detail + "\n")


if __name__ == "__main__":
    sys.exit(main())
