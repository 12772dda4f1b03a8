#!/bin/sh
# gpu_scripts.sh RUNTIME_CHECK_DIR - test gpu/prepare.sh and gpu/run.sh here,
# with PoCL standing in for the NVIDIA driver: prepare a carry folder, build
# runtime_check from it in a fresh folder, run two harness kernels through
# an .icd file naming libpocl, and check the Markdown table it writes.
set -eu
RC=$(cd "$1" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ ! -e /usr/lib/x86_64-linux-gnu/libpocl.so.2 ] && [ ! -e /usr/lib/libpocl.so.2 ]; then
  echo "skipped: no libpocl.so.2"
  exit 77
fi

sh "$RC/gpu/prepare.sh" --dest "$TMP/carry" --findings "$RC/tests/kernels/findings.json"
for f in include/CL/cl.h lib/libOpenCL.so.1 inih/lib/libinih.a jansson/lib/libjansson.a \
         jansson/include/jansson.h findings.json CARRIED; do
  [ -f "$TMP/carry/$f" ] || { echo "FAIL: prepare.sh did not carry $f"; exit 1; }
done

status=0
OUT=$TMP/out RC_DEVCARRY=$TMP/carry RC_BUILD=$TMP/build RC_ICD_LIB=libpocl.so.2 \
  RC_CORPUS=runtime_check/tests/kernels RC_TIMEOUT=4 \
  sh "$RC/gpu/run.sh" --only divergent || status=$?
md=$TMP/out/confirmations-gpu.md
[ "$status" -eq 0 ] || { echo "FAIL: run.sh exit status $status, expected 0"; cat "$TMP/out/runtime_check.log"; exit 1; }
for want in "Date: " "| pocl | Portable Computing Language |" "3.1" \
            "| barrier-divergence | runtime_check/tests/kernels/divergent_barrier.cl | 16:9 |" \
            "confirmed (crash: SIGSEGV)" "| runtime_check/tests/kernels/divergent_barrier_fixed.cl | fixed twin | clean |"; do
  grep -qF "$want" "$md" || { echo "FAIL: $md lacks '$want'"; cat "$md"; exit 1; }
done
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['exit_status']==0" \
  "$TMP/out/confirmations-gpu.json" || { echo "FAIL: bad JSON"; exit 1; }
echo ok
