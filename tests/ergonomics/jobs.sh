#!/bin/sh
# jobs.sh CLSYNCLINT SRCDIR - --jobs N prints exactly what a serial run prints:
# the same bytes on stdout and stderr (--statistics) and the same exit status,
# in every format, over kernels with findings, clean ones, files that cannot
# be analyzed (empty, binary, compile errors, missing), a Latin-1 comment and, when
# present, the whole corpus.
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 1
inputs="tests/ergonomics/inputs examples tests/cli no-such-file.cl"
fails=0
# same ARGS...: --jobs=2, 3 and 8 print what a serial run prints.
same() {
  "$bin" --statistics "$@" >"$tmp/1.out" 2>"$tmp/1.err"; rc1=$?
  for j in 2 3 8; do
    "$bin" --statistics --jobs=$j "$@" >"$tmp/j.out" 2>"$tmp/j.err"; rcj=$?
    if [ "$rc1" != "$rcj" ] || ! cmp -s "$tmp/1.out" "$tmp/j.out" || ! cmp -s "$tmp/1.err" "$tmp/j.err"; then
      echo "FAIL: $1 --jobs=$j differs from a serial run (exit $rcj vs $rc1):"
      diff "$tmp/1.out" "$tmp/j.out" | head -20
      diff "$tmp/1.err" "$tmp/j.err" | head -20
      fails=$((fails + 1))
    fi
  done
  echo "$1: $(wc -c <"$tmp/1.out") bytes, exit $rc1, same with --jobs=2,3,8"
}
for fmt in text gcc json sarif github; do
  same --format=$fmt $inputs
done
[ -d corpus ] && same --format=json $inputs corpus
# -j N and --jobs N spellings.
"$bin" -j 2 --format=gcc $inputs >"$tmp/a" 2>/dev/null
"$bin" -j2 --format=gcc $inputs >"$tmp/b" 2>/dev/null
"$bin" --jobs 2 --format=gcc $inputs >"$tmp/c" 2>/dev/null
"$bin" --format=gcc $inputs >"$tmp/d" 2>/dev/null
cmp -s "$tmp/a" "$tmp/d" && cmp -s "$tmp/b" "$tmp/d" && cmp -s "$tmp/c" "$tmp/d" ||
  { echo "FAIL: -j 2, -j2, --jobs 2"; fails=$((fails + 1)); }
[ "$fails" = 0 ]
