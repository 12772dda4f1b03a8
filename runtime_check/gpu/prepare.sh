#!/bin/sh
# prepare.sh - run HERE, before the GPU run: carry into .devcarry/ what the
# GPU machine lacks to build and run runtime_check (it has cmake and gcc, but
# no OpenCL headers, maybe no ICD loader, no libinih, no Jansson, no libclang):
#
#   .devcarry/runtime_check/include/CL/*.h     OpenCL headers (opencl-c-headers)
#   .devcarry/runtime_check/lib/libOpenCL.so*  the ocl-icd loader
#   .devcarry/runtime_check/inih/{include,lib} libinih (static)
#   .devcarry/runtime_check/jansson/{include,lib} Jansson (static; reads the findings)
#   .devcarry/runtime_check/dumps/             clsynclint --dump=accesses of each kernel
#                                              (observed races and divergence)
#   .devcarry/runtime_check/findings.json      clsynclint's findings on the corpus
#                                              (its JSON), made here (libclang stays here)
#   .devcarry/runtime_check/CARRIED            what was copied, from where, when
#
# Usage: runtime_check/gpu/prepare.sh [options] [CORPUS ...]   (default: corpus)
#   --dest DIR          carry folder (default .devcarry/runtime_check)
#   --clsynclint PATH   the analyzer (default build/clsynclint)
#   --runtime-check P   a runtime_check built here (default build/runtime_check/
#                       runtime_check, else one is built in a temporary folder)
#   --profile NAME      clsynclint bank model for the findings (default nvidia)
#   --findings FILE     copy this findings file (JSON: a --save-findings file or
#                       clsynclint --format=json output) instead of running the analyzer
#   --no-findings       no findings: run.sh then runs with --no-static
# Then the lead runs on the GPU machine, from the repository root, with
# .devcarry carried along:  sh runtime_check/gpu/run.sh
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
DEST=.devcarry/runtime_check
CLS=build/clsynclint
RCBIN=
PROFILE=nvidia
FINDINGS=
NOFINDINGS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dest) DEST=$2; shift 2 ;;
    --clsynclint) CLS=$2; shift 2 ;;
    --runtime-check) RCBIN=$2; shift 2 ;;
    --profile) PROFILE=$2; shift 2 ;;
    --findings) FINDINGS=$2; shift 2 ;;
    --no-findings) NOFINDINGS=1; shift ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    -*) echo "prepare.sh: unknown option '$1'" >&2; exit 3 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- corpus

die() { echo "prepare.sh: $*" >&2; exit 2; }

# --- OpenCL headers
CLH=
for d in /usr/include/CL /usr/local/include/CL; do
  [ -f "$d/cl.h" ] && { CLH=$d; break; }
done
[ -n "$CLH" ] || die "no OpenCL headers (Debian: apt-get install opencl-c-headers)"

# --- the ocl-icd loader: the real file behind libOpenCL.so.1
LOADER=
for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
  [ -e "$d/libOpenCL.so.1" ] && { LOADER=$(readlink -f "$d/libOpenCL.so.1"); break; }
done
[ -n "$LOADER" ] || die "no libOpenCL.so.1 (Debian: apt-get install ocl-icd-libopencl1)"

# --- libinih, static so nothing of it is needed at run time
INIH_H=
for d in /usr/include /usr/local/include; do
  [ -f "$d/ini.h" ] && { INIH_H=$d/ini.h; break; }
done
INIH_A=
for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
  [ -f "$d/libinih.a" ] && { INIH_A=$d/libinih.a; break; }
done
if [ -z "$INIH_H" ] || [ -z "$INIH_A" ]; then
  die "no libinih (Debian: apt-get install libinih-dev)"
fi

# --- Jansson, static too: runtime_check reads the findings file with it
JANSSON_H=
for d in /usr/include /usr/local/include; do
  [ -f "$d/jansson.h" ] && [ -f "$d/jansson_config.h" ] && { JANSSON_H=$d; break; }
