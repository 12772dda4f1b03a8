#!/bin/sh
# hostile_files.sh CLSYNCLINT [sanitized]
# Files that are not regular files, or too large, as inputs and as includes
# (#include, -include on the command line and in a .clsynclint options line,
# -I into /dev): each must end at once, under a memory bound, with a one-line
# reason and exit status 2.  Only regular files of at most 64 MiB and standard
# input are read (README: Usage).  Each run is bounded here: 20 seconds and
# 1 GiB of address space; a run that reads /dev/zero exceeds both.  Under
# AddressSanitizer ('sanitized'), whose shadow memory needs terabytes of
# address space, the bound is ASan's own limit on resident memory instead.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
vmem="ulimit -v 1048576"
if [ "$2" = sanitized ]; then
  vmem=:
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1024"
  export ASAN_OPTIONS
fi
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
status=0
kernel='__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }'

# check NAME EXPECTED-EXIT REGEX [--stdin FILE] ARGS...: one bounded run.
check() {
  name=$1 want=$2 regex=$3
  shift 3
  input=/dev/null
  if [ "$1" = "--stdin" ]; then input=$2; shift 2; fi
  start=$(date +%s)
  out=$( ($vmem; exec timeout -s KILL 20 "$bin" --format=gcc "$@" <"$input") 2>&1)
  rc=$?
  secs=$(($(date +%s) - start))
  if [ "$rc" != "$want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$regex" ||
     [ "$(printf '%s\n' "$out" | wc -l)" != 1 ]; then
    echo "FAIL $name: exit $rc (want $want) after ${secs}s, output:"
    printf '%s\n' "$out" | head -5
    status=1
  else
    echo "ok   $name: exit $rc after ${secs}s: $out"
  fi
}

notreg="not a regular file \(only regular files of at most 64 MiB are read\)"
printf '#include "/dev/zero"\n%s\n' "$kernel" >inc_zero.cl
printf '#include "/dev/urandom"\n%s\n' "$kernel" >inc_urandom.cl
printf '#include "zero"\n%s\n' "$kernel" >inc_search.cl
printf '#include "fifo.h"\n%s\n' "$kernel" >inc_fifo.cl
printf '#include "big.h"\n%s\n' "$kernel" >inc_big.cl
printf '%s\n' "$kernel" >plain.cl
mkfifo fifo.h fifo.cl
# Sparse files: 64 MiB + 1 byte is one too many; exactly 64 MiB is read (and
# then refused for its NUL bytes, like any binary file).
truncate -s 67108865 big.h big.cl
truncate -s 67108864 limit.cl
mkdir cfg
printf '%s\n' "$kernel" >cfg/k.cl
printf 'options = -include /dev/zero\n' >cfg/.clsynclint

check include-dev-zero 2 "inc_zero.cl:1:10: error: cannot read '/dev/zero': $notreg" inc_zero.cl
check include-dev-urandom 2 "inc_urandom.cl:1:10: error: cannot read '/dev/urandom': $notreg" \
  inc_urandom.cl
check include-search-dev 2 "inc_search.cl:1:10: error: cannot read '/dev/zero': $notreg" \
  -I /dev inc_search.cl
check include-fifo 2 "inc_fifo.cl:1:10: error: cannot read '\./fifo.h': $notreg" inc_fifo.cl
check include-too-large 2 "inc_big.cl:1:10: error: cannot read '\./big.h': larger than 64 MiB" \
  inc_big.cl
check dash-include-dev-zero 2 "plain.cl:1:1: error: cannot read '/dev/zero': $notreg" \
  -include /dev/zero plain.cl
check config-include-dev-zero 2 "cfg/k.cl:1:1: error: cannot read '/dev/zero': $notreg" cfg/k.cl
check input-dev-zero 2 "^/dev/zero:1:1: error: not analyzed: not a regular file" /dev/zero
check input-fifo 2 "^fifo.cl:1:1: error: not analyzed: not a regular file" fifo.cl
check input-too-large 2 "^big.cl:1:1: error: not analyzed: larger than 64 MiB" big.cl
check input-at-limit 2 "^limit.cl:1:1: error: not analyzed: binary file" limit.cl
check stdin-dev-zero 2 "^<stdin>:1:1: error: not analyzed: larger than 64 MiB" \
  --stdin /dev/zero -
check stdin-kernel 0 "^$" --stdin plain.cl --stdin-filename=plain.cl -
exit $status
