#!/usr/bin/env python3
"""observe.py - the observed races and divergence (runtime_check/observe.h)
must keep working: on each backend named, a racy corpus kernel's findings
show an observed race, a divergent one's an observed divergence, and their
fixed twins, instrumented too, show no evidence at all.

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
        if not evidence:
            continue
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
        for r in findings:
            for c in r["results"]:
                if c["backend"] in where and c["backend"] in backends and evidence not in c["evidence"]:
                    failures.append(f"{kernel}:{r['line']} on {c['backend']}: no {evidence}: "
                                    f"{c['text']}: {c['detail']}")
        for r in clean:
            for c in r["results"]:
                if c["evidence"] or "instrumented: no race, no divergence" not in (c["detail"] or ""):
                    failures.append(f"{r['file']} on {c['backend']}: {c['text']}: {c['detail']}")
    for f in failures:
        print("observe.py: FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