done
JANSSON_A=
for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
  [ -f "$d/libjansson.a" ] && { JANSSON_A=$d/libjansson.a; break; }
done
if [ -z "$JANSSON_H" ] || [ -z "$JANSSON_A" ]; then
  die "no Jansson (Debian: apt-get install libjansson-dev)"
fi

rm -rf "$DEST"
mkdir -p "$DEST/include/CL" "$DEST/lib" "$DEST/inih/include" "$DEST/inih/lib" \
  "$DEST/jansson/include" "$DEST/jansson/lib"
cp "$CLH"/*.h "$DEST/include/CL/"
# Plain files, no symbolic links: the carry may not keep links.
cp "$LOADER" "$DEST/lib/libOpenCL.so.1"
cp "$LOADER" "$DEST/lib/libOpenCL.so"
cp "$INIH_H" "$DEST/inih/include/ini.h"
cp "$INIH_A" "$DEST/inih/lib/libinih.a"
cp "$JANSSON_H/jansson.h" "$JANSSON_H/jansson_config.h" "$DEST/jansson/include/"
cp "$JANSSON_A" "$DEST/jansson/lib/libjansson.a"

# --- static findings, made here where libclang is
if [ -n "$FINDINGS" ]; then
  cp "$FINDINGS" "$DEST/findings.json"
elif [ "$NOFINDINGS" -eq 0 ]; then
  [ -x "$CLS" ] || die "no analyzer at $CLS (build it, or give --clsynclint PATH, --findings FILE or --no-findings)"
  if [ -z "$RCBIN" ] && [ -x build/runtime_check/runtime_check ]; then
    RCBIN=build/runtime_check/runtime_check
  fi
  TMPB=
  if [ -z "$RCBIN" ]; then
    TMPB=$(mktemp -d)
    trap 'rm -rf "$TMPB"' EXIT
    echo "prepare.sh: building runtime_check in $TMPB"
    cmake -S runtime_check -B "$TMPB" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$TMPB" --target runtime_check -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
    RCBIN=$TMPB/runtime_check
  fi
  rm -rf "$DEST/dumps" && mkdir -p "$DEST/dumps"
  "$RCBIN" --clsynclint "$CLS" --analyzer-arg=--device="$PROFILE" \
    --save-findings "$DEST/findings.json" --save-dumps "$DEST/dumps" "$@" ||
    die "the analyzer failed on some kernel (see above); the findings file is incomplete"
fi

{
  echo "Carried by runtime_check/gpu/prepare.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ) from $(uname -n)"
  echo "OpenCL headers: $CLH ($(dpkg-query -W -f='opencl-c-headers ${Version}' opencl-c-headers 2>/dev/null || echo '?'))"
  echo "ICD loader: $LOADER ($(dpkg-query -W -f='ocl-icd ${Version}' ocl-icd-libopencl1 2>/dev/null || echo '?'))"
  echo "libinih: $INIH_A ($(dpkg-query -W -f='libinih ${Version}' libinih-dev 2>/dev/null || echo '?'))"
  echo "Jansson: $JANSSON_A ($(dpkg-query -W -f='libjansson ${Version}' libjansson-dev 2>/dev/null || echo '?'))"
  if [ -f "$DEST/findings.json" ]; then
    # --save-findings writes one diagnostic, one analyzed file a line.
    echo "findings: $(grep -c '"severity": "\(error\|warning\)"' "$DEST/findings.json" || true) on $(grep -c '^  "' "$DEST/findings.json" || true) files ($FINDINGS${FINDINGS:+, copied}${FINDINGS:-$CLS --device=$PROFILE}; corpus: $*)"
  else
    echo "findings: none (run.sh runs with --no-static)"
  fi
} > "$DEST/CARRIED"
cat "$DEST/CARRIED"
echo "prepare.sh: $(du -sh "$DEST" | cut -f1) in $DEST"
