#!/bin/sh
# golden.sh CLSYNCLINT DUMP KERNEL EXPECTED
# Compares `clsynclint --dump=DUMP --disable=all KERNEL` (the facts, no findings)
# with the EXPECTED file.
# To refresh after a deliberate change: CLS_UPDATE_GOLDEN=1 ctest -R golden
# (then review the diff before committing it).
bin=$1; dump=$2; kernel=$3; expected=$4
actual=$("$bin" --dump="$dump" --disable=all --format=gcc "$kernel" 2>&1)
if [ -n "$CLS_UPDATE_GOLDEN" ]; then printf '%s\n' "$actual" >"$expected"; exit 0; fi
printf '%s\n' "$actual" | diff -u "$expected" - && exit 0
echo "golden mismatch for $kernel (--dump=$dump)"
exit 1
