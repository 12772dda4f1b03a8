#!/bin/sh
# budget.sh CLSYNCLINT SRCDIR [sanitized]
# --budget is a hard wall-clock bound per file, whatever the phase: kernels
# that keep the preprocessor (a macro whose expansion doubles 40 times, in an
# #if), the parser (the same in an expression) or the analyses (a generated
# kernel of 60,000 lines) busy for seconds or minutes each end at their
# budget, within 0.5 s, with one line "not analyzed: over the time
# budget of N s" and exit status 2, while the other files of the run are
# reported as without them.  Every run is bounded here: 60 seconds and 2 GiB
# of address space (under AddressSanitizer, 2 GiB of resident memory).
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
vmem="ulimit -v 2097152"
if [ "$3" = sanitized ]; then
  vmem=:
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=2048"
  export ASAN_OPTIONS
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

python3 - "$dir" "$src" <<'PY'
import os, sys
d, src = sys.argv[1], sys.argv[2]
bomb = ["#define X0 1+1"] + ["#define X%d X%d+X%d" % (i, i - 1, i - 1) for i in range(1, 41)]
kernel = "__kernel void k(__global int *a) { a[get_global_id(0)] = %s; }"
with open(os.path.join(d, "bomb_if.cl"), "w") as f:
    f.write("\n".join(bomb + ["#if X40 > 0", "#endif", kernel % "1"]) + "\n")
with open(os.path.join(d, "bomb_expr.cl"), "w") as f:
    f.write("\n".join(bomb + [kernel % "X40"]) + "\n")
# The analyses of a long kernel (the benchmark's, 60,000 lines).
sys.path.insert(0, os.path.join(src, "bench"))
import bench
with open(os.path.join(d, "huge_group.cl"), "w") as f:
    f.write(bench.gen_kernel(60000))
# A billion work-items per group cost nothing more than 64: the conflict
# decision does not enumerate them (it used to, for minutes).
with open(os.path.join(src, "corpus/local-memory-race/blelloch_scan.cl")) as f:
    text = f.read()
with open(os.path.join(d, "billion.cl"), "w") as f:
    f.write(text.replace("RUN-CONFIG", "(was RUN-CONFIG)").replace(
        "__kernel void", "__kernel __attribute__((reqd_work_group_size(1024, 1024, 1024))) void"))
PY
cp "$src/examples/partial_sums.cl" "$src/tests/cli/clean.cl" "$dir/"
cd "$dir" || exit 1

# run OUT ARGS...: clsynclint ARGS, bounded; sets rc and secs (wall time).
run() {
  o=$1
  shift
  t0=$(date +%s.%N)
  ( $vmem; exec timeout -s KILL 60 "$bin" --no-config "$@" ) >"$o" 2>&1
  rc=$?
  secs=$(echo "$(date +%s.%N) - $t0" | bc)
}
# within SECS LIMIT WHAT: SECS <= LIMIT
within() {
  if [ "$(echo "$1 <= $2" | bc)" != 1 ]; then
    fail "$3 took $1 s, more than $2 s"
  fi
}

# One file at a time, budget 2 s: not analyzed at 2 s (+0.5, the process's
# start and end included).  The tests beside this one share two cores with
# it, and under the sanitizers a load spike once stretched the 0.1 s of
# start and end to 0.57 s; so a run over the bound is run again, up to three
# times in all.  A budget not honoured is over in every run.
for k in bomb_if bomb_expr huge_group; do
  for try in 1 2 3; do
    run out.txt --format=gcc --budget=2 $k.cl
    [ "$(echo "$secs <= 2.5" | bc)" = 1 ] && break
    echo "$k: $secs s in run $try"
  done
  [ "$rc" = 2 ] || fail "$k: exit $rc, expected 2"
  [ "$(cat out.txt)" = "$k.cl:1:1: error: not analyzed: over the time budget of 2 s" ] ||
    fail "$k: output $(head -c 600 out.txt)"
  within "$secs" 2.5 "$k"
  echo "$k: exit $rc after $secs s: $(head -c 200 out.txt)"
done

# The billion-work-item group: analyzed, findings, well within the budget.
run out.txt --format=gcc --budget=2 billion.cl
[ "$rc" = 1 ] || fail "billion: exit $rc, expected 1 (findings)"
grep -q "local-memory race on t" out.txt || fail "billion: output $(head -c 600 out.txt)"
within "$secs" 2 "billion"
echo "billion: exit $rc after $secs s"

# In a run of several files: the others' findings as without the slow ones.
run want.txt --format=gcc partial_sums.cl clean.cl partial_sums.cl
run got.txt --format=gcc --budget=2 partial_sums.cl bomb_if.cl clean.cl huge_group.cl \
  partial_sums.cl
[ "$rc" = 2 ] || fail "mixed run: exit $rc, expected 2"
within "$secs" 5 "the mixed run (two files of 2 s)"
grep -v "not analyzed: over the time budget of 2 s" got.txt >rest.txt
cmp -s rest.txt want.txt || { fail "the other files' report differs:"; diff want.txt rest.txt; }
[ "$(grep -n "over the time budget" got.txt | cut -d: -f1-2 | tr '\n' ' ')" = \
  "5:bomb_if.cl 6:huge_group.cl " ] || fail "the budget lines are not in input order: $(cat got.txt)"
echo "mixed run: exit $rc after $secs s"

# Two workers: the two slow files at once.
run got2.txt --format=gcc --budget=2 --jobs=2 partial_sums.cl bomb_if.cl clean.cl \
  huge_group.cl partial_sums.cl
cmp -s got.txt got2.txt || { fail "--jobs=2 differs from --jobs=1"; diff got.txt got2.txt; }
within "$secs" 3 "the mixed run with --jobs=2"
echo "mixed run, --jobs=2: exit $rc after $secs s"

# JSON: the file is listed as not analyzed, with the reason.
run got.json --format=json --budget=1 clean.cl bomb_expr.cl
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
files = [(f["path"], f["status"], f.get("reason")) for f in d["files"]]
want = [("clean.cl", "analyzed", None),
        ("bomb_expr.cl", "not-analyzed", "over the time budget of 1 s")]
sys.exit(0 if files == want else "json files: %s" % files)' got.json || fail "json"

# --budget=0 is no budget; the default is 60 s (not waited for here).
run out.txt --format=gcc --budget=0 clean.cl
[ "$rc" = 0 ] || fail "--budget=0: exit $rc"
exit $status
