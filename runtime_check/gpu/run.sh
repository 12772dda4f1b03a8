#!/bin/sh
# run.sh - run THERE, on the GPU machine, from the repository root, with the
# folder made by prepare.sh carried along (.devcarry/runtime_check).  Builds
# runtime_check against the carried OpenCL headers, ICD loader, libinih and
# Jansson, points the loader at the NVIDIA driver through an .icd file, runs
# the corpus, and writes to $OUT:
#   confirmations-gpu.md    the table (date, device, driver version from the device)
#   confirmations-gpu.json  the same, for machines
#   devices.txt             runtime_check --list
#   runtime_check.log       its progress and errors (-v)
#   build.log               the cmake output
# Exit status: runtime_check's (0, 1, 2; see docs/runtime_check.md), or 4
# when it could not be built.
#
# Environment (all optional):
#   OUT           where results go (default $RC_BUILD/out)
#   RC_DEVCARRY   the carried folder (default .devcarry/runtime_check)
#   RC_ICD_LIB    the ICD library to name in the .icd file
#                 (default libnvidia-opencl.so.1; libpocl.so.2 to try it on PoCL)
#   RC_CORPUS     what to run (default corpus)
#   RC_FINDINGS   findings file (default $RC_DEVCARRY/findings.json; none: --no-static)
#   RC_BUILD      build folder (default build-gpu)
#   RC_TIMEOUT    seconds before a launch counts as a hang (default 5)
#   RC_MAX_TIME   seconds after which no new kernel starts (default 480)
# Arguments are passed on to runtime_check (e.g. --only transpose).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 4
DC=${RC_DEVCARRY:-.devcarry/runtime_check}
ICD_LIB=${RC_ICD_LIB:-libnvidia-opencl.so.1}
CORPUS=${RC_CORPUS:-corpus}
FINDINGS=${RC_FINDINGS:-$DC/findings.json}
BUILD=${RC_BUILD:-build-gpu}
TIMEOUT=${RC_TIMEOUT:-5}
MAX_TIME=${RC_MAX_TIME:-480}
case "$DC" in /*) ;; *) DC=$ROOT/$DC ;; esac
case "$BUILD" in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
OUT=${OUT:-$BUILD/out}
mkdir -p "$OUT"

for f in include/CL/cl.h lib/libOpenCL.so.1 lib/libOpenCL.so inih/include/ini.h inih/lib/libinih.a \
         jansson/include/jansson.h jansson/include/jansson_config.h jansson/lib/libjansson.a; do
  if [ ! -f "$DC/$f" ]; then
    echo "run.sh: $DC/$f is missing: run runtime_check/gpu/prepare.sh first and carry .devcarry" >&2
    exit 4
  fi
done

echo "run.sh: building runtime_check in $BUILD"
if ! { cmake -S runtime_check -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
         -DOpenCL_INCLUDE_DIR="$DC/include" -DOpenCL_LIBRARY="$DC/lib/libOpenCL.so" \
         -DRC_INIH_DIR="$DC/inih" -DRC_JANSSON_DIR="$DC/jansson" &&
       cmake --build "$BUILD" --target runtime_check -j"$(nproc 2>/dev/null || echo 4)"; } \
     > "$OUT/build.log" 2>&1; then
  tail -n 30 "$OUT/build.log" >&2
  echo "run.sh: the build failed (all of it in $OUT/build.log)" >&2
  exit 4
fi

# The loader reads the .icd files of OCL_ICD_VENDORS; the one here names the
# NVIDIA driver, which the dynamic linker finds in its usual place.
# A bare library name is looked up where drivers usually live (containers put
# NVIDIA's in /usr/local/nvidia), so the .icd can name the file itself.
case "$ICD_LIB" in
  */*) ;;
  *)
    for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/nvidia/lib64 \
             /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu/nvidia/current /usr/local/lib; do
      if [ -e "$d/$ICD_LIB" ]; then ICD_LIB=$d/$ICD_LIB; break; fi
    done
    ;;
esac
mkdir -p "$BUILD/icd"
rm -f "$BUILD"/icd/*.icd
echo "$ICD_LIB" > "$BUILD/icd/device.icd"
echo "run.sh: OCL_ICD_VENDORS=$BUILD/icd, device.icd names $ICD_LIB"
export OCL_ICD_VENDORS="$BUILD/icd"
unset OCL_ICD_FILENAMES || true
export LD_LIBRARY_PATH="$DC/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
RC="$BUILD/runtime_check"

"$RC" --list --no-oclgrind > "$OUT/devices.txt" 2>&1
cat "$OUT/devices.txt"
if ! grep -q '^[a-z]' "$OUT/devices.txt"; then
  echo "run.sh: no OpenCL device through $ICD_LIB (is the driver installed? ldconfig -p | grep -i opencl)" >&2
  ldconfig -p 2>/dev/null | grep -i opencl >&2 || true
  exit 2
fi

if [ -f "$FINDINGS" ]; then
  STATIC="--findings $FINDINGS"
  [ -d "$DC/dumps" ] && STATIC="$STATIC --dumps $DC/dumps"
else
  echo "run.sh: no findings file ($FINDINGS): running with --no-static" >&2
  STATIC=--no-static
fi
echo "run.sh: running $CORPUS (timeout ${TIMEOUT}s a launch, at most ${MAX_TIME}s)"
# shellcheck disable=SC2086
"$RC" --no-oclgrind $STATIC --timeout "$TIMEOUT" --max-time "$MAX_TIME" -v \
  --format markdown --output "$OUT/confirmations-gpu.md" --json "$OUT/confirmations-gpu.json" \
  "$@" $CORPUS 2> "$OUT/runtime_check.log"
status=$?
grep -v '^runtime_check: \(\[\|row \|\$\)' "$OUT/runtime_check.log" | tail -n 20 >&2
echo "run.sh: runtime_check exit status $status; table in $OUT/confirmations-gpu.md"
exit $status
