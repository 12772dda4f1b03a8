#!/bin/sh
# fuzz_regression.sh CLSYNCLINT FILE: must end within 30 s with exit 0, 1 or 2,
# and the file must not be one that the supervisor reports as a worker's
# internal error (a crash costs exit 2 since files are linted in workers) or
# as over the time budget.
out=$(timeout 30 "$1" --format=gcc "$2" 2>&1)
rc=$?
case $rc in
  0|1|2) ;;
  124) echo "timed out on $2"; exit 1 ;;
  *) echo "exit $rc on $2"; exit 1 ;;
esac
case $out in
  *"not analyzed: internal error"*|*"over the time budget"*)
    printf '%s\n' "$out" | grep "not analyzed"; exit 1 ;;
esac
exit 0
