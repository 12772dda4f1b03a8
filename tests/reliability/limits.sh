#!/bin/sh
# limits.sh CLSYNCLINT [sanitized]
# Inputs that protect a CI gate: each must end quickly with a clear outcome,
# never a crash or a hang.  Generated here, not stored (some are 10 MB).
# Under the sanitizers (about ten times slower) the 3,000-kernel file gets a
# budget of 600 s instead of the default 60: what it tests there is that
# nothing breaks, not how fast (7 s in a release build, bench/ measures speed).
bin=$1
many_budget=
[ "${2:-}" = sanitized ] && many_budget=--budget=600
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
status=0

# check NAME EXPECTED-EXIT REGEX SECONDS FLAGS...: run on $dir/NAME.cl
check() {
  name=$1 want=$2 regex=$3 secs=$4
  shift 4
  out=$(timeout "$secs" "$bin" --format=gcc "$@" "$dir/$name.cl" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
    echo "FAIL $name: exit $rc (want $want), output:"
    printf '%s\n' "$out" | head -5
    status=1
  else
    echo "ok   $name: exit $rc"
  fi
}

python3 - "$dir" <<'PY'
import sys, os
d = sys.argv[1]
def w(name, text):
    with open(os.path.join(d, name + ".cl"), "w") as f:
        f.write(text)
# A 10 MB file: one kernel and a long comment block.
w("big10mb", "__kernel void k(__global float *a) { a[get_global_id(0)] = 1.0f; }\n" +
  ("// " + "x" * 96 + "\n") * (10 * 1024 * 1024 // 100))
# 10,000 levels of parentheses: the compiler refuses them (bracket depth).
w("deep_parens", "__kernel void k(__global int *a) { a[0] = " + "(" * 10000 + "1" + ")" * 10000 + "; }\n")
# 10,000 nested binary operators: our lowering stops at its depth limit.
w("deep_binary", "__kernel void k(__global int *a) { a[get_global_id(0)] = " +
  " + ".join(["1"] * 10000) + "; }\n")
# 10,000 nested if statements: the compiler's bracket limit again.
w("deep_if", "__kernel void k(__global int *a, int n) {\n" + "if (n > 0) {\n" * 10000 +
  "a[0] = 1;\n" + "}\n" * 10000 + "}\n")
# One very long line (200,000 statements).
w("long_line", "__kernel void k(__global int *a) { int x = 0; " + "x += 1; " * 200000 +
  "a[get_global_id(0)] = x; }\n")
# 3,000 kernels in one file.
w("many_kernels", "".join(
  "__kernel void k%d(__global float *a, __local float *s) { int l = get_local_id(0); "
  "s[l] = a[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); "
  "a[get_global_id(0)] = s[63 - l]; }\n" % i for i in range(3000)))
# A loop bound of 10^12 in the enumeration of a loop-carried race.
w("huge_loop", "__kernel void k(__global float *a, __local float *s) {\n"
  "  int l = get_local_id(0);\n"
  "  for (long i = 0; i < 1000000000000L; i++) s[(l + i) % 64] = a[i];\n"
  "  a[get_global_id(0)] = s[l];\n}\n")
PY

check big10mb 0 '^$' 60
check deep_parens 2 'bracket nesting level exceeded maximum of 256 \[compile-error\]' 60
check deep_binary 2 'not analyzed: unsupported: statements or expressions nested too deeply' 60
check deep_if 2 'bracket nesting level exceeded' 60
check long_line 0 '^$' 120
check many_kernels 0 '^$' 900 --local-size=64 $many_budget
check huge_loop 1 'local-memory race on s\[' 60 --local-size=64
# A budget of a few milliseconds on a large kernel: not analyzed, exit 2.
check many_kernels 2 'not analyzed: over the time budget of 0.001 s' 60 --local-size=64 --budget=0.001
exit $status
