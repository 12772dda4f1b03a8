#!/usr/bin/env python3
"""observe.py - the observed races and divergence (runtime_check/observe.h)
must keep working: on each backend named (run alone, so that it is the CPU
backend that observes), a racy corpus kernel's findings show an observed
race, a divergent one's an observed divergence (an async copy's race and
fence flags that differ too), and their fixed twins,
instrumented too, show no evidence at all; with both, each row is observed
on one of them.

Usage: observe.py RUNTIME_CHECK CLSYNCLINT BACKEND...
Exit 77 when a backend is not on this machine.
"""
import json
import subprocess
import sys
import tempfile

# (kernel, twin, evidence every finding row must show, backends that must show it)
CASES = [
    ("corpus/local-memory-race/blelloch_scan.cl", "corpus/local-memory-race/blelloch_scan_fixed.cl",
     "observed race", ("pocl", "oclgrind")),
    ("corpus/barrier-divergence/if_lid_eq_3.cl", "corpus/barrier-divergence/if_lid_eq_3_fixed.cl",
     "observed divergence", ("oclgrind",)),
    # An async copy is logged as the work-group's copy, live until its wait.
    ("corpus/local-memory-race/async_copy_read_before_wait.cl",
     "corpus/local-memory-race/async_copy_read_before_wait_fixed.cl",
     "observed race", ("pocl", "oclgrind")),
    # Every work-item arrives, with other fence flags.
    ("corpus/barrier-divergence/barrier_flags_per_item.cl",
     "corpus/barrier-divergence/barrier_flags_per_item_fixed.cl",
     "observed divergence", ("pocl", "oclgrind")),
]


def main():
    rc_bin, cls, backends = sys.argv[1], sys.argv[2], sys.argv[3:]
    listing = subprocess.run([rc_bin, "--list"], capture_output=True, text=True).stdout
    for b in backends:
        if not any(line.startswith(b) for line in listing.splitlines()):
            print(f"observe.py: no backend {b} here")
            return 77
    failures = []
    for kernel, twin, evidence, where in CASES:
        for alone in [[b] for b in backends] + [backends]:
            failures += check(rc_bin, cls, alone, kernel, twin, evidence, where)
    for f in failures:
        print("observe.py: FAIL", f)
    return 1 if failures else 0


def check(rc_bin, cls, backends, kernel, twin, evidence, where):
    """Run kernel and twin on backends; the failures, as strings."""
    failures = []
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = [rc_bin, "--clsynclint", cls, "--format", "json", "--output", out.name]
        for b in backends:
            args += ["--backend", b]
        subprocess.run(args + [kernel, twin], capture_output=True, text=True)
        doc = json.load(open(out.name))
    findings = [r for r in doc["rows"] if r["kind"] == "finding"]
    clean = [r for r in doc["rows"] if r["kind"] == "clean-kernel"]
    if not findings or not clean:
        failures.append(f"{kernel}: expected finding and clean rows, got {len(findings)} and {len(clean)}")
    # Alone, each backend of `where` must observe; together, one of them.
    for r in findings:
        seen = [c["backend"] for c in r["results"] if evidence in c["evidence"]]
        want = [b for b in backends if b in where]
        if want and (len(backends) == 1 and not seen or not set(seen) & set(want)):
            failures.append(f"{kernel}:{r['line']} on {backends}: no {evidence}: "
                            f"{[(c['text'], c['detail']) for c in r['results']]}")
    for r in clean:
        if any(c["evidence"] for c in r["results"]) or not any(
                "instrumented: no race, no divergence" in (c["detail"] or "")
                for c in r["results"]):
            failures.append(f"{r['file']} on {backends}: "
                            f"{[(c['text'], c['detail']) for c in r['results']]}")
    return failures


if __name__ == "__main__":
    sys.exit(main())
