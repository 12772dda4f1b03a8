#!/bin/sh
# bench_smoke.sh CLSYNCLINT OUT_JSON - the benchmark's smoke run (issue 9):
# bench.py runs end to end on small inputs and writes a JSON result with
# every section and finite ratios.  Speed is not tested here.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
python3 "$here/bench/bench.py" --smoke --runs 1 --clsynclint "$1" --json "$2" >/dev/null
python3 - "$2" <<'PY'
import json, math, sys
d = json.load(open(sys.argv[1]))
assert d["smoke"] is True, "not a smoke result"
for key in ("corpus", "growth", "shapes", "repository", "phases_largest", "targets"):
    assert key in d, "missing section " + key
c = d["corpus"]
assert c["rows"] and math.isfinite(c["median_ratio"]) and c["median_ratio"] > 0
assert any("compile-error" in p for p in c["skipped_not_compiling"]), "compile errors not skipped"
assert all(r["ratio"] > 0 and r["rss_ratio"] > 0 for r in d["growth"]["rows"])
assert all(isinstance(t["met"], bool) and t["measured"] for t in d["targets"])
assert d["repository"]["jobs_1"]["files_per_s"] > 0
assert any("parse" in line for line in d["phases_largest"])
print("bench smoke: %d corpus files, median ratio %.2f" % (len(c["rows"]), c["median_ratio"]))
PY
